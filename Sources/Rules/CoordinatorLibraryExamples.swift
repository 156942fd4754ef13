import CoordLintCore

/// Apps built on RxFlow and Stinsen (recall issue, shape 13), analysed without the libraries' sources:
/// what the app's own code stores decides, and what the library keeps is left to it (a child flow
/// handed to `Flows.use` and a contributor, a coordinator a `@Route` makes, a router in the environment
/// that holds its coordinator weakly). Examples of `strong_coordinator_reference` and
/// `child_not_retained`.
enum CoordinatorLibraryExamples {
    /// RxFlow: a flow pushing its dashboard, whose view model (the stepper) refers back to the flow by
    /// `field`; a settings flow made in `navigate(to:)` and handed to the library.
    private static func rxFlow(_ field: String) -> String {
        """
        import UIKit
        import RxFlow
        import RxCocoa
        enum AppStep: Step { case dashboard, settings, settingsDone }
        final class DashboardFlow: Flow {
            var root: Presentable { rootViewController }
            private let rootViewController = UINavigationController()
            func navigate(to step: Step) -> FlowContributors {
                guard let step = step as? AppStep else { return .none }
                switch step {
                case .dashboard:
                    let viewModel = DashboardViewModel(flow: self)
                    let controller = DashboardViewController(viewModel: viewModel)
                    rootViewController.pushViewController(controller, animated: false)
                    return .one(flowContributor: .contribute(withNextPresentable: controller, withNextStepper: viewModel))
                case .settings:
                    let flow = SettingsFlow()
                    Flows.use(flow, when: .created) { [unowned self] root in
                        self.rootViewController.present(root, animated: true)
                    }
                    return .one(flowContributor: .contribute(withNextPresentable: flow,
                                                             withNextStepper: OneStepper(withSingleStep: AppStep.settings)))
                case .settingsDone:
                    rootViewController.dismiss(animated: true)
                    return .none
                }
            }
        }
        final class SettingsFlow: Flow {
            var root: Presentable { rootViewController }
            private let rootViewController = UINavigationController()
            func navigate(to step: Step) -> FlowContributors { .end(forwardToParentFlowWithStep: AppStep.settingsDone) }
        }
        final class DashboardViewModel: Stepper {
            let steps = PublishRelay<Step>()
            \(field)
            init(flow: DashboardFlow) { self.flow = flow }
        }
        final class DashboardViewController: UIViewController {
            let viewModel: DashboardViewModel
            init(viewModel: DashboardViewModel) {
                self.viewModel = viewModel
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        """
    }

    /// Stinsen: a navigation coordinator whose routes are method references (`@Route(.push) var
    /// detail = makeDetail`, unapplied: they keep no coordinator) and whose view model refers back by
    /// `field`; the view routes through the router the library puts in the environment.
    private static func stinsen(_ field: String) -> String {
        """
        import SwiftUI
        import Stinsen
        final class HomeCoordinator: NavigationCoordinatable {
            let stack = NavigationStack(initial: \\HomeCoordinator.start)
            @Root var start = makeStart
            @Route(.push) var detail = makeDetail
            @Route(.modal) var settings = makeSettings
            let viewModel = HomeViewModel()
            init() { viewModel.coordinator = self }
            @ViewBuilder func makeStart() -> some View { HomeView(viewModel: viewModel) }
            func makeDetail(id: Int) -> some View { Text("\\(id)") }
            func makeSettings() -> NavigationViewCoordinator<SettingsCoordinator> {
                NavigationViewCoordinator(SettingsCoordinator())
            }
        }
        final class SettingsCoordinator: NavigationCoordinatable {
            let stack = NavigationStack(initial: \\SettingsCoordinator.start)
            @Root var start = makeStart
            @ViewBuilder func makeStart() -> some View { Text("Settings") }
        }
        final class HomeViewModel: ObservableObject {
            \(field)
        }
        struct HomeView: View {
            @EnvironmentObject private var router: HomeCoordinator.Router
            @ObservedObject var viewModel: HomeViewModel
            var body: some View { Button("Detail") { router.route(to: \\.detail, 1) } }
        }
        """
    }

    /// A generic navigation library written in the app (stinsen's shape before its fix): `show` keeps
    /// the child it makes in the stack's entries and hands it `self` as its parent; a child routing
    /// through a stack keeps the parent in the stack (`stackParent`, through the protocol extension's
    /// setter), a wrapper in its own field (`wrapperParent`). The child is typed only by a generic
    /// parameter, whose type a `return` gives.
    private static func genericStack(stackParent: String, wrapperParent: String, add: String = "stack.entries.append(Entry(screen: child))") -> String {
        """
        protocol Routable: AnyObject {
            var parent: Routable? { get set }
        }
        final class Stack {
            \(stackParent)
            var entries: [Entry] = []
        }
        struct Entry {
            let screen: Routable
        }
        protocol StackRouting: Routable {
            var stack: Stack { get }
        }
        extension StackRouting {
            var parent: Routable? {
                get { stack.parent }
                set { stack.parent = newValue }
            }
            @discardableResult func show<Child: Routable>(_ make: () -> Child) -> Child {
                let child = make()
                \(add)
                child.parent = self
                return child
            }
        }
        final class Wrapper<Content: Routable>: Routable {
            \(wrapperParent)
            let content: Content
            init(_ content: Content) { self.content = content }
        }
        final class FeedCoordinator: StackRouting {
            let stack = Stack()
            func openDetail() { show { DetailCoordinator() } }
            func openSettings() { show { Wrapper(DetailCoordinator()) } }
        }
        final class DetailCoordinator: StackRouting {
            let stack = Stack()
        }
        """
    }

    static let strongReferenceTriggering: [Example] = [
        // Each kind of child keeps the parent that keeps it: a stack's child through its stack, a wrapper itself.
        Example(genericStack(stackParent: "↓⟦error: 'Stack.parent' holds⟧var parent: Routable?",
                             wrapperParent: "↓⟦error: 'Wrapper.parent' holds⟧var parent: Routable?")),
        // The stepper keeps its flow, which keeps the stack the stepper's screen is pushed on.
        Example(rxFlow("↓⟦error: 'DashboardViewModel.flow' holds 'DashboardFlow' strongly, and 'DashboardFlow' owns 'DashboardViewController' through 'rootViewController' (pushViewController at Example.swift:14)⟧let flow: DashboardFlow")),
        // The coordinator keeps its view model, which keeps the coordinator.
        Example(stinsen("↓⟦error: 'HomeViewModel.coordinator' holds 'HomeCoordinator' strongly, and 'HomeCoordinator' owns 'HomeViewModel' through 'viewModel' (assigned at Example.swift:8); declare it 'weak var coordinator'⟧var coordinator: HomeCoordinator?")),
    ]

    static let strongReferenceNonTriggering: [Example] = [
        Example(rxFlow("weak var flow: DashboardFlow?")),
        Example(stinsen("weak var coordinator: HomeCoordinator?")),
        Example(genericStack(stackParent: "weak var parent: Routable?", wrapperParent: "weak var parent: Routable?")),
        // The child is not kept by the parent: its parent reference closes no cycle.
        Example(genericStack(stackParent: "var parent: Routable?", wrapperParent: "var parent: Routable?",
                             add: "_ = stack.entries.count")),
    ]

    /// The settings flow made in `navigate(to:)` is the library's to keep (it coordinates each flow it is
    /// handed), as are the coordinators a `@Route` makes: no child left unretained.
    static var unretainedChildNonTriggering: [Example] { strongReferenceNonTriggering }
}

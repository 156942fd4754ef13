import Analysis
import CoordLintCore

/// A view controller, view model, view or child coordinator that holds a coordinator strongly.
public struct StrongCoordinatorReferenceRule: AnalysisRule {
    public init() {}

    /// element-x's start chat sheet: the stack made for it keeps the screen's coordinator as its root
    /// (through a setter that takes nil to reset), and the coordinator's parameters hold the stack by
    /// `field`.
    private static func startChat(_ field: String, flow: String = """
            func presentStartChat() {
                let stack = NavigationStackCoordinator()
                let coordinator = StartChatCoordinator(parameters: StartChatParameters(navigationStackCoordinator: stack))
                stack.setRootCoordinator(coordinator)
            }
        """) -> String {
        """
        import SwiftUI
        protocol CoordinatorProtocol: AnyObject { func start() }
        final class NavigationModule {
            var coordinator: (any CoordinatorProtocol)?
            init(_ coordinator: any CoordinatorProtocol) { self.coordinator = coordinator }
        }
        final class NavigationStackCoordinator: ObservableObject, CoordinatorProtocol {
            @Published private(set) var rootModule: NavigationModule?
            func start() {}
            func setRootCoordinator(_ coordinator: (any CoordinatorProtocol)?, animated: Bool = true) {
                guard let coordinator else {
                    rootModule = nil
                    return
                }
                var transaction = Transaction()
                transaction.disablesAnimations = !animated
                withTransaction(transaction) {
                    rootModule = NavigationModule(coordinator)
                }
            }
        }
        struct StartChatParameters {
            \(field)
        }
        final class StartChatCoordinator: CoordinatorProtocol {
            private let parameters: StartChatParameters
            init(parameters: StartChatParameters) { self.parameters = parameters }
            func start() {}
        }
        final class UserSessionFlowCoordinator {
            private let detailStack = NavigationStackCoordinator()
            private var sheetStack: NavigationStackCoordinator?
        \(flow)
        }
        """
    }

    /// Children typed only by the coordinator protocol: the protocol extension's `coordinate(to:)` keeps
    /// the child it is given and hands it `self`; the login coordinator keeps its parent by `field`.
    private static func protocolChildren(_ field: String) -> String {
        """
        protocol Coordinator: AnyObject {
            var parentCoordinator: Coordinator? { get set }
            var childCoordinators: [Coordinator] { get set }
            func start()
        }
        extension Coordinator {
            func coordinate(to child: Coordinator) {
                childCoordinators.append(child)
                child.parentCoordinator = self
                child.start()
            }
        }
        final class AppCoordinator: Coordinator {
            weak var parentCoordinator: Coordinator?
            var childCoordinators: [Coordinator] = []
            func start() { coordinate(to: LoginCoordinator()) }
        }
        final class LoginCoordinator: Coordinator {
            \(field)
            var childCoordinators: [Coordinator] = []
            func start() {}
        }
        """
    }

    /// The invite sheet: the indicator wrapping the sheet's own stack travels in an enum case's
    /// associated value (`target` is the case the presenting function builds) into the view model.
    private static func inviteScreen(_ payload: String, target: String) -> String {
        """
        protocol CoordinatorProtocol: AnyObject { func start() }
        protocol IndicatorPresenting: CoordinatorProtocol { func submit(_ text: String) }
        final class StackCoordinator: CoordinatorProtocol {
            private(set) var rootModule: CoordinatorProtocol?
            func setRootCoordinator(_ coordinator: CoordinatorProtocol) { rootModule = coordinator }
            func start() {}
        }
        final class IndicatorController: IndicatorPresenting {
            private let rootCoordinator: CoordinatorProtocol
            init(rootCoordinator: CoordinatorProtocol) { self.rootCoordinator = rootCoordinator }
            func submit(_ text: String) {}
            func start() {}
        }
        enum InviteTarget {
            case draft
            case room(members: [String]\(payload))
        }
        struct InviteParameters {
            let target: InviteTarget
        }
        final class InviteViewModel {
            private let target: InviteTarget
            init(target: InviteTarget) { self.target = target }
        }
        final class InviteCoordinator: CoordinatorProtocol {
            private let viewModel: InviteViewModel
            init(parameters: InviteParameters) { viewModel = InviteViewModel(target: parameters.target) }
            func start() {}
        }
        final class DetailsCoordinator {
            func presentInvite(members: [String]) {
                let stack = StackCoordinator()
                let indicatorController = IndicatorController(rootCoordinator: stack)
                let coordinator = InviteCoordinator(parameters: InviteParameters(target: \(target)))
                stack.setRootCoordinator(coordinator)
            }
        }
        """
    }

    /// XCoordinator (its source not in the project): the coordinator keeps the view model it makes,
    /// handing it one of its router abstractions (`router` is the declared type, `given` the member).
    private static func routerViewModel(_ field: String, given: String, base: String = "NavigationCoordinator<HomeRoute>") -> String {
        """
        import UIKit
        import XCoordinator
        enum HomeRoute: Route { case home, settings }
        final class HomeViewModel {
            \(field)
            init(router: \(field.contains("Strong") ? "StrongRouter" : "UnownedRouter")<HomeRoute>) { self.router = router }
            func settingsTapped() { router.trigger(.settings) }
        }
        final class HomeViewController: UIViewController {
            let viewModel: HomeViewModel
            init(viewModel: HomeViewModel) {
                self.viewModel = viewModel
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { nil }
        }
        final class HomeCoordinator: \(base) {
            private var viewModel: HomeViewModel?
            init() { super.init(initialRoute: .home) }
            override func prepareTransition(for route: HomeRoute) -> NavigationTransition {
                switch route {
                case .home:
                    let viewModel = HomeViewModel(router: \(given))
                    self.viewModel = viewModel
                    return .push(HomeViewController(viewModel: viewModel))
                case .settings:
                    return .push(UIViewController())
                }
            }
        }
        """
    }

    /// A view model keeps the indicator it reads from its screen's parameters struct (a protocol-typed
    /// field); the presenting function puts there the indicator wrapping the sheet's own stack.
    private static func editScreen(_ field: String) -> String {
        """
        protocol CoordinatorProtocol: AnyObject { func start() }
        protocol IndicatorPresenting: AnyObject { func show() }
        final class NavigationStack: CoordinatorProtocol {
            private(set) var root: (any CoordinatorProtocol)?
            func start() {}
            func setRoot(_ coordinator: any CoordinatorProtocol) { root = coordinator }
        }
        final class IndicatorController: CoordinatorProtocol, IndicatorPresenting {
            let rootCoordinator: NavigationStack
            init(rootCoordinator: NavigationStack) { self.rootCoordinator = rootCoordinator }
            func start() {}
            func show() {}
        }
        struct EditParameters {
            weak var indicator: IndicatorPresenting?
        }
        final class EditViewModel {
            \(field)
            init(indicator: IndicatorPresenting?) { self.indicator = indicator }
        }
        final class EditCoordinator: CoordinatorProtocol {
            private let viewModel: EditViewModel
            init(parameters: EditParameters) { viewModel = EditViewModel(indicator: parameters.indicator) }
            func start() {}
        }
        final class DetailsCoordinator {
            func presentEdit() {
                let stack = NavigationStack()
                let indicator = IndicatorController(rootCoordinator: stack)
                let coordinator = EditCoordinator(parameters: EditParameters(indicator: indicator))
                stack.setRoot(coordinator)
            }
        }
        """
    }

    /// cryptomator's account coordinators: an extension of `Coordinator` for those that are also
    /// `ShowEditBehavior` adds an edit flow as a child; `editors` is what the two edit flows conform to.
    private static func editFlows(editors: String, s3Storage: String = "var childCoordinators: [Coordinator] = []") -> String {
        """
        import UIKit
        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            var navigationController: UINavigationController { get }
        }
        protocol ShowEditBehavior {}
        extension Coordinator where Self: ShowEditBehavior {
            func showS3Edit() {
                let child = S3EditCoordinator(navigationController: UINavigationController())
                childCoordinators.append(child)
            }
            func showWebDAVEdit() {
                let child = WebDAVEditCoordinator(navigationController: UINavigationController())
                childCoordinators.append(child)
            }
        }
        final class AccountListCoordinator: Coordinator, ShowEditBehavior {
            var childCoordinators: [Coordinator] = []
            let navigationController = UINavigationController()
        }
        final class S3EditCoordinator: Coordinator\(editors) {
            \(s3Storage)
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
        }
        final class WebDAVEditCoordinator: Coordinator\(editors) {
            var childCoordinators: [Coordinator] = []
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
        }
        """
    }

    public static let description = RuleDescription(
        identifier: "strong_coordinator_reference",
        name: "Strong Coordinator Reference",
        summary: "A view controller, view model, view or child coordinator holds a coordinator strongly, and the coordinator owns it",
        rationale: """
            A coordinator owns the screens it shows (through its navigation controller) and its child \
            coordinators. When one of them holds the coordinator strongly in return, neither is ever \
            released. Declare the back-reference 'weak var coordinator' (or 'weak var parentCoordinator').
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            // Edit flows that are themselves `ShowEditBehavior` run the extension's adds: each can keep the other.
            Example(editFlows(editors: ", ShowEditBehavior",
                              s3Storage: "↓⟦error: 'S3EditCoordinator.childCoordinators' holds 'WebDAVEditCoordinator' strongly⟧var childCoordinators: [Coordinator] = []")),
            // A coordinator made as a local, started and dropped: the screen's strong reference is its only owner, on
            // purpose, so the advice never weakens it (corona-warn-app `BottomErrorReportViewController.swift:99`,
            // advice read WRONG).
            Example("""
                import UIKit
                final class ErrorReportsCoordinator {
                    private weak var rootViewController: UIViewController?
                    private var loggingViewController: LoggingViewController?
                    init(rootViewController: UIViewController) { self.rootViewController = rootViewController }
                    func start() {
                        let screen = LoggingViewController(coordinator: self)
                        loggingViewController = screen
                        rootViewController?.navigationController?.pushViewController(screen, animated: true)
                    }
                }
                final class LoggingViewController: UIViewController {
                    ↓⟦error: 'LoggingViewController.coordinator' holds 'ErrorReportsCoordinator' strongly, and 'ErrorReportsCoordinator' owns 'LoggingViewController' through 'loggingViewController' (assigned at Example.swift:8); nothing else keeps 'ErrorReportsCoordinator' (it is started and dropped), so a weak reference here would free it at once: let go of 'LoggingViewController' in 'ErrorReportsCoordinator.loggingViewController' instead, or keep 'ErrorReportsCoordinator' in the object that starts it$⟧let coordinator: ErrorReportsCoordinator
                    init(coordinator: ErrorReportsCoordinator) { self.coordinator = coordinator; super.init(nibName: nil, bundle: nil) }
                    required init?(coder: NSCoder) { fatalError() }
                }
                final class AppInformationViewController: UIViewController {
                    func showErrorReports() {
                        let coordinator = ErrorReportsCoordinator(rootViewController: self)
                        coordinator.start()
                    }
                }
                """),
            // A feature module's coordinator protocol and the app's class of the same name, which conforms to it:
            // the property may hold the protocol's existential, which 'weak' takes only once the protocol is
            // class-bound, so the advice says so and no fix-it is offered (CleanArchitectureRxSwift
            // `MovieDetailViewModel.swift:41`, advice read WRONG).
            Example([
                "Features/Movies/MoviesCoordinator.swift": """
                    public protocol MoviesCoordinator {
                        func showDetail(for id: Int)
                    }
                    public final class MovieDetailViewModel {
                        private ↓⟦error: declare it 'weak var coordinator: MoviesCoordinator?' and make 'MoviesCoordinator' class-bound (': AnyObject'), unwrapping its uses$⟧let coordinator: MoviesCoordinator
                        public init(id: Int, coordinator: MoviesCoordinator) { self.coordinator = coordinator }
                    }
                    """,
                "App/Navigation/MoviesNavigation.swift": """
                    import Movies
                    final class MoviesCoordinator: Movies.MoviesCoordinator {
                        var routes: [MovieDetailViewModel] = []
                        func showDetail(for id: Int) {
                            routes.append(MovieDetailViewModel(id: id, coordinator: self))
                        }
                    }
                    """,
            ]),
            // One function makes the sheet's stack, hands that very stack to its root's parameters and
            // makes the root (the reference inside the parameters struct is the one to weaken). The setter
            // lets go of the root only when given nil, and no call gives this stack nil: no way out
            // (element-x start chat, settings).
            Example(startChat("↓⟦error: 'StartChatParameters.navigationStackCoordinator' holds 'NavigationStackCoordinator' strongly⟧let navigationStackCoordinator: NavigationStackCoordinator")),
            // Another stack is given nil: a property only ever holding the stack its initial value made
            // is never this sheet's stack.
            Example(startChat("↓⟦error: 'StartChatParameters.navigationStackCoordinator' holds 'NavigationStackCoordinator' strongly⟧let navigationStackCoordinator: NavigationStackCoordinator", flow: """
                    func presentStartChat() {
                        let stack = NavigationStackCoordinator()
                        let coordinator = StartChatCoordinator(parameters: StartChatParameters(navigationStackCoordinator: stack))
                        stack.setRootCoordinator(coordinator)
                    }
                    func closeDetail() { detailStack.setRootCoordinator(nil) }
                """)),
            // The sheet's stack is kept in a property that a method gives nil: that is the way out (a note
            // naming the setter).
            Example(startChat("↓⟦note: 'StartChatParameters.navigationStackCoordinator' holds 'NavigationStackCoordinator' strongly⟧let navigationStackCoordinator: NavigationStackCoordinator", flow: """
                    func presentStartChat() {
                        let stack = NavigationStackCoordinator()
                        let coordinator = StartChatCoordinator(parameters: StartChatParameters(navigationStackCoordinator: stack))
                        stack.setRootCoordinator(coordinator)
                        sheetStack = stack
                    }
                    func dismissSheet() { sheetStack?.setRootCoordinator(nil) }
                """)),
            // The root's own code gives nil to the stack it reaches through its parameters: that is this
            // very stack (a property holding what it was handed), so the setter's clearing is a way out.
            Example(startChat("↓⟦note: 'StartChatParameters.navigationStackCoordinator' holds 'NavigationStackCoordinator' strongly⟧let navigationStackCoordinator: NavigationStackCoordinator", flow: """
                    func presentStartChat() {
                        let stack = NavigationStackCoordinator()
                        let coordinator = StartChatCoordinator(parameters: StartChatParameters(navigationStackCoordinator: stack))
                        stack.setRootCoordinator(coordinator)
                    }
                }
                extension StartChatCoordinator {
                    func close() { parameters.navigationStackCoordinator.setRootCoordinator(nil) }
                """)),
            // What a protocol-typed field of a struct holds is what code stores there: the view model
            // keeps the indicator controller the presenting function wrapped around the sheet's stack
            // (element-x room details edit).
            Example(editScreen("↓⟦error: 'EditViewModel.indicator' holds 'IndicatorController' strongly⟧let indicator: IndicatorPresenting?")),
            // The same reference made in two places, once to an object created there: the notice controller
            // the login screen makes is the only owner of the sheet's stack it creates, so that reference is
            // never the one to weaken, whichever store comes first (element-x server selection, 8c86bf9acb).
            Example("""
                protocol CoordinatorProtocol: AnyObject { func start() }
                final class NavigationController: CoordinatorProtocol {
                    private var internalRootCoordinator: CoordinatorProtocol?
                    func start() {}
                    func setRootCoordinator(_ coordinator: CoordinatorProtocol?) { internalRootCoordinator = coordinator }
                }
                final class SheetPresenter {
                    private var sheet: CoordinatorProtocol?
                    func presentSheet(_ coordinator: CoordinatorProtocol) { sheet = coordinator }
                    func dismissSheet() { sheet = nil }
                }
                final class NoticeController: CoordinatorProtocol {
                    private let rootCoordinator: CoordinatorProtocol
                    init(rootCoordinator: CoordinatorProtocol) { self.rootCoordinator = rootCoordinator }
                    func start() {}
                }
                final class AppCoordinator {
                    let navigationController = NavigationController()
                    var notices: NoticeController?
                    func start() {
                        notices = NoticeController(rootCoordinator: navigationController)
                    }
                }
                struct ServerSelectionParameters {
                    ↓⟦error: 'ServerSelectionParameters.noticeController' holds 'NoticeController' strongly, and 'NoticeController' owns 'NavigationController' through 'rootCoordinator' (assigned at Example.swift:36)⟧let noticeController: NoticeController
                }
                final class ServerSelectionCoordinator: CoordinatorProtocol {
                    private let parameters: ServerSelectionParameters
                    init(parameters: ServerSelectionParameters) { self.parameters = parameters }
                    func start() {}
                }
                final class LoginCoordinator {
                    let presenter = SheetPresenter()
                    func presentServerSelection() {
                        let selectionNavigationController = NavigationController()
                        let noticeController = NoticeController(rootCoordinator: selectionNavigationController)
                        let parameters = ServerSelectionParameters(noticeController: noticeController)
                        let coordinator = ServerSelectionCoordinator(parameters: parameters)
                        selectionNavigationController.setRootCoordinator(coordinator)
                        presenter.presentSheet(noticeController)
                    }
                    func finish() { presenter.dismissSheet() }
                }
                """),
            // An enum value keeps its associated values: the view model keeps the case that carries
            // the indicator wrapping the sheet's stack (element-x invite users); no fix-it, as an
            // associated value cannot be weak. Built with the type's name, the same.
            Example(inviteScreen(", ↓⟦error: 'InviteTarget.room.indicatorController' holds 'IndicatorController' strongly, and 'IndicatorController' owns 'StackCoordinator' through 'rootCoordinator'⟧indicatorController: IndicatorPresenting",
                                 target: ".room(members: members, indicatorController: indicatorController)")),
            Example(inviteScreen(", ↓⟦error: 'InviteViewModel' owns 'InviteTarget' through 'target' (assigned at Example.swift:23); an associated value cannot be weak⟧indicatorController: IndicatorPresenting",
                                 target: "InviteTarget.room(members: members, indicatorController: indicatorController)")),
            // XCoordinator as data: a coordinator's `strongRouter` keeps the coordinator; the view
            // model the coordinator keeps holds it (the library's advice: `UnownedRouter` in view models).
            Example(routerViewModel("↓⟦error: 'HomeViewModel.router' holds 'HomeCoordinator' strongly, and 'HomeCoordinator' owns 'HomeViewModel' through 'viewModel' (assigned at Example.swift:24); hold an 'UnownedRouter' ('unownedRouter') instead of 'StrongRouter'⟧let router: StrongRouter<HomeRoute>",
                                    given: "strongRouter")),
            // Objective-C: the same rule, from libclang's facts.
            Example([
                "MainCoordinator.h": """
                    #import <UIKit/UIKit.h>
                    @interface MainCoordinator : NSObject
                    @property (nonatomic, strong) UINavigationController *navigationController;
                    - (void)start;
                    @end
                    """,
                "MainCoordinator.m": """
                    #import "MainCoordinator.h"
                    #import "BuyViewController.h"
                    @implementation MainCoordinator
                    - (void)start {
                        BuyViewController *vc = [[BuyViewController alloc] init];
                        vc.coordinator = self;
                        [self.navigationController pushViewController:vc animated:YES];
                    }
                    @end
                    """,
                "BuyViewController.h": """
                    #import <UIKit/UIKit.h>
                    @class MainCoordinator;
                    @interface BuyViewController : UIViewController
                    ↓⟦error: 'BuyViewController.coordinator' holds 'MainCoordinator' strongly⟧@property (nonatomic, strong) MainCoordinator *coordinator;
                    @end
                    """,
            ]),
            // The Hacking with Swift leak: the pushed view controller keeps its coordinator.
            Example([
                "MainCoordinator.swift": """
                    class MainCoordinator: Coordinator {
                        var childCoordinators = [Coordinator]()
                        var navigationController: UINavigationController
                        init(navigationController: UINavigationController) { self.navigationController = navigationController }
                        func start() {
                            let vc = BuyViewController.instantiate()
                            vc.coordinator = self
                            navigationController.pushViewController(vc, animated: true)
                        }
                    }
                    """,
                "BuyViewController.swift": """
                    class BuyViewController: UIViewController, Storyboarded {
                        ↓⟦error: 'BuyViewController.coordinator' holds 'MainCoordinator' strongly⟧var coordinator: MainCoordinator?
                    }
                    """,
            ]),
            // A child coordinator that keeps its parent, which keeps it in childCoordinators.
            Example("""
                class AppCoordinator {
                    var childCoordinators: [ChildCoordinator] = []
                    func showChild() {
                        let child = ChildCoordinator()
                        child.parentCoordinator = self
                        childCoordinators.append(child)
                    }
                }
                class ChildCoordinator {
                    ↓⟦error: 'ChildCoordinator.parentCoordinator' holds 'AppCoordinator' strongly⟧var parentCoordinator: AppCoordinator?
                }
                """),
            // The same with the child typed by the protocol: whichever class it is, it is kept by the
            // parent's collection and keeps the parent in its own field.
            Example(protocolChildren("↓⟦error: 'LoginCoordinator.parentCoordinator' holds 'AppCoordinator' strongly, and 'AppCoordinator' owns 'Coordinator.coordinate(to:).child' through its 'childCoordinators' collection⟧var parentCoordinator: Coordinator?")),
            // A navigation stack keeping its root in a project struct named as XCoordinator's wrapper: that
            // property cannot be weak (a struct), and the library's 'UnownedRouter' is not the project's. The
            // screen's parameters struct holding the notification controller is the reference to weaken
            // (element-x's sheet stacks).
            Example("""
                protocol CoordinatorProtocol: AnyObject { func start() }
                final class NavigationController: CoordinatorProtocol {
                    private var root: AnyCoordinator?
                    func start() {}
                    func setRootCoordinator(_ coordinator: CoordinatorProtocol) { root = AnyCoordinator(coordinator) }
                }
                private struct AnyCoordinator {
                    let coordinator: CoordinatorProtocol
                    init(_ coordinator: CoordinatorProtocol) { self.coordinator = coordinator }
                }
                final class NotificationController: CoordinatorProtocol {
                    let rootCoordinator: CoordinatorProtocol
                    init(rootCoordinator: CoordinatorProtocol) { self.rootCoordinator = rootCoordinator }
                    func start() {}
                }
                struct ServerParameters {
                    ↓⟦error: owns 'ServerParameters' through 'parameters' (assigned at Example.swift:28); declare it 'weak var notificationController: NotificationController?', unwrapping its uses$⟧let notificationController: NotificationController
                }
                final class ServerCoordinator: CoordinatorProtocol {
                    private let parameters: ServerParameters
                    init(parameters: ServerParameters) { self.parameters = parameters }
                    func start() {}
                }
                final class LoginCoordinator {
                    func presentServerSelection() {
                        let stack = NavigationController()
                        let notifications = NotificationController(rootCoordinator: stack)
                        let coordinator = ServerCoordinator(parameters: ServerParameters(notificationController: notifications))
                        stack.setRootCoordinator(coordinator)
                    }
                }
                """),
            // The presenting stack keeps the sheet's notification controller, which keeps the sheet's own stack:
            // two stacks, not one (the sheet's is made in the function and handed to the controller only), so
            // no cycle through 'sheet'; the parameters' reference closes one (element-x's sheet stacks).
            Example("""
                protocol CoordinatorProtocol { func start() }
                final class NavigationController: CoordinatorProtocol {
                    private var root: CoordinatorProtocol?
                    private var sheet: CoordinatorProtocol?
                    func start() {}
                    func setRootCoordinator(_ coordinator: CoordinatorProtocol) { root = coordinator }
                    func presentSheet(_ coordinator: CoordinatorProtocol) { sheet = coordinator }
                }
                final class NotificationController: CoordinatorProtocol {
                    let rootCoordinator: CoordinatorProtocol
                    init(rootCoordinator: CoordinatorProtocol) { self.rootCoordinator = rootCoordinator }
                    func start() {}
                }
                struct SettingsParameters {
                    ↓⟦error: 'SettingsParameters.notifications' holds 'NotificationController' strongly⟧let notifications: NotificationController
                }
                final class SettingsCoordinator: CoordinatorProtocol {
                    private let parameters: SettingsParameters
                    init(parameters: SettingsParameters) { self.parameters = parameters }
                    func start() {}
                }
                final class SessionFlow {
                    let navigationController = NavigationController()
                    func presentSettingsSheet() {
                        let stack = NavigationController()
                        let notifications = NotificationController(rootCoordinator: stack)
                        let coordinator = SettingsCoordinator(parameters: SettingsParameters(notifications: notifications))
                        stack.setRootCoordinator(coordinator)
                        navigationController.presentSheet(notifications)
                    }
                }
                """),
        ] + SwiftUICoordinatorExamples.strongReferenceTriggering + CoordinatorLibraryExamples.strongReferenceTriggering
            + AssociatedObjectExamples.strongReferenceTriggering + CompanionCycleExamples.strongReferenceTriggering,
        nonTriggeringExamples: [
            // The extension's adds are only its `ShowEditBehavior` conformers' (cryptomator `S3Authenticator+VC.swift:63`,
            // read FALSE: every `Coordinator` was taken to add both edit flows, so each kept the other).
            Example(editFlows(editors: "")),
            // The parameters hold the long-lived stack the flow made where its `let` is declared, and the root is
            // another, new stack's: different objects of the same types, which the stores' sites tell apart (it was
            // a note naming the setter's clearing before `let` properties' sites were read).
            Example(startChat("let navigationStackCoordinator: NavigationStackCoordinator", flow: """
                    func presentStartChat() {
                        let coordinator = StartChatCoordinator(parameters: StartChatParameters(navigationStackCoordinator: detailStack))
                        let stack = NavigationStackCoordinator()
                        stack.setRootCoordinator(coordinator)
                    }
                """)),
            // A helper adds the child to the coordinator its caller hands in, typed by the protocol: which
            // coordinator keeps the child is the callers' to say, not every coordinator's (AlphaWallet
            // `ServersCoordinator.swift:28`, six findings read FALSE: the helpers' callers pass others).
            Example("""
                import UIKit
                protocol Coordinator: AnyObject { var coordinators: [Coordinator] { get set } }
                extension Coordinator {
                    func addCoordinator(_ coordinator: Coordinator) { coordinators.append(coordinator) }
                }
                final class AuthRequestCoordinator: Coordinator {
                    var coordinators: [Coordinator] = []
                    func showServers() { addCoordinator(ServersCoordinator()) }
                }
                final class ServersCoordinator: Coordinator {
                    var coordinators: [Coordinator] = []
                }
                enum AuthRequestBridge {
                    static func start(coordinator: Coordinator) { coordinator.addCoordinator(AuthRequestCoordinator()) }
                }
                """),
            Example(startChat("weak var navigationStackCoordinator: NavigationStackCoordinator?")),
            Example(editScreen("weak var indicator: IndicatorPresenting?")),
            Example(protocolChildren("weak var parentCoordinator: Coordinator?")),
            // XCoordinator: `unownedRouter` keeps nothing; nor does `strongRouter` of a class that is no
            // XCoordinator coordinator.
            Example(routerViewModel("let router: UnownedRouter<HomeRoute>", given: "unownedRouter")),
            Example(routerViewModel("let router: StrongRouter<HomeRoute>", given: "strongRouter", base: "HomeBase")),
            // The case carries no indicator (element-x's fix keeps it weakly in the view model).
            Example(inviteScreen("", target: ".room(members: members)")),
            // A case the code never builds with the indicator: an enum's declared payload alone holds nothing.
            Example(inviteScreen(", indicatorController: IndicatorPresenting", target: ".draft")),
            // No cycle is visible: a view model holding a router strongly is not a leak by itself.
            Example("""
                protocol ProfileRouting: AnyObject { func showSettings() }
                final class ProfileViewModel {
                    let router: ProfileRouting
                    init(router: ProfileRouting) { self.router = router }
                }
                """),
            // An app-wide service that merely conforms to a protocol named '*Coordinator', held by view
            // models: it holds nothing back.
            Example("""
                protocol ToastCoordinator: AnyObject { func show(_ text: String) }
                final class ToastController: ToastCoordinator {
                    static let shared = ToastController()
                    func show(_ text: String) {}
                }
                final class FeedViewModel {
                    let toast: ToastCoordinator
                    init(toast: ToastCoordinator) { self.toast = toast }
                }
                final class FeedViewController: UIViewController {
                    let viewModel = FeedViewModel(toast: ToastController.shared)
                }
                """),
            // A bridge that is the only owner of its coordinator, whose delegate back to it is weak: no cycle,
            // and 'weak var coordinator' here would free the coordinator right after it starts.
            Example("""
                protocol ShareCoordinatorDelegate: AnyObject { func shareDidFinish() }
                final class ShareCoordinator {
                    weak var delegate: ShareCoordinatorDelegate?
                    func start() {}
                }
                final class ShareBridge: ShareCoordinatorDelegate {
                    var coordinator: ShareCoordinator?
                    func present() {
                        let coordinator = ShareCoordinator()
                        coordinator.delegate = self
                        self.coordinator = coordinator
                        coordinator.start()
                    }
                    func shareDidFinish() { coordinator = nil }
                }
                """),
            // Weak back-reference: the Hacking with Swift fix.
            Example("""
                class MainCoordinator { var navigationController = UINavigationController()
                    func start() { let vc = ViewController(); vc.coordinator = self; navigationController.pushViewController(vc, animated: false) } }
                class ViewController: UIViewController { weak var coordinator: MainCoordinator? }
                """),
            // A coordinator owning its child is the forward direction.
            Example("""
                class AppCoordinator { var child: LoginCoordinator?
                    func start() { let c = LoginCoordinator(); child = c } }
                class LoginCoordinator { }
                """),
            // The app delegate owns the root coordinator.
            Example("""
                class AppDelegate: UIResponder, UIApplicationDelegate { var coordinator: MainCoordinator? }
                class MainCoordinator { }
                """),
            // unowned is not strong.
            Example("""
                class DetailViewController: UIViewController { unowned let coordinator: MainCoordinator
                    init(coordinator: MainCoordinator) { self.coordinator = coordinator } }
                class MainCoordinator { }
                """),
        ] + SwiftUICoordinatorExamples.strongReferenceNonTriggering + CoordinatorLibraryExamples.strongReferenceNonTriggering
            + AssociatedObjectExamples.strongReferenceNonTriggering
    )

    public func check(_ program: Program) -> [Finding] {
        var findings: [Finding] = []
        var reported: Set<SourceLocation> = []
        for cycle in program.cycles where cycle.role == .coordinatorReference {
            guard let property = cycle.anchor.declaration, case .property(let owner, _, _) = cycle.anchor.origin,
                  reported.insert(property.location).inserted else { continue }
            // Started and dropped: this reference is the coordinator's only owner, so it never becomes weak.
            let soleOwner = program.selfKeptTypes.contains(cycle.anchor.to)
            findings.append(finding(
                soleOwner ? Message.keepsSoleOwner(owner: owner, property: property, cycle: cycle, in: program)
                    : Message.cycle(owner: owner, property: property, cycle: cycle, in: program),
                at: property.location, subject: "\(owner).\(property.name)", cycle: cycle, in: program,
                fixes: soleOwner ? [] : [PropertyFix.makeWeak(property, owner: owner, in: program, anchor: cycle.anchor)]))
        }
        return findings
    }

    private enum Message {
        static func cycle(owner: String, property: PropertyFact, cycle: Cycle, in program: Program) -> String {
            CycleWording.reference(owner: owner, property: property) + " holds \(program.name(cycle.anchor.to)) strongly"
                + CycleWording.andPath(cycle, in: program) + "; " + Advice.declareWeak(property, owner: owner, in: program)
                + CycleWording.moreSuffix(cycle)
        }

        /// The coordinator is made, started and dropped: the reference back to it is what keeps it, so the
        /// coordinator's own reference of the cycle is the one to let go of.
        static func keepsSoleOwner(owner: String, property: PropertyFact, cycle: Cycle, in program: Program) -> String {
            let coordinator = cycle.anchor.to
            let ownReference = cycle.edges.dropFirst().first { edge in
                if case .property = edge.origin { return edge.from == coordinator }
                return false
            }
            let instead = ownReference.flatMap { edge -> String? in
                guard case .property(let holder, let name, _) = edge.origin else { return nil }
                return "let go of '\(edge.to)' in '\(holder).\(name)' instead, or "
            } ?? ""
            return CycleWording.reference(owner: owner, property: property) + " holds \(program.name(coordinator)) strongly"
                + CycleWording.andPath(cycle, in: program) + "; nothing else keeps '\(coordinator)' (it is started and "
                + "dropped), so a weak reference here would free it at once: \(instead)keep '\(coordinator)' in the object "
                + "that starts it" + CycleWording.moreSuffix(cycle)
        }
    }
}

import Analysis
import CoordLintCore

/// A coordinator adds children to a child collection and nothing removes from it, or keeps a child that
/// dismisses its screens in a single property that nothing sets back to nil.
public struct ChildNeverRemovedRule: AnalysisRule {
    public init() {}

    /// RIBs (the library's source is not in the project): the root router attaches the home router it
    /// builds; `leave` is what its way back does.
    private static func ribsRoot(attach: String = "attachChild(home)", leave: String) -> String {
        """
        import RIBs
        protocol RootInteractable: Interactable, HomeListener {}
        final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable>, RootRouting {
            private let homeBuilder: HomeBuildable
            private var home: ViewableRouting?
            init(interactor: RootInteractable, viewController: RootViewControllable, homeBuilder: HomeBuildable) {
                self.homeBuilder = homeBuilder
                super.init(interactor: interactor, viewController: viewController)
            }
            func routeToHome() {
                let home = homeBuilder.build(withListener: interactor)
                self.home = home
                \(attach)
                viewController.present(viewController: home.viewControllable)
            }
            func routeAwayFromHome() {
                guard let home else { return }
                viewController.dismiss(viewController: home.viewControllable)
                \(leave)
            }
        }
        """
    }

    public static let description = RuleDescription(
        identifier: "child_never_removed",
        name: "Child Never Removed",
        summary: "Child coordinators are added to a child collection that nothing ever removes from, or kept after they dismiss",
        rationale: """
            A child coordinator kept in 'childCoordinators' after its flow ends stays alive with \
            everything it owns: its view controllers, view models and subscriptions. Remove the child \
            when it finishes (a delegate call or a completion closure) and when the user navigates back.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            // RIBs: a router keeps what `attachChild(_:)` is given until `detachChild(_:)`; dismissing
            // the child's screen does not detach it.
            Example(ribsRoot(attach: "↓⟦warning: 'RootRouter' adds a child coordinator to its children (through 'attachChild(_:)'), and nothing anywhere removes from its children: the child, and every view controller it owns, stays alive after its flow ends; call 'detachChild(_:)' when its flow ends⟧attachChild(home)", leave: "")),
            // A start re-entered on each deep link appends a fresh child every time (recall issue, shape 11).
            Example(tabsRoot("""
                    func start() { showTabs() }
                    func handle(deepLink: URL) { showTabs() }
                    private func showTabs() {
                        let tabs = TabsCoordinator()
                        ↓⟦warning: 'AppCoordinator' adds 'TabsCoordinator' to its child collection 'childCoordinators', and nothing anywhere removes from 'childCoordinators'⟧childCoordinators.append(tabs)
                        tabs.start()
                    }
                """)),
            // Objective-C: an NSMutableArray of children.
            Example([
                "AppCoordinator.m": """
                    #import <UIKit/UIKit.h>
                    @interface LoginCoordinator : NSObject
                    - (void)start;
                    @end
                    @interface AppCoordinator : NSObject
                    @property (nonatomic, strong) NSMutableArray<LoginCoordinator *> *childCoordinators;
                    @end
                    @implementation AppCoordinator
                    - (void)start {
                        LoginCoordinator *login = [[LoginCoordinator alloc] init];
                        ↓⟦warning: 'AppCoordinator' adds 'LoginCoordinator' to its child collection 'childCoordinators'⟧[self.childCoordinators addObject:login];
                        [login start];
                    }
                    @end
                    """,
            ]),
            // Khanlou's AppCoordinator: the login child is never removed.
            Example("""
                class AppCoordinator {
                    var childCoordinators: [Coordinator] = []
                    func start() {
                        let loginCoordinator = LoginCoordinator()
                        ↓⟦warning: 'AppCoordinator' adds 'LoginCoordinator' to its child collection 'childCoordinators'⟧childCoordinators.append(loginCoordinator)
                        loginCoordinator.start()
                    }
                }
                protocol Coordinator: AnyObject { func start() }
                class LoginCoordinator: Coordinator { func start() {} }
                """),
            // Added through a helper in a protocol extension; a dictionary of children.
            Example("""
                protocol Coordinator: AnyObject { var children: [String: Coordinator] { get set } }
                extension Coordinator { func add(_ child: Coordinator, key: String) { children[key] = child } }
                final class TabCoordinator: Coordinator {
                    var children: [String: Coordinator] = [:]
                    func start() { ↓⟦warning: 'TabCoordinator' adds 'FeedCoordinator' to its child collection 'children' (through 'add(_:key:)')⟧add(FeedCoordinator(), key: "feed") }
                }
                final class FeedCoordinator: Coordinator { var children: [String: Coordinator] = [:] }
                """),
            // One child in a single property nobody sets back to nil: after it dismisses its screens it
            // stays alive with its navigation controller until the next one (mastodon settings).
            Example(settingsChild + """
                        childCoordinator = ↓⟦warning: 'SceneCoordinator' keeps 'SettingsCoordinator' in 'childCoordinator', and nothing sets it back to nil⟧settings
                    }
                }
                """),
            // The child is handed a navigation controller of its own: left in the property, it keeps it.
            Example(onboardingChild("UINavigationController()", assignment: "addProductCoordinator = ↓⟦warning: 'StoreOnboardingCoordinator' keeps 'AddProductCoordinator' in 'addProductCoordinator', and nothing sets it back to nil⟧coordinator")),
        ],
        nonTriggeringExamples: [
            // The tab's coordinator dismisses only the sheet it presents from its screen, in the sheet's own closure:
            // its screens stay (corona-warn-app `RootCoordinator.swift:222`, read FALSE: a tab's coordinator).
            Example("""
                import UIKit
                final class InformationViewController: UIViewController {
                    let onDismiss: () -> Void
                    init(onDismiss: @escaping () -> Void) { self.onDismiss = onDismiss; super.init(nibName: nil, bundle: nil) }
                    required init?(coder: NSCoder) { fatalError() }
                }
                final class CertificatesTabCoordinator {
                    var viewController = UINavigationController()
                    func presentInfoScreen(rootViewController: UIViewController? = nil) {
                        let presentViewController = rootViewController ?? viewController
                        let info = InformationViewController(onDismiss: {
                            presentViewController.dismiss(animated: true)
                        })
                        presentViewController.present(UINavigationController(rootViewController: info), animated: true)
                    }
                }
                final class RootCoordinator {
                    let tabBarController = UITabBarController()
                    var certificatesTabCoordinator: CertificatesTabCoordinator?
                    func showHome() {
                        let coordinator = CertificatesTabCoordinator()
                        certificatesTabCoordinator = coordinator
                        tabBarController.setViewControllers([coordinator.viewController], animated: false)
                    }
                }
                """),
            // The child keeps only its parent's own navigation controller: left in the property, it keeps no
            // screen the parent does not (woocommerce `StoreOnboardingCoordinator.swift:86`, a held-out app).
            Example(onboardingChild("navigationController")),
            // A non-optional `lazy var` is built once and reused: it cannot be set back to nil (woocommerce
            // `MediaPickingCoordinator.swift:35`).
            Example(onboardingChild("UINavigationController()", property: """
                private lazy var addProductCoordinator: AddProductCoordinator = AddProductCoordinator(sourceNavigationController: UINavigationController())
                """, assignment: "addProductCoordinator.start()")),
            // Added once, in a lazy initializer of the app's coordinator: the tabs live as long as it does.
            Example(tabsRoot("""
                    private lazy var tabs: TabsCoordinator = {
                        let tabs = TabsCoordinator()
                        childCoordinators.append(tabs)
                        return tabs
                    }()
                    func start() { tabs.start() }
                """)),
            // RIBs: the router detaches what it attached (the library keeps children until then).
            Example(ribsRoot(leave: "detachChild(home)")),
            // `attachChild(_:)` of a class that is no RIBs router is that class's own business.
            Example("""
                final class Board {
                    private var pieces: [Piece] = []
                    func attachChild(_ piece: Piece) { print(piece) }
                    func place() { attachChild(Piece()) }
                }
                final class Piece {}
                """),
            // Calls resolve by the receiver's type: one type's own (buggy) 'remove(childCoordinator:)' that
            // appends does not make every other 'remove(childCoordinator:)' call an add; FeedCoordinator's
            // resolves to the protocol extension, which removes.
            Example("""
                protocol Coordinator: AnyObject { var childCoordinators: [Coordinator] { get set } }
                extension Coordinator {
                    func add(childCoordinator: Coordinator) { childCoordinators.append(childCoordinator) }
                    func remove(childCoordinator: Coordinator) { childCoordinators = childCoordinators.filter { $0 !== childCoordinator } }
                }
                final class OddCoordinator: Coordinator {
                    var childCoordinators: [Coordinator] = []
                    var children: [Coordinator] = []
                    private func remove(childCoordinator: Coordinator) { children.append(childCoordinator) }
                }
                final class FeedCoordinator: Coordinator {
                    var childCoordinators: [Coordinator] = []
                    func showDetail() {
                        let detail = DetailCoordinator()
                        add(childCoordinator: detail)
                        detail.onFinish = { [weak self, weak detail] in if let detail { self?.remove(childCoordinator: detail) } }
                    }
                }
                final class DetailCoordinator: Coordinator { var childCoordinators: [Coordinator] = []; var onFinish: (() -> Void)? }
                """),
            Example("""
                class AppCoordinator {
                    var childCoordinators: [Coordinator] = []
                    func start() {
                        let login = LoginCoordinator()
                        childCoordinators.append(login)
                        login.start()
                    }
                    func loginDidFinish(_ child: Coordinator) { childCoordinators.removeAll { $0 === child } }
                }
                protocol Coordinator: AnyObject { func start() }
                class LoginCoordinator: Coordinator { func start() {} }
                """),
            // A BaseCoordinator with store/free helpers, used by a subclass.
            Example("""
                class BaseCoordinator {
                    var childCoordinators: [BaseCoordinator] = []
                    func store(_ coordinator: BaseCoordinator) { childCoordinators.append(coordinator) }
                    func free(_ coordinator: BaseCoordinator) { childCoordinators = childCoordinators.filter { $0 !== coordinator } }
                    func start() {}
                }
                final class AppCoordinator: BaseCoordinator {
                    override func start() {
                        let login = LoginCoordinator()
                        login.onFinish = { [weak self, weak login] in if let login { self?.free(login) } }
                        store(login)
                        login.start()
                    }
                }
                final class LoginCoordinator: BaseCoordinator { var onFinish: (() -> Void)? }
                """),
            // The same child, let go of when it finishes.
            Example(settingsChild + """
                        childCoordinator = settings
                    }
                    func settingsDidFinish() { childCoordinator = nil }
                }
                """),
            // A root flow replaced by the next one: the children never dismiss, each lives while it is current.
            Example("""
                import UIKit
                protocol Coordinator: AnyObject { func start() }
                final class LoginCoordinator: Coordinator {
                    let navigationController = UINavigationController()
                    func start() {}
                }
                final class AppCoordinator: Coordinator {
                    var current: Coordinator?
                    func start() { let login = LoginCoordinator(); login.start(); current = login }
                }
                """),
        ]
    )

    /// An app coordinator the app delegate keeps for the process, adding its tabs child in `add` (a lazy
    /// initializer, run once per coordinator, or a method a deep link may call again and again).
    private static func tabsRoot(_ add: String) -> String {
        """
        import UIKit
        protocol Coordinator: AnyObject {
            var childCoordinators: [Coordinator] { get set }
            func start()
        }
        final class TabsCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            func start() {}
        }
        final class AppCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
        \(add)
        }
        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            lazy var appCoordinator = AppCoordinator()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                appCoordinator.start()
                return true
            }
        }
        """
    }

    /// mastodon's settings flow: a child that presents its navigation controller and dismisses it.
    /// woocommerce's onboarding (a held-out app): the child is handed `navigation`, shows a sheet on it and
    /// dismisses it, and stays in `property` afterwards. Another screen makes its own child with a controller
    /// of its own: another object.
    private static func onboardingChild(_ navigation: String, property: String = "private var addProductCoordinator: AddProductCoordinator?",
                                        assignment: String = "addProductCoordinator = coordinator") -> String {
        """
        import UIKit
        protocol Coordinator: AnyObject { func start() }
        final class AddProductCoordinator: Coordinator {
            let navigationController: UINavigationController
            init(sourceNavigationController: UINavigationController) { self.navigationController = sourceNavigationController }
            func start() { navigationController.present(UIViewController(), animated: true) }
            func typeSelected() { navigationController.dismiss(animated: true) }
        }
        final class StoreOnboardingCoordinator: Coordinator {
            let navigationController: UINavigationController
            \(property)
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {}
            func addProduct() {
                let coordinator = AddProductCoordinator(sourceNavigationController: \(navigation))
                \(assignment)
                coordinator.start()
            }
        }
        final class ProductsScreen {
            func addProduct() { AddProductCoordinator(sourceNavigationController: UINavigationController()).start() }
        }
        """
    }

    private static let settingsChild = """
        import UIKit
        protocol Coordinator: AnyObject { func start() }
        final class SettingsCoordinator: Coordinator {
            let navigationController = UINavigationController()
            let presenter: UIViewController
            init(presenter: UIViewController) { self.presenter = presenter }
            func start() { presenter.present(navigationController, animated: true) }
            func done() { navigationController.dismiss(animated: true) }
        }
        final class SceneCoordinator: Coordinator {
            var childCoordinator: Coordinator?
            let root = UIViewController()
            func start() {}
            func showSettings() {
                let settings = SettingsCoordinator(presenter: root)
                settings.start()

        """

    public func check(_ program: Program) -> [Finding] {
        let added = program.childLifecycle.adds.compactMap { add -> Finding? in
            // Added once while its holder is made (a tab in a lazy initializer): it lives as long as the holder.
            guard add.removals.isEmpty, !add.mutation.isAtConstruction else { return nil }
            let mutation = add.mutation
            let subject = "\(mutation.holder).\(mutation.collection ?? "*")"
            return finding(Message.neverRemoved(mutation, isSwift: program.language(of: mutation.location.file) == .swift),
                           at: mutation.location, subject: subject, evidence: .childAdd(mutation.location, removals: []))
        }
        let kept = program.lingeringChildren().map { child in
            finding(Message.lingering(child, isSwift: program.language(of: child.store.file) == .swift), at: child.store,
                    subject: "\(child.holder).\(child.property)", evidence: .childAdd(child.store, removals: []),
                    notes: [Note(message: "'\(child.child)' dismisses its screens here", location: child.dismissal)])
        }
        return added + kept
    }

    private enum Message {
        static func lingering(_ child: LingeringChild, isSwift: Bool) -> String {
            let clear = isSwift ? "'\(child.property) = nil'" : "'self.\(child.property) = nil'"
            return "'\(child.holder)' keeps '\(child.child)' in '\(child.property)', and nothing sets it back to nil: "
                + "after '\(child.child)' dismisses its screens (\(child.dismissal.file):\(child.dismissal.line)) it stays "
                + "alive with its '\(child.keptController)' until '\(child.property)' is assigned again; set \(clear) "
                + "when it finishes"
        }

        static func neverRemoved(_ add: ChildMutation, isSwift: Bool) -> String {
            let children = add.children.isEmpty ? "a child coordinator" : add.children.map { "'\($0)'" }.joined(separator: " or ")
            let through = add.helper.map { " (through '\($0)')" } ?? ""
            let target = add.collection.map { "its child collection '\($0)'" } ?? "its children"
            let from = add.collection.map { "'\($0)'" } ?? "its children"
            let collection = add.collection ?? "*"
            let example = isSwift ? "'\(collection).removeAll { $0 === child }'" : "'[self.\(collection) removeObject:child]'"
            let advice = add.helper.flatMap { KnowledgeTables.libraryChildAdds[$0]?.removal }
                .map { "call '\($0)' when its flow ends" } ?? "remove it when it finishes (for example \(example) in its finish callback)"
            return "'\(add.holder)' adds \(children) to \(target)\(through), and nothing anywhere removes from \(from): "
                + "the child, and every view controller it owns, stays alive after its flow ends; " + advice
        }
    }
}

import Analysis
import CoordLintCore

/// A child removed only on an explicit finish call, while the user can leave its screens with the back button.
public struct UnhandledBackNavigationRule: AnalysisRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "unhandled_back_navigation",
        name: "Unhandled Back Navigation",
        summary: "A child coordinator is removed only when it says it finished, but the user can go back without it finishing",
        rationale: """
            A child that pushes onto the navigation controller it shares with its parent can be left with \
            the back button or a swipe, which calls no finish method: the child stays in 'childCoordinators'. \
            Observe the pop — 'navigationController(_:didShow:animated:)' checking \
            'transitionCoordinator?.viewController(forKey: .from)', 'viewDidDisappear' with \
            'isMovingFromParent', or an 'onBack' callback — and remove the child there. A sheet presented \
            on iOS 13 and later is swiped down the same way: observe 'presentationControllerDidDismiss(_:)' \
            or make it modal ('isModalInPresentation').
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            // Hacking with Swift's advanced pattern without the UINavigationControllerDelegate part.
            Example("""
                protocol Coordinator: AnyObject {
                    var childCoordinators: [Coordinator] { get set }
                    var navigationController: UINavigationController { get set }
                    func start()
                }
                class MainCoordinator: Coordinator {
                    var childCoordinators = [Coordinator]()
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() {}
                    func buySubscription() {
                        let child = BuyCoordinator(navigationController: navigationController)
                        child.parentCoordinator = self
                        ↓⟦warning: 'MainCoordinator' adds 'BuyCoordinator' to 'childCoordinators' and removes it only when told the⟧childCoordinators.append(child)
                        child.start()
                    }
                    func childDidFinish(_ child: Coordinator?) {
                        for (index, coordinator) in childCoordinators.enumerated() where coordinator === child {
                            childCoordinators.remove(at: index)
                            break
                        }
                    }
                }
                class BuyCoordinator: Coordinator {
                    weak var parentCoordinator: MainCoordinator?
                    var childCoordinators = [Coordinator]()
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() {
                        let vc = BuyViewController()
                        vc.coordinator = self
                        navigationController.pushViewController(vc, animated: true)
                    }
                    func didFinishBuying() { parentCoordinator?.childDidFinish(self) }
                }
                class BuyViewController: UIViewController { weak var coordinator: BuyCoordinator? }
                """),
            // iOS 13's sheets can be swiped down: that dismissal calls no 'close()' (recall issue, shape 11).
            Example(profileSheet().replacingOccurrences(of: "        childCoordinators.append(child)",
                with: "        ↓⟦warning: 'AppCoordinator' adds 'ProfileCoordinator' to 'childCoordinators' and removes it only when told the child finished (Example.swift:28), but 'ProfileCoordinator' presents a sheet (Example.swift:12) the user can swipe down⟧childCoordinators.append(child)")),
        ],
        nonTriggeringExamples: [
            // The side menu pushes onto the navigation controller it makes itself: the parent's back button
            // never pops it (element-ios `AppCoordinator.swift:137`, read FALSE).
            Example("""
                import UIKit
                protocol Coordinator: AnyObject {
                    var childCoordinators: [Coordinator] { get set }
                    var navigationController: UINavigationController { get }
                }
                final class SideMenuCoordinator: Coordinator {
                    var childCoordinators: [Coordinator] = []
                    weak var parent: AppCoordinator?
                    lazy var navigationController: UINavigationController = {
                        UINavigationController(rootViewController: UIViewController())
                    }()
                    func showSettings() { navigationController.pushViewController(SettingsViewController(), animated: true) }
                    func close() { parent?.childDidFinish(self) }
                }
                final class SettingsViewController: UIViewController {}
                final class AppCoordinator: Coordinator {
                    var childCoordinators: [Coordinator] = []
                    let navigationController = UINavigationController()
                    func addSideMenu() {
                        let child = SideMenuCoordinator()
                        child.parent = self
                        childCoordinators.append(child)
                    }
                    func childDidFinish(_ child: Coordinator) { childCoordinators.removeAll { $0 === child } }
                }
                """),
            // The child is handed a navigation controller the parent makes and presents: its screens are pushed onto a
            // stack of its own, whose back button never pops the parent's (cryptomator `MainCoordinator.swift:57`,
            // read FALSE with seven more alike).
            Example("""
                import UIKit
                protocol Coordinator: AnyObject {
                    var childCoordinators: [Coordinator] { get set }
                    var navigationController: UINavigationController { get set }
                }
                final class MainCoordinator: Coordinator {
                    var childCoordinators: [Coordinator] = []
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func showSettings() {
                        let modalNavigationController = BaseNavigationController()
                        let child = SettingsCoordinator(navigationController: modalNavigationController)
                        child.parentCoordinator = self
                        childCoordinators.append(child)
                        navigationController.topViewController?.present(modalNavigationController, animated: true)
                        child.start()
                    }
                    func childDidFinish(_ child: Coordinator) { childCoordinators.removeAll { $0 === child } }
                }
                final class BaseNavigationController: UINavigationController {}
                final class SettingsCoordinator: Coordinator {
                    weak var parentCoordinator: MainCoordinator?
                    var childCoordinators: [Coordinator] = []
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { navigationController.pushViewController(SettingsViewController(), animated: false) }
                    func close() { parentCoordinator?.childDidFinish(self) }
                }
                final class SettingsViewController: UIViewController { weak var coordinator: SettingsCoordinator? }
                """),
            // The sheet cannot be swiped away.
            Example(profileSheet(configure: "screen.isModalInPresentation = true")),
            // Or full screen: coordlint cannot tell which style is set, so it says nothing.
            Example(profileSheet(configure: "screen.modalPresentationStyle = .fullScreen")),
            // Full screen through a project helper that sets the style (AlphaWallet's
            // `makePresentationFullScreenForiOS13Migration()`, read FALSE ten times: nothing can be swiped).
            Example(profileSheet(configure: "screen.makePresentationFullScreen()") + """

                extension UIViewController {
                    func makePresentationFullScreen() { modalPresentationStyle = .fullScreen }
                }
                """),
            // The swipe is observed and removes the child.
            Example(profileSheet(parentExtra: """
                    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
                        childCoordinators.removeAll { $0 is ProfileCoordinator }
                    }
                """)),
            // The same, with the didShow observer that removes the popped child.
            Example("""
                protocol Coordinator: AnyObject {
                    var childCoordinators: [Coordinator] { get set }
                    var navigationController: UINavigationController { get set }
                }
                class MainCoordinator: NSObject, Coordinator, UINavigationControllerDelegate {
                    var childCoordinators = [Coordinator]()
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func buySubscription() {
                        let child = BuyCoordinator(navigationController: navigationController)
                        childCoordinators.append(child)
                        child.start()
                    }
                    func childDidFinish(_ child: Coordinator?) {
                        childCoordinators.removeAll { $0 === child }
                    }
                    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
                        guard let fromViewController = navigationController.transitionCoordinator?.viewController(forKey: .from) else { return }
                        if navigationController.viewControllers.contains(fromViewController) { return }
                        if let buyViewController = fromViewController as? BuyViewController {
                            childDidFinish(buyViewController.coordinator)
                        }
                    }
                }
                class BuyCoordinator: Coordinator {
                    var childCoordinators = [Coordinator]()
                    var navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { navigationController.pushViewController(BuyViewController(), animated: true) }
                }
                class BuyViewController: UIViewController { weak var coordinator: BuyCoordinator? }
                """),
            // A child presented modally on its own navigation controller: no back button to miss.
            Example("""
                class AppCoordinator {
                    var childCoordinators: [SettingsCoordinator] = []
                    let navigationController = UINavigationController()
                    func showSettings() {
                        let child = SettingsCoordinator()
                        childCoordinators.append(child)
                        child.onFinish = { [weak self] in self?.childCoordinators.removeAll() }
                        navigationController.present(child.root, animated: true)
                    }
                }
                class SettingsCoordinator { let root = UINavigationController(); var onFinish: (() -> Void)? }
                """),
        ]
    )

    /// A profile child presenting its screen as a sheet from the app's navigation controller, removed
    /// only by `close()`; `configure` is what it does to the screen before presenting it, `parentExtra`
    /// what else the parent declares.
    private static func profileSheet(configure: String = "", parentExtra: String = "") -> String {
        """
        import UIKit
        protocol Coordinator: AnyObject { var childCoordinators: [Coordinator] { get set } }
        final class ProfileViewController: UIViewController {}
        final class ProfileCoordinator: Coordinator {
            var childCoordinators: [Coordinator] = []
            weak var parent: AppCoordinator?
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {
                let screen = ProfileViewController()
                \(configure)
                navigationController.present(screen, animated: true)
            }
            func close() {
                navigationController.dismiss(animated: true)
                parent?.childDidFinish(self)
            }
        }
        final class AppCoordinator: NSObject, Coordinator {
            var childCoordinators: [Coordinator] = []
            let navigationController = UINavigationController()
            func showProfile() {
                let child = ProfileCoordinator(navigationController: navigationController)
                child.parent = self
                childCoordinators.append(child)
                child.start()
            }
            func childDidFinish(_ child: Coordinator) { childCoordinators.removeAll { $0 === child } }
        \(parentExtra)
        }
        """
    }

    public func check(_ program: Program) -> [Finding] {
        guard !program.childLifecycle.backNavigationRemovesChildren else { return [] }
        return program.childLifecycle.adds.compactMap { add -> Finding? in
            guard let firstRemoval = add.removals.first else { return nil }
            let mutation = add.mutation
            let collection = mutation.collection ?? "*"
            var notes = add.removals.map { Note(message: "the only removal from '\(collection)'", location: $0.location) }
            let message: String
            if let child = add.sharedNavigationChild {
                message = Message.unobservedBack(holder: mutation.holder, child: child, collection: collection,
                                                 removal: firstRemoval.location)
            } else if let (child, presentation) = add.swipeDismissedChild {
                message = Message.unobservedSwipe(holder: mutation.holder, child: child, collection: collection,
                                                  removal: firstRemoval.location, presentation: presentation)
                notes.append(Note(message: "'\(child)' presents a sheet here", location: presentation))
            } else {
                return nil
            }
            return finding(message, at: mutation.location, subject: "\(mutation.holder).\(collection)",
                           evidence: .childAdd(mutation.location, removals: add.removals.map(\.location)), notes: notes)
        }
    }

    private enum Message {
        static func unobservedSwipe(holder: String, child: String, collection: String, removal: SourceLocation,
                                    presentation: SourceLocation) -> String {
            "'\(holder)' adds '\(child)' to '\(collection)' and removes it only when told the child "
                + "finished (\(removal.shortDescription)), but '\(child)' presents a sheet (\(presentation.shortDescription)) "
                + "the user can swipe down, and nothing observes that dismissal: each swipe leaks the child; remove it "
                + "in 'presentationControllerDidDismiss(_:)' (as the presented controller's 'presentationController?.delegate'), "
                + "or set 'isModalInPresentation = true' on what it presents"
        }

        static func unobservedBack(holder: String, child: String, collection: String, removal: SourceLocation) -> String {
            "'\(holder)' adds '\(child)' to '\(collection)' and removes it only when told the child "
                + "finished (\(removal.shortDescription)), but '\(child)' pushes onto the navigation "
                + "controller it shares with '\(holder)' and nothing observes the user going back: each back-button "
                + "tap or swipe leaks the child; remove it in 'navigationController(_:didShow:animated:)' (checking "
                + "'transitionCoordinator?.viewController(forKey: .from)') or in 'viewDidDisappear' when 'isMovingFromParent'"
        }
    }
}

import Analysis
import CoordLintCore

/// A coordinator created and started, then kept by nothing.
public struct ChildNotRetainedRule: AnalysisRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "child_not_retained",
        name: "Child Not Retained",
        summary: "A coordinator is created and started but never stored",
        rationale: """
            A started coordinator that nothing keeps is deallocated as soon as the scope that created it \
            ends. Every weak reference to it — view controllers' 'weak var coordinator', '[weak self]' \
            callbacks — becomes nil, and its navigation silently stops working. Keep it in a property or \
            in 'childCoordinators' (or pass it to a storing helper such as 'start(coordinator:)').
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            Example([
                "TabCoordinator.m": """
                    #import <UIKit/UIKit.h>
                    @interface FeedViewController : UIViewController
                    @property (nonatomic, weak) id delegate;
                    @end
                    @interface FeedCoordinator : NSObject
                    - (void)start;
                    @end
                    @implementation FeedCoordinator
                    - (void)start {
                        FeedViewController *screen = [[FeedViewController alloc] init];
                        screen.delegate = self;
                    }
                    @end
                    @interface TabCoordinator : NSObject
                    @end
                    @implementation TabCoordinator
                    - (void)start {
                        FeedCoordinator *feed = ↓⟦warning: 'FeedCoordinator' is created and started (TabCoordinator.m:19) but nothing keeps it⟧[[FeedCoordinator alloc] init];
                        [feed start];
                    }
                    @end
                    """,
            ]),
            // A tab bar coordinator that starts its children without keeping them.
            Example("""
                final class MainTabBarCoordinator {
                    let tabBarController = UITabBarController()
                    func start() {
                        let feed = ↓⟦warning: 'FeedCoordinator' is created and started (Example.swift:5) but nothing keeps it⟧FeedCoordinator(navigationController: UINavigationController())
                        feed.start()
                        ↓⟦warning: 'ProfileCoordinator' is created and started (Example.swift:6) but nothing keeps it⟧ProfileCoordinator().start()
                        tabBarController.setViewControllers([feed.navigationController], animated: false)
                    }
                }
                final class FeedCoordinator {
                    let navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() {
                        let screen = FeedViewController()
                        screen.coordinator = self
                        navigationController.pushViewController(screen, animated: false)
                    }
                }
                final class FeedViewController: UIViewController { weak var coordinator: FeedCoordinator? }
                final class ProfileCoordinator {
                    func start() {
                        let screen = ProfileViewController()
                        screen.onLogout = { [weak self] in self?.logout() }
                    }
                    func logout() {}
                }
                final class ProfileViewController: UIViewController { var onLogout: (() -> Void)? }
                """),
        ],
        nonTriggeringExamples: [
            // A coordinator that presents an alert with no handler and hands itself to nothing: dropping it when
            // the scope ends stops nothing (TrustWallet `InCoordinator.swift:240`, read FALSE).
            Example("""
                import UIKit
                final class CheckDeviceCoordinator {
                    let navigationController: UINavigationController
                    lazy var rootViewController: UIAlertController = {
                        let controller = UIAlertController(title: "Compromised", message: nil, preferredStyle: .alert)
                        controller.addAction(UIAlertAction(title: "OK", style: .default))
                        return controller
                    }()
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { navigationController.present(rootViewController, animated: true, completion: nil) }
                }
                final class InCoordinator {
                    let navigationController = UINavigationController()
                    func checkDevice() {
                        let checker = CheckDeviceCoordinator(navigationController: navigationController)
                        checker.start()
                    }
                }
                """),
            // The coordinator hands itself to the screen it presents (closures that capture it): that screen
            // keeps it for as long as it is shown.
            Example("""
                final class PasscodeCoordinator {
                    let parent: UIViewController
                    init(parent: UIViewController) { self.parent = parent }
                    func start() {
                        let screen = PasscodeViewController(onDone: { self.finish() })
                        parent.present(screen, animated: true)
                    }
                    func finish() {}
                }
                final class PasscodeViewController: UIViewController {
                    let onDone: () -> Void
                    init(onDone: @escaping () -> Void) { self.onDone = onDone; super.init(nibName: nil, bundle: nil) }
                }
                final class SettingsViewController: UIViewController {
                    func lock() { PasscodeCoordinator(parent: self).start() }
                }
                """),
            Example("""
                final class MainTabBarCoordinator {
                    var childCoordinators: [FeedCoordinator] = []
                    var profile: ProfileCoordinator?
                    func start() {
                        let feed = FeedCoordinator()
                        childCoordinators.append(feed)
                        feed.start()
                        let profile = ProfileCoordinator()
                        profile.start()
                        self.profile = profile
                    }
                }
                final class FeedCoordinator { func start() {} }
                final class ProfileCoordinator { func start() {} }
                """),
            // Returned to the caller, which keeps it.
            Example("""
                final class Factory {
                    func makeFeed() -> FeedCoordinator {
                        let feed = FeedCoordinator()
                        feed.start()
                        return feed
                    }
                }
                final class FeedCoordinator { func start() {} }
                """),
            // CoordinatorKit: start(coordinator:) keeps the child.
            Example("""
                class AppCoordinator: Coordinator {
                    override func start() {
                        super.start()
                        start(coordinator: LoginCoordinator())
                        let main = MainExperienceCoordinator()
                        start(coordinator: main)
                    }
                }
                class LoginCoordinator: Coordinator {}
                class MainExperienceCoordinator: Coordinator {}
                """),
        ] + CoordinatorLibraryExamples.unretainedChildNonTriggering
    )

    public func check(_ program: Program) -> [Finding] {
        // A coordinator that hands itself out (a closure kept by the screen it presents, `x.delegate =
        // self`) may be kept by what it handed itself to: say nothing of it.
        // A child some screen or callback refers back to weakly, and that nothing else keeps: dropped, those
        // callbacks end. One that hands itself to nothing ends nothing when dropped.
        program.unretainedChildren.filter { child in
            !program.selfEscapingTypes.contains(child.type)
                && program.types.family(of: child.type).union([child.type]).contains(where: program.weaklyReferencedTypes.contains)
        }.map { child in
            finding(Message.notRetained(child), at: child.location,
                    subject: "\(child.owner ?? "").\(child.variable ?? child.type)",
                    evidence: .unretainedChild(created: child.location, started: child.startLocation),
                    notes: [Note(message: "started here", location: child.startLocation)])
        }
    }

    private enum Message {
        static func notRetained(_ child: UnretainedChild) -> String {
            let scope = child.owner.map { "'\($0)'" } ?? "the caller"
            return "'\(child.type)' is created and started (\(child.startLocation.shortDescription)) but nothing keeps it: "
                + "it is deallocated when this scope of \(scope) ends, and every weak reference to it (its view "
                + "controllers' 'weak var coordinator', '[weak self]' callbacks) becomes nil, so its navigation silently "
                + "stops; keep it in a property or in 'childCoordinators'"
        }
    }
}

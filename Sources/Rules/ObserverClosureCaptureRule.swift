import Analysis
import CoordLintCore

/// A block-based NotificationCenter observer that captures self strongly.
public struct ObserverClosureCaptureRule: AnalysisRule {
    public init() {}

    /// A project registry on a singleton that keeps appliers in a dictionary, inside its queue's closure.
    private static let themeRegistry = """
                final class Theme {
                    static let shared = Theme()
                    private var appliers: [Int: () -> Void] = [:]
                    private let queue = DispatchQueue(label: "theme")
                    func add(applier: @escaping () -> Void) -> Int {
                        var token = 0
                        queue.sync { token = appliers.count; appliers[token] = applier }
                        return token
                    }
                    func remove(applierForToken token: Int?) { if let token { appliers.removeValue(forKey: token) } }
                }

                """

    public static let description = RuleDescription(
        identifier: "observer_closure_capture",
        name: "Observer Closure Capture",
        summary: "A block-based NotificationCenter observer captures self strongly",
        rationale: """
            NotificationCenter keeps the block passed to addObserver(forName:object:queue:using:) until \
            the observer is removed. A block that captures 'self' strongly keeps it alive, so the \
            'removeObserver' in 'deinit' never runs: a leak even when the token is not stored. Capture \
            '[weak self]'.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            // `self` handed to a function a header declares: nothing re-declares it, the block keeps it.
            Example([
                "RoomViewController.m": """
                    #import <UIKit/UIKit.h>
                    void RoomLog(id object);
                    @interface RoomViewController : UIViewController
                    @end
                    @implementation RoomViewController
                    - (void)listenWidgetNotifications {
                        [[NSNotificationCenter defaultCenter] addObserverForName:@"widgets" object:nil queue:nil usingBlock:↓⟦warning: the block passed to 'addObserverForName:object:queue:usingBlock:' captures 'self'⟧^(NSNotification *note) {
                            RoomLog(self);
                            [self refreshTitle];
                        }];
                    }
                    - (void)refreshTitle {}
                    @end
                    """,
            ]),
            Example([
                "SessionCoordinator.m": """
                    #import <UIKit/UIKit.h>
                    @interface SessionCoordinator : NSObject
                    @end
                    @implementation SessionCoordinator
                    - (void)start {
                        [[NSNotificationCenter defaultCenter] addObserverForName:@"logout" object:nil queue:nil usingBlock:↓⟦warning: the block passed to 'addObserverForName:object:queue:usingBlock:' captures 'self'⟧^(NSNotification *note) {
                            [self showLogin];
                        }];
                    }
                    - (void)showLogin {}
                    @end
                    """,
            ]),
            Example("""
                final class SessionCoordinator {
                    private var token: NSObjectProtocol?
                    func start() {
                        token = NotificationCenter.default.addObserver(forName: .didLogout, object: nil, queue: .main) ↓⟦warning: the block passed to 'addObserver(forName:object:queue:using:)' captures 'self' (SessionCoordinator)⟧{ _ in
                            self.showLogin()
                        }
                    }
                    func showLogin() {}
                    deinit { if let token { NotificationCenter.default.removeObserver(token) } }
                }
                """),
            Example("""
                final class PlayerViewController: UIViewController {
                    override func viewDidLoad() {
                        NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil, using: ↓⟦warning: the block passed to 'addObserver(forName:object:queue:using:)' captures 'self'⟧{ _ in pause() })
                    }
                    func pause() {}
                }
                """),
            // A project registry on a singleton keeps the applier in a dictionary (inside a closure its
            // queue runs) until 'remove', which only 'deinit' calls (owncloud theme appliers, fixed with
            // '[weak self]').
            Example(themeRegistry + """
                final class ThemeNavigationController: UINavigationController {
                    private var token: Int?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        token = Theme.shared.add(applier: ↓⟦warning: closure kept in 'Theme.appliers' by the process-lifetime 'Theme' captures 'self' (ThemeNavigationController) strongly; it is taken out only in 'deinit'⟧{ self.setNeedsStatusBarAppearanceUpdate() })
                    }
                    deinit { Theme.shared.remove(applierForToken: token) }
                }
                """),
        ],
        nonTriggeringExamples: [
            // Made once by the app's process-lifetime manager and once by the watch extension's delegate, which
            // WatchKit keeps for the extension's process: each process has one, living as long as it (LoopKit
            // `LoopDataManager.swift:167`, read DEBATABLE ×4).
            Example("""
                import UIKit
                import WatchKit
                final class DosingManager {
                    init() {
                        NotificationCenter.default.addObserver(forName: .dosingChanged, object: nil, queue: nil) { _ in
                            self.recompute()
                        }
                    }
                    func recompute() {}
                }
                final class AppManager {
                    private var dosingManager: DosingManager!
                    func launch() { dosingManager = DosingManager() }
                }
                @main
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    private let appManager = AppManager()
                }
                final class ExtensionDelegate: NSObject, WKExtensionDelegate {
                    private(set) lazy var dosingManager = DosingManager()
                }
                """),
            // Removed whenever the screen disappears (UIKit calls that on every way out): it never outlives it.
            Example("""
                import UIKit
                final class KeyboardAwareViewController: UIViewController {
                    private var keyboardToken: NSObjectProtocol?
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        keyboardToken = NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { _ in
                            self.view.setNeedsLayout()
                        }
                    }
                    override func viewWillDisappear(_ animated: Bool) {
                        super.viewWillDisappear(animated)
                        if let keyboardToken { NotificationCenter.default.removeObserver(keyboardToken) }
                    }
                }
                """),
            // `self` handed to a macro coordlint cannot see (a pod's header is not in the tree): the macro may
            // re-declare it (MatrixSDK's `MXStrongifyAndReturnIfNil(self)` declares a strong `self` from the
            // weak one `MXWeakify(self)` made; element-ios `RoomViewController.m:4479`, read FALSE).
            Example([
                "RoomViewController.m": """
                    #import <UIKit/UIKit.h>
                    @interface RoomViewController : UIViewController
                    @end
                    @implementation RoomViewController
                    - (void)listenWidgetNotifications {
                        MXWeakify(self);
                        [[NSNotificationCenter defaultCenter] addObserverForName:@"widgets" object:nil queue:nil usingBlock:^(NSNotification *note) {
                            MXStrongifyAndReturnIfNil(self);
                            [self refreshTitle];
                        }];
                    }
                    - (void)refreshTitle {}
                    @end
                    """,
            ]),
            // The same registry, the applier capturing weakly, or taken out when the screen disappears.
            Example(themeRegistry + """
                final class ThemeNavigationController: UINavigationController {
                    private var token: Int?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        token = Theme.shared.add(applier: { [weak self] in self?.setNeedsStatusBarAppearanceUpdate() })
                    }
                    deinit { Theme.shared.remove(applierForToken: token) }
                }
                final class ThemedListController: UIViewController {
                    private var token: Int?
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        token = Theme.shared.add(applier: { self.view.setNeedsLayout() })
                    }
                    override func viewDidDisappear(_ animated: Bool) {
                        super.viewDidDisappear(animated)
                        Theme.shared.remove(applierForToken: token)
                    }
                }
                """),
            // The window's root view controller of the scene delegate lives as long as the scene.
            Example("""
                final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                        let window = UIWindow()
                        self.window = window
                        window.rootViewController = MainTabBarController()
                    }
                }
                final class MainTabBarController: UITabBarController {
                    override func viewDidLoad() {
                        NotificationCenter.default.addObserver(forName: .didLogout, object: nil, queue: .main) { _ in self.reset() }
                    }
                    func reset() {}
                }
                """),
            // A SwiftUI view is a struct: the block holds a copy, there is no object to leak.
            Example("""
                struct ImportDetailsView: View {
                    var body: some View { Text("") }
                    func subscribe() {
                        NotificationCenter.default.addObserver(forName: .didImport, object: nil, queue: .main) { _ in self.refresh() }
                    }
                    func refresh() {}
                }
                """),
            Example("""
                final class SessionCoordinator {
                    func start() {
                        NotificationCenter.default.addObserver(forName: .didLogout, object: nil, queue: .main) { [weak self] _ in
                            self?.showLogin()
                        }
                    }
                    func showLogin() {}
                }
                """),
            // The selector-based API keeps the observer weakly (since iOS 9).
            Example("""
                final class SessionCoordinator {
                    func start() {
                        NotificationCenter.default.addObserver(self, selector: #selector(showLogin), name: .didLogout, object: nil)
                    }
                    @objc func showLogin() {}
                }
                """),
        ]
    )

    public func check(_ program: Program) -> [Finding] {
        observers(program) + registries(program)
    }

    /// A project registry on a process-lifetime object (`Theme.shared.add(applier: { … })`) that keeps the
    /// closure in a collection: taken out only in the registrant's `deinit` (or never), it keeps what it
    /// captures for the whole process. Taken out anywhere else: said nothing of.
    private func registries(_ program: Program) -> [Finding] {
        program.registryClosures().compactMap { registry -> Finding? in
            guard !registry.removedOutsideDeinit, let capture = program.selfCapture(of: registry.closure),
                  capture.strength.retains, !capture.isValueCopy else { return nil }
            let closure = program.closure(registry.closure)
            let removal = registry.removedInDeinit
                ? "it is taken out only in 'deinit', which never runs while the closure keeps '\(capture.type)'"
                : "nothing takes it out"
            return finding(
                "closure kept in '\(registry.keeper).\(registry.property)' by the process-lifetime '\(registry.keeper)' "
                    + "captures 'self' (\(capture.type)) strongly; \(removal); "
                    + Advice.captureWeakly(closure, in: program),
                at: closure.location, subject: "\(capture.type).\(registry.keeper).\(registry.property)",
                evidence: .registration(registry.location, keeps: capture.type),
                notes: [Note(message: "'self' is captured here", location: capture.location),
                        Note(message: "'\(registry.keeper)' keeps the closure in '\(registry.property)' here", location: registry.location)],
                fixes: [ClosureFix.weakSelf(closure, capture: capture, in: program)])
        }
    }

    private func observers(_ program: Program) -> [Finding] {
        program.registrations.compactMap { registration -> Finding? in
            // An object that lives as long as the process leaks nothing by being kept.
            if let owner = registration.owner, program.processLifetimeTypes.contains(owner) { return nil }
            guard registration.kind == .notificationObserver, let ref = registration.closure,
                  let capture = program.selfCapture(of: ref), capture.strength.retains,
                  !capture.isValueCopy, !program.releasedOnLeaving(registration) else { return nil }
            let closure = program.closure(ref)
            let isSwift = program.language(of: closure.location.file) == .swift
            return finding(
                Message.capture(type: capture.type, isSwift: isSwift,
                                advice: Advice.captureWeakly(closure, in: program)),
                at: closure.location, subject: "\(capture.type).\(registration.call)",
                registration: registration, keeps: capture.type, in: program,
                notes: [Note(message: "'self' is captured here", location: capture.location)],
                fixes: [ClosureFix.weakSelf(closure, capture: capture, in: program)])
        }
    }

    private enum Message {
        static func capture(type: String, isSwift: Bool, advice: String) -> String {
            let api = isSwift ? "addObserver(forName:object:queue:using:)" : "addObserverForName:object:queue:usingBlock:"
            return "the block passed to '\(api)' captures 'self' (\(type)) strongly; NotificationCenter keeps the block "
                + "until the observer is removed, so '\(type)' is never deallocated and a 'removeObserver' in 'deinit' "
                + "never runs; " + advice
        }
    }
}

import CoordLintCore

/// More of `reference_cycle`'s examples (the rule's file keeps its first ones).
enum ReferenceCycleExamples {
    /// element-x's room proxy and the timeline provider it makes with itself; `reference` is how the
    /// provider holds the proxy, `bound` what the protocol inherits.
    private static func roomProxy(_ reference: String, bound: String) -> String {
        """
        protocol RoomProxyProtocol\(bound) { func removeTimeline() }
        final class RoomTimelineProvider {
            \(reference): RoomProxyProtocol?
            init(roomProxy: RoomProxyProtocol) { self.roomProxy = roomProxy }
        }
        final class RoomProxy: RoomProxyProtocol {
            private(set) lazy var timelineProvider: RoomTimelineProvider = RoomTimelineProvider(roomProxy: self)
            func removeTimeline() {}
        }
        """
    }

    /// element-x's call screen: a web view's coordinator registers itself (or a weak proxy) as the script
    /// message handler of the content controller its web view's configuration keeps.
    private static func webCoordinator(_ handler: String) -> String {
        """
        import WebKit
        final class WeakHandler: NSObject, WKScriptMessageHandler {
            weak var target: WKScriptMessageHandler?
            init(_ target: WKScriptMessageHandler) { self.target = target }
            func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
        }
        final class WebCoordinator: NSObject, WKScriptMessageHandler {
            private(set) var webView: WKWebView!
            override init() {
                super.init()
                let configuration = WKWebViewConfiguration()
                let userContentController = WKUserContentController()
                \(handler)
                configuration.userContentController = userContentController
                webView = WKWebView(frame: .zero, configuration: configuration)
            }
            func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {}
        }
        """
    }

    /// home-assistant's onboarding: the authentication controller a screen keeps holds the screen as its
    /// web context, typed by `context`.
    private static func webContext(_ context: String) -> String {
        """
        import UIKit
        final class AuthenticationController {
            \(context)
        }
        final class AuthenticationViewController: UIViewController {
            let authenticationController = AuthenticationController()
            override func viewDidLoad() {
                super.viewDidLoad()
                authenticationController.asWebContext = self
            }
        }
        """
    }

    /// Objective-C tag pills keeping their tag view (a strong `id` ivar), which keeps them in an array;
    /// `clear` is what the view's clearing method does.
    private static func tagView(_ pill: String, clear: String) -> KeyValuePairs<String, String> {
        [
            "TagView.m": """
                #import <UIKit/UIKit.h>
                @interface TagPill : UIView {
                    \(pill)
                }
                - (instancetype)initWithTarget:(id)aTarget;
                @end
                @implementation TagPill
                - (instancetype)initWithTarget:(id)aTarget {
                    if ((self = [super init])) { target = aTarget; }
                    return self;
                }
                @end
                @interface TagView : UIView {
                    NSMutableArray *tagPills;
                }
                @end
                @implementation TagView
                - (void)addTag {
                    TagPill *pill = [[TagPill alloc] initWithTarget:self];
                    [tagPills addObject:pill];
                }
                - (void)clearAllTags {
                    \(clear)
                }
                @end
                """,
        ]
    }

    /// element-x's app-wide navigation controller: the app coordinator makes it once, hands it to the session
    /// flow, which hands it to the home screen's parameters; the home screen is its root. `session` makes the
    /// flow (from the app coordinator, or from a screen with a controller of its own); a settings flow makes
    /// another navigation controller, so the type alone is not the app's.
    private static func sessionFlow(_ session: String, parameter: String = "let navigationController: NavigationController") -> String {
        """
        import SwiftUI
        protocol CoordinatorProtocol: AnyObject { func start() }
        final class NavigationController {
            private var rootCoordinator: CoordinatorProtocol?
            func setRootCoordinator(_ coordinator: CoordinatorProtocol) {
                rootCoordinator = coordinator
                coordinator.start()
            }
        }
        struct HomeScreenCoordinatorParameters {
            \(parameter)
        }
        final class HomeScreenCoordinator: CoordinatorProtocol {
            private let parameters: HomeScreenCoordinatorParameters
            init(parameters: HomeScreenCoordinatorParameters) { self.parameters = parameters }
            func start() {}
        }
        final class UserSessionFlowCoordinator {
            private let navigationController: NavigationController
            init(navigationController: NavigationController) { self.navigationController = navigationController }
            func start() {
                let parameters = HomeScreenCoordinatorParameters(navigationController: navigationController)
                navigationController.setRootCoordinator(HomeScreenCoordinator(parameters: parameters))
            }
        }
        final class SettingsFlowCoordinator {
            private let settingsNavigationController = NavigationController()
        }
        \(session)
        @main
        struct Application: App {
            private let appCoordinator: AppCoordinator
            init() { appCoordinator = AppCoordinator() }
            var body: some Scene { WindowGroup { EmptyView() } }
        }
        """
    }

    /// NetNewsWire's coalescing queue (a held-out app): a project class whose own `add(_:_:)` keeps the
    /// target as `body` says. The method is the project's, so what it keeps is what its body stores, never
    /// what a collection's `add` would.
    private static func coalescingQueue(_ body: String, call: String = "saveQueue.add(self, #selector(save))") -> String {
        """
        import Foundation
        struct QueueCall {
            weak var target: AnyObject?
            let selector: Selector
        }
        final class CoalescingQueue: NSObject {
            private var calls = [QueueCall]()
            private var targets = [AnyObject]()
            init(name: String) {}
            func add(_ target: AnyObject, _ selector: Selector) {
                \(body)
            }
            private func add(_ call: QueueCall) { calls.append(call) }
        }
        final class OPMLFile: NSObject {
            private let saveQueue = CoalescingQueue(name: "Save Queue")
            func markDirty() { \(call) }
            @objc func save() {}
        }
        """
    }

    /// GitHawk's message text view: a screen keeps the view and adds itself as a listener; `table` declares
    /// the view's listener storage.
    private static func listenerTable(_ table: String) -> String {
        """
        import UIKit
        protocol MessageTextViewListener: AnyObject { func didChange() }
        final class MessageTextView: UITextView {
            \(table)
            func add(listener: MessageTextViewListener) { listeners.add(listener) }
        }
        final class EditCommentViewController: UIViewController, MessageTextViewListener {
            private let textView = MessageTextView()
            override func viewDidLoad() {
                super.viewDidLoad()
                textView.add(listener: self)
            }
            func didChange() {}
        }
        """
    }

    /// GitHawk's screen with the text view from a pod coordlint cannot see: `kept` declares what the
    /// screen keeps, `add` what it hands itself to.
    private static func podTextView(_ kept: String, add: String) -> String {
        """
        import UIKit
        import MessageViewController
        final class EditCommentViewController: UIViewController {
            \(kept)
            override func viewDidLoad() {
                super.viewDidLoad()
                \(add)
            }
        }
        """
    }

    /// The same listener table in Objective-C, made in the initializer: `make` is its value.
    private static func objcListenerTable(_ make: String, property: String = "@property (nonatomic, strong) NSHashTable *observers;") -> KeyValuePairs<String, String> {
        [
            "Presence.m": """
                #import <UIKit/UIKit.h>
                @interface PresenceMonitor : NSObject
                \(property)
                - (void)addObserver:(id)observer;
                @end
                @implementation PresenceMonitor
                - (instancetype)init {
                    if ((self = [super init])) { _observers = \(make); }
                    return self;
                }
                - (void)addObserver:(id)observer { [self.observers addObject:observer]; }
                @end
                @interface RoomViewController : UIViewController
                @property (nonatomic, strong) PresenceMonitor *monitor;
                @end
                @implementation RoomViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    self.monitor = [[PresenceMonitor alloc] init];
                    [self.monitor addObserver:self];
                }
                @end
                """,
        ]
    }

    /// safe-ios's tabs: each tab makes its own "no safes" screen, ribbon and segment; `settings` is how the
    /// settings tab ends, with its ribbon around a segment holding its screen.
    private static func tabs(_ settings: String, root: String = "private(set) var rootViewController: UIViewController?",
                             assets: String = "RibbonViewController(rootViewController: AssetsViewController())") -> String {
        """
        import UIKit
        class ContainerViewController: UIViewController {
            var viewControllers: [UIViewController] = []
        }
        final class RibbonViewController: ContainerViewController {
            \(root)
            convenience init(rootViewController: UIViewController) {
                self.init(nibName: nil, bundle: nil)
                self.rootViewController = rootViewController
                viewControllers = [rootViewController]
            }
        }
        final class SegmentViewController: ContainerViewController {}
        enum ViewControllerFactory {
            static func ribbonWith(viewController: UIViewController) -> RibbonViewController {
                RibbonViewController(rootViewController: viewController)
            }
        }
        final class NoSafesViewController: UIViewController {
            var hasSafeViewController: UIViewController?
        }
        final class AssetsViewController: UIViewController {}
        final class SettingsViewController: UIViewController {}
        final class TabsViewController: UITabBarController {
            func assetsTab() -> UIViewController {
                let noSafes = NoSafesViewController()
                let ribbon = \(assets)
                noSafes.hasSafeViewController = ribbon
                return noSafes
            }
            func settingsTab() -> UIViewController {
                let noSafes = NoSafesViewController()
                let segment = SegmentViewController()
                segment.viewControllers = [SettingsViewController(), noSafes]
                \(settings)
            }
        }
        """
    }

    /// WWDC's tab controllers: the app coordinator and its preferences each make one and keep it for the
    /// process; `more` is what else the program does.
    private static func tabControllers(target: String = "var target: AnyObject?", more: String = "") -> String {
        """
        import AppKit
        final class TabItemView: NSView { \(target) }
        final class TabBar { var items: [TabItemView] = [] }
        final class TabController: NSViewController {
            let tabBar = TabBar()
            func addItem() {
                let item = TabItemView()
                item.target = self
                tabBar.items.append(item)
            }
        }
        final class AppCoordinator {
            let tabController = TabController()
            lazy var preferences = PreferencesCoordinator()
        }
        final class PreferencesCoordinator {
            let tabController = TabController()
        }
        @main final class AppDelegate: NSObject, NSApplicationDelegate {
            var coordinator: AppCoordinator?
            func applicationDidFinishLaunching(_ notification: Notification) { coordinator = AppCoordinator() }
        }
        \(more)
        """
    }

    static let triggering: [Example] = [
        Example(announcer(condition: "true").replacingOccurrences(of: "    var mapView: MapView?", with: "    ↓⟦error: 'VoiceAnnouncement.mapView' holds 'MapView' strongly⟧var mapView: MapView?")),
        // A lazy property filled by a method of its own that makes the router is the router's only owner: the
        // router's reference back is the one to weaken (OneBusAway `Application.swift:112`, advice read WRONG:
        // 'weak var appLinksRouter' frees the router as soon as it is made).
        Example("""
            final class AppLinksRouter {
                private ↓⟦error: 'AppLinksRouter.application' holds 'Application' strongly⟧let application: Application
                init?(application: Application) { self.application = application }
            }
            final class Application {
                lazy var appLinksRouter: AppLinksRouter? = makeAppLinksRouter()
                private func makeAppLinksRouter() -> AppLinksRouter? {
                    let router = AppLinksRouter(application: self)
                    return router
                }
            }
            """),
        // A flow made with a navigation controller of its own, by an object that is not the app's: the
        // controller and its root screen keep each other when the flow goes.
        Example(sessionFlow("""
            final class AppCoordinator {
                private var userSessionFlowCoordinator: UserSessionFlowCoordinator?
                func startSession() {
                    userSessionFlowCoordinator = UserSessionFlowCoordinator(navigationController: NavigationController())
                    userSessionFlowCoordinator?.start()
                }
            }
            """, parameter: "↓⟦error: 'HomeScreenCoordinatorParameters.navigationController' holds 'NavigationController' strongly⟧let navigationController: NavigationController")),
        // Nothing empties the array: each pill and the view keep each other.
        Example(tagView("↓⟦error: 'TagPill.target' holds 'TagView' strongly⟧id target;", clear: "// the pills stay")),
        // `[NSMutableArray array]` replaces the pills with none, as `[]` does in Swift: a teardown, so a note
        // (simplenote-ios `SPTagPill.h:14`, whose tag view clears its pills on every note it loads).
        Example(tagView("↓⟦note: 'TagView.clearAllTags()' lets go of 'tagPills'⟧id target;", clear: "tagPills = [NSMutableArray array];")),
        // A property typed by a protocol a struct adopts (a test double): 'weak' needs the protocol made
        // class-bound, which that struct prevents, so neither that advice nor a fix-it (element-x's
        // timeline provider and its mock room proxy).
        Example("""
            protocol RoomProxyProtocol { func load() }
            struct MockRoomProxy: RoomProxyProtocol { func load() {} }
            final class RoomProxy: RoomProxyProtocol {
                lazy var timelineProvider = TimelineProvider(roomProxy: self)
                func load() {}
            }
            final class TimelineProvider {
                ↓⟦error: 'roomProxy' cannot be weak while 'RoomProxyProtocol' is adopted by the value type 'MockRoomProxy': hold it through a class-bound protocol or class weakly, or let go of it when the flow ends⟧let roomProxy: RoomProxyProtocol
                init(roomProxy: RoomProxyProtocol) { self.roomProxy = roomProxy }
            }
            """),
        // A property typed 'Any' cannot be weak: the advice names the class type to hold it as.
        Example(webContext("↓⟦error: 'AuthenticationController.asWebContext' holds 'AuthenticationViewController' strongly, and 'AuthenticationViewController' owns 'AuthenticationController' through 'authenticationController' (assigned at Example.swift:6); declare it 'weak var asWebContext: AnyObject?' ('Any' cannot be weak)⟧var asWebContext: Any?")),
        // The configuration's content controller keeps its handler; the web view keeps the configuration.
        Example(webCoordinator("↓⟦error: 'WebCoordinator.webView' owns 'WebCoordinator' as its script message handler (add(_:name:) at Example.swift:13), and 'WebCoordinator' owns 'WebCoordinator.webView' through 'webView'⟧userContentController.add(self, name: \"call\")")),
        // Registered under two names: each registration keeps the handler, and the message names both.
        Example(webCoordinator("↓⟦error: or remove the script message handler when done, for each of its 2 registrations (also at Example.swift:13)$⟧userContentController.add(self, name: \"call\"); userContentController.add(self, name: \"hangUp\")")),
        // The protocol is not class-bound: the advice says so ('weak' alone would not compile).
        // The queue's record holds its target strongly: the file keeps the queue, the queue the record,
        // the record the file.
        Example(coalescingQueue("targets.append(target)", call: "saveQueue.add(↓⟦error: 'CoalescingQueue.targets' holds 'OPMLFile' strongly, and 'OPMLFile' owns 'CoalescingQueue' through 'saveQueue' (assigned at Example.swift:16); 'targets' is a collection, which cannot be weak⟧self, #selector(save))")),
        Example(roomProxy("private ↓⟦error: 'RoomTimelineProvider.roomProxy' holds 'RoomProxy' strongly, and 'RoomProxy' owns 'RoomTimelineProvider' through 'timelineProvider' (assigned at Example.swift:7); declare it 'weak var roomProxy' and make 'RoomProxyProtocol' class-bound (': AnyObject')⟧var roomProxy", bound: "")),
        // A hash table made to hold its objects strongly keeps the listener, which keeps the view.
        Example(listenerTable("↓⟦error: 'MessageTextView.listeners' holds 'EditCommentViewController' strongly⟧var listeners = NSHashTable<AnyObject>()")),
        // A Foundation collection the screen keeps, holding the screen.
        Example(podTextView("private ↓⟦error: 'EditCommentViewController.listeners' holds 'EditCommentViewController' strongly⟧let listeners = NSMutableArray()",
                            add: "listeners.add(self)")),
        Example(objcListenerTable("[NSHashTable hashTableWithOptions:NSPointerFunctionsStrongMemory]",
                                  property: "↓⟦error: 'PresenceMonitor.observers' holds 'RoomViewController' strongly⟧@property (nonatomic, strong) NSHashTable *observers;")),
        // A cycle read whole in one file stays one type's, whatever other module declares the name too.
        Example([
            "Kit/Charts.swift": """
                import AppKit
                class ChartView: NSView {}
                """,
            "Disk/Popup.swift": """
                import AppKit
                final class DiskChart {
                    ↓⟦error: 'DiskChart.owner' holds 'ChartView' strongly⟧var owner: ChartView?
                    init(owner: ChartView) { self.owner = owner }
                }
                final class ChartView: NSStackView {
                    var chart: DiskChart?
                    func setup() { chart = DiskChart(owner: self) }
                }
                """,
        ]),
        // The settings tab's screen keeps the very ribbon around the segment that holds it: one object's
        // references, cited where that ribbon is stored (not where the assets tab stores its own). (Which
        // reference to weaken is the reader's call here; the cycle is real.)
        Example(tabs("""
            let ribbon = RibbonViewController(rootViewController: segment)
            noSafes.hasSafeViewController = ribbon
            return ribbon
            """, root: "private(set) ↓⟦error: 'RibbonViewController.rootViewController' holds 'NoSafesViewController' strongly, and 'NoSafesViewController' owns 'RibbonViewController' through 'hasSafeViewController' (assigned at Example.swift:36); declare it 'weak var rootViewController'⟧var rootViewController: UIViewController?")),
        // A tuple cannot be weak (Ice `LayoutBarItemView.swift:29`, advice read WRONG: "declare it 'weak var'").
        Example("""
            import AppKit
            final class LayoutBarContainer: NSView {
                var arrangedViews: [LayoutBarItemView] = []
                func insert(_ view: LayoutBarItemView, at index: Int) {
                    arrangedViews.insert(view, at: index)
                    view.oldContainerInfo = (self, index)
                }
            }
            final class LayoutBarItemView: NSView {
                ↓⟦error: 'oldContainerInfo' is a tuple, which cannot be weak: keep the object in a weak property of its own⟧var oldContainerInfo: (container: LayoutBarContainer, index: Int)?
            }
            """),
        // A third tab controller, made for a sheet and kept by nothing for life: that one leaks.
        Example(tabControllers(target: "↓⟦error: 'TabItemView.target' holds 'TabController' strongly⟧var target: AnyObject?",
                               more: "final class Sheet { func show() { let extra = TabController(); extra.addItem() } }")),
    ]

    static let clean: [Example] = [
        // The singleton's downloader lives for the process, and so does its cache: cancelling the tasks the
        // downloader hands out is no clearing of the singleton's 'downloader' (stepik `Downloader.swift:65`: a
        // first reading of 'bag.forEach { $0.cancel() }' took any collection read through a property for it).
        Example("""
            final class DownloadTask { func cancel() {} }
            final class Downloader {
                var cache: Cache?
                var restoredTasks: [DownloadTask] = []
                init() { cache = Cache(downloader: self) }
                final class Cache {
                    var downloader: Downloader
                    init(downloader: Downloader) { self.downloader = downloader }
                }
            }
            final class DownloadingService {
                static let shared = DownloadingService(downloader: Downloader())
                let downloader: Downloader
                init(downloader: Downloader) {
                    self.downloader = downloader
                    self.downloader.restoredTasks.forEach { task in task.cancel() }
                }
            }
            """),
        // Each tab controller is made once by an object that lives for the process and kept by it for life: the
        // cycle frees nothing (WWDC `TabItemView.swift:41`, read DEBATABLE: "both tab controllers are made once
        // and live for the app").
        Example(tabControllers()),
        // The only assignment is in `#if false`: never built (GoMap `VoiceAnnouncement.swift:24`, read FALSE). Built,
        // it is reported (the triggering example of the same code).
        Example(announcer(condition: "false")),
        // A dictionary's `forEach` hands its closure a key and a value: the key is no element (mammoth
        // `NewsFeedListItem.swift:12`, read FALSE: a tag's `String` name read as holding a feed item).
        Example("""
            final class Tag {
                let name: String
                init(name: String) { self.name = name }
            }
            final class FeedItem { var tags: [Tag] = [] }
            final class FeedViewModel {
                var hashtag: [String: [FeedItem]] = [:]
                func refresh(item: FeedItem) {
                    hashtag.forEach { (key, items) in
                        item.tags.append(Tag(name: key))
                    }
                }
            }
            """),
        // Observers kept in an array of a project's weak box, whose setter stores the value in a weak field
        // (session-ios `ImageEditorModel.swift:128` ×3, read FALSE: `Weak` holds its value weakly).
        Example("""
            import UIKit
            public struct Weak<T> {
                private weak var _value: AnyObject?
                public var value: T? {
                    get { return _value as? T }
                    set { _value = newValue as AnyObject }
                }
                public init(value: T) { self.value = value }
            }
            protocol ImageEditorModelObserver: AnyObject {}
            final class ImageEditorModel {
                private var observers = [Weak<ImageEditorModelObserver>]()
                func add(observer: ImageEditorModelObserver) { observers.append(Weak(value: observer)) }
            }
            final class ImageEditorBrushViewController: UIViewController, ImageEditorModelObserver {
                private let model = ImageEditorModel()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    model.add(observer: self)
                }
            }
            """),
        // A tree of groups, one of them of a subclass: the parent's `groups` holds the subclass's object, which
        // holds groups of its own through the same inherited array; no object holds itself (KeePassium
        // `Database2.swift:633`, read FALSE: a parent → child edge with no edge back).
        Example("""
            class Group {
                weak var parent: Group?
                var groups: [Group] = []
                func add(group: Group) {
                    group.parent = self
                    groups.append(group)
                }
                func clone() -> Group { Group() }
                func deepClone() -> Group {
                    let selfCopy = clone()
                    groups.forEach { selfCopy.add(group: $0.deepClone()) }
                    return selfCopy
                }
            }
            final class Group2: Group {
                override func clone() -> Group { Group2() }
            }
            final class Database2 {
                var root: Group?
                func makeBackupGroup() {
                    let backupGroup = Group2()
                    root?.add(group: backupGroup)
                }
            }
            """),
        // Two modules each declare a `ChartView` (a framework's base view and a module's stack of charts): the
        // loop joins one's `chart` to the other's, which no object does (stats `Charts.swift:755`/`:756`, read
        // FALSE: `chart` is the Disk module's view's property).
        Example([
            "Kit/Charts.swift": """
                import AppKit
                class ChartView: NSView {}
                final class NetworkChartView: NSView {
                    private var inChart = ChartView()
                }
                """,
            "Disk/Popup.swift": """
                import AppKit
                final class ChartView: NSStackView {
                    var chart: NetworkChartView?
                    func setup() { chart = NetworkChartView() }
                }
                """,
        ]),
        // The same through a subclass of the chart kit's `ChartView`, which inherits no `chart` from the Disk
        // module's (stats `Charts.swift:755`: 'LineChartView' owns 'NetworkChartView' through 'chart').
        Example([
            "Kit/Charts.swift": """
                import AppKit
                class ChartView: NSView {}
                final class LineChartView: ChartView {}
                final class NetworkChartView: ChartView {
                    private var inChart = LineChartView()
                }
                """,
            "Disk/Popup.swift": """
                import AppKit
                class ChartView: NSStackView {
                    var chart: NSView?
                    func setup(_ view: NetworkChartView) { chart = view }
                }
                """,
            "Disk/Use.swift": """
                import AppKit
                func fill(_ line: LineChartView) { line.chart = NetworkChartView() }
                """,
        ]),
        // Each tab makes its own screen, ribbon and segment: the ribbon the assets tab's screen keeps (made at
        // one place) is never the ribbon around the settings tab's segment (made at another), so the types'
        // loop joins no object (safe-ios `NoSafesViewController.swift:12`, `MainTabBarViewController.swift:233`,
        // `AssetsViewController.swift:36`, read FALSE: different instances).
        Example(tabs("return RibbonViewController(rootViewController: segment)")),
        // The same with the assets tab's ribbon made by a static factory: every ribbon it returns is made at
        // its one construction (safe-ios `NoSafesViewController.swift:14`, `ViewControllerFactory.ribbonWith`).
        Example(tabs("return RibbonViewController(rootViewController: segment)",
                     assets: "ViewControllerFactory.ribbonWith(viewController: AssetsViewController())")),
        // Two structs that hold each other's type (one in an optional, one in an array): values are copied,
        // nothing keeps anything (ivpn `Peer.swift:35`, read FALSE with advice 'weak', which a struct refuses).
        Example("""
            struct Peer {
                var endpoint: String?
                var tunnel: Tunnel?
            }
            struct Tunnel {
                var peers: [Peer] = []
                mutating func add(_ peer: Peer) { peers.append(peer) }
            }
            func configure() -> Tunnel {
                var tunnel = Tunnel()
                let peer = Peer(endpoint: "a", tunnel: tunnel)
                tunnel.add(peer)
                return tunnel
            }
            """),
        // `show(_:sender:)` on the screen itself: UIKit pushes onto the screen's navigation controller (or
        // presents), which keeps the new ribbon, not the screen (safe-ios `RibbonViewController.swift:19`,
        // read FALSE seven times: each ribbon shown is a new one).
        Example("""
            import UIKit
            final class RibbonViewController: UIViewController {
                let rootViewController: UIViewController
                init(rootViewController: UIViewController) {
                    self.rootViewController = rootViewController
                    super.init(nibName: nil, bundle: nil)
                }
                required init?(coder: NSCoder) { nil }
            }
            final class DetailsViewController: UIViewController {}
            final class SettingsViewController: UIViewController {
                func openDetails() { show(RibbonViewController(rootViewController: DetailsViewController()), sender: self) }
            }
            final class SettingsTab {
                let ribbon = RibbonViewController(rootViewController: SettingsViewController())
            }
            """),
        // A hash table made by `weakObjects()` holds its objects weakly: adding the screen keeps nothing
        // (GitHawk `EditCommentViewController.swift:27`, reported as the screen keeping itself through its
        // text view, whose pod's listener table is `NSHashTable.weakObjects()`).
        Example(listenerTable("var listeners: NSHashTable<AnyObject> = NSHashTable.weakObjects()")),
        // The text view's type is a pod's, which coordlint cannot see: `add(listener:)` is its own method,
        // not a collection's add (GitHawk `EditCommentViewController.swift:27`, with `Pods/` left out).
        Example(podTextView("private let textView = MessageTextView()", add: "textView.add(listener: self)")),
        Example(listenerTable("var listeners = NSHashTable<AnyObject>.weakObjects()")),
        Example(listenerTable("let listeners = NSHashTable<AnyObject>(options: .weakMemory)")),
        Example(objcListenerTable("[NSHashTable weakObjectsHashTable]")),
        Example(objcListenerTable("[NSHashTable hashTableWithOptions:NSPointerFunctionsWeakMemory]")),
        // The app coordinator makes the one navigation controller of the app and hands it down: the cycle
        // through it frees nothing when broken (replacing the root ends the screen; element-x
        // `HomeScreenCoordinator.swift:24`, read FALSE twice).
        Example(sessionFlow("""
            final class AppCoordinator {
                private let navigationController: NavigationController
                private var userSessionFlowCoordinator: UserSessionFlowCoordinator?
                init() { navigationController = NavigationController() }
                func startSession() {
                    userSessionFlowCoordinator = UserSessionFlowCoordinator(navigationController: navigationController)
                    userSessionFlowCoordinator?.start()
                }
            }
            """)),
        Example(webContext("weak var asWebContext: AnyObject?")),
        Example(webCoordinator("userContentController.add(WeakHandler(self), name: \"call\")")),
        Example(roomProxy("private weak var roomProxy", bound: ": AnyObject")),
        // The record holds its target weakly: `saveQueue.add(self, …)` is the queue's own method, which
        // keeps nothing of 'self' (NetNewsWire `OPMLFile.swift:23`, reported before as the file keeping
        // itself through `saveQueue`, with advice to weaken the queue's only owner).
        Example(coalescingQueue("let queueCall = QueueCall(target: target, selector: selector); add(queueCall)")),
        // The observer goes into a record's weak field: the collection keeps the record, not the
        // observer (owncloud progress summarizer).
        Example("""
            import UIKit
            private struct ObserverRecord {
                weak var observer: AnyObject?
                var block: (Int) -> Void
            }
            final class ProgressSummarizer {
                private var observers: [ObserverRecord] = []
                func addObserver(_ observer: AnyObject, block: @escaping (Int) -> Void) {
                    observers.append(ObserverRecord(observer: observer, block: block))
                }
            }
            final class DownloadHUDViewController: UIViewController {
                let progressSummarizer = ProgressSummarizer()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    progressSummarizer.addObserver(self, block: { [weak self] _ in self?.view.setNeedsLayout() })
                }
            }
            """),
        // A condition whose enum case holds other conditions is a tree: one type holding its own type
        // through a value, never the same object (owncloud data source conditions).
        Example("""
            final class DataSourceCondition {
                enum Condition {
                    case empty
                    case allOf(_ conditions: [DataSourceCondition])
                }
                let condition: Condition
                init(_ condition: Condition) { self.condition = condition }
            }
            final class SharedViewController {
                var noItemsCondition: DataSourceCondition?
                func setUp() {
                    noItemsCondition = DataSourceCondition(.allOf([DataSourceCondition(.empty), DataSourceCondition(.empty)]))
                }
            }
            """),
    ]

    /// A map view that makes a voice announcer pointing back at it, under `#if condition` (GoMap's: `false`).
    static func announcer(condition: String) -> String {
        """
        import UIKit
        final class VoiceAnnouncement {
            var mapView: MapView?
        }
        final class MapView: UIView {
            var voiceAnnouncement: VoiceAnnouncement?
            func setUp() {
        #if \(condition)
                voiceAnnouncement = VoiceAnnouncement()
                voiceAnnouncement?.mapView = self
        #endif
            }
        }
        """
    }
}

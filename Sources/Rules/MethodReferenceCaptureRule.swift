import Analysis
import CoordLintCore

/// A method reference (`showHome: self.pushHomeScreen`) stored as a closure, closing a cycle.
public struct MethodReferenceCaptureRule: AnalysisRule {
    public init() {}

    /// A project function that stores its argument in the card it makes and returns.
    private static let cardFactory = """
        import UIKit
        final class Card { let onTap: () -> Void; init(onTap: @escaping () -> Void) { self.onTap = onTap } }
        func makeCard(onTap: @escaping () -> Void) -> Card { Card(onTap: onTap) }

        """

    /// element-x's room screen: the view model's `state` is computed, its setter stores into the context
    /// the view model keeps; `handler` is what the screen stores in the state.
    /// A web view's coordinator that keeps the screen's context it is given and hands that context (by the
    /// parameter's name, in a closure of its initializer) a handler (element-x's call screen).
    private static func webCoordinator(_ handler: String, holding: String = "private let") -> String {
        """
        import Foundation
        struct Bindings { var evaluator: ((String) -> Void)? }
        @dynamicMemberLookup
        final class ScreenContext {
            var bindings = Bindings()
            subscript<T>(dynamicMember keyPath: WritableKeyPath<Bindings, T>) -> T {
                get { bindings[keyPath: keyPath] }
                set { bindings[keyPath: keyPath] = newValue }
            }
        }
        final class WebCoordinator {
            \(holding) context: ScreenContext?
            init(context: ScreenContext) {
                self.context = context
                DispatchQueue.main.async { context.evaluator = \(handler) }
            }
            func evaluate(_ script: String) {}
        }
        """
    }

    private static func roomScreen(_ handler: String) -> String {
        """
        import Combine
        final class ViewModelContext<ViewState>: ObservableObject {
            @Published fileprivate(set) var viewState: ViewState
            init(initialViewState: ViewState) { viewState = initialViewState }
        }
        class StateStoreViewModel<State, ViewAction> {
            typealias Context = ViewModelContext<State>
            let context: Context
            var state: State {
                get { context.viewState }
                set { context.viewState = newValue }
            }
            init(initialViewState: State) { context = Context(initialViewState: initialViewState) }
        }
        struct RoomScreenViewState { var items: [String] = []; var contextMenuBuilder: ((String) -> String)? }
        typealias RoomScreenViewModelType = StateStoreViewModel<RoomScreenViewState, Int>
        final class RoomScreenViewModel: RoomScreenViewModelType {
            init() {
                super.init(initialViewState: RoomScreenViewState())
                state.contextMenuBuilder = \(handler)
            }
            private func buildContextMenu(for itemID: String) -> String { itemID }
        }
        """
    }

    public static let description = RuleDescription(
        identifier: "method_reference_capture",
        name: "Method Reference Capture",
        summary: "A method reference passed or stored as a closure captures its receiver strongly, closing a cycle",
        rationale: """
            'self.pushHomeScreen' (or a bare 'pushHomeScreen') used as a closure value captures 'self' \
            strongly without the word 'self' appearing in a closure, and a capture list cannot weaken it. \
            Stored in a transitions struct on a screen the coordinator owns, it closes a cycle. Pass \
            '{ [weak self] in self?.pushHomeScreen(user: $0) }' instead (and make a struct coordinator a class).
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            Example("""
                struct WelcomeTransitions { let showHome: (User?) -> Void }
                final class WelcomeViewController: UIViewController { var navTransitions: WelcomeTransitions! }
                final class AppCoordinator {
                    let window: UIWindow
                    init(window: UIWindow) { self.window = window }
                    func start() {
                        let vc = WelcomeViewController()
                        vc.navTransitions = WelcomeTransitions(showHome: ↓⟦error: method reference 'pushHomeScreen' stored in 'WelcomeTransitions.showHome' captures 'self'⟧self.pushHomeScreen)
                        window.rootViewController = vc
                    }
                    private func pushHomeScreen(user: User?) {}
                }
                """),
            // A bare method name is a method reference too.
            Example("""
                final class ListViewController: UIViewController { var onSelect: ((Int) -> Void)? }
                final class ListCoordinator {
                    let navigationController = UINavigationController()
                    func start() {
                        let list = ListViewController()
                        list.onSelect = ↓⟦error: method reference 'showItem' stored in 'ListViewController.onSelect' captures 'self'⟧showItem
                        navigationController.pushViewController(list, animated: true)
                    }
                    func showItem(_ id: Int) {}
                }
                """),
            // Through a project function that stores it in what it returns, which self keeps.
            Example(cardFactory + """
                final class FeedViewController: UIViewController {
                    var card: Card?
                    override func viewDidLoad() { super.viewDidLoad(); card = makeCard(onTap: ↓⟦error: method reference 'openDetails' stored in 'Card.onTap' captures 'self'⟧openDetails) }
                    func openDetails() {}
                }
                """),
            // Stored through a computed property whose setter keeps the value in the context self keeps.
            Example(roomScreen("↓⟦error: method reference 'buildContextMenu' stored in 'RoomScreenViewModel.context.contextMenuBuilder' captures 'self'⟧buildContextMenu(for:)")),
            // Stored on the initializer's parameter, the object self keeps in the property it was given to.
            Example(webCoordinator("↓⟦error: method reference 'evaluate' stored in 'WebCoordinator.context.evaluator' captures 'self' (WebCoordinator) strongly⟧self.evaluate(_:)")),
            // An async throwing method: the closure to pass calls it with 'try await' (element-x call screen).
            Example("""
                final class ScriptContext { var evaluator: ((String) async throws -> Void)? }
                final class CallCoordinator {
                    let context = ScriptContext()
                    init() { context.evaluator = ↓⟦error: pass '{ [weak self] in try await self?.evaluate($0) }' instead⟧evaluate }
                    func evaluate(_ script: String) async throws {}
                }
                """),
            // A method returning a value: the optional call needs one for when self is gone (pocket-casts'
            // themed image views); one returning an optional needs none.
            Example("""
                import UIKit
                class ThemeableImageView: UIImageView {
                    var imageNameFunc: (() -> String)?
                    var accessibilityFunc: (() -> String?)?
                }
                final class WhatsNewImageView: ThemeableImageView {
                    init() {
                        super.init(frame: .zero)
                        imageNameFunc = ↓⟦error: pass '{ [weak self] in self?.themedImageName() ?? … }' instead, with the value to return once 'self' is gone; 'WhatsNewImageView' is also kept by the leak reported at Example.swift:10: fix it too$⟧themedImageName
                        accessibilityFunc = ↓⟦error: pass '{ [weak self] in self?.spokenName() }' instead; 'WhatsNewImageView' is also kept by the leak reported at Example.swift:9: fix it too$⟧spokenName
                    }
                    required init?(coder: NSCoder) { nil }
                    func themedImageName() -> String { "light" }
                    func spokenName() -> String? { nil }
                }
                """),
            // The same, let go of in 'stop()' through the same computed property: a note naming it.
            Example(roomScreen("↓⟦note: method reference 'buildContextMenu' stored in 'RoomScreenViewModel.context.contextMenuBuilder' captures 'self'⟧buildContextMenu(for:)")
                + "\nextension RoomScreenViewModel { func stop() { state.contextMenuBuilder = nil } }"),
        ],
        nonTriggeringExamples: [
            // Objective-C has no method references: `self.statusBarHeight` sends the message, whatever declares it
            // (mammoth's `TOCropViewController.m:420`, a getter method, and `:122`, a `BOOL` property).
            Example([
                "CropViewController.m": """
                    #import <UIKit/UIKit.h>
                    @interface CropToolbar : UIView
                    @property (nonatomic, assign) CGFloat statusBarHeightInset;
                    @end
                    @implementation CropToolbar
                    @end
                    @interface CropViewController : UIViewController
                    @property (nonatomic, strong) CropToolbar *toolbar;
                    @end
                    @implementation CropViewController
                    - (void)viewDidLoad {
                        self.toolbar = [[CropToolbar alloc] initWithFrame:CGRectZero];
                        self.toolbar.statusBarHeightInset = self.statusBarHeight;
                    }
                    - (CGFloat)statusBarHeight { return 20; }
                    @end
                    """,
            ]),
            // A lazy property's closure binds a local named as a method of the type: the argument is that local,
            // never the method (session-ios `ConversationVC.swift:220`/`:238`, read FALSE).
            Example("""
                import UIKit
                final class InfoBanner: UIView {
                    struct Info { let message: String }
                    let info: Info
                    init(info: Info) { self.info = info; super.init(frame: .zero) }
                    required init?(coder: NSCoder) { fatalError() }
                }
                final class ConversationVC: UIViewController {
                    lazy var blockedBanner: InfoBanner = {
                        let info: InfoBanner.Info = InfoBanner.Info(message: "Blocked")
                        let result: InfoBanner = InfoBanner(info: info)
                        return result
                    }()
                    func info(_ message: String) {}
                }
                """),
            // `tableView` in a UITableViewController subclass is UIKit's property, not the data source method
            // of that base name (safe-ios `SendTransactionContentViewController.swift:27`, read FALSE three times).
            Example("""
                import UIKit
                final class CellBuilder {
                    let tableView: UITableView
                    init(tableView: UITableView) { self.tableView = tableView }
                }
                final class TransactionViewController: UITableViewController {
                    var builder: CellBuilder!
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        builder = CellBuilder(tableView: tableView)
                    }
                    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
                }
                """),
            Example(roomScreen("{ [weak self] in self?.buildContextMenu(for: $0) ?? \"\" }")),
            Example(webCoordinator("{ [weak self] in self?.evaluate($0) }")),
            Example(webCoordinator("self.evaluate(_:)", holding: "private weak var")),
            // The app delegate makes the AppCoordinator once, whichever of two it picks: it lives as long as
            // the process, so its detector's method reference frees nothing when weakened (element-x).
            Example("""
                import UIKit
                protocol Coordinator: AnyObject { func start() }
                final class ScreenshotDetector { var callback: ((UIImage?) -> Void)? }
                final class AppCoordinator: Coordinator {
                    private var screenshotDetector: ScreenshotDetector?
                    func start() {
                        let detector = ScreenshotDetector()
                        detector.callback = processScreenshot
                        screenshotDetector = detector
                    }
                    private func processScreenshot(_ image: UIImage?) {}
                }
                final class PreviewAppCoordinator: Coordinator { func start() {} }
                @main
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    private lazy var appCoordinator: Coordinator = ProcessInfo.processInfo.arguments.contains("-preview") ? PreviewAppCoordinator() : AppCoordinator()
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
                        appCoordinator.start()
                        return true
                    }
                }
                """),
            // `self.currentDate` where the type declares a computed property and a method of that name: the
            // property's value, a `Date`, not a method reference (LoopKit `MealDetectionManager.swift:280`).
            Example("""
                import Foundation
                struct MealReminder { let deliveryTime: Date; let grams: Double }
                final class MealMonitor {
                    private var lastReminder: MealReminder?
                    var currentDate: Date { Date() }
                    func currentDate(offset: TimeInterval = 0) -> Date { currentDate.addingTimeInterval(offset) }
                    func remind(grams: Double) {
                        let now = self.currentDate
                        lastReminder = MealReminder(deliveryTime: now, grams: grams)
                    }
                }
                """),
            // The same card, given a closure that captures self weakly.
            Example(cardFactory + """
                final class FeedViewController: UIViewController {
                    var card: Card?
                    override func viewDidLoad() { super.viewDidLoad(); card = makeCard(onTap: { [weak self] in self?.openDetails() }) }
                    func openDetails() {}
                }
                """),
            // A setter's value ('set(image)', 'newValue') is not the method 'image(for:)'.
            Example("""
                final class ThemeImage {
                    private var storedImage: UIImage?
                    var sourceImage: UIImage? {
                        get { storedImage }
                        set(image) { storedImage = image }
                    }
                    func image(for style: Int) -> UIImage? { nil }
                }
                """),
            // Names that only look like methods: a closure parameter, a loop variable, an 'if let' shorthand,
            // a pattern binding. None of them is 'self.image(for:)' or 'self.section(at:)'.
            Example("""
                final class ThemeImage {
                    var sourceImage: Any?
                    var sections: [Section] = []
                    var core: Core?
                    var current: Core?
                    func image(for style: Int) -> UIImage? { nil }
                    func section(at index: Int) -> Section? { nil }
                    func core(_ id: Int) -> Core? { nil }
                    func load(_ loader: Loader) {
                        loader.fetch { image in self.sourceImage = image }
                        for section in loader.sections { sections.append(section) }
                        if let core { current = core }
                        switch loader.state { case .ready(let image): sourceImage = image; default: break }
                    }
                }
                final class Section {}
                final class Core {}
                final class Loader {
                    enum State { case ready(UIImage), idle }
                    var state: State = .idle
                    var sections: [Section] = []
                    func fetch(_ done: @escaping (UIImage) -> Void) {}
                }
                """),
            Example("""
                struct WelcomeTransitions { let showHome: (User?) -> Void }
                final class WelcomeViewController: UIViewController { var navTransitions: WelcomeTransitions! }
                final class AppCoordinator {
                    let window: UIWindow
                    init(window: UIWindow) { self.window = window }
                    func start() {
                        let vc = WelcomeViewController()
                        vc.navTransitions = WelcomeTransitions(showHome: { [unowned self] in self.pushHomeScreen(user: $0) })
                        window.rootViewController = vc
                    }
                    private func pushHomeScreen(user: User?) {}
                }
                """),
            // A method reference stored on something the receiver does not own.
            Example("""
                final class Bus { var handler: ((Int) -> Void)? }
                final class LogCoordinator {
                    func start(bus: Bus) { bus.handler = self.log }
                    func log(_ x: Int) {}
                }
                """),
        ]
    )

    public func check(_ program: Program) -> [Finding] {
        program.cycles.compactMap { cycle -> Finding? in
            guard cycle.role == .methodReference, case .capture(_, let method) = cycle.anchor.origin else { return nil }
            let anchor = cycle.anchor
            let receiver = anchor.to
            let isStruct = program.types[receiver]?.isValueType == true
            // A method returning a value that is not optional: the optional call needs one for when self is gone.
            let declaration = program.method(method, of: receiver)
            let needsFallback = declaration?.returnType.map { !$0.isOptional && !$0.isVoid } ?? false
            let replacement = closureText(method: method, declaration: declaration, fallback: needsFallback)
            var fix: Fix?
            // `{ [weak self] in self?.m($0) }` keeps the closure's type only for a method that returns nothing.
            if !isStruct, declaration?.returnType == nil,
               let reference = program.methodReference(at: anchor.location) {
                let end = SourceLocation(file: anchor.location.file, line: anchor.location.line,
                                         column: anchor.location.column + reference.length)
                fix = Fix(message: "wrap it in a closure that captures 'self' weakly",
                          edits: [.replace(SourceRange(start: anchor.location, end: end), with: replacement)])
            }
            return finding(
                Message.capture(method: method, receiver: receiver, isStruct: isStruct, replacement: replacement, fallback: needsFallback,
                                cycle: cycle, in: program),
                at: anchor.location, subject: "\(receiver).\(method)", cycle: cycle, in: program, fixes: [fix])
        }
    }

    /// `{ [weak self] in self?.pushHomeScreen(user: $0) }`, with the method's own labels, and `try await`
    /// before the call when the method throws or is async.
    private func closureText(method: String, declaration: FunctionFact?, fallback: Bool) -> String {
        let arguments = (declaration?.parameters ?? []).enumerated().map { index, parameter in
            (parameter.label.map { "\($0): " } ?? "") + "$\(index)"
        }.joined(separator: ", ")
        let effects = (declaration?.isThrowing == true ? "try " : "") + (declaration?.isAsync == true ? "await " : "")
        return "{ [weak self] in \(effects)self?.\(method)(\(arguments))\(fallback ? " ?? …" : "") }"
    }

    private enum Message {
        static func capture(method: String, receiver: String, isStruct: Bool, replacement: String, fallback: Bool, cycle: Cycle,
                            in program: Program) -> String {
            let rest = program.describePath(cycle.edges.dropFirst().dropLast())
            let advice = isStruct
                ? "'\(receiver)' is a struct, which no capture list can weaken: make it a class and pass '\(replacement)'"
                : "pass '\(replacement)' instead" + (fallback ? ", with the value to return once 'self' is gone" : "")
            return "method reference '\(method)' \(CycleWording.storage(of: cycle)) captures 'self' "
                + "(\(receiver)) strongly without saying so\(rest.isEmpty ? "" : "; \(rest)"); \(advice)"
                + CycleWording.moreSuffix(cycle)
        }
    }
}

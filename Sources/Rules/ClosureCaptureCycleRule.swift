import Analysis
import CoordLintCore

/// A stored closure that captures, strongly, an object that owns it.
public struct ClosureCaptureCycleRule: AnalysisRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "closure_capture_cycle",
        name: "Closure Capture Cycle",
        summary: "A stored closure captures, strongly, an object that owns it",
        rationale: """
            A callback stored on a view controller the coordinator owns (onCheckout, a transitions struct, \
            a Combine sink kept in cancellables, a lazy property) keeps everything it captures. When it \
            captures the coordinator — 'self', implicitly or explicitly — the coordinator and the screen \
            own each other. Capture '[weak self]' (or '[unowned self]' when the closure can never outlive it).
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            // Several statements, no value returned: a Void closure, so the fix-it adds '[weak self]' and
            // 'guard let self else { return }' and leaves every use of self as it is.
            Example("""
                final class PaymentCoordinator {
                    let navigationController = UINavigationController()
                    var receipts = 0
                    func start() {
                        let payment = PaymentViewController()
                        payment.onPaid = ↓⟦error: closure stored in 'PaymentViewController.onPaid' captures 'self' (PaymentCoordinator) strongly⟧{ receipt in
                            self.receipts += 1
                            showReceipt(receipt)
                        }
                        navigationController.pushViewController(payment, animated: true)
                    }
                    func showReceipt(_ receipt: Int) {}
                }
                final class PaymentViewController: UIViewController { var onPaid: ((Int) -> Void)? }
                """),
            // The closure goes to an initializer that stores it, past a parameter with a default value
            // the call leaves out (owncloud/ios-app settings rows: 'alignment' skipped).
            Example("""
                final class HelpSection {
                    private var helpRow: SettingsRow?
                    func createRows() {
                        helpRow = SettingsRow(rowWithAction: ↓⟦error: closure stored in 'SettingsRow.action' captures 'self' (HelpSection) strongly⟧{ _ in
                            self.openHelp()
                        }, title: "Help", accessory: 1)
                    }
                    func openHelp() {}
                }
                final class SettingsRow {
                    var action: ((SettingsRow) -> Void)?
                    init() {}
                    convenience init(rowWithAction: ((SettingsRow) -> Void)?, title: String, alignment: Int = 0, accessory: Int = 0, identifier: String? = nil) {
                        self.init()
                        self.action = rowWithAction
                    }
                }
                """),
            // A cell's bag emptied in 'prepareForReuse' is not emptied on the cell's way out: the cells
            // a table holds when it goes away are never prepared again (mastodon-ios timestamp sinks).
            Example("""
                import Combine
                import UIKit
                final class TimelineSection {
                    static func configure(cell: StatusCell, ticks: AnyPublisher<Date, Never>) {
                        ticks
                            .sink ↓⟦error: closure stored in 'StatusCell.disposeBag' captures 'cell' (StatusCell) strongly⟧{ _ in
                                cell.timeLabel.text = "now"
                            }
                            .store(in: &cell.disposeBag)
                    }
                }
                final class StatusCell: UITableViewCell {
                    var disposeBag = Set<AnyCancellable>()
                    let timeLabel = UILabel()
                    override func prepareForReuse() {
                        super.prepareForReuse()
                        disposeBag.removeAll()
                    }
                }
                """),
            // A cell from a pod, which coordlint cannot see, kept by the controller's property: the
            // closure assigned to its member is kept by that cell.
            Example("""
                import PodCells
                final class NotificationsSettingsController: UIViewController {
                    lazy var toggleCell = ToggleCell()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        toggleCell.action = ↓⟦error: closure stored in 'NotificationsSettingsController.toggleCell.action' captures 'self' (NotificationsSettingsController) strongly⟧{ self.save() }
                    }
                    func save() {}
                }
                """),
            // Core Motion keeps an update handler until the matching stop call; the manager is
            // self's. Stopping in a method turns it into a note naming that method.
            Example("""
                import CoreMotion
                final class RegionMonitor: NSObject {
                    let activityManager = CMMotionActivityManager()
                    let pedometer = CMPedometer()
                    var lastActivity: CMMotionActivity?
                    var steps = 0
                    func start(queue: OperationQueue) {
                        activityManager.startActivityUpdates(to: queue) ↓⟦error: closure stored in 'RegionMonitor.activityManager.startActivityUpdates' captures 'self' (RegionMonitor) strongly⟧{ activity in
                            self.lastActivity = activity
                        }
                        pedometer.startUpdates(from: Date()) ↓⟦note: closure stored in 'RegionMonitor.pedometer.startUpdates' captures 'self' (RegionMonitor) strongly⟧{ data, _ in
                            self.steps = data?.numberOfSteps.intValue ?? 0
                        }
                    }
                    func stop() { pedometer.stopUpdates() }
                }
                """),
            // A type with a static property of its own type is no singleton when it is constructed in
            // several places: each API object has its own region manager (home-assistant's HomeAssistantAPI).
            Example("""
                import CoreMotion
                final class HomeAssistantAPI {
                    static var sharedInstance: HomeAssistantAPI?
                    let regionManager = RegionManager()
                }
                final class RegionManager {
                    let activityManager = CMMotionActivityManager()
                    var updates = 0
                    func start(queue: OperationQueue) {
                        activityManager.startActivityUpdates(to: queue) ↓⟦error: closure stored in 'RegionManager.activityManager.startActivityUpdates' captures 'self' (RegionManager) strongly⟧{ _ in self.updates += 1 }
                    }
                }
                final class ConnectionSettings {
                    func connect() { HomeAssistantAPI.sharedInstance = HomeAssistantAPI() }
                    func test() { _ = HomeAssistantAPI() }
                }
                """),
            // A coordinator started and dropped (owncloud's passcode setup): the cycle through its
            // controller is its only owner, so the advice is to let go when done, not '[weak self]'.
            Example("""
                final class PasscodeViewController: UIViewController {
                    var completionHandler: ((String) -> Void)?
                }
                final class PasscodeSetupCoordinator {
                    private let parent: UIViewController
                    private var passcodeViewController: PasscodeViewController?
                    init(parent: UIViewController) { self.parent = parent }
                    func start() {
                        let controller = PasscodeViewController()
                        controller.completionHandler = ↓⟦error: nothing else keeps 'PasscodeSetupCoordinator' (it is started and dropped), so a weak capture would end it early⟧{ passcode in self.save(passcode) }
                        passcodeViewController = controller
                        parent.present(controller, animated: true)
                    }
                    func save(_ passcode: String) { parent.dismiss(animated: true) }
                }
                final class SettingsViewController: UIViewController {
                    func setUpPasscode() { PasscodeSetupCoordinator(parent: self).start() }
                }
                """),
            // RxSwift: the bag keeps the Disposable, which keeps the subscription's closure.
            Example("""
                import RxSwift
                final class SearchViewModel {
                    private let disposeBag = DisposeBag()
                    let query = PublishSubject<String>()
                    var results: [String] = []
                    init() {
                        query.subscribe(onNext: ↓⟦error: closure stored in 'SearchViewModel.disposeBag' captures 'self' (SearchViewModel) strongly⟧{ text in
                            self.results = [text]
                        }).disposed(by: disposeBag)
                    }
                }
                """),
            // An operator's closure lives as long as the subscription made on it: weakening only the
            // sink's capture leaves the map's.
            Example("""
                import Combine
                final class InboxViewModel {
                    private var cancellables = Set<AnyCancellable>()
                    let messages = PassthroughSubject<Int, Never>()
                    var titles: [String] = []
                    init() {
                        messages
                            .map ↓⟦error: closure stored in 'InboxViewModel.cancellables' captures 'self' (InboxViewModel) strongly⟧{ self.title(for: $0) }
                            .sink { [weak self] title in self?.titles.append(title) }
                            .store(in: &cancellables)
                    }
                    func title(for id: Int) -> String { String(id) }
                }
                """),
            // Eureka: the form a FormViewController keeps holds its sections, their rows, and the rows'
            // callbacks (home-assistant/iOS settings screens, fixed with '[weak self]').
            Example("""
                import Eureka
                final class SettingsViewController: FormViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        form +++ Section("Logs")
                            <<< ButtonRow("export").onCellSelection ↓⟦error: closure stored in 'SettingsViewController.form.onCellSelection' captures 'self' (SettingsViewController) strongly⟧{ _, _ in
                                self.exportLogs()
                            }
                    }
                    func exportLogs() {}
                }
                """),
            // A stored task looping over an async sequence keeps its closure as long as the sequence
            // yields; no fix-it ('guard let self' before the loop would hold self just the same).
            Example("""
                final class ScannerModel {
                    private var scanning: Task<Void, Never>?
                    let codes = AsyncStream<String> { _ in }
                    func start() {
                        scanning = Task ↓⟦error: closure stored in 'ScannerModel.scanning' captures 'self' (ScannerModel) strongly⟧{
                            for await code in codes {
                                self.handle(code)
                            }
                            self.finish()
                        }
                    }
                    func handle(_ code: String) {}
                    func finish() {}
                }
                """),
            // The bag is emptied when the flow stops: the cycle ends if 'stop()' runs (a note naming it).
            Example("""
                import Combine
                final class PlayerCoordinator {
                    private var cancellables = Set<AnyCancellable>()
                    let events = PassthroughSubject<Int, Never>()
                    func start() { events.sink ↓⟦note: closure stored in 'PlayerCoordinator.cancellables' captures 'self' (PlayerCoordinator) strongly⟧{ self.handle($0) }.store(in: &cancellables) }
                    func stop() { cancellables.removeAll() }
                    func handle(_ value: Int) {}
                }
                """),
            // The teardown runs through a property observer: the screen's lifecycle hook sets 'shouldPlay',
            // whose observer drops the streamer (home-assistant watch camera notification): a note.
            Example("""
                final class Streamer {
                    var onImage: (() -> Void)?
                    func cancel() {}
                }
                final class CameraViewController: UIViewController {
                    var streamer: Streamer?
                    var shouldPlay = true {
                        didSet {
                            if !shouldPlay {
                                streamer?.cancel()
                                streamer = nil
                            }
                        }
                    }
                    func setUp() {
                        let streamer = Streamer()
                        self.streamer = streamer
                        streamer.onImage = ↓⟦note: closure stored in 'Streamer.onImage' captures 'self' (CameraViewController) strongly⟧{ self.show() }
                    }
                    override func viewDidDisappear(_ animated: Bool) {
                        super.viewDidDisappear(animated)
                        shouldPlay = false
                    }
                    func show() {}
                }
                """),
            // Objective-C: a block stored on a pushed view controller, capturing self.
            Example([
                "CheckoutCoordinator.m": """
                    #import <UIKit/UIKit.h>
                    @interface CartViewController : UIViewController
                    @property (nonatomic, copy) void (^onCheckout)(void);
                    @end
                    @interface CheckoutCoordinator : NSObject
                    @property (nonatomic, strong) UINavigationController *navigationController;
                    @end
                    @implementation CheckoutCoordinator
                    - (void)start {
                        CartViewController *cart = [[CartViewController alloc] init];
                        cart.onCheckout = ↓⟦error: closure stored in 'CartViewController.onCheckout' captures 'self' (CheckoutCoordinator) strongly⟧^{ [self showPayment]; };
                        [self.navigationController pushViewController:cart animated:YES];
                    }
                    - (void)showPayment {}
                    @end
                    """,
            ]),
            // coordinator → navigationController → CartViewController → onCheckout → coordinator
            Example("""
                final class CheckoutCoordinator {
                    let navigationController = UINavigationController()
                    func start() {
                        let cart = CartViewController()
                        cart.onCheckout = ↓⟦error: closure stored in 'CartViewController.onCheckout' captures 'self' (CheckoutCoordinator) strongly⟧{ self.showPayment() }
                        navigationController.pushViewController(cart, animated: true)
                    }
                    func showPayment() {}
                }
                final class CartViewController: UIViewController { var onCheckout: (() -> Void)? }
                """),
            // coordinator → cancellables → sink → coordinator
            Example("""
                import Combine
                final class FeedCoordinator {
                    private var cancellables = Set<AnyCancellable>()
                    let events = PassthroughSubject<Int, Never>()
                    func start() {
                        events.sink ↓⟦error: closure stored in 'FeedCoordinator.cancellables' captures 'self' (FeedCoordinator) strongly⟧{ self.handle($0) }.store(in: &cancellables)
                    }
                    func handle(_ value: Int) {}
                }
                """),
            // coordinator → lazy closure → coordinator (implicit self)
            Example("""
                final class ShareCoordinator {
                    lazy var onShare: () -> Void = ↓⟦error: closure stored in 'ShareCoordinator.onShare' captures 'self' (ShareCoordinator) strongly⟧{ share() }
                    func share() {}
                }
                """),
            // A weak closure that re-binds self makes the closure nested after it strong again.
            Example("""
                final class OrderCoordinator {
                    let navigationController = UINavigationController()
                    func start() {
                        let list = OrderListViewController()
                        list.onLoad = { [weak self, unowned list] in
                            guard let self else { return }
                            list.onSelect = ↓⟦error: closure stored in 'OrderListViewController.onSelect' captures 'self' (OrderCoordinator) strongly⟧{ id in self.show(id) }
                        }
                        navigationController.pushViewController(list, animated: true)
                    }
                    func show(_ id: Int) {}
                }
                final class OrderListViewController: UIViewController {
                    var onLoad: (() -> Void)?
                    var onSelect: ((Int) -> Void)?
                }
                """),
            // A struct coordinator: the closure keeps a copy of it, and with it the navigation controller
            // that keeps the view controller the closure is stored on.
            Example("""
                struct DetailTransitions { let back: () -> Void }
                final class DetailViewController: UIViewController { var transitions: DetailTransitions! }
                struct AppCoordinator {
                    let nav: UINavigationController
                    func showDetail() {
                        let vc = DetailViewController()
                        vc.transitions = DetailTransitions(back: ↓⟦error: closure stored in 'DetailTransitions.back' holds a copy of 'self' (AppCoordinator, a struct) and⟧{ nav.popViewController(animated: true) })
                        nav.pushViewController(vc, animated: true)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            // A stored task that awaits one call and ends lets go of its closure then.
            Example("""
                final class ProfileModel {
                    private var loading: Task<Void, Never>?
                    var name = ""
                    func load() {
                        loading = Task {
                            let fetched = await fetchName()
                            self.name = fetched
                        }
                    }
                    func fetchName() async -> String { "" }
                }
                """),
            // Eureka rows whose callbacks capture self weakly; a form of another object's.
            Example("""
                import Eureka
                final class PrivacyViewController: FormViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        form +++ Section("Privacy")
                            <<< SwitchRow("analytics").onChange { [weak self] row in self?.save(row.value) }
                    }
                    func save(_ value: Bool?) {}
                }
                """),
            // The filter runs on an array before '.publisher': it is done before the subscription exists.
            Example("""
                import Combine
                final class DraftsViewModel {
                    private var cancellables = Set<AnyCancellable>()
                    var drafts: [Int] = []
                    var shown: [Int] = []
                    init() {
                        drafts.filter { self.isVisible($0) }.publisher
                            .sink { [weak self] draft in self?.shown.append(draft) }
                            .store(in: &cancellables)
                    }
                    func isVisible(_ draft: Int) -> Bool { draft > 0 }
                }
                """),
            // RxSwift with a weak capture, or a subscription kept by nothing of self's.
            Example("""
                import RxSwift
                final class FilterViewModel {
                    private let disposeBag = DisposeBag()
                    let query = PublishSubject<String>()
                    var results: [String] = []
                    init() {
                        query.subscribe(onNext: { [weak self] text in self?.results = [text] }).disposed(by: disposeBag)
                        _ = query.subscribe(onNext: { text in print(text) })
                    }
                }
                """),
            // The pod's cell is held weakly, or is a local nothing keeps: nothing proves a cycle.
            Example("""
                import PodCells
                final class PrivacySettingsController: UIViewController {
                    weak var toggleCell: ToggleCell?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        toggleCell?.action = { self.save() }
                        let footer = FooterCell()
                        footer.action = { self.save() }
                    }
                    func save() {}
                }
                """),
            // A presented controller is let go when it is dismissed (UIKit clears the presenter's
            // 'presentedViewController'), so its completion capturing the presenter ends with it
            // (simplenote-ios share extension, owncloud naming sheet).
            Example("""
                final class NamingViewController: UIViewController {
                    var completion: ((String) -> Void)?
                }
                final class SharePresentationController: UIViewController {
                    var lastName = ""
                    func presentNaming() {
                        let naming = NamingViewController()
                        naming.completion = { name in self.lastName = name }
                        let navigation = UINavigationController(rootViewController: naming)
                        present(navigation, animated: true)
                    }
                }
                """),
            // The closure passed to a new row's initializer captures another row: a new object is never
            // the local captured before it existed, subclasses of the row type included (owncloud-ios-app
            // storage settings).
            Example("""
                typealias RowAction = (StaticRow, Any?) -> Void
                class StaticRow {
                    var action: RowAction?
                    var value = ""
                    init(sliderWithAction action: RowAction?) { self.action = action }
                }
                final class SwitchRow: StaticRow {}
                final class StorageSection {
                    var rows: [StaticRow] = []
                    func build() {
                        let timeIntervalRow = StaticRow(sliderWithAction: nil)
                        rows.append(StaticRow(sliderWithAction: { _, _ in timeIntervalRow.value = "1" }))
                        rows.append(timeIntervalRow)
                    }
                }
                """),
            // The closure of the call that makes the publisher is no operator: Core Data's performChanges
            // runs it once inside the Future it returns (mastodon-ios settings).
            Example("""
                import Combine
                import CoreData
                final class SettingsViewController: UIViewController {
                    var disposeBag = Set<AnyCancellable>()
                    let context = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
                    var mode = 0
                    func save() {
                        context.performChanges {
                            self.mode = 1
                        }
                        .sink { _ in }
                        .store(in: &disposeBag)
                    }
                }
                """),
            // A publisher that completes after one value (a Future parameter, Just, a URL request) ends its
            // subscription and lets its closures go (mastodon-ios context menu preview).
            Example("""
                import Combine
                final class PreviewProvider {
                    var bag = Set<AnyCancellable>()
                    var value = 0
                    func load(status: Future<Int, Never>, url: URL) {
                        status.sink { self.value = $0 }.store(in: &bag)
                        Just(1).map { $0 + self.value }.sink { self.value = $0 }.store(in: &bag)
                        URLSession.shared.dataTaskPublisher(for: url).sink(receiveCompletion: { _ in }, receiveValue: { _ in self.value = 2 }).store(in: &bag)
                    }
                }
                """),
            // A project API whose every return is a URL request's publisher (through another project
            // function, resolved by declared types) completes: the state machine's sink ends with the
            // request (mastodon-ios timeline loading). The subject in the second sink never completes.
            Example("""
                import Combine
                enum TimelineEndpoint {
                    static func home(session: URLSession, url: URL) -> AnyPublisher<Data, Error> {
                        return session.dataTaskPublisher(for: url).map { $0.data }.mapError { $0 as Error }.eraseToAnyPublisher()
                    }
                }
                final class APIService {
                    let session = URLSession.shared
                    func homeTimeline(url: URL) -> AnyPublisher<Data, Error> {
                        return TimelineEndpoint.home(session: session, url: url).map { $0 }.eraseToAnyPublisher()
                    }
                }
                final class TimelineViewModel {
                    let apiService = APIService()
                    var disposeBag = Set<AnyCancellable>()
                    var loaded = 0
                    func loadLatest(url: URL) {
                        apiService.homeTimeline(url: url)
                            .replaceError(with: Data())
                            .sink { _ in self.loaded += 1 }
                            .store(in: &disposeBag)
                    }
                }
                """),
            // A motion manager that is a local, or a project type's own method of the same name: nothing
            // proves the handler is kept.
            Example("""
                import CoreMotion
                final class StepCounter {
                    var steps = 0
                    let tracker = ProjectTracker()
                    func start(queue: OperationQueue) {
                        let manager = CMMotionActivityManager()
                        manager.startActivityUpdates(to: queue) { _ in self.steps += 1 }
                        tracker.startActivityUpdates(to: queue) { _ in self.steps += 1 }
                    }
                }
                final class ProjectTracker {
                    func startActivityUpdates(to queue: OperationQueue, withHandler handler: (Int) -> Void) { handler(1) }
                }
                """),
            // In a static method 'self' is the type: no object is captured.
            Example("""
                final class StatusSection {
                    static var onReload: (() -> Void)?
                    static func configure() { onReload = { self.reload() } }
                    static func reload() {}
                }
                """),
            // Objective-C: libextobjc's @weakify/@strongify (its header not on disk) and a local 'self'
            // re-declared from a weak one capture only the weak local.
            Example([
                "FlowCoordinator.m": """
                    #import <UIKit/UIKit.h>
                    #import "EXTScope.h"
                    @interface ListViewController : UIViewController
                    @property (nonatomic, copy) void (^onSelect)(void);
                    @property (nonatomic, copy) void (^onClose)(void);
                    @end
                    @interface FlowCoordinator : NSObject
                    @property (nonatomic, strong) UINavigationController *navigationController;
                    @end
                    @implementation FlowCoordinator
                    - (void)start {
                        ListViewController *list = [[ListViewController alloc] init];
                        @weakify(self);
                        list.onSelect = ^{ @strongify(self); [self show]; };
                        __weak typeof(self) weakSelf = self;
                        list.onClose = ^{ typeof(self) self = weakSelf; [self show]; };
                        [self.navigationController pushViewController:list animated:YES];
                    }
                    - (void)show {}
                    @end
                    """,
            ]),
            // A SwiftUI-style struct storing a closure in its own property: the closure holds a copy taken
            // before the store, so no cycle.
            Example("""
                struct ReachabilityView {
                    var token: Observation?
                    mutating func observe(center: Center) { token = center.observe { self.refresh() } }
                    func refresh() {}
                }
                final class Observation {}
                final class Center { func observe(_ block: @escaping () -> Void) -> Observation { Observation() } }
                """),
            // The app delegate lives as long as the process: a cycle through it frees nothing early.
            Example("""
                final class AppCoordinator { var onLogout: (() -> Void)? }
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    let coordinator = AppCoordinator()
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        coordinator.onLogout = { self.reset() }
                        return true
                    }
                    func reset() {}
                }
                """),
            // A global variable's object lives as long as the process too (home-assistant's environment).
            Example("""
                private var underlyingCurrent = AppEnvironment()
                public var Current: AppEnvironment { underlyingCurrent }
                public final class AppEnvironment {
                    public var application: (() -> UIApplication)?
                    public lazy var isForegroundApp = { self.application?().applicationState == .active }
                }
                """),
            // A cycle through a process-lifetime object frees nothing when broken: the singleton keeps
            // the screen in its table until it lets go of it, whatever the screen holds (owncloud app lock).
            Example("""
                final class PasscodeViewController: UIViewController {
                    var completionHandler: ((String) -> Void)?
                }
                final class AppLockManager {
                    static var shared = AppLockManager()
                    private var passcodeControllers: NSMapTable<UIWindow, PasscodeViewController> = NSMapTable.weakToStrongObjects()
                    func showLock(in window: UIWindow) {
                        let controller = PasscodeViewController()
                        controller.completionHandler = { passcode in self.unlock(with: passcode) }
                        passcodeControllers.setObject(controller, forKey: window)
                    }
                    func unlock(with passcode: String) {}
                }
                """),
            // The app delegate and each extension's static make their own context, once per process: the
            // context and the services it makes live as long as the process (mastodon-ios AppContext).
            Example("""
                import Combine
                final class StatusFilterService {
                    var disposeBag = Set<AnyCancellable>()
                    let filters = CurrentValueSubject<[String], Never>([])
                    var active: [String] = []
                    init() { filters.sink { self.active = $0 }.store(in: &disposeBag) }
                }
                final class AppContext {
                    let statusFilterService: StatusFilterService
                    init() { statusFilterService = StatusFilterService() }
                }
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    let appContext = AppContext()
                }
                final class ShareViewController: UIViewController {
                    static let context = AppContext()
                }
                """),
            // A singleton (a static property holding its own type) is never deallocated either.
            Example("""
                final class Session {
                    static let shared = Session()
                    let monitor = Monitor()
                    func start() { monitor.onChange = { self.refresh() } }
                    func refresh() {}
                }
                final class Monitor { var onChange: (() -> Void)? }
                """),
            Example("""
                final class CheckoutCoordinator {
                    let navigationController = UINavigationController()
                    func start() {
                        let cart = CartViewController()
                        cart.onCheckout = { [weak self] in self?.showPayment() }
                        navigationController.pushViewController(cart, animated: true)
                    }
                    func showPayment() {}
                }
                final class CartViewController: UIViewController { var onCheckout: (() -> Void)? }
                """),
            // Closures that run and are released: collection algorithms, animations, dispatch, Task,
            // completions, an immediately invoked initializer.
            Example("""
                final class ListCoordinator {
                    var items: [Int] = []
                    let navigationController = UINavigationController()
                    lazy var formatter: Formatter = { self.makeFormatter() }()
                    func start() {
                        let doubled = items.map { self.double($0) }
                        items.forEach { self.log($0) }
                        _ = items.filter { $0 > self.limit() }.sorted { self.rank($0) < self.rank($1) }
                        _ = items.reduce(0) { $0 + self.double($1) }
                        _ = items.first { self.accepts($0) }
                        _ = items.contains { self.accepts($0) }
                        UIView.animate(withDuration: 0.3) { self.layout() }
                        DispatchQueue.main.async { self.layout() }
                        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { self.layout() }
                        Task { await self.load() }
                        navigationController.present(UIViewController(), animated: true) { self.layout() }
                        navigationController.dismiss(animated: true) { self.layout() }
                        _ = doubled
                    }
                    func double(_ x: Int) -> Int { x * 2 }
                    func log(_ x: Int) {}
                    func limit() -> Int { 1 }
                    func rank(_ x: Int) -> Int { x }
                    func accepts(_ x: Int) -> Bool { true }
                    func layout() {}
                    func load() async {}
                    func makeFormatter() -> Formatter { Formatter() }
                }
                """),
            // Stored on an object the captured coordinator does not own: no cycle.
            Example("""
                final class Analytics { var onEvent: (() -> Void)? }
                final class ProfileCoordinator {
                    func start(analytics: Analytics) { analytics.onEvent = { self.track() } }
                    func track() {}
                }
                """),
            // A one-shot timer and an unowned capture.
            Example("""
                final class SplashCoordinator {
                    var onDone: (() -> Void)?
                    func start() {
                        Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in self.finish() }
                        onDone = { [unowned self] in self.finish() }
                    }
                    func finish() {}
                }
                """),
        ]
    )

    public func check(_ program: Program) -> [Finding] {
        program.cycles.compactMap { cycle -> Finding? in
            guard cycle.role == .closureCapture, let (ref, closure) = program.closure(atNode: cycle.anchor.from) else {
                return nil
            }
            let capture = program.selfCapture(of: ref)
            let rest = program.describePath(cycle.edges.dropFirst().dropLast())
            let tail = rest.isEmpty ? "" : "; \(rest)"
            let captured: String
            var fix: Fix?
            switch cycle.anchor.origin {
            case .valueCopy:
                captured = Message.copiesStruct(cycle.anchor.to, tail: tail, member: firstMember(closure, capture))
            case .capture(let name, _) where name == "self" && program.selfKeptTypes.contains(cycle.anchor.to):
                // Started and dropped: this cycle is the object's only owner, so '[weak self]' would end it.
                captured = Message.capturesSoleOwner(cycle.anchor.to, tail: tail, storage: cycle.edges.last.map(storageName) ?? "")
            case .capture(let name, _) where name == "self":
                captured = Message.capturesSelf(cycle.anchor.to, tail: tail, advice: Advice.captureWeakly(closure.location, in: program))
                if let capture { fix = ClosureFix.weakSelf(closure, capture: capture, in: program) }
            case .capture(let name, _):
                captured = Message.capturesLocal(name, type: cycle.anchor.to, tail: tail)
            default:
                return nil
            }
            let storage = cycle.edges.last.map { "\($0.from).\(storageName($0))" } ?? ""
            return finding(
                "closure \(CycleWording.storage(of: cycle)) \(captured)"
                    + CycleWording.moreSuffix(cycle),
                at: closure.location, subject: storage, cycle: cycle, in: program, fixes: [fix])
        }
    }

    private func storageName(_ edge: Edge) -> String {
        if case .closureStorage(let name, let call) = edge.origin { return call.isEmpty ? name : call }
        return ""
    }

    /// The first implicit member the closure uses (what a struct's copy is kept for).
    private func firstMember(_ closure: ClosureFact, _ capture: SelfCapture?) -> String? {
        guard let location = capture?.implicitMembers.first else { return nil }
        return closure.freeNames.first { $0.location == location }?.name
    }

    private enum Message {
        static func copiesStruct(_ type: String, tail: String, member: String?) -> String {
            "holds a copy of 'self' (\(type), a struct) and with it everything '\(type)' owns\(tail); "
                + "capture only what it needs, weakly\(member.map { " (for example '[weak \($0)]')" } ?? ""), "
                + "or make '\(type)' a class and capture '[weak self]'"
        }

        static func capturesSelf(_ type: String, tail: String, advice: String) -> String {
            "captures 'self' (\(type)) strongly\(tail); " + advice
        }

        static func capturesSoleOwner(_ type: String, tail: String, storage: String) -> String {
            "captures 'self' (\(type)) strongly\(tail); nothing else keeps '\(type)' (it is started and dropped), "
                + "so a weak capture would end it early: let go of the closure when its work ends"
                + (storage.isEmpty ? "" : " (set '\(storage)' to nil)")
        }

        static func capturesLocal(_ name: String, type: String, tail: String) -> String {
            "captures '\(name)' (\(type)) strongly\(tail); capture it weakly: '[weak \(name)]'"
        }
    }
}

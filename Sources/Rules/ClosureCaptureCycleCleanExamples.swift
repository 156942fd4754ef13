import CoordLintCore

/// `closure_capture_cycle`'s examples that must stay quiet.
extension ClosureCaptureCycleExamples {
    static let nonTriggering: [Example] = libraryCleanShapes + ownCleanShapes + ClosureCaptureCycleListExamples.clean + ClosureCaptureCycleFormExamples.clean
        + ClosureCaptureCycleTeardownExamples.clean + ClosureCaptureCycleUIKitExamples.clean + ClosureCaptureCycleTypeExamples.clean + ClosureCaptureCycleTaskExamples.clean
        + SwiftUICoordinatorExamples.closureNonTriggering + AssociatedObjectExamples.closureNonTriggering
        + ReactiveSwiftExamples.closureNonTriggering + BindingExamples.closureNonTriggering
        + ClosureCaptureCycleHostingExamples.clean + ClosureCaptureCycleRowExamples.clean
        + ClosureCaptureCycleOwnerExamples.clean + [
            // Foundation empties an operation's `completionBlock` once it runs it: the operation capturing itself
            // there is kept only until it finishes (kiwix `SearchViewModel.swift:186`, an Objective-C subclass).
            Example([
                "SearchOperation.h": """
                    #import <Foundation/Foundation.h>
                    @interface SearchOperation : NSOperation
                    - (instancetype)initWithSearchText:(NSString *)searchText;
                    @property (nonatomic, strong) NSArray *results;
                    @end
                    """,
                "SearchViewModel.swift": """
                    import Foundation
                    final class SearchViewModel {
                        private let queue = OperationQueue()
                        var results: [Any] = []
                        func search(_ text: String) {
                            let operation = SearchOperation(searchText: text)
                            operation.completionBlock = { [weak self] in
                                guard !operation.isCancelled else { return }
                                self?.results = operation.results
                            }
                            queue.addOperation(operation)
                        }
                    }
                    """,
            ]),
            // `[userManager]` in the enclosing closure binds a copy: the kept block uses that copy, not `self`'s
            // property (AlphaWallet `EnjinUserManagementInterceptor.swift:233`, read FALSE).
            Example(ClosureCaptureCycleExamples.interceptor("guard let token = userManager.token else { return }")),
            // Queued actions taken out one at a time and run: each is kept until its turn (talk-ios
            // `NCSplitViewController.swift:102`/`:240`, read FALSE).
            Example(ClosureCaptureCycleExamples.transitionQueue("pendingTransitionActions.removeFirst()()")),
            // A function declared in the closure takes a 'completion' of its own: the closures inside it
            // capture that parameter, not the method's (NetNewsWire `CloudKitZone.swift:671`, reported as two
            // completions keeping each other, with advice '[weak completion]' on a closure).
            Example("""
                import CloudKit
                final class CloudZone {
                    let database = CKContainer.default().privateCloudDatabase
                    func modify(records: [[Int]], deleting: [Int], completion: @escaping (Bool) -> Void) {
                        let op = CKModifyRecordsOperation(recordsToSave: [], recordIDsToDelete: [])
                        op.modifyRecordsResultBlock = { [weak self] result in
                            guard let self else { completion(false); return }
                            var chunks = records
                            func saveChunks(completion: @escaping (Bool) -> Void) {
                                guard !chunks.isEmpty else { completion(true); return }
                                self.modify(records: [chunks.removeFirst()], deleting: []) { ok in
                                    if ok { saveChunks(completion: completion) } else { completion(false) }
                                }
                            }
                            func deleteChunks() {
                                self.modify(records: [], deleting: deleting) { ok in
                                    if ok { deleteChunks() } else { completion(false) }
                                }
                            }
                            saveChunks { ok in if ok { deleteChunks() } else { completion(false) } }
                        }
                        database.add(op)
                    }
                }
                """),
            // The fixed data source: `.init` keeps its cell provider, which captures `self` weakly; a local built
            // with `.init` that nothing keeps.
            Example(timelineDataSource("""
                dataSource = .init(tableView: tableView) { [weak self] tableView, indexPath, item in
                            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                            cell.alpha = self?.opacity ?? 1
                            return cell
                        }
                        let preview: UITableViewDiffableDataSource<Int, String> = .init(tableView: tableView) { tableView, indexPath, item in
                            UITableViewCell(alpha: self.opacity)
                        }
                        _ = preview
                """)),
            // The fixed query handler captures `self` weakly; a handler handed to a method that returns no query
            // (it starts the query and returns nil): nothing the screen keeps holds it.
            Example(sharingQuery(returned: "shareQuery", handler: "{ [weak self] shares in self?.shares = shares }")),
            Example(sharingQuery(returned: "nil", handler: "{ shares in self.shares = shares }")),
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
            // A lazy property whose closure creates its object is that object's only maker: created once
            // by an object the app delegate created once, it lives as long as the process too
            // (home-assistant's local push interface).
            Example("""
                protocol LocalPushInterface: AnyObject {}
                final class Container {
                    let constructor: (Int) -> Int
                    init(constructor: @escaping (Int) -> Int) { self.constructor = constructor }
                }
                final class PushExtension: LocalPushInterface {
                    var states: Container!
                    init() {
                        states = Container(constructor: { server in
                            self.refresh()
                            return server
                        })
                    }
                    func refresh() {}
                }
                final class PushDirect: LocalPushInterface {}
                final class NotificationManager {
                    lazy var localPush: LocalPushInterface = {
                        if Bool.random() {
                            return PushDirect()
                        } else {
                            return PushExtension()
                        }
                    }()
                }
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    let notificationManager = NotificationManager()
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
}

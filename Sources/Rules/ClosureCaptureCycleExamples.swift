import CoordLintCore

/// `closure_capture_cycle`'s examples that must report (each marker: where, severity, message fragment).
enum ClosureCaptureCycleExamples {
    static let triggering: [Example] = ownShapes + libraryShapes + ClosureCaptureCycleListExamples.triggering
        + ClosureCaptureCycleTeardownExamples.triggering + ClosureCaptureCycleUIKitExamples.triggering
        + ClosureCaptureCycleFormExamples.triggering
        + ClosureCaptureCycleTypeExamples.triggering
        + ClosureCaptureCycleTaskExamples.triggering + SwiftUICoordinatorExamples.closureTriggering
        + AssociatedObjectExamples.closureTriggering + ReactiveSwiftExamples.closureTriggering + BindingExamples.closureTriggering
        + CompanionCycleExamples.closureTriggering + ClosureCaptureCycleHostingExamples.triggering
        + ClosureCaptureCycleRowExamples.triggering + ClosureCaptureCycleOwnerExamples.triggering + [
            // The kept block reads the property through `self` itself: it keeps the interceptor.
            // A queue nothing works through: the controller keeps the closure that keeps it.
            Example(transitionQueue("break").replacingOccurrences(
                of: "pendingTransitionActions.append {",
                with: "pendingTransitionActions.append ↓⟦error: closure stored in 'SplitViewController.pendingTransitionActions' captures 'self'⟧{")),
            Example(interceptor("guard let token = self.userManager.token else { return }",
                                block: "let block: () -> Void = ↓⟦error: closure stored in 'Interceptor.pending' captures 'self'⟧{")),
        ]

    /// talk-ios's split view: actions queued until a transition ends; `run` is how the queue is worked through.
    static func transitionQueue(_ run: String) -> String {
        """
        import UIKit
        final class SplitViewController: UISplitViewController {
            private var pendingTransitionActions: [() -> Void] = []
            private var isWaitingForTransitionToFinish = false
            override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
                pendingTransitionActions.append {
                    self.showColumn(.secondary)
                }
                executePendingTransitionActions()
            }
            private func executePendingTransitionActions() {
                while !pendingTransitionActions.isEmpty, !isWaitingForTransitionToFinish {
                    \(run)
                }
            }
        }
        """
    }

    /// AlphaWallet's Enjin interceptor: a closure with a capture list (`[userManager]`) makes a block that the
    /// interceptor keeps; `use` is the block's first line.
    static func interceptor(_ use: String, block: String = "let block: () -> Void = {") -> String {
        """
        final class Manager { var token: String? }
        final class Interceptor {
            let userManager = Manager()
            var pending: [() -> Void] = []
            func intercept() {
                let authorize: () -> Void = { [userManager] in
                    \(block)
                        \(use)
                        print(token)
                    }
                    self.pending.append(block)
                }
                authorize()
            }
        }
        """
    }

    /// Cycles through the project's own objects.
    /// Quiet shapes next to the triggering ones they look like.
    static let ownCleanShapes: [Example] = [
        // A protocol extension's closure kept by a model the conforming class does not keep (a computed
        // requirement hands out a shared one), and a conformer that is a struct: no cycle through `self`.
        Example("""
            struct TabItem { let label: (Bool) -> String }
            final class TabModel { static let shared = TabModel(); var items: [TabItem]! }
            protocol TabCoordinating: AnyObject {
                var model: TabModel { get }
                func title(active: Bool) -> String
            }
            extension TabCoordinating {
                func setUpTabs() {
                    var all = [TabItem]()
                    all.append(TabItem(label: { active in self.title(active: active) }))
                    model.items = all
                }
            }
            final class MainTabCoordinator: TabCoordinating {
                var model: TabModel { TabModel.shared }
                func title(active: Bool) -> String { "" }
            }
            """),
        // A framework object keeps a closure that captures only that object (it lets go of its own
        // handler), and the same shape with '[weak self]': no cycle.
        Example("""
            import BackgroundTasks
            final class RefreshManager {
                private var handler: (() -> Void)?
                func handleRefresh(task: BGAppRefreshTask) {
                    handler = { task.setTaskCompleted(success: true) }
                    task.expirationHandler = { [weak self] in self?.finish() }
                    task.progressHandler = { task.setTaskCompleted(success: false) }
                }
                func finish() {}
            }
            """),
    ]

    /// A struct coordinator pushing a screen whose transitions struct keeps the `back` closure; `member`
    /// is declared after the method, so the lines the messages cite stay the same.
    private static func structCoordinator(back: String, member: String = "") -> Example {
        Example("""
            struct DetailTransitions { let back: () -> Void }
            final class DetailViewController: UIViewController { var transitions: DetailTransitions! }
            struct AppCoordinator {
                let nav: UINavigationController
                func showDetail() {
                    let vc = DetailViewController()
                    vc.transitions = DetailTransitions(back: \(back))
                    nav.pushViewController(vc, animated: true)
                }
                \(member)
            }
            """)
    }

    private static let ownShapes: [Example] = [
            // A one-expression closure stored where the function type has a result returns its value: the
            // unwrapped 'self' needs a value to return without it (pocket-casts' themed border colors).
            Example("""
                import UIKit
                final class BorderView: UIView {
                    var borderColor: () -> UIColor = { .gray }
                    var onTap: (() -> Void)?
                }
                final class EpisodeViewController: UIViewController {
                    var theme = 0
                    let messageView = BorderView()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        messageView.borderColor = ↓⟦error: captures 'self' (EpisodeViewController) strongly; 'EpisodeViewController' owns 'BorderView' through 'messageView' (assigned at Example.swift:8); capture '[weak self]' and unwrap it first ('guard let self = self else { return … }'), as the closure returns a value⟧{ Self.color(for: self.theme) }
                        messageView.onTap = ↓⟦error: capture '[weak self]' and unwrap it first ('guard let self = self else { return }'), as the closure uses a member of 'self' as a value⟧{ Self.log(self.theme) }
                    }
                    static func color(for theme: Int) -> UIColor { .black }
                    static func log(_ theme: Int) {}
                }
                """),
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
            // The callee keeps the closure inside a value it creates and puts in a dictionary property:
            // the registry the controller owns keeps the closure (simplenote publish state, fixed with
            // '[weak self]').
            Example("""
                final class Note { var key = "" }
                final class PublishStateObserver {
                    private var callbackMap = [String: PublishListenWrapper]()
                    func beginListening(to note: Note, onResponse: @escaping (Note) -> Void) {
                        callbackMap[note.key] = PublishListenWrapper(note: note, block: onResponse)
                    }
                }
                struct PublishListenWrapper {
                    let note: Note
                    let block: (Note) -> Void
                }
                final class PublishController {
                    let publishStateObserver = PublishStateObserver()
                    func updatePublishState(for note: Note) {
                        publishStateObserver.beginListening(to: note) ↓⟦error: closure stored in 'PublishStateObserver.callbackMap' captures 'self' (PublishController) strongly⟧{ note in
                            self.handle(note)
                        }
                    }
                    func handle(_ note: Note) {}
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
            // The bag is a protocol requirement: every class conforming to the cell protocol stores it,
            // so the cell keeps the sink that uses it whichever class it is (mastodon-ios status cells).
            // One finding: '[weak cell]' breaks the cycle through each class.
            Example("""
                import Combine
                import UIKit
                protocol DisposeBagCollectable: AnyObject {
                    var disposeBag: Set<AnyCancellable> { get set }
                }
                protocol StatusCell: DisposeBagCollectable {
                    var timeLabel: UILabel { get }
                }
                enum StatusSection {
                    static func configure(cell: StatusCell, ticks: AnyPublisher<Date, Never>) {
                        ticks
                            .sink ↓⟦error: closure stored in 'ReportedStatusCell.disposeBag' captures 'cell' (ReportedStatusCell) strongly; capture it weakly: '[weak cell]' and unwrap it first ('guard let cell = cell else { return }'); this also breaks 1 other cycle⟧{ _ in
                                cell.timeLabel.text = "now"
                            }
                            .store(in: &cell.disposeBag)
                    }
                }
                final class StatusTableViewCell: UITableViewCell, StatusCell {
                    var disposeBag = Set<AnyCancellable>()
                    let timeLabel = UILabel()
                }
                final class ReportedStatusCell: UITableViewCell, StatusCell {
                    var disposeBag = Set<AnyCancellable>()
                    let timeLabel = UILabel()
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
            // A screen made as a local whose view alone is shown: UIKit keeps the view, never the controller, so
            // the cycle through its rows is the controller's only owner (owncloud `ReleaseNotesTableViewController.swift:50`,
            // advice '[weak self]' read WRONG: it would free the controller with its table on screen).
            Example("""
                import UIKit
                final class NotesViewController: UITableViewController {
                    var rows: [NoteRow] = []
                    override func viewDidLoad() {
                        let row = NoteRow()
                        row.action = ↓⟦error: nothing else keeps 'NotesViewController' (the code that makes it reads its properties, its view, and keeps it nowhere), so a weak capture would end it early⟧{ self.tableView.reloadData() }
                        rows.append(row)
                    }
                }
                final class NoteRow { var action: (() -> Void)? }
                final class NotesHostViewController: UIViewController {
                    override func viewDidLoad() {
                        let notesController = NotesViewController(style: .plain)
                        if let notesView = notesController.view {
                            view.addSubview(notesView)
                        }
                    }
                }
                """),
            // A local assigned to a property that is no container is that property's object, not its
            // holder: the cycle goes through 'self' (home-assistant watch actions).
            Example("""
                import RealmSwift
                final class ActionsInterfaceController: WKInterfaceController {
                    var actions: Results<Action>?
                    var notificationToken: NotificationToken?
                    func load(realm: Realm) {
                        let actions = realm.objects(Action.self)
                        self.actions = actions
                        notificationToken = actions.observe ↓⟦error: closure stored in 'ActionsInterfaceController.notificationToken' captures 'self' (ActionsInterfaceController) strongly⟧{ _ in
                            self.reload(count: actions.count)
                        }
                    }
                    func reload(count: Int) {}
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
            // A block reading an instance variable: `weakSelf->_log` does not compile under ARC, so the advice takes a
            // strong copy inside (Monal `xmpp.m:1297`, advice read WRONG).
            Example([
                "StreamParser.m": """
                    #import <Foundation/Foundation.h>
                    @interface StreamParser : NSObject
                    @property (nonatomic, copy) void (^completion)(void);
                    @end
                    @implementation StreamParser
                    @end
                    @interface Connection : NSObject {
                        StreamParser *_parser;
                        NSString *_logTag;
                    }
                    @end
                    @implementation Connection
                    - (void)open {
                        _parser = [[StreamParser alloc] init];
                        _parser.completion = ↓⟦error: closure stored in 'StreamParser.completion' captures 'self' (Connection) strongly; 'Connection' owns 'StreamParser' through '_parser' (assigned at StreamParser.m:14); capture a weak reference instead: '__weak typeof(self) weakSelf = self;' before the block, and inside it '__strong typeof(weakSelf) strongSelf = weakSelf; if (!strongSelf) return;', reaching its instance variables through 'strongSelf->'⟧^{ NSLog(@"%@", _logTag); };
                    }
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
            // A member of `self` handed on as a value (`IndexPath(item: self.selectedIndex, …)` takes an Int):
            // through `self?.` it would be optional, so the advice unwraps `self` first (pocket-casts
            // AddCustomViewController:276, audit seed 20261204). An assignment's target and a call made as a
            // statement, and an optional binding's value (`guard let cell = self.list… as? …`), are fine through `self?.`.
            Example("""
                final class ColorPicker { var onPick: (() -> Void)? }
                final class EditorViewController: UIViewController {
                    let picker = ColorPicker()
                    var selectedIndex = 0
                    var picks = 0
                    let list = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
                    func setUp() {
                        picker.onPick = ↓⟦error: capture '[weak self]' and unwrap it first ('guard let self = self else { return }'), as the closure uses a member of 'self' as a value$⟧{
                            self.list.scrollToItem(at: IndexPath(item: self.selectedIndex, section: 0), at: .top, animated: true)
                        }
                    }
                }
                """),
            Example("""
                final class ColorPicker { var onPick: (() -> Void)? }
                final class EditorViewController: UIViewController {
                    let picker = ColorPicker()
                    var picks = 0
                    let list = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
                    func setUp() {
                        picker.onPick = ↓⟦error: capture '[weak self]' and call through 'self?.'$⟧{
                            self.picks += 1
                            self.list.reloadData()
                            guard let cell = self.list.visibleCells.first as? UICollectionViewCell else { return }
                            if let first = self.list.indexPathsForSelectedItems?.first { print(first, cell) }
                        }
                    }
                }
                """),
            // A struct coordinator: the closure keeps a copy of it, and with it the navigation controller
            // that keeps the view controller the closure is stored on.
            structCoordinator(back: "↓⟦error: closure stored in 'DetailTransitions.back' holds a copy of 'self' (AppCoordinator, a struct) and with it everything 'AppCoordinator' owns; 'AppCoordinator' owns 'DetailViewController' through 'nav' (pushViewController at Example.swift:8), and 'DetailViewController' owns 'DetailTransitions' through 'transitions' (assigned at Example.swift:7); capture only what it needs, weakly where it is an object (for example '[weak nav]'), or make 'AppCoordinator' a class and capture '[weak self]'$⟧{ nav.popViewController(animated: true) }"),
            // The first member the closure uses holds a value (a string literal, no written type): it is
            // captured as a copy ('weak' does not compile on a String).
            structCoordinator(back: "↓⟦error: capture only what it needs, weakly where it is an object (for example '[topID]'), or make 'AppCoordinator' a class and capture '[weak self]'$⟧{ print(topID); nav.popViewController(animated: true) }",
                              member: "let topID = \"DetailTop\""),
            // The first member is a method: it needs the whole copy of `self`, so no member is named.
            structCoordinator(back: "↓⟦error: capture only what it needs, weakly where it is an object, or make 'AppCoordinator' a class and capture '[weak self]'$⟧{ finish(); nav.popViewController(animated: true) }",
                              member: "func finish() {}"),
            // In a protocol extension `self` is the conforming object: a class that keeps the tab model the
            // extension fills keeps the closure that captures it (stinsen tab coordinators, fixed with
            // '[unowned self]'). The items are gathered in `[Item]()`, an empty collection of written type.
            Example("""
                import SwiftUI
                struct TabItem { let label: (Bool) -> String }
                final class TabModel { var items: [TabItem]! }
                protocol TabCoordinating: AnyObject {
                    var model: TabModel { get }
                    func title(active: Bool) -> String
                }
                extension TabCoordinating {
                    func setUpTabs() {
                        var all = [TabItem]()
                        all.append(TabItem(label: ↓⟦error: closure stored in 'TabItem.label' captures 'self' (MainTabCoordinator, a TabCoordinating) strongly; 'MainTabCoordinator' owns 'TabModel' through 'model'⟧{ active in self.title(active: active) }))
                        model.items = all
                    }
                }
                final class MainTabCoordinator: TabCoordinating {
                    let model = TabModel()
                    func title(active: Bool) -> String { "" }
                }
                """),
            // A framework object in a local or parameter keeps the closure stored on it, and another
            // closure self keeps captures that object (simplenote background refresh, fixed with
            // '[weak self]'): self → handler → task → expirationHandler → self. No source for the task.
            Example("""
                import BackgroundTasks
                final class RefreshManager {
                    private var handler: (() -> Void)?
                    func handleRefresh(task: BGAppRefreshTask) {
                        handler = { task.setTaskCompleted(success: true) }
                        task.expirationHandler = ↓⟦error: closure stored in 'RefreshManager.handleRefresh(task:).task.expirationHandler' captures 'self' (RefreshManager) strongly⟧{ self.finish() }
                    }
                    func finish() {}
                }
                """),
    ]
}

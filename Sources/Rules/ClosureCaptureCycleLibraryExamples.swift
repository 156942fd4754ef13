import CoordLintCore

/// `closure_capture_cycle`'s examples that must report where a framework or library object keeps the
/// closure (UIKit, Core Motion, Combine, RxSwift, Eureka, Swift concurrency, objects from pods).
extension ClosureCaptureCycleExamples {
    /// A project extension of an SDK query source whose method returns `returned` (the query it starts, or
    /// nil), and a screen that keeps the result and hands it `handler` (leaky and clean examples).
    static func sharingQuery(returned: String, handler: String) -> String {
        """
        import UIKit
        import ownCloudSDK
        extension OCCore {
            func sharesWithReshares(for item: OCItem, handler: @escaping ([OCShare]) -> Void, keepRunning: Bool = true) -> OCShareQuery? {
                if let shareQuery = OCShareQuery(scope: .itemWithReshares, item: item) {
                    shareQuery.changesAvailableNotificationHandler = { query in
                        handler(query.queryResults)
                    }
                    start(shareQuery)
                    return \(returned)
                }
                return nil
            }
        }
        final class SharingViewController: UIViewController {
            weak var core: OCCore?
            var item: OCItem
            var shares: [OCShare] = []
            var shareQuery: OCShareQuery?
            init(item: OCItem) { self.item = item; super.init(nibName: nil, bundle: nil) }
            override func viewDidLoad() {
                super.viewDidLoad()
                shareQuery = core?.sharesWithReshares(for: item, handler: \(handler))
            }
        }
        """
    }

    /// A representable's coordinator that sets up a diffable data source with `setup` when it gets its table
    /// (element-x's timeline; leaky and clean examples).
    static func timelineDataSource(_ setup: String) -> String {
        """
        import UIKit
        final class TimelineCoordinator: NSObject {
            var opacity = 1.0
            var tableView: UITableView? { didSet { configureDataSource() } }
            private var dataSource: UITableViewDiffableDataSource<Int, String>?
            private func configureDataSource() {
                guard let tableView else { return }
                \(setup)
            }
        }
        """
    }

    /// RxSwift's `subscribe(with:onNext:)`: the subscription hands the closure a weak `owner`; `body` is
    /// what the closure does.
    /// lockwise's presenters: one holding its view weakly and subscribing to `view?.<member>` with `closure`;
    /// `view` declares the view controller that hands the events out.
    private static func weakViewPresenter(member: String, element: String, closure: String, view: String) -> String {
        """
        import RxCocoa
        import RxSwift
        import UIKit
        protocol ScreenViewProtocol: AnyObject {
            var \(member): Observable<\(element)> { get }
        }
        final class ScreenPresenter {
            private weak var view: ScreenViewProtocol?
            private let disposeBag = DisposeBag()
            var last: \(element)?
            init(view: ScreenViewProtocol) { self.view = view }
            func onViewReady() {
                view?.\(member)
                    .subscribe(onNext: \(closure))
                    .disposed(by: disposeBag)
            }
        }
        \(view)
        """
    }

    private static func ownerSubscription(_ body: String) -> String {
        """
        import RxSwift
        final class ListViewModel { let items = BehaviorSubject<[String]>(value: []) }
        final class ListViewController: UIViewController {
            let viewModel = ListViewModel()
            let disposeBag = DisposeBag()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.items
                    .subscribe(with: self, onNext: \(body))
                    .disposed(by: disposeBag)
            }
            func reload(_ items: [String]) {}
        }
        """
    }

    /// A screen's sections keep an SDK data source that keeps a project view holding enum elements, one a
    /// button whose `UIAction` keeps `handler` (owncloud help and support; no source for the data source).
    private static func helpSection(_ handler: String) -> String {
        """
        import UIKit
        import ownCloudSDK
        enum MessageElement {
            case title(String)
            case button(String, action: UIAction)
        }
        final class ComposedMessageView: UIView {
            var elements: [MessageElement]
            init(elements: [MessageElement]) {
                self.elements = elements
                super.init(frame: .zero)
            }
            required init?(coder: NSCoder) { nil }
        }
        final class CollectionViewSection {
            let dataSource: OCDataSource
            init(identifier: String, dataSource: OCDataSource) { self.dataSource = dataSource }
        }
        class CollectionViewController: UIViewController {
            var sections: [CollectionViewSection] = []
            func add(sections: [CollectionViewSection]) { self.sections.append(contentsOf: sections) }
        }
        final class HelpViewController: CollectionViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                add(sections: [makeSection()])
            }
            func makeSection() -> CollectionViewSection {
                let elements: [MessageElement] = [
                    .title("Help"),
                    .button("Send feedback", action: UIAction(handler: \(handler)))
                ]
                return CollectionViewSection(identifier: "help", dataSource: OCDataSourceArray(items: [
                    ComposedMessageView(elements: elements)
                ]))
            }
            func sendFeedback() {}
        }
        """
    }

    /// A screen subscribing with RxSwift's `subscribe(with:onNext:)`, whose closure names its parameter `self`.
    private static func rxSubscribeWith(_ body: String) -> String {
        """
        import UIKit
        import RxSwift
        final class LookupViewModel { let stateObservable = PublishSubject<Int>() }
        final class LookupViewController: UIViewController {
            private let disposeBag = DisposeBag()
            let viewModel = LookupViewModel()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.stateObservable
                    .subscribe(with: self, onNext: { `self`, state in
                        \(body)
                    })
                    .disposed(by: disposeBag)
            }
            func update(state: Int) {}
            func bind(_ observable: Observable<Int>) -> Disposable { observable.subscribe() }
        }
        """
    }

    static let libraryShapes: [Example] = [
        // A closure nested in it that keeps the object it was handed, in a bag the object keeps: that capture keeps it.
        Example(rxSubscribeWith("self.viewModel.stateObservable.subscribe(onNext: ↓⟦error: closure stored in 'LookupViewController.disposeBag' captures 'self' (LookupViewController) strongly⟧{ _ in self.update(state: 0) }).disposed(by: self.disposeBag)")),
        // A pod's data source keeps a closure of one expression that is a value (a ternary): it returns it, so
        // `self` is unwrapped with a value to return (AltStore `MyAppsViewController.swift:170`, advice read WRONG:
        // 'guard … else { return }' does not compile in a closure returning a count).
        Example("""
            import Roxas
            import UIKit
            final class UpdatesViewController: UIViewController {
                var updates: [Int] = []
                lazy var emptyDataSource = makeEmptyDataSource()
                func makeEmptyDataSource() -> RSTDynamicCollectionViewDataSource<Int> {
                    let source = RSTDynamicCollectionViewDataSource<Int>()
                    source.numberOfItemsHandler = ↓⟦error: capture '[weak self]' and unwrap it first ('guard let self = self else { return … }'), as the closure returns a value$⟧{ _ in self.updates.isEmpty ? 1 : 0 }
                    return source
                }
            }
            """),
        // 'subscribe(with: self, …)' passes a weak owner, but this closure uses 'self' itself.
        Example(ownerSubscription("↓⟦error: closure stored in 'ListViewController.disposeBag' captures 'self' (ListViewController) strongly⟧{ owner, items in self.reload(items) }")),
            // UIKit keeps these closures: a compositional layout its section provider (and the collection
            // view its layout, made here by a method), a diffable data source its cell provider
            // (owncloud collection views).
            Example("""
                import UIKit
                final class CollectionViewController: UIViewController {
                    var sections: [String] = []
                    var collectionView: UICollectionView! = nil
                    var dataSource: UICollectionViewDiffableDataSource<Int, String>! = nil
                    func createLayout() -> UICollectionViewLayout {
                        return UICollectionViewCompositionalLayout.init(sectionProvider: ↓⟦error: closure stored in 'CollectionViewController.collectionView.sectionProvider' captures 'self' (CollectionViewController) strongly⟧{ index, environment in
                            index < self.sections.count ? nil : nil
                        }, configuration: UICollectionViewCompositionalLayoutConfiguration())
                    }
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
                        dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) ↓⟦error: closure stored in 'CollectionViewController.dataSource.cellProvider' captures 'self' (CollectionViewController) strongly⟧{ collectionView, indexPath, item in
                            self.cell(for: item)
                        }
                    }
                    func cell(for item: String) -> UICollectionViewCell { UICollectionViewCell() }
                }
                """),
            // `.init` builds the type the property is declared with: a diffable data source keeping its cell
            // provider (element-x @ 81d98c00dd `TimelineTableView.swift:141`).
            Example(timelineDataSource("""
                dataSource = .init(tableView: tableView) ↓⟦error: closure stored in 'TimelineCoordinator.dataSource.cellProvider' captures 'self' (TimelineCoordinator) strongly⟧{ tableView, indexPath, item in
                            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
                            cell.alpha = self.opacity
                            return cell
                        }
                """)),
            // A closure handed to a project method (declared in the project's extension of an SDK class, called
            // on a property of that class's type) that a closure it stores on the object it returns captures:
            // the returned query keeps it (owncloud @ ad53701adc `GroupSharingTableViewController.swift:94`).
            Example(sharingQuery(returned: "shareQuery", handler: "↓⟦error: closure handed as 'handler' to a closure that keeps it (captured at Example.swift:7) captures 'self' (SharingViewController) strongly; 'SharingViewController' owns 'SharingViewController.shareQuery' through 'shareQuery' (Example.swift:19)⟧{ shares in self.shares = shares }")),
            // The same returned by a ternary that gives the query or nil (owncloud @ 56384a0cb8
            // `PublicLinkTableViewController.swift:51`): whichever the run takes.
            Example(sharingQuery(returned: "keepRunning ? shareQuery : nil", handler: "↓⟦error: closure handed as 'handler' to a closure that keeps it (captured at Example.swift:7) captures 'self' (SharingViewController) strongly⟧{ shares in self.shares = shares }")),
            // The same through a method whose single expression is the layout it returns.
            Example("""
                import UIKit
                final class GridViewController: UIViewController {
                    var columns = 2
                    lazy var collectionView = UICollectionView(frame: .zero, collectionViewLayout: makeLayout())
                    func makeLayout() -> UICollectionViewLayout {
                        UICollectionViewCompositionalLayout ↓⟦error: closure stored in 'GridViewController.collectionView.sectionProvider' captures 'self' (GridViewController) strongly⟧{ index, environment in
                            self.section(columns: self.columns)
                        }
                    }
                    func section(columns: Int) -> NSCollectionLayoutSection? { nil }
                }
                """),
            // A table view keeps the cells it shows and the controller keeps its table view: a closure
            // the cell keeps that uses the controller closes the cycle (pocket-casts chapters, fixed with
            // '[weak self]').
            Example("""
                import UIKit
                final class ChapterCell: UITableViewCell {
                    var onLinkTapped: ((URL) -> Void)?
                    func populate(title: String, linkTapped: @escaping (URL) -> Void) { onLinkTapped = linkTapped }
                }
                final class ChaptersViewController: UIViewController, UITableViewDataSource {
                    @IBOutlet var chaptersTable: UITableView!
                    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
                    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                        let cell = tableView.dequeueReusableCell(withIdentifier: "Chapter", for: indexPath) as! ChapterCell
                        cell.populate(title: "Intro") ↓⟦error: closure stored in 'ChapterCell.onLinkTapped' captures 'self' (ChaptersViewController) strongly; 'ChaptersViewController' owns 'ChapterCell' through 'tableView' (dequeueReusableCell⟧{ url in
                            self.present(UIViewController(), animated: true)
                        }
                        return cell
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
            // `take(while:)` ends only when its condition fails, which may be never: the bag keeps the closure.
            Example("""
                import RxSwift
                import RxRelay
                final class OnboardingPresenter {
                    private let disposeBag = DisposeBag()
                    let onboarding = BehaviorRelay<Bool>(value: true)
                    func onViewReady() {
                        onboarding.take(while: { $0 })
                            .subscribe(onNext: ↓⟦error: closure stored in 'OnboardingPresenter.disposeBag' captures 'self' (OnboardingPresenter) strongly⟧{ _ in self.advance() })
                            .disposed(by: disposeBag)
                    }
                    func advance() {}
                }
                """),
            // `take(1)` before a `flatMap` ends nothing: the pipeline lives as long as the inner sequence, here
            // a subject's (lockwise `CredentialProviderPresenter.swift:164`, read TRUE).
            Example("""
                import RxSwift
                import RxRelay
                final class CredentialPresenter {
                    private let disposeBag = DisposeBag()
                    let locked = BehaviorRelay<Bool>(value: true)
                    let items = PublishSubject<String>()
                    var selected = ""
                    func onViewReady() {
                        locked.filter { !$0 }
                            .take(1)
                            .flatMap ↓⟦error: closure stored in 'CredentialPresenter.disposeBag' captures 'self' (CredentialPresenter) strongly; capture '[weak self]' and unwrap it first ('guard let self = self else { return … }'), as the closure returns a value⟧{ _ in self.items }
                            .subscribe(onNext: ↓⟦error: closure stored in 'CredentialPresenter.disposeBag' captures 'self' (CredentialPresenter) strongly⟧{ item in self.selected = item })
                            .disposed(by: disposeBag)
                    }
                }
                """),
            // Taps a view hands out through a closure that keeps the view (`self.tableView`): the presenter keeps
            // the view through its subscription, and the view its table and the presenter (lockwise
            // `ItemDetailPresenter.swift:246`, read TRUE).
            Example(weakViewPresenter(
                member: "rowTapped", element: "Int",
                closure: "↓⟦error: closure stored in 'ScreenPresenter.disposeBag' captures 'self' (ScreenPresenter) strongly⟧{ row in self.last = row }",
                view: """
                    final class DetailView: UIViewController, ScreenViewProtocol {
                        private let tableView = UITableView()
                        private var presenter: ScreenPresenter?
                        var rowTapped: Observable<Int> { tableView.rx.itemSelected.map { path in self.tableView.numberOfRows(inSection: path.section) } }
                    }
                    """)),
            // The same presenter subscribed to a subject its view keeps: a subject ends only when told to, and
            // the bag keeps the subscription's closure (and so the presenter) after the view is gone.
            Example(weakViewPresenter(
                member: "queries", element: "String",
                closure: "↓⟦error: closure stored in 'ScreenPresenter.disposeBag' captures 'self' (ScreenPresenter) strongly⟧{ text in self.last = text }",
                view: """
                    final class SearchView: UIViewController, ScreenViewProtocol {
                        private let subject = PublishSubject<String>()
                        var queries: Observable<String> { subject.asObservable() }
                    }
                    """)),
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
            // A data source made by a static helper keeps its cell provider; the provider captures the
            // helper's parameter, which the view model passes on from its own caller: the view controller
            // that keeps the view model (bound from the scene enum's payload). mastodon pick server, fixed
            // with '[weak dependency]'.
            Example("""
                import UIKit
                protocol NeedsDependency: AnyObject { var context: String! { get set } }
                enum PickSection: Hashable { case main }
                final class PickCell: UITableViewCell {}
                extension PickSection {
                    static func dataSource(for tableView: UITableView, dependency: NeedsDependency) -> UITableViewDiffableDataSource<PickSection, Int> {
                        UITableViewDiffableDataSource(tableView: tableView) ↓⟦error: closure stored in 'PickViewModel.dataSource.cellProvider' captures 'dependency' (PickViewController) strongly; 'PickViewController' owns 'PickViewModel' through 'viewModel' (assigned at Example.swift:32)⟧{ tableView, indexPath, item -> UITableViewCell? in
                            let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! PickCell
                            cell.textLabel?.text = dependency.context
                            return cell
                        }
                    }
                }
                final class PickViewModel {
                    var dataSource: UITableViewDiffableDataSource<PickSection, Int>?
                    func setUp(for tableView: UITableView, dependency: NeedsDependency) {
                        dataSource = PickSection.dataSource(for: tableView, dependency: dependency)
                    }
                }
                final class PickViewController: UIViewController, NeedsDependency {
                    var context: String!
                    var viewModel: PickViewModel!
                    let tableView = UITableView()
                    override func viewDidLoad() { super.viewDidLoad(); viewModel.setUp(for: tableView, dependency: self) }
                }
                enum Scene { case pick(viewModel: PickViewModel) }
                final class SceneCoordinator {
                    func viewController(for scene: Scene) -> UIViewController {
                        switch scene {
                        case .pick(let viewModel):
                            let controller = PickViewController()
                            controller.viewModel = viewModel
                            return controller
                        }
                    }
                }
                """),
            // A subscription keeps both closures of 'sink(receiveCompletion:receiveValue:)', the second
            // written as a labelled trailing closure (mastodon status section).
            Example("""
                import Combine
                final class ClockViewModel {
                    var bag = Set<AnyCancellable>()
                    var text = ""
                    func bind(ticks: AnyPublisher<Date, Never>) {
                        ticks.sink { _ in } receiveValue: ↓⟦error: closure stored in 'ClockViewModel.bag' captures 'self' (ClockViewModel) strongly⟧{ date in self.text = "\\(date)" }
                            .store(in: &bag)
                    }
                }
                """),
            // An SDK object in a local, kept by self's collection, keeps the handler stored on it (owncloud
            // library queries, fixed with '[weak self]'); no source for the query type.
            Example("""
                import ownCloudSDK
                final class LibraryViewController: UITableViewController {
                    var queries: [OCCoreQuery] = []
                    var shares: [OCShare] = []
                    func startQueries() {
                        if let byUser = OCShareQuery(scope: .sharedByUser, item: nil) {
                            queries.append(byUser)
                            byUser.changesAvailableNotificationHandler = ↓⟦error: closure stored in 'LibraryViewController.startQueries().byUser.changesAvailableNotificationHandler' captures 'self' (LibraryViewController) strongly; 'LibraryViewController' owns 'LibraryViewController.startQueries().byUser' through its 'queries' collection⟧{ query in self.shares = query.queryResults }
                        }
                    }
                }
                """),
            // An enum value keeps its payload, an SDK array data source its items, a project initializer
            // what it stores: the section self keeps keeps the button's handler (owncloud help and support,
            // fixed with '[weak self]').
            Example(helpSection("↓⟦error: closure stored in 'ComposedMessageView.elements.action.handler' captures 'self' (HelpViewController) strongly; 'HelpViewController' owns 'CollectionViewSection' through its 'sections' collection⟧{ _ in self.sendFeedback() }")),
            // The same element kept directly in a property, alone and in an array.
            Example("""
                import UIKit
                enum MenuElement { case button(String, action: UIAction) }
                final class MenuViewController: UIViewController {
                    var element: MenuElement?
                    var elements: [MenuElement] = []
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        element = .button("Close", action: UIAction(handler: ↓⟦error: closure stored in 'MenuViewController.element.action.handler' captures 'self'⟧{ _ in self.close() }))
                        let elements: [MenuElement] = [.button("Close", action: UIAction(handler: ↓⟦error: closure stored in 'MenuViewController.elements.action.handler' captures 'self'⟧{ _ in self.close() }))]
                        self.elements = elements
                    }
                    func close() {}
                }
                """),
    ]

    /// Framework, library and registry shapes that must stay quiet.
    static let libraryCleanShapes: [Example] = [
        // RxSwift's `subscribe(with:onNext:)` keeps the object weakly and hands it to the closure as its first
        // parameter: a parameter named `self` shadows `self`, so the closure captures nothing (zotero
        // `LookupViewController.swift:88` and fifteen more, read FALSE).
        Example(rxSubscribeWith("self.update(state: state)")),
        // RxSwift's `subscribe(onSuccess:onError:)` is a Single's (or a Maybe's): one event ends it and the
        // subscription lets go of its closures, whatever the bag (unstoppable-wallet `EvmFeeService.swift:90`,
        // `SendEvmTransactionService.swift:150`, read FALSE: a gas estimate or a send, one answer each).
        Example("""
            import RxSwift
            final class FeeService {
                private let disposeBag = DisposeBag()
                var status = ""
                func estimate() -> Single<Int> { .just(21000) }
                func sync() {
                    estimate()
                        .subscribe(onSuccess: { [weak self] gas in self?.status = "\\(gas)" }, onError: { error in
                            self.status = "failed"
                        })
                        .disposed(by: disposeBag)
                }
            }
            """),
        // A project function declared `-> Completable` sends one event at most, by its type: the subscription ends
        // with it, whatever labels its closures have (Provenance `PVGameLibraryViewController.swift:1334`, read
        // FALSE: a favourite toggled, then done).
        Example("""
            import RxSwift
            final class LibraryViewController {
                private let disposeBag = DisposeBag()
                var reloads = 0
                func toggleFavorite(for game: Int) -> Completable { .empty() }
                func favorite(_ game: Int) {
                    toggleFavorite(for: game)
                        .subscribe(onCompleted: {
                            self.reloads += 1
                        }, onError: { error in })
                        .disposed(by: disposeBag)
                }
            }
            """),
        // `take(1)` and `first()` end the subscription at the first value, which lets go of its closures
        // (lockwise `AutofillInstructionsPresenter.swift:31`, `FxAPresenter.swift:113`, read FALSE: a relay's
        // current value arrives at once).
        Example("""
            import Combine
            import RxRelay
            import RxSwift
            final class RouteStore {
                let onboarding = BehaviorRelay<Bool>(value: false)
                let route = CurrentValueSubject<Int, Never>(0)
            }
            final class InstructionsPresenter {
                private let routeStore = RouteStore()
                private let disposeBag = DisposeBag()
                private var cancellables = Set<AnyCancellable>()
                func onViewReady() {
                    routeStore.onboarding
                        .take(1)
                        .subscribe(onNext: { onboarding in self.finish(onboarding) })
                        .disposed(by: disposeBag)
                    routeStore.route.first().sink { route in self.show(route) }.store(in: &cancellables)
                }
                func finish(_ onboarding: Bool) {}
                func show(_ route: Int) {}
            }
            """),
        // A presenter holding its view weakly, subscribed to taps the view hands out from its own buttons
        // (`skipButton.rx.tap`): the tap events end when the button goes with its view, and the subscription
        // lets go of its closure, whatever the presenter's bag (lockwise `AutofillOnboardingPresenter.swift:26`,
        // `FxAPresenter.swift:101`, read FALSE).
        Example(weakViewPresenter(
            member: "skipTapped", element: "Void", closure: "{ _ in self.last = () }",
            view: """
                final class OnboardingView: UIViewController, ScreenViewProtocol {
                    private let skipButton = UIButton()
                    private var presenter: ScreenPresenter?
                    var skipTapped: Observable<Void> { skipButton.rx.tap.asObservable() }
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        presenter = ScreenPresenter(view: self)
                        presenter?.onViewReady()
                    }
                }
                """)),
        // The same taps, through a computed `view` that casts the base presenter's weak `baseView` (lockwise
        // `WelcomePresenter.swift:65`, read FALSE).
        Example("""
            import RxCocoa
            import RxSwift
            import UIKit
            protocol BaseViewProtocol: AnyObject {}
            protocol WelcomeViewProtocol: BaseViewProtocol {
                var learnMorePressed: ControlEvent<Void> { get }
            }
            class BaseWelcomePresenter {
                weak var baseView: BaseViewProtocol?
                let disposeBag = DisposeBag()
                init(view: BaseViewProtocol) { baseView = view }
            }
            final class WelcomePresenter: BaseWelcomePresenter {
                var opened = false
                var view: WelcomeViewProtocol? { return self.baseView as? WelcomeViewProtocol }
                func onViewReady() {
                    self.view?.learnMorePressed
                        .subscribe(onNext: { _ in self.opened = true })
                        .disposed(by: self.disposeBag)
                }
            }
            final class WelcomeView: UIViewController, WelcomeViewProtocol {
                private let learnMore = UIButton()
                var learnMorePressed: ControlEvent<Void> { return self.learnMore.rx.tap }
            }
            """),
        // The same subscription using the owner it is handed.
        Example(ownerSubscription("{ owner, items in owner.reload(items) }")),
        // The help section's handler capturing self weakly.
        Example(helpSection("{ [weak self] _ in self?.sendFeedback() }")),
        // The same query captured weakly, and one self does not keep (started and let go).
        Example("""
            import ownCloudSDK
            final class LibraryViewController: UITableViewController {
                var queries: [OCCoreQuery] = []
                var shares: [OCShare] = []
                func startQueries(core: OCCore) {
                    if let byUser = OCShareQuery(scope: .sharedByUser, item: nil) {
                        queries.append(byUser)
                        byUser.changesAvailableNotificationHandler = { [weak self] query in self?.shares = query.queryResults }
                    }
                    if let pending = OCShareQuery(scope: .pendingCloudShares, item: nil) {
                        pending.changesAvailableNotificationHandler = { query in self.shares = query.queryResults }
                        core.start(pending)
                    }
                    // The SDK calls the initial-population handler once and then lets go of it (ios-sdk
                    // `OCShareQuery.m`): kept until the first results, not for the screen's life.
                    if let byGroup = OCShareQuery(scope: .sharedWithUser, item: nil) {
                        queries.append(byGroup)
                        byGroup.initialPopulationHandler = { query in self.shares = query.queryResults }
                    }
                }
            }
            """),
        // Both closures of the sink, the second capturing self weakly.
        Example("""
            import Combine
            final class ClockViewModel {
                var bag = Set<AnyCancellable>()
                var text = ""
                func bind(ticks: AnyPublisher<Date, Never>) {
                    ticks.sink { _ in } receiveValue: { [weak self] date in self?.text = "\\(date)" }
                        .store(in: &bag)
                }
            }
            """),
        // The same helper, its parameter captured weakly; and a caller that passes an object the view
        // model does not belong to.
        Example("""
            import UIKit
            protocol NeedsDependency: AnyObject { var context: String! { get set } }
            enum PickSection: Hashable { case main }
            extension PickSection {
                static func dataSource(for tableView: UITableView, dependency: NeedsDependency) -> UITableViewDiffableDataSource<PickSection, Int> {
                    UITableViewDiffableDataSource(tableView: tableView) { [weak dependency] tableView, indexPath, item -> UITableViewCell? in
                        let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                        cell.textLabel?.text = dependency?.context
                        return cell
                    }
                }
                static func plainDataSource(for tableView: UITableView, dependency: NeedsDependency) -> UITableViewDiffableDataSource<PickSection, Int> {
                    UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, item -> UITableViewCell? in
                        let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                        cell.textLabel?.text = dependency.context
                        return cell
                    }
                }
            }
            final class Settings: NeedsDependency { var context: String! }
            final class PickViewModel {
                let settings = Settings()
                var dataSource: UITableViewDiffableDataSource<PickSection, Int>?
                var plain: UITableViewDiffableDataSource<PickSection, Int>?
                func setUp(for tableView: UITableView, dependency: NeedsDependency) {
                    dataSource = PickSection.dataSource(for: tableView, dependency: dependency)
                    plain = PickSection.plainDataSource(for: tableView, dependency: settings)
                }
            }
            final class PickViewController: UIViewController, NeedsDependency {
                var context: String!
                var viewModel = PickViewModel()
                let tableView = UITableView()
                override func viewDidLoad() { super.viewDidLoad(); viewModel.setUp(for: tableView, dependency: self) }
            }
            """),
        // A registration that hands back its own undo (the token removes the entry) is released when the
        // view cancels it (home-assistant server observers).
        Example("""
            final class Cancellable { let cancel: () -> Void; init(_ cancel: @escaping () -> Void) { self.cancel = cancel } }
            final class Server {
                var name = ""
                private var observers = [Int: (String) -> Void]()
                func observe(_ block: @escaping (String) -> Void) -> Cancellable {
                    let id = observers.count
                    observers[id] = block
                    return Cancellable { [weak self] in self?.observers[id] = nil }
                }
            }
            final class AccountRow {
                let server: Server
                var title = ""
                var observer: Cancellable?
                init(server: Server) { self.server = server }
                func appear() { observer = server.observe { name in self.title = name } }
                func disappear() { observer?.cancel() }
            }
            """),
        // A data source that is no view controller does not own the table it serves; a controller that
        // captures itself weakly closes nothing.
        Example("""
            import UIKit
            final class ChapterCell: UITableViewCell {
                var onLinkTapped: ((URL) -> Void)?
            }
            final class ChaptersDataSource: NSObject, UITableViewDataSource {
                var opened: [URL] = []
                func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
                func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "Chapter", for: indexPath) as! ChapterCell
                    cell.onLinkTapped = { url in self.opened.append(url) }
                    return cell
                }
            }
            final class ChaptersViewController: UITableViewController {
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "Chapter", for: indexPath) as! ChapterCell
                    cell.onLinkTapped = { [weak self] url in self?.present(UIViewController(), animated: true) }
                    return cell
                }
            }
            """),
    ]
}

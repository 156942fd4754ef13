import Analysis
import CoordLintCore

/// Any other cycle of strong stored references.
public struct ReferenceCycleRule: AnalysisRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "reference_cycle",
        name: "Reference Cycle",
        summary: "Objects own each other through strong stored references",
        rationale: """
            A cycle of strong references is never released: a view model and a view controller that \
            own each other, a view that keeps its controller. Make the back-reference weak (or unowned \
            when it can never outlive its owner).
            """,
        defaultSeverity: .error,
        triggeringExamples: ReferenceCycleExamples.triggering + AssociatedObjectExamples.referenceCycleTriggering + [
            // Clearing a property of the view model ('episode') is not letting go of the view model.
            Example("""
                protocol ListRouter { func play() }
                final class Episode {}
                final class ListViewModel {
                    ↓⟦error: 'ListViewModel.router' holds 'ListTabController' strongly⟧var router: ListRouter?
                    weak var episode: Episode?
                }
                final class ListTabController: UIViewController, ListRouter {
                    private let viewModel = ListViewModel()
                    override func viewDidLoad() { viewModel.router = self }
                    func willBeRemoved() { viewModel.episode = nil }
                    func play() {}
                }
                """),
            // The navigation controller is the caller's or a new one around the screen ('??'): in the
            // second case the model keeps the stack that keeps the screen that keeps the model
            // (pocket-casts-ios onboarding, fixed by a weak navigation controller).
            Example("""
                protocol OnboardingModel: AnyObject {}
                final class OnboardingController: UIViewController { var model: OnboardingModel? }
                final class LoginModel: OnboardingModel {
                    ↓⟦error: 'LoginModel.navigationController' holds 'OnboardingController' strongly⟧var navigationController: UINavigationController?
                    static func make(in navigationController: UINavigationController? = nil) -> UIViewController {
                        let model = LoginModel()
                        let controller = OnboardingController()
                        controller.model = model
                        let stack = navigationController ?? UINavigationController(rootViewController: controller)
                        model.navigationController = stack
                        return navigationController == nil ? stack : controller
                    }
                }
                """),
            // The screen hands itself to a presenter it creates for a processor it keeps: the processor
            // is the presenter's only owner, so the back-reference is the presenter's hold on the screen,
            // whatever the names say (simplenote-ios interlink popover).
            Example("""
                final class PopoverPresenter {
                    private ↓⟦error: 'PopoverPresenter.containerViewController' holds 'EditorViewController' strongly⟧let containerViewController: UIViewController
                    init(containerViewController: UIViewController) {
                        self.containerViewController = containerViewController
                    }
                }
                final class InterlinkProcessor: NSObject {
                    private let popoverPresenter: PopoverPresenter
                    init(popoverPresenter: PopoverPresenter) {
                        self.popoverPresenter = popoverPresenter
                    }
                }
                final class EditorViewController: UIViewController {
                    var interlinkProcessor: InterlinkProcessor!
                    func configure() {
                        interlinkProcessor = InterlinkProcessor(popoverPresenter: popoverPresenter)
                    }
                    private var popoverPresenter: PopoverPresenter {
                        PopoverPresenter(containerViewController: self)
                    }
                }
                """),
            // The app delegate's mini player lets go of its full-screen player when it closes and makes a
            // new one when it opens again: what that player creates is no process-lifetime object, and a
            // cycle through it leaks each time (pocket-casts bookmarks tab, fixed with 'weak var router').
            Example("""
                protocol BookmarkListRouter: AnyObject { func play() }
                final class BookmarkListViewModel {
                    ↓⟦error: 'BookmarkListViewModel.router' holds 'BookmarksTabController' strongly⟧var router: BookmarkListRouter?
                }
                final class BookmarksTabController: UIViewController, BookmarkListRouter {
                    private let viewModel: BookmarkListViewModel
                    init() {
                        let viewModel = BookmarkListViewModel()
                        self.viewModel = viewModel
                        super.init(nibName: nil, bundle: nil)
                        viewModel.router = self
                    }
                    func play() {}
                }
                final class PlayerContainerViewController: UIViewController {
                    lazy var bookmarksItem: BookmarksTabController = {
                        let item = BookmarksTabController()
                        return item
                    }()
                }
                final class MiniPlayerViewController: UIViewController {
                    var fullScreenPlayer: PlayerContainerViewController?
                    func open() {
                        if fullScreenPlayer == nil { fullScreenPlayer = PlayerContainerViewController() }
                    }
                    func close() { fullScreenPlayer = nil }
                }
                final class AppDelegate: UIResponder, UIApplicationDelegate {
                    let miniPlayer = MiniPlayerViewController()
                }
                """),
            // The bag's type is an alias of a collection (Trio `BaseStateModel.swift:30`, advice read WRONG: "declare it
            // 'weak var lifetime'" on `typealias Lifetime = Set<AnyCancellable>`).
            Example("""
                import Combine
                typealias Lifetime = Set<AnyCancellable>
                class BaseStateModel {
                    ↓⟦error: 'lifetime' is a collection, which cannot be weak⟧var lifetime = Lifetime()
                }
                final class PumpConfigStateModel: BaseStateModel {
                    var pumpState: Int = 0
                    let pumpStates = PassthroughSubject<Int, Never>()
                    func subscribe() {
                        pumpStates.assign(to: \\.pumpState, on: self).store(in: &lifetime)
                    }
                }
                """),
            // Combine's assign(to:on:) keeps its 'on:' object; the bag keeps the subscription.
            Example("""
                import Combine
                final class ReportViewModel {
                    var disposeBag = Set<AnyCancellable>()
                    var comment: String?
                    let input = PassthroughSubject<String?, Never>()
                    init() {
                        ↓⟦error: 'ReportViewModel.disposeBag' holds 'ReportViewModel' strongly (the object keeps itself); 'disposeBag' is a collection, which cannot be weak⟧input.assign(to: \\.comment, on: self).store(in: &disposeBag)
                    }
                }
                """),
            // Each subscription that keeps the object is named: taking one out leaves the others.
            Example("""
                import Combine
                final class RegisterViewModel {
                    var disposeBag = Set<AnyCancellable>()
                    var username: String?
                    var email: String?
                    let input = PassthroughSubject<String?, Never>()
                    init() {
                        ↓⟦error: it is added there again at Example.swift:9: each keeps it$⟧input.assign(to: \\.username, on: self).store(in: &disposeBag)
                        input.assign(to: \\.email, on: self).store(in: &disposeBag)
                    }
                }
                """),
            // The self-retain is let go in a completion created in the initializer: still a teardown (a note).
            Example("""
                final class OneShotProxy {
                    private ↓⟦note: 'OneShotProxy.selfRetain' holds 'OneShotProxy' strongly (the object keeps itself)⟧var selfRetain: OneShotProxy?
                    var onEnd: (() -> Void)?
                    init() {
                        selfRetain = self
                        onEnd = { [weak self] in self?.selfRetain = nil }
                    }
                }
                """),
            // An object that keeps itself alive on purpose until its work ends: the code lets go (a note).
            Example("""
                final class SpeedProbe {
                    private ↓⟦note: 'SpeedProbe.selfRetain' holds 'SpeedProbe' strongly (the object keeps itself)⟧var selfRetain: SpeedProbe?
                    func start() { selfRetain = self }
                    func finish() { selfRetain = nil }
                }
                """),
            // An array added to itself.
            Example([
                "FlowCoordinator.m": """
                    #import <Foundation/Foundation.h>
                    @interface FlowCoordinator : NSObject
                    @property (nonatomic, strong) NSMutableArray *childCoordinators;
                    @end
                    @implementation FlowCoordinator
                    - (void)add {
                        ↓⟦error: the collection 'FlowCoordinator.childCoordinators' is added to itself (FlowCoordinator.m:7)⟧[self.childCoordinators addObject:self.childCoordinators];
                    }
                    @end
                    """,
            ]),
            Example("""
                final class ProfileViewController: UIViewController {
                    let viewModel = ProfileViewModel()
                    override func viewDidLoad() { viewModel.viewController = self }
                }
                final class ProfileViewModel {
                    ↓⟦error: 'ProfileViewModel.viewController' holds 'ProfileViewController' strongly⟧var viewController: ProfileViewController?
                }
                """),
            // A view that keeps the controller whose view it is.
            Example("""
                final class CartView: UIView {
                    ↓⟦error: 'CartView.controller' holds 'CartViewController' strongly⟧var controller: CartViewController?
                }
                final class CartViewController: UIViewController {
                    let cartView = CartView()
                    override func viewDidLoad() { cartView.controller = self }
                }
                """),
            // A cell a static helper's data source dequeues from the table view the controller passes down
            // (through its view model) keeps the controller: the controller keeps its table, the table its
            // cells (mastodon report screen, fixed with 'weak var dependency').
            Example("""
                import UIKit
                enum ReportSection: Hashable { case main }
                final class ReportedCell: UITableViewCell {
                    ↓⟦error: 'ReportedCell.dependency' holds 'ReportViewController' strongly⟧var dependency: ReportViewController?
                }
                extension ReportSection {
                    static func dataSource(for tableView: UITableView, dependency: ReportViewController) -> UITableViewDiffableDataSource<ReportSection, Int> {
                        UITableViewDiffableDataSource(tableView: tableView) { [weak dependency] tableView, indexPath, item -> UITableViewCell? in
                            guard let dependency = dependency else { return UITableViewCell() }
                            let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! ReportedCell
                            cell.dependency = dependency
                            return cell
                        }
                    }
                }
                final class ReportViewModel {
                    var dataSource: UITableViewDiffableDataSource<ReportSection, Int>?
                    func setUp(for tableView: UITableView, dependency: ReportViewController) {
                        dataSource = ReportSection.dataSource(for: tableView, dependency: dependency)
                    }
                }
                final class ReportViewController: UIViewController {
                    let viewModel = ReportViewModel()
                    let tableView = UITableView()
                    override func viewDidLoad() { super.viewDidLoad(); viewModel.setUp(for: tableView, dependency: self) }
                }
                """),
        ],
        nonTriggeringExamples: ReferenceCycleExamples.clean + AssociatedObjectExamples.referenceCycleClean + [
            // The same helper with a weak back-reference, and a helper fed a table view that is not the
            // controller's own (a preview object the controller makes and lets go).
            Example("""
                import UIKit
                enum ReportSection: Hashable { case main }
                final class ReportedCell: UITableViewCell { weak var dependency: ReportViewController? }
                final class PreviewCell: UITableViewCell { var dependency: ReportViewController? }
                extension ReportSection {
                    static func dataSource(for tableView: UITableView, dependency: ReportViewController) -> UITableViewDiffableDataSource<ReportSection, Int> {
                        UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, item -> UITableViewCell? in
                            let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! ReportedCell
                            cell.dependency = dependency
                            return cell
                        }
                    }
                    static func previewSource(for tableView: UITableView, dependency: ReportViewController) -> UITableViewDiffableDataSource<ReportSection, Int> {
                        UITableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, item -> UITableViewCell? in
                            let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! PreviewCell
                            cell.dependency = dependency
                            return cell
                        }
                    }
                }
                final class ReportPreview {
                    let tableView = UITableView()
                    var source: UITableViewDiffableDataSource<ReportSection, Int>?
                    func load(for controller: ReportViewController) { source = ReportSection.previewSource(for: tableView, dependency: controller) }
                }
                final class ReportViewController: UIViewController {
                    let tableView = UITableView()
                    var dataSource: UITableViewDiffableDataSource<ReportSection, Int>?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        dataSource = ReportSection.dataSource(for: tableView, dependency: self)
                        ReportPreview().load(for: self)
                    }
                }
                """),
            // assign(to: &$title) keeps no object; assign(to:on:) on another object is not a cycle of self.
            Example("""
                import Combine
                final class ComposeViewModel {
                    var disposeBag = Set<AnyCancellable>()
                    @Published var title = ""
                    let input = PassthroughSubject<String, Never>()
                    init(label: TitleLabel) {
                        input.assign(to: &$title)
                        input.assign(to: \\.text, on: label).store(in: &disposeBag)
                    }
                }
                final class TitleLabel { var text = "" }
                """),
            // A subscription to a publisher that completes after one value (a project method returning
            // 'Just' or 'Future' from either branch) ends, letting go of its 'on:' object (mastodon-ios media
            // views and the blurhash cache).
            Example("""
                import Combine
                import UIKit
                final class ImageCache {
                    static let shared = ImageCache()
                    var images: [String: UIImage] = [:]
                    func image(named name: String) -> AnyPublisher<UIImage?, Never> {
                        if let image = images[name] {
                            return Just(image).eraseToAnyPublisher()
                        }
                        return Future { promise in promise(.success(nil)) }
                            .receive(on: RunLoop.main)
                            .eraseToAnyPublisher()
                    }
                }
                final class MediaView: UIView {
                    var preview: UIImage?
                    var disposeBag = Set<AnyCancellable>()
                    func configure(name: String) {
                        ImageCache.shared.image(named: name)
                            .assign(to: \\.preview, on: self)
                            .store(in: &disposeBag)
                    }
                }
                """),
            // Objective-C: a chain libclang cannot type ('SPTableView' is only forward-declared) is not
            // shortened: 'self.tableView.delegate = self' is not 'self.tableView = self'.
            Example([
                "EntryViewController.m": """
                    #import <UIKit/UIKit.h>
                    @class SPTableView;
                    @interface EntryViewController : UIViewController
                    @property (nonatomic, strong) SPTableView *primaryTableView;
                    @property (nonatomic, strong) UIAlertController *alert;
                    @end
                    @implementation EntryViewController
                    - (void)viewDidLoad {
                        self.primaryTableView.delegate = self;
                        [self presentViewController:self->_alert animated:YES completion:nil];
                    }
                    @end
                    """,
            ]),
            // A project method named like a UIKit container call ('show') is the project's: the helper does
            // not keep the controller it is shown from.
            Example("""
                final class ToastHelper { func show(from viewController: UIViewController) {} }
                final class HomeViewController: UIViewController {
                    let helper = ToastHelper()
                    func didTap() { helper.show(from: self) }
                }
                """),
            // A screen presenting another screen of its own type is another object, not itself.
            Example("""
                final class FolderViewController: UIViewController {
                    func open() { navigationController?.pushViewController(FolderViewController(), animated: true) }
                    func info() { present(FolderViewController(), animated: true) }
                }
                """),
            Example("""
                final class ProfileViewController: UIViewController {
                    let viewModel = ProfileViewModel()
                    override func viewDidLoad() { viewModel.viewController = self }
                }
                final class ProfileViewModel { weak var viewController: ProfileViewController? }
                """),
            // A type referring to its own type is not a cycle by itself: another instance is another object.
            Example("""
                final class TreeNode { var children: [TreeNode] = []; var next: TreeNode? }
                """),
            // Value types are copied, not shared.
            Example("""
                struct Settings { var theme: Theme }
                struct Theme { var name: String }
                """),
        ]
    )

    public func check(_ program: Program) -> [Finding] {
        program.cycles.compactMap { cycle -> Finding? in
            guard cycle.role == .other else { return nil }
            let anchor = cycle.anchor
            if cycle.edges.count == 1, anchor.from == anchor.to, case .container = anchor.origin,
               let declaration = program.graph.nodes[anchor.from]?.location {
                return finding(
                    Message.containsItself(anchor.from, at: anchor.location), at: anchor.location, subject: anchor.from,
                    evidence: .cycle(cycle.edges), notes: [Note(message: "'\(anchor.from)' is declared here", location: declaration)])
            }
            if let property = anchor.declaration, case .property(let owner, _, let isCollection) = anchor.origin {
                // A collection cannot be weak: the finding goes where the element is added, which is
                // what changes; each other place that adds the same object keeps it too.
                let others = isCollection ? Set(program.graph.assignments(of: anchor).filter { $0 != anchor.assignment }).sorted() : []
                var result = finding(
                    Message.property(owner: owner, property: property, cycle: cycle, in: program) + Message.addedAgain(others),
                    at: isCollection ? (anchor.assignment ?? property.location) : property.location,
                    subject: "\(owner).\(property.name)", cycle: cycle, in: program,
                    fixes: [PropertyFix.makeWeak(property, owner: owner, in: program, anchor: anchor)])
                result.notes += others.map { Note(message: "'\(anchor.to)' is added to '\(property.name)' again here", location: $0) }
                return result
            }
            var message = Message.edge(cycle, in: program)
            var notes: [Note] = []
            if case .container(let call, _) = anchor.origin, let kept = KnowledgeTables.retainedObjectName(call) {
                // The same object registered again on the same holder (`add(self, name: "a")`, `add(self, name:
                // "b")`): each registration keeps it, and each must go.
                let others = program.graph.edges(from: anchor.from).filter { edge in
                    if case .container(call, _) = edge.origin { edge.to == anchor.to && edge.location != anchor.location } else { false }
                }.map(\.location).sorted()
                message += Message.registered(kept, others: others)
                notes = others.map { Note(message: "'\(anchor.to)' is registered again here", location: $0) }
            }
            var result = finding(message, at: anchor.location, subject: "\(anchor.from)->\(anchor.to)", cycle: cycle, in: program)
            result.notes += notes
            return result
        }
    }

    private enum Message {
        static func containsItself(_ collection: String, at location: SourceLocation) -> String {
            "the collection '\(collection)' is added to itself (\(location.shortDescription)): a collection "
                + "that contains itself is never deallocated, and neither is anything in it; add the child, not the collection"
        }

        static func property(owner: String, property: PropertyFact, cycle: Cycle, in program: Program) -> String {
            CycleWording.reference(owner: owner, property: property) + " holds \(program.name(cycle.anchor.to)) strongly"
                + CycleWording.andPath(cycle, in: program) + "; " + Advice.declareWeak(property, owner: owner, in: program)
                + (property.type.map { $0.container != .none } == true ? "" : " to break the cycle") + CycleWording.moreSuffix(cycle)
        }

        /// No fix-it: which object forwards weakly, or where the handler goes, is the app's design.
        static func registered(_ kept: String, others: [SourceLocation]) -> String {
            let each = others.isEmpty ? "" : ", for each of its \(others.count + 1) registrations (also at "
                + others.prefix(3).map(\.shortDescription).joined(separator: ", ")
                + (others.count > 3 ? " and \(others.count - 3) more" : "") + ")"
            return "; the framework keeps its \(kept) until it is removed: register a proxy that holds it weakly, "
                + "or remove the \(kept) when done" + each
        }

        /// "; it is added there again at A.swift:102, A.swift:151, A.swift:164 and 2 more: each keeps it"
        static func addedAgain(_ others: [SourceLocation]) -> String {
            guard !others.isEmpty else { return "" }
            return "; it is added there again at " + others.prefix(3).map(\.shortDescription).joined(separator: ", ")
                + (others.count > 3 ? " and \(others.count - 3) more" : "") + ": each keeps it"
        }

        static func edge(_ cycle: Cycle, in program: Program) -> String {
            program.describe(cycle.anchor) + ", and " + program.describePath(cycle.edges.dropFirst())
                + CycleWording.moreSuffix(cycle)
        }
    }
}

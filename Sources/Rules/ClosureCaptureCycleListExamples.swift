import CoordLintCore

/// `closure_capture_cycle`'s examples through lists: cells a controller's table or collection view
/// keeps, data sources made by static helpers, the table a controller hands down.
enum ClosureCaptureCycleListExamples {
    /// mastodon's timeline section: a static helper whose data source dequeues status cells from the table
    /// it is handed and re-binds its weakly captured dependency for `configure` (which follows it).
    private static let timelineDataSource = """
            import UIKit
            import Combine
            protocol NeedsDependency: AnyObject { var context: String! { get } }
            enum TimelineSection: Hashable { case main }
            final class StatusCell: UITableViewCell { var disposeBag = Set<AnyCancellable>() }
            extension TimelineSection {
                static func dataSource(for tableView: UITableView, dependency: NeedsDependency, ticks: AnyPublisher<Date, Never>) -> UITableViewDiffableDataSource<TimelineSection, Int> {
                    UITableViewDiffableDataSource(tableView: tableView) { [weak dependency] tableView, indexPath, item -> UITableViewCell? in
                        guard let dependency = dependency else { return UITableViewCell() }
                        let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! StatusCell
                        configure(cell: cell, dependency: dependency, ticks: ticks)
                        return cell
                    }
                }

            """

    /// mastodon's compose section: the cell provider's sink resizes the list it was handed, kept in the
    /// dequeued cell's bag (fixed with '[weak collectionView]').
    private static func composeSection(_ sink: String) -> String {
        """
        import UIKit
        import Combine
        final class ContentCell: UICollectionViewCell {
            var disposeBag = Set<AnyCancellable>()
            let text = PassthroughSubject<String, Never>()
        }
        enum ComposeSection {
            static func dataSource(for collectionView: UICollectionView) -> UICollectionViewDiffableDataSource<Int, Int> {
                UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, _ in
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath) as! ContentCell
                    cell.text.sink \(sink)
                        .store(in: &cell.disposeBag)
                    return cell
                }
            }
        }
        """
    }

    static let triggering: [Example] = [
        // The list keeps the cells dequeued from it, whoever keeps the list.
        Example(composeSection("↓⟦error: closure stored in 'ContentCell.disposeBag' captures 'collectionView' (ComposeSection.dataSource(for:).collectionView) strongly; 'ComposeSection.dataSource(for:).collectionView' owns 'ContentCell' as its cell⟧{ _ in collectionView.layoutIfNeeded() }")),
        // The controller's table keeps the cells its data source dequeues (the table passed down through
        // the view model), a cell's bag keeps the sink a static helper makes, and the sink uses the
        // controller the cell provider re-binds from its weak capture and hands on (mastodon timeline
        // status section, fixed with 'weak dependency').
        Example(timelineDataSource + """
                static func configure(cell: StatusCell, dependency: NeedsDependency, ticks: AnyPublisher<Date, Never>) {
                    ticks.sink ↓⟦error: closure stored in 'StatusCell.disposeBag' captures 'dependency' (TimelineViewController) strongly; 'TimelineViewController' owns 'StatusCell' through 'tableView' (dequeueReusableCell⟧{ [weak cell] _ in
                        guard let cell = cell else { return }
                        cell.textLabel?.text = dependency.context
                    }
                    .store(in: &cell.disposeBag)
                }
            }
            final class TimelineViewModel {
                var dataSource: UITableViewDiffableDataSource<TimelineSection, Int>?
                func setUp(for tableView: UITableView, dependency: NeedsDependency, ticks: AnyPublisher<Date, Never>) {
                    dataSource = TimelineSection.dataSource(for: tableView, dependency: dependency, ticks: ticks)
                }
            }
            final class TimelineViewController: UIViewController, NeedsDependency {
                var context: String!
                let viewModel = TimelineViewModel()
                let tableView = UITableView()
                let ticks = PassthroughSubject<Date, Never>()
                override func viewDidLoad() { super.viewDidLoad(); viewModel.setUp(for: tableView, dependency: self, ticks: ticks.eraseToAnyPublisher()) }
            }
            """),
        // A closure's parameter goes out of scope where the closure ends: the later sink captures the
        // function's 'cell', not the earlier closure's (mastodon poll countdown).
        Example("""
            import UIKit
            import Combine
            final class StatusCell: UITableViewCell { var subscription: AnyCancellable?; let label = UILabel() }
            enum StatusSection {
                static func configure(cell: StatusCell, cells: [StatusCell], ticks: AnyPublisher<Date, Never>) {
                    cells.forEach { cell in cell.label.text = "" }
                    cell.subscription = ticks.sink ↓⟦error: closure stored in 'StatusCell.subscription' captures 'cell' (StatusCell) strongly⟧{ _ in cell.label.text = "" }
                }
            }
            """),
        // Of two cycles of one length through the same capture, the finding shows the one made in its own
        // file: the controller this function wraps, not another instance of the frame type made elsewhere
        // (owncloud import card; it cited a license screen's frame before).
        Example([
            "Rows.swift": """
                import UIKit
                final class Row { var action: (() -> Void)?; init(action: @escaping () -> Void) { self.action = action } }
                class Section { var rows: [Row] = []; init(rows: [Row]) { self.rows = rows } }
                class TableController: UIViewController {
                    var sections: [Section] = []
                    func addSection(_ section: Section) { sections.append(section) }
                }
                final class LicenseController: TableController {
                    override func viewDidLoad() { super.viewDidLoad(); addSection(Section(rows: [Row(action: { print("buy") })])) }
                }
                final class MoreController: TableController {}
                final class FrameController: UIViewController {
                    let viewController: UIViewController
                    init(viewController: UIViewController) { self.viewController = viewController; super.init(nibName: nil, bundle: nil) }
                    required init?(coder: NSCoder) { nil }
                }
                final class Licenses { func show() -> UIViewController { FrameController(viewController: LicenseController()) } }
                """,
            "Import.swift": """
                import UIKit
                final class ImportController {
                    func card() -> UIViewController {
                        let table = MoreController()
                        let frame = FrameController(viewController: table)
                        table.addSection(Section(rows: [Row(action: ↓⟦error: closure stored in 'Row.action' captures 'frame' (FrameController) strongly; 'FrameController' owns 'MoreController' through 'viewController' (assigned at Import.swift:5)⟧{ frame.dismiss(animated: true) })]))
                        return frame
                    }
                }
                """,
        ]),
    ]

    static let clean: [Example] = [
        Example(composeSection("{ [weak collectionView] _ in collectionView?.layoutIfNeeded() }")),
        // The same timeline, the sink capturing the controller weakly too.
        Example(timelineDataSource + """
                static func configure(cell: StatusCell, dependency: NeedsDependency, ticks: AnyPublisher<Date, Never>) {
                    ticks.sink { [weak cell, weak dependency] _ in
                        guard let cell = cell, let dependency = dependency else { return }
                        cell.textLabel?.text = dependency.context
                    }
                    .store(in: &cell.disposeBag)
                }
            }
            final class TimelineViewController: UIViewController, NeedsDependency {
                var context: String!
                let tableView = UITableView()
                var dataSource: UITableViewDiffableDataSource<TimelineSection, Int>?
                let ticks = PassthroughSubject<Date, Never>()
                override func viewDidLoad() { super.viewDidLoad(); dataSource = TimelineSection.dataSource(for: tableView, dependency: self, ticks: ticks.eraseToAnyPublisher()) }
            }
            """),
        // A request that completes after one response, made by a project function named with backticks
        // ('Timeline.public'): the subscription ends with it, whatever its two closures capture.
        Example("""
            import Foundation
            import Combine
            enum Mastodon { enum API { enum Timeline {} } }
            extension Mastodon.API.Timeline {
                static func `public`(session: URLSession, domain: String) -> AnyPublisher<Data, Error> {
                    return session.dataTaskPublisher(for: URL(string: domain)!)
                        .tryMap { data, _ in data }
                        .eraseToAnyPublisher()
                }
            }
            final class APIService {
                let session = URLSession.shared
                func publicTimeline(domain: String) -> AnyPublisher<Data, Error> {
                    return Mastodon.API.Timeline.public(session: session, domain: domain)
                        .flatMap { data -> AnyPublisher<Data, Error> in Just(data).setFailureType(to: Error.self).eraseToAnyPublisher() }
                        .eraseToAnyPublisher()
                }
            }
            final class TimelineModel {
                let api = APIService()
                var bag = Set<AnyCancellable>()
                var items: [Data] = []
                func load() {
                    api.publicTimeline(domain: "x")
                        .sink { _ in } receiveValue: { data in self.items.append(data) }
                        .store(in: &bag)
                }
            }
            """),
    ]
}

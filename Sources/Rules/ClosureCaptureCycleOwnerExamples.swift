import CoordLintCore

/// `closure_capture_cycle`'s examples about which object a closure keeps and which reference to weaken:
/// a nested type's initializer makes that type (not its outer type); each element of a collection is what
/// `forEach` hands its closure; an object that hands itself out in the row it returns is kept by that row,
/// so the other capture of the cycle is the one to weaken; a closure whose value is used keeps its
/// `self` unwrapped, also when a closure inside it makes that value.
enum ClosureCaptureCycleOwnerExamples {
    /// Actions that each make a row running them, listed on a card that a static helper builds.
    private static func actionCard(_ setup: String) -> String {
        """
        import UIKit
        final class Row {
            var action: (() -> Void)?
            init(action: (() -> Void)?) { self.action = action }
        }
        final class CardViewController: UIViewController {
            var rows: [Row] = []
        }
        class ItemAction {
            var willRunHandler: (() -> Void)?
            class func applicableActions() -> [ItemAction] { [ItemAction()] }
            func run() {}
            func makeRow() -> Row {
                return Row(action: {
                    self.willRunHandler?()
                    self.run()
                })
            }
            class func cardViewController() -> UIViewController {
                let card = CardViewController()
                let actions = ItemAction.applicableActions()
                \(setup)
                actions.forEach { action in card.rows.append(action.makeRow()) }
                return card
            }
        }
        """
    }

    /// A location request whose handler submits through a promise-returning method of `self`.
    private static func locationRequest(_ handler: String) -> String {
        """
        import CoreLocation
        import PromiseKit
        final class OneShotLocationManager {
            let onLocationUpdated: (CLLocation?) -> Void
            init(onLocationUpdated: @escaping (CLLocation?) -> Void) { self.onLocationUpdated = onLocationUpdated }
        }
        final class LocationAPI {
            var oneShotLocationManager: OneShotLocationManager?
            func submit(_ location: CLLocation) -> Promise<Void> { Promise() }
            func requestLocation() {
                oneShotLocationManager = OneShotLocationManager \(handler)
            }
        }
        """
    }

    /// ivpn's tunnel provider: a key-rotation timer made in a method whose handler proceeds through it;
    /// `keep` is what else the method does with it.
    private static func keyRotation(_ handler: String, keep: String = "") -> String {
        """
        import Foundation
        final class TimerManager {
            var eventHandler: (() -> Void)?
            init(timeInterval: TimeInterval) {}
            func resume() {}
            func proceed() {}
        }
        final class PacketTunnelProvider {
            var keyTimer: TimerManager?
            func startKeyRotation() {
                let timer = TimerManager(timeInterval: 60)
                timer.eventHandler = \(handler)
                    timer.proceed()
                }
                timer.resume()
                \(keep)
            }
        }
        """
    }

    /// Two screens of one generic container class, each with a footer: the info screen's container is the root of
    /// a local navigation controller; the details screen's is the root of the one `self` keeps, and the overview's
    /// is what a lazy property's closure returns (corona-warn-app `TraceLocationsCoordinator.swift:141`, read
    /// FALSE: the footer keeping `self` was the other container's).
    private static func containerFooters(_ detailsFooter: String) -> String {
        """
        import UIKit
        final class FooterViewController: UIViewController {
            var didTapPrimaryButton: () -> Void
            init(didTapPrimaryButton: @escaping () -> Void) { self.didTapPrimaryButton = didTapPrimaryButton; super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { fatalError() }
        }
        final class ContainerViewController<Top: UIViewController, Bottom: UIViewController>: UIViewController {
            let topViewController: Top
            let bottomViewController: Bottom
            init(topController: Top, bottomController: Bottom) {
                topViewController = topController
                bottomViewController = bottomController
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError() }
        }
        final class TraceLocationsCoordinator {
            private weak var parentNavigationController: UINavigationController?
            private var detailsNavigationController: UINavigationController!
            var infoScreenShown = false
            func showInfoScreen() {
                var navigationController: UINavigationController!
                let footer = FooterViewController(didTapPrimaryButton: {
                    navigationController.dismiss(animated: true)
                    self.infoScreenShown = true
                })
                let container = ContainerViewController(topController: UIViewController(), bottomController: footer)
                navigationController = UINavigationController(rootViewController: container)
                parentNavigationController?.present(navigationController, animated: true)
            }
            func showDetails() {
                let footer = FooterViewController(didTapPrimaryButton: \(detailsFooter))
                let container = ContainerViewController(topController: UIViewController(), bottomController: footer)
                detailsNavigationController = UINavigationController(rootViewController: container)
                parentNavigationController?.present(detailsNavigationController, animated: true)
            }
            private lazy var overviewScreen: UIViewController = {
                let footer = FooterViewController(didTapPrimaryButton: {})
                let container = ContainerViewController(topController: UIViewController(), bottomController: footer)
                return container
            }()
            func start() { parentNavigationController?.pushViewController(overviewScreen, animated: false) }
        }
        """
    }

    /// A manager handing an observer whose handler uses `self` to its list (`list`, the project's `ObserverList`).
    private static func tunnelObservers(list: String, handler: String) -> String {
        list + """

            protocol TunnelObserver: AnyObject {}
            final class TunnelBlockObserver: TunnelObserver {
                var didUpdate: (() -> Void)?
                init(didUpdate: (() -> Void)?) { self.didUpdate = didUpdate }
            }
            final class TunnelManager {
                private let observerList = ObserverList<TunnelObserver>()
                var status = 0
                func addObserver(_ observer: TunnelObserver) { observerList.append(observer) }
                func start() {
                    let observer = TunnelBlockObserver(didUpdate: \(handler))
                    addObserver(observer)
                }
            }
            """
    }

    static let triggering: [Example] = [
        // A delegate parameter typed by a protocol that is not class-bound: '[weak delegate]' would not compile, so
        // the advice says to make the protocol class-bound first (session-ios `ContextMenuVC+Action.swift:57` ×12,
        // advice read WRONG).
        Example("""
            import UIKit
            protocol ContextMenuActionDelegate {
                func reply()
            }
            final class Action {
                let work: () -> Void
                init(work: @escaping () -> Void) { self.work = work }
                static func reply(_ delegate: ContextMenuActionDelegate?) -> Action {
                    Action(work: ↓⟦error: 'ContextMenuActionDelegate' is not class-bound, so 'delegate' cannot be captured weakly: make 'ContextMenuActionDelegate' class-bound (': AnyObject'), then capture '[weak delegate]'⟧{ delegate?.reply() })
                }
            }
            final class ContextMenuVC: UIViewController {
                let actions: [Action]
                init(actions: [Action]) { self.actions = actions; super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { fatalError() }
            }
            final class ConversationVC: UIViewController, ContextMenuActionDelegate {
                var contextMenuVC: ContextMenuVC?
                func reply() {}
                func showMenu() {
                    contextMenuVC = ContextMenuVC(actions: [Action.reply(self)])
                }
            }
            """),
        // A project's list class whose own `append` keeps its argument: the list keeps the observer.
        Example(tunnelObservers(list: """
            final class ObserverList<T> {
                private var observers = [T]()
                func append(_ observer: T) { observers.append(observer) }
            }
            """, handler: "↓⟦error: 'TunnelManager' owns 'TunnelBlockObserver' through 'observerList'⟧{ self.status = 1 }")),
        // The details screen's own footer keeping `self`, kept through the navigation controller `self` keeps.
        Example(containerFooters("↓⟦error: 'TraceLocationsCoordinator' owns 'ContainerViewController' through 'detailsNavigationController' (assigned at Example.swift:34), and 'ContainerViewController' owns 'FooterViewController' through 'bottomViewController' (assigned at Example.swift:33)⟧{ self.showDetails() }")),
        // Two views of one class, each made where its `let` is declared: each closure is named with the view that
        // keeps it (TrustWallet `VerifyPassphraseViewController.swift:139`, read FALSE: it named the other view).
        Example("""
            import UIKit
            final class PassphraseView: UIView {
                var words: [String] = []
                var didDeleteItem: ((String) -> Void)?
            }
            final class VerifyPassphraseViewController: UIViewController {
                let contentView = PassphraseView()
                let proposalView = PassphraseView()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    contentView.didDeleteItem = ↓⟦error: 'VerifyPassphraseViewController' owns 'PassphraseView' through 'contentView'⟧{ item in self.proposalView.words.append(item) }
                    proposalView.didDeleteItem = ↓⟦error: 'VerifyPassphraseViewController' owns 'PassphraseView' through 'proposalView'⟧{ item in self.contentView.words.append(item) }
                }
            }
            """),
        // A connection made here around the system's one, captured by the handler the system's connection keeps
        // and handed on only when that handler runs: until then the handler is its only owner (AltStore
        // `WirelessConnectionHandler.swift:116`, advice read WRONG: '[weak connection]' frees it at once).
        Example("""
            import Network
            final class NetworkConnection {
                let nwConnection: NWConnection
                init(_ nwConnection: NWConnection) { self.nwConnection = nwConnection }
            }
            final class WirelessConnectionHandler {
                var connectionHandler: ((NetworkConnection) -> Void)?
                func prepare(_ nwConnection: NWConnection) {
                    let connection = NetworkConnection(nwConnection)
                    nwConnection.stateUpdateHandler = ↓⟦error: captures 'connection' (NetworkConnection) strongly; 'NetworkConnection' owns 'WirelessConnectionHandler.prepare(_:).nwConnection' through 'nwConnection' (assigned at Example.swift:9); nothing else keeps 'connection' (it is made here and handed to nothing), so a weak capture would end it early: let go of the closure when its work ends (set 'stateUpdateHandler' to nil)⟧{ [weak self] state in
                        if case .ready = state { self?.connectionHandler?(connection) }
                    }
                    nwConnection.start(queue: .main)
                }
            }
            """),
        // A sink that calls a closure its initializer was handed, which captures the cell keeping the model: the
        // handed closure is a function value and cannot be captured weakly, so the advice names the cell in the
        // closure that captures it (corona-warn-app `HomeRiskCellModel.swift:22` ×8, advice read WRONG:
        // '[weak onUpdate]' does not compile).
        Example("""
            import UIKit
            import Combine
            final class RiskState { @Published var level = 0 }
            final class RiskCellModel {
                private var subscriptions = Set<AnyCancellable>()
                init(state: RiskState, onUpdate: @escaping () -> Void) {
                    state.$level.sink ↓⟦error: captures 'onUpdate' (the closure at Example.swift:22) strongly; the closure at Example.swift:22 captures 'cell' (RiskCell) strongly at Example.swift:23, and 'RiskCell' owns 'RiskCellModel' through 'cellModel' (assigned at Example.swift:16); 'onUpdate' is a closure, which cannot be captured weakly: capture '[weak cell]' in the closure at Example.swift:22 and unwrap it first ('guard let cell = cell else { return }')$⟧{ [weak self] _ in
                        self?.refresh()
                        onUpdate()
                    }.store(in: &subscriptions)
                }
                func refresh() {}
            }
            final class RiskCell: UITableViewCell {
                var cellModel: RiskCellModel?
                func configure(with model: RiskCellModel) { cellModel = model }
            }
            final class HomeViewController: UITableViewController {
                let state = RiskState()
                func riskCell() -> UITableViewCell {
                    let cell = RiskCell()
                    let model = RiskCellModel(state: state, onUpdate: { [weak self] in
                        self?.animateChanges(of: cell)
                    })
                    cell.configure(with: model)
                    return cell
                }
                func animateChanges(of cell: UITableViewCell) {}
            }
            """),
        // A screen made as a local and shown by a method of its own: UIKit's presentation keeps it, so '[weak self]'
        // is safe and the advice says so (habitica `SubscriptionPage.swift:587`, read TRUE with that advice).
        Example("""
            import UIKit
            final class SubscriptionViewModel { var onSubscriptionSuccessful: (() -> Void)? }
            final class SubscriptionModalViewController: UIViewController {
                let viewModel = SubscriptionViewModel()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    viewModel.onSubscriptionSuccessful = ↓⟦error: captures 'self' (SubscriptionModalViewController) strongly; 'SubscriptionModalViewController' owns 'SubscriptionViewModel' through 'viewModel' (assigned at Example.swift:4); capture '[weak self]' and call through 'self?.'$⟧{ self.dismiss(animated: true) }
                }
                func show() { UIApplication.shared.keyWindow?.rootViewController?.present(self, animated: true) }
            }
            final class FaintViewController: UIViewController {
                func subscribe() {
                    let modal = SubscriptionModalViewController()
                    modal.show()
                }
            }
            """),
        // A local whose own call is awaited: the caller's frame keeps it until that call returns, which is when
        // the completion runs, so '[weak self]' is safe (simplenote `PasskeyRegistrator.swift:64`, read TRUE, OK).
        Example("""
            import Foundation
            final class RegistrationDelegate { var onCompletion: ((Int) -> Void)? }
            final class PasskeyRegistrator {
                private let delegate = RegistrationDelegate()
                func attempt() async throws {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                        delegate.onCompletion = ↓⟦error: captures 'self' (PasskeyRegistrator) strongly; 'PasskeyRegistrator' owns 'RegistrationDelegate' through 'delegate' (assigned at Example.swift:4); capture '[weak self]'⟧{ result in
                            self.finish(result)
                            continuation.resume()
                        }
                    }
                }
                func finish(_ value: Int) {}
            }
            final class SettingsController {
                func register() async {
                    let registrator = PasskeyRegistrator()
                    try? await registrator.attempt()
                }
            }
            """),
        // A local declared before the closure and given its screen after it: a capture list would hold the local's
        // value when the closure is made, nil, so the advice is to declare the local weak (corona-warn-app
        // `ExposureSubmissionCoordinator.swift:1158`, advice read WRONG).
        Example("""
            import UIKit
            final class ProfileViewModel {
                let showDisclaimer: () -> Void
                init(showDisclaimer: @escaping () -> Void) { self.showDisclaimer = showDisclaimer }
            }
            final class ProfileViewController: UIViewController {
                let viewModel: ProfileViewModel
                init(viewModel: ProfileViewModel) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { fatalError() }
            }
            final class SubmissionCoordinator {
                let navigationController = UINavigationController()
                func showProfile() {
                    var profileViewController: ProfileViewController!
                    let viewModel = ProfileViewModel(showDisclaimer: ↓⟦error: captures 'profileViewController' (ProfileViewController) strongly; 'ProfileViewController' owns 'ProfileViewModel' through 'viewModel' (assigned at Example.swift:18); 'profileViewController' is given its object after the closure is made (Example.swift:18), so a capture list would hold its value then, nil: declare it 'weak var profileViewController' at Example.swift:14, as long as something else keeps the object$⟧{
                        profileViewController.present(UIViewController(), animated: true)
                    })
                    profileViewController = ProfileViewController(viewModel: viewModel)
                    navigationController.pushViewController(profileViewController, animated: true)
                }
            }
            """),
        // A captured array of the window controllers, one of which keeps the object that keeps the closure: an
        // array cannot be captured weakly, so the advice says what to do instead (duckduckgo macOS
        // `Fire.swift:214`, advice read WRONG: '[weak windowControllers]' does not compile).
        Example("""
            import AppKit
            final class CleanupPreparer { var completion: (() -> Void)? }
            final class Fire {
                let preparer = CleanupPreparer()
                func burnAll(manager: WindowManager) {
                    let controllers = manager.mainWindowControllers
                    preparer.completion = ↓⟦error: 'controllers' is a collection, which cannot be captured weakly: capture what the closure needs of its elements (weakly where they are objects), or let go of the closure when its work ends$⟧{ controllers.forEach { $0.close() } }
                }
            }
            final class FireViewModel { let fire = Fire() }
            final class MainWindowController: NSWindowController { let fireViewModel = FireViewModel() }
            final class WindowManager { var mainWindowControllers: [MainWindowController] = [] }
            """),
        // The handler is the timer's only owner (the method makes it and hands it to nothing): '[weak timer]'
        // would free it at once, so the advice is to let go of the handler when the work ends (ivpn
        // `PacketTunnelProvider.swift:44`, advice read WRONG).
        Example(keyRotation("↓⟦error: captures 'timer' (TimerManager) strongly; nothing else keeps 'timer' (it is made here and handed to nothing), so a weak capture would end it early: let go of the closure when its work ends (set 'eventHandler' to nil)⟧{")),
        // Kept by the provider as well: the weak capture is the fix.
        Example(keyRotation("↓⟦error: captures 'timer' (TimerManager) strongly; capture it weakly: '[weak timer]'⟧{", keep: "keyTimer = timer")),
        // The row keeps its action and the action `self`; the card keeps the rows and each action's handler
        // the card. The row is how the action is kept (nothing else keeps it), so the card's capture is the
        // one to weaken (owncloud @ 56384a0cb8 `Action.swift:208`).
        Example(actionCard("""
            actions.forEach({
                        $0.willRunHandler = ↓⟦error: closure stored in 'ItemAction.willRunHandler' captures 'card' (CardViewController) strongly; 'CardViewController' owns 'Row' through its 'rows' collection⟧{
                            card.dismiss(animated: true)
                        }
                    })
            """)),
        // The promise the inner closure makes with `self` would become optional under 'self?.'.
        Example(locationRequest("""
            ↓⟦error: as the closure holds a closure that returns a value made with 'self'⟧{ location in
                        guard let location else { return }
                        firstly { self.submit(location) }.cauterize()
                    }
            """)),
        // A binding's getter returns the bound value: '[weak self]' needs an unwrap that returns one.
        Example("""
            import SwiftUI
            final class ReportAlertItem {
                private(set) var reason = ""
                lazy var reasonBinding = Binding<String>(get: ↓⟦error: capture '[weak self]' and unwrap it first ('guard let self = self else { return … }'), as the closure returns a value⟧{ self.reason }, set: { [unowned self] in self.reason = $0 })
            }
            """),
    ]

    static let clean: [Example] = [
        // `guard let strongSelf = self` in a `[weak self]` closure binds another name: `self` stays the weak
        // optional, so the sinks nested there that use `self?.` hold it weakly (session-ios
        // `SendMediaNavigationController.swift:339`/`:357`, read FALSE).
        Example("""
            import UIKit
            import Combine
            final class SendMediaNavigationController: UINavigationController {
                private var disposables = Set<AnyCancellable>()
                var selections: [AnyPublisher<Int, Error>] = []
                func showApproval() {
                    let backgroundBlock: () -> Void = { [weak self] in
                        guard let strongSelf = self else { return }
                        Publishers.MergeMany(strongSelf.selections).collect().sink(
                            receiveCompletion: { _ in self?.dismiss(animated: true) },
                            receiveValue: { values in self?.pushApproval(values) }
                        ).store(in: &strongSelf.disposables)
                    }
                    backgroundBlock()
                }
                func pushApproval(_ values: [Int]) {}
            }
            """),
        // An observer handed to a project's list class, whose own `append` keeps it in a weak box: the list keeps
        // nothing (mullvad `TunnelManager.swift:350`, `SelectLocationViewModel.swift:170`, read FALSE: the list's
        // `append` was read as an array's).
        Example(tunnelObservers(list: """
            import Foundation
            public struct WeakBox<T> {
                public var value: T? { valueProvider() }
                private let valueProvider: () -> T?
                public init(_ value: T) {
                    let reference = value as AnyObject
                    valueProvider = { [weak reference] in reference as? T }
                }
            }
            final public class ObserverList<T> {
                private let lock = NSLock()
                private var observers = [WeakBox<T>]()
                public init() {}
                public func append(_ observer: T) {
                    lock.withLock { observers.append(WeakBox(observer)) }
                }
            }
            """, handler: "{ self.status = 1 }")),
        Example(containerFooters("{ [weak self] in self?.showDetails() }")),
        Example(actionCard("""
            actions.forEach({
                        $0.willRunHandler = { [weak card] in
                            card?.dismiss(animated: true)
                        }
                    })
            """)),
        Example(locationRequest("""
            { [weak self] location in
                        guard let self, let location else { return }
                        firstly { self.submit(location) }.cauterize()
                    }
            """)),
        // `UserCell.ViewModel(…)` makes the nested view model, not a cell: the sink in the cell's bag keeps
        // the view model, which does not keep the cell (mastodon @ c80a590306 `UserTableViewCell+ViewModel.swift:56`).
        Example("""
            import UIKit
            import Combine
            final class UserCell: UITableViewCell {
                var disposeBag = Set<AnyCancellable>()
                final class ViewModel {
                    let followed: AnyPublisher<[String], Never>
                    init(followed: AnyPublisher<[String], Never>) { self.followed = followed }
                }
                func configure(viewModel: ViewModel) {
                    viewModel.followed.sink { [weak self] ids in
                        if ids.isEmpty { self?.setNeedsLayout() }
                        print(viewModel)
                    }
                    .store(in: &disposeBag)
                }
            }
            final class UserListViewController: UITableViewController {
                let followed = PassthroughSubject<[String], Never>()
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "user", for: indexPath) as! UserCell
                    cell.configure(viewModel: UserCell.ViewModel(followed: followed.eraseToAnyPublisher()))
                    return cell
                }
            }
            """),
    ]
}

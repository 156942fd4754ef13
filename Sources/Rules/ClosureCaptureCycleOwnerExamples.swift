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

    static let triggering: [Example] = [
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

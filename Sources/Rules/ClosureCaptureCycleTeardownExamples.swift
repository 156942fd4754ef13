import CoordLintCore

/// `closure_capture_cycle`'s examples about teardown: what lets go of a closure on the object's way out
/// (a note naming it), and what only resets data on the way through (no teardown: the cycle stays).
enum ClosureCaptureCycleTeardownExamples {
    /// owncloud's library share views: an entry keeps the row a data update makes for it.
    private static let shareEntries = """
            import UIKit
            final class Row { var action: (() -> Void)?; init(action: @escaping () -> Void) { self.action = action } }
            final class ShareEntry { var row: Row?; var title = "" }
            final class LibraryViewController: UIViewController {
                var entries: [String: ShareEntry] = [:]
                func update(_ id: String, count: Int) {
                    guard let entry = entries[id] else { return }
                    if count > 0 {
                        if entry.row == nil {

            """

    /// A model whose reload empties its bag and subscribes again; `stop` is what else it declares.
    private static func feedModel(severity: String, stop: String) -> String {
        """
        import Combine
        final class FeedModel {
            private var cancellables = Set<AnyCancellable>()
            let events = PassthroughSubject<Int, Never>()
            func reload() {
                cancellables.removeAll()
                events.sink ↓⟦\(severity): closure stored in 'FeedModel.cancellables' captures 'self' (FeedModel) strongly⟧{ self.handle($0) }.store(in: &cancellables)
            }
            \(stop)
            func handle(_ value: Int) {}
        }
        """
    }

    /// owncloud's location tree: one subscription per parent, kept under the parent's id; `transform` is
    /// the operator's closure, `release` what else the repository declares.
    private static func keyedSinks(_ transform: String, release: String = "") -> String {
        """
        import Combine
        final class TreeRepository {
            private var childSinks: [String: AnyCancellable] = [:]
            let updates = PassthroughSubject<[String], Never>()
            func children(of id: String) -> AnyPublisher<[String], Never> { updates.eraseToAnyPublisher() }
            func attach(_ id: String, subject: PassthroughSubject<[String], Never>) {
                childSinks[id] = children(of: id).map \(transform).sink { subject.send($0) }
            }
            \(release)
            func normalized(_ id: String) -> String { id }
        }
        """
    }

    /// duckduckgo's temporary download delegate: kept only by its own callbacks until the download
    /// decides, WebKit's `delegate` being weak; `clear` is what the callback does when it runs.
    private static func downloadDelegate(_ callback: String, clear: String) -> String {
        """
        import Foundation
        final class DownloadDelegate: NSObject {
            var decideDestination: ((String) -> Void)?
            var didFail: (() -> Void)?
        }
        final class Download { weak var delegate: DownloadDelegate? }
        final class TabController {
            func didBecome(_ download: Download) {
                let delegate = DownloadDelegate()
                delegate.decideDestination = \(callback) name in
                    withExtendedLifetime(delegate) {
                        print(name)
                        \(clear)
                    }
                }
                download.delegate = delegate
            }
        }
        """
    }

    /// woocommerce's fulfillment notice presenter: it keeps each process's subscription in its bag until the
    /// process ends; `done` is what the sink does then.
    private static func fulfillmentPresenter(_ sink: String, done: String) -> String {
        """
        import Combine
        final class FulfillmentNoticePresenter {
            private var cancellables = Set<AnyCancellable>()
            func observe(_ result: AnyPublisher<Void, Error>) {
                var cancellable = AnyCancellable {}
                cancellable = result.sink(receiveCompletion: \(sink) completion in
                    self.showError()
                    \(done)
                }, receiveValue: {})
                cancellables.insert(cancellable)
            }
            func showError() {}
        }
        """
    }

    static let triggering: [Example] = [
        // A handler that first lets go of the helper keeping it: the coordinator keeps the helper, and with it
        // itself, until the handler runs, so the note names that way out (KeePassium `EntryViewerCoordinator.swift:364`,
        // read FALSE: the note named another method's clearing).
        Example("""
            import UIKit
            final class FileExportHelper {
                var handler: ((URL?) -> Void)?
                func saveAs(presenter: UIViewController) {}
            }
            final class EntryViewerCoordinator {
                private var fileExportHelper: FileExportHelper?
                func saveAttachment(in viewController: UIViewController) {
                    fileExportHelper = FileExportHelper()
                    fileExportHelper!.handler = ↓⟦note: the closure at Example.swift:10 lets go of 'fileExportHelper' (Example.swift:11), which ends it when the closure runs$⟧{ finalURL in
                        self.fileExportHelper = nil
                        guard finalURL != nil else { return }
                        self.showDone()
                    }
                    fileExportHelper!.saveAs(presenter: viewController)
                }
                func showDone() {}
            }
            """),
        // The sink never takes its subscription out of the bag: the presenter keeps itself.
        Example(fulfillmentPresenter("↓⟦error: closure stored in 'FulfillmentNoticePresenter.cancellables' captures 'self' (FulfillmentNoticePresenter) strongly⟧{", done: "print(completion)")),
        // Let go of by a SwiftUI binding's setter, made in a computed property, when the alert it shows
        // goes (home-assistant's certificate trust request): a teardown, so a note naming it.
        Example("""
            import SwiftUI
            final class TrustRequest {
                let onTrust: () -> Void
                init(onTrust: @escaping () -> Void) { self.onTrust = onTrust }
            }
            final class Presenter: ObservableObject {
                @Published var request: TrustRequest?
                func present(_ request: TrustRequest) { self.request = request }
            }
            final class ConnectivityStep {
                let presenter = Presenter()
                func run() { presenter.present(TrustRequest(onTrust: ↓⟦note: 'OnboardingView.trustAlertShown()' lets go of 'request' (Example.swift:19), which ends it if it runs on the way out$⟧{ self.retry() })) }
                func retry() {}
            }
            struct OnboardingView: View {
                @ObservedObject var presenter: Presenter
                var body: some View { Text("Connecting").alert("Trust?", isPresented: trustAlertShown) {} }
                private var trustAlertShown: Binding<Bool> {
                    Binding(get: { presenter.request != nil }, set: { shown in if !shown { presenter.request = nil } })
                }
            }
            """),
        // Shown by `.sheet(item:)`, which sets the property back to nil when the sheet closes
        // (woocommerce `EditableOrderShippingLineViewModel.swift:195`, read FALSE as an error): a note.
        Example("""
            import SwiftUI
            final class ShippingDetailsModel: Identifiable {
                let onSave: () -> Void
                init(onSave: @escaping () -> Void) { self.onSave = onSave }
            }
            final class ShippingLineModel: ObservableObject {
                @Published var details: ShippingDetailsModel? = nil
                func add() { details = ShippingDetailsModel(onSave: ↓⟦note: 'ShippingSection.sheet(item:_:)' lets go of 'details' (Example.swift:13)⟧{ self.save() }) }
                func save() {}
            }
            struct ShippingSection: View {
                @ObservedObject var viewModel: ShippingLineModel
                var body: some View { Text("Shipping").sheet(item: $viewModel.details) { details in Text("Edit") } }
            }
            """),
        // A subscription kept under a key of a dictionary property (a subscript store, as `append` is):
        // the operator's closure keeps self, and nothing takes the subscription out.
        Example(keyedSinks("↓⟦error: closure stored in 'TreeRepository.childSinks' captures 'self' (TreeRepository) strongly⟧{ $0.map(self.normalized) }")),
        // Taken out under its key on the way out (`childSinks[id] = nil`): a note naming the method.
        Example(keyedSinks("↓⟦note: closure stored in 'TreeRepository.childSinks' captures 'self' (TreeRepository) strongly; capture '[weak self]' and unwrap it first ('guard let self = self else { return … }'), as the closure returns a value; 'TreeRepository.release(_:)' lets go of 'childSinks' (Example.swift:9)⟧{ $0.map(self.normalized) }",
                           release: "func release(_ id: String) { childSinks[id]?.cancel(); childSinks[id] = nil }")),
        // The update that makes the row also drops it when the shares run out: a data reset in the very
        // function that stores the row, not a way out, so the entry keeps itself (owncloud library shares,
        // fixed by capturing the entry weakly).
        Example(shareEntries + """
                            entry.row = Row(action: ↓⟦error: closure stored in 'Row.action' captures 'entry' (ShareEntry) strongly⟧{ [weak self] in self?.title = entry.title })
                        }
                    } else {
                        entry.row = nil
                    }
                }
            }
            """),
        // The bag is emptied and filled again by the same method: each reload keeps self again.
        Example(feedModel(severity: "error", stop: "")),
        // The same reload, and a 'stop()' that empties the bag on the way out: a note naming it.
        Example(feedModel(severity: "note", stop: "func stop() { cancellables.removeAll() }")),
        // wireguard's tunnels: the status observer calls the handler and lets go of it, on the tunnel it finds with
        // `first(where:)`, one of the collection's elements (TunnelsManager.swift:223, read FALSE as a plain leak).
        Example("""
            final class TunnelContainer { var onDeactivated: (() -> Void)?; var isActive = false }
            final class TunnelsManager {
                var tunnels: [TunnelContainer] = []
                func deactivate(_ tunnel: TunnelContainer, completion: @escaping () -> Void) {
                    tunnel.onDeactivated = ↓⟦note: closure stored in 'TunnelContainer.onDeactivated' captures 'tunnel'⟧{ tunnel.isActive = false; completion() }
                }
                func statusChanged() {
                    guard let tunnel = tunnels.first(where: { $0.isActive }) else { return }
                    tunnel.onDeactivated?()
                    tunnel.onDeactivated = nil
                }
            }
            """),
        // mastodon's search detail: the controller `first(where:)` finds keeps, in its own bag, a sink that captures
        // it (SearchDetailViewController.swift:142 @ c88daf56be, a finding this reading added).
        Example("""
            import Combine
            final class ResultsViewController { var disposeBag = Set<AnyCancellable>(); let items = CurrentValueSubject<[Int], Never>([]); var isAll = false }
            final class SearchDetailViewController {
                var viewControllers: [ResultsViewController] = []
                func bind() {
                    if let all = viewControllers.first(where: { $0.isAll }) {
                        all.items.sink ↓⟦error: closure stored in 'ResultsViewController.disposeBag' captures 'all' (ResultsViewController) strongly⟧{ [weak self] _ in self?.update(all) }.store(in: &all.disposeBag)
                    }
                }
                func update(_ controller: ResultsViewController) {}
            }
            """),
        // green_ios's scan screen: every subscription of the bag cancelled, one by one, on the way out.
        Example(feedModel(severity: "note", stop: "func stop() { cancellables.forEach { $0.cancel() } }")),
        Example(feedModel(severity: "note", stop: "func stop() { cancellables.forEach { subscription in subscription.cancel() } }")),
        // The bag's elements read, or one of them cancelled: the others keep self.
        Example(feedModel(severity: "error", stop: "func stop() { cancellables.forEach { print($0) } }")),
        Example(feedModel(severity: "error", stop: "func stop() { cancellables.first?.cancel() }")),
        // A completion made by the storing function lets go later: a teardown (a note), not a reset.
        Example("""
            final class Session { func run(completion: @escaping () -> Void) {} }
            final class Downloader {
                var onProgress: (() -> Void)?
                func start(_ session: Session) {
                    onProgress = ↓⟦note: closure stored in 'Downloader.onProgress' captures 'self' (Downloader) strongly⟧{ self.tick() }
                    session.run { [weak self] in self?.onProgress = nil }
                }
                func tick() {}
            }
            """),
        // The callback lets go of another callback, not of itself: the delegate keeps itself.
        Example(downloadDelegate("↓⟦error: closure stored in 'DownloadDelegate.decideDestination' captures 'delegate' (DownloadDelegate) strongly⟧{", clear: "delegate.didFail = nil")),
    ]

    static let clean: [Example] = [
        // The sink takes its own subscription out of the bag when the process ends: the presenter keeps
        // itself on purpose until then (woocommerce `OrderFulfillmentNoticePresenter.swift:58`, read FALSE).
        Example(fulfillmentPresenter("{", done: "self.cancellables.remove(cancellable)")),
        // A callback that lets go of itself when it runs keeps what it captures on purpose until then
        // (duckduckgo `TabViewController.swift:2213`, read FALSE: the advice `[weak delegate]` frees the
        // delegate, whose only owner the callback is).
        Example(downloadDelegate("{", clear: "delegate.decideDestination = nil; delegate.didFail = nil")),
        // The same in a nested closure of the cell's own method (SwipeCellKit's action completion, which
        // `fulfill(with:)` calls: GitHawk `SwipeTableViewCell.swift:443`).
        Example("""
            import UIKit
            final class SwipeAction {
                var completionHandler: ((Int) -> Void)?
                func fulfill(with style: Int) { completionHandler?(style) }
            }
            final class SwipeCell: UITableViewCell {
                func perform(_ action: SwipeAction) {
                    action.completionHandler = { [weak self] style in
                        action.completionHandler = nil
                        self?.hide()
                    }
                }
                func hide() {}
            }
            """),
        // The operator's closure does not use self.
        Example(keyedSinks("{ $0.map { $0.lowercased() } }")),
        // The share row's action captures the entry weakly.
        Example(shareEntries + """
                            entry.row = Row(action: { [weak self, weak entry] in self?.title = entry?.title ?? "" })
                        }
                    } else {
                        entry.row = nil
                    }
                }
            }
            """),
    ]
}

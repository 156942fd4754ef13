import CoordLintCore

/// `closure_capture_cycle`'s examples that need names resolved like a compiler front end: a superclass
/// written through a type alias of a generic base, which declares the bag; names in a capture list,
/// which the enclosing scope reads; a type with a static instance that is also made elsewhere; a child
/// held through a tuple.
enum ClosureCaptureCycleTypeExamples {
    /// element-x's screen view models: the bag lives in a generic base named through an alias.
    private static func homeScreenModel(_ sink: String) -> String {
        """
        import Combine
        class StateStoreViewModel<State, ViewAction> {
            var cancellables = Set<AnyCancellable>()
            init(initialViewState: State) {}
        }
        typealias HomeScreenViewModelType = StateStoreViewModel<Int, String>
        final class HomeScreenViewModel: HomeScreenViewModelType {
            private let visibleRange = CurrentValueSubject<Range<Int>, Never>(0..<0)
            init() {
                super.init(initialViewState: 0)
                visibleRange.removeDuplicates().sink \(sink).store(in: &cancellables)
            }
            func update(_ range: Range<Int>) {}
        }
        """
    }

    /// A child reached through a tuple the flow keeps in a local; `handler` is the child's finish handler.
    private static func tupleChild(_ handler: String) -> String {
        """
        protocol FlowOutput: AnyObject { var onFinish: (() -> Void)? { get set } }
        final class DetailCoordinator: FlowOutput { var onFinish: (() -> Void)?; func start() {} }
        final class AppCoordinator {
            var children: [AnyObject] = []
            func detach(_ child: AnyObject) { children.removeAll { $0 === child } }
            func showDetail() {
                let child = DetailCoordinator()
                let pair = (child, "detail")
                pair.0.onFinish = \(handler)
                children.append(child)
                child.start()
            }
        }
        """
    }

    /// Loop's managers: the app delegate's static `let`s make each one; `more` is what else the app declares.
    private static func staticManagers(_ closure: String, more: String = "") -> String {
        """
        import AppKit
        final class Updater {
            var onTick: (() -> Void)?
            func start() { onTick = \(closure) }
            func check() {}
        }
        @main final class AppDelegate: NSObject, NSApplicationDelegate {
            static let updater = Updater()
        }
        \(more)
        """
    }

    /// planetary's search results view: its bag keeps a sink of its own query; `more` is what else the app
    /// declares (a screen that makes one, or nothing), `coder` its `init?(coder:)`.
    private static func searchResults(_ sink: String, coder: String = "return nil", more: String = "") -> String {
        """
        import UIKit
        import Combine
        final class SearchResultsView: UIView {
            @Published var query = ""
            private var cancellables = Set<AnyCancellable>()
            init() {
                super.init(frame: .zero)
                $query.sink \(sink).store(in: &cancellables)
            }
            required init?(coder: NSCoder) { \(coder) }
            func search(_ text: String) {}
        }
        @main final class AppDelegate: UIResponder, UIApplicationDelegate {}
        \(more)
        """
    }

    static let triggering: [Example] = [
        // The child's handler captures the tuple that holds the child.
        Example(tupleChild("↓⟦error: closure stored in 'DetailCoordinator.onFinish' captures 'pair.0' (DetailCoordinator) strongly; capture that element weakly on its own: '[weak element = pair.0]'⟧{ [weak self] in self?.detach(pair.0) }")),
        // Settings make another updater: that one is no process's.
        Example(staticManagers("↓⟦error: closure stored in 'Updater.onTick' captures 'self'⟧{ self.check() }",
                               more: "final class SettingsModel { let updater = Updater() }")),
        // A screen makes one: that view leaks.
        Example(searchResults("↓⟦error: closure stored in 'SearchResultsView.cancellables' captures 'self'⟧{ self.search($0) }",
                              more: "final class SearchViewController: UIViewController { let results = SearchResultsView() }")),
        // Objective-C code makes one by name.
        Example(["Search.swift": searchResults("↓⟦error: closure stored in 'SearchResultsView.cancellables' captures 'self'⟧{ self.search($0) }"),
                 "Legacy.m": "#import <Foundation/Foundation.h>\n@implementation Legacy\n- (id)make { return [SearchResultsView new]; }\n@end\n"]),
        // A controller of a framework class no code names: the system makes an extension's principal class by the
        // name its plist gives (duckduckgo `CredentialProviderViewController.swift:180`).
        Example("""
            import UIKit
            import AuthenticationServices
            final class ListViewController: UIViewController { var onDismiss: (() -> Void)? }
            final class CredentialProviderViewController: ASCredentialProviderViewController {
                let list = ListViewController()
                override func viewDidLoad() { list.onDismiss = ↓⟦error: closure stored in 'ListViewController.onDismiss' captures 'self'⟧{ self.close() } }
                func close() {}
            }
            @main final class AppDelegate: UIResponder, UIApplicationDelegate {}
            """),
        // A storyboard or nib may make it: its 'init?(coder:)' makes an object.
        Example(searchResults("↓⟦error: closure stored in 'SearchResultsView.cancellables' captures 'self'⟧{ self.search($0) }",
                              coder: "super.init(coder: coder)")),
        // A closure that returns a value cannot call through 'self?.' alone: the advice unwraps first
        // (mastodon profile relationship).
        Example("""
            import Combine
            final class ProfileViewModel {
                var bag = Set<AnyCancellable>()
                let ids = PassthroughSubject<String, Never>()
                func load(_ id: String) -> AnyPublisher<Int, Never> { Just(1).eraseToAnyPublisher() }
                func bind() {
                    ids.flatMap ↓⟦error: closure stored in 'ProfileViewModel.bag' captures 'self' (ProfileViewModel) strongly; capture '[weak self]' and unwrap it first ('guard let self = self else { return … }')⟧{ id -> AnyPublisher<Int, Never> in return self.load(id) }
                        .sink { _ in }
                        .store(in: &bag)
                }
            }
            """),
        // A static preview instance does not make a singleton: the coordinator makes one per screen
        // (element-x room screen's 'static let mock').
        Example("""
            import Combine
            final class RoomViewModel {
                static let mock = RoomViewModel()
                private var cancellables = Set<AnyCancellable>()
                let updates = PassthroughSubject<Int, Never>()
                func start() { updates.sink ↓⟦error: closure stored in 'RoomViewModel.cancellables' captures 'self' (RoomViewModel) strongly⟧{ self.apply($0) }.store(in: &cancellables) }
                func apply(_ value: Int) {}
            }
            final class RoomCoordinator {
                func start() { let viewModel = RoomViewModel(); viewModel.start() }
            }
            """),
        // The alias names the generic base that declares 'cancellables' (element-x home screen).
        Example(homeScreenModel("↓⟦error: closure stored in 'HomeScreenViewModel.cancellables' captures 'self' (HomeScreenViewModel) strongly⟧{ range in self.update(range) }")),
    ]

    static let clean: [Example] = [
        // A static `let` runs its initializer once per process, and nothing else makes an updater: it lives as long
        // (Loop `Updater.swift:52`, `LoopManager.swift:66`/`:80`, `WindowDragManager.swift:22`/`:53`, read DEBATABLE).
        Example(staticManagers("{ self.check() }")),
        // No code names the view, and no storyboard can make it (its 'init?(coder:)' fails): no object of it ever
        // exists in the app (planetary `UniversalSearchResultsView.swift:242`, `:253`, `:257`, read FALSE).
        Example(searchResults("{ self.search($0) }")),
        Example(searchResults("{ self.search($0) }", coder: "fatalError(\"init(coder:) has not been implemented\")")),
        Example(searchResults("{ self.search($0) }", coder: "nil")),
        // Objective-C code that never makes one (planetary has some): still no object.
        Example(["Search.swift": searchResults("{ self.search($0) }"),
                 "Legacy.m": "#import <Foundation/Foundation.h>\n@implementation Legacy\n- (void)run { [Other new]; }\n@end\n"]),
        Example(tupleChild("{ [weak self, weak child] in if let child { self?.detach(child) } }")),
        // A capture list's value is read where the closure is made: the map closure holds the room id,
        // not self (element-x location sharing).
        Example("""
            import Combine
            final class Proxy { let id = "r" }
            final class LocationModel {
                private var cancellables = Set<AnyCancellable>()
                private let roomProxy = Proxy()
                let sessions = CurrentValueSubject<[String: Int], Never>([:])
                var sharing = false
                func setUp() {
                    sessions
                        .map { [roomID = roomProxy.id] sessions in sessions[roomID] != nil }
                        .sink { [weak self] value in self?.sharing = value }
                        .store(in: &cancellables)
                }
            }
            """),
        Example(homeScreenModel("{ [weak self] range in self?.update(range) }")),
    ]
}

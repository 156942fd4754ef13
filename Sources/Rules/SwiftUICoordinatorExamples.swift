import CoordLintCore

/// A SwiftUI coordinator (recall issue, shape 13): an `ObservableObject` a root view holds as
/// `@StateObject`, driving a `NavigationStack` through a `NavigationPath`. The path holds route values,
/// never objects; what the coordinator keeps is what its code stores (here a cache of detail view models
/// under their ids). Examples of `strong_coordinator_reference` and `closure_capture_cycle`.
enum SwiftUICoordinatorExamples {
    /// `field`: the detail view model's reference to the coordinator; `keep`: what `detailModel(for:)`
    /// does with the model it made; `appear`: what the root view does when it appears.
    private static func app(field: String = "let coordinator: AppCoordinator", keep: String = "",
                            appear: String = "") -> String {
        """
        import SwiftUI
        enum Route: Hashable { case detail(Int) }
        final class AppCoordinator: ObservableObject {
            @Published var path = NavigationPath()
            var onLogout: (() -> Void)?
            private var detailModels: [Int: DetailViewModel] = [:]
            func showDetail(_ id: Int) { path.append(Route.detail(id)) }
            func reset() { path = NavigationPath() }
            func detailModel(for id: Int) -> DetailViewModel {
                if let model = detailModels[id] { return model }
                let model = DetailViewModel(id: id, coordinator: self)
                \(keep)
                return model
            }
        }
        final class DetailViewModel: ObservableObject {
            \(field)
            let id: Int
            init(id: Int, coordinator: AppCoordinator) {
                self.id = id
                self.coordinator = coordinator
            }
        }
        struct RootView: View {
            @StateObject private var coordinator = AppCoordinator()
            var body: some View {
                NavigationStack(path: $coordinator.path) {
                    Text("Home").navigationDestination(for: Route.self) { route in
                        switch route {
                        case .detail(let id): DetailView(model: coordinator.detailModel(for: id))
                        }
                    }
                }
                .onAppear {
                    \(appear)
                }
            }
        }
        struct DetailView: View {
            @ObservedObject var model: DetailViewModel
            var body: some View { Text("\\(model.id)") }
        }
        """
    }

    /// duckduckgo macOS's preferences root: a view whose initializer keeps a model; `initializer` makes it and
    /// hands it the closure that uses the view's `manager`.
    private static func preferencesRoot(_ initializer: String) -> String {
        """
        import SwiftUI
        final class SubscriptionModel {
            var userEventHandler: ((Int) -> Void)?
        }
        final class SubscriptionManager { func open(_ event: Int) {} }
        struct PreferencesRootView: View {
            let manager: SubscriptionManager
            var subscriptionModel: SubscriptionModel?
            init(manager: SubscriptionManager) {
                self.manager = manager
                \(initializer)
            }
            var body: some View { Text("Preferences") }
            private func makeSubscriptionModel() -> SubscriptionModel {
                let model = SubscriptionModel()
                model.userEventHandler = { event in self.manager.open(event) }
                return model
            }
        }
        """
    }

    static let strongReferenceTriggering: [Example] = [
        // The coordinator caches each detail model under its id (a subscript store into its dictionary)
        // and the model keeps the coordinator: neither goes when the root view does.
        Example(app(field: "↓⟦error: 'DetailViewModel.coordinator' holds 'AppCoordinator' strongly, and 'AppCoordinator' owns 'DetailViewModel' through its 'detailModels' collection (added at Example.swift:12); declare it 'weak var coordinator: AppCoordinator?', unwrapping its uses⟧let coordinator: AppCoordinator",
                    keep: "detailModels[id] = model")),
        // The routes themselves hold the pushed screens' models, which hold the coordinator; SwiftUI takes a
        // popped screen's route out of the bound path, so only a stack dismissed whole keeps them: a note naming
        // the binding (CleanArchitectureRxSwift `MovieDetailViewModel.swift:41`, read FALSE as an error).
        Example("""
            import SwiftUI
            final class MoviesCoordinator: ObservableObject {
                @Published var routes: [Route] = []
                func showDetail(_ id: Int) { routes.append(.detail(DetailModel(id: id, coordinator: self))) }
            }
            enum Route { case detail(DetailModel) }
            final class DetailModel {
                let id: Int
                ↓⟦note: 'DetailModel.coordinator' holds 'MoviesCoordinator' strongly, and 'MoviesCoordinator' owns 'Route' through its 'routes' collection⟧let coordinator: MoviesCoordinator
                init(id: Int, coordinator: MoviesCoordinator) { self.id = id; self.coordinator = coordinator }
            }
            struct MoviesView: View {
                @ObservedObject var coordinator: MoviesCoordinator
                var body: some View {
                    NavigationStack(path: $coordinator.routes) { Text("Movies") }
                }
            }
            """),
    ]

    static let strongReferenceNonTriggering: [Example] = [
        // The cached model holds the coordinator weakly.
        Example(app(field: "weak var coordinator: AppCoordinator?", keep: "detailModels[id] = model")),
        // Nothing keeps the model but its view: the path holds route values, not the model.
        Example(app()),
        // A subscript store of nil takes the model out; it never puts one in.
        Example(app(keep: "detailModels[id] = nil")),
    ]

    static let closureTriggering: [Example] = [
        // The same closure made after the model is assigned: the copy holds the model that keeps the closure.
        Example(preferencesRoot("""
            let model = SubscriptionModel()
            self.subscriptionModel = model
            model.userEventHandler = ↓⟦error: closure stored in 'SubscriptionModel.userEventHandler' holds a copy of 'self' (PreferencesRootView, a struct)⟧{ event in self.manager.open(event) }
            """)),
        // The root view's closure holds a copy of the view, and with it the state object, in the very
        // coordinator that object is. A view cannot be made a class, so the advice does not say so.
        Example(app(appear: "coordinator.onLogout = ↓⟦error: closure stored in 'AppCoordinator.onLogout' holds a copy of 'self' (RootView, a struct) and with it everything 'RootView' owns; 'RootView' owns 'AppCoordinator' through 'coordinator' (assigned at Example.swift:25); capture only what it needs, weakly where it is an object (for example '[weak coordinator]')$⟧{ coordinator.reset() }")),
    ]

    static let closureNonTriggering: [Example] = [
        // The closure is made while the initializer computes the model, so it copies the view before the model is
        // assigned: the copy never holds the model (duckduckgo macOS `PreferencesRootView.swift:145`, read FALSE).
        Example(preferencesRoot("self.subscriptionModel = makeSubscriptionModel()")),
        Example(app(appear: "coordinator.onLogout = { [weak coordinator] in coordinator?.reset() }")),
    ]
}

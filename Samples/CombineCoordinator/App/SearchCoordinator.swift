import Combine
import UIKit

final class SearchCoordinator {
    private let navigationController: UINavigationController
    private let viewModel = SearchViewModel()
    private var cancellables = Set<AnyCancellable>()
    private var selectionSubscription: AnyCancellable?
    private var refreshTimer: Timer?
    private var logoutToken: NSObjectProtocol?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        // Leaks: the coordinator keeps the subscription in cancellables, the subscription keeps self.
        viewModel.results
            .receive(on: DispatchQueue.main)
            .sink { results in
                self.show(results)
            }
            .store(in: &cancellables)

        // Fine: weak self.
        viewModel.errors
            .sink { [weak self] error in self?.showError(error) }
            .store(in: &cancellables)

        // Leaks: a stored AnyCancellable, implicit self.
        selectionSubscription = viewModel.selection.sink { item in
            showDetail(item)
        }

        // Leaks: NotificationCenter keeps the block until it is removed.
        logoutToken = NotificationCenter.default.addObserver(forName: .didLogout, object: nil, queue: .main) { _ in
            self.navigationController.popToRootViewController(animated: true)
        }

        // Leaks: a repeating timer keeps its block, and the block keeps self.
        refreshTimer = Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { _ in
            self.viewModel.refresh()
        }

        let searchViewController = SearchViewController(viewModel: viewModel)
        navigationController.pushViewController(searchViewController, animated: false)
    }

    private func show(_ results: [String]) {}
    private func showError(_ error: Error) {}
    private func showDetail(_ item: String) {}

    deinit {
        refreshTimer?.invalidate()
        if let logoutToken { NotificationCenter.default.removeObserver(logoutToken) }
    }
}

extension Notification.Name {
    static let didLogout = Notification.Name("didLogout")
}

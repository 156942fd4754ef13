import UIKit

class FeedCoordinator {
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let feed = FeedViewController()
        feed.coordinator = self
        navigationController.pushViewController(feed, animated: false)
    }
}

final class SearchCoordinator: FeedCoordinator {}

final class SettingsCoordinator: FeedCoordinator {}

final class WhatsNewCoordinator {
    private unowned let presenter: UIViewController

    init(presenter: UIViewController) {
        self.presenter = presenter
    }

    func start() {
        presenter.present(UIViewController(), animated: true)
    }
}

final class FeedViewController: UIViewController {
    weak var coordinator: FeedCoordinator?
}

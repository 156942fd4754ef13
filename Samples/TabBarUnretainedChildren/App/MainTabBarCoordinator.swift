import UIKit

// A tab bar coordinator that starts one coordinator per tab and keeps none of them: each is
// deallocated when start() returns, and every tab's 'weak var coordinator' becomes nil.
final class MainTabBarCoordinator {
    let tabBarController = UITabBarController()
    private var settings: SettingsCoordinator?

    func start() {
        let feed = FeedCoordinator(navigationController: UINavigationController())
        feed.start()

        let search = SearchCoordinator(navigationController: UINavigationController())
        search.start()

        // Kept: fine.
        let settings = SettingsCoordinator(navigationController: UINavigationController())
        settings.start()
        self.settings = settings

        tabBarController.setViewControllers(
            [feed.navigationController, search.navigationController, settings.navigationController], animated: false)
    }

    func showWhatsNew() {
        WhatsNewCoordinator(presenter: tabBarController).start()
    }
}

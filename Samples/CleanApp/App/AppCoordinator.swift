import UIKit

final class AppCoordinator: NSObject, Coordinator, OnboardingCoordinatorDelegate {
    var childCoordinators: [Coordinator] = []
    private let window: UIWindow
    private let navigationController = UINavigationController()

    init(window: UIWindow) {
        self.window = window
        super.init()
    }

    func start() {
        navigationController.delegate = self
        window.rootViewController = navigationController
        window.makeKeyAndVisible()
        let onboarding = OnboardingCoordinator(navigationController: navigationController)
        onboarding.delegate = self
        onboarding.parent = self
        store(onboarding)
        onboarding.start()
    }

    func onboardingDidFinish(_ coordinator: OnboardingCoordinator) {
        free(coordinator)
        showHome()
    }

    private func showHome() {
        let viewModel = HomeViewModel(router: self)
        let viewController = HomeViewController(viewModel: viewModel)
        viewController.coordinator = self
        navigationController.setViewControllers([viewController], animated: true)
    }
}

extension AppCoordinator: HomeRouting {
    func showDetail(id: Int) {
        let detail = DetailViewController()
        detail.delegate = self
        navigationController.pushViewController(detail, animated: true)
    }
}

extension AppCoordinator: DetailViewControllerDelegate {
    func detailDidClose() {
        navigationController.popViewController(animated: true)
    }
}

extension AppCoordinator: UINavigationControllerDelegate {
    // The back button or a swipe pops the onboarding screen without calling finish(): free the child here too.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        guard let fromViewController = navigationController.transitionCoordinator?.viewController(forKey: .from),
              !navigationController.viewControllers.contains(fromViewController) else { return }
        if let welcome = fromViewController as? WelcomeViewController, let onboarding = welcome.coordinator {
            free(onboarding)
        }
    }
}

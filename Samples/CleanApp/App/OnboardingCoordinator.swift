import UIKit

protocol OnboardingCoordinatorDelegate: AnyObject {
    func onboardingDidFinish(_ coordinator: OnboardingCoordinator)
}

final class OnboardingCoordinator: Coordinator {
    var childCoordinators: [Coordinator] = []
    weak var delegate: OnboardingCoordinatorDelegate?
    weak var parent: AppCoordinator?
    private unowned let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let welcome = WelcomeViewController()
        welcome.coordinator = self
        navigationController.pushViewController(welcome, animated: false)
    }

    func finish() {
        delegate?.onboardingDidFinish(self)
    }
}

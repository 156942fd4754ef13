import UIKit

class AppCoordinator: LoginCoordinatorDelegate {
    let window: UIWindow
    let rootViewController: UINavigationController
    var childCoordinators: [LoginCoordinator] = []

    init(window: UIWindow) {
        self.rootViewController = UINavigationController()
        self.window = window
        self.window.rootViewController = self.rootViewController
        self.window.makeKeyAndVisible()
    }

    func start() {
        let loginCoordinator = LoginCoordinator(navigationController: self.rootViewController)
        loginCoordinator.delegate = self
        childCoordinators.append(loginCoordinator)
        loginCoordinator.start()
    }

    func loginCoordinatorDidFinish(_ coordinator: LoginCoordinator) {
        childCoordinators.removeAll { $0 === coordinator }
    }
}

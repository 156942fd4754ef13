import UIKit

// Khanlou-style AppCoordinator (the seed's code, in current Swift): the login child goes into
// childCoordinators and nothing ever takes it out.
class AppCoordinator: LoginCoordinatorDelegate {
    let window: UIWindow
    let rootViewController: UINavigationController
    let childCoordinators: NSMutableArray

    init(window: UIWindow) {
        self.childCoordinators = NSMutableArray()
        self.rootViewController = UINavigationController()
        self.window = window
        self.window.backgroundColor = UIColor.white
        self.window.rootViewController = self.rootViewController
        self.window.makeKeyAndVisible()
    }

    func start() {
        let loginCoordinator = LoginCoordinator(navigationController: self.rootViewController)
        loginCoordinator.delegate = self
        self.childCoordinators.add(loginCoordinator)
        loginCoordinator.start()
    }

    func loginCoordinatorDidFinish() {
        showMain()
    }

    private func showMain() {
        let main = MainCoordinator(navigationController: rootViewController)
        childCoordinators.add(main)
        main.start()
    }
}

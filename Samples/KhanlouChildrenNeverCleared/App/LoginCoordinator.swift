import UIKit

protocol LoginCoordinatorDelegate: AnyObject {
    func loginCoordinatorDidFinish()
}

protocol LoginViewControllerDelegate: AnyObject {
    func loginButtonPressed(username: String, password: String)
}

class LoginCoordinator: LoginViewControllerDelegate {
    let navigationController: UINavigationController
    weak var delegate: LoginCoordinatorDelegate?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let loginViewController = LoginViewController()
        loginViewController.delegate = self
        navigationController.present(loginViewController, animated: true, completion: nil)
    }

    func loginButtonPressed(username: String, password: String) {
        navigationController.dismiss(animated: true)
        delegate?.loginCoordinatorDidFinish()
    }
}

class MainCoordinator {
    let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        navigationController.setViewControllers([HomeViewController()], animated: true)
    }
}

class LoginViewController: UIViewController {
    weak var delegate: LoginViewControllerDelegate?
}

class HomeViewController: UIViewController {}

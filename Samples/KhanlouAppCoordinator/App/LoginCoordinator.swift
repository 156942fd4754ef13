import UIKit

protocol LoginCoordinatorDelegate: AnyObject {
    func loginCoordinatorDidFinish(_ coordinator: LoginCoordinator)
}

class LoginCoordinator: LoginViewControllerDelegate {
    let navigationController: UINavigationController
    // Leaks: the parent keeps this coordinator in childCoordinators.
    var delegate: LoginCoordinatorDelegate?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let loginViewController = LoginViewController()
        loginViewController.delegate = self
        self.navigationController.present(loginViewController, animated: true, completion: nil)
    }

    // MARK: LoginViewControllerDelegate
    func loginButtonPressed(username: String, password: String) {
        if username.isEmpty || password.isEmpty { return }
        delegate?.loginCoordinatorDidFinish(self)
    }

    func signUpButtonPressed() {
        print("Sign up pressed")
    }
}

import CoordinatorKit
import UIKit

public protocol LoginCoordinatorDelegate: SceneCoordinatorDelegate {
    func coordinatorDidLoginSuccessfully(_ coordinator: LoginCoordinator)
    func coordinatorDidFailToLogin(error: Error)
}

class LoginCoordinator: SceneCoordinator<LoginViewController> {
    var delegate = MulticastDelegate<LoginCoordinatorDelegate>()
    private let session = Session()

    public override func start() {
        super.start()
        if session.hasCachedEmail {
            rootViewController.loginTextField.text = session.cachedEmail
        }
        rootViewController.onLogin = { [weak self] in
            guard let self else { return }
            self.delegate => { $0.coordinatorDidLoginSuccessfully(self) }
        }
    }
}

class MainExperienceCoordinator: SceneCoordinator<MainViewController> {}

final class LoginViewController: UIViewController {
    let loginTextField = UITextField()
    var onLogin: (() -> Void)?
}

final class MainViewController: UIViewController {}

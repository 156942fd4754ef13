import UIKit

final class AppCoordinator: BaseCoordinator {
    private let window: UIWindow
    private let navigationController = UINavigationController()

    init(window: UIWindow) {
        self.window = window
    }

    override func start() {
        window.rootViewController = navigationController
        let login = LoginCoordinator(presenter: navigationController)
        coordinate(to: login)
    }
}

final class LoginCoordinator: BaseCoordinator {
    private unowned let presenter: UINavigationController

    init(presenter: UINavigationController) {
        self.presenter = presenter
    }

    override func start() {
        let login = LoginViewController()
        login.onDone = { [weak self] in self?.onFinish?() }
        // Presented modally: dismissing it calls onDone, there is no back button to miss.
        presenter.present(login, animated: true)
    }
}

final class LoginViewController: UIViewController {
    var onDone: (() -> Void)?
}

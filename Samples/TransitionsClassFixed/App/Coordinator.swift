import UIKit

// The gist's conclusion: make the coordinator a class (one shared instance, not copies) and capture
// it '[unowned self]' in every transition, so screens never own it.
final class Coordinator {
    let window: UIWindow
    var navCtrl: UINavigationController?

    init(window: UIWindow) {
        self.window = window
    }

    func start() {
        presentWelcomeScreen()
    }

    private func presentWelcomeScreen() {
        let vc = WelcomeScreenViewController()
        vc.navTransitions = WelcomeScreenTransitions(
            showHome: { [unowned self] user in self.pushHomeScreen(user: user) },
            showCreateAccountScreen: { [unowned self] in self.pushCreateAccountScreen() }
        )
        window.rootViewController = vc
    }

    private func pushHomeScreen(user: User?) {
        let vc = HomeScreenViewController()
        vc.user = user
        vc.navTransitions = HomeScreenTransitions(
            showUserInfoScreen: { [unowned self] in
                self.navCtrl?.pushViewController(self.instanciateUserInfoScreen(user: user), animated: true)
            },
            showProductDetail: { [unowned self] product in self.pushProductDetail(product: product) },
            disconnectAndShowLoginScreen: { [weak self] in self?.presentWelcomeScreen() }
        )
        let nav = UINavigationController(rootViewController: vc)
        navCtrl = nav
        window.rootViewController = nav
    }

    private func pushProductDetail(product: Product) {
        let vc = ProductDetailViewController()
        vc.product = product
        vc.navTransitions = ProductDetailTransitions(
            showUserInfoScreen: { [unowned self] in
                self.window.rootViewController?.present(self.instanciateUserInfoScreen(user: product.owner), animated: true)
            },
            back: { [weak navCtrl] in navCtrl?.popViewController(animated: true) }
        )
        navCtrl?.pushViewController(vc, animated: true)
    }

    private func pushCreateAccountScreen() {
        let vc = CreateAccountViewController()
        window.rootViewController?.present(vc, animated: true)
    }

    private func instanciateUserInfoScreen(user: User?) -> UIViewController {
        UserDetailsViewController()
    }
}

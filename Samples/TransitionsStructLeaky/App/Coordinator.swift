import UIKit

// The "Coordinators & StateMachine" gist: a struct coordinator handing method references and
// closures to per-screen transitions structs. Its comments discover the cycle:
// Coordinator -> window -> rootViewController -> VC -> navTransitions -> closure -> Coordinator.
struct Coordinator {
    let window: UIWindow
    var navCtrl: UINavigationController?

    func start() {
        presentWelcomeScreen()
    }

    private func presentWelcomeScreen() {
        let vc = WelcomeScreenViewController()
        vc.navTransitions = WelcomeScreenTransitions(
            showHome: self.pushHomeScreen,
            showCreateAccountScreen: self.pushCreateAccountScreen
        )
        window.rootViewController = vc
    }

    private func pushHomeScreen(user: User?) {
        let vc = HomeScreenViewController()
        vc.user = user
        vc.navTransitions = HomeScreenTransitions(
            showUserInfoScreen: {
                self.navCtrl?.pushViewController(self.instanciateUserInfoScreen(user: user), animated: true)
            },
            showProductDetail: self.pushProductDetail,
            disconnectAndShowLoginScreen: self.presentWelcomeScreen
        )
        let nav = UINavigationController(rootViewController: vc)
        window.rootViewController = nav
    }

    private func pushProductDetail(product: Product) {
        let vc = ProductDetailViewController()
        vc.product = product
        vc.navTransitions = ProductDetailTransitions(
            showUserInfoScreen: {
                window.rootViewController?.present(instanciateUserInfoScreen(user: product.owner), animated: true)
            },
            back: { navCtrl?.popViewController(animated: true) }
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

import UIKit

struct User {}

struct Product {
    let id: Int
    let owner: User
}

struct WelcomeScreenTransitions {
    let showHome: (User?) -> Void
    let showCreateAccountScreen: () -> Void
}

final class WelcomeScreenViewController: UIViewController {
    var navTransitions: WelcomeScreenTransitions!

    @IBAction func createAccountAction(_: AnyObject) {
        navTransitions.showCreateAccountScreen()
    }
}

struct HomeScreenTransitions {
    let showUserInfoScreen: () -> Void
    let showProductDetail: (Product) -> Void
    let disconnectAndShowLoginScreen: () -> Void
}

final class HomeScreenViewController: UIViewController {
    var navTransitions: HomeScreenTransitions!
    var user: User?

    @IBAction func profileAction(_: AnyObject) {
        navTransitions.showUserInfoScreen()
    }
}

struct ProductDetailTransitions {
    let showUserInfoScreen: () -> Void
    let back: () -> Void
}

final class ProductDetailViewController: UIViewController {
    var navTransitions: ProductDetailTransitions!
    var product: Product?
}

final class CreateAccountViewController: UIViewController {}
final class UserDetailsViewController: UIViewController {}

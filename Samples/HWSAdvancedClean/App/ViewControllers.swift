import UIKit

protocol Storyboarded {
    static func instantiate() -> Self
}

extension Storyboarded where Self: UIViewController {
    static func instantiate() -> Self {
        let id = String(describing: self)
        let storyboard = UIStoryboard(name: "Main", bundle: Bundle.main)
        return storyboard.instantiateViewController(withIdentifier: id) as! Self
    }
}

class ViewController: UIViewController, Storyboarded {
    weak var coordinator: MainCoordinator?

    @IBAction func buyTapped(_ sender: Any) {
        coordinator?.buySubscription(to: 0)
    }
}

class BuyViewController: UIViewController, Storyboarded {
    weak var coordinator: BuyCoordinator?

    @IBAction func doneTapped(_ sender: Any) {
        coordinator?.didFinishBuying()
    }
}

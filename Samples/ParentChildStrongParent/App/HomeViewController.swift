import UIKit

class HomeViewController: UIViewController {
    weak var coordinator: MainCoordinator?

    @IBAction func buyTapped(_ sender: Any) {
        coordinator?.buySubscription()
    }
}

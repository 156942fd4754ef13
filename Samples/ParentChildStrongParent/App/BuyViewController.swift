import UIKit

class BuyViewController: UIViewController {
    weak var coordinator: BuyCoordinator?

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        coordinator?.didFinishBuying()
    }
}

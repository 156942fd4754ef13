import UIKit

class BuyViewController: UIViewController, Storyboarded {
    // Leaks: the coordinator owns this screen through its navigation controller.
    var coordinator: MainCoordinator?

    override func viewDidLoad() {
        super.viewDidLoad()
    }
}

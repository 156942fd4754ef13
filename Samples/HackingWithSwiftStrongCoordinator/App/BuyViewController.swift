import UIKit

class BuyViewController: UIViewController, Storyboarded {
    // Strong, but no leak: the app delegate keeps the coordinator for the whole process, and popping
    // this screen releases it.
    var coordinator: MainCoordinator?

    override func viewDidLoad() {
        super.viewDidLoad()
    }
}

import UIKit

protocol Coordinator: AnyObject {
    var childCoordinators: [Coordinator] { get set }
    func start()
}

extension Coordinator {
    func store(_ child: Coordinator) {
        childCoordinators.append(child)
    }

    func free(_ child: Coordinator) {
        childCoordinators.removeAll { $0 === child }
    }
}

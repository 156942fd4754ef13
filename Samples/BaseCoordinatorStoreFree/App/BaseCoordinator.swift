import UIKit

// A BaseCoordinator with store/free helpers, used correctly by its subclasses.
class BaseCoordinator {
    private(set) var childCoordinators: [BaseCoordinator] = []
    var onFinish: (() -> Void)?

    func start() {}

    func store(_ coordinator: BaseCoordinator) {
        childCoordinators.append(coordinator)
    }

    func free(_ coordinator: BaseCoordinator) {
        childCoordinators = childCoordinators.filter { $0 !== coordinator }
    }

    func coordinate(to coordinator: BaseCoordinator) {
        store(coordinator)
        coordinator.onFinish = { [weak self, weak coordinator] in
            guard let self, let coordinator else { return }
            self.free(coordinator)
        }
        coordinator.start()
    }
}

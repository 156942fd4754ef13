import CoordinatorKit
import UIKit

class AppCoordinator: Coordinator, LoginCoordinatorDelegate {
    private let session = Session()

    public override func start() {
        super.start()
        if session.isUserLoggedIn {
            start(coordinator: MainExperienceCoordinator())
        } else {
            let login = LoginCoordinator()
            login.delegate += self
            start(coordinator: login)
        }
    }

    func coordinatorDidLoginSuccessfully(_ coordinator: LoginCoordinator) {
        stop(coordinator: coordinator)
        start(coordinator: MainExperienceCoordinator())
    }

    func coordinatorDidFailToLogin(error: Error) {}
}

final class Session {
    var isUserLoggedIn = false
    var hasCachedEmail = false
    var cachedEmail = ""
}

import CoordinatorKit
import UIKit

// CoordinatorKit (the library is not part of this project): children are added and removed with
// start(coordinator:) / stop(coordinator:), and delegates are multicast structs.
class AppDelegate: UIResponder, UIApplicationDelegate {
    let coordinator = AppCoordinator()

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        coordinator.start()
        return true
    }
}

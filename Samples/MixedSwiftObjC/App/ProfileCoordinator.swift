import UIKit

// A Swift coordinator that pushes an Objective-C view controller whose 'coordinator' is strong.
@objc(ProfileCoordinator)
final class ProfileCoordinator: NSObject {
    private let navigationController: UINavigationController

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        super.init()
    }

    func start() {
        let profile = LegacyProfileViewController()
        profile.coordinator = self
        navigationController.pushViewController(profile, animated: true)
    }

    @objc func showAvatarPicker() {}
}

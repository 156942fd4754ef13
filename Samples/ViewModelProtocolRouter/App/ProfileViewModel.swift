import Combine

final class ProfileViewModel {
    @Published private(set) var name = ""
    // Leaks: ProfileCoordinator -> ProfileViewController -> ProfileViewModel -> ProfileCoordinator.
    private let router: ProfileRouting

    init(router: ProfileRouting) {
        self.router = router
    }

    func settingsTapped() {
        router.showSettings()
    }
}

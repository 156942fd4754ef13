import UIKit

// Every closure here captures self strongly, and none of them is stored: no finding.
final class GalleryCoordinator {
    private let navigationController: UINavigationController
    private var photos: [Photo] = []
    private lazy var thumbnailSize: CGSize = { self.computeThumbnailSize() }()

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func start() {
        let visible = photos.filter { self.isVisible($0) }
        let titles = visible.map { self.title(for: $0) }
        visible.forEach { self.prefetch($0) }
        let sorted = photos.sorted { self.rank($0) < self.rank($1) }
        let total = photos.reduce(0) { $0 + self.weight($1) }
        let first = photos.first { self.isVisible($0) }
        let any = photos.contains { self.isVisible($0) }
        _ = (titles, sorted, total, first, any)

        UIView.animate(withDuration: 0.25) {
            self.navigationController.navigationBar.alpha = 1
        }
        DispatchQueue.main.async {
            self.reload()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
            self.reload()
        }
        Task {
            await self.download()
        }
        Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in
            self.reload()
        }
        // Stored, but on an object the coordinator does not own: no cycle.
        Analytics.shared.onFlush = { self.reload() }

        let grid = GalleryViewController()
        grid.onSelect = { [weak self] photo in self?.showPhoto(photo) }
        navigationController.pushViewController(grid, animated: false)
        navigationController.present(UIViewController(), animated: true) {
            self.reload()
        }
    }

    private func showPhoto(_ photo: Photo) {
        let viewer = PhotoViewController(photo: photo)
        viewer.onClose = { [unowned self] in self.navigationController.popViewController(animated: true) }
        navigationController.pushViewController(viewer, animated: true)
    }

    private func isVisible(_ photo: Photo) -> Bool { true }
    private func title(for photo: Photo) -> String { "" }
    private func prefetch(_ photo: Photo) {}
    private func rank(_ photo: Photo) -> Int { 0 }
    private func weight(_ photo: Photo) -> Int { 1 }
    private func reload() {}
    private func download() async {}
    private func computeThumbnailSize() -> CGSize { .zero }
}

import UIKit

struct Photo {}

final class Analytics {
    static let shared = Analytics()
    var onFlush: (() -> Void)?
}

final class GalleryViewController: UIViewController {
    var onSelect: ((Photo) -> Void)?
}

final class PhotoViewController: UIViewController {
    var onClose: (() -> Void)?
    let photo: Photo

    init(photo: Photo) {
        self.photo = photo
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

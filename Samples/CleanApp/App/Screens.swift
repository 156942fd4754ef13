import UIKit

protocol HomeRouting: AnyObject {
    func showDetail(id: Int)
}

protocol DetailViewControllerDelegate: AnyObject {
    func detailDidClose()
}

final class WelcomeViewController: UIViewController {
    weak var coordinator: OnboardingCoordinator?

    @IBAction func continueTapped(_ sender: Any) {
        coordinator?.finish()
    }
}

final class HomeViewModel {
    weak var router: HomeRouting?
    private(set) var items: [Int] = []

    init(router: HomeRouting) {
        self.router = router
    }

    func select(_ index: Int) {
        router?.showDetail(id: items[index])
    }
}

final class HomeViewController: UIViewController {
    let viewModel: HomeViewModel
    weak var coordinator: AppCoordinator?

    init(viewModel: HomeViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class DetailViewController: UIViewController {
    weak var delegate: DetailViewControllerDelegate?

    @IBAction func closeTapped(_ sender: Any) {
        delegate?.detailDidClose()
    }
}

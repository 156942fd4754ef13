import Combine
import UIKit

final class SearchViewModel {
    let results = PassthroughSubject<[String], Never>()
    let errors = PassthroughSubject<Error, Never>()
    let selection = PassthroughSubject<String, Never>()

    func refresh() {}
}

final class SearchViewController: UIViewController {
    private let viewModel: SearchViewModel

    init(viewModel: SearchViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

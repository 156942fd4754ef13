import CoordLintCore

/// ReactiveSwift (recall issue, shape 3): a signal keeps its observer until it ends or the Disposable
/// `observeValues`/`startWithValues` return is disposed, and apps keep that Disposable in a
/// `CompositeDisposable`, a `Lifetime` or a `Disposable` property of their own: the closure lives as long
/// as that property. Examples of `closure_capture_cycle`.
enum ReactiveSwiftExamples {
    /// A player screen observing its model's progress; `observation` is how it keeps the Disposable.
    private static func player(_ observation: String) -> String {
        """
        import UIKit
        import ReactiveSwift
        final class PlayerViewModel {
            let progress = MutableProperty<Double>(0)
        }
        final class PlayerViewController: UIViewController {
            let viewModel = PlayerViewModel()
            private let disposables = CompositeDisposable()
            private var titleDisposable: Disposable?
            override func viewDidLoad() {
                super.viewDidLoad()
                \(observation)
            }
            func update(_ value: Double) {}
            func format(_ value: Double) -> String { "" }
        }
        """
    }

    static let closureTriggering: [Example] = [
        Example(player("disposables += viewModel.progress.signal.observeValues ↓⟦error: closure stored in 'PlayerViewController.disposables' captures 'self' (PlayerViewController) strongly⟧{ value in self.update(value) }")),
        Example(player("disposables.add(viewModel.progress.producer.startWithValues ↓⟦error: closure stored in 'PlayerViewController.disposables' captures 'self' (PlayerViewController) strongly⟧{ self.update($0) })")),
        // An operator's closure lives as long as the observation made on it.
        Example(player("titleDisposable = viewModel.progress.signal.map ↓⟦error: closure stored in 'PlayerViewController.titleDisposable' captures 'self' (PlayerViewController) strongly⟧{ self.format($0) }.observeValues { [weak self] in self?.title = $0 }")),
    ]

    static let closureNonTriggering: [Example] = [
        Example(player("disposables += viewModel.progress.signal.observeValues { [weak self] value in self?.update(value) }")),
        Example(player("titleDisposable = viewModel.progress.signal.map { [weak self] in self?.format($0) ?? \"\" }.observeValues { [weak self] in self?.title = $0 }")),
    ]
}

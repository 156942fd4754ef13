import CoordLintCore

/// Bindings written in the app (recall issue, shapes 2 and 9): an observable box whose `bind` keeps its
/// listener, a view and a view model whose callbacks capture each other with no `self` at all, and a
/// project helper that assigns through a weak capture (followed into its body). Examples of
/// `closure_capture_cycle`.
enum BindingExamples {
    /// A box that keeps the listener `bind` is given; a screen binding its model's title with `listener`.
    private static func box(_ listener: String) -> String {
        """
        import UIKit
        final class Box<T> {
            private var listener: ((T) -> Void)?
            var value: T { didSet { listener?(value) } }
            init(_ value: T) { self.value = value }
            func bind(_ listener: @escaping (T) -> Void) {
                self.listener = listener
                listener(value)
            }
        }
        final class ProfileViewModel {
            let title = Box("")
        }
        final class ProfileViewController: UIViewController {
            let viewModel = ProfileViewModel()
            let label = UILabel()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.title.bind \(listener)
            }
        }
        """
    }

    /// A screen wiring its view and view model to each other in locals; `wiring` is the two callbacks.
    private static func tapScreen(_ wiring: String) -> String {
        """
        final class TapView {
            var onTap: (() -> Void)?
            func update() {}
        }
        final class TapViewModel {
            var onChange: (() -> Void)?
            func tap() {}
        }
        final class TapScreen {
            let view: TapView
            let viewModel: TapViewModel
            init() {
                let view = TapView()
                let viewModel = TapViewModel()
                \(wiring)
                self.view = view
                self.viewModel = viewModel
            }
        }
        """
    }

    /// A Combine helper whose sink captures its target weakly, used on `self` and kept in self's bag.
    private static func weakAssign(_ use: String) -> String {
        """
        import Combine
        extension Publisher where Failure == Never {
            func weakAssign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
                sink { [weak object] value in object?[keyPath: keyPath] = value }
            }
        }
        final class CounterViewModel: ObservableObject {
            @Published var count = 0
            @Published var label = ""
            private var cancellables = Set<AnyCancellable>()
            init() {
                \(use)
            }
        }
        """
    }

    /// RocketChat's notification settings: a cell's model is a struct holding a box; `listener` is what the
    /// cell binds to the box.
    private static func settingModel(_ listener: String) -> String {
        """
        import UIKit
        final class Dynamic<T> {
            private var listeners: [(T) -> Void] = []
            var value: T { didSet { listeners.forEach { $0(value) } } }
            init(_ value: T) { self.value = value }
            func bind(_ listener: @escaping (T) -> Void) { listeners.append(listener) }
        }
        struct SettingModel {
            let pickerVisible: Dynamic<Bool>
        }
        final class PreferencesViewModel {
            let soundModel = SettingModel(pickerVisible: Dynamic(false))
        }
        final class ChooseCell: UITableViewCell {
            var cellModel: Any?
            func configure() {
                guard let model = cellModel as? SettingModel else { return }
                model.pickerVisible.bind \(listener)
            }
        }
        """
    }

    static let closureTriggering: [Example] = [
        // The struct is copied into the closure, and its box keeps the closure: '[weak model]' would not
        // compile, the box is what to hold weakly (RocketChat `NotificationsChooseCell.swift:50`, advice read WRONG).
        Example(settingModel("↓⟦error: captures 'model' (SettingModel) strongly; 'SettingModel' owns 'Dynamic' through 'pickerVisible' (assigned at Example.swift:12); 'SettingModel' is a value type, which a closure copies and cannot capture weakly: capture what the closure needs of it instead, the object it keeps weakly ('[weak pickerVisible = model.pickerVisible]')⟧{ visible in print(model.pickerVisible.value, visible) }")),
        Example(box("↓⟦error: closure stored in 'Box.listener' captures 'self' (ProfileViewController) strongly; 'ProfileViewController' owns 'ProfileViewModel' through 'viewModel'⟧{ text in self.label.text = text }")),
        Example(tapScreen("""
            view.onTap = ↓⟦error: closure stored in 'TapView.onTap' captures 'viewModel' (TapViewModel) strongly; 'TapViewModel' keeps the closure at Example.swift:16 in 'onChange'⟧{ viewModel.tap() }
                    viewModel.onChange = { view.update() }
            """)),
    ]

    static let closureNonTriggering: [Example] = [
        Example(settingModel("{ [weak pickerVisible = model.pickerVisible] visible in print(pickerVisible?.value ?? false, visible) }")),
        Example(box("{ [weak self] text in self?.label.text = text }")),
        Example(tapScreen("""
            view.onTap = { [weak viewModel] in viewModel?.tap() }
                    viewModel.onChange = { [weak view] in view?.update() }
            """)),
        // The helper's own body captures the target weakly: nothing keeps self but self's bag.
        Example(weakAssign("$count.map { \"\\($0)\" }.weakAssign(to: \\.label, on: self).store(in: &cancellables)")),
    ]
}

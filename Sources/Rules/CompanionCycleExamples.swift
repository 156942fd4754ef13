import CoordLintCore

/// Cycles holding the same object the same way through different back-references (`CompanionCycles`):
/// each finding names the others, since its own fix leaves them. Examples of `closure_capture_cycle` and
/// `strong_coordinator_reference`; once all but one are fixed, the last one names none.
enum CompanionCycleExamples {
    /// A view binding its model, whose two subscriptions (kept in the model's bag) capture the view.
    private static func optionView(_ selected: String) -> String {
        """
        import Combine
        import UIKit
        final class OptionView: UIView {
            let textField = UITextField()
            let checkmark = UIImageView()
            var viewModel: OptionViewModel?
            func configure(_ model: OptionViewModel) {
                viewModel = model
                model.bind(to: self)
            }
        }
        final class OptionViewModel {
            @Published var text = ""
            @Published var selected = false
            var disposeBag = Set<AnyCancellable>()
            func bind(to view: OptionView) {
                $text.sink ↓⟦error: captures 'view' (OptionView) strongly; 'OptionView' owns 'OptionViewModel' through 'viewModel' (assigned at Example.swift:8); capture it weakly: '[weak view]' and unwrap it first ('guard let view = view else { return }')\(selected.contains("weak") ? "$" : "; 'OptionView' is held the same way by the cycle reported at Example.swift:18: fix it too$")⟧{ text in view.textField.text = text }.store(in: &disposeBag)
                $selected.sink \(selected).store(in: &disposeBag)
            }
        }
        """
    }

    /// A screen's coordinator keeping the indicator controller that wraps the stack whose root it is,
    /// in its parameters struct and again in a property of its own; `own` declares the latter.
    private static func serverSelection(parameter: String, own: String) -> String {
        """
        protocol CoordinatorProtocol: AnyObject { func start() }
        final class NavigationStackCoordinator: CoordinatorProtocol {
            private(set) var rootModule: CoordinatorProtocol?
            func start() {}
            func setRoot(_ coordinator: CoordinatorProtocol) { rootModule = coordinator }
        }
        protocol IndicatorControllerProtocol: CoordinatorProtocol {}
        final class IndicatorController: IndicatorControllerProtocol {
            let rootCoordinator: CoordinatorProtocol
            init(rootCoordinator: CoordinatorProtocol) { self.rootCoordinator = rootCoordinator }
            func start() {}
        }
        struct ServerParameters {
            \(parameter)
        }
        final class ServerCoordinator: CoordinatorProtocol {
            private let parameters: ServerParameters
            \(own)
            init(parameters: ServerParameters) {
                self.parameters = parameters
                indicator = parameters.indicator
            }
            func start() {}
        }
        final class AuthenticationCoordinator {
            func showServerSelection() {
                let stack = NavigationStackCoordinator()
                let indicator = IndicatorController(rootCoordinator: stack)
                let coordinator = ServerCoordinator(parameters: ServerParameters(indicator: indicator))
                stack.setRoot(coordinator)
            }
        }
        """
    }

    /// A form section whose insert closure captures the section and `self`: two cycles through one closure.
    private static let sectionAndSelf = """
        final class Section { var onInsert: (() -> Void)?; var count = 0 }
        final class Form {
            var sections: [Section] = []
            func append(_ section: Section) { sections.append(section) }
        }
        final class Configurator {
            let form = Form()
            var maximum = 3
            func load() {
                let section = Section()
                section.onInsert = ↓⟦error: strongly, in a cycle reported on its own: weaken both$⟧↓⟦error: strongly, in a cycle reported on its own: weaken both$⟧{ section.count = self.maximum }
                form.append(section)
            }
        }
        """

    /// A library screen keeping a query whose handler captures it and a row whose action captures it: two
    /// references, one object (owncloud's library, where the messages named only the same-way pairs).
    private static func libraryScreen(_ action: String) -> String {
        """
        import UIKit
        final class Query { var handler: (() -> Void)? }
        final class Row {
            let action: () -> Void
            init(action: @escaping () -> Void) { self.action = action }
        }
        final class LibraryViewController: UIViewController {
            var queries: [Query] = []
            var rows: [Row] = []
            var shares = 0
            func startQueries() {
                let query = Query()
                queries.append(query)
                query.handler = ↓⟦error: captures 'self' (LibraryViewController) strongly; 'LibraryViewController' owns 'Query' through its 'queries' collection (added at Example.swift:13); capture '[weak self]' and call through 'self?.'\(action.contains("weak") ? "$" : "; 'LibraryViewController' is also kept by the leak reported at Example.swift:17: fix it too$")⟧{ self.reload() }
            }
            func addRows() {
                rows.append(Row(action: \(action)))
            }
            func reload() {}
        }
        """
    }

    /// A search coordinator keeping a subscription whose sink captures it, and a NotificationCenter
    /// observer whose block captures it: a cycle and a registration, one object (the Combine sample).
    private static func searchCoordinator(_ observer: String) -> String {
        """
        import Combine
        import UIKit
        final class SearchCoordinator {
            private var cancellables = Set<AnyCancellable>()
            private var observer: NSObjectProtocol?
            let query = PassthroughSubject<String, Never>()
            func start() {
                query.sink ↓⟦error: captures 'self' (SearchCoordinator) strongly; capture '[weak self]' and call through 'self?.'\(observer.contains("weak") ? "$" : "; 'SearchCoordinator' is also kept by the leak reported at Example.swift:9: fix it too$")⟧{ self.search($0) }.store(in: &cancellables)
                observer = NotificationCenter.default.addObserver(forName: .init("reset"), object: nil, queue: .main) \(observer)
            }
            func search(_ text: String) {}
            func reset() {}
        }
        """
    }

    /// A web view controller registered as its web view's script message handler, and a key-value
    /// observation whose handler (`handler`) captures it: two leaks of one controller (home-assistant).
    private static func webScreen(_ handler: String) -> String {
        """
        import UIKit
        import WebKit
        final class WebViewController: UIViewController, WKScriptMessageHandler {
            var webView: WKWebView!
            var urlObserver: NSKeyValueObservation?
            override func viewDidLoad() {
                super.viewDidLoad()
                let config = WKWebViewConfiguration()
                let userContentController = WKUserContentController()
                userContentController.add(self, name: "externalBus")
                config.userContentController = userContentController
                webView = WKWebView(frame: view.frame, configuration: config)
                urlObserver = webView.observe(\\.url, options: [.new]) \(handler)
            }
            func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {}
        }
        """
    }

    static let closureTriggering: [Example] = [
        // The observation's cycle, and the registration's: the finding names the other leak of the controller.
        Example(webScreen("↓⟦error: 'WebViewController' is also kept by the leak reported at Example.swift:10: fix it too$⟧{ webView, _ in self.title = webView.title }")),
        Example(searchCoordinator("{ _ in self.reset() }")),
        Example(searchCoordinator("{ [weak self] _ in self?.reset() }")),
        Example(libraryScreen("↓⟦error: 'LibraryViewController' is also kept by the leak reported at Example.swift:14: fix it too$⟧{ self.reload() }")),
        Example(libraryScreen("{ [weak self] in self?.reload() }")),
        Example(sectionAndSelf),
        Example(sectionAndSelf.replacingOccurrences(of: "↓⟦error: strongly, in a cycle reported on its own: weaken both$⟧↓⟦error: strongly, in a cycle reported on its own: weaken both$⟧{ section.count",
                                                    with: "↓⟦error: captures 'self' (Configurator) strongly; 'Configurator' owns 'Section' through 'form' (assigned at Example.swift:12); capture '[weak self]' and unwrap it first ('guard let self = self else { return }'), as the closure uses a member of 'self' as a value; this also breaks 1 other cycle$⟧{ [weak section] in section?.count")),
        Example(optionView("↓⟦error: 'OptionView' is held the same way by the cycle reported at Example.swift:17: fix it too$⟧{ selected in view.checkmark.isHidden = !selected }")),
        Example(optionView("{ [weak view] selected in view?.checkmark.isHidden = !selected }")),
    ]

    static let strongReferenceTriggering: [Example] = [
        Example(serverSelection(
            parameter: "↓⟦error: declare it 'weak var indicator: IndicatorControllerProtocol?', unwrapping its uses; 'IndicatorController' is held the same way by the cycle reported at Example.swift:18: fix it too$⟧let indicator: IndicatorControllerProtocol",
            own: "private ↓⟦error: declare it 'weak var indicator: IndicatorControllerProtocol?', unwrapping its uses; 'IndicatorController' is held the same way by the cycle reported at Example.swift:14: fix it too$⟧let indicator: IndicatorControllerProtocol")),
        Example(serverSelection(
            parameter: "↓⟦error: declare it 'weak var indicator: IndicatorControllerProtocol?', unwrapping its uses$⟧let indicator: IndicatorControllerProtocol",
            own: "private weak var indicator: IndicatorControllerProtocol?")),
    ]
}

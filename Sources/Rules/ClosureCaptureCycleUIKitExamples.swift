import CoordLintCore

/// `closure_capture_cycle`'s examples through UIKit objects that keep closures: an alert kept by its
/// presenter keeps its actions' handlers, a control keeps the `UIAction` added to it, a CarPlay template the
/// bar buttons it is given, a button the menu a helper makes; and a SwiftUI app,
/// whose one value keeps what it makes for the process.
enum ClosureCaptureCycleUIKitExamples {
    /// A settings screen that keeps its sign-out alert in a lazy property, with this action handler.
    private static func lazyAlert(_ handler: String) -> String {
        """
        import UIKit
        final class SettingsViewController: UIViewController {
            lazy var alert: UIAlertController = {
                let alert = UIAlertController(title: "Sign out?", message: nil, preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "OK", style: .destructive, handler: \(handler)))
                return alert
            }()
            func signOut() {}
            func ask() { present(alert, animated: true) }
        }
        """
    }

    /// A compose screen whose send button keeps a `UIAction`.
    private static func sendButton(_ action: String) -> String {
        """
        import UIKit
        final class ComposeViewController: UIViewController {
            let sendButton = UIButton()
            override func viewDidLoad() {
                super.viewDidLoad()
                sendButton.addAction(\(action), for: .touchUpInside)
            }
            func send() {}
        }
        """
    }

    /// A CarPlay list that keeps its template and gives it page buttons a helper collects in a local array
    /// (home-assistant's paginated list).
    private static func pagedList(_ handler: String, member: String = "trailingNavigationBarButtons") -> String {
        """
        import CarPlay
        final class PagedListTemplate {
            private(set) var template: CPListTemplate
            init(title: String) { template = CPListTemplate(title: title, sections: []) }
            func updateTemplate() { template.\(member) = pageButtons() }
            private func pageButtons() -> [CPBarButton] {
                var buttons: [CPBarButton] = []
                guard let image = UIImage(systemName: "arrow.forward") else { return [] }
                buttons.append(CPBarButton(image: image, handler: \(handler)))
                return buttons
            }
            private func nextPage() {}
        }
        """
    }

    /// mastodon's profile menu: a static helper makes a menu of local actions whose handlers use what it
    /// is handed (the cell, the button that shows the menu); the cell's toolbar button keeps the menu.
    private static func statusMenu(_ capture: String) -> String {
        """
        import UIKit
        final class Toolbar: UIView { let moreButton = UIButton() }
        final class StatusCell: UITableViewCell { let toolbar = Toolbar() }
        enum MenuFacade {
            static func menu(cell: UITableViewCell?, sourceView: UIView?, shareUser: String?) -> UIMenu {
                var children: [UIMenuElement] = []
                if let shareUser {
                    let shareAction = UIAction(title: shareUser) { _ in print(shareUser) }
                    children.append(shareAction)
                }
                let shareAction = UIAction(title: "Share") \(capture)
                children.append(UIMenu(title: "More", children: [shareAction]))
                return UIMenu(title: "", children: children)
            }
        }
        enum StatusSection {
            static func setUpMenu(cell: StatusCell) {
                cell.toolbar.moreButton.menu = MenuFacade.menu(cell: cell, sourceView: cell.toolbar.moreButton, shareUser: nil)
            }
        }
        """
    }

    static let triggering: [Example] = [
        // A navigation controller a lazy property's closure builds around a screen whose callback uses `self`: the
        // property keeps the stack, the stack its root (found reading corona-warn-app's `HealthCertificateCoordinator`:
        // a closure's returned container kept nothing).
        Example("""
            import UIKit
            final class InfoViewController: UIViewController {
                var onDone: (() -> Void)?
            }
            final class CertificateCoordinator {
                var infoShown = false
                lazy var rootNavigationController: UINavigationController = {
                    let info = InfoViewController()
                    info.onDone = ↓⟦error: 'CertificateCoordinator' owns 'InfoViewController' through 'rootNavigationController'⟧{ self.infoShown = true }
                    return UINavigationController(rootViewController: info)
                }()
            }
            """),
        // A navigation controller made in a local around a list whose row's action captures it: the words
        // name the container and what it keeps (owncloud's account picker), not the list's type alone.
        Example("""
            import UIKit
            class ThemeNavigationController: UINavigationController {}
            class Row {
                var action: (() -> Void)?
                init(action: @escaping () -> Void) { self.action = action }
            }
            class ListViewController: UITableViewController {
                var rows: [Row] = []
                func add(_ row: Row) { rows.append(row) }
            }
            class Settings {
                func showAccounts(from presenter: UIViewController) {
                    let list = ListViewController(style: .grouped)
                    let navigationController = ThemeNavigationController(rootViewController: list)
                    list.add(Row(action: ↓⟦error: captures 'navigationController' (ThemeNavigationController, keeping 'ListViewController') strongly; 'ListViewController' owns 'Row' through its 'rows' collection⟧{ navigationController.dismiss(animated: true) }))
                    presenter.present(navigationController, animated: true)
                }
            }
            """),
        // The handler uses the cell whose toolbar button keeps the menu (a parameter of the helper, given the
        // cell by its caller).
        Example(statusMenu("↓⟦error: closure stored in 'Toolbar.moreButton.menu.handler' captures 'cell' (StatusCell) strongly; 'StatusCell' owns 'Toolbar' through 'toolbar'⟧{ _ in print(cell as Any) }")),
        // The handler uses the very button that keeps the menu.
        Example(statusMenu("↓⟦error: closure stored in 'Toolbar.moreButton.menu.handler' captures 'sourceView' (Toolbar.moreButton) strongly⟧{ _ in print(sourceView as Any) }")),
        // The template the list keeps keeps its bar buttons, and each button its handler.
        Example(pagedList("↓⟦error: closure stored in 'PagedListTemplate.template.trailingNavigationBarButtons.handler' captures 'self' (PagedListTemplate) strongly⟧{ _ in self.nextPage() }")),
        // The alert the screen keeps keeps its action, and the action its handler, which uses self.
        Example(lazyAlert("↓⟦error: closure stored in 'SettingsViewController.alert.handler' captures 'self' (SettingsViewController) strongly⟧{ _ in self.signOut() }")),
        // The button the screen keeps keeps the action added to it.
        Example(sendButton("UIAction ↓⟦error: closure stored in 'ComposeViewController.sendButton.handler' captures 'self' (ComposeViewController) strongly⟧{ _ in self.send() }")),
    ]

    static let clean: [Example] = [
        // SwiftUI's app value makes its coordinator once and keeps it for the process (element-x).
        Example("""
            import SwiftUI
            import Combine
            final class AppCoordinator {
                private var cancellables = Set<AnyCancellable>()
                let events = PassthroughSubject<Int, Never>()
                func start() { events.sink { self.handle($0) }.store(in: &cancellables) }
                func handle(_ value: Int) {}
            }
            @main
            struct Application: App {
                private let coordinator: AppCoordinator
                init() { coordinator = AppCoordinator() }
                var body: some Scene { WindowGroup { Text("").task { coordinator.start() } } }
            }
            """),
        Example(lazyAlert("{ [weak self] _ in self?.signOut() }")),
        Example(sendButton("UIAction { [weak self] _ in self?.send() }")),
        Example(pagedList("{ [weak self] _ in self?.nextPage() }")),
        Example(statusMenu("{ [weak cell, weak sourceView] _ in print(cell as Any, sourceView as Any) }")),
        // A delegate or data source is kept weakly by the platform's objects: nothing kept.
        Example(pagedList("{ _ in self.nextPage() }", member: "delegate")),
    ]
}

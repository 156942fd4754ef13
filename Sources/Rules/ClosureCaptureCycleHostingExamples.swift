import CoordLintCore

/// `closure_capture_cycle`'s examples through SwiftUI values UIKit keeps: a hosting controller pushed
/// onto a coordinator's stack keeps its root view and the closures that view keeps; a cell keeps its
/// `UIHostingConfiguration` and the actions of the view in it (element-x's timeline); a class keeps a
/// `Binding` and its getter and setter.
enum ClosureCaptureCycleHostingExamples {
    /// A coordinator that pushes a SwiftUI screen onto the navigation controller it keeps.
    private static func loginFlow(_ screen: String) -> String {
        """
        import UIKit
        import SwiftUI
        struct LoginView: View {
            let onLogin: () -> Void
            var body: some View { Button("Log in", action: onLogin) }
        }
        final class LoginCoordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {
                \(screen)
            }
            func finish() {}
            func track() {}
        }
        """
    }

    /// A list screen whose cells show SwiftUI content with these modifiers.
    private static func hostedCells(_ modifiers: String) -> String {
        """
        import UIKit
        import SwiftUI
        final class EventCell: UITableViewCell {}
        final class EventListViewController: UITableViewController {
            var title = "Events"
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "event", for: indexPath)
                guard let eventCell = cell as? EventCell else { return cell }
                eventCell.contentConfiguration = UIHostingConfiguration {
                    Text("Event")
                        \(modifiers)
                }
                .minSize(height: 44)
                return eventCell
            }
            func open(_ indexPath: IndexPath) {}
        }
        """
    }

    /// An alert item that keeps a binding to its own text.
    private static func reportItem(_ binding: String) -> String {
        """
        import SwiftUI
        final class ReportAlertItem {
            private(set) var reason = ""
            lazy var reasonBinding = \(binding)
        }
        """
    }

    static let triggering: [Example] = [
        // The project's view keeps the closure; the hosting controller keeps the view; the stack keeps it.
        Example(loginFlow("""
            let view = LoginView(onLogin: ↓⟦error: closure stored in 'LoginView.onLogin' captures 'self' (LoginCoordinator) strongly; 'LoginCoordinator' owns 'LoginView' through 'navigationController' (pushViewController⟧{ self.finish() })
                    navigationController.pushViewController(UIHostingController(rootView: view), animated: true)
            """)),
        // A framework view's modifier keeps its closure: the stack keeps the hosting controller's root view.
        Example(loginFlow("""
            let controller = UIHostingController(rootView: Text("Welcome").onAppear ↓⟦error: closure stored in 'LoginCoordinator.navigationController.viewControllers.rootView.onAppear' captures 'self' (LoginCoordinator) strongly⟧{ self.track() })
                    navigationController.pushViewController(controller, animated: true)
            """)),
        // The table keeps its cells, each cell its content configuration, the hosted view its tap action.
        Example(hostedCells(".onTapGesture ↓⟦error: closure stored in 'EventCell.contentConfiguration.content.onTapGesture' captures 'self' (EventListViewController) strongly; 'EventListViewController' owns 'EventCell' through 'tableView' (dequeueReusableCell⟧{ self.open(indexPath) }")),
        // A button in a context menu's builder: the builder runs for the content, the button keeps its action.
        Example(hostedCells(".contextMenu { Button(\"Open\") ↓⟦error: closure stored in 'EventCell.contentConfiguration.content.Button' captures 'self' (EventListViewController)⟧{ self.open(indexPath) } }")),
        // The binding keeps its getter and setter, and the item keeps the binding.
        Example(reportItem("Binding<String>(get: ↓⟦error: closure stored in 'ReportAlertItem.reasonBinding.get' captures 'self' (ReportAlertItem) strongly⟧{ self.reason }, set: ↓⟦error: closure stored in 'ReportAlertItem.reasonBinding.set' captures 'self' (ReportAlertItem) strongly⟧{ self.reason = $0 })")),
    ]

    static let clean: [Example] = [
        Example(loginFlow("""
            let view = LoginView(onLogin: { [weak self] in self?.finish() })
                    navigationController.pushViewController(UIHostingController(rootView: view), animated: true)
            """)),
        Example(loginFlow("""
            let controller = UIHostingController(rootView: Text("Welcome").onAppear { [weak self] in self?.track() })
                    navigationController.pushViewController(controller, animated: true)
            """)),
        // A presentation ends with its dismissal: the presenter lets go of the hosting controller.
        Example(loginFlow("""
            let controller = UIHostingController(rootView: Text("Welcome").onAppear { self.track() })
                    navigationController.present(controller, animated: true)
            """)),
        Example(hostedCells(".onTapGesture { [weak self] in self?.open(indexPath) }")),
        // Builders run for the content and values read in them are copied: nothing keeps `self`.
        Example(hostedCells(".opacity(self.title.isEmpty ? 0.5 : 1).contextMenu { Text(self.title) }")),
        Example(reportItem("Binding<String>(get: { [unowned self] in self.reason }, set: { [unowned self] in self.reason = $0 })")),
    ]
}

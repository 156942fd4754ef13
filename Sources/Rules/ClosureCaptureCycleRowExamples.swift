import CoordLintCore

/// `closure_capture_cycle`'s examples through static-table rows (owncloud's sharing screens): a row's
/// initializer keeps the action it is handed inside a closure of its own, or hands it on to the
/// initializer it delegates to; a section's method builds rows from a handed action. The section an
/// object makes here keeps those closures for whatever keeps that section, not every section.
enum ClosureCaptureCycleRowExamples {
    /// A row type, a section type and a table controller type, then `screen`.
    private static func rows(_ screen: String) -> String {
        """
        import UIKit
        typealias RowAction = (_ row: TableRow, _ sender: Any?) -> Void
        final class TableRow {
            var action: RowAction?
            var value: Any?
            init() {}
            convenience init(toggleWithAction: RowAction?, title: String) {
                self.init()
                self.action = { row, sender in
                    row.value = true
                    toggleWithAction?(row, sender)
                }
            }
            convenience init(textFieldWithAction action: RowAction?, placeholder: String = "") {
                self.init()
                self.action = action
            }
            convenience init(secureTextFieldWithAction action: RowAction?, placeholder: String = "") {
                self.init(textFieldWithAction: action, placeholder: placeholder)
            }
        }
        class TableSection {
            var rows: [TableRow] = []
            init() {}
            func add(row: TableRow) { insert(row: row, at: rows.count) }
            func insert(row: TableRow, at index: Int) { rows.insert(row, at: index) }
            func add(radioGroupWithTitles titles: [String], radioAction: RowAction?) {
                var group: [TableRow] = []
                for title in titles {
                    group.append(TableRow(toggleWithAction: radioAction, title: title))
                }
                add(rows: group)
            }
            func add(rows: [TableRow]) { self.rows.append(contentsOf: rows) }
        }
        class TableViewController: UITableViewController {
            var sections: [TableSection] = []
            func addSection(_ section: TableSection) { sections.append(section) }
        }
        \(screen)
        """
    }

    /// A sharing screen whose permission section has this row.
    private static func shareEdit(_ row: String) -> String {
        rows("""
        final class ShareEditViewController: TableViewController {
            func changePermissions(_ enabled: Bool) {}
            override func viewDidLoad() {
                super.viewDidLoad()
                let section = TableSection()
                \(row)
                addSection(section)
            }
        }
        """)
    }

    /// A card whose table's rows are made by static helpers handed the card (owncloud's action card).
    private static func card(_ helper: String) -> String {
        rows("""
        final class CardViewController: UIViewController {
            let content: TableViewController
            init(content: TableViewController) { self.content = content; super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { nil }
        }
        final class ItemActions {
            class func cardViewController() -> UIViewController {
                let table = TableViewController(style: .plain)
                let card = CardViewController(content: table)
                let section = TableSection()
                section.add(row: self.shareRow(presentingController: card))
                table.addSection(section)
                return card
            }
            private class func shareRow(presentingController: UIViewController) -> TableRow {
                \(helper)
            }
        }
        """)
    }

    /// A log screen with a section it always shows and one it adds later: `row` is added to the later one.
    private static func logSettings(_ row: String) -> String {
        rows("""
        final class LogSettingsViewController: TableViewController {
            private let generalSection = TableSection()
            private var outputSection: TableSection?
            func shareLog() {}
            override func viewDidLoad() {
                super.viewDidLoad()
                generalSection.add(row: TableRow(textFieldWithAction: { _, _ in print("general") }))
                outputSection = TableSection()
                \(row)
            }
        }
        """)
    }

    static let triggering: [Example] = [
        // The cycle goes through the section the row was added to (owncloud's log settings named the other).
        Example(logSettings("outputSection?.add(row: TableRow(textFieldWithAction: ↓⟦error: 'LogSettingsViewController' owns 'TableRow' through 'outputSection' (assigned at⟧{ _, _ in self.shareLog() }))")),
        // The row's own action closure keeps the handed one; the section keeps the row; the screen the section.
        Example(shareEdit("section.add(row: TableRow(toggleWithAction: ↓⟦error: closure stored in 'ShareEditViewController.sections.rows.action' captures 'self' (ShareEditViewController) strongly⟧{ row, _ in self.changePermissions(row.value != nil) }, title: \"Share\"))")),
        // The initializer hands the action on to the one it delegates to, which stores it.
        Example(shareEdit("section.add(row: TableRow(secureTextFieldWithAction: ↓⟦error: closure stored in 'ShareEditViewController.sections.rows.action' captures 'self' (ShareEditViewController) strongly⟧{ _, _ in self.changePermissions(true) }))")),
        // The section's method makes rows from the handed action and keeps them.
        Example(shareEdit("section.add(radioGroupWithTitles: [\"View\", \"Edit\"], radioAction: ↓⟦error: closure stored in 'ShareEditViewController.sections.rows' captures 'self' (ShareEditViewController) strongly⟧{ _, _ in self.changePermissions(false) })")),
        // `self.shareRow(…)` in a class method is the type's own method: the row's action keeps the card it
        // was handed, and the card keeps the table that keeps the row.
        Example(card("TableRow(textFieldWithAction: ↓⟦error: closure stored in 'TableRow.action' captures 'presentingController' (CardViewController) strongly⟧{ _, _ in presentingController.dismiss(animated: true) })")),
    ]

    static let clean: [Example] = [
        Example(logSettings("outputSection?.add(row: TableRow(textFieldWithAction: { [weak self] _, _ in self?.shareLog() }))")),
        Example(card("TableRow(textFieldWithAction: { [weak presentingController] _, _ in presentingController?.dismiss(animated: true) })")),
        Example(shareEdit("section.add(row: TableRow(toggleWithAction: { [weak self] row, _ in self?.changePermissions(row.value != nil) }, title: \"Share\"))")),
        Example(shareEdit("section.add(row: TableRow(secureTextFieldWithAction: { [weak self] _, _ in self?.changePermissions(true) }))")),
        // A section that is itself a table section: the choices belong to a screen it pushes and does not
        // keep, whose own section (another object of the superclass) keeps the radio action.
        Example(rows("""
        final class SecuritySection: TableSection {
            weak var viewController: UIViewController?
            var frequency = 0
            var frequencyRow: TableRow?
            override init() {
                super.init()
                frequencyRow = TableRow(textFieldWithAction: { [weak self] _, _ in
                    guard let self, let viewController = self.viewController else { return }
                    let screen = TableViewController(style: .grouped)
                    let choices = TableSection()
                    choices.add(radioGroupWithTitles: ["1 minute", "5 minutes"], radioAction: { _, _ in self.frequency = 1 })
                    screen.addSection(choices)
                    viewController.navigationController?.pushViewController(screen, animated: true)
                })
                add(row: frequencyRow!)
            }
        }
        """)),
    ]
}

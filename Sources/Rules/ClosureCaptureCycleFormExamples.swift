import CoordLintCore

/// `closure_capture_cycle`'s examples through Eureka's configuration closures: `ButtonRow { $0… }` and
/// `MultivaluedSection(…) { section in … }` hand the new row or section to the closure, and the callbacks
/// it sets there are kept by that row or section, which the form keeps (home-assistant/iOS settings and
/// notification screens, fixed with '[weak self]').
enum ClosureCaptureCycleFormExamples {
    /// A notification settings form whose reset row sets its selection callback in its initializer.
    private static func resetRow(_ callback: String) -> String {
        """
        import Eureka
        final class NotificationSettingsViewController: FormViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                form +++ Section()
                    +++ ButtonRow {
                        $0.title = "Reset badge"
                        $0.onCellSelection \(callback)
                    }
            }
            func resetBadge() {}
        }
        """
    }

    /// An about form whose acknowledgements row shows the controller its provider's `builder` makes and
    /// pops it on dismissal; a licenses row a property keeps, presented modally (home-assistant about screen,
    /// fixed with '[weak self]'). The row keeps `presentationMode`, the library enum value keeps its closures.
    private static func aboutRows(_ builder: String, dismiss: String) -> String {
        """
        import Eureka
        final class AboutViewController: FormViewController {
            var licensesRow: ButtonRow?
            override func viewDidLoad() {
                super.viewDidLoad()
                form +++ Section()
                    <<< ButtonRow {
                        $0.title = "Acknowledgements"
                        $0.presentationMode = .show(controllerProvider: ControllerProvider.callback \(builder), onDismiss: { vc in
                            _ = vc.navigationController?.popViewController(animated: true)
                        })
                    }
                    <<< ButtonRow {
                        $0.presentationMode = .show(controllerProvider: .callback(builder: { UIViewController() }), onDismiss: nil)
                    }
                let row = ButtonRow()
                row.presentationMode = .presentModally(controllerProvider: .callback { UIViewController() }, onDismiss: \(dismiss))
                licensesRow = row
            }
            func makeAcknowledgements() -> UIViewController { UIViewController() }
            func reload() {}
        }
        """
    }

    /// A category form whose multivalued section adds, in its configuration closure, the rows a method of
    /// the form makes: each row's presentation mode keeps `dismiss` (home-assistant notification category
    /// configurator, fixed with '[weak self]').
    private static func categoryRows(_ dismiss: String) -> String {
        """
        import Eureka
        final class CategoryConfigurator: FormViewController {
            var actions: [String] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                form +++ MultivaluedSection(multivaluedOptions: [.Insert, .Delete], header: "Actions") { section in
                    section.tag = "actions"
                    for action in self.actions {
                        section <<< self.actionRow(action)
                    }
                }
            }
            func actionRow(_ action: String?) -> ButtonRowWithPresent<ActionConfigurator> {
                return ButtonRowWithPresent<ActionConfigurator> { row in
                    row.title = action
                    row.presentationMode = PresentationMode.show(controllerProvider: ControllerProvider.callback {
                        return ActionConfigurator()
                    }, onDismiss: \(dismiss))
                }
            }
            func updatePreview() {}
        }
        final class ActionConfigurator: UIViewController {}
        """
    }

    /// An actions form whose multivalued section makes its new rows with this closure (`local`: what the
    /// section's configuration closure declares first).
    private static func actionsSection(_ provider: String, local: String = "") -> String {
        """
        import Eureka
        final class ActionsViewController: FormViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                form +++ MultivaluedSection(multivaluedOptions: [.Insert, .Delete], header: "Actions") { section in
                    section.tag = "actions"
                    \(local)
                    section.multivaluedRowToInsertAt = \(provider)
                }
            }
            func actionRow() -> ButtonRow { ButtonRow() }
        }
        """
    }

    /// A sounds form whose sections a helper builds: the section the helper returns holds the row.
    /// A settings form whose discovered-servers section, found by its tag, gets a row per server (home-assistant
    /// settings, 2018). A look-up by tag is no evidence that the section exists (a tag no section carries gives
    /// nil: home-assistant's voice-shortcut section), so nothing is reported; a local holding the form itself is
    /// the form.
    private static func discoveredServer(_ callback: String,
                                         section: String = "let discoverySection: Section = self.form.sectionBy(tag: \"discoveredInstances\")!") -> String {
        """
        import Eureka
        final class SettingsViewController: FormViewController {
            var baseURL: URL?
            override func viewDidLoad() {
                super.viewDidLoad()
                form +++ Section(header: "Discovered", footer: "") { $0.tag = "discoveredInstances" }
            }
            func discovered(name: String, url: URL) {
                \(section)
                discoverySection
                    <<< ButtonRow(name) {
                        $0.title = name
                    }.onCellSelection(\(callback))
            }
        }
        """
    }

    /// A section added to the form first and given its rows after (home-assistant's action configurator).
    private static func sectionFilledAfter(_ callback: String) -> String {
        """
        import Eureka
        final class ActionConfigurator: FormViewController {
            var name = ""
            override func viewDidLoad() {
                super.viewDidLoad()
                let firstSection = Section()
                form +++ firstSection
                firstSection <<< TextRow {
                    $0.tag = "name"
                }.onChange(\(callback))
            }
        }
        """
    }

    /// A row hidden by a condition whose predicate reads the controller (home-assistant's action configurator):
    /// the row keeps `hidden`, the library case `Condition.function` keeps its predicate.
    private static func hiddenByCondition(_ predicate: String) -> String {
        """
        import Eureka
        final class ColorsViewController: FormViewController {
            var useCustomColors = false
            override func viewDidLoad() {
                super.viewDidLoad()
                form +++ Section()
                    <<< SwitchRow("custom") { $0.title = "Custom colors" }
                    <<< TextRow("color") {
                        $0.hidden = .function(["custom"], \(predicate))
                    }
            }
        }
        """
    }

    private static func soundsSection(_ callback: String) -> String {
        """
        import Eureka
        final class NotificationSoundsViewController: FormViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                form.append(soundsSection("imported"))
            }
            func soundsSection(_ tag: String) -> Section {
                let section = Section()
                section.tag = tag
                section <<< ButtonRow {
                    $0.title = "Open folder"
                    $0.onCellSelection \(callback)
                }
                return section
            }
            func openFolder() {}
        }
        """
    }

    static let triggering: [Example] = [
        Example(soundsSection("↓⟦error: closure stored in 'NotificationSoundsViewController.form.onCellSelection' captures 'self' (NotificationSoundsViewController) strongly⟧{ _, _ in self.openFolder() }")),
        Example(resetRow("↓⟦error: closure stored in 'NotificationSettingsViewController.form.onCellSelection' captures 'self' (NotificationSettingsViewController) strongly⟧{ _, _ in self.resetBadge() }")),
        // A section added to the form before its rows keeps them for the form all the same.
        Example(sectionFilledAfter("↓⟦error: closure stored in 'ActionConfigurator.form.onChange' captures 'self' (ActionConfigurator) strongly⟧{ row in self.name = row.value ?? \"\" }")),
        // Every row of a chain added to a section a method returns: `(section <<< a) <<< b` adds `a` too
        // (home-assistant's notification sounds, whose import row was missed).
        Example("""
            import Eureka
            final class SoundsViewController: FormViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    form.append(importSection())
                }
                func importSection() -> Section {
                    let section = Section()
                    section
                        <<< ButtonRow {
                            $0.tag = "import"
                        }.onCellSelection ↓⟦error: closure stored in 'SoundsViewController.form.onCellSelection' captures 'self' (SoundsViewController) strongly⟧{ _, _ in
                            self.importTapped()
                        }
                        <<< ButtonRow {
                            $0.tag = "share"
                        }.onCellSelection ↓⟦error: closure stored in 'SoundsViewController.form.onCellSelection' captures 'self' (SoundsViewController) strongly⟧{ _, _ in
                            self.shareTapped()
                        }
                    return section
                }
                func importTapped() {}
                func shareTapped() {}
            }
            """),
        // A condition's predicate is kept by the row's `hidden`; it returns whether to hide, so '[weak self]'
        // needs `self` unwrapped first.
        Example(hiddenByCondition("↓⟦error: closure stored in 'ColorsViewController.form.hidden.function' captures 'self' (ColorsViewController) strongly; 'ColorsViewController' owns 'ColorsViewController.form' through 'form' (Example.swift:2, declared in 'FormViewController'); capture '[weak self]' and unwrap it first ('guard let self = self else { return … }'), as the closure returns a value$⟧{ _ in !self.useCustomColors }")),
        // A local holding the form is the form.
        Example(discoveredServer("↓⟦error: closure stored in 'SettingsViewController.form.onCellSelection' captures 'self' (SettingsViewController) strongly⟧{ _, _ in self.baseURL = url }",
                                 section: "let discoverySection = self.form")),
        Example(actionsSection("↓⟦error: closure stored in 'ActionsViewController.form.multivaluedRowToInsertAt' captures 'self' (ActionsViewController) strongly⟧{ _ in self.actionRow() }")),
        // A method of a type declared there is that type's, not a local function: the bare call is self's.
        Example(actionsSection("↓⟦error: closure stored in 'ActionsViewController.form.multivaluedRowToInsertAt' captures 'self' (ActionsViewController) strongly⟧{ _ in actionRow() }",
                               local: "final class Helper { func actionRow() -> ButtonRow { ButtonRow() } }")),
        // 'self' handed on as a value: 'self?.' alone would not compile, so the advice unwraps it first.
        Example(resetRow("↓⟦error: capture '[weak self]' and unwrap it first ('guard let self = self else { return }'), as the closure uses 'self' itself⟧{ _, _ in print(self) }")),
        // A closure inside that unwraps its own weak capture needs nothing unwrapped out here.
        Example(resetRow("↓⟦error: capture '[weak self]' and call through 'self?.'$⟧{ _, _ in DispatchQueue.main.async { [weak self] in guard let self else { return }; print(self) } }")),
        // The rows a method returns, added in the section's configuration closure, keep their dismissal.
        Example(categoryRows("↓⟦error: closure stored in 'CategoryConfigurator.form.presentationMode.onDismiss' captures 'self' (CategoryConfigurator) strongly⟧{ vc in vc.navigationController?.popViewController(animated: true); self.updatePreview() }")),
        // A body of one call of a method of self declared with a result: the closure returns that value,
        // so 'self?.' alone does not compile there.
        Example(actionsSection("↓⟦error: capture '[weak self]' and unwrap it first ('guard let self = self else { return … }'), as the closure returns a value$⟧{ _ in self.actionRow() }")),
        // Where the project writes Swift 5.7's shorthand somewhere, the advice does too.
        Example("""
            import UIKit
            final class PickerViewController: UIViewController {
                var onPick: ((String) -> Void)?
                var selection: String?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    onPick = ↓⟦error: capture '[weak self]' and unwrap it first ('guard let self else { return }'), as the closure uses 'self' itself$⟧{ value in
                        self.selection = value
                        print(self)
                    }
                }
                func show() {
                    if let selection { print(selection) }
                }
            }
            """),
        // A library enum value keeps its closures: the builder returns the controller, so 'self?.' alone
        // does not compile there.
        Example(aboutRows("↓⟦error: closure stored in 'AboutViewController.form.presentationMode.controllerProvider.builder' captures 'self' (AboutViewController) strongly; 'AboutViewController' owns 'AboutViewController.form' through 'form' (Example.swift:2, declared in 'FormViewController'); capture '[weak self]' and unwrap it first ('guard let self = self else { return … }'), as the closure returns a value⟧{ self.makeAcknowledgements() }",
                          dismiss: "↓⟦error: closure stored in 'AboutViewController.licensesRow.presentationMode.onDismiss' captures 'self' (AboutViewController) strongly⟧{ _ in self.reload() }")),
    ]

    static let clean: [Example] = [
        Example(discoveredServer("{ [weak self] _, _ in self?.baseURL = url }", section: "let discoverySection = self.form")),
        Example(discoveredServer("{ _, _ in self.baseURL = url }")),
        Example(sectionFilledAfter("{ [weak self] row in self?.name = row.value ?? \"\" }")),
        Example(hiddenByCondition("{ [weak self] _ in !(self?.useCustomColors ?? false) }")),
        Example(soundsSection("{ [weak self] _, _ in self?.openFolder() }")),
        Example(resetRow("{ [weak self] _, _ in self?.resetBadge() }")),
        Example(categoryRows("{ [weak self] vc in vc.navigationController?.popViewController(animated: true); self?.updatePreview() }")),
        Example(aboutRows("{ [weak self] in self?.makeAcknowledgements() ?? UIViewController() }", dismiss: "{ [weak self] _ in self?.reload() }")),
        Example(actionsSection("{ _ in ButtonRow() }")),
        // A function declared in the closure shadows the method of the same name: calling it uses no
        // 'self' (home-assistant connection URL settings).
        Example(actionsSection("{ _ in actionRow() }", local: "func actionRow() -> ButtonRow { ButtonRow() }")),
        // A project type's configuration closure is the project's code, evaluated as such: nothing kept.
        Example("""
            final class Row {
                var onTap: (() -> Void)?
                init(configure: (Row) -> Void) { configure(self) }
            }
            final class ListViewController {
                func makeRow() -> Row { Row { _ in self.refresh() } }
                func refresh() {}
            }
            """),
    ]
}

import Analysis
import CoordLintCore

/// A `coordlint:disable` comment that suppresses nothing. Produced by the suppression filter (which
/// runs after every other rule); this type carries its description and examples.
public struct SuperfluousSuppressionRule: AnalysisRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "superfluous_suppression",
        name: "Superfluous Suppression",
        summary: "A coordlint suppression comment matches no finding",
        rationale: """
            A suppression that no longer matches a finding (the cycle was fixed, the code moved) hides \
            nothing today and will silently hide a new finding tomorrow. Remove it.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            Example("""
                class ViewController: UIViewController {
                    ↓⟦warning: this suppression ('// coordlint:disable:next strong_coordinator_reference - fixed long ago')⟧// coordlint:disable:next strong_coordinator_reference - fixed long ago
                    weak var coordinator: MainCoordinator?
                }
                class MainCoordinator {}
                """),
        ],
        nonTriggeringExamples: [
            Example("""
                class ViewController: UIViewController {
                    // coordlint:disable:next strong_coordinator_reference - the coordinator is a singleton
                    var coordinator: MainCoordinator?
                }
                class MainCoordinator {
                    let nav = UINavigationController()
                    func start() { let vc = ViewController(); vc.coordinator = self; nav.pushViewController(vc, animated: true) }
                }
                """),
            Example("""
                class ViewController: UIViewController {
                    var coordinator: MainCoordinator? // coordlint:disable:this all
                }
                // coordlint:disable strong_delegate
                class PickerView: UIView { var delegate: PickerDelegate? }
                // coordlint:enable strong_delegate
                protocol PickerDelegate: AnyObject {}
                class MainCoordinator: PickerDelegate {
                    let nav = UINavigationController()
                    let picker = PickerView()
                    func start() {
                        let vc = ViewController(); vc.coordinator = self; nav.pushViewController(vc, animated: true)
                        picker.delegate = self
                    }
                }
                """),
        ]
    )

    public func check(_ program: Program) -> [Finding] { [] }

    /// The suppressions that match none of the other rules' findings.
    public func check(_ program: Program, reported: [Finding]) -> [Finding] {
        program.suppressions.filter { suppression in !reported.contains { suppression.matches($0) } }.map { suppression in
            finding(Message.unused(suppression), at: suppression.location,
                    subject: suppression.rules.sorted().joined(separator: ","), evidence: .suppression(suppression.location))
        }
    }

    private enum Message {
        static func unused(_ suppression: Suppression) -> String {
            let what = suppression.rules.isEmpty ? "any rule" : suppression.rules.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return "this suppression ('\(suppression.text)') matches no finding of \(what); remove it"
        }
    }
}

import Analysis
import CoordLintCore

/// Any other cycle of strong stored references.
public struct ReferenceCycleRule: AnalysisRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "reference_cycle",
        name: "Reference Cycle",
        summary: "Objects own each other through strong stored references",
        rationale: """
            A cycle of strong references is never released: a view model and a view controller that \
            own each other, a view that keeps its controller. Make the back-reference weak (or unowned \
            when it can never outlive its owner).
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            // An array added to itself.
            Example([
                "FlowCoordinator.m": """
                    #import <Foundation/Foundation.h>
                    @interface FlowCoordinator : NSObject
                    @property (nonatomic, strong) NSMutableArray *childCoordinators;
                    @end
                    @implementation FlowCoordinator
                    - (void)add {
                        ↓[self.childCoordinators addObject:self.childCoordinators];
                    }
                    @end
                    """,
            ]),
            Example("""
                final class ProfileViewController: UIViewController {
                    let viewModel = ProfileViewModel()
                    override func viewDidLoad() { viewModel.viewController = self }
                }
                final class ProfileViewModel {
                    ↓var viewController: ProfileViewController?
                }
                """),
            // A view that keeps the controller whose view it is.
            Example("""
                final class CartView: UIView {
                    ↓var controller: CartViewController?
                }
                final class CartViewController: UIViewController {
                    let cartView = CartView()
                    override func viewDidLoad() { cartView.controller = self }
                }
                """),
        ],
        nonTriggeringExamples: [
            Example("""
                final class ProfileViewController: UIViewController {
                    let viewModel = ProfileViewModel()
                    override func viewDidLoad() { viewModel.viewController = self }
                }
                final class ProfileViewModel { weak var viewController: ProfileViewController? }
                """),
            // A type referring to its own type is not a cycle by itself: another instance is another object.
            Example("""
                final class TreeNode { var children: [TreeNode] = []; var next: TreeNode? }
                """),
            // Value types are copied, not shared.
            Example("""
                struct Settings { var theme: Theme }
                struct Theme { var name: String }
                """),
        ]
    )

    public func check(_ program: Program) -> [Finding] {
        program.cycles.compactMap { cycle -> Finding? in
            guard CycleReport.owner(of: cycle, in: program) == .other else { return nil }
            let anchor = cycle.anchor
            if cycle.edges.count == 1, anchor.from == anchor.to, case .container = anchor.origin {
                return Finding(
                    rule: identifier, severity: .error,
                    message: "the collection '\(anchor.from)' is added to itself (\(anchor.location.shortDescription)): a collection "
                        + "that contains itself is never deallocated, and neither is anything in it; add the child, not the collection",
                    location: anchor.location,
                    notes: [Note(message: "'\(anchor.from)' is declared here", location: program.graph.nodes[anchor.from]!.location)],
                    identity: "\(identifier)|\(anchor.from)|\(anchor.location.file)")
            }
            let path = program.describePath(cycle.edges.dropFirst())
            if let property = anchor.declaration, case .property(let owner, _, _) = anchor.origin {
                return Finding(
                    rule: identifier, severity: CycleReport.severity(cycle),
                    message: "'\(owner).\(property.name)' holds \(program.name(anchor.to)) strongly, and \(path); "
                        + Advice.declareWeak(property) + " to break the cycle"
                        + CycleReport.guessSuffix(cycle) + CycleReport.moreSuffix(cycle),
                    location: property.location, notes: CycleReport.notes(cycle, in: program),
                    fixes: PropertyFix.makeWeak(property, owner: owner, in: program).map { [$0] } ?? [],
                    identity: "\(identifier)|\(owner).\(property.name)|\(property.location.file)")
            }
            return Finding(
                rule: identifier, severity: CycleReport.severity(cycle),
                message: program.describe(anchor) + ", and \(path)" + CycleReport.guessSuffix(cycle) + CycleReport.moreSuffix(cycle),
                location: anchor.location, notes: CycleReport.notes(cycle, in: program),
                identity: "\(identifier)|\(anchor.from)->\(anchor.to)|\(anchor.location.file)")
        }
    }
}

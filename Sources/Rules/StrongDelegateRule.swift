import Analysis
import CoordLintCore

/// A delegate or data source held strongly.
public struct StrongDelegateRule: AnalysisRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "strong_delegate",
        name: "Strong Delegate",
        summary: "A property named '*delegate' or '*dataSource', or typed as a '*Delegate' protocol, is held strongly",
        rationale: """
            A delegate is almost always the object that owns the delegating one (a coordinator is the \
            delegate of the view controller it shows). Holding it strongly closes a cycle. Declare it \
            'weak var delegate', and make the delegate protocol class-bound (': AnyObject') so it can be weak.
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            // Objective-C: ARC's default is strong.
            Example([
                "PickerView.h": """
                    #import <UIKit/UIKit.h>
                    @protocol PickerViewDelegate <NSObject>
                    - (void)pickerDidPick;
                    @end
                    @interface PickerView : UIView
                    ↓⟦warning: 'PickerView.delegate' holds its delegate strongly⟧@property (nonatomic) id<PickerViewDelegate> delegate;
                    @end
                    """,
            ]),
            // Khanlou's LoginCoordinator is the delegate of the LoginViewController it presents.
            Example([
                "LoginCoordinator.swift": """
                    class LoginCoordinator: LoginViewControllerDelegate {
                        let navigationController: UINavigationController
                        init(navigationController: UINavigationController) { self.navigationController = navigationController }
                        func start() {
                            let loginViewController = LoginViewController()
                            loginViewController.delegate = self
                            navigationController.present(loginViewController, animated: true, completion: nil)
                        }
                    }
                    """,
                "LoginViewController.swift": """
                    protocol LoginViewControllerDelegate: AnyObject { func loginButtonPressed() }
                    class LoginViewController: UIViewController {
                        ↓⟦error: 'LoginViewController.delegate' holds its delegate 'LoginCoordinator' strongly⟧var delegate: LoginViewControllerDelegate?
                    }
                    """,
            ]),
            // No cycle visible, and the protocol is not class-bound: the fix adds ': AnyObject' too.
            Example("""
                protocol PickerDelegate { func didPick() }
                class PickerView: UIView {
                    ↓⟦warning: 'PickerView.delegate' holds its delegate strongly⟧var delegate: PickerDelegate?
                }
                """),
        ],
        nonTriggeringExamples: [
            Example("""
                protocol LoginViewControllerDelegate: AnyObject { func loginButtonPressed() }
                class LoginViewController: UIViewController { weak var delegate: LoginViewControllerDelegate? }
                """),
            // CoordinatorKit's multicast delegate is a struct: a value, not a reference.
            Example("""
                struct MulticastDelegate<T> { }
                class Coordinator { var delegate = MulticastDelegate<CoordinatorDelegate>() }
                protocol CoordinatorDelegate: AnyObject { }
                """),
            // CoordinatorKit's library wrapper, not declared in the project.
            Example("""
                class LoginCoordinator: SceneCoordinator<LoginViewController> {
                    var delegate = MulticastDelegate<LoginCoordinatorDelegate>()
                }
                """),
            // A protocol's requirement: the conformer decides.
            Example("""
                protocol HasDelegate { var delegate: SomeDelegate? { get set } }
                protocol SomeDelegate: AnyObject { }
                """),
            // A closure property is not a delegate reference.
            Example("""
                class Cell: UITableViewCell { var delegateHandler: (() -> Void)?; var onDelegate: (() -> Void)? }
                """),
        ]
    )

    public func check(_ program: Program) -> [Finding] {
        var findings: [Finding] = []
        var reported: Set<SourceLocation> = []
        for cycle in program.cycles where cycle.role == .delegateReference {
            guard let property = cycle.anchor.declaration, case .property(let owner, _, _) = cycle.anchor.origin,
                  reported.insert(property.location).inserted else { continue }
            let proto = property.type.flatMap { program.types.nonClassBoundProtocol($0.name, from: owner) }
            findings.append(finding(
                Message.cycle(owner: owner, property: property, cycle: cycle, protocol: proto, in: program),
                at: property.location, subject: "\(owner).\(property.name)", cycle: cycle, in: program,
                fixes: [PropertyFix.makeWeak(property, owner: owner, in: program, classBound: proto)]))
        }
        for name in program.types.sortedNames {
            guard let type = program.types[name], type.declaration != nil, type.kind != .protocol else { continue }
            for property in type.properties where program.types.isRetainingReference(property, of: name)
                && program.types.isDelegateReference(property) && !reported.contains(property.location) {
                guard let written = property.type, !written.isFunction, !written.name.isEmpty else { continue }
                // A generic wrapper (`MulticastDelegate<T>`, `Weak<T>`) or an object the type creates itself
                // (`= DelegateProxy()`) is not a reference to someone else's delegate.
                if !written.genericArguments.isEmpty { continue }
                if case .call? = property.initializer { continue }
                if let resolved = program.types.resolve(written.name, from: name), program.types[resolved]?.isValueType == true {
                    continue
                }
                reported.insert(property.location)
                let proto = program.types.nonClassBoundProtocol(written.name, from: name)
                findings.append(finding(
                    Message.noCycle(owner: name, property: property, protocol: proto, in: program),
                    at: property.location, subject: "\(name).\(property.name)", evidence: .reference(property.location),
                    fixes: [PropertyFix.makeWeak(property, owner: name, in: program, classBound: proto)],
                    confidence: .assumed))
            }
        }
        return findings
    }

    private enum Message {
        static func cycle(owner: String, property: PropertyFact, cycle: Cycle, protocol proto: TypeFact?,
                          in program: Program) -> String {
            "'\(owner).\(property.name)' holds its delegate \(program.name(cycle.anchor.to)) strongly, and "
                + program.describePath(cycle.edges.dropFirst()) + "; " + Advice.declareWeak(property, in: program)
                + classBound(proto) + CycleWording.guessSuffix(cycle) + CycleWording.moreSuffix(cycle)
        }

        static func noCycle(owner: String, property: PropertyFact, protocol proto: TypeFact?, in program: Program) -> String {
            "'\(owner).\(property.name)' holds its delegate strongly; a delegate usually owns the object "
                + "it is the delegate of, so this closes a cycle as soon as it is set: "
                + Advice.declareWeak(property, in: program) + classBound(proto)
        }

        static func classBound(_ proto: TypeFact?) -> String {
            proto.map { " and make '\($0.name)' class-bound (': AnyObject'), which it is not" } ?? ""
        }
    }
}

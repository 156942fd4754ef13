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
                    ↓@property (nonatomic) id<PickerViewDelegate> delegate;
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
                        ↓var delegate: LoginViewControllerDelegate?
                    }
                    """,
            ]),
            // No cycle visible, and the protocol is not class-bound: the fix adds ': AnyObject' too.
            Example("""
                protocol PickerDelegate { func didPick() }
                class PickerView: UIView {
                    ↓var delegate: PickerDelegate?
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
        for cycle in program.cycles where CycleReport.owner(of: cycle, in: program) == .delegate {
            guard let property = cycle.anchor.declaration, case .property(let owner, _, _) = cycle.anchor.origin,
                  reported.insert(property.location).inserted else { continue }
            let proto = nonClassBound(property, from: owner, in: program)
            findings.append(Finding(
                rule: identifier, severity: CycleReport.severity(cycle),
                message: "'\(owner).\(property.name)' holds its delegate \(program.name(cycle.anchor.to)) strongly, and "
                    + program.describePath(cycle.edges.dropFirst())
                    + "; " + Advice.declareWeak(property)
                    + (proto.map { " and make '\($0.name)' class-bound (': AnyObject'), which it is not" } ?? "")
                    + CycleReport.guessSuffix(cycle) + CycleReport.moreSuffix(cycle),
                location: property.location, notes: CycleReport.notes(cycle, in: program),
                fixes: PropertyFix.makeWeak(property, owner: owner, in: program, classBound: proto).map { [$0] } ?? [],
                identity: "\(identifier)|\(owner).\(property.name)|\(property.location.file)"))
        }
        for name in program.types.sortedNames {
            guard let type = program.types[name], type.declaration != nil, type.kind != .protocol else { continue }
            for property in type.properties where property.ownership.retains && !property.isStatic
                && !program.types.knowledge.isWeak(property.name, of: name)
                && !property.isRequirement && CycleReport.isDelegate(property) && !reported.contains(property.location) {
                guard let written = property.type, !written.isFunction, !written.name.isEmpty else { continue }
                // A generic wrapper (`MulticastDelegate<T>`, `Weak<T>`) or an object the type creates itself
                // (`= DelegateProxy()`) is not a reference to someone else's delegate.
                if !written.genericArguments.isEmpty { continue }
                if case .call? = property.initializer { continue }
                if let resolved = program.types.resolve(written.name, from: name), program.types[resolved]?.isValueType == true {
                    continue
                }
                reported.insert(property.location)
                let proto = nonClassBound(property, from: name, in: program)
                findings.append(Finding(
                    rule: identifier, severity: .warning,
                    message: "'\(name).\(property.name)' holds its delegate strongly; a delegate usually owns the object "
                        + "it is the delegate of, so this closes a cycle as soon as it is set: " + Advice.declareWeak(property)
                        + (proto.map { " and make '\($0.name)' class-bound (': AnyObject'), which it is not" } ?? ""),
                    location: property.location,
                    fixes: PropertyFix.makeWeak(property, owner: name, in: program, classBound: proto).map { [$0] } ?? [],
                    identity: "\(identifier)|\(name).\(property.name)|\(property.location.file)"))
            }
        }
        return findings
    }

    private func nonClassBound(_ property: PropertyFact, from context: String, in program: Program) -> TypeFact? {
        guard let written = property.type?.name, let resolved = program.types.resolve(written, from: context),
              let type = program.types[resolved], type.kind == .protocol,
              !program.types.isClassBound(protocol: resolved) else { return nil }
        return type.declaration
    }
}

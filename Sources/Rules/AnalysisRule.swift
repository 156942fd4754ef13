import Analysis
import CoordLintCore

/// A rule over the analyzed program. Rules read facts and the graph; they never parse.
public protocol AnalysisRule: Rule {
    func check(_ program: Program) -> [Finding]
}

extension AnalysisRule {
    public var identifier: String { Self.description.identifier }
}

/// Shared by the three reference-cycle rules: which rule a cycle belongs to (by its back-reference),
/// its message, notes and severity.
enum CycleReport {
    enum Owner { case delegate, coordinator, closure, methodReference, other }

    static func owner(of cycle: Cycle, in program: Program) -> Owner {
        let anchor = cycle.anchor
        switch anchor.origin {
        case .capture(_, let method):
            return method.isEmpty ? .closure : .methodReference
        case .valueCopy:
            return .closure
        case .property:
            if let declaration = anchor.declaration, isDelegate(declaration) { return .delegate }
            if program.kind(of: anchor.to) == .coordinator { return .coordinator }
            return .other
        default:
            return .other
        }
    }

    static func isDelegate(_ property: PropertyFact) -> Bool {
        let lower = property.name.lowercased()
        if lower.hasSuffix("delegate") || lower.hasSuffix("datasource") { return true }
        let typeName = property.type?.name ?? ""
        return typeName.hasSuffix("Delegate") || typeName.hasSuffix("DataSource")
    }

    /// Notes: every edge of the cycle, in order.
    static func notes(_ cycle: Cycle, in program: Program) -> [Note] {
        cycle.edges.map { Note(message: program.describe($0), location: $0.location) }
    }

    static func severity(_ cycle: Cycle) -> Severity { cycle.isGuess ? .warning : .error }

    static func guessSuffix(_ cycle: Cycle) -> String {
        cycle.isGuess ? " (the cycle assumes a target for a protocol- or superclass-typed reference; no assignment is visible)" : ""
    }

    static func moreSuffix(_ cycle: Cycle) -> String {
        cycle.alsoBreaks > 0 ? "; this also breaks \(cycle.alsoBreaks) other cycle\(cycle.alsoBreaks == 1 ? "" : "s")" : ""
    }
}

/// Fix-its for a strong stored property.
enum PropertyFix {
    /// `weak ` before `var` (`let` becomes `weak var`), and `?` after a non-optional type.
    /// Nil when the fix is not mechanical (no written type: `weak var x = T()` would release at once).
    static func makeWeak(_ property: PropertyFact, owner: String, in program: Program,
                         classBound protocolFact: TypeFact? = nil) -> Fix? {
        if let edits = property.weakEdits {
            return edits.isEmpty ? nil : Fix(message: "declare it 'weak'", edits: edits)
        }
        guard let type = property.type, let typeEnd = property.typeEnd, !type.isFunction, type.container == .none else {
            return nil
        }
        var edits: [TextEdit] = []
        if property.isLet {
            edits.append(.replace(property.bindingKeyword, with: "weak var"))
        } else {
            edits.append(.insert("weak ", at: property.location))
        }
        if !type.isOptional {
            edits.append(.insert("?", at: typeEnd))
            edits += optionalChainingEdits(for: property.name, owner: owner, in: program)
        }
        if let protocolFact {
            edits.append(.insert(protocolFact.hasInheritanceClause ? "AnyObject, " : ": AnyObject",
                                 at: protocolFact.inheritanceInsertion))
        }
        return Fix(message: "declare it 'weak var \(property.name)'" + (protocolFact.map { " and make '\($0.name)' class-bound" } ?? ""),
                   edits: edits)
    }
}

extension PropertyFix {
    /// The property becomes optional: `router.show()` in its type's own code becomes `router?.show()`.
    static func optionalChainingEdits(for name: String, owner: String, in program: Program) -> [TextEdit] {
        var edits: Set<TextEdit> = []
        for ref in program.functions where ref.owner == owner && ref.function.kind != .initializer {
            for event in ref.function.events where event.location.file.hasSuffix(".swift") {
                let base: ValueExpression?
                let location: SourceLocation
                switch event.kind {
                case .call(let call):
                    base = call.base
                    location = call.location
                case .assignment(.member(let target, _), _, _):
                    base = target
                    location = event.location
                default:
                    continue
                }
                let length: Int
                switch base {
                case .name(name)?: length = name.utf8.count
                case .member(.selfReference, name)?: length = "self.".utf8.count + name.utf8.count
                default: continue
                }
                edits.insert(.insert("?", at: SourceLocation(file: location.file, line: location.line,
                                                             column: location.column + length)))
            }
        }
        return edits.sorted { ($0.file, $0.start) < ($1.file, $1.start) }
    }
}

/// Advice in the language of the file it is about.
enum Advice {
    static func isSwift(_ location: SourceLocation) -> Bool { location.file.hasSuffix(".swift") }

    /// "declare it 'weak var coordinator'" (Swift) or "declare it weak: '@property (nonatomic, weak)'" (Objective-C).
    static func declareWeak(_ property: PropertyFact) -> String {
        if isSwift(property.location) { return "declare it 'weak var \(property.name)'" }
        if property.name.hasPrefix("_") { return "declare it '__weak'" }
        return "declare it weak: '@property (nonatomic, weak)'"
    }

    /// How to capture self weakly in a closure or block.
    static func captureWeakly(_ location: SourceLocation) -> String {
        isSwift(location) ? "capture '[weak self]' and call through 'self?.'"
            : "capture a weak reference instead: '__weak typeof(self) weakSelf = self;' before the block, 'weakSelf' inside"
    }
}

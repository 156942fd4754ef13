import Analysis
import CoordLintCore

/// A rule over the analyzed program. Rules read the program's typed results, keep what concerns
/// them, and word it; they never parse, never walk function bodies, never re-derive analysis.
public protocol AnalysisRule: Rule {
    func check(_ program: Program) -> [Finding]
    /// For rules about the other rules' findings: called after every `check(_:)`, with all their
    /// findings (before suppressions are applied).
    func check(_ program: Program, reported: [Finding]) -> [Finding]
}

extension AnalysisRule {
    public var identifier: String { Self.description.identifier }
    public func check(_ program: Program, reported: [Finding]) -> [Finding] { [] }
}

/// How sure a finding is: proven by code coordlint read (every cycle is: each of its edges comes
/// from an assignment, an argument kept, a container call or a stored closure), or resting on
/// something coordlint could not see (reported one level lower than the rule's severity).
enum Confidence {
    case proven, assumed
    /// Proven, but the code lets go of it on the way out (a teardown that must run): a note.
    case tornDown
}

extension AnalysisRule {
    /// The one way a finding is made: the rule's identifier, its declared severity (one level lower
    /// when the finding is assumed), a line-independent identity, and the evidence it rests on.
    func finding(_ message: String, at location: SourceLocation, subject: String, evidence: Evidence,
                 notes: [Note] = [], fixes: [Fix?] = [], confidence: Confidence = .proven) -> Finding {
        let declared = Self.description.defaultSeverity
        let severity: Severity = switch confidence {
        case .proven: declared
        case .assumed: declared.lowered
        case .tornDown: .note
        }
        return Finding(
            rule: identifier, severity: severity, message: message,
            location: location, notes: notes, fixes: fixes.compactMap { $0 },
            identity: "\(identifier)|\(subject)|\(location.file)", evidence: evidence)
    }

    /// A finding about a cycle: its notes are the cycle's edges, in order. A cycle the code breaks on
    /// the way out is a note that names the teardown.
    func finding(_ message: String, at location: SourceLocation, subject: String, cycle: Cycle, in program: Program,
                 fixes: [Fix?] = []) -> Finding {
        var notes = cycle.edges.map { Note(message: program.describe($0), location: $0.location) }
        let teardown = program.teardown(of: cycle)
        if let teardown { notes.append(Note(message: TeardownWording.note(teardown), location: teardown.location)) }
        return finding(message + (teardown.map(TeardownWording.suffix) ?? ""), at: location, subject: subject,
                       evidence: .cycle(cycle.edges), notes: notes, fixes: fixes,
                       confidence: teardown == nil ? .proven : .tornDown)
    }

    /// A finding about a registration (an observer, a timer): a note when the code lets go of it.
    func finding(_ message: String, at location: SourceLocation, subject: String, registration: ClosureRegistration,
                 keeps: String?, in program: Program, notes: [Note] = [], fixes: [Fix?] = []) -> Finding {
        var notes = notes
        let teardown = program.teardown(of: registration)
        if let teardown { notes.append(Note(message: TeardownWording.note(teardown), location: teardown.location)) }
        return finding(message + (teardown.map(TeardownWording.suffix) ?? ""), at: location, subject: subject,
                       evidence: .registration(registration.location, keeps: keeps), notes: notes, fixes: fixes,
                       confidence: teardown == nil ? .proven : .tornDown)
    }
}

/// How a teardown is worded.
enum TeardownWording {
    static func suffix(_ teardown: PropertyClearing) -> String {
        if let closure = teardown.closure {
            return "; the closure at \(closure.shortDescription) lets go of '\(teardown.property)' "
                + "(\(teardown.location.shortDescription)), which ends it when the closure runs"
        }
        return "; '\(teardown.caller ?? teardown.holder).\(teardown.function)' lets go of '\(teardown.property)' (\(teardown.location.shortDescription)), "
            + "which ends it if it runs on the way out"
    }

    static func note(_ teardown: PropertyClearing) -> String {
        "'\(teardown.property)' is released here, in '\(teardown.caller ?? teardown.holder).\(teardown.function)'"
    }
}

/// Wording shared by the cycle rules.
enum CycleWording {
    /// ", and 'B' owns 'A' through ..." for the rest of the cycle, or that the object keeps itself.
    static func andPath(_ cycle: Cycle, in program: Program) -> String {
        cycle.edges.count == 1 ? " (the object keeps itself)" : ", and " + program.describePath(cycle.edges.dropFirst())
    }

    /// "'Owner.property'", or "the associated object 'key' of 'Owner'" (kept by the runtime, declared nowhere).
    static func reference(owner: String, property: PropertyFact) -> String {
        TypeIndex.associatedObjectKey(ofProperty: property.name).map { "the associated object '\($0)' of '\(owner)'" }
            ?? "'\(owner).\(property.name)'"
    }

    static func moreSuffix(_ cycle: Cycle) -> String {
        cycle.alsoBreaks > 0 ? "; this also breaks \(cycle.alsoBreaks) other cycle\(cycle.alsoBreaks == 1 ? "" : "s")" : ""
    }

    /// "closure stored in 'CartViewController.onCheckout'" from the cycle's last edge (holder → closure).
    static func storage(of cycle: Cycle) -> String {
        guard let last = cycle.edges.last else { return "a stored closure" }
        if case .capture(let parameter, "") = last.origin, last.from.hasPrefix("closure@") {
            return "handed as '\(parameter)' to a closure that keeps it (captured at \(last.location.shortDescription))"
        }
        guard case .closureStorage(let name, let call) = last.origin else { return "a stored closure" }
        if call == AwaitedStreams.storageCall { return "of a task waiting on '\(last.from).\(name)'" }
        if call.isEmpty, let key = TypeIndex.associatedObjectKey(ofProperty: name) {
            return "associated with '\(last.from)' under '\(key)'"
        }
        return call.isEmpty ? "stored in '\(last.from).\(name)'" : "kept by '\(call)'"
    }
}

/// Fix-its for a strong stored property.
enum PropertyFix {
    /// `weak ` before `var` (`let` becomes `weak var`), `?` after a non-optional type (with `?.` at its
    /// uses in its own type), and `: AnyObject` on a project protocol that is not class-bound. Only
    /// where that compiles and is safe: nil for a collection, a function type, a generic wrapper, a
    /// struct or enum, a type coordlint cannot see (it may be a struct or a protocol), a protocol it
    /// cannot make class-bound, and a reference that created its target (the only owner).
    static func makeWeak(_ property: PropertyFact, owner: String, in program: Program, anchor: Edge? = nil) -> Fix? {
        if anchor?.createsTarget == true { return nil }
        if let edits = property.weakEdits {
            return edits.isEmpty ? nil : Fix(message: "declare it 'weak'", edits: edits)
        }
        // Only an optional reference: making a non-optional one optional would change every use of it.
        guard let type = property.type, property.typeEnd != nil, type.isOptional, !type.isFunction,
              type.container == .none, type.genericArguments.isEmpty else { return nil }
        var protocolFact: TypeFact?
        if let resolved = program.types.resolve(type.name, from: owner), let declared = program.types[resolved] {
            switch declared.kind {
            case .class, .actor:
                // A name another module declares a protocol of: which of the two the property holds is unknown.
                if program.types.shadowedProtocols[resolved] != nil { return nil }
            case .protocol where program.types.isClassBound(protocol: resolved):
                break
            case .protocol:
                // A struct or enum adopting it: making it class-bound would not compile.
                guard let declaration = declared.declaration, program.language(of: declaration.location.file) == .swift,
                      program.types.valueTypeAdopting(protocol: resolved) == nil
                else { return nil }
                protocolFact = declaration
            default:
                return nil
            }
        } else if !KnowledgeTables.frameworkClasses.contains(type.name) {
            return nil
        }
        var edits: [TextEdit] = []
        if property.isLet {
            edits.append(.replace(property.bindingKeyword, with: "weak var"))
        } else {
            edits.append(.insert("weak ", at: property.location))
        }
        if let protocolFact {
            edits.append(.insert(protocolFact.hasInheritanceClause ? "AnyObject, " : ": AnyObject",
                                 at: protocolFact.inheritanceInsertion))
        }
        return Fix(message: "declare it 'weak var \(property.name)'" + (protocolFact.map { " and make '\($0.name)' class-bound" } ?? ""),
                   edits: edits)
    }
}

/// Advice in the language of the file it is about.
enum Advice {
    /// "declare it 'weak var coordinator'" (Swift) or "declare it weak: '@property (nonatomic, weak)'" (Objective-C).
    /// A Swift property typed by a project protocol that is not class-bound gets "and make 'P' class-bound"
    /// (`weak` does not compile on it until then).
    static func declareWeak(_ property: PropertyFact, owner: String, in program: Program) -> String {
        if TypeIndex.associatedObjectKey(ofProperty: property.name) != nil {
            // The runtime's only other policy, `OBJC_ASSOCIATION_ASSIGN`, keeps a pointer that is not zeroed.
            return "an associated object cannot be weak ('OBJC_ASSOCIATION_ASSIGN' would dangle): associate a box that "
                + "holds it weakly, or set it to nil when the work ends"
        }
        if program.types[owner]?.kind == .enum {
            // `weak` does not apply to an enum case's associated value.
            return "an associated value cannot be weak: keep the object out of the case and hold it weakly where it is used"
        }
        if let type = property.type, let weaker = KnowledgeTables.strongRouterTypes[type.name],
           program.types.resolve(type.name, from: owner) == nil {
            // XCoordinator's strong router abstraction (the library's, not a project type of that name):
            // the library's unowned one is the fix.
            return "hold an 'UnownedRouter' ('\(weaker)') instead of '\(type.name)'"
        }
        if let type = property.type, type.container != .none
            || program.types.aliasedType(type.name, from: owner).map(KnowledgeTables.collectionTypeNames.contains) == true {
            // `weak` does not apply to a collection (or an alias of one, `typealias Lifetime = Set<AnyCancellable>`):
            // what it holds must be let go of instead.
            return "'\(property.name)' is a collection, which cannot be weak: take the element out when its work ends, "
                + "or make what it keeps hold the owner weakly"
        }
        if program.language(of: property.location.file) == .swift {
            // A type read with no name that is no function is a tuple (`(container: Container, index: Int)?`):
            // `weak` applies to a class type only.
            if let type = property.type, type.name.isEmpty, !type.isFunction {
                return "'\(property.name)' is a tuple, which cannot be weak: keep the object in a weak property of its own, "
                    + "or set it to nil when the work ends"
            }
            // `weak` needs a class type, and `Any` may hold a value.
            if property.type?.name == "Any" {
                return "declare it 'weak var \(property.name): AnyObject?' ('Any' cannot be weak)"
            }
            let proto = property.type.flatMap { program.types.nonClassBoundProtocol($0.name, from: owner) }
            if let proto, let adopter = program.types.valueTypeAdopting(protocol: proto.name) {
                // `weak` needs a class-bound protocol, and a value type adopting this one keeps it from being one.
                return "'\(property.name)' cannot be weak while '\(proto.name)' is adopted by the value type '\(adopter)': "
                    + "hold it through a class-bound protocol or class weakly, or let go of it when the flow ends"
            }
            // A non-optional type becomes optional (`weak` needs one), and its uses unwrap it.
            let declared = property.type.flatMap { type -> String? in
                guard !type.isOptional, !type.name.isEmpty, !type.isFunction else { return nil }
                let arguments = type.genericArguments.isEmpty ? "" : "<\(type.genericArguments.joined(separator: ", "))>"
                return ": \(type.name)\(arguments)?"
            }
            return "declare it 'weak var \(property.name)\(declared ?? "")'"
                + (proto.map { " and make '\($0.name)' class-bound (': AnyObject')" } ?? "")
                + (declared == nil ? "" : ", unwrapping its uses")
        }
        // An instance variable (`_delegate`, or one declared in braces whose fix is `__weak`).
        if property.name.hasPrefix("_") || property.weakEdits?.contains(where: { $0.replacement == "__weak " }) == true {
            return "declare it '__weak'"
        }
        return "declare it weak: '@property (nonatomic, weak)'"
    }

    /// Whether a closure returns a value: a `return` with one in its body, or a body of one expression
    /// stored in a property whose function type has a result (`var color: () -> UIColor`), which the
    /// expression is (`{ theme.color(for: self.style) }`).
    static func returnsValue(_ closure: ClosureFact, storedBy storage: Edge?, selfType: String? = nil,
                             in program: Program) -> Bool {
        if closure.returnsValue { return true }
        guard closure.statementCount == 1 else { return false }
        // `{ _ in self.items.isEmpty ? 1 : 0 }`: one expression that is a value, not a call, is what it returns.
        switch closure.soleExpression {
        case .literal?, .boolean?, .array?, .member?, .cast?, .subscriptAccess?, .implicitMember?:
            return true
        case .alternatives(let options)?:
            // `c ? 1 : 0`, not `c ? self.open() : self.close()`.
            if options.contains(where: { if case .call = $0 { false } else { true } }) { return true }
        default:
            break
        }
        // `.flatMap { _ in self.store.get(id) }`: a mapping operator's closure gives its one expression.
        if program.mapsValues(closure) { return true }
        // `{ self.submitLocation(x) }`: a body of one call of a method of self declared with a result.
        if let name = closure.soleSelfCall, let selfType, let result = program.method(name, of: selfType)?.returnType,
           !result.isVoid {
            return true
        }
        guard let storage, case .closureStorage(let name, let call) = storage.origin else { return false }
        // A library's closure that makes a value (Eureka's `controllerProvider.builder`).
        if KnowledgeTables.valueReturningLibraryClosures.contains(where: { name == $0 || name.hasSuffix("." + $0) }) {
            return true
        }
        guard call.isEmpty, let (_, property) = program.types.property(named: name, of: storage.from) else { return false }
        return property.type?.isFunction == true && property.type?.returnsValue == true
    }

    /// A closure inside this one, using the `self` it captures, whose one expression is a value
    /// (`firstly { self.submit(…) }`): after '[weak self]' it would give an optional, so `self` is unwrapped first.
    static func nestedClosureReturnsValue(_ closure: ClosureFact, selfType: String?, in program: Program) -> Bool {
        guard let index = program.files.index(ofFile: closure.location.file) else { return false }
        let closures = program.files[index].closures
        return closures.contains { inner in
            inner.id != closure.id && !inner.selfUses.isEmpty && !inner.captureList.contains { $0.name == "self" }
                && closures.isClosure(inner.id, within: closure.id)
                && returnsValue(inner, storedBy: nil, selfType: selfType, in: program)
        }
    }

    /// How to capture self weakly in a closure or block.
    /// A closure that returns a value, hands `self` itself on, or uses a member of `self` as a value cannot call
    /// through `self?.` alone: it unwraps `self` first.
    /// `guard let name else` where the project's compiler takes the shorthand (some file of it uses it),
    /// else the spelling every Swift since 4.2 takes.
    /// Before Swift 4.2 (`SWIFT_VERSION` of the project) `self` is re-bound only in backquotes, a spelling every
    /// compiler since takes too, and every use of `self` after it compiles unchanged.
    static func unwrap(_ name: String, in program: Program) -> String {
        if name == "self", !rebindsSelf(program) { return "guard let `self` = self else" }
        return program.usesShorthandBinding ? "guard let \(name) else" : "guard let \(name) = \(name) else"
    }

    /// Whether the project's Swift takes `guard let self = self` (4.2 and later, or no version said).
    static func rebindsSelf(_ program: Program) -> Bool {
        program.swiftVersion.map { $0 >= .selfRebinding } ?? true
    }

    /// `if watchRequests.isEmpty` in the closure: a member of `self` named without `self.` whose value is used.
    static func usesImplicitMemberValue(_ closure: ClosureFact, in program: Program) -> Bool {
        guard let capture = program.selfCapture(of: closure) else { return false }
        let members = Set(capture.implicitMembers)
        return closure.freeNames.contains { $0.isValue && members.contains($0.location) }
    }

    static func captureWeakly(_ closure: ClosureFact, storedBy storage: Edge? = nil, selfType: String? = nil,
                              in program: Program) -> String {
        guard program.language(of: closure.location.file) == .swift else {
            // `_ivar` in the block: `weakSelf->_ivar` does not compile under ARC; a strong copy taken inside does.
            if closure.selfUses.contains(where: { $0.form == .memberValue }) {
                return "capture a weak reference instead: '__weak typeof(self) weakSelf = self;' before the block, and "
                    + "inside it '__strong typeof(weakSelf) strongSelf = weakSelf; if (!strongSelf) return;', reaching its "
                    + "instance variables through 'strongSelf->'"
            }
            return "capture a weak reference instead: '__weak typeof(self) weakSelf = self;' before the block, 'weakSelf' inside"
        }
        // A value to return, `self` handed on (`present(on: self)`), or a member's value handed on
        // (`IndexPath(item: self.index, …)`): an optional does not go there.
        let returns = returnsValue(closure, storedBy: storage, selfType: selfType, in: program)
        let reason: String
        if returns {
            reason = "returns a value"
        } else if nestedClosureReturnsValue(closure, selfType: selfType, in: program) {
            reason = "holds a closure that returns a value made with 'self'"
        } else if closure.selfUses.contains(where: { $0.form == .value }) {
            reason = "uses 'self' itself"
        } else if closure.selfUses.contains(where: { $0.form == .memberValue }) || usesImplicitMemberValue(closure, in: program) {
            reason = "uses a member of 'self' as a value"
        } else {
            return "capture '[weak self]' and call through 'self?.'"
        }
        // A task looping over an async sequence: unwrapped before the loop, `self` would be held while it runs.
        if closure.loopsOverAsyncSequence, !returns {
            return "capture '[weak self]' and unwrap it inside the loop, for each element ('\(unwrap("self", in: program)) { break }'), "
                + "as the closure \(reason); unwrapped before the loop it would hold 'self' while the loop runs"
        }
        let exit = returns ? "return …" : "return"
        return "capture '[weak self]' and unwrap it first ('\(unwrap("self", in: program)) { \(exit) }'), as the closure \(reason)"
    }
}

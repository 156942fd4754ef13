import Analysis
import CoordLintCore

/// A stored closure that captures, strongly, an object that owns it.
public struct ClosureCaptureCycleRule: AnalysisRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "closure_capture_cycle",
        name: "Closure Capture Cycle",
        summary: "A stored closure captures, strongly, an object that owns it",
        rationale: """
            A callback stored on a view controller the coordinator owns (onCheckout, a transitions struct, \
            a Combine sink kept in cancellables, a lazy property) keeps everything it captures. When it \
            captures the coordinator — 'self', implicitly or explicitly — the coordinator and the screen \
            own each other. Capture '[weak self]' (or '[unowned self]' when the closure can never outlive it).
            """,
        defaultSeverity: .error,
        triggeringExamples: ClosureCaptureCycleExamples.triggering,
        nonTriggeringExamples: ClosureCaptureCycleExamples.nonTriggering
    )

    public func check(_ program: Program) -> [Finding] {
        program.cycles.compactMap { cycle -> Finding? in
            guard cycle.role == .closureCapture, let (ref, closure) = program.closure(atNode: cycle.anchor.from) else {
                return nil
            }
            let capture = program.selfCapture(of: ref)
            let rest = program.describePath(cycle.edges.dropFirst().dropLast())
            let tail = rest.isEmpty ? "" : "; \(rest)"
            let captured: String
            var fix: Fix?
            let awaited = cycle.edges.last.flatMap { edge -> String? in
                if case .closureStorage(let name, AwaitedStreams.storageCall) = edge.origin { return "\(edge.from).\(name)" }
                return nil
            }
            // A captured local given its object only after the closure is made (`var screen: Screen!`).
            let laterValue: (declared: SourceLocation, assigned: SourceLocation)? = {
                guard case .capture(let name, _) = cycle.anchor.origin, name != "self" else { return nil }
                return program.assignedAfterClosure(ref, local: name)
            }()
            switch cycle.anchor.origin {
            case .capture(let name, _) where name == "self" && awaited != nil:
                // The task's method keeps self for its whole loop: a weak capture in the task fixes nothing.
                captured = Message.awaitsUnendingStream(cycle.anchor.to, stream: awaited ?? "", tail: tail)
            case .valueCopy:
                // Only a stored property can be captured on its own (a method would bring a copy of `self`):
                // weakly when it holds an object, as a copy when it holds a value, no example when unknown.
                let example = firstMember(closure, capture).flatMap { member -> String? in
                    guard let (_, property) = program.types.property(named: member, of: cycle.anchor.to) else { return nil }
                    switch program.types.holding(property, of: cycle.anchor.to) {
                    case .object: return "[weak \(member)]"
                    case .value: return "[\(member)]"
                    case nil: return nil
                    }
                }
                captured = Message.copiesStruct(cycle.anchor.to, tail: tail, example: example,
                                                canBeClass: !program.types.isFrameworkValue(cycle.anchor.to))
            case .capture(let name, _) where name == "self" && capture?.heldAcrossLoop == true:
                // '[weak self]' then 'guard let self' before the loop: the task holds self while it loops.
                captured = Message.holdsSelfAcrossLoop(cycle.anchor.to, tail: tail)
            case .capture(let name, _) where name == "self" && program.selfKeptTypes.contains(cycle.anchor.to):
                // Started and dropped: this cycle is the object's only owner, so '[weak self]' would end it.
                captured = Message.capturesSoleOwner(cycle.anchor.to, tail: tail, storage: cycle.edges.last.map(storageName) ?? "",
                                                     isScreen: program.types.isScreenOrView(cycle.anchor.to))
            case .capture(let name, _) where name == "self":
                // In a protocol extension, `self` is the conforming class that closes the cycle.
                let type = capture.map { $0.type == cycle.anchor.to ? $0.type : "\(cycle.anchor.to), a \($0.type)" } ?? cycle.anchor.to
                captured = Message.capturesSelf(type, tail: tail, advice: Advice.captureWeakly(
                    closure, storedBy: cycle.edges.last, selfType: capture?.type ?? cycle.anchor.to, in: program))
                if let capture { fix = ClosureFix.weakSelf(closure, capture: capture, in: program) }
            case .capture(let name, _) where program.madeAndKeptOnlyByItsClosure(ref, local: name):
                // `let timer = TimerManager(…); timer.eventHandler = { … timer … }`: the cycle is the object's only
                // owner (a keep-alive), so a weak capture would free it at once.
                captured = Message.capturesMadeHere(name, type: cycle.anchor.to, tail: tail,
                                                    storage: cycle.edges.last.map(storageName) ?? "")
            case .capture(let name, _) where program.graph.nodes[cycle.anchor.to]?.kind == .closure:
                // A closure value (one a parameter was handed) cannot be weak: the object the closure it holds
                // captures is what to hold weakly, in that closure.
                guard let (inner, holder) = objectCapture(after: cycle, in: program) else { return nil }
                let returns = Advice.returnsValue(holder, storedBy: nil, in: program)
                let unwrap = program.language(of: holder.location.file) == .swift ? (returns ? "return …" : "return") : nil
                captured = Message.capturesClosure(
                    name, closure: program.graph.nodes[cycle.anchor.to]?.displayName ?? cycle.anchor.to, tail: tail,
                    inner: inner, holder: holder.location.shortDescription, unwrapExit: unwrap,
                    unwrap: { Advice.unwrap($0, in: program) })
            case .capture(let name, _) where laterValue != nil:
                // `var screen: Screen!` given its object after the closure: '[weak screen]' would capture nil.
                let (declared, assigned) = laterValue!
                captured = Message.capturesLaterValue(name, type: Program.capturedObject(cycle.anchor), tail: tail,
                                                      declared: declared.shortDescription, assigned: assigned.shortDescription)
            case .capture(let name, _) where cycle.anchor.capturesCollection:
                // An array is copied into the closure and cannot be captured weakly.
                captured = Message.capturesCollection(name, type: Program.capturedObject(cycle.anchor), tail: tail)
            case .capture(let name, _) where program.types[cycle.anchor.to]?.isValueType == true:
                // A struct is copied into the closure and cannot be captured weakly: the object the copy
                // reaches is what to hold weakly.
                guard case .property(_, let property, _) = cycle.edges[1 % cycle.edges.count].origin else { return nil }
                captured = Message.capturesValue(name, type: cycle.anchor.to, tail: tail, property: property)
            case .capture(let name, _):
                // Swift: the weakened local is optional inside, so the closure unwraps it first.
                let returns = Advice.returnsValue(closure, storedBy: cycle.edges.last, in: program)
                let unwrap = program.language(of: closure.location.file) == .swift ? (returns ? "return …" : "return") : nil
                captured = Message.capturesLocal(name, type: Program.capturedObject(cycle.anchor), tail: tail, unwrapExit: unwrap,
                                                 unboundProtocol: program.unboundProtocol(ofCaptured: name, in: ref),
                                                 unwrap: { Advice.unwrap($0, in: program) })
            default:
                return nil
            }
            let storage = cycle.edges.last.map { "\($0.from).\(storageName($0))" } ?? ""
            return finding(
                "closure \(CycleWording.storage(of: cycle)) \(captured)"
                    + CycleWording.moreSuffix(cycle),
                at: closure.location, subject: storage, cycle: cycle, in: program, fixes: [fix])
        }
    }

    private func storageName(_ edge: Edge) -> String {
        if case .closureStorage(let name, let call) = edge.origin {
            return call.isEmpty || call == AwaitedStreams.storageCall ? name : call
        }
        return ""
    }

    /// The first object (not a closure) a closure of the cycle captures after its anchor, with that closure.
    private func objectCapture(after cycle: Cycle, in program: Program) -> (String, ClosureFact)? {
        for edge in cycle.edges.dropFirst() {
            guard case .capture(let name, _) = edge.origin, program.graph.nodes[edge.to]?.kind != .closure,
                  let (_, closure) = program.closure(atNode: edge.from) else { continue }
            return (name, closure)
        }
        return nil
    }

    /// The first implicit member the closure uses (what a struct's copy is kept for).
    private func firstMember(_ closure: ClosureFact, _ capture: SelfCapture?) -> String? {
        guard let location = capture?.implicitMembers.first else { return nil }
        return closure.freeNames.first { $0.location == location }?.name
    }

    private enum Message {
        /// The member the closure uses, captured on its own (`example`): weakly when it holds an object,
        /// as a copy when it holds a value.
        static func copiesStruct(_ type: String, tail: String, example: String?, canBeClass: Bool) -> String {
            "holds a copy of 'self' (\(type), a struct) and with it everything '\(type)' owns\(tail); "
                + "capture only what it needs, weakly where it is an object\(example.map { " (for example '\($0)')" } ?? "")"
                + (canBeClass ? ", or make '\(type)' a class and capture '[weak self]'" : "")
        }

        static func capturesSelf(_ type: String, tail: String, advice: String) -> String {
            "captures 'self' (\(type)) strongly\(tail); " + advice
        }

        static func capturesSoleOwner(_ type: String, tail: String, storage: String, isScreen: Bool) -> String {
            "captures 'self' (\(type)) strongly\(tail); nothing else keeps '\(type)' ("
                + (isScreen ? "the code that makes it reads its properties, its view, and keeps it nowhere" : "it is started and dropped")
                + "), " + endsEarly(storage: storage)
        }

        /// A local its function makes and hands to nothing, kept only by this closure.
        static func capturesMadeHere(_ name: String, type: String, tail: String, storage: String) -> String {
            "captures '\(name)' (\(type)) strongly\(tail); nothing else keeps '\(name)' (it is made here and handed "
                + "to nothing), " + endsEarly(storage: storage)
        }

        private static func endsEarly(storage: String) -> String {
            "so a weak capture would end it early: let go of the closure when its work ends"
                + (storage.isEmpty ? "" : " (set '\(storage)' to nil)")
        }

        static func awaitsUnendingStream(_ type: String, stream: String, tail: String) -> String {
            "captures 'self' (\(type)) strongly\(tail); the task runs until '\(stream)' finishes, which no code "
                + "does, and a weak capture would not help (the awaited method keeps 'self' while it loops): keep the "
                + "task and cancel it when the work ends, or finish the stream"
        }

        static func holdsSelfAcrossLoop(_ type: String, tail: String) -> String {
            "re-binds 'self' (\(type)) strongly with 'guard let self' before its 'for await' loop, so it holds "
                + "'self' for as long as the loop runs\(tail); unwrap 'self' inside the loop, for each element, "
                + "or cancel the task when the work ends"
        }

        /// `name` holds a closure, which a capture list cannot weaken: `inner`, the object the held closure
        /// (at `holder`) captures, is what to capture weakly there.
        static func capturesClosure(_ name: String, closure: String, tail: String, inner: String, holder: String,
                                    unwrapExit: String?, unwrap: (String) -> String) -> String {
            "captures '\(name)' (the \(closure)) strongly\(tail); '\(name)' is a closure, which cannot be captured "
                + "weakly: capture '[weak \(inner)]' in the closure at \(holder)"
                + (unwrapExit.map { " and unwrap it first ('\(unwrap(inner)) { \($0) }')" } ?? "")
        }

        static func capturesLaterValue(_ name: String, type: String, tail: String, declared: String, assigned: String) -> String {
            "captures '\(name)' (\(type)) strongly\(tail); '\(name)' is given its object after the closure is made "
                + "(\(assigned)), so a capture list would hold its value then, nil: declare it 'weak var \(name)' at "
                + "\(declared), as long as something else keeps the object"
        }

        static func capturesCollection(_ name: String, type: String, tail: String) -> String {
            "captures '\(name)' (\(type)) strongly\(tail); '\(name)' is a collection, which cannot be captured weakly: "
                + "capture what the closure needs of its elements (weakly where they are objects), or let go of the closure "
                + "when its work ends"
        }

        static func capturesValue(_ name: String, type: String, tail: String, property: String) -> String {
            "captures '\(name)' (\(type)) strongly\(tail); '\(type)' is a value type, which a closure copies and "
                + "cannot capture weakly: capture what the closure needs of it instead, the object it keeps weakly "
                + "('[weak \(property) = \(name).\(property)]')"
        }

        /// `unwrapExit`: in Swift, how the closure leaves when the weakened local is gone (its uses inside
        /// would otherwise be optional where a value was).
        static func capturesLocal(_ name: String, type: String, tail: String, unwrapExit: String?,
                                  unboundProtocol: String? = nil, unwrap: (String) -> String) -> String {
            // `pair.0`: a tuple cannot be weak; its element can be captured on its own.
            let local = name.contains(".") ? "element" : name
            var advice = name.contains(".") ? "capture that element weakly on its own: '[weak element = \(name)]'" : "capture it weakly: '[weak \(name)]'"
            if let unboundProtocol, !name.contains(".") {
                advice = "'\(unboundProtocol)' is not class-bound, so '\(name)' cannot be captured weakly: make '\(unboundProtocol)' "
                    + "class-bound (': AnyObject'), then capture '[weak \(name)]'"
            }
            return "captures '\(name)' (\(type)) strongly\(tail); " + advice
                + (unwrapExit.map { " and unwrap it first ('\(unwrap(local)) { \($0) }')" } ?? "")
        }
    }
}

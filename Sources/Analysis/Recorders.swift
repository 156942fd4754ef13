import CoordLintCore

/// The recorders, in the order each observation reaches them. They are independent (each writes its
/// own part of `Recordings` and none changes evaluation), so the order only fixes the order of work;
/// it is written down so that a new recorder has one obvious place. A new kind of leak is one
/// recorder here, one rule in `Sources/Rules`, and rows in `KnowledgeTables`.
func standardRecorders(types: TypeIndex, callables: Callables, helpers: ChildHelpers) -> [any Recorder] {
    [
        // Values stored into properties: assignments, collection adds, `store(in:)`, arguments a
        // project initializer or method keeps. The ownership graph's property edges come from these.
        StoreRecorder(types: types, callables: callables),
        // UIKit containers keeping view controllers through a property (push, present, root).
        ContainerRecorder(),
        // Cells a view controller's own table or collection view hands out (the list keeps them).
        CellRecorder(types: types),
        // Closures handed to APIs that keep them (observers, timers, Combine) and timer targets.
        RegistrationRecorder(),
        // What each closure captures of the locals around it.
        ClosureEnvironmentRecorder(),
        // Closures capturing their function's parameters, and what calls pass to project parameters.
        CapturedParameterRecorder(types: types, callables: callables),
        // Tasks and the methods of self they call (a task awaiting a stream self keeps).
        AwaitingTaskRecorder(),
        // Adds to and removals from child-coordinator collections, directly or through helpers.
        ChildMutationRecorder(types: types, helpers: helpers),
        // Coordinators created and started in a function, and kept by nothing.
        UnretainedChildRecorder(types: types),
    ]
}

/// Closure environments, for the graph's capture edges of stored closures.
struct ClosureEnvironmentRecorder: Recorder {
    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        guard case .closure(let ref, let environment) = observation else { return }
        results.environments[ref] = environment
    }
}

/// Containers keeping view controllers: `nav.pushViewController(vc)`, `window.rootViewController = vc`.
struct ContainerRecorder: Recorder {
    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        switch observation {
        case .call(let call):
            guard !call.isProjectMethod, KnowledgeTables.containerCalls[call.call.name] != nil,
                  let first = call.arguments.first else { return }
            // `show(vc, sender: self)`: the receiver's stack or presentation keeps it, not the receiver.
            if KnowledgeTables.showCalls.contains(call.call.name), call.receiver.isSelf { return }
            keep(first, in: call.receiver, call: call.call.name, at: call.call.location, into: &results)
        case .assignment(let assignment):
            guard case .member(_, let name) = assignment.target, KnowledgeTables.containerProperties.contains(name),
                  let holder = assignment.targetBase else { return }
            keep(assignment.value, in: holder, call: name, at: assignment.location, into: &results)
        default:
            return
        }
    }

    private func keep(_ value: Value, in holder: Value, call: String, at location: SourceLocation,
                      into results: inout Recordings) {
        guard let root = holder.root else { return }
        for target in value.kept {
            results.containers.insert(ContainerOwnership(
                holder: root.holder, via: root.property ?? "", strength: root.strength, target: target, call: call,
                location: location))
        }
        // `nav.pushViewController(UIHostingController(rootView: Text(…).onAppear { … }))`: the stack keeps the
        // closures its controller keeps (a presentation ends with its dismissal: not those).
        guard root.strength == .strong, !KnowledgeTables.dismissalReleasedCalls.contains(call) else { return }
        let kept = KnowledgeTables.containerCallProperties[call] ?? call
        for carried in value.carriedClosures {
            if let property = root.property {
                results.opaqueClosures.insert(OpaqueObjectClosure(
                    holder: root.holder, property: property, member: "\(kept).\(carried.member)", closure: carried.closure,
                    methodReference: nil, location: location))
            } else {
                results.frameworkMemberClosures.insert(FrameworkMemberClosure(
                    holder: root.holder, member: "\(kept).\(carried.member)", closure: carried.closure, location: location))
            }
        }
    }
}

/// Closures and targets registered with framework APIs that keep them, with the property their
/// result (the timer, the token) is assigned to.
struct RegistrationRecorder: Recorder {
    private var pending: [CallExpression: ClosureRegistration] = [:]
    /// Locals bound to a registration's result (`let timer = Timer(…)`), by name.
    private var boundLocals: [String: CallExpression] = [:]

    mutating func begin(_ scope: FunctionScope) {
        pending = [:]
        boundLocals = [:]
    }

    mutating func end(_ scope: FunctionScope, into results: inout Recordings) {
        results.registrations.formUnion(pending.values)
        pending = [:]
        boundLocals = [:]
    }

    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        // `let timer = Timer(…)`, then `updateTimer = timer`: the property keeps that timer.
        if case .binding(let name, .call(let call)?, _, _) = observation, pending[call] != nil {
            boundLocals[name] = call
            return
        }
        if case .assignment(let assignment) = observation, let root = assignment.targetValue.root, let property = root.property {
            let call: CallExpression?
            switch assignment.expression {
            case .call(let made): call = made
            case .name(let local): call = boundLocals[local]
            default: call = nil
            }
            if let call, pending[call] != nil {
                pending[call]!.storedIn = property
                return
            }
        }
        guard case .call(let evaluated) = observation, case .closureAPI(let kind) = evaluated.target else { return }
        let call = evaluated.call
        var closure: ClosureRef?
        var targets: [String] = []
        var targetIsSelf = false
        var repeats: Bool?
        var selector: String?
        for (argument, value) in zip(call.arguments, evaluated.arguments) {
            if closure == nil, case .closure = argument.value { closure = value.closure }
            if argument.label == KnowledgeTables.timerTargetLabel {
                targets = value.types
                targetIsSelf = argument.value == .selfReference
            }
            if argument.label == KnowledgeTables.timerRepeatsLabel, case .boolean(let literal) = argument.value { repeats = literal }
            if argument.label == KnowledgeTables.timerSelectorLabel, case .call(let named) = argument.value, named.name == "#selector" {
                switch named.arguments.first?.value {
                case .name(let method)?, .member(_, let method)?: selector = method
                default: break
                }
            }
        }
        guard kind != .keptByResult || closure != nil else { return }
        pending[call] = (ClosureRegistration(
            kind: kind, call: call.name, closure: closure, targets: targets, targetIsSelf: targetIsSelf, selector: selector,
            repeats: repeats, location: call.location, owner: scope.owner, function: scope.signature))
    }
}

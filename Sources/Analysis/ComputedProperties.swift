import CoordLintCore

/// Stores through a computed property of `self` whose setter keeps its new value under a stored
/// property: `state.handler = { … }` with `var state: State { get { context.viewState } set {
/// context.viewState = newValue } }` is the context keeping the closure.
extension StoreRecorder {
    /// `state.contextMenuBuilder = handler` where `state` is a computed property of `self` whose setter
    /// stores its new value under a stored property (`set { context.viewState = newValue }`): the object
    /// that stored property keeps holds the closure (element-x's view models keep their state in a context).
    func recordThroughSetter(_ assignment: Assignment, member: String, in scope: FunctionScope,
                                     into results: inout Recordings) {
        guard assignment.op == "=", assignment.value.closure != nil || assignment.value.methodReference != nil,
              let owner = scope.owner, let stored = storageThroughSetter(assignment.target, in: scope) else { return }
        var reference = assignment.value.methodReference
        reference?.location = assignment.location
        results.opaqueClosures.insert(OpaqueObjectClosure(
            holder: owner, property: stored, member: member, closure: assignment.value.closure,
            methodReference: reference, location: assignment.location))
    }

    /// For `computed.member` on `self`, where `computed` is a computed property whose setter assigns its
    /// new value into a path under a strong stored property of `self`: that stored property.
    func storageThroughSetter(_ target: ValueExpression, in scope: FunctionScope) -> String? {
        guard let owner = scope.owner, !scope.isStatic else { return nil }
        let computed: String
        switch target {
        case .member(.name(let name), _) where scope.locals[name] == nil && scope.parameters[name] == nil: computed = name
        case .member(.member(.selfReference, let name), _): computed = name
        default: return nil
        }
        guard types.property(named: computed, of: owner) == nil else { return nil }
        for type in [owner] + types.family(of: owner).subtracting([owner]).sorted() {
            guard let setter = callables.candidates(of: type, kind: .accessor, name: computed).first?.function else { continue }
            let values = Set(setter.parameters.map(\.name))
            for event in setter.events where event.closure == nil {
                guard case .assignment(let path, "=", .name(let value)) = event.kind, values.contains(value),
                      let stored = Self.rootProperty(path), stored != computed,
                      types.property(named: stored, of: owner)?.property.ownership.retains == true else { continue }
                return stored
            }
            return nil
        }
        return nil
    }

    /// The stored property of `self` a path starts from: `context` in `context.viewState.x`.
    static func rootProperty(_ target: ValueExpression) -> String? {
        switch target {
        case .name(let name), .member(.selfReference, let name): return name
        case .member(let base, _), .subscriptAccess(let base): return rootProperty(base)
        default: return nil
        }
    }
}

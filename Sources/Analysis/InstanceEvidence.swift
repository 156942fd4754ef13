import CoordLintCore

/// Questions about which objects a cycle's references are, asked of what the code shows (the types' loop
/// closes, but does one object's?): an outlet a nib never connects, a local whose closure is its only owner,
/// two modules' types of one name, a struct copied before its property was set. (`joinsTwoObjects`, from the stores' own locals, is beside the setter
/// clearings it shares them with.)
extension Program {
    /// A cycle through an outlet of an object code makes (`private let keyboardDelegate = TimelineKeyboardDelegate()`):
    /// a nib connects the outlets of the objects it loads, so the object the holder made never has that
    /// outlet set by one (a storyboard's instance of the same class is another object). Not for an object
    /// that loads a nib of its own (a view controller made in code, an owner handed to `loadNibNamed`), nor
    /// when code also assigns the outlet.
    func throughOutletOfCodeMadeObject(_ cycle: Cycle) -> Bool {
        let edges = cycle.edges
        return edges.indices.contains { index in
            let outlet = edges[index]
            guard let declaration = outlet.declaration, declaration.isOutlet, outlet.assignment == declaration.location,
                  stores(of: outlet).allSatisfy({ $0.location == declaration.location }) else { return false }
            let holding = edges[(index + edges.count - 1) % edges.count]
            guard holding.to == outlet.from, case .property = holding.origin, !loadsOwnNib(outlet.from) else { return false }
            let made = stores(of: holding)
            let nibStore = holding.declaration.flatMap { $0.isOutlet ? $0.location : nil }
            return !made.isEmpty && made.allSatisfy { $0.isNewObject && $0.location != nibStore }
        }
    }

    /// A cycle through a copy of a struct `self` taken while its initializer was still computing the property the
    /// cycle leaves the struct through (`self.subscriptionModel = makeSubscriptionModel()`, whose closures copy
    /// `self` before that assignment): the copy holds what the property held then, never the object it is given.
    /// Only when every assignment of the property is in an initializer, of a call of the method that makes the
    /// closure, and that method is called nowhere else.
    func copiedBeforeAssignment(_ cycle: Cycle) -> Bool {
        let edges = cycle.edges
        return edges.indices.contains { index in
            let copy = edges[index], next = edges[(index + 1) % edges.count]
            guard case .valueCopy = copy.origin, types[copy.to]?.isValueType == true, next.from == copy.to,
                  case .property(_, let property, _) = next.origin, let (ref, _) = closure(atNode: copy.from),
                  let maker = enclosingFunction(of: ref), maker.kind == .method else { return false }
            let family = types.family(of: copy.to).union([copy.to])
            guard maker.owner.map(family.contains) == true else { return false }
            func callsMaker(_ call: CallExpression) -> Bool {
                call.name == maker.name && (call.base == nil || call.base == .selfReference)
            }
            var assignments = 0, calls = 0
            for ref in functions where ref.owner.map(family.contains) == true {
                for event in ref.function.events {
                    switch event.kind {
                    case .assignment(.name(property), _, let value), .assignment(.member(.selfReference, property), _, let value):
                        guard ref.function.kind == .initializer, event.closure == nil, case .call(let call) = value,
                              callsMaker(call) else { return false }
                        assignments += 1
                    case .call(let call) where callsMaker(call):
                        calls += 1
                    default:
                        break
                    }
                }
            }
            return assignments > 0 && calls == assignments
        }
    }

    /// An object made in code that still gets its outlets from a nib: a view controller (its own nib), or
    /// a type whose code loads a nib (as its owner, in practice).
    private func loadsOwnNib(_ type: String) -> Bool {
        let family = types.family(of: type).union([type])
        if family.contains(where: { KnowledgeTables.ownNibLoadingClasses.contains(Knowledge.simpleName($0)) }) { return true }
        return functions.contains { ref in
            guard let owner = ref.owner, family.contains(owner) else { return false }
            return ref.function.events.contains { event in
                if case .call(let call) = event.kind { KnowledgeTables.nibLoadingCalls.contains(call.name) } else { false }
            }
        }
    }

    /// The protocol a local the closure captures is declared with, when that protocol is the project's and not
    /// class-bound (`static func reply(_ delegate: ActionDelegate?)`): a capture list cannot weaken it.
    public func unboundProtocol(ofCaptured local: String, in ref: ClosureRef) -> String? {
        guard let function = enclosingFunction(of: ref) else { return nil }
        let written = function.parameters.first { $0.name == local }?.type ?? function.events.lazy.compactMap { event -> TypeReference? in
            if case .binding(local, let type?, _) = event.kind { return type }
            return nil
        }.first
        guard let written, written.container == TypeReference.Container.none,
              let resolved = types.resolve(written.name, from: function.owner), types[resolved]?.kind == .protocol,
              !types.isClassBound(protocol: resolved) else { return nil }
        return resolved
    }

    /// A local the closure captures that its function declares with no value before the closure and first gives
    /// one after it (`var screen: Screen!; let model = Model(onTap: { screen.show() }); screen = Screen(model)`):
    /// where it is declared and where it is given its object. A capture list would copy its value when the
    /// closure is made, nil.
    public func assignedAfterClosure(_ ref: ClosureRef, local: String) -> (declared: SourceLocation, assigned: SourceLocation)? {
        guard let function = enclosingFunction(of: ref) else { return nil }
        let made = closure(ref).location
        var declared: SourceLocation?
        for event in function.events where event.closure == nil {
            switch event.kind {
            case .binding(local, _, nil) where event.location < made:
                declared = event.location
            case .assignment(.name(local), "=", _):
                guard let declaration = declared else { return nil }
                return event.location > made ? (declaration, event.location) : nil
            default:
                break
            }
        }
        return nil
    }

    /// A local the closure's function makes (`let timer = TimerManager(…)`) and hands to nothing but calls of
    /// its own (`timer.eventHandler = { … timer.proceed() }; timer.resume()`): the closure it keeps is that
    /// object's only owner, so capturing it weakly would free it at once. What the closure itself does with it
    /// (`connectionHandler?(connection)` when the connection is ready) happens when it runs, and needs it alive
    /// until then.
    public func madeAndKeptOnlyByItsClosure(_ ref: ClosureRef, local: String) -> Bool {
        let closure = closure(ref)
        guard let function = enclosingFunction(of: ref) else { return false }
        func mentions(_ expression: ValueExpression) -> Bool { expression.mentions(local) }
        var made = false
        let closures = files[ref.file].closures
        for event in function.events {
            if let inner = event.closure, inner == ref.id || closures.isClosure(inner, within: ref.id) { continue }
            switch event.kind {
            case .binding(local, _, let value?):
                guard event.closure == closure.parent || event.closure == nil, case .call(let call) = value, call.base == nil,
                      types.resolve(call.name, from: function.owner) != nil else { return false }
                made = true
            case .binding(_, _, let value?):
                if mentions(value) { return false }
            case .assignment(let target, _, let value):
                // Stored into its own member (the closure, a setting) is no escape; stored anywhere else is.
                if mentions(value) { return false }
                if case .member(.name(local), _) = target { continue }
                if mentions(target) { return false }
            case .call(let call):
                // A call on it (`timer.resume()`) keeps nothing; handing it to one (`start(timer)`) may.
                if call.arguments.contains(where: { mentions($0.value) }) { return false }
            case .returned(let value):
                if mentions(value) { return false }
            default:
                break
            }
        }
        return made
    }

    /// A cycle through a type name two modules declare, or a property such a type declares, may join two types'
    /// references (the iOS app's `ViewController` and the macOS app's; `chart` of the Disk module's `ChartView`
    /// read as the chart kit's): unknown, unless the whole cycle is read in one file.
    func mixesTwoModules(_ cycle: Cycle) -> Bool {
        let ambiguous = types.ambiguousNames
        guard cycle.edges.contains(where: { edge in
            if case .property(let owner, _, _) = edge.origin, ambiguous.contains(owner) { return true }
            return ambiguous.contains(edge.from) || ambiguous.contains(edge.to)
        }) else { return false }
        return Set(cycle.edges.flatMap { [$0.location.file] + ($0.assignment.map { [$0.file] } ?? []) }).count > 1
    }
}

extension Program {
    /// Constructions bound to a local that its function only calls methods on (`let coordinator = Coordinator(…);
    /// coordinator.start()`): handed to nothing, captured by no closure, returned nowhere, as `Coordinator(…).start()`
    /// is. Whatever keeps the object afterwards is what it hands itself to. Not one whose call is awaited.
    static func droppedLocalConstructions(in files: [FileFacts], types: TypeIndex, callables: Callables)
        -> (dropped: Set<SourceLocation>, neverShown: Set<SourceLocation>) {
        var dropped: Set<SourceLocation> = []
        var neverShown: Set<SourceLocation> = []
        for file in files {
            let captured = Dictionary(grouping: file.closures, by: \.function).mapValues { Set($0.flatMap { $0.freeNames.map(\.name) }) }
            for (index, function) in file.functions.enumerated() {
                for event in function.events {
                    guard case .binding(let local, _, .call(let call)?) = event.kind, call.base == nil,
                          let type = types.resolve(call.name, from: function.owner),
                          captured[index]?.contains(local) != true else { continue }
                    // `local.name` is a method reference, which captures the local, when its class or a supertype
                    // declares a method so named.
                    let family = types.family(of: type).union([type])
                    let isMethod = { (name: String) in family.contains { callables.hasMethod(name, of: $0) } }
                    guard let use = uses(of: local, in: function, besides: event, isMethod: isMethod) else { continue }
                    dropped.insert(call.location)
                    if use == .membersRead { neverShown.insert(call.location) }
                }
            }
        }
        return (dropped, neverShown)
    }

    /// How a local made by a function is used when it is handed to nothing.
    private enum LocalUse {
        /// Its methods are called (`coordinator.start()`): one of them may hand it on (a screen presenting itself).
        case calledOn
        /// Only its properties are read (`let view = controller.view`): what they hold is handed on, never it.
        case membersRead
    }

    /// Every other event of `function` reads `local` only as the receiver of a call, or reads a property of it
    /// (not a method, whose reference would capture it); nil when it is handed on, stored, returned or awaited.
    private static func uses(of local: String, in function: FunctionFact, besides binding: BodyEvent,
                             isMethod: (String) -> Bool) -> LocalUse? {
        func readsProperty(_ value: ValueExpression?) -> Bool {
            guard case .member(let base, let name)? = value, !isMethod(name) else { return false }
            return base == .name(local) || readsProperty(base)
        }
        var use = LocalUse.membersRead
        for event in function.events {
            switch event.kind {
            case .binding(let name, _, let value):
                guard event == binding || (name != local && (value?.mentions(local) != true || readsProperty(value))) else { return nil }
            case .assignment(let target, _, let value):
                guard !value.mentions(local) && !target.mentions(local) else { return nil }
            case .call(let call):
                // `await registrator.attempt()`: the caller's frame keeps it until that call returns.
                guard !call.arguments.contains(where: { $0.value.mentions(local) && !readsProperty($0.value) }),
                      !(call.isAwaited && call.base?.mentions(local) == true) else { return nil }
                if call.base == .name(local) { use = .calledOn }
            case .returned(let value):
                guard !value.mentions(local) else { return nil }
            default:
                break
            }
        }
        return use
    }
}

extension ValueExpression {
    /// Whether the expression reads the local `local`: itself, or as the base of a member, call, cast or subscript.
    func mentions(_ local: String) -> Bool {
        switch self {
        case .name(let name): return name == local
        case .member(let base, _), .cast(let base, _), .inOut(let base), .subscriptAccess(let base), .enumPayload(let base, _, _):
            return base.mentions(local)
        case .call(let call): return (call.base?.mentions(local) ?? false) || call.arguments.contains { $0.value.mentions(local) }
        case .array(let elements), .tuple(let elements), .alternatives(let elements): return elements.contains { $0.mentions(local) }
        default: return false
        }
    }
}

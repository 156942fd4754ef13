import CoordLintCore

/// The project's functions by owner type, with what each stores of its parameters: computed once,
/// read by the evaluator (method references) and the store recorder (arguments kept by a callee).
struct Callables: Sendable {
    /// A class, filled in while the callables are built and read-only after: lookups hand out
    /// references (copying the struct retained each of its fields on every lookup).
    final class Callable: @unchecked Sendable {
        let function: FunctionFact
        /// For each parameter (by index), the properties of `self` the body assigns it to (`self.p = param`).
        var storedParameters: [[String]]
        /// For each parameter (by index), the properties of `self` that keep it through a closure the body
        /// stores there (`self.action = { row, sender in action?(row, sender) }`) or through the initializer
        /// it delegates to (`self.init(textFieldWithAction: action)`): kept by the object a call creates, so
        /// carried by that call's value rather than stored on the type (`storedParameters`).
        var carriedParameters: [[String]]
        /// For each parameter (by index), the properties of the object the function creates and returns
        /// that keep it (`func make(onTap:) -> Card { Card(onTap: onTap) }`: `Card.onTap`).
        var returnedStores: [[ReturnedStore]] = []
        /// Names a closure of the body binds (`namesBoundInClosures`), computed once.
        let boundInClosures: Set<String>

        init(function: FunctionFact, storedParameters: [[String]], boundInClosures: Set<String>) {
            self.function = function
            self.storedParameters = storedParameters
            self.carriedParameters = Array(repeating: [], count: function.parameters.count)
            self.boundInClosures = boundInClosures
        }

        /// The properties that keep parameter `index`, stored or carried.
        func keptParameter(_ index: Int) -> [String] { storedParameters[index] + carriedParameters[index] }
    }

    /// The owner the project's free functions are filed under (no type has an empty name).
    static let freeFunctions = ""

    /// A property of a returned object that keeps a parameter.
    struct ReturnedStore: Hashable, Sendable {
        var type: String
        var property: String
    }

    /// The functions of each owner by kind and base name (initializers under one key whatever their
    /// name), in declaration order: a call looks up its candidates, never scans its owner's functions.
    private struct Key: Hashable {
        var owner: String
        var kind: FunctionFact.Kind
        var name: String
        init(_ owner: String, _ kind: FunctionFact.Kind, _ name: String) {
            self.owner = owner
            self.kind = kind
            self.name = kind == .initializer ? "" : name
        }
    }
    private var byKey: [Key: [Callable]] = [:]
    /// Functions returning a publisher that completes after one value (by declaration location),
    /// filled in once by the program (`OneShotPublishers`).
    var oneShotPublisherFunctions: Set<SourceLocation> = []
    /// Closures kept by the framework object a function returns (by declaration location), filled in
    /// once by the program (`FrameworkObjects`).
    var returnedClosureFunctions: [SourceLocation: [CarriedClosure]] = [:]
    private var methodNames: [String: Set<String>] = [:]

    /// `Type.property` of every weak or unowned stored property: an argument stored there is not kept.
    private var weakFields: Set<String> = []
    /// `Type.property` of every computed property, with the stored properties its setter gives the new value
    /// (`set { _value = newValue as AnyObject }`): an argument assigned to it is kept only there.
    private var computedFields: [String: [String]] = [:]
    /// `Type.property` of every stored property declared with a project type that declares methods of its own
    /// (`let observerList = ObserverList<Observer>()`): `observerList.append(x)` is that type's method, whose
    /// body says what it keeps, never an array's.
    private var projectTypedFields: [String: String] = [:]

    /// The properties of `type` among these that keep what is stored in them (not weak or unowned), a computed
    /// one standing for the stored properties its setter assigns.
    private func strongly(_ properties: [String], of type: String) -> [String] {
        properties.flatMap { computedFields["\(type).\($0)"] ?? [$0] }.filter { !weakFields.contains("\(type).\($0)") }
    }

    /// `closures`: each file's closures (by `FunctionRef.file`), read for what the closures a body stores capture.
    init(functions: [FunctionRef], structs: Set<String> = [], weakFields: Set<String> = [], closures: [[ClosureFact]] = [],
         storedFields: Set<String> = [], projectTypedFields: [String: String] = [:]) {
        self.weakFields = weakFields
        self.projectTypedFields = projectTypedFields
        let ownMethods = Set(functions.compactMap { ref in
            ref.function.kind == .method ? ref.owner.map { "\($0).\(ref.function.name)" } : nil
        })
        for ref in functions where ref.function.kind == .accessor {
            guard let owner = ref.owner, !storedFields.contains("\(owner).\(ref.function.name)") else { continue }
            computedFields["\(owner).\(ref.function.name)"] = ref.function.events.compactMap { event in
                switch event.kind {
                case .assignment(let target, "=", .name("newValue")), .assignment(let target, "=", .cast(.name("newValue"), _)):
                    return Self.ownProperty(target, parameters: ["newValue"])
                default:
                    return nil
                }
            }
        }
        for ref in functions {
            guard let owner = ref.owner ?? (ref.function.kind == .free ? Self.freeFunctions : nil) else { continue }
            let function = ref.function
            var stored = Array(repeating: [String](), count: function.parameters.count)
            let parameterNames = Set(function.parameters.map(\.name))
            let rebound = Self.namesBoundInClosures(function)
            for (index, parameter) in function.parameters.enumerated() {
                for event in function.events where event.closure == nil || !rebound.contains(parameter.name) {
                    switch event.kind {
                    case .assignment(let target, "=", .name(parameter.name)):
                        if case .subscriptAccess = target { continue }  // kept too, but found with the wrapped stores
                        if let property = Self.ownProperty(target, parameters: parameterNames) { stored[index].append(property) }
                    // `rows.append(row)`: the parameter is kept in a collection property.
                    case .call(let call) where KnowledgeTables.collectionAdds.contains(call.name)
                        && call.arguments.first?.value == .name(parameter.name):
                        if let property = call.base.flatMap({ Self.ownProperty($0, parameters: parameterNames) }),
                           projectTypedFields["\(owner).\(property)"].map({ ownMethods.contains("\($0).\(call.name)") }) != true {
                            stored[index].append(property)
                        }
                    default:
                        break
                    }
                }
            }
            // A free function is called like a method of no type.
            let kind: FunctionFact.Kind = function.kind == .free ? .method : function.kind
            let callable = Callable(function: function, storedParameters: stored, boundInClosures: rebound)
            if ref.file < closures.count {
                callable.carriedParameters = Self.capturedInStoredClosures(function, closures: closures[ref.file], parameters: parameterNames)
            }
            byKey[Key(owner, kind, function.name), default: []].append(callable)
            if kind == .method { methodNames[owner, default: []].insert(function.name) }
        }
        // One order for both passes: what a pass adds to one function is read by the functions after it.
        let order = byKey.keys.sorted(by: { ($0.owner, $0.name) < ($1.owner, $1.name) })
        addDelegatedStores(order: order)
        addWrappedStores(structs: structs, order: order)
        addReturnedStores(structs: structs, order: order)
    }

    /// For each parameter, the properties of `self` that a closure the body assigns there captures it in
    /// (strongly, not re-bound by the closure): `self.action = { row, sender in toggled?(row, sender) }`.
    private static func capturedInStoredClosures(_ function: FunctionFact, closures: [ClosureFact],
                                                 parameters: Set<String>) -> [[String]] {
        var result = Array(repeating: [String](), count: function.parameters.count)
        for event in function.events where event.closure == nil {
            guard case .assignment(let target, "=", .closure(let id)) = event.kind, id >= 0, id < closures.count,
                  let property = ownProperty(target, parameters: parameters) else { continue }
            if case .subscriptAccess = target { continue }
            let closure = closures[id]
            // Names the closure (or one nested in it) binds itself: its parameters, its own `let`s.
            let bound = Set(function.events.compactMap { inner -> String? in
                guard let owner = inner.closure, closures.isClosure(owner, within: id),
                      case .binding(let name, _, _) = inner.kind else { return nil }
                return name
            })
            for (index, parameter) in function.parameters.enumerated()
            where closure.freeNames.contains(where: { $0.name == parameter.name }) && !bound.contains(parameter.name)
                && closure.captureList.first(where: { $0.name == parameter.name }).map({ $0.ownership == .strong }) ?? true
                && !result[index].contains(property) {
                result[index].append(property)
            }
        }
        return result
    }

    /// An initializer that delegates (`self.init(textFieldWithAction: action, …)`) keeps its parameter where
    /// the initializer it delegates to keeps that argument (stored or carried): carried, by the new object.
    private func addDelegatedStores(order: [Key]) {
        for key in order where key.kind == .initializer {
            for callable in byKey[key]! {
                let function = callable.function
                for event in function.events where event.closure == nil {
                    guard case .call(let call) = event.kind, call.name == "init", call.base == .selfReference else { continue }
                    let (matching, binding, _) = match(call, of: key.owner, kind: .initializer)
                    guard let matching, matching !== callable else { continue }
                    for (argumentIndex, argument) in call.arguments.enumerated() where argumentIndex < binding.count {
                        guard case .name(let name) = argument.value,
                              let index = function.parameters.firstIndex(where: { $0.name == name }) else { continue }
                        let bound = binding[argumentIndex]
                        let kept = strongly(matching.keptParameter(bound), of: key.owner)
                        for property in kept where !callable.carriedParameters[index].contains(property) {
                            callable.carriedParameters[index].append(property)
                        }
                    }
                }
            }
        }
    }

    /// Parameters kept by the object a function creates and returns, directly (`return Card(onTap: onTap)`,
    /// a single-expression body) or through a local (`let card = Card(onTap: onTap); …; return card`).
    private mutating func addReturnedStores(structs: Set<String>, order: [Key]) {
        for key in order {
            for (position, callable) in byKey[key]!.enumerated() {
                let function = callable.function
                var made: [String: CallExpression] = [:]
                var returned: [CallExpression] = []
                for event in function.events where event.closure == nil {
                    switch event.kind {
                    case .binding(let name, _, .call(let call)?): made[name] = call
                    case .returned(.call(let call)): returned.append(call)
                    case .returned(.name(let name)): if let call = made[name] { returned.append(call) }
                    default: continue
                    }
                }
                guard !returned.isEmpty else { continue }
                var stores = Array(repeating: [ReturnedStore](), count: function.parameters.count)
                for (index, parameter) in function.parameters.enumerated() {
                    for call in returned {
                        guard let (type, properties) = kept(call, parameter.name, structs: structs) else { continue }
                        for property in properties where !stores[index].contains(ReturnedStore(type: type, property: property)) {
                            stores[index].append(ReturnedStore(type: type, property: property))
                        }
                    }
                }
                byKey[key]![position].returnedStores = stores
            }
        }
    }

    /// Names a closure of the body binds (its parameters, its own `let`s). A parameter stored inside a
    /// closure (`lock.sync { appliers[token] = applier }`) is stored when it runs, unless a closure
    /// re-binds its name.
    static func namesBoundInClosures(_ function: FunctionFact) -> Set<String> {
        Set(function.events.compactMap { event -> String? in
            guard event.closure != nil, case .binding(let name, _, _) = event.kind else { return nil }
            return name
        })
    }

    /// Parameters kept through an object the body creates and keeps: `map[key] = Wrapper(block: block)`,
    /// `items.append(Item(action: action))`, `self.entry = Entry(handler: handler)` — when the created
    /// type's initializer keeps that argument (or it is a struct's memberwise initializer). A subscript
    /// assignment into a property (`map[key] = block`) keeps the value too.
    private mutating func addWrappedStores(structs: Set<String>, order: [Key]) {
        for key in order {
            for (position, callable) in byKey[key]!.enumerated() {
                let function = callable.function
                let parameterNames = Set(function.parameters.map(\.name))
                func ownProperty(_ target: ValueExpression) -> String? { Self.ownProperty(target, parameters: parameterNames) }
                // `observers[id] = block; return Cancellable { self.observers[id] = nil }`: a registration
                // that hands back its own undo (a closure of the body) is released when the caller cancels
                // it. A clearing in the body itself (`guard let c else { root = nil; return }`) is another
                // branch, no undo.
                func undoes(_ property: String) -> Bool {
                    function.events.contains { event in
                        guard event.closure != nil else { return false }
                        switch event.kind {
                        case .assignment(let target, "=", .nilLiteral): return ownProperty(target) == property
                        case .call(let call): return call.base.flatMap(ownProperty) == property
                            && KnowledgeTables.collectionRemoves.contains(call.name)
                        default: return false
                        }
                    }
                }
                let rebound = callable.boundInClosures
                let locals = Set(function.events.compactMap { event -> String? in
                    guard event.closure == nil, case .binding(let name, _, _) = event.kind, !parameterNames.contains(name) else { return nil }
                    return name
                })
                for (index, parameter) in function.parameters.enumerated() {
                    var added: [String] = []
                    // The parameter, and locals of the body holding an object that keeps it (`let row =
                    // Row(action: action)`, `rows.append(Row(action: action))`).
                    var holders: Set<String> = [parameter.name]
                    for event in function.events where event.closure == nil || !rebound.contains(parameter.name) {
                        switch event.kind {
                        case .binding(let name, _, .call(let made)?) where event.closure == nil && locals.contains(name):
                            if keeps(made, parameter.name, structs: structs) { holders.insert(name) }
                        case .assignment(let target, "=", let value):
                            guard let property = ownProperty(target) else { continue }
                            if case .subscriptAccess = target, value == .name(parameter.name) { added.append(property) }
                            if case .call(let call) = value, keeps(call, parameter.name, structs: structs) { added.append(property) }
                            if case .name(let local) = value, local != parameter.name, holders.contains(local) { added.append(property) }
                        // `observerList.append(observer)` on a property of a project type that declares `append`:
                        // kept there when that method keeps its argument.
                        case .call(let call) where KnowledgeTables.collectionAdds.contains(call.name)
                            && call.base.flatMap(ownProperty).flatMap({ projectTypedFields["\(key.owner).\($0)"] }) != nil:
                            guard let property = call.base.flatMap(ownProperty),
                                  let type = projectTypedFields["\(key.owner).\(property)"] else { continue }
                            let (matching, binding, _) = match(call, of: type, kind: .method)
                            guard let matching else { continue }
                            for (argumentIndex, argument) in call.arguments.enumerated() where argumentIndex < binding.count
                                && argument.value == .name(parameter.name)
                                && !strongly(matching.keptParameter(binding[argumentIndex]), of: type).isEmpty {
                                added.append(property)
                            }
                        case .call(let call) where KnowledgeTables.collectionAdds.contains(call.name)
                            && call.base != nil && call.base != .selfReference:
                            guard let base = call.base, let first = call.arguments.first?.value else { continue }
                            let holdsParameter: Bool
                            switch first {
                            case .call(let made): holdsParameter = keeps(made, parameter.name, structs: structs)
                            case .name(let local): holdsParameter = local != parameter.name && holders.contains(local)
                            default: holdsParameter = false
                            }
                            guard holdsParameter else { continue }
                            if case .name(let local) = base, event.closure == nil, locals.contains(local) {
                                holders.insert(local)
                            } else if let property = ownProperty(base) {
                                added.append(property)
                            }
                        // `add(rows: group)`, `insert(row: row, at: 0)`: a method of the type's own that keeps
                        // its argument keeps what the argument holds.
                        case .call(let call) where call.base == nil || call.base == .selfReference:
                            let (matching, binding, _) = match(call, of: key.owner, kind: .method)
                            guard let matching, matching !== callable else { continue }
                            for (argumentIndex, argument) in call.arguments.enumerated() where argumentIndex < binding.count {
                                guard case .name(let name) = argument.value, holders.contains(name) else { continue }
                                added += strongly(matching.storedParameters[binding[argumentIndex]], of: key.owner)
                            }
                        default:
                            continue
                        }
                    }
                    for property in added where !byKey[key]![position].storedParameters[index].contains(property)
                        && !undoes(property) {
                        byKey[key]![position].storedParameters[index].append(property)
                    }
                }
            }
        }
    }

    /// The property of `self` an expression names (`p`, `self.p`, `p[key]`), never a parameter.
    private static func ownProperty(_ target: ValueExpression, parameters: Set<String>) -> String? {
        switch target {
        case .member(.selfReference, let property), .subscriptAccess(.member(.selfReference, let property)):
            return property
        case .name(let property), .subscriptAccess(.name(let property)):
            return parameters.contains(property) ? nil : property
        default:
            return nil
        }
    }

    /// Whether `T(…, label: name, …)` creates an object that keeps the argument `name`.
    private func keeps(_ call: CallExpression, _ name: String, structs: Set<String>) -> Bool {
        kept(call, name, structs: structs).map { !$0.properties.isEmpty } ?? false
    }

    /// The type `T(…, label: name, …)` creates and its properties that keep the argument `name`.
    private func kept(_ call: CallExpression, _ name: String, structs: Set<String>) -> (type: String, properties: [String])? {
        guard let type = FrameworkObjects.constructedType(call), let index = call.arguments.firstIndex(where: { $0.value == .name(name) }) else { return nil }
        let (matching, binding, candidates) = match(call, of: type, kind: .initializer)
        // `Observer(observer: observer, block: block)` into a `weak var observer`: not kept.
        if let matching, index < binding.count {
            return (type, strongly(matching.keptParameter(binding[index]), of: type))
        }
        guard candidates == 0, structs.contains(type), let label = call.arguments[index].label,
              !weakFields.contains("\(type).\(label)") else { return nil }
        return (type, [label])
    }

    /// The method a call on `owner` resolves to by base name: `owner`'s own, else the first of its
    /// family (superclasses, then protocols and their extensions) that declares one.
    func method(_ name: String, on owner: String, family: Set<String>) -> FunctionFact? {
        for type in [owner] + family.subtracting([owner]).sorted() {
            if let callable = byKey[Key(type, .method, name)]?.first {
                return callable.function
            }
        }
        return nil
    }

    /// Whether `owner` declares a method with this base name.
    func hasMethod(_ name: String, of owner: String) -> Bool {
        methodNames[owner]?.contains(name) == true
    }

    /// Whether `owner` declares a computed property (or a stored one with observers) of that name.
    func hasAccessor(_ name: String, of owner: String) -> Bool {
        byKey[Key(owner, .accessor, name)] != nil
    }

    /// The functions of `owner` a call with these labels may be: initializers, or methods of that name.
    func candidates(of owner: String, kind: FunctionFact.Kind, name: String) -> [Callable] {
        byKey[Key(owner, kind, name)] ?? []
    }

    /// The method a call on `owner` resolves to, by its arguments: `owner`'s own, else the first of its
    /// family that declares one; nil when none does or the first that does has several that accept it.
    private func resolvedMethod(_ call: CallExpression, on owner: String, family: Set<String>) -> Callable? {
        resolvedMethodBinding(call, on: owner, family: family)?.callable
    }

    /// The same, with the parameter each argument binds to.
    func resolvedMethodBinding(_ call: CallExpression, on owner: String, family: Set<String>)
        -> (callable: Callable, binding: [Int])? {
        for type in [owner] + family.subtracting([owner]).sorted() {
            let (callable, binding, candidates) = match(call, of: type, kind: .method)
            if let callable { return (callable, binding) }
            if candidates > 0 { return nil }
        }
        return nil
    }

    /// Whether the method a call on `owner` resolves to (its own or its family's) returns a one-shot publisher.
    func returnsOneShotPublisher(_ call: CallExpression, on owner: String, family: Set<String>) -> Bool {
        resolvedMethod(call, on: owner, family: family).map { oneShotPublisherFunctions.contains($0.function.location) } ?? false
    }

    /// What every `return` of the method a call resolves to makes, when each one that is not `nil` is a new
    /// object of `type` (a construction, or a local bound once to one) and one of them is: where those objects are
    /// made, whether the method may return `nil`, and whether it is static or free (its sites then are instance
    /// evidence: `ViewControllerFactory.ribbonWith(viewController:)` returning `RibbonViewController(…)`).
    func returnedConstructions(_ call: CallExpression, on owner: String, family: Set<String>, type: String,
                               types: TypeIndex) -> (sites: [SourceLocation], returnsNil: Bool, isShared: Bool)? {
        guard let function = resolvedMethod(call, on: owner, family: family)?.function else { return nil }
        func site(_ expression: ValueExpression, depth: Int = 0) -> SourceLocation? {
            switch expression {
            case .call(let made) where made.base == nil:
                return types.resolve(made.name, from: function.owner) == type ? made.location : nil
            case .name(let local) where depth == 0:
                return function.soleBinding(of: local, inClosure: nil).flatMap { site($0, depth: 1) }
            default:
                return nil
            }
        }
        let returned = function.returnedExpressions(inClosure: nil)
        let objects = returned.filter { $0 != .nilLiteral }
        guard !objects.isEmpty else { return nil }
        var sites: [SourceLocation] = []
        for expression in objects {
            guard let made = site(expression) else { return nil }
            sites.append(made)
        }
        return (sites.uniqued(), objects.count < returned.count, function.isStatic || function.kind == .free)
    }

    /// The closures a project initializer's new object keeps of its arguments (`carriedParameters`),
    /// under the property that keeps each: the argument's closure and what the argument carries.
    func carriedArguments(_ call: CallExpression, of type: String, arguments: [Value]) -> [CarriedClosure] {
        let (matching, binding, _) = match(call, of: type, kind: .initializer)
        guard let matching else { return [] }
        return Self.carried(arguments, binding: binding) { matching.carriedParameters[$0] }
    }

    /// The closures an object of exactly type `exact` keeps of a method call's arguments, under the property
    /// that keeps each (stored or carried): the argument's closure and what the argument carries.
    func carriedArguments(_ call: CallExpression, onExact exact: String, family: Set<String>, arguments: [Value]) -> [CarriedClosure] {
        guard let (matching, binding) = resolvedMethodBinding(call, on: exact, family: family) else { return [] }
        return Self.carried(arguments, binding: binding) { matching.keptParameter($0).uniqued() }
    }

    /// Each argument's closure and carried closures under every property `keeping` names for its parameter.
    private static func carried(_ arguments: [Value], binding: [Int], keeping: (Int) -> [String]) -> [CarriedClosure] {
        var result: [CarriedClosure] = []
        for (index, value) in arguments.enumerated() where index < binding.count {
            for property in keeping(binding[index]) {
                if let closure = value.closure { result.append(CarriedClosure(member: property, closure: closure)) }
                result += value.carriedClosures.map { $0.under(property) }
            }
        }
        return result.uniqued()
    }

    /// The closures kept by what the method a call resolves to returns, on each receiver type.
    func returnedClosures(_ call: CallExpression, on receivers: [String], types: TypeIndex) -> [CarriedClosure] {
        let carried = receivers.flatMap { owner in
            resolvedMethod(call, on: owner, family: types.family(of: owner))
                .flatMap { returnedClosureFunctions[$0.function.location] } ?? []
        }
        return carried.uniqued()
    }

    /// The one candidate whose parameters accept the call's arguments, with the parameter each
    /// argument binds to; nil when none or several accept them ("unknown" rather than a guess).
    func match(_ call: CallExpression, of owner: String, kind: FunctionFact.Kind)
        -> (callable: Callable?, binding: [Int], candidates: Int) {
        let candidates = candidates(of: owner, kind: kind, name: call.name)
        // `enqueue(_:mapper:)` returning a publisher beside an `async` one of the same labels: a call written
        // without `await` is the first.
        let bound = candidates.compactMap { candidate in
            call.isAwaited || !candidate.function.isAsync
                ? Self.bind(call.arguments, to: candidate.function.parameters).map { (candidate, $0) } : nil
        }
        guard bound.count == 1, let (callable, binding) = bound.first else { return (nil, [], candidates.count) }
        return (callable, binding, candidates.count)
    }

    /// Swift's argument matching: each argument binds to the next parameter with its label, skipping
    /// parameters that have a default value; an unlabelled trailing closure binds to the next parameter
    /// without a default (or the last one); a variadic parameter takes the unlabelled arguments after
    /// its own. Parameters left over must have defaults. Returns the parameter index of each argument.
    static func bind(_ arguments: [CallArgument], to parameters: [ParameterFact]) -> [Int]? {
        var binding: [Int] = []
        var next = 0
        for argument in arguments {
            if let last = binding.last, parameters[last].isVariadic, argument.label == nil, !argument.isTrailingClosure {
                binding.append(last)
                continue
            }
            var found: Int?
            while next < parameters.count {
                let parameter = parameters[next]
                let accepts = argument.isTrailingClosure
                    ? (!parameter.hasDefault || next == parameters.count - 1)
                    : parameter.label == argument.label
                if accepts { found = next; break }
                guard parameter.hasDefault || parameter.isVariadic else { return nil }
                next += 1
            }
            guard let found else { return nil }
            binding.append(found)
            next = found + 1
        }
        guard parameters[min(next, parameters.count)...].allSatisfy({ $0.hasDefault || $0.isVariadic }) else { return nil }
        return binding
    }
}

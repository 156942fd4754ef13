import CoordLintCore
import Foundation

/// Follows each function body in order and turns every expression into a `Value` exactly once
/// (calls are remembered by expression, so a call nested in an assignment is not evaluated again
/// at its own event). It keeps the abstract state of the body — locals, what local containers hold —
/// and hands each evaluated step to the recorders, in their order. It decides nothing about leaks.
struct Evaluator {
    let types: TypeIndex
    let callables: Callables
    let closures: @Sendable (ClosureRef) -> ClosureFact
    private(set) var recorders: [any Recorder]
    private(set) var results = Recordings()

    private(set) var scope = FunctionScope(owner: nil, file: 0, signature: "", parameters: [:], locals: [:])
    private(set) var evaluatedCalls = EvaluatedCalls()
    /// The current function, for closures invoked where they are written (`InvokedClosures`).
    /// A reference, not a copy: copying a function's facts retains each of their fields.
    private(set) var current: FunctionRef?

    init(types: TypeIndex, callables: Callables, recorders: [any Recorder],
         closures: @escaping @Sendable (ClosureRef) -> ClosureFact) {
        self.types = types
        self.callables = callables
        self.recorders = recorders
        self.closures = closures
    }

    var knowledge: Knowledge { types.knowledge }

    // MARK: Functions

    /// Whether an event in closure `inner` (nil: the function's own body) is inside closure `outer`.
    private func isWithin(_ inner: Int?, _ outer: Int, file: Int) -> Bool {
        var current = inner
        while let id = current {
            if id == outer { return true }
            current = closures(ClosureRef(file: file, id: id)).parent
        }
        return false
    }

    /// Whether closure `inner` (nil: the function's own body) and every closure around it are invoked
    /// where they are written.
    private func isInPlace(_ inner: Int?, file: Int) -> Bool {
        var current = inner
        while let id = current {
            let closure = closures(ClosureRef(file: file, id: id))
            if !closure.isImmediatelyInvoked { return false }
            current = closure.parent
        }
        return true
    }

    mutating func run(_ ref: FunctionRef) {
        scope = FunctionScope(owner: ref.owner, file: ref.file, signature: ref.function.signature, parameters: [:], locals: [:])
        scope.location = ref.function.location
        scope.kind = ref.function.kind
        scope.isStatic = ref.function.isStatic
        scope.selfConstraints = ref.function.selfConstraints
        for parameter in ref.function.parameters { scope.parameters[parameter.name] = parameter }
        for parameter in ref.function.genericParameters { scope.genericParameters[parameter.name] = .some(parameter.constraint) }
        let returnedLocals = Self.localsTypedByReturn(ref.function)
        evaluatedCalls = EvaluatedCalls()
        current = ref
        for index in recorders.indices { recorders[index].begin(scope) }
        // Names a closure binds (its parameters, its own `let`s) go out of scope where it ends.
        var shadowed: [(closure: Int, name: String, previous: Value?)] = []
        // `actions.forEach { $0.handler = … }`: the closure's parameter is each element of the receiver.
        let forEachReceivers = Self.forEachReceivers(ref.function)
        // `dictionary.forEach { key, value in … }`: two parameters, the first a key, never an element.
        let pairClosures = Set(forEachReceivers.keys.filter { Self.leadingParameterCount(of: $0, in: ref.function) > 1 })
        var elements: [Int: Value] = [:]
        for event in ref.function.events {
            while let last = shadowed.last, !isWithin(event.closure, last.closure, file: ref.file) {
                scope.locals[last.name] = last.previous
                shadowed.removeLast()
            }
            if let id = event.closure, elements[id] == nil, let receiver = forEachReceivers[id] {
                let element = elementValue(evaluate(receiver), isOwnProperty: isOwnProperty(receiver))
                elements[id] = element
                shadowed.append((id, "$0", scope.locals["$0"]))
                scope.locals["$0"] = element
            }
            scope.closure = event.closure
            scope.runsInPlace = isInPlace(event.closure, file: ref.file)
            switch event.kind {
            case .binding(let name, let type, var expression):
                if let call = expression.flatMap(Self.implicitInit), let type { expression = Self.constructing(call, as: type) ?? expression }
                var value = expression.map { evaluate($0) } ?? Value()
                if value.types.isEmpty, let type = type ?? (event.closure == nil ? returnedLocals[name] : nil),
                   let resolved = resolveType(type.name) {
                    value.types = [resolved]
                }
                if let type, type.container != .none { value.isCollection = true }
                if name == "self" { continue }
                // The forEach closure's own parameter (`action in`): the element, as `$0` is.
                if expression == nil, type == nil, let id = event.closure, let element = elements[id], !pairClosures.contains(id),
                   ref.function.events.first(where: { $0.closure == id })?.kind == event.kind {
                    value = element
                }
                // `if let core` unwraps a variable of that name; a method is never optional.
                if case .name(name)? = expression { value.methodReference = nil }
                var constructed = false
                if case .call(let call)? = expression { constructed = Self.isConstruction(call, isLocal: scope.isLocal) }
                notify(.binding(name: name, expression: expression, value: value, constructed: constructed))
                value.localName = name
                value.exactType = nil
                if constructed, case .call(let call)? = expression, call.base == nil, value.types.count == 1 {
                    value.exactType = value.types[0]
                }
                switch expression {
                case .name?, .member(.selfReference, _)?:
                    if let root = value.root, root.property != nil { value.unwrapped = root }
                default: break
                }
                value.root = nil
                if let closure = event.closure { shadowed.append((closure, name, scope.locals[name])) }
                scope.locals[name] = value
            case .assignment(let target, let op, let expression):
                guard op == "=" || op == "+=" else { continue }
                assign(target, op: op, expression: expression, at: event.valueLocation ?? event.location)
            case .call(let call):
                _ = evaluateCall(call)
            case .returned(let expression):
                _ = evaluate(expression)
                notify(.returned(expression))
            }
        }
        for index in recorders.indices { recorders[index].end(scope, into: &results) }
    }

    /// `[T alloc]`, the receiver of an Objective-C `init…`.
    static func isAllocation(_ base: ValueExpression) -> Bool {
        if case .call(let allocation) = base { return allocation.name == "alloc" }
        return false
    }

    /// The closures handed to `forEach` on a local or a property (`actions.forEach { … }`), by the receiver
    /// written: evaluated where the closure begins, never a call evaluated twice.
    static func forEachReceivers(_ function: FunctionFact) -> [Int: ValueExpression] {
        var result: [Int: ValueExpression] = [:]
        for event in function.events {
            guard case .call(let call) = event.kind, call.name == "forEach", let base = call.base, isPlainReference(base),
                  call.arguments.count == 1, case .closure(let id) = call.arguments[0].value else { continue }
            result[id] = base
        }
        return result
    }

    /// The names a closure binds before anything else it does: its parameters (the frontend lists them first).
    static func leadingParameterCount(of closure: Int, in function: FunctionFact) -> Int {
        var count = 0
        for event in function.events where event.closure == closure {
            guard case .binding(_, nil, nil) = event.kind else { break }
            count += 1
        }
        return count
    }

    private static func isPlainReference(_ expression: ValueExpression) -> Bool {
        switch expression {
        case .name, .selfReference: return true
        case .member(let base, _): return isPlainReference(base)
        default: return false
        }
    }

    /// Each element of a collection value (a local or property declared `[T]` has `T`'s types): the same
    /// objects, none of the collection's own standing (no local, no root), and only types that do not
    /// declare a `forEach` of their own (a project sequence whose elements are something else). The
    /// elements of a property of `self` as written say which property they are in (`elementOf`).
    private func elementValue(_ collection: Value, isOwnProperty: Bool) -> Value {
        var element = Value(types: collection.types.filter { type in
            !([type] + types.family(of: type)).contains { callables.hasMethod("forEach", of: $0) }
        })
        if isOwnProperty, collection.isCollection, collection.root?.property != nil { element.elementOf = collection.root }
        return element
    }

    /// `cancellables`, `self.cancellables`: a property of `self` as written, not a local or parameter (`getAllTasks
    /// { tasks in tasks.forEach { $0.cancel() } }` cancels the session's tasks, no property's).
    private func isOwnProperty(_ expression: ValueExpression) -> Bool {
        switch expression {
        case .name(let name): scope.locals[name] == nil && scope.parameters[name] == nil
        case .member(.selfReference, _): true
        default: false
        }
    }

    /// `dataSource = .init(tableView: t) { … }`, `let source: T = .init(…)`: an implicit `.init` builds the
    /// type the context declares (the target's written type, optional or not), so it reads as `T(…)` does.
    /// nil for a target whose type is a container or a function (the call is left as written).
    static func constructing(_ call: CallExpression, as type: TypeReference) -> ValueExpression? {
        guard type.container == .none, !type.isFunction, !type.name.isEmpty else { return nil }
        return .call(CallExpression(base: nil, name: type.name, arguments: call.arguments, location: call.location))
    }

    /// `.init(…)` written with a leading dot.
    static func implicitInit(_ expression: ValueExpression) -> CallExpression? {
        guard case .call(let call) = expression, call.isImplicitMember, call.name == "init" else { return nil }
        return call
    }

    /// The written type of a property an assignment stores into: `self`'s (`dataSource`, `self.dataSource`)
    /// or a local's (`controller.dataSource`), read from the declarations without evaluating anything.
    private func declaredType(of target: ValueExpression) -> TypeReference? {
        let holders: [String]
        let member: String
        switch target {
        case .name(let name) where scope.locals[name] == nil && scope.parameters[name] == nil:
            holders = scope.owner.map { [$0] } ?? []
            member = name
        case .member(.selfReference, let name):
            holders = scope.owner.map { [$0] } ?? []
            member = name
        case .member(.name(let local), let name):
            holders = scope.locals[local]?.types ?? []
            member = name
        default:
            return nil
        }
        guard holders.count == 1 else { return nil }
        return types.property(named: member, of: holders[0])?.property.type
    }

    private mutating func notify(_ observation: Observation) {
        for index in recorders.indices { recorders[index].record(observation, in: scope, into: &results) }
    }

    private mutating func assign(_ target: ValueExpression, op: String, expression: ValueExpression,
                                 at location: SourceLocation) {
        var expression = expression
        if op == "=", let call = Self.implicitInit(expression), let type = declaredType(of: target) {
            expression = Self.constructing(call, as: type) ?? expression
        }
        let value = evaluate(expression)
        var targetBase: Value?
        let targetValue: Value
        switch target {
        case .member(let base, let name):
            let base = evaluate(base)
            targetBase = base
            targetValue = member(name, of: base) ?? Value()
        case .subscriptAccess(let base):
            targetBase = evaluate(base)
            targetValue = Value(types: targetBase!.types)
        default:
            targetValue = evaluate(target)
        }
        notify(.assignment(Assignment(target: target, op: op, expression: expression, value: value,
                                      targetValue: targetValue, targetBase: targetBase, location: location)))
        // `self.window = window`: the local is now that property (what it is given later, the property keeps).
        // A parameter never changes, so `self.context = context` makes it that property's object for the rest
        // of the body and its closures (`context.handler = f` there is the property's object keeping `f`).
        if op == "=", case .name(let local) = expression, scope.locals[local] != nil || scope.parameters[local] != nil,
           scope.locals[local]?.root == nil,
           let root = targetValue.root, let property = root.property, targetBase?.isSelf ?? true,
           types.property(named: property, of: root.holder)?.property.type?.container == TypeReference.Container.none {
            if scope.locals[local] == nil { scope.locals[local] = value }
            scope.locals[local]!.root = root
        }
        if case .name(let name) = target, scope.locals[name] != nil, op == "=" {
            var local = value
            local.localName = name
            local.root = nil
            scope.locals[name] = local
        }
        // `configuration.userContentController = controller` on a local framework object: it keeps what the
        // value keeps (not through a delegate or data source).
        if op == "=", case .member(.name(let local), let member) = target, scope.locals[local]?.types.isEmpty == true,
           !KnowledgeTables.isWeakFrameworkMember(member) {
            scope.locals[local]!.retainedObjects += value.retainedObjects
            // Under the member (`row.presentationMode = .show(…)`: 'presentationMode.onDismiss').
            scope.locals[local]!.carriedClosures += value.carriedClosures.map { $0.under(member) }
        }
        if case .member(_, let name) = target, KnowledgeTables.containerProperties.contains(name), let targetBase {
            fill(targetBase, with: value)
        }
    }

    /// Names not yet locals of the scope, made locals of unknown value (a closure's own locals, read where it is
    /// invoked): the names masked, for `unmask`.
    mutating func mask(_ names: [String]) -> [String] {
        let masked = names.filter { scope.locals[$0] == nil }
        for name in masked { scope.locals[name] = Value() }
        return masked
    }

    mutating func unmask(_ names: [String]) {
        for name in names { scope.locals[name] = nil }
    }

    /// A local container (`let nav = UINavigationController()`) now also holds what it was given.
    private mutating func fill(_ container: Value, with value: Value) {
        guard let local = container.localName, scope.locals[local] != nil, !value.kept.isEmpty else { return }
        scope.locals[local]!.contents += value.kept
        for type in value.kept { scope.locals[local]!.contentSites[type] = nil }
    }

    var selfValue: Value {
        guard let owner = scope.owner, !scope.isStatic else { return Value() }
        return Value(types: [owner], root: .init(holder: owner, property: nil, strength: .strong))
    }

    /// The receiver of a bare call: `self`, or in a static member the type itself (`configure(...)`
    /// in a static function is `Section.configure(...)`), no instance.
    private var implicitReceiver: Value {
        guard scope.isStatic, let owner = scope.owner else { return selfValue }
        return Value(types: [owner])
    }

    /// A written type name where the function is: its own generic parameters first (`Output` is what
    /// it is constrained to), then the owner's scope.
    private func resolveType(_ written: String) -> String? {
        if let constraint = scope.genericParameters[written] {
            return constraint.flatMap { $0 == written ? nil : types.resolve($0, from: scope.owner) }
        }
        return types.resolve(written, from: scope.owner)
    }

    /// `let output = transition.closure(self)(input); …; return output` in a function returning its
    /// generic parameter `Output`: whatever the value, the return makes `output` an `Output` (nothing
    /// else converts to a generic parameter). The function's own locals so returned, by the type.
    static func localsTypedByReturn(_ function: FunctionFact) -> [String: TypeReference] {
        guard let returned = function.returnType, returned.container == .none, !returned.isFunction,
              function.genericParameters.contains(where: { $0.name == returned.name }) else { return [:] }
        var locals: [String: TypeReference] = [:]
        for case .name(let name) in function.returnedExpressions(inClosure: nil) {
            locals[name] = TypeReference(name: returned.name)
        }
        return locals
    }

    // MARK: Expressions

    mutating func evaluate(_ expression: ValueExpression) -> Value {
        switch expression {
        case .selfReference:
            return selfValue
        case .name(let name):
            if let local = scope.locals[name] { return local }
            if let parameter = scope.parameters[name] {
                var value = Value(localName: name)
                if let type = parameter.type, let resolved = resolveType(type.name) {
                    value.types = [resolved]
                }
                return value
            }
            if scope.owner != nil, let member = member(name, of: selfValue, implicit: true) { return member }
            if let resolved = types.resolve(name, from: scope.owner) { return Value(types: [resolved]) }
            return Value()
        case .member(let base, let name):
            let value = evaluate(base)
            // `pair.0`: the tuple's element.
            if let position = Int(name), value.elements.indices.contains(position) { return value.elements[position] }
            return member(name, of: value) ?? Value()
        case .call(let call):
            return evaluateCall(call)
        case .cast(let inner, let typeName):
            var value = evaluate(inner)
            value.types = resolveType(typeName).map { [$0] } ?? []
            return value
        case .closure(let id):
            let ref = ClosureRef(file: scope.file, id: id)
            notify(.closure(ref, environment: environment(of: ref)))
            return Value(closure: ref)
        case .array(let elements):
            var value = Value()
            let evaluatedElements = elements.map { evaluate($0) }
            value.elementSites = Value.sites(of: evaluatedElements)
            for evaluated in evaluatedElements {
                value.types += evaluated.types
                value.contents += evaluated.contents
                value.carriedClosures += evaluated.carriedClosures
                value.retainedObjects += evaluated.retainedObjects
                if value.closure == nil { value.closure = evaluated.closure }
            }
            return value
        case .tuple(let elements):
            // A tuple holds each of its values: whatever keeps (or captures) it keeps them all.
            var value = Value()
            value.elements = elements.map { evaluate($0) }
            for element in value.elements {
                value.types += element.types.filter { !value.types.contains($0) }
                value.contents += element.contents.filter { !value.contents.contains($0) }
            }
            return value
        case .alternatives(let options):
            // Whichever the run takes: everything either may be; a root or local only when all share it.
            let values = options.map { evaluate($0) }
            var value = Value()
            value.elementSites = Value.sites(of: values)
            for option in values {
                value.types += option.types.filter { !value.types.contains($0) }
                value.contents += option.contents.filter { !value.contents.contains($0) }
                if value.closure == nil { value.closure = option.closure }
                if value.methodReference == nil { value.methodReference = option.methodReference }
            }
            if let first = values.first, values.allSatisfy({ $0.root == first.root }) { value.root = first.root }
            if let first = values.first, values.allSatisfy({ $0.localName == first.localName }) {
                value.localName = first.localName
            }
            return value
        case .inOut(let inner):
            return evaluate(inner)
        case .subscriptAccess(let base):
            return Value(types: evaluate(base).types)
        case .enumPayload(let subject, let name, let position):
            return Value(types: evaluate(subject).types.compactMap { types.enumPayloadType(name, position, of: $0) })
        case .literal, .unknown, .boolean, .nilLiteral, .implicitMember:
            return Value()
        }
    }

    /// `base.name`: a stored property (its declared type), or a method reference.
    private func member(_ name: String, of base: Value, implicit: Bool = false) -> Value? {
        // XCoordinator: a coordinator's `strongRouter` is the coordinator, held strongly.
        if KnowledgeTables.strongRouterMembers.contains(name), base.types.contains(where: {
            types.inheritsLibraryClass($0, from: KnowledgeTables.routerLibraryCoordinators)
        }) {
            return base
        }
        // `form` in a FormViewController subclass: the framework's object, kept by self.
        if base.isSelf, let root = base.root, types.frameworkProperty(named: name, of: root.holder) != nil {
            let kept = Value.Root(holder: root.holder, property: name, strength: .strong)
            return Value(root: kept, storedAt: kept)
        }
        for holder in base.types {
            if let (_, property) = types.property(named: name, of: holder) {
                var value = Value()
                value.isCollection = property.type.map { $0.container != .none } ?? false
                if let type = property.type, let resolved = types.resolve(type.name, from: holder) {
                    value.types = [resolved]
                    if types[holder]?.kind == .struct, type.container == .none, types[resolved]?.kind == .protocol {
                        value.structField = "\(holder).\(name)"
                    }
                }
                if base.isSelf, let root = base.root {
                    value.root = .init(holder: root.holder, property: name, strength: Strength(property.ownership))
                } else {
                    value.root = base.root
                }
                value.storedAt = .init(holder: holder, property: name, strength: Strength(property.ownership))
                // `let proposalView = PassphraseView()`: the one object the property ever holds is the one made
                // there (instance evidence, as a local bound to a construction is).
                if property.isLet, !property.isStatic, case .call(let made)? = property.initializer, made.base == nil,
                   value.types.count == 1, types.resolve(made.name, from: holder) == value.types[0] {
                    value.constructedAt = made.location
                }
                return value
            }
            if !implicit, !base.isSelf, let type = types.staticPropertyType(name, of: holder) { return Value(types: [type]) }
            // `tableView` in a UITableViewController subclass that implements `tableView(_:…)`: UIKit's property.
            if types[holder]?.ancestors.contains(where: {
                KnowledgeTables.frameworkClassProperties[Knowledge.simpleName($0)]?.contains(name) == true
            }) == true {
                return Value()
            }
            // `self.currentDate` where the family declares `var currentDate: Date { … }` beside
            // `func currentDate(offset:)`: the property's value, not a method reference. In Objective-C
            // `self.statusBarHeight` is a message send, whatever declares it.
            if current?.isObjectiveC != true, callables.hasMethod(name, of: holder),
               !types.family(of: holder).contains(where: { callables.hasAccessor(name, of: $0) }) {
                return Value(methodReference: MethodReference(
                    receiverTypes: [holder], method: name, location: .init(file: "", line: 0, column: 0),
                    isExplicitSelf: !implicit && base.isSelf))
            }
        }
        return nil
    }

    /// The locals and parameters a closure captures, as they are now; capture-list values too.
    private mutating func environment(of ref: ClosureRef) -> [String: Value] {
        let closure = closures(ref)
        var environment: [String: Value] = [:]
        for use in closure.freeNames {
            if let local = scope.locals[use.name] {
                environment[use.name] = local
            } else if let parameter = scope.parameters[use.name] {
                // A parameter of a type the project does not declare is captured too (an object, untyped).
                let resolved = parameter.type.flatMap { resolveType($0.name) }
                environment[use.name] = Value(types: resolved.map { [$0] } ?? [], localName: use.name)
            }
        }
        for item in closure.captureList {
            guard let value = item.value, value != .selfReference else { continue }
            environment[item.name] = evaluate(value)
        }
        return environment
    }

    // MARK: Calls

    /// `$model.details` handed to `.sheet(item:)`: the property the binding reads and writes
    /// (`model.details`), so what SwiftUI does with it is told of that property.
    static func boundProperty(_ argument: CallArgument, of call: CallExpression) -> ValueExpression? {
        guard KnowledgeTables.presentationItemBindings[call.name] == argument.label,
              case .member(let base, let property) = argument.value else { return nil }
        func unprojected(_ expression: ValueExpression) -> ValueExpression? {
            switch expression {
            case .name(let name) where name.hasPrefix("$") && name.count > 1: .name(String(name.dropFirst()))
            case .member(let inner, let member): unprojected(inner).map { .member($0, member) }
            default: nil
            }
        }
        return unprojected(base).map { .member($0, property) }
    }

    private mutating func evaluateCall(_ call: CallExpression) -> Value {
        if let known = evaluatedCalls[call] { return known }
        // `.room(…)`, `.init(…)`: a member of the type the context expects, never one of `self`'s; nor is a
        // local function or closure called by its name (`row(for: value)`, `completion()`).
        // `self.shareRow(…)` in a static member calls the type's own static method, as a bare call does.
        var receiver = call.base.map { $0 == .selfReference && scope.isStatic ? implicitReceiver : evaluate($0) }
            ?? (call.isImplicitMember || scope.locals[call.name] != nil || scope.parameters[call.name] != nil
                ? Value() : implicitReceiver)
        // `core?.shares(for: item)` with `weak var core: OCCore?`: a framework class's method the project's own
        // extension declares, resolved by the property's written type.
        if receiver.types.isEmpty, let base = call.base, let written = declaredType(of: base)?.name,
           types[written] == nil, callables.hasMethod(call.name, of: written) {
            receiver.types = [written]
        }
        let arguments = call.arguments.map { evaluate(Self.boundProperty($0, of: call) ?? $0.value) }
        let argumentBases: [Value?] = call.arguments.map { argument in
            switch argument.value {
            case .member(let base, _), .inOut(.member(let base, _)): return evaluate(base)
            default: return nil
            }
        }
        let isProjectMethod = receiver.types.contains { type in
            types.family(of: type).contains { callables.hasMethod(call.name, of: $0) }
        }
        // A bare call no member of the implicit receiver's family takes: the project's free function.
        let isFreeFunction = call.base == nil && !call.isImplicitMember && !isProjectMethod
            && callables.hasMethod(call.name, of: Callables.freeFunctions)
        let target: CallTarget = isProjectMethod ? .method(receivers: receiver.types)
            : isFreeFunction ? .method(receivers: [Callables.freeFunctions]) : classify(call, receiver: receiver)
        var result = Value()
        switch target {
        case .closureAPI(let kind) where kind != .timer:
            result.closure = zip(call.arguments, arguments).first { if case .closure = $0.0.value { true } else { false } }?.1.closure
            if kind == .keptByResult {
                // `sink { completion } receiveValue: { value }`: the subscription keeps every closure it takes.
                let others = arguments.compactMap(\.closure).filter { $0 != result.closure }
                result.pipelineClosures = others + pipelineClosures(before: call)
                results.valueMappingClosures.formUnion(valueMappingClosures(before: call))
                // A subscription to a publisher that completes after one value keeps nothing for long.
                // So does one to the events of a control that goes with an object self holds weakly.
                if startsFromOneShotPublisher(call) || startsFromUnkeptControlEvent(call) {
                    result.closure = nil
                    result.pipelineClosures = []
                }
            }
        case .initializer where call.base.map(Self.isAllocation) == true:
            result = receiver  // `[[T alloc] initWith...]`: the allocated T
            result.constructedAt = call.location
            if KnowledgeTables.containerInitializerLabels.contains(call.name), let first = arguments.first {
                result.contents += first.kept
            }
        case .initializer(let type), .staticFactory(let type):
            if let type { result.types = [type] }
            if case .initializer = target, type != nil { result.constructedAt = call.location }
            // `Task { for await x in stream { … } }`: the task keeps the looping closure.
            if call.base == nil, KnowledgeTables.taskConstructors.contains(call.name),
               let looping = zip(call.arguments, arguments).first(where: { argument, value in
                   if case .closure = argument.value, let ref = value.closure { return closures(ref).loopsOverAsyncSequence }
                   return false
               }) {
                result.closure = looping.1.closure
            }
            let made = zip(call.arguments, arguments)
                .filter { argument, _ in KnowledgeTables.containerInitializerLabels.contains(argument.label ?? "") }.map(\.1)
            for value in made { result.contents += value.kept }
            if case .initializer = target { result.contentSites = Value.sites(of: made) }
            // `Row(toggleWithAction: { … })` whose initializer keeps the argument in a closure it stores, or
            // passes it on to the initializer it delegates to: this new row keeps it.
            if let type, call.base == nil || call.isImplicitMember {
                result.carriedClosures += callables.carriedArguments(call, of: type, arguments: arguments)
            }
        case .method where isProjectMethod || isFreeFunction:
            // `section.add(row: Row(toggleWithAction: { … }))` on a section this function made: that section
            // keeps what the method keeps of its arguments (the closures), for whatever keeps the section.
            if isProjectMethod, let local = receiver.localName, let exact = receiver.exactType, scope.locals[local] != nil {
                scope.locals[local]!.carriedClosures += callables.carriedArguments(
                    call, onExact: exact, family: types.family(of: exact), arguments: arguments)
            }
            // The project's method: its declared result type (`Self` is the receiver's type).
            for type in isFreeFunction ? [Callables.freeFunctions] : receiver.types {
                // `[Action]` as `Action`, as a local declared `[Action]` is: each element is one.
                guard let method = callables.method(call.name, on: type, family: types.family(of: type)),
                      let returned = method.returnType, returned.container != .dictionary, !returned.isFunction else { continue }
                let resolved = returned.name == "Self" ? type : types.resolve(returned.name, from: isFreeFunction ? nil : type)
                if let resolved { result.types.append(resolved) }
            }
            // A method whose every `return` is a new object (`lazy var router = makeRouter()`): the property is that
            // object's only owner, as with `= Router(…)`. A static or free one's object is made there, whoever calls
            // it (instance evidence, as a construction's own site is).
            if result.types.count == 1, let owner = isFreeFunction ? Callables.freeFunctions : receiver.types.first,
               isFreeFunction || receiver.types.count == 1,
               let made = callables.returnedConstructions(call, on: owner, family: types.family(of: owner),
                                                          type: result.types[0], types: types) {
                result.isConstructed = true
                if made.isShared, !made.returnsNil {
                    result.elementSites[result.types[0]] = made.sites
                    if made.sites.count == 1 { result.constructedAt = made.sites[0] }
                }
            }
        default:
            break
        }
        // `tunnels.first(where: { … })` on a collection declared `[TunnelContainer]`: one of its elements.
        if !isProjectMethod, KnowledgeTables.elementAccessors.contains(call.name), receiver.isCollection, result.types.isEmpty {
            result.types = receiver.types
        }
        if !isProjectMethod, KnowledgeTables.callbackSetters.contains(call.name),
           let closure = zip(call.arguments, arguments).first(where: { if case .closure = $0.0.value { true } else { false } })?.1.closure {
            // `row.onChange { … }`: the row keeps the closure and is the result.
            result = receiver
            result.carriedClosures.append(CarriedClosure(member: call.name, closure: closure))
        }
        if !isProjectMethod, KnowledgeTables.argumentKeepingCalls.contains(call.name)
            || KnowledgeTables.collectionAdds.contains(call.name), let added = arguments.first,
           let local = receiver.localName, scope.locals[local] != nil {
            // `alert.addAction(UIAlertAction(…) { … })`: the local alert keeps the action's handler now;
            // `buttons.append(CPBarButton(…) { … })`: the local array holds the button (and its handler).
            scope.locals[local]!.carriedClosures += added.carriedClosures
        }
        if !isProjectMethod, let kept = FrameworkObjects.retainingCall(call, in: current?.function), let added = arguments.first,
           !added.kept.isEmpty {
            // `userContentController.add(self, name: "x")` on a local (or on a local's `userContentController`):
            // that local keeps the handler now.
            var holder: String?
            switch call.base {
            case .name(let local)?: holder = local
            case .member(.name(let local), _)?: holder = local
            default: break
            }
            if let holder, scope.locals[holder] != nil {
                scope.locals[holder]!.retainedObjects.append(RetainedObject(types: added.kept, call: kept, location: call.location))
            }
        }
        if !isProjectMethod, KnowledgeTables.containerOperators.contains(call.name), let added = arguments.first {
            // `form +++ section`, `section <<< row`: the left keeps the right and is the result.
            result = receiver
            result.carriedClosures += added.carriedClosures
            // A local section now holds the row (and its closures) for when it is added to the form.
            if let local = receiver.localName, scope.locals[local] != nil {
                scope.locals[local]!.carriedClosures += added.carriedClosures
            }
            // `form +++ firstSection`, then `firstSection <<< row`: from here on the local holds one of the form's
            // own sections, so what is added to it is kept by whatever keeps the form.
            if let kept = receiver.root ?? receiver.storedAt, kept.property != nil,
               case .name(let local)? = call.arguments.first?.value, scope.locals[local] != nil,
               scope.locals[local]!.storedAt == nil {
                scope.locals[local]!.storedAt = kept
            }
            evaluatedCalls[call] = result
            notify(.call(EvaluatedCall(call: call, target: target, receiver: receiver, hasExplicitReceiver: true,
                                       isProjectMethod: false, arguments: arguments, argumentBases: argumentBases,
                                       result: result)))
            return result
        }
        // `UIHostingConfiguration { … }.margins(.all, 8)`: a modifier of a view value gives a value that keeps
        // all it keeps.
        if !isProjectMethod, !isFreeFunction, call.base != nil, receiver.isViewValue, case .method = target { result = receiver }
        result.root = nil
        result.localName = nil
        if isProjectMethod, !receiver.types.isEmpty, receiver.types.allSatisfy({ type in
            callables.returnsOneShotPublisher(call, on: type, family: types.family(of: type)) }) {
            result.isOneShotPublisher = true
        }
        result.carriedClosures += isProjectMethod ? callables.returnedClosures(call, on: receiver.types, types: types)
            : FrameworkObjects.carriedClosures(of: call, arguments: arguments)
                + FrameworkObjects.libraryCaseClosures(of: call, arguments: arguments, types: types)
        if !isProjectMethod, let function = current?.function,
           let hosted = FrameworkObjects.hostedViewClosures(of: call, in: function, file: scope.file, types: types) {
            // `UIHostingController(rootView: Text(…).onAppear { … })`: the host keeps its view and what it keeps.
            result.carriedClosures += hosted
            result.isViewValue = true
        }
        if !isProjectMethod {
            result.retainedObjects += FrameworkObjects.retainedObjects(of: call, arguments: arguments,
                                                                       isProjectClass: { types[$0]?.kind == .class })
        }
        if case .initializer(nil) = target, let function = current?.function {
            let owner = scope.owner.map { [$0] } ?? []
            result.carriedClosures += FrameworkObjects.configuredCallbacks(
                of: call, in: function, file: scope.file, types: types,
                returnedRows: { row in
                    // A method of self (`self.getActionRow(action)`, `getActionRow(action)`): what its row keeps.
                    guard row.base == nil || row.base == .selfReference else { return [] }
                    return self.callables.returnedClosures(row, on: owner, types: self.types)
                })
        }
        if !isProjectMethod, let label = KnowledgeTables.subscriptionTargetLabels[call.signature],
           let index = call.arguments.firstIndex(where: { $0.label == label }), !startsFromOneShotPublisher(call) {
            result.types = arguments[index].types
            result.keepsSelf = arguments[index].isSelf
        }
        if let invoked = invokedClosure(call) { result = invoked }
        if let construction = caseConstruction(call, arguments: arguments) {
            result.enumCase = construction
            if let type = construction.enumType { result.types = [type] }
            // The enum value keeps its payload, and so what the objects there keep (`.button(title, action:
            // UIAction { … })`): whatever keeps the value, alone or in an array, keeps those closures.
            for argument in construction.arguments {
                result.carriedClosures += argument.value.carriedClosures.map { carried in
                    argument.label.map(carried.under) ?? carried
                }
                result.retainedObjects += argument.value.retainedObjects
            }
        }
        evaluatedCalls[call] = result
        if !isProjectMethod, KnowledgeTables.containerCalls[call.name] != nil, let first = arguments.first {
            fill(receiver, with: first)
        }
        notify(.call(EvaluatedCall(call: call, target: target, receiver: receiver,
                                   hasExplicitReceiver: call.base != nil || call.isImplicitMember,
                                   isProjectMethod: isProjectMethod, arguments: arguments, argumentBases: argumentBases,
                                   result: result)))
        return result
    }

    /// `.room(indicatorController: c)` (its enum is the type of where the value is stored) or
    /// `Target.room(…)` on an enum the project declares with that case: the case and its arguments.
    private func caseConstruction(_ call: CallExpression, arguments: [Value]) -> CaseConstruction? {
        guard !call.arguments.isEmpty, types.payloadCaseNames.contains(call.name) else { return nil }
        var enumType: String?
        if !call.isImplicitMember {
            guard case .name(let name)? = call.base, scope.locals[name] == nil, scope.parameters[name] == nil,
                  let type = types.resolve(name, from: scope.owner), types.enumCase(call.name, of: type) != nil
            else { return nil }
            enumType = type
        }
        return CaseConstruction(name: call.name, enumType: enumType, arguments: zip(call.arguments, arguments).map {
            CaseConstruction.Argument(label: $0.0.label, value: $0.1, location: $0.0.location)
        })
    }
}

/// The calls of the current function already evaluated. Keyed by where a call is and what it calls:
/// hashing a whole call (its base and arguments, nested calls and all) cost a tenth of the evaluator's
/// time; two calls with the same key still compare whole.
struct EvaluatedCalls {
    private struct Key: Hashable {
        let call: CallExpression
        func hash(into hasher: inout Hasher) {
            hasher.combine(call.location.line)
            hasher.combine(call.location.column)
            hasher.combine(call.name)
        }
        static func == (lhs: Key, rhs: Key) -> Bool { lhs.call == rhs.call }
    }
    private var values: [Key: Value] = [:]

    subscript(call: CallExpression) -> Value? {
        get { values[Key(call: call)] }
        set { values[Key(call: call)] = newValue }
    }
}

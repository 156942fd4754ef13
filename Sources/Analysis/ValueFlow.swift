import CoordLintCore
import Foundation

/// A closure, identified across files.
public struct ClosureRef: Hashable, Sendable, Comparable {
    public var file: Int
    public var id: Int
    public static func < (lhs: ClosureRef, rhs: ClosureRef) -> Bool { (lhs.file, lhs.id) < (rhs.file, rhs.id) }
}

/// A function of the program with the file it is in.
public struct FunctionRef: Sendable {
    public var file: Int
    public var function: FunctionFact
    /// The resolved owner type.
    public var owner: String?
}

/// What an expression denotes, as far as ownership cares.
struct FlowValue {
    /// Project types the value may be (a protocol or base class name stays as is).
    var types: [String] = []
    /// View controllers a container value keeps (`UINavigationController(rootViewController: vc)`).
    var contents: [String] = []
    /// Where the value is stored relative to `self`: `self` itself (property ""), or `self.property`.
    var root: Root?
    var closure: ClosureRef?
    var methodReference: MethodReference?
    /// The local or parameter this value is (`nav`), for tracking what local containers receive.
    var localName: String?

    struct Root: Hashable {
        var holder: String
        var property: String
        var strength: Strength
    }

    var isEmpty: Bool { types.isEmpty && contents.isEmpty && closure == nil && methodReference == nil }
}

/// `self.pushHomeScreen` or a bare `pushHomeScreen` used as a value: a closure that captures its receiver.
public struct MethodReference: Hashable, Sendable {
    public var receiverTypes: [String]
    public var method: String
    public var location: SourceLocation
    /// Written `self.method` (rather than a bare `method`): how long the reference's text is.
    public var isExplicitSelf: Bool = false
}

/// A value stored into a property: `vc.coordinator = self`, `children.append(child)`,
/// `Transitions(showHome: self.pushHome)`.
public struct PropertyStore: Hashable, Sendable {
    public var holder: String
    public var property: String
    public var valueTypes: [String]
    public var closure: ClosureRef?
    public var methodReference: MethodReference?
    public var location: SourceLocation
    /// The type whose code does the store (`self` there).
    public var storingType: String?
    /// An object stores itself into its own property (`self.next = self`, an array added to itself).
    public var storesSelf: Bool = false
    /// A collection added to itself (`[children addObject:children]`).
    public var containsItself: Bool = false
}

/// A container that keeps a view controller: `navigationController.pushViewController(vc, ...)`.
public struct ContainerOwnership: Hashable, Sendable {
    public var holder: String
    public var via: String
    public var strength: Strength
    public var target: String
    public var call: String
    public var location: SourceLocation
}

/// A closure or target handed to an API that keeps it outside the object graph the project declares:
/// NotificationCenter, KVO, timers, Combine.
public struct ClosureRegistration: Hashable, Sendable {
    public var kind: ClosureAPIKind
    public var call: String
    public var closure: ClosureRef?
    /// Types passed as `target:` (timers, display links).
    public var targets: [String]
    /// The target is `self`.
    public var targetIsSelf: Bool
    /// `repeats:` when written as a literal (nil when not given or not a literal).
    public var repeats: Bool?
    public var location: SourceLocation
    public var owner: String?
}

/// Follows values through each function body, in order, and records what gets stored where.
/// Purely syntactic and local: a local's type comes from its initializer, cast or annotation.
struct ValueFlow {
    let types: TypeIndex
    /// For each type, its functions by base name, to find initializers whose parameters are stored.
    let functionsByOwner: [String: [FunctionFact]]
    private(set) var stores: Set<PropertyStore> = []
    private(set) var containers: Set<ContainerOwnership> = []
    /// For each closure evaluated as a value: the locals and parameters it captures, as they were then.
    private(set) var environments: [ClosureRef: [String: FlowValue]] = [:]
    private(set) var registrations: Set<ClosureRegistration> = []
    private(set) var mutations: Set<ChildMutation> = []
    private(set) var unretained: Set<UnretainedChild> = []
    let helpers: ChildHelpers
    let closures: @Sendable (ClosureRef) -> ClosureFact

    /// Follows every function, in parallel over both cores (each worker has its own results, merged
    /// as sets: the order of work does not show in the output).
    static func run(_ functions: [FunctionRef], types: TypeIndex,
                    closures: @escaping @Sendable (ClosureRef) -> ClosureFact) -> ValueFlow {
        let prototype = ValueFlow(types: types, functions: functions, closures: closures)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, functions.count / 500 + 1))
        let results = LockedArray<ValueFlow>()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var flow = prototype
            for index in stride(from: worker, to: functions.count, by: workers) { flow.run(functions[index]) }
            results.append(flow)
        }
        var merged = prototype
        for flow in results.values {
            merged.stores.formUnion(flow.stores)
            merged.containers.formUnion(flow.containers)
            merged.registrations.formUnion(flow.registrations)
            merged.mutations.formUnion(flow.mutations)
            merged.unretained.formUnion(flow.unretained)
            merged.environments.merge(flow.environments) { first, _ in first }
        }
        return merged
    }

    init(types: TypeIndex, functions: [FunctionRef], closures: @escaping @Sendable (ClosureRef) -> ClosureFact) {
        self.types = types
        self.closures = closures
        var byOwner: [String: [FunctionFact]] = [:]
        for ref in functions {
            if let owner = ref.owner { byOwner[owner, default: []].append(ref.function) }
        }
        self.functionsByOwner = byOwner
        self.helpers = ChildHelpers(functions: functions, types: types)
    }

    // MARK: Per function

    private struct Context {
        var owner: String?
        var file: Int
        /// Whether this function is a helper that adds its parameter to a child collection: its own
        /// adds are reported at its call sites instead.
        var isAddHelper = false
        var locals: [String: FlowValue] = [:]
        var parameters: [String: ParameterFact] = [:]
        /// Locals bound to a newly created coordinator, whether started, whether kept by anything.
        var createdCoordinators: [String: (type: String, location: SourceLocation)] = [:]
        var started: [String: SourceLocation] = [:]
        var retained: Set<String> = []

        mutating func retain(_ value: ValueExpression) {
            switch value {
            case .name(let name), .inOut(.name(let name)): retained.insert(name)
            case .array(let elements): for element in elements { retain(element) }
            default: break
            }
        }
    }

    mutating func run(_ ref: FunctionRef) {
        var context = Context(owner: ref.owner, file: ref.file)
        context.isAddHelper = helpers.adders[ref.function.signature] != nil
        for parameter in ref.function.parameters { context.parameters[parameter.name] = parameter }
        for event in ref.function.events {
            switch event.kind {
            case .binding(let name, let type, let value):
                var v = value.map { evaluate($0, &context) } ?? FlowValue()
                if v.types.isEmpty, let type, let resolved = types.resolve(type.name, from: context.owner) {
                    v.types = [resolved]
                }
                if name == "self" { continue }
                if let value { context.retain(value) }
                if case .call(let call)? = value, isConstruction(call, context), let type = v.types.first,
                   types[type]?.category == .coordinator {
                    context.createdCoordinators[name] = (type, call.location)
                }
                v.localName = name
                v.root = nil
                context.locals[name] = v
            case .assignment(let target, let op, let value):
                assign(target, op: op, value: value, at: event.valueLocation ?? event.location, &context)
            case .call(let call):
                handle(call, &context)
            case .returned(let value):
                context.retain(value)
            }
        }
        for (name, created) in context.createdCoordinators.sorted(by: { $0.key < $1.key }) {
            guard let start = context.started[name], !context.retained.contains(name) else { continue }
            unretained.insert(UnretainedChild(type: created.type, location: created.location, startLocation: start,
                                              owner: context.owner, variable: name))
        }
    }

    private func isConstruction(_ call: CallExpression, _ context: Context) -> Bool {
        if call.base == nil { return call.name.first?.isUppercase == true }
        // Objective-C: `[[T alloc] init...]`.
        if call.name.hasPrefix("init"), case .call(let inner)? = call.base { return isConstruction(inner, context) }
        if case .name(let base)? = call.base { return base.first?.isUppercase == true && context.locals[base] == nil }
        return false
    }

    /// The child collection an expression denotes (`childCoordinators`, `self.children`), with its holder.
    private mutating func childCollection(_ expression: ValueExpression, _ context: inout Context) -> FlowValue.Root? {
        guard let root = evaluate(expression, &context).root, !root.property.isEmpty,
              types.isChildCollection(named: root.property, of: root.holder) else { return nil }
        return root
    }

    /// Adds, removals and retention of child coordinators at a call.
    private mutating func recordChildren(_ call: CallExpression, _ context: inout Context) {
        if let base = call.base, case .name(let name) = base, FrameworkModel.startCalls.contains(call.name),
           context.createdCoordinators[name] != nil {
            context.started[name] = call.location
        } else {
            for argument in call.arguments { context.retain(argument.value) }
        }
        if let base = call.base, FrameworkModel.startCalls.contains(call.name), case .call(let inner) = base,
           isConstruction(inner, context), let type = evaluateCall(inner, &context).types.first,
           types[type]?.category == .coordinator {
            unretained.insert(UnretainedChild(type: type, location: inner.location, startLocation: call.location,
                                              owner: context.owner, variable: nil))
        }
        if let base = call.base, FrameworkModel.collectionAdds.contains(call.name)
            || FrameworkModel.collectionRemoves.contains(call.name), let root = childCollection(base, &context) {
            let isAdd = FrameworkModel.collectionAdds.contains(call.name)
            if isAdd && context.isAddHelper { return }
            let children = isAdd ? call.arguments.first.map { evaluate($0.value, &context).types } ?? [] : []
            mutations.insert(ChildMutation(kind: isAdd ? .add : .remove, holder: root.holder, collection: root.property,
                                           children: children, location: call.location, helper: nil))
        }
        let receivers = call.base.map { evaluate($0, &context).types } ?? context.owner.map { [$0] } ?? []
        // A library's (or a configured) removal helper: it removes from a collection the project cannot see.
        if helpers.removers.contains(call.signature) == false, types.knowledge.childRemoveHelpers.contains(call.signature) {
            for receiver in receivers.prefix(1) {
                mutations.insert(ChildMutation(kind: .remove, holder: receiver, collection: "*", children: [],
                                               location: call.location, helper: call.signature))
            }
        }
        if !context.isAddHelper, helpers.adders[call.signature] == nil,
           types.knowledge.childAddHelpers.contains(call.signature), let first = call.arguments.first {
            let children = evaluate(first.value, &context).types
            for receiver in receivers.prefix(1) {
                mutations.insert(ChildMutation(kind: .add, holder: receiver, collection: "*", children: children,
                                               location: call.location, helper: call.signature))
            }
        }
        if !context.isAddHelper, let adder = helpers.adders[call.signature], adder.index < call.arguments.count {
            let children = evaluate(call.arguments[adder.index].value, &context).types
            for receiver in receivers.prefix(1) {
                mutations.insert(ChildMutation(kind: .add, holder: receiver, collection: adder.collection,
                                               children: children, location: call.location, helper: call.signature))
            }
        }
    }

    private mutating func assign(_ target: ValueExpression, op: String, value: ValueExpression,
                                 at location: SourceLocation, _ context: inout Context) {
        guard op == "=" || op == "+=" else { return }
        context.retain(value)
        recordChildren(assigning: value, to: target, op: op, at: location, &context)
        let v = evaluate(value, &context)
        switch target {
        case .name(let name) where context.locals[name] != nil:
            if op == "=" { var v = v; v.localName = name; v.root = nil; context.locals[name] = v }
        case .name(let name) where context.parameters[name] == nil:
            if let owner = context.owner {
                store(v, into: name, of: [owner], storingType: owner, at: location,
                      storesSelf: v.root?.property.isEmpty == true)
            }
        case .member(let base, let name):
            let holder = evaluate(base, &context)
            store(v, into: name, of: holder.types, storingType: context.owner, at: location,
                  storesSelf: holder.root?.property.isEmpty == true && v.root?.property.isEmpty == true)
            if FrameworkModel.containerProperties.contains(name) {
                keep(v, in: holder, call: name, at: location, &context)
            }
        default:
            break
        }
    }

    /// `children[key] = child`, `children[key] = nil`, `children += [child]`, `children = []`.
    private mutating func recordChildren(assigning value: ValueExpression, to target: ValueExpression, op: String,
                                         at location: SourceLocation, _ context: inout Context) {
        if case .subscriptAccess(let base) = target, let root = childCollection(base, &context) {
            let isRemoval = value == .nilLiteral
            if !isRemoval && context.isAddHelper { return }
            mutations.insert(ChildMutation(
                kind: isRemoval ? .remove : .add, holder: root.holder, collection: root.property,
                children: isRemoval ? [] : evaluate(value, &context).types, location: location, helper: nil))
        } else if let root = childCollection(target, &context) {
            if op == "+=" {
                if context.isAddHelper { return }
                mutations.insert(ChildMutation(kind: .add, holder: root.holder, collection: root.property,
                                               children: evaluate(value, &context).types, location: location, helper: nil))
            } else if ChildHelpers.isClearing(value, of: root.property) {
                mutations.insert(ChildMutation(kind: .remove, holder: root.holder, collection: root.property,
                                               children: [], location: location, helper: nil))
            }
        }
    }

    private mutating func store(_ value: FlowValue, into property: String, of holders: [String],
                                storingType: String?, at location: SourceLocation, storesSelf: Bool = false,
                                containsItself: Bool = false) {
        var reference = value.methodReference
        reference?.location = location
        for holder in holders where types.property(named: property, of: holder) != nil {
            stores.insert(PropertyStore(
                holder: holder, property: property, valueTypes: value.types + value.contents,
                closure: value.closure, methodReference: reference, location: location,
                storingType: storingType, storesSelf: storesSelf, containsItself: containsItself))
        }
    }

    /// A container (`holder`) keeps `value`'s view controllers.
    private mutating func keep(_ value: FlowValue, in holder: FlowValue, call: String, at location: SourceLocation,
                               _ context: inout Context) {
        let targets = value.types + value.contents
        guard !targets.isEmpty else { return }
        if let local = holder.localName, context.locals[local] != nil {
            context.locals[local]!.contents += targets
        }
        guard let root = holder.root else { return }
        for target in targets {
            containers.insert(ContainerOwnership(
                holder: root.holder, via: root.property, strength: root.strength, target: target, call: call,
                location: location))
        }
    }

    private mutating func handle(_ call: CallExpression, _ context: inout Context) {
        recordChildren(call, &context)
        // A container keeping a view controller.
        if FrameworkModel.containerCalls[call.name] != nil, let first = call.arguments.first {
            let receiver = call.base.map { evaluate($0, &context) } ?? selfValue(context)
            keep(evaluate(first.value, &context), in: receiver, call: call.name, at: call.location, &context)
        }
        // An element added to a collection property.
        if FrameworkModel.collectionAdds.contains(call.name), let base = call.base, let first = call.arguments.first {
            let collection = evaluate(base, &context)
            if let root = collection.root, !root.property.isEmpty {
                let element = evaluate(first.value, &context)
                // `children.append(children)`: a collection that contains itself.
                let isItself = element.root == root
                store(element, into: root.property, of: [root.holder], storingType: context.owner, at: call.location,
                      storesSelf: element.root?.property.isEmpty == true && root.holder == context.owner,
                      containsItself: isItself)
            }
        }
        // Arguments a project function or initializer stores.
        _ = evaluate(.call(call), &context)
    }

    private mutating func recordEnvironment(of ref: ClosureRef, _ context: Context) {
        let closure = closures(ref)
        var environment: [String: FlowValue] = [:]
        for use in closure.freeNames {
            if let local = context.locals[use.name] { environment[use.name] = local }
            else if let parameter = context.parameters[use.name], let type = parameter.type,
                    let resolved = types.resolve(type.name, from: context.owner) {
                environment[use.name] = FlowValue(types: [resolved], localName: use.name)
            }
        }
        var mutableContext = context
        for item in closure.captureList {
            guard let value = item.value, value != .selfReference else { continue }
            environment[item.name] = evaluate(value, &mutableContext)
        }
        environments[ref] = environment
    }

    private func selfValue(_ context: Context) -> FlowValue {
        guard let owner = context.owner else { return FlowValue() }
        return FlowValue(types: [owner], root: .init(holder: owner, property: "", strength: .strong))
    }

    // MARK: Expressions

    private mutating func evaluate(_ expression: ValueExpression, _ context: inout Context) -> FlowValue {
        switch expression {
        case .selfReference:
            return selfValue(context)
        case .name(let name):
            if let local = context.locals[name] { return local }
            if let parameter = context.parameters[name] {
                var v = FlowValue(localName: name)
                if let type = parameter.type {
                    if let resolved = types.resolve(type.name, from: context.owner) { v.types = [resolved] }
                }
                return v
            }
            if let owner = context.owner {
                if let member = member(name, of: selfValue(context), context) { return member }
                if functionsByOwner[owner]?.contains(where: { $0.name == name && $0.kind == .method }) == true {
                    return FlowValue(methodReference: MethodReference(
                        receiverTypes: [owner], method: name, location: .init(file: "", line: 0, column: 0)))
                }
            }
            if let resolved = types.resolve(name, from: context.owner) { return FlowValue(types: [resolved]) }
            return FlowValue()
        case .member(let base, let name):
            let b = evaluate(base, &context)
            return member(name, of: b, context) ?? FlowValue()
        case .call(let call):
            return evaluateCall(call, &context)
        case .cast(let inner, let typeName):
            var v = evaluate(inner, &context)
            v.types = types.resolve(typeName, from: context.owner).map { [$0] } ?? []
            return v
        case .closure(let id):
            let ref = ClosureRef(file: context.file, id: id)
            recordEnvironment(of: ref, context)
            return FlowValue(closure: ref)
        case .array(let elements):
            var v = FlowValue()
            for element in elements {
                let e = evaluate(element, &context)
                v.types += e.types
                v.contents += e.contents
                if v.closure == nil { v.closure = e.closure }
            }
            return v
        case .inOut(let inner):
            return evaluate(inner, &context)
        case .subscriptAccess(let base):
            var element = evaluate(base, &context)
            element.localName = nil
            return FlowValue(types: element.types)
        case .literal, .unknown, .boolean, .nilLiteral:
            return FlowValue()
        }
    }

    /// `base.name`: a stored property (its declared type), a method reference, or a known framework member.
    private func member(_ name: String, of base: FlowValue, _ context: Context) -> FlowValue? {
        for holder in base.types {
            if let (_, property) = types.property(named: name, of: holder) {
                var v = FlowValue()
                if let type = property.type {
                    if let resolved = types.resolve(type.name, from: holder) { v.types = [resolved] }
                }
                if let root = base.root, root.property.isEmpty {
                    v.root = .init(holder: root.holder, property: name, strength: Strength(property.ownership))
                } else {
                    v.root = base.root
                }
                return v
            }
            if functionsByOwner[holder]?.contains(where: { $0.name == name && $0.kind == .method }) == true {
                let isSelf = base.root?.property.isEmpty == true
                return FlowValue(methodReference: MethodReference(
                    receiverTypes: [holder], method: name, location: .init(file: "", line: 0, column: 0),
                    isExplicitSelf: isSelf))
            }
        }
        return nil
    }

    private mutating func evaluateCall(_ call: CallExpression, _ context: inout Context) -> FlowValue {
        if let kept = evaluateFrameworkCall(call, &context) { return kept }
        // Objective-C: `[[T alloc] initWith...]` is the allocated T; `initWithRootViewController:` keeps its argument.
        if call.name.hasPrefix("init"), case .call(let allocation)? = call.base, allocation.name == "alloc" {
            var v = evaluate(.call(allocation), &context)
            if FrameworkModel.containerInitializerLabels.contains(call.name), let first = call.arguments.first {
                let kept = evaluate(first.value, &context)
                v.contents += kept.types + kept.contents
            }
            if let type = v.types.first { storeArguments(call, of: type, kind: .initializer, &context) }
            return v
        }
        // A construction (`T(...)`) or a static factory (`T.instantiate()`), of a project type or not.
        let typeName: String?
        if call.base == nil, call.name.first?.isUppercase == true {
            typeName = call.name
        } else if case .name(let base)? = call.base, base.first?.isUppercase == true, context.locals[base] == nil {
            typeName = base
        } else {
            typeName = nil
        }
        guard let typeName else {
            storeMethodArguments(call, &context)
            return FlowValue()
        }
        let constructed = types.resolve(typeName, from: context.owner)
        var v = FlowValue()
        if let constructed { v.types = [constructed] }
        for argument in call.arguments where FrameworkModel.containerInitializerLabels.contains(argument.label ?? "") {
            let kept = evaluate(argument.value, &context)
            v.contents += kept.types + kept.contents
        }
        if let constructed, call.base == nil {
            storeInitializerArguments(call, of: constructed, &context)
        }
        return v
    }

    /// Calls whose closure or target a framework keeps (`sink`, `addObserver`, timers), and
    /// `cancellable.store(in: &cancellables)`. Nil for any other call.
    private mutating func evaluateFrameworkCall(_ call: CallExpression, _ context: inout Context) -> FlowValue? {
        if call.name == "store", call.arguments.count == 1, call.arguments[0].label == "in", let base = call.base {
            let kept = evaluate(base, &context)
            if let root = evaluate(call.arguments[0].value, &context).root, !root.property.isEmpty {
                store(kept, into: root.property, of: [root.holder], storingType: context.owner, at: call.location)
            }
            return FlowValue()
        }
        let typeReceiver: String? = {
            if case .name(let n)? = call.base, FrameworkModel.targetTimerTypes.contains(n) { return n }
            if call.base == nil, FrameworkModel.targetTimerTypes.contains(call.name) { return call.name }
            return nil
        }()
        let kind: ClosureAPIKind? = typeReceiver != nil ? .timer : (call.base != nil ? types.knowledge.closureAPIs[call.name] : nil)
        guard let kind, kind != .transient else { return nil }
        var closure: ClosureRef?
        for argument in call.arguments {
            if case .closure = argument.value {
                closure = evaluate(argument.value, &context).closure
                break
            }
        }
        var targets: [String] = []
        var targetIsSelf = false
        var repeats: Bool?
        for argument in call.arguments {
            if argument.label == "target" {
                let target = evaluate(argument.value, &context)
                targets = target.types
                targetIsSelf = argument.value == .selfReference
            }
            if argument.label == "repeats", case .boolean(let value) = argument.value { repeats = value }
        }
        if kind != .keptByResult || closure != nil {
            registrations.insert(ClosureRegistration(
                kind: kind, call: call.name, closure: closure, targets: targets, targetIsSelf: targetIsSelf,
                repeats: repeats, location: call.location, owner: context.owner))
        }
        return kind == .timer ? FlowValue() : FlowValue(closure: closure)
    }

    /// `receiver.configure(onDone: { ... })`: a project method that stores its parameter.
    private mutating func storeMethodArguments(_ call: CallExpression, _ context: inout Context) {
        guard call.arguments.contains(where: { if case .closure = $0.value { true } else { false } }) else { return }
        let receivers = call.base.map { evaluate($0, &context).types } ?? context.owner.map { [$0] } ?? []
        for receiver in receivers {
            storeArguments(call, of: receiver, kind: .method, &context)
        }
    }

    /// `T(label: value)`: an initializer that stores its parameter in a property (`self.p = label`),
    /// or a struct's memberwise initializer.
    private mutating func storeInitializerArguments(_ call: CallExpression, of type: String, _ context: inout Context) {
        storeArguments(call, of: type, kind: .initializer, &context)
    }

    private mutating func storeArguments(_ call: CallExpression, of type: String, kind: FunctionFact.Kind,
                                         _ context: inout Context) {
        let candidates = (functionsByOwner[type] ?? []).filter {
            $0.kind == kind && (kind == .initializer || $0.name == call.name)
        }
        let initializers = candidates
        let labels = call.arguments.map { $0.label }
        let matching = initializers.first { initializer in
            initializer.parameters.count >= labels.count
                && zip(initializer.parameters, labels).allSatisfy { $0.label == $1 || $1 == nil }
        }
        for (index, argument) in call.arguments.enumerated() {
            var properties: [String] = []
            if let matching, index < matching.parameters.count {
                let parameter = matching.parameters[index].name
                for event in matching.events where event.closure == nil {
                    guard case .assignment(let target, "=", .name(parameter)) = event.kind else { continue }
                    switch target {
                    case .member(.selfReference, let property), .name(let property): properties.append(property)
                    default: break
                    }
                }
            } else if kind == .initializer, initializers.isEmpty, types[type]?.kind == .struct, let label = argument.label {
                properties = [label]  // memberwise
            }
            guard !properties.isEmpty else { continue }
            let value = evaluate(argument.value, &context)
            for property in properties {
                store(value, into: property, of: [type], storingType: context.owner, at: argument.location)
            }
        }
    }
}

/// An array appended to from several threads.
final class LockedArray<Element>: @unchecked Sendable {
    private var storage: [Element] = []
    private let lock = NSLock()
    func append(_ element: Element) { lock.lock(); storage.append(element); lock.unlock() }
    var values: [Element] { lock.lock(); defer { lock.unlock() }; return storage }
}

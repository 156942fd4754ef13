import CoordLintCore

/// Helper methods that add to or remove from child collections, found before values are followed
/// (so call sites can be recognised) and propagated through calls. Each helper is a member of its
/// type; a call resolves to one by its receiver's static type (the type itself, then its
/// superclasses, then its protocols and their extensions), never by name alone.
struct ChildHelpers: Sendable {
    struct Key: Hashable, Sendable {
        var owner: String
        var signature: String
    }

    /// Helper → (index of the parameter it adds, the collection).
    private(set) var adders: [Key: (index: Int, collection: String)] = [:]
    /// Functions that remove from a child collection, directly or through calls.
    private(set) var removers: Set<Key> = []
    /// Every function of the program, by signature and owner: what a call can resolve to.
    private let declared: [String: Set<String>]
    /// Their base names: most calls name no function of the program, told without building a signature.
    private let declaredNames: Set<String>
    private let types: TypeIndex

    init(functions: [FunctionRef], types: TypeIndex) {
        self.types = types
        var declared: [String: Set<String>] = [:]
        for ref in functions { if let owner = ref.owner { declared[ref.function.signature, default: []].insert(owner) } }
        self.declared = declared
        self.declaredNames = Set(functions.compactMap { $0.owner == nil ? nil : $0.function.name })
        for ref in functions {
            guard let owner = ref.owner else { continue }
            let key = Key(owner: owner, signature: ref.function.signature)
            let parameters = ref.function.parameters.map(\.name)
            func collection(_ expression: ValueExpression) -> String? {
                switch expression {
                case .name(let name) where !parameters.contains(name), .member(.selfReference, let name):
                    return types.isChildCollection(named: name, of: owner) ? name : nil
                default:
                    return nil
                }
            }
            for event in ref.function.events {
                switch event.kind {
                case .call(let call):
                    let adds = KnowledgeTables.collectionAdds.contains(call.name)
                    let removes = KnowledgeTables.collectionRemoves.contains(call.name)
                    guard adds || removes, let base = call.base, let name = collection(base) else { continue }
                    if adds, case .name(let p)? = call.arguments.first?.value, let index = parameters.firstIndex(of: p) {
                        adders[key] = (index, name)
                    }
                    if removes { removers.insert(key) }
                case .assignment(let target, let op, let value):
                    if case .subscriptAccess(let base) = target, let name = collection(base) {
                        if value == .nilLiteral { removers.insert(key) }
                        if case .name(let p) = value, let index = parameters.firstIndex(of: p) { adders[key] = (index, name) }
                    } else if let name = collection(target) {
                        if op == "+=", case .array(let elements) = value, case .name(let p)? = elements.first,
                           let index = parameters.firstIndex(of: p) {
                            adders[key] = (index, name)
                        }
                        if op == "=" && ChildHelpers.isClearing(value, of: name) { removers.insert(key) }
                    }
                case .binding, .returned:
                    break
                }
            }
        }
        propagate(functions)
    }

    /// Through calls: `func add(_ c) { store(c) }`, `func finish() { childDidFinish(self) }`. A worklist
    /// over the reverse call graph, each call resolved to its callee by the receiver's static type.
    private mutating func propagate(_ functions: [FunctionRef]) {
        struct Call { var caller: Int; var arguments: [ValueExpression] }
        var callsTo: [Key: [Call]] = [:]
        let keys = functions.map { Key(owner: $0.owner ?? "", signature: $0.function.signature) }
        for (index, ref) in functions.enumerated() {
            guard let owner = ref.owner else { continue }
            for event in ref.function.events {
                guard case .call(let call) = event.kind, declaredNames.contains(call.name),
                      declared[call.signature] != nil,  // no function takes it: skip the receiver
                      let receiver = staticType(of: call.base, in: ref.function, owner: owner),
                      let callee = declaration(call.signature, on: receiver) else { continue }
                callsTo[callee, default: []].append(Call(caller: index, arguments: call.arguments.map(\.value)))
            }
        }
        var pending = Array(removers)
        while let callee = pending.popLast() {
            for call in callsTo[callee] ?? [] where removers.insert(keys[call.caller]).inserted {
                pending.append(keys[call.caller])
            }
        }
        var pendingAdders = Array(adders.keys)
        while let callee = pendingAdders.popLast() {
            guard let adder = adders[callee] else { continue }
            for call in callsTo[callee] ?? [] where adders[keys[call.caller]] == nil && adder.index < call.arguments.count {
                let parameters = functions[call.caller].function.parameters.map(\.name)
                guard case .name(let p) = call.arguments[adder.index], let index = parameters.firstIndex(of: p) else { continue }
                adders[keys[call.caller]] = (index, adder.collection)
                pendingAdders.append(keys[call.caller])
            }
        }
    }

    /// The receiver's static type as far as one body shows it: `self`, a parameter, a property of
    /// `self`, or a local bound with a written type or a construction. Nil when it cannot be told.
    func staticType(of base: ValueExpression?, in function: FunctionFact, owner: String) -> String? {
        switch base {
        case nil, .selfReference?:
            return owner
        case .name(let name)?:
            if let parameter = function.parameters.first(where: { $0.name == name }) {
                return parameter.type.flatMap { types.resolve($0.name, from: owner) }
            }
            for event in function.events {
                guard case .binding(name, let type, let value) = event.kind else { continue }
                if let type { return types.resolve(type.name, from: owner) }
                if case .call(let call)? = value, call.base == nil { return types.resolve(call.name, from: owner) }
                return nil
            }
            return types.property(named: name, of: owner)?.property.type.flatMap { types.resolve($0.name, from: owner) }
        case .member(.selfReference, let name)?:
            return types.property(named: name, of: owner)?.property.type.flatMap { types.resolve($0.name, from: owner) }
        default:
            return nil
        }
    }

    /// The function a call with this signature on `receiver` resolves to: the receiver's own, then its
    /// superclasses' (nearest first), then its protocols' (requirements and extensions). Nil: unknown.
    func declaration(_ signature: String, on receiver: String) -> Key? {
        guard let owners = declared[signature] else { return nil }
        if owners.contains(receiver) { return Key(owner: receiver, signature: signature) }
        guard let type = types[receiver] else { return nil }
        var order = type.ancestors.compactMap { types.resolve($0, from: receiver) }
        order += types.family(of: receiver).subtracting(order + [receiver]).sorted()
        return order.first(where: owners.contains).map { Key(owner: $0, signature: signature) }
    }

    /// The add helper a call on `receiver` resolves to.
    func adder(_ signature: String, on receiver: String) -> (index: Int, collection: String)? {
        declaration(signature, on: receiver).flatMap { adders[$0] }
    }

    /// Whether a call on `receiver` resolves to a function that removes a child.
    func removes(_ signature: String, on receiver: String) -> Bool {
        declaration(signature, on: receiver).map { removers.contains($0) } ?? false
    }

    /// Whether the function is itself an add helper.
    func isAdder(_ owner: String?, _ signature: String) -> Bool {
        owner.map { adders[Key(owner: $0, signature: signature)] != nil } ?? false
    }

    /// `= []`, `= [:]`, `= children.filter { ... }`.
    static func isClearing(_ value: ValueExpression, of collection: String) -> Bool {
        switch value {
        case .array(let elements): return elements.isEmpty
        case .call(let call):
            guard call.name == "filter" else { return false }
            switch call.base {
            case .name(collection)?, .member(.selfReference, collection)?: return true
            default: return false
            }
        default: return false
        }
    }
}

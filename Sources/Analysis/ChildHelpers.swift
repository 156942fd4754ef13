import CoordLintCore

/// Helper methods that add to or remove from child collections, found syntactically (through any
/// number of calls) before values are followed, so call sites can be recognised.
struct ChildHelpers: Sendable {
    /// Signature → (index of the parameter it adds, the collection).
    private(set) var adders: [String: (index: Int, collection: String)] = [:]
    /// Signatures of functions that remove from a child collection, directly or through calls.
    private(set) var removers: Set<String> = []

    init(functions: [FunctionRef], types: TypeIndex) {
        func collection(_ expression: ValueExpression, owner: String?) -> String? {
            guard let owner else { return nil }
            switch expression {
            case .name(let name), .member(.selfReference, let name):
                return types.isChildCollection(named: name, of: owner) ? name : nil
            default:
                return nil
            }
        }
        for ref in functions {
            let parameters = ref.function.parameters.map(\.name)
            for event in ref.function.events {
                switch event.kind {
                case .call(let call):
                    guard let base = call.base, let name = collection(base, owner: ref.owner) else { continue }
                    if KnowledgeTables.collectionAdds.contains(call.name), case .name(let p)? = call.arguments.first?.value,
                       let index = parameters.firstIndex(of: p) {
                        adders[ref.function.signature] = (index, name)
                    }
                    if KnowledgeTables.collectionRemoves.contains(call.name) { removers.insert(ref.function.signature) }
                case .assignment(let target, let op, let value):
                    if case .subscriptAccess(let base) = target, let name = collection(base, owner: ref.owner) {
                        if value == .nilLiteral { removers.insert(ref.function.signature) }
                        if case .name(let p) = value, let index = parameters.firstIndex(of: p) {
                            adders[ref.function.signature] = (index, name)
                        }
                    } else if let name = collection(target, owner: ref.owner) {
                        if op == "+=", case .array(let elements) = value, case .name(let p)? = elements.first,
                           let index = parameters.firstIndex(of: p) {
                            adders[ref.function.signature] = (index, name)
                        }
                        if op == "=" && ChildHelpers.isClearing(value, of: name) { removers.insert(ref.function.signature) }
                    }
                case .binding, .returned:
                    break
                }
            }
        }
        // Through calls: `func add(_ c) { store(c) }`, `func finish() { childDidFinish(self) }`. A worklist
        // over the reverse call graph (callee signature → calls to it), each call's signature built once.
        struct Call { var caller: Int; var arguments: [ValueExpression] }
        var callsTo: [String: [Call]] = [:]
        let signatures = functions.map(\.function.signature)
        for (index, ref) in functions.enumerated() {
            for event in ref.function.events {
                guard case .call(let call) = event.kind else { continue }
                callsTo[call.signature, default: []].append(Call(caller: index, arguments: call.arguments.map(\.value)))
            }
        }
        var pending = Array(removers)
        while let callee = pending.popLast() {
            for call in callsTo[callee] ?? [] where removers.insert(signatures[call.caller]).inserted {
                pending.append(signatures[call.caller])
            }
        }
        var pendingAdders = Array(adders.keys)
        while let callee = pendingAdders.popLast() {
            guard let adder = adders[callee] else { continue }
            for call in callsTo[callee] ?? [] where adders[signatures[call.caller]] == nil && adder.index < call.arguments.count {
                let parameters = functions[call.caller].function.parameters.map(\.name)
                guard case .name(let p) = call.arguments[adder.index], let index = parameters.firstIndex(of: p) else { continue }
                adders[signatures[call.caller]] = (index, adder.collection)
                pendingAdders.append(signatures[call.caller])
            }
        }
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

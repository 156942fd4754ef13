import CoordLintCore

/// An add to or a removal from a child collection (a stored collection of coordinators).
public struct ChildMutation: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case add, remove }
    public var kind: Kind
    /// The type whose collection it is, as the code sees it (a protocol in a protocol extension).
    public var holder: String
    public var collection: String
    /// Child types added (empty when unknown).
    public var children: [String]
    public var location: SourceLocation
    /// The helper called (`store(_:)`), nil when the collection is changed directly.
    public var helper: String?
}

/// A coordinator created and started, then kept by nothing.
public struct UnretainedChild: Hashable, Sendable {
    public var type: String
    public var location: SourceLocation
    public var startLocation: SourceLocation
    public var owner: String?
    public var variable: String?
}

/// Helper methods that add to or remove from child collections, found syntactically (through any
/// number of calls) before values are followed, so call sites can be recognised.
struct ChildHelpers {
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
                    if FrameworkModel.collectionAdds.contains(call.name), case .name(let p)? = call.arguments.first?.value,
                       let index = parameters.firstIndex(of: p) {
                        adders[ref.function.signature] = (index, name)
                    }
                    if FrameworkModel.collectionRemoves.contains(call.name) { removers.insert(ref.function.signature) }
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

extension TypeIndex {
    /// A stored collection (or protocol requirement) of coordinators: `[Coordinator]`,
    /// `Set<BaseCoordinator>`, `[String: Coordinator]`, `NSMutableArray` named like one.
    public func isChildCollection(named name: String, of owner: String) -> Bool {
        let property = self.property(named: name, of: owner)?.property
            ?? self[owner]?.properties.first { $0.name == name }
        guard let property, let type = property.type else { return false }
        if type.container == .none {
            return ["NSMutableArray", "NSMutableSet", "NSMutableDictionary"].contains(type.name)
                && name.lowercased().contains("coordinator") || (type.name == "NSMutableArray" && name.lowercased().contains("child"))
        }
        if let resolved = resolve(type.name, from: owner), let element = self[resolved] {
            return element.category == .coordinator || (element.kind == .protocol && knowledge.namesCoordinator(resolved))
        }
        return knowledge.namesCoordinator(type.name)
    }
}

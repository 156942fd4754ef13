import CoordLintCore

/// The project's functions by owner type, with what each stores of its parameters: computed once,
/// read by the evaluator (method references) and the store recorder (arguments kept by a callee).
struct Callables: Sendable {
    struct Callable: Sendable {
        var function: FunctionFact
        /// For each parameter (by index), the properties of `self` the body assigns it to (`self.p = param`).
        var storedParameters: [[String]]
    }

    private var byOwner: [String: [Callable]] = [:]
    private var methodNames: [String: Set<String>] = [:]

    init(functions: [FunctionRef]) {
        for ref in functions {
            guard let owner = ref.owner else { continue }
            let function = ref.function
            var stored = Array(repeating: [String](), count: function.parameters.count)
            let parameterNames = Set(function.parameters.map(\.name))
            for (index, parameter) in function.parameters.enumerated() {
                for event in function.events where event.closure == nil {
                    switch event.kind {
                    case .assignment(let target, "=", .name(parameter.name)):
                        switch target {
                        case .member(.selfReference, let property): stored[index].append(property)
                        case .name(let property) where !parameterNames.contains(property): stored[index].append(property)
                        default: break
                        }
                    // `rows.append(row)`: the parameter is kept in a collection property.
                    case .call(let call) where KnowledgeTables.collectionAdds.contains(call.name)
                        && call.arguments.first?.value == .name(parameter.name):
                        switch call.base {
                        case .member(.selfReference, let property)?: stored[index].append(property)
                        case .name(let property)? where !parameterNames.contains(property): stored[index].append(property)
                        default: break
                        }
                    default:
                        break
                    }
                }
            }
            byOwner[owner, default: []].append(Callable(function: function, storedParameters: stored))
            if function.kind == .method { methodNames[owner, default: []].insert(function.name) }
        }
    }

    /// The method a call on `owner` resolves to by base name: `owner`'s own, else the first of its
    /// family (superclasses, then protocols and their extensions) that declares one.
    func method(_ name: String, on owner: String, family: Set<String>) -> FunctionFact? {
        for type in [owner] + family.subtracting([owner]).sorted() {
            if let callable = byOwner[type]?.first(where: { $0.function.kind == .method && $0.function.name == name }) {
                return callable.function
            }
        }
        return nil
    }

    /// Whether `owner` declares a method with this base name.
    func hasMethod(_ name: String, of owner: String) -> Bool {
        methodNames[owner]?.contains(name) == true
    }

    /// The functions of `owner` a call with these labels may be: initializers, or methods of that name.
    func candidates(of owner: String, kind: FunctionFact.Kind, name: String) -> [Callable] {
        (byOwner[owner] ?? []).filter { $0.function.kind == kind && (kind == .initializer || $0.function.name == name) }
    }

    /// The first candidate whose parameters accept the call's labels.
    func match(_ call: CallExpression, of owner: String, kind: FunctionFact.Kind) -> (callable: Callable?, candidates: Int) {
        let candidates = candidates(of: owner, kind: kind, name: call.name)
        let labels = call.arguments.map(\.label)
        let matching = candidates.first { candidate in
            candidate.function.parameters.count >= labels.count
                && zip(candidate.function.parameters, labels).allSatisfy { $0.label == $1 || $1 == nil }
        }
        return (matching, candidates.count)
    }
}

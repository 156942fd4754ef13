import CoordLintCore

/// Project functions that return a publisher completing after at most one value: every `return` is a
/// chain whose head is a one-shot publisher (`session.dataTaskPublisher(for:)`, `Future { … }`,
/// `Just(x)`) or a call of another such function, resolved by its receiver's declared type
/// (`Mastodon.API.Timeline.home(…)`, `self.session…`, a parameter). A subscription made on one ends with
/// the request, so its closures are not kept for long. Unresolved heads make a function "not known".
enum OneShotPublishers {
    static func functions(_ functions: [FunctionRef], types: TypeIndex, callables: Callables) -> Set<SourceLocation> {
        let byLocation = Dictionary(functions.map { ($0.function.location, $0) }, uniquingKeysWith: { first, _ in first })
        var memo: [SourceLocation: Bool] = [:]

        func isOneShot(_ ref: FunctionRef) -> Bool {
            let key = ref.function.location
            if let known = memo[key] { return known }
            memo[key] = false  // a recursive function is not known to complete
            let returned = ref.function.returnedExpressions(inClosure: nil)
            let result = !returned.isEmpty && returned.allSatisfy { startsOneShot($0, in: ref) }
            memo[key] = result
            return result
        }

        func startsOneShot(_ expression: ValueExpression, in ref: FunctionRef) -> Bool {
            guard case .call(var head) = expression else { return false }
            while case .call(let inner)? = head.base { head = inner }
            if KnowledgeTables.oneShotPublishers.contains(head.name) { return true }
            guard let receiver = declaredType(of: head.base, in: ref) else { return false }
            for owner in [receiver] + types.family(of: receiver).subtracting([receiver]).sorted() {
                let (callable, _, candidates) = callables.match(head, of: owner, kind: .method)
                if let callable, let callee = byLocation[callable.function.location] { return isOneShot(callee) }
                if candidates > 0 { return false }  // several overloads accept it: unknown
            }
            return false
        }

        /// The project type a receiver expression is declared as: `self`, a parameter, a property of
        /// the owner (or of a receiver), or a type name (`Mastodon.API.Timeline`).
        func declaredType(of base: ValueExpression?, in ref: FunctionRef) -> String? {
            guard let base else { return ref.owner }
            switch base {
            case .selfReference:
                return ref.owner
            case .name(let name):
                if let parameter = ref.function.parameters.first(where: { $0.name == name }) {
                    return parameter.type.flatMap { types.resolve($0.name, from: ref.owner) }
                }
                if let owner = ref.owner, let (_, property) = types.property(named: name, of: owner) {
                    return property.type.flatMap { types.resolve($0.name, from: owner) }
                }
                return types.resolve(name, from: ref.owner)
            case .member(let inner, let member):
                if let path = dottedPath(base), let resolved = types.resolve(path, from: ref.owner) { return resolved }
                guard let holder = declaredType(of: inner, in: ref),
                      let (_, property) = types.property(named: member, of: holder) else { return nil }
                return property.type.flatMap { types.resolve($0.name, from: holder) }
            default:
                return nil
            }
        }

        func dottedPath(_ expression: ValueExpression) -> String? {
            switch expression {
            case .name(let name): return name
            case .member(let inner, let member): return dottedPath(inner).map { "\($0).\(member)" }
            default: return nil
            }
        }

        var result: Set<SourceLocation> = []
        for ref in functions where ref.function.kind == .method && isOneShot(ref) {
            result.insert(ref.function.location)
        }
        return result
    }
}

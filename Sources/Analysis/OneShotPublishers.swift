import CoordLintCore

/// Project functions that return a publisher completing after at most one value: every `return` is a
/// chain whose head is a one-shot publisher (`session.dataTaskPublisher(for:)`, `Future { … }`,
/// `Just(x)`) or a call of another such function, resolved by its receiver's declared type
/// (`Mastodon.API.Timeline.home(…)`, `self.session…`, a parameter). A subscription made on one ends with
/// the request, so its closures are not kept for long. Unresolved heads make a function "not known".
enum OneShotPublishers {
    private struct ImplementationKey: Hashable {
        var owner: String
        var signature: String
    }

    static func functions(_ functions: [FunctionRef], types: TypeIndex, callables: Callables,
                          closures: (ClosureRef) -> ClosureFact) -> Set<SourceLocation> {
        let byLocation = Dictionary(functions.map { ($0.function.location, $0) }, uniquingKeysWith: { first, _ in first })
        var memo: [SourceLocation: Bool] = [:]
        // Names extensions declare methods on that name no project type (`extension APIKitSession`, an alias of
        // a library's class): calls on that name are calls of those methods.
        let extendedNames = Set(functions.compactMap { ref in ref.owner.flatMap { types[$0] == nil ? $0 : nil } })

        // A protocol's requirement is one-shot when every implementation a conforming type declares is.
        let bySignature = Dictionary(grouping: functions.filter { $0.owner != nil }, by: { ImplementationKey(owner: $0.owner!, signature: $0.function.signature) })
        var conformers: [String: [String]] = [:]  // by protocol, found once
        func implementations(of ref: FunctionRef) -> [FunctionRef]? {
            guard let owner = ref.owner, types[owner]?.kind == .protocol else { return nil }
            if conformers[owner] == nil {
                conformers[owner] = types.sortedNames.filter { name in
                    name != owner && types[name]?.kind != .protocol && types.family(of: name).contains(owner)
                }
            }
            return conformers[owner]!.flatMap { bySignature[ImplementationKey(owner: $0, signature: ref.function.signature)] ?? [] }
        }

        func isOneShot(_ ref: FunctionRef) -> Bool {
            let key = ref.function.location
            if let known = memo[key] { return known }
            memo[key] = false  // a recursive function is not known to complete
            let result: Bool
            if let declared = ref.function.returnType, declared.container == .none,
               KnowledgeTables.singleEventTypes.contains(Knowledge.simpleName(declared.name)) {
                result = true  // `-> Completable`: one event at most, by its type
            } else if let implementations = implementations(of: ref) {
                result = !implementations.isEmpty && implementations.allSatisfy(isOneShot)
            } else {
                let returned = ref.function.returnedExpressions(inClosure: nil)
                result = !returned.isEmpty && returned.allSatisfy { startsOneShot($0, in: ref, closure: nil) }
            }
            memo[key] = result
            return result
        }

        /// `closure`: the closure of `ref`'s body the expression is in (nil: the body itself).
        func startsOneShot(_ expression: ValueExpression, in ref: FunctionRef, closure: Int?, depth: Int = 0) -> Bool {
            guard depth < 8 else { return false }
            var head: CallExpression
            switch expression {
            case .call(let call): head = call
            // `return publisher` where `let publisher = Deferred { … }` (bound once, never assigned).
            case .name(let local):
                return ref.function.soleBinding(of: local, inClosure: closure)
                    .map { startsOneShot($0, in: ref, closure: closure, depth: depth + 1) } ?? false
            default: return false
            }
            while case .call(let inner)? = head.base { head = inner }
            if KnowledgeTables.oneShotPublishers.contains(head.name) { return true }
            // `Deferred { Future { … } }`: the publisher its closure makes, once subscribed.
            if head.base == nil, KnowledgeTables.deferredPublishers.contains(head.name) {
                guard case .closure(let id)? = head.arguments.last?.value else { return false }
                let made = closures(ClosureRef(file: ref.file, id: id))
                let returned = ref.function.returnedExpressions(inClosure: id) + (made.soleExpression.map { [$0] } ?? [])
                return !returned.isEmpty && returned.allSatisfy { startsOneShot($0, in: ref, closure: id, depth: depth + 1) }
            }
            // `publisher.eraseToAnyPublisher()` on such a local.
            if case .name(let local)? = head.base, let value = ref.function.soleBinding(of: local, inClosure: closure) {
                return startsOneShot(value, in: ref, closure: closure, depth: depth + 1)
            }
            // `return .just(x)` in a function declared `-> AnyPublisher<…>`: the member of the declared result
            // type, or of the framework protocol it conforms to (a project's `extension Publisher`).
            if head.isImplicitMember, head.base == nil {
                guard closure == nil, let result = ref.function.returnType?.name else { return false }
                let written = Knowledge.simpleName(result)
                let owners = ([types.resolve(result, from: ref.owner) ?? written]
                    + (KnowledgeTables.frameworkConformances[written] ?? [])).filter { types[$0] != nil || extendedNames.contains($0) }
                return calls(head, on: owners)
            }
            guard let receiver = declaredType(of: head.base, in: ref) else { return false }
            // A bare call no method of the owner's family takes: the project's free function
            // (`asFutureThrowable { … }` returning `Future { … }`).
            let owners = [receiver] + types.family(of: receiver).subtracting([receiver]).sorted()
                + (head.base == nil && !head.isImplicitMember ? [Callables.freeFunctions] : [])
            return calls(head, on: owners)
        }

        /// Whether `call` resolves, on the first of `owners` declaring a method it matches, to a one-shot one.
        func calls(_ call: CallExpression, on owners: [String]) -> Bool {
            for owner in owners {
                let (callable, _, candidates) = callables.match(call, of: owner, kind: .method)
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
                return types.resolve(name, from: ref.owner) ?? (extendedNames.contains(name) ? name : nil)
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

import CoordLintCore

/// A parameter of a project function, by the function's declaration.
struct ParameterKey: Hashable, Sendable {
    var function: SourceLocation
    var name: String
}

/// A closure made in a function that captures one of its parameters (not rebound by a local).
struct CapturedParameter: Hashable, Sendable {
    var closure: ClosureRef
    var parameter: ParameterKey
}

/// What a call hands to a project function's parameter: the argument's types, or the caller's own
/// parameter passed on by name (`dependency: dependency`), whose callers decide what it is.
struct ParameterArgument: Hashable, Sendable {
    var parameter: ParameterKey
    var types: [String]
    var forwarded: ParameterKey?
}

/// Records both, for `CapturedParameters.resolve`.
struct CapturedParameterRecorder: Recorder {
    let types: TypeIndex
    let callables: Callables

    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        switch observation {
        case .closure(let ref, let environment):
            for name in environment.keys where Self.isParameter(name, in: scope) {
                results.capturedParameters.insert(CapturedParameter(
                    closure: ref, parameter: ParameterKey(function: scope.location, name: name)))
            }
        case .call(let call):
            for (callee, binding) in callees(of: call) {
                for (index, parameterIndex) in binding.enumerated()
                where index < call.arguments.count && parameterIndex < callee.parameters.count {
                    var forwarded: ParameterKey?
                    if case .name(let name) = call.call.arguments[index].value, Self.isParameter(name, in: scope) {
                        forwarded = ParameterKey(function: scope.location, name: name)
                    }
                    let kept = call.arguments[index].kept
                    guard !kept.isEmpty || forwarded != nil else { continue }
                    results.parameterArguments.insert(ParameterArgument(
                        parameter: ParameterKey(function: callee.location, name: callee.parameters[parameterIndex].name),
                        types: kept, forwarded: forwarded))
                }
            }
        default:
            return
        }
    }

    private static func isParameter(_ name: String, in scope: FunctionScope) -> Bool {
        scope.parameters[name] != nil && scope.locals[name] == nil
    }

    /// The project function a call resolves to on each receiver type (one per type, by its arguments).
    private func callees(of call: EvaluatedCall) -> [(FunctionFact, [Int])] {
        switch call.target {
        case .method where call.isProjectMethod:
            return call.receiver.types.compactMap { type in
                callables.resolvedMethodBinding(call.call, on: type, family: types.family(of: type))
                    .map { ($0.callable.function, $0.binding) }
            }
        case .initializer(let type?) where call.call.base == nil:
            let (callable, binding, _) = callables.match(call.call, of: type, kind: .initializer)
            return callable.map { [($0.function, binding)] } ?? []
        default:
            return []
        }
    }
}

/// What a closure that captures a parameter keeps: what every caller passes there, followed through
/// callers that pass on their own parameter (a bounded number of calls up).
enum CapturedParameters {
    static let maximumDepth = 4

    /// The environments with each captured parameter's value widened by the types its callers pass.
    static func resolve(_ recordings: Recordings) -> [ClosureRef: [String: Value]] {
        var environments = recordings.environments
        guard !recordings.capturedParameters.isEmpty else { return environments }
        let arguments = Dictionary(grouping: recordings.parameterArguments, by: \.parameter)
        func passed(to key: ParameterKey, depth: Int, seen: inout Set<ParameterKey>) -> [String] {
            guard depth < maximumDepth, seen.insert(key).inserted else { return [] }
            var result: [String] = []
            for argument in arguments[key] ?? [] {
                result += argument.types
                if let forwarded = argument.forwarded { result += passed(to: forwarded, depth: depth + 1, seen: &seen) }
            }
            return result
        }
        for captured in recordings.capturedParameters {
            var seen: Set<ParameterKey> = []
            let types = passed(to: captured.parameter, depth: 0, seen: &seen)
            guard !types.isEmpty, var value = environments[captured.closure]?[captured.parameter.name] else { continue }
            for type in Set(types).sorted() where !value.types.contains(type) { value.types.append(type) }
            environments[captured.closure]![captured.parameter.name] = value
        }
        return environments
    }
}

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
/// parameter passed on by name (`dependency: dependency`), whose callers decide what it is; and when
/// the argument is a view controller's own list view (`for: tableView`), that controller and property.
struct ParameterArgument: Hashable, Sendable {
    var parameter: ParameterKey
    var types: [String]
    var forwarded: ParameterKey?
    var ownList: ListProperty? = nil
    /// The closure handed there (`initialPopulationHandler: { … }`): what captures the parameter keeps it.
    var closure: ClosureRef? = nil
}

/// A list-view property of the view controller that owns that list.
struct ListProperty: Hashable, Sendable {
    var holder: String
    var property: String
}

/// Records both, for `CapturedParameters.resolve`.
struct CapturedParameterRecorder: Recorder {
    let types: TypeIndex
    let callables: Callables
    /// Locals that hold a parameter again (`guard let dependency = dependency` inside a
    /// `[weak dependency]` closure): passing one on passes the parameter's object.
    private var rebound: [String: String] = [:]

    init(types: TypeIndex, callables: Callables) {
        self.types = types
        self.callables = callables
    }

    mutating func begin(_ scope: FunctionScope) { rebound = [:] }

    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        switch observation {
        case .binding(let name, let expression, _, _):
            if case .name(let source)? = expression, Self.isParameter(source, in: scope) {
                rebound[name] = source
            } else {
                rebound[name] = nil
            }
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
                    if case .name(let name) = call.call.arguments[index].value {
                        if Self.isParameter(name, in: scope) {
                            forwarded = ParameterKey(function: scope.location, name: name)
                        } else if let source = rebound[name] {
                            forwarded = ParameterKey(function: scope.location, name: source)
                        }
                    }
                    var kept = call.arguments[index].kept
                    // `sourceView: cell.toolbar.moreButton`: the object a property keeps, when coordlint cannot see
                    // its type (the `Toolbar.moreButton` node, when code stores a closure on it).
                    if kept.isEmpty, let at = call.arguments[index].storedAt, let property = at.property, at.strength == .strong {
                        kept = [OpaqueObjectClosure.nodeID(holder: at.holder, property: property)]
                    }
                    let ownList = scope.owner.flatMap { owner in
                        ListViews(types: types).ownListProperty(call.call.arguments[index].value, in: scope, owner: owner)
                            .map { ListProperty(holder: owner, property: $0) }
                    }
                    let closure = callee.parameters[parameterIndex].type?.isFunction == true ? call.arguments[index].closure : nil
                    guard !kept.isEmpty || forwarded != nil || ownList != nil || closure != nil else { continue }
                    results.parameterArguments.insert(ParameterArgument(
                        parameter: ParameterKey(function: callee.location, name: callee.parameters[parameterIndex].name),
                        types: kept, forwarded: forwarded, ownList: ownList, closure: closure))
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
        for captured in recordings.capturedParameters {
            let types = passed(to: captured.parameter, arguments).flatMap(\.types)
            guard !types.isEmpty, var value = environments[captured.closure]?[captured.parameter.name] else { continue }
            for type in Set(types).sorted() where !value.types.contains(type) { value.types.append(type) }
            environments[captured.closure]![captured.parameter.name] = value
        }
        return environments
    }

    /// The closures callers hand to a function-typed parameter that a closure of the callee captures
    /// (`shareQuery.handler = { query in initialPopulationHandler(query.results) }`): that closure keeps them.
    static func passedClosures(_ recordings: Recordings) -> [ClosureRef: [String: [ClosureRef]]] {
        guard !recordings.capturedParameters.isEmpty else { return [:] }
        let arguments = Dictionary(grouping: recordings.parameterArguments.filter { $0.closure != nil || $0.forwarded != nil },
                                   by: \.parameter)
        var result: [ClosureRef: [String: [ClosureRef]]] = [:]
        for captured in recordings.capturedParameters {
            let closures = Set(passed(to: captured.parameter, arguments).compactMap(\.closure))
            guard !closures.isEmpty else { continue }
            result[captured.closure, default: [:]][captured.parameter.name] = closures.sorted { ($0.file, $0.id) < ($1.file, $1.id) }
        }
        return result
    }

    /// Cells dequeued from a list received as a parameter: kept by each view controller that passes its
    /// own list there (through the list, as if it had dequeued them itself).
    static func cellContainers(_ recordings: Recordings) -> Set<ContainerOwnership> {
        guard !recordings.parameterCells.isEmpty else { return [] }
        let arguments = Dictionary(grouping: recordings.parameterArguments, by: \.parameter)
        var result: Set<ContainerOwnership> = []
        for item in recordings.parameterCells {
            for list in Set(passed(to: item.list, arguments).compactMap(\.ownList)) {
                result.insert(ContainerOwnership(holder: list.holder, via: list.property, strength: .strong,
                                                 target: item.cell, call: item.call, location: item.location))
            }
        }
        return result
    }

    /// Every argument handed to a parameter, and to the callers' parameters it was passed on from.
    private static func passed(to key: ParameterKey, _ arguments: [ParameterKey: [ParameterArgument]]) -> [ParameterArgument] {
        var seen: Set<ParameterKey> = []
        func walk(_ key: ParameterKey, depth: Int) -> [ParameterArgument] {
            guard depth < maximumDepth, seen.insert(key).inserted else { return [] }
            var result: [ParameterArgument] = []
            for argument in arguments[key] ?? [] {
                result.append(argument)
                if let forwarded = argument.forwarded { result += walk(forwarded, depth: depth + 1) }
            }
            return result
        }
        return walk(key, depth: 0)
    }
}

import CoordLintCore

/// `Task { await handleCameraPreviews() }` where `handleCameraPreviews()` loops `for await` over
/// `camera.previewStream`, an `AsyncStream` property of an object self keeps, which that object's code
/// never finishes: the stream keeps the task waiting on it (its pending continuation), and the task keeps
/// what its closure captures. The loop ends only when the stream finishes, so self and the object keep
/// each other (home-assistant barcode scanner model).
struct AwaitingTask: Hashable, Sendable {
    /// The closure handed to `Task`, the type whose code starts it, and the method of `self` it calls.
    var closure: ClosureRef
    var owner: String
    var method: String
}

/// Records, per function, the closures handed to a `Task` nothing keeps and the methods of `self` they call.
struct AwaitingTaskRecorder: Recorder {
    private var taskClosures: Set<Int> = []
    private var keptTaskClosures: Set<Int> = []
    private var selfCalls: [(closure: Int, method: String)] = []

    mutating func begin(_ scope: FunctionScope) {
        taskClosures = []
        keptTaskClosures = []
        selfCalls = []
    }

    /// The closures a `Task { … }` call takes (none when the call makes no task).
    private static func taskClosures(of call: CallExpression) -> [Int] {
        guard call.base == nil, KnowledgeTables.taskConstructors.contains(call.name) else { return [] }
        return call.arguments.compactMap { argument in
            if case .closure(let id) = argument.value { return id }
            return nil
        }
    }

    private mutating func forget(_ expression: ValueExpression) {
        if case .call(let call) = expression { keptTaskClosures.formUnion(Self.taskClosures(of: call)) }
    }

    mutating func end(_ scope: FunctionScope, into results: inout Recordings) {
        guard let owner = scope.owner else { return }
        for call in selfCalls where taskClosures.contains(call.closure) && !keptTaskClosures.contains(call.closure) {
            results.awaitingTasks.insert(AwaitingTask(
                closure: ClosureRef(file: scope.file, id: call.closure), owner: owner, method: call.method))
        }
    }

    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        // A task kept in a property or a local may be cancelled: only a task nothing keeps is followed.
        switch observation {
        case .assignment(let assignment): forget(assignment.expression)
        case .binding(_, let expression?, _, _): forget(expression)
        default: break
        }
        guard case .call(let evaluated) = observation, let owner = scope.owner else { return }
        let started = Self.taskClosures(of: evaluated.call)
        if !started.isEmpty {
            taskClosures.formUnion(started)
        } else if let closure = scope.closure, evaluated.isProjectMethod, evaluated.receiver.isSelf,
                  evaluated.receiver.types.contains(owner) {
            selfCalls.append((closure, evaluated.call.name))
        }
    }
}

/// A stream property that keeps the closure of a task awaiting it (through the method the task calls).
struct AwaitedStream: Sendable {
    var holder: String
    var property: String
    var closure: ClosureRef
    var location: SourceLocation
}

public enum AwaitedStreams {
    /// How the stream's keeping of the task is named on its edge.
    public static let storageCall = "a task awaiting it"
    static func resolve(_ tasks: Set<AwaitingTask>, functions: [FunctionRef], types: TypeIndex) -> [AwaitedStream] {
        guard !tasks.isEmpty else { return [] }
        let byOwner = Dictionary(grouping: functions.filter { $0.owner != nil }, by: { $0.owner! })
        func finishes(_ type: String) -> Bool {
            (byOwner[type] ?? []).contains { ref in
                ref.function.events.contains { event in
                    if case .call(let call) = event.kind { return KnowledgeTables.streamFinishCalls.contains(call.name) }
                    return false
                }
            }
        }
        var result: [AwaitedStream] = []
        for task in tasks.sorted(by: { ($0.closure, $0.method) < ($1.closure, $1.method) }) {
            let family = [task.owner] + types.family(of: task.owner).subtracting([task.owner]).sorted()
            let methods = family.flatMap { byOwner[$0] ?? [] }.filter { $0.function.name == task.method && $0.function.kind == .method }
            for method in methods {
                for awaited in method.function.awaitedSequences {
                    // `let imageStream = camera.previewStream.map(\.image)` … `for await image in imageStream`.
                    var sequence = awaited
                    if case .name(let local) = awaited, let bound = boundExpression(local, in: method.function) { sequence = bound }
                    guard let (holder, property) = stream(sequence, in: method.function, of: task.owner, types: types),
                          !finishes(holder) else { continue }
                    result.append(AwaitedStream(holder: holder, property: property, closure: task.closure,
                                                location: method.function.location))
                }
            }
        }
        return result
    }

    /// The expression a local of the function's own body is bound to, when it is bound once.
    private static func boundExpression(_ local: String, in function: FunctionFact) -> ValueExpression? {
        let bindings = function.events.compactMap { event -> ValueExpression?? in
            guard event.closure == nil, case .binding(local, _, let expression) = event.kind else { return nil }
            return expression
        }
        guard bindings.count == 1, let only = bindings[0] else { return nil }
        return only
    }

    /// `camera.previewStream.map(\.image)`: the project object self keeps in `camera`, and its stream
    /// property, when the property is written as a stream type (operators after it are looked through).
    private static func stream(_ sequence: ValueExpression, in function: FunctionFact, of owner: String,
                               types: TypeIndex) -> (String, String)? {
        var expression = sequence
        while case .call(let call) = expression, let base = call.base { expression = base }
        guard case .member(let base, let property) = expression else { return nil }
        let name: String
        switch base {
        case .name(let written):
            // A name is self's property only when the function binds no local or parameter of that name.
            let isLocal = function.parameters.contains { $0.name == written } || function.events.contains { event in
                if case .binding(written, _, _) = event.kind { return true }
                return false
            }
            if isLocal { return nil }
            name = written
        case .member(.selfReference, let written): name = written
        default: return nil
        }
        guard let (declaring, kept) = types.property(named: name, of: owner), types.isRetainingReference(kept, of: declaring),
              let keptType = kept.type, keptType.container == .none,
              let holder = types.resolve(keptType.name, from: owner), types[holder]?.kind == .class,
              let (_, stream) = types.property(named: property, of: holder),
              let streamType = stream.type, KnowledgeTables.unendingStreamTypes.contains(Knowledge.simpleName(streamType.name))
        else { return nil }
        return (holder, property)
    }
}

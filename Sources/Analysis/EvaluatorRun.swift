import CoordLintCore
import Foundation

extension Evaluator {
    /// Evaluates every function, in parallel over the cores (each worker has its own recorders and
    /// results, merged as sets: the order of work does not show in the output).
    static func run(_ functions: [FunctionRef], types: TypeIndex, callables: Callables,
                    recorders: @escaping @Sendable () -> [any Recorder],
                    closures: @escaping @Sendable (ClosureRef) -> ClosureFact) -> Recordings {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, functions.count / 500 + 1))
        let results = ResultSlots<Recordings>(count: workers)
        let clock = PhaseClock(prefix: "    ")
        Workers.run(workers) { worker in
            var evaluator = Evaluator(types: types, callables: callables, recorders: recorders(), closures: closures)
            for index in stride(from: worker, to: functions.count, by: workers) { evaluator.run(functions[index]) }
            results.set(worker, evaluator.results)
        }
        clock.lap("evaluating on \(workers) workers")
        // Into the largest result: a union into an empty set would hash every record again.
        var values = results.values.compactMap { $0 }
        guard let largest = values.indices.max(by: { values[$0].stores.count < values[$1].stores.count }) else { return Recordings() }
        var merged = values.remove(at: largest)
        for result in values { merged.merge(result) }
        clock.lap("merging")
        return merged
    }

    /// What a call is when no project method of its receiver's type takes it: a framework API the
    /// knowledge table names, an initializer, a static factory, or a method of an unknown receiver.
    func classify(_ call: CallExpression, receiver: Value) -> CallTarget {
        if call.base != nil, KnowledgeTables.cancellableStoreCalls.contains(call.signature) { return .cancellableStore }
        // `Timer.scheduledTimer(…)`, `Timer.init(…)`: the framework's own factories, never a project's extension
        // (`Timer.weakScheduledTimer(…)`, whose body decides).
        if case .name(let name)? = call.base, KnowledgeTables.targetTimerTypes.contains(name),
           call.name == "init" || knowledge.closureAPI(call.name) == .timer { return .closureAPI(.timer) }
        if call.base == nil, KnowledgeTables.targetTimerTypes.contains(call.name) { return .closureAPI(.timer) }
        if call.base != nil, let kind = knowledge.closureAPI(call.name), kind != .transient { return .closureAPI(kind) }
        // Objective-C: `[[T alloc] init...]`.
        if call.name.hasPrefix("init"), call.base.map(Evaluator.isAllocation) == true {
            return .initializer(type: receiver.types.first)
        }
        if call.base == nil, call.name.first?.isUppercase == true {
            return .initializer(type: types.resolve(call.name, from: scope.owner))
        }
        if case .name(let base)? = call.base, base.first?.isUppercase == true, scope.locals[base] == nil {
            // `UserCell.ViewModel(…)`: the project's nested type's initializer, not a factory of `UserCell`.
            if call.name.first?.isUppercase == true, let outer = types.resolve(base, from: scope.owner),
               let nested = types.resolve("\(outer).\(call.name)", from: nil), types[nested] != nil {
                return .initializer(type: nested)
            }
            return .staticFactory(type: types.resolve(base, from: scope.owner))
        }
        return .method(receivers: call.base != nil ? receiver.types : scope.owner.map { [$0] } ?? [])
    }
}

import CoordLintCore
import Foundation

extension Evaluator {
    /// Evaluates every function, in parallel over the cores (each worker has its own recorders and
    /// results, merged as sets: the order of work does not show in the output).
    static func run(_ functions: [FunctionRef], types: TypeIndex, callables: Callables,
                    recorders: @escaping @Sendable () -> [any Recorder],
                    closures: @escaping @Sendable (ClosureRef) -> ClosureFact) -> Recordings {
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, functions.count / 500 + 1))
        let results = LockedArray<Recordings>()
        Workers.run(workers) { worker in
            var evaluator = Evaluator(types: types, callables: callables, recorders: recorders(), closures: closures)
            for index in stride(from: worker, to: functions.count, by: workers) { evaluator.run(functions[index]) }
            results.append(evaluator.results)
        }
        var merged = Recordings()
        for result in results.values { merged.merge(result) }
        return merged
    }
}

/// An array appended to from several threads.
final class LockedArray<Element>: @unchecked Sendable {
    private var storage: [Element] = []
    private let lock = NSLock()
    func append(_ element: Element) { lock.lock(); storage.append(element); lock.unlock() }
    var values: [Element] { lock.lock(); defer { lock.unlock() }; return storage }
}

import Foundation

/// Threads with large stacks, for work that recurses once per nesting level of its input (syntax
/// trees, fact expressions): a deep file must not overflow a stack. The memory is only reserved.
public enum Workers {
    public static let stackSize = 1 << 30

    /// Runs `work(worker)` for each worker index on its own thread and waits for all of them.
    public static func run(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) {
        let done = DispatchGroup()
        for worker in 0..<max(count, 1) {
            done.enter()
            let thread = Thread {
                work(worker)
                done.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        done.wait()
    }

    /// Two independent computations at once, each on its own worker thread.
    public static func both<A, B>(_ first: @escaping @Sendable () -> A, _ second: @escaping @Sendable () -> B) -> (A, B) {
        let results = Pair<A, B>()
        run(2) { worker in
            if worker == 0 { results.first = first() } else { results.second = second() }
        }
        return (results.first!, results.second!)
    }

    /// Written by one thread each before `run` returns; read after.
    private final class Pair<A, B>: @unchecked Sendable {
        var first: A?
        var second: B?
    }
}

/// `COORDLINT_TIMING=1`: each phase's wall time on standard error (for the benchmark; not a test).
public final class PhaseClock: @unchecked Sendable {
    private let enabled = ProcessInfo.processInfo.environment["COORDLINT_TIMING"] != nil
    private var last = DispatchTime.now()
    private let prefix: String

    /// `prefix` indents the laps of a phase inside another (the program phase's steps).
    public init(prefix: String = "") { self.prefix = prefix }

    public func lap(_ phase: String) {
        guard enabled else { return }
        let now = DispatchTime.now()
        let seconds = Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e9
        FileHandle.standardError.write(Data(String(format: "coordlint: %@%.3f s %@\n", prefix, seconds, phase).utf8))
        last = now
    }
}

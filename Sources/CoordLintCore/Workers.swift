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
        let firsts = ResultSlots<A>(count: 1)
        let seconds = ResultSlots<B>(count: 1)
        run(2) { worker in
            if worker == 0 { firsts.set(0, first()) } else { seconds.set(0, second()) }
        }
        return (firsts.values[0]!, seconds.values[0]!)
    }
}

/// One result per worker (or per file), each written by the thread that computed it, read after.
public final class ResultSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()
    public init(count: Int) { slots = Array(repeating: nil, count: count) }
    public func set(_ index: Int, _ value: T) { lock.lock(); slots[index] = value; lock.unlock() }
    public var values: [T?] { lock.lock(); defer { lock.unlock() }; return slots }
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

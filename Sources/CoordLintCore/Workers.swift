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
}

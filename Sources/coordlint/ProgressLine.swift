import Foundation

/// A progress line on standard error, only when it is a terminal and the run takes over a second.
final class ProgressLine: @unchecked Sendable {
    private let enabled: Bool
    private var shown = false
    private var finished = false
    private let lock = NSLock()

    init(quiet: Bool) {
        enabled = !quiet && isatty(STDERR_FILENO) != 0
    }

    func start(_ message: String) {
        guard enabled else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [weak self] in
            guard let self else { return }
            self.lock.lock()
            defer { self.lock.unlock() }
            guard !self.finished else { return }
            self.shown = true
            FileHandle.standardError.write(Data("coordlint: \(message)…".utf8))
        }
    }

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        finished = true
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

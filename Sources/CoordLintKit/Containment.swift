import Foundation

/// Per-file containment. No single file may take a run down or stall it: the `coordlint` a user
/// starts is a supervisor that runs the same command in a worker process, which reports on standard
/// error when it begins and ends each file. When the worker dies (a crash in swift-syntax, libclang or
/// coordlint's own code) or one file passes its deadline (the worker is then killed), the supervisor
/// names the file responsible, starts the worker again with that file skipped, and the rest of the
/// project is analyzed. A crash with several files in flight makes those files suspects, which the
/// next worker parses one at a time before the others, so the next crash names one file.
///
/// Only the last worker's output reaches the user, so a file skipped this way costs exactly one
/// `coordlint: warning: FILE: …` line. The cost when nothing goes wrong is one process start and a
/// pipe (BENCHMARKS.md).
public enum Containment {
    /// Set in a worker's environment: the process is a worker (never supervises).
    public static let workerVariable = "COORDLINT_WORKER"
    /// Set by the user to run everything in one process (debugging; no containment).
    public static let inProcessVariable = "COORDLINT_IN_PROCESS"
    /// A JSON file the supervisor writes for the worker: the files to skip and the ones to isolate.
    static let planVariable = "COORDLINT_WORKER_PLAN"
    /// Each event line starts with this byte, which no diagnostic or report contains.
    static let eventMark: UInt8 = 0x01
    /// The default deadline for parsing and extracting one file.
    public static let defaultFileTimeout: Double = 20

    /// Whether this process is a worker (or was asked to do everything itself).
    public static var runsInProcess: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment[workerVariable] != nil || environment[inProcessVariable] != nil
    }

    /// What the supervisor tells a worker: files to skip (relative path → reason) and files to parse
    /// one at a time before the others (suspects of a crash with several files in flight).
    public struct Plan: Codable, Sendable, Equatable {
        public var skip: [String: String] = [:]
        public var isolate: [String] = []

        public init(skip: [String: String] = [:], isolate: [String] = []) {
            self.skip = skip
            self.isolate = isolate
        }

        /// The plan the supervisor handed this worker, if any.
        public static func current() -> Plan? {
            guard let path = ProcessInfo.processInfo.environment[planVariable],
                  let data = FileManager.default.contents(atPath: path) else { return nil }
            return try? JSONDecoder().decode(Plan.self, from: data)
        }
    }

    /// Events a worker writes on standard error around each file, read by the supervisor.
    public final class EventWriter: @unchecked Sendable {
        private let lock = NSLock()

        public init() {}

        public func begin(_ file: String) { write("B", file) }
        public func end(_ file: String) { write("E", file) }

        private func write(_ kind: String, _ file: String) {
            // JSON-quoted: a file name may hold a newline.
            var line = Data([Containment.eventMark])
            line.append(Data("\(kind) \(Containment.quoted(file))\n".utf8))
            lock.lock()
            FileHandle.standardError.write(line)
            lock.unlock()
        }
    }

    /// Parses one event line (without its newline): kind and file.
    public static func parseEvent(_ line: Data) -> (kind: Character, file: String)? {
        guard line.first == eventMark, line.count > 3 else { return nil }
        let body = line.dropFirst()
        guard let text = String(data: body, encoding: .utf8), let kind = text.first,
              let quoteStart = text.firstIndex(of: "\"") else { return nil }
        let quoted = text[quoteStart...]
        // Most names hold nothing escaped: the text between the quotes is the name.
        if quoted.count >= 2, quoted.last == "\"", !quoted.contains("\\") {
            let inner = quoted.dropFirst().dropLast()
            if !inner.contains("\"") { return (kind, String(inner)) }
        }
        guard let file = try? JSONDecoder().decode(String.self, from: Data(quoted.utf8)) else { return nil }
        return (kind, file)
    }

    /// A JSON string literal of `text` (what `JSONEncoder` writes for a string, without its cost: a
    /// worker writes two events a file).
    public static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
        return result
    }
}

extension Analyzer.Options {
    /// In a worker: skip and isolate what the supervisor said, and report each file's beginning and end.
    public mutating func adoptWorkerPlan() {
        guard let plan = Containment.Plan.current() else { return }
        containmentPlan = plan
        fileEvents = Containment.EventWriter()
    }
}

/// Runs the command the user typed in worker processes until one finishes, skipping each file that
/// crashes or stalls its worker.
public struct Supervisor {
    public var arguments: [String]
    public var fileTimeout: Double
    /// At most this many workers are started (each one names at least one file or narrows the suspects).
    public var maximumRestarts = 64

    public init(arguments: [String], fileTimeout: Double) {
        self.arguments = arguments
        self.fileTimeout = fileTimeout
    }

    /// Runs the workers; writes the last one's standard output and error as its own; returns its exit
    /// status.
    public func run() -> Int32 {
        var plan = Containment.Plan()
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("coordlint-plan-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for _ in 0...maximumRestarts {
            let outcome: WorkerOutcome
            do {
                try JSONEncoder().encode(plan).write(to: scratch)
                outcome = try runWorker(planPath: scratch.path)
            } catch {
                return fail("cannot start a worker process: \(error)")
            }
            switch outcome.ending {
            case .finished(let status):
                FileHandle.standardOutput.write(outcome.output)
                FileHandle.standardError.write(outcome.errors)
                return status
            case .timedOut(let file):
                plan.skip[file] = "skipped: parsing and analyzing it took longer than \(Self.seconds(fileTimeout)) (--file-timeout)"
                plan.isolate.removeAll { $0 == file }
            case .crashed(let signal, let inFlight):
                let suspects = inFlight.filter { plan.skip[$0] == nil }
                if suspects.count == 1 || (suspects.count > 1 && Set(suspects).isSubset(of: Set(plan.isolate))) {
                    // One file in flight (isolated suspects are parsed one at a time, so several in
                    // flight that were all isolated cannot happen; skip them all if it does).
                    for file in suspects {
                        plan.skip[file] = "skipped: coordlint crashed on it (signal \(signal)); please report it"
                    }
                    plan.isolate.removeAll { suspects.contains($0) }
                } else if suspects.count > 1 {
                    // Parse the suspects one at a time next: the next crash names one of them.
                    plan.isolate = suspects + plan.isolate.filter { !suspects.contains($0) }
                } else {
                    FileHandle.standardError.write(outcome.errors.filter { $0 != Containment.eventMark })
                    return fail("the analysis crashed (signal \(signal)) outside any one file's parsing; please report it")
                }
            }
        }
        return fail("too many files crashed or stalled the analysis; stopped after \(maximumRestarts) attempts")
    }

    private func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("coordlint: error: \(message)\n".utf8))
        return 2
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    // MARK: One worker

    struct WorkerOutcome {
        enum Ending { case finished(Int32), timedOut(String), crashed(signal: Int32, inFlight: [String]) }
        var ending: Ending
        var output: Data
        var errors: Data
    }

    private func runWorker(planPath: String) throws -> WorkerOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executablePath())
        process.arguments = Array(arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment[Containment.workerVariable] = "1"
        environment[Containment.planVariable] = planPath
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let state = WorkerState()
        let reading = DispatchGroup()
        reading.enter()
        Thread.detachNewThread {
            state.setOutput(stdout.fileHandleForReading.readDataToEndOfFile())
            reading.leave()
        }
        reading.enter()
        Thread.detachNewThread {
            Self.readErrors(stderr.fileHandleForReading, into: state)
            reading.leave()
        }
        // Woken when the worker ends, or every 20 ms to look for a stalled file.
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        var timedOut: String?
        while ended.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            if let stalled = state.fileOver(fileTimeout) {
                timedOut = stalled
                kill(process.processIdentifier, SIGKILL)
                break
            }
        }
        process.waitUntilExit()
        reading.wait()
        let (output, errors, inFlight) = state.snapshot()
        if let timedOut { return WorkerOutcome(ending: .timedOut(timedOut), output: output, errors: errors) }
        if process.terminationReason == .uncaughtSignal {
            return WorkerOutcome(ending: .crashed(signal: process.terminationStatus, inFlight: inFlight),
                                 output: output, errors: errors)
        }
        return WorkerOutcome(ending: .finished(process.terminationStatus), output: output, errors: errors)
    }

    /// Splits the worker's standard error into events (kept in `state`) and everything else.
    private static func readErrors(_ handle: FileHandle, into state: WorkerState) {
        var pending = Data()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            // Every whole line of the chunk, then what is left of it kept once (not copied per line).
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: 10) {
                let line = pending[start...newline]
                start = newline + 1
                if let event = Containment.parseEvent(Data(line.dropLast())) {
                    state.event(event.kind, event.file)
                } else {
                    state.appendError(Data(line))
                }
            }
            pending = Data(pending[start...])
        }
        if !pending.isEmpty { state.appendError(pending) }
    }

    /// This executable's path (the worker is the same binary).
    static func executablePath() -> String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}

/// What the supervisor knows of a running worker: its output so far and the files in flight.
private final class WorkerState: @unchecked Sendable {
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()
    /// File → when the worker began it; ordered by beginning.
    private var inFlight: [(file: String, since: DispatchTime)] = []

    func setOutput(_ data: Data) { lock.lock(); output = data; lock.unlock() }
    func appendError(_ data: Data) { lock.lock(); errors.append(data); lock.unlock() }

    func event(_ kind: Character, _ file: String) {
        lock.lock()
        defer { lock.unlock() }
        if kind == "B" {
            inFlight.append((file, .now()))
        } else {
            inFlight.removeAll { $0.file == file }
        }
    }

    /// The file in flight for longer than `seconds`, if any.
    func fileOver(_ seconds: Double) -> String? {
        lock.lock()
        defer { lock.unlock() }
        let now = DispatchTime.now().uptimeNanoseconds
        return inFlight.first { Double(now - $0.since.uptimeNanoseconds) / 1e9 > seconds }?.file
    }

    func snapshot() -> (Data, Data, [String]) {
        lock.lock()
        defer { lock.unlock() }
        return (output, errors, inFlight.map(\.file))
    }
}

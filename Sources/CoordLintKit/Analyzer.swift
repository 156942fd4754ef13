import Analysis
import CoordLintCore
import Foundation
import ObjCFrontend
import Reporters
import Rules
import SwiftFrontend

public let coordlintVersion = "0.1.0"

/// The pipeline: files → frontends (facts, per file, in parallel) → one program (graph, cycles) →
/// rules (findings) → filters → sorted findings. Embeddable; what the CLI and the tests drive.
public struct Analyzer {
    public struct Options: Sendable {
        public var jobs: Int
        /// Files larger than this are skipped with a diagnostic.
        public var maximumFileSize: Int
        public var configuration: Configuration
        /// Objective-C: extra arguments, compile commands, SDK stubs.
        public var objc: ObjCOptions
        /// Where per-file facts are cached (nil: no cache).
        public var cacheDirectory: String?
        /// Analyze test code too (test folders and files, XCTestCase subclasses).
        public var includeTests = false
        /// Follow symbolic links to directories outside the analyzed root.
        public var followLinks = false
        /// In a worker process: what the supervisor said to skip and to parse one at a time first.
        public var containmentPlan = Containment.Plan()
        /// In a worker process: tells the supervisor when each file begins and ends.
        public var fileEvents: Containment.EventWriter?

        public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                    maximumFileSize: Int = 8 * 1024 * 1024, configuration: Configuration = Configuration(),
                    objc: ObjCOptions = ObjCOptions(), cacheDirectory: String? = nil) {
            self.cacheDirectory = cacheDirectory
            self.jobs = max(1, jobs)
            self.maximumFileSize = maximumFileSize
            self.configuration = configuration
            self.objc = objc
        }
    }

    public struct Result: Sendable {
        public var findings: [Finding]
        public var diagnostics: [InputDiagnostic]
        public var files: Int
        public var types: Int
        public var program: Program
        /// Reads the analyzed files' lines back (for code point columns and fixes).
        public var sources: SourceStore

        public func report(version: String = coordlintVersion) -> Report {
            let sources = self.sources
            return Report(findings: findings, files: files, types: types, toolVersion: version,
                          rules: builtInRules.map { $0.description }, rootURI: sources.rootURI,
                          sourceLine: { sources.line($0, $1) })
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Analyzes every source file under `root` (a directory or a single file).
    public func run(root: String) -> Result {
        var collector = FileCollector()
        let configuration = options.configuration
        collector.excluded = { !configuration.includes($0) }
        collector.includeTests = options.includeTests
        collector.followLinksOutOfRoot = options.followLinks
        let clock = PhaseClock()
        let (files, collectionDiagnostics, projects) = collector.collect(root: root)
        let swiftVersion = FileCollector.oldestSwiftVersion(inProjects: projects.compactMap {
            try? String(contentsOfFile: $0, encoding: .utf8)
        })
        clock.lap("collect files")
        let (facts, parseDiagnostics) = extractFacts(files, root: root, objc: objcOptions(for: files))
        clock.lap("frontends (parallel)")
        let result = analyze(facts, diagnostics: collectionDiagnostics + parseDiagnostics, sources: SourceStore(root: root),
                             swiftVersion: swiftVersion, clock: clock)
        return result
    }

    /// Parses every file (swift-syntax or libclang) and discards the result: the benchmark's floor.
    /// Returns the number of files parsed and their total lines.
    public func parseOnly(root: String) -> (files: Int, lines: Int) {
        let (files, _, _) = FileCollector().collect(root: root)
        let objc = objcOptions(for: files)
        let lines = ResultSlots<Int>(count: files.count)
        let next = Counter()
        let maximumFileSize = options.maximumFileSize
        runWorkers(count: files.count) {
            while let index = next.take(below: files.count) {
                let file = files[index]
                guard let data = FileManager.default.contents(atPath: file.path), data.count <= maximumFileSize,
                      let text = String(data: data, encoding: .utf8) else { continue }
                switch file.language {
                case .swift: _ = SwiftFactExtractor.parseOnly(source: text)
                case .objectiveC: _ = ObjCFactExtractor.parseOnly(path: file.path, file: file.relativePath, options: objc)
                }
                lines.set(index, text.utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) })
            }
        }
        return (files.count, lines.values.reduce(0) { $0 + ($1 ?? 0) })
    }

    /// Runs `work` on `jobs` threads with large stacks (deeply nested input must not overflow them).
    func runWorkers(count: Int, _ work: @escaping @Sendable () -> Void) {
        Workers.run(min(options.jobs, max(count, 1))) { _ in work() }
    }

    /// Analyzes in-memory sources (name → text); what rule examples and tests use. Objective-C
    /// sources are written to a temporary directory for libclang (so `#import "X.h"` resolves).
    public func run(sources: [(name: String, text: String)]) -> Result {
        var facts: [FileFacts] = []
        var diagnostics: [InputDiagnostic] = []
        var objcFiles: [SourceFile] = []
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("coordlint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var projects: [String] = []
        for (name, text) in sources {
            // An Xcode project's build settings (`X.xcodeproj/project.pbxproj`): the Swift version it builds with.
            if name.hasSuffix(".xcodeproj/project.pbxproj") {
                projects.append(text)
                continue
            }
            if FileCollector.language(of: name) == .objectiveC {
                let url = scratch.appendingPathComponent(name)
                try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? Data(text.utf8).write(to: url)
                objcFiles.append(SourceFile(path: url.path, relativePath: name, language: .objectiveC))
                continue
            }
            let (f, d) = SwiftFactExtractor.extract(source: text, file: name)
            facts.append(f)
            diagnostics += d
        }
        let objc = objcOptions(for: objcFiles)
        for file in objcFiles {
            let (f, d) = ObjCFactExtractor.extract(path: file.path, file: file.relativePath, options: objc)
            if let f { facts.append(f) }
            diagnostics += d
        }
        return analyze(facts, diagnostics: diagnostics, sources: SourceStore(texts: sources),
                       swiftVersion: FileCollector.oldestSwiftVersion(inProjects: projects))
    }

    /// Every directory that holds a header becomes an include path.
    func objcOptions(for files: [SourceFile]) -> ObjCOptions {
        var options = self.options.objc
        let directories = Set(files.filter { $0.path.hasSuffix(".h") }.map {
            URL(fileURLWithPath: $0.path).deletingLastPathComponent().path
        })
        options.includeDirectories += directories.sorted()
        return options
    }

    private func analyze(_ facts: [FileFacts], diagnostics: [InputDiagnostic], sources: SourceStore,
                         swiftVersion: SwiftVersion? = nil, clock: PhaseClock = PhaseClock()) -> Result {
        let configuration = options.configuration
        // A file declaring a test case is test code: its doubles and cycles are not the app's.
        let facts = options.includeTests ? facts : facts.filter { file in
            !file.types.contains { $0.inherited.first.map(KnowledgeTables.testBaseClasses.contains) ?? false }
        }
        // On a large stack: the analysis recurses through fact expressions as deep as the syntax allowed.
        let box = ResultSlots<Program>(count: 1)
        let knowledge = configuration.knowledge
        Workers.run(1) { _ in box.set(0, Program(files: facts, knowledge: knowledge, swiftVersion: swiftVersion)) }
        let program = box.values[0]!
        clock.lap("program (types, value flow, graph, cycles)")
        let rules = builtInRules.filter { configuration.isEnabled($0.description.identifier) }.map { $0.init() }
        var reported: [Finding] = []
        for rule in rules { reported += rule.check(program) }
        var findings = Suppression.unsuppressed(reported, by: program.suppressions)
        for rule in rules { findings += rule.check(program, reported: reported) }
        for index in findings.indices {
            if let severity = configuration.severities[findings[index].rule] { findings[index].severity = severity }
        }
        findings = CompanionCycles.mention(in: findings)
        findings.sort()
        clock.lap("rules and filters")
        return Result(findings: findings, diagnostics: diagnostics.sorted(), files: facts.count,
                      types: program.types.types.values.filter { $0.kind != .extension }.count, program: program,
                      sources: sources)
    }

    // MARK: Frontends



    /// Reads and parses files on `jobs` threads (with large stacks: deeply nested input must not
    /// overflow them). Results land in input order, so the output does not depend on scheduling.
    func extractFacts(_ files: [SourceFile], root: String, objc: ObjCOptions) -> ([FileFacts], [InputDiagnostic]) {
        let results = ResultSlots<(FileFacts?, [InputDiagnostic])>(count: files.count)
        let next = Counter()
        let maximumFileSize = options.maximumFileSize
        // Everything that shapes a file's facts besides its bytes (compile commands sorted: a dictionary's
        // order differs between processes).
        let compileCommands = objc.compileCommands.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let cache = options.cacheDirectory.map {
            FactsCache(directory: $0, root: root, optionsFingerprint: "\(objc.extraArguments) \(objc.useStubs) "
                + "r\(ObjCOptions.stubsRevision) \(objc.includeDirectories) \(compileCommands)")
        }
        // An Objective-C file's facts depend on the headers it imports: its cache key includes them all.
        var headers = FNV1a()
        if cache != nil {
            for file in files where file.path.hasSuffix(".h") {
                headers.add(Data(file.relativePath.utf8))
                headers.add(FileManager.default.contents(atPath: file.path) ?? Data())
            }
        }
        let headerFingerprint = Data(String(headers.value, radix: 16).utf8)
        // What the fingerprint covers; an Objective-C file's other includes are recorded with its entry.
        let projectFiles = cache == nil ? [] : Set(files.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path })
        let plan = options.containmentPlan
        let events = options.fileEvents
        let loadOne: @Sendable (Int) -> Void = { index in
            let file = files[index]
            if let reason = plan.skip[file.relativePath] {
                results.set(index, (nil, [InputDiagnostic(file: file.relativePath, message: reason)]))
                return
            }
            events?.begin(file.relativePath)
            results.set(index, Self.load(file, maximumFileSize: maximumFileSize, objc: objc, cache: cache,
                                         headerFingerprint: headerFingerprint, projectFiles: projectFiles))
            events?.end(file.relativePath)
        }
        // Suspects of a crash first, one at a time (so a crash among them names one file).
        let isolated = plan.isolate.isEmpty ? [] : files.indices.filter { plan.isolate.contains(files[$0].relativePath) }
        if !isolated.isEmpty {
            runWorkers(count: 1) { for index in isolated { loadOne(index) } }
        }
        let isolatedSet = Set(isolated)
        runWorkers(count: files.count) {
            while let index = next.take(below: files.count) {
                if !isolatedSet.contains(index) { loadOne(index) }
            }
        }
        cache?.save()
        var facts: [FileFacts] = []
        var diagnostics: [InputDiagnostic] = []
        for slot in results.values {
            guard let (f, d) = slot else { continue }
            if let f { facts.append(f) }
            diagnostics += d
        }
        return (facts, diagnostics)
    }

    static func load(_ file: SourceFile, maximumFileSize: Int, objc: ObjCOptions,
                     cache: FactsCache? = nil, headerFingerprint: Data = Data(),
                     projectFiles: Set<String> = []) -> (FileFacts?, [InputDiagnostic]) {
        let name = file.relativePath
        guard let handle = FileHandle(forReadingAtPath: file.path) else {
            return (nil, [InputDiagnostic(file: name, message: "skipped: cannot read the file (permission denied?)")])
        }
        defer { try? handle.close() }
        let data: Data
        do {
            guard let read = try handle.read(upToCount: maximumFileSize + 1) else { return (nil, []) }
            data = read
        } catch {
            return (nil, [InputDiagnostic(file: name, message: "skipped: cannot read the file")])
        }
        if data.count > maximumFileSize {
            return (nil, [InputDiagnostic(
                file: name, message: "skipped: larger than \(maximumFileSize / (1024 * 1024)) MB")])
        }
        // memchr: `Data.contains` steps its iterator byte by byte (1 % of a run).
        if data.withUnsafeBytes({ buffer in buffer.baseAddress.map { memchr($0, 0, buffer.count) != nil } ?? false }) {
            return (nil, [InputDiagnostic(file: name, message: "skipped: binary file (contains NUL bytes)")])
        }
        // Looked up before the text is decoded: only bytes that decoded (and parsed) ever got an entry.
        let key = file.language == .swift ? data : data + headerFingerprint
        if let cache, let cached = cache.load(file: name, content: key) {
            return cached
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return (nil, [InputDiagnostic(file: name, message: "skipped: not valid UTF-8")])
        }
        let (facts, diagnostics): (FileFacts?, [InputDiagnostic])
        var outside: [String] = []
        switch file.language {
        case .swift:
            (facts, diagnostics) = SwiftFactExtractor.extract(source: text, file: name)
        case .objectiveC:
            let includes: [String]
            (facts, diagnostics, includes) = ObjCFactExtractor.extractWithIncludes(path: file.path, file: name, options: objc)
            outside = includes.filter { !projectFiles.contains(URL(fileURLWithPath: $0).standardizedFileURL.path) }
        }
        if let cache, let facts {
            cache.store(file: name, content: key, facts: facts, diagnostics: diagnostics, dependencies: outside)
        }
        return (facts, diagnostics)
    }
}

final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

extension Analyzer.Result {
    /// The program's graph, with the edges of every reported cycle marked by the rule that reported it.
    public func graphExport() -> GraphExport {
        var marked: [Edge: String] = [:]
        for finding in findings {
            guard case .cycle(let edges)? = finding.evidence else { continue }
            for edge in edges where marked[edge] == nil { marked[edge] = finding.rule }
        }
        return GraphExport(graph: program.graph, cycleEdges: marked)
    }
}

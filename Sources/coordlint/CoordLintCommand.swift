import ArgumentParser
import CoordLintCore
import CoordLintKit
import Foundation
import ObjCFrontend
import Reporters
import Rules

/// The root command: `coordlint PATH` lints; `coordlint rules` documents the rules.
struct CoordLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coordlint",
        abstract: "Finds retain cycles and leaks in Coordinator-pattern iOS and macOS apps.",
        version: coordlintVersion,
        subcommands: [Lint.self, GraphCommand.self, RulesCommand.self],
        defaultSubcommand: Lint.self
    )
}

extension ReporterKind: ExpressibleByArgument {}
extension Severity: ExpressibleByArgument {}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint", abstract: "Analyze a project and report leaks (the default command).")

    @Argument(help: "The project directory or file to analyze.")
    var path: String = "."

    @Option(name: .long, help: "Output format: \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReporterKind = .text

    @Option(name: .long, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(name: .long, help: "Parse files on this many threads (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "Exit 1 when a finding is at or above this severity: note, warning or error.")
    var failOn: Severity = .warning

    @Option(name: .long, help: "The configuration file (default: .coordlint.yml in the analyzed directory, if any).")
    var config: String?

    @Option(name: .customLong("objc-arg"), parsing: .unconditionalSingleValue,
            help: "An extra compiler argument for Objective-C files (repeatable), e.g. --objc-arg -DDEBUG=1.")
    var objcArguments: [String] = []

    @Option(name: .long, help: "A compile_commands.json whose flags (-I, -D, -isystem, ...) are used for Objective-C files.")
    var compileCommands: String?

    @Flag(name: .long, help: "Do not use coordlint's Foundation/UIKit stub headers (when a real SDK is on the include path).")
    var noSdkStubs = false

    @Option(name: .long, help: "Skip files larger than this many megabytes (with a warning).")
    var maxFileSize: Int = 8

    @Flag(name: .long, help: "Also analyze tests (test folders and files, XCTestCase subclasses), left out by default.")
    var includeTests = false

    @Flag(name: .long, help: "Follow symbolic links to directories outside the analyzed directory.")
    var followLinks = false

    @Option(name: .long, help: "Skip a file (with a warning) whose parsing and extraction takes longer than this many seconds.")
    var fileTimeout: Double = Containment.defaultFileTimeout

    @Flag(name: .long, help: "Print only findings: no input diagnostics or progress on standard error.")
    var quiet = false

    @Option(name: .long, help: "Report only findings that are not in this baseline file.")
    var baseline: String?

    @Option(name: .long, help: "Record today's findings in this baseline file (and exit 0).")
    var writeBaseline: String?

    @OptionGroup var cache: CacheOptions

    @Flag(name: .long, help: "Only parse every file and discard the result (what the benchmark compares with).")
    var parseOnly = false

    @Flag(name: .long, help: "Apply the mechanical fix-its in place.")
    var fix = false

    @Flag(name: .long, help: "With --fix: print a unified diff instead of changing files.")
    var dryRun = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard maxFileSize >= 1 else { throw ValidationError("--max-file-size must be at least 1") }
        guard !dryRun || fix else { throw ValidationError("--dry-run goes with --fix") }
        guard fileTimeout > 0 else { throw ValidationError("--file-timeout must be more than 0") }
    }

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageFailure("no such file or directory: \(path)")
        }
        if parseOnly {
            let (files, lines) = Analyzer(options: .init(jobs: jobs)).parseOnly(root: path)
            if !quiet { note("parsed \(files) files, \(lines) lines") }
            return
        }
        // The user's process supervises workers that do the analysis (a file that crashes or stalls a
        // worker is skipped with a warning); a worker does it all itself.
        guard Containment.runsInProcess else {
            throw ExitCode(Supervisor(arguments: CommandLine.arguments, fileTimeout: fileTimeout).run())
        }
        let configuration = try loadConfiguration()
        if !quiet { for warning in configuration.warnings { note("warning: \(warning)") } }
        let progress = ProgressLine(quiet: quiet)
        progress.start("analyzing \(path)")
        var objc = ObjCOptions(extraArguments: objcArguments, useStubs: !noSdkStubs)
        if let compileCommands {
            do { objc.compileCommands = try CompileCommands.load(compileCommands) } catch {
                throw UsageFailure("cannot read \(compileCommands): \(error)")
            }
        }
        var options = Analyzer.Options(jobs: jobs, maximumFileSize: maxFileSize * 1024 * 1024,
                                       configuration: configuration, objc: objc,
                                       cacheDirectory: cache.directory)
        options.includeTests = includeTests
        options.followLinks = followLinks
        options.adoptWorkerPlan()
        var result = Analyzer(options: options).run(root: path)
        // The process ends after this command: the program's facts and graph (millions of small
        // allocations on a large app) are left for the system to reclaim, not freed one by one.
        Self.keptUntilExit = result.program
        progress.stop()
        warn(result.diagnostics)
        if result.files == 0 {
            throw UsageFailure("nothing to analyze: no readable Swift file under \(path)")
        }
        if let writeBaseline {
            do { try Baseline(findings: result.findings).encoded().write(to: URL(fileURLWithPath: writeBaseline)) } catch {
                throw UsageFailure("cannot write \(writeBaseline)")
            }
            if !quiet { note("recorded \(result.findings.count) findings in \(writeBaseline)") }
            return
        }
        if let baseline {
            guard let data = FileManager.default.contents(atPath: baseline) else {
                throw UsageFailure("cannot read the baseline \(baseline)")
            }
            do { result.findings = try Baseline.load(data).filter(result.findings) } catch {
                throw UsageFailure("\(baseline) is not a coordlint baseline")
            }
        }
        if fix {
            try applyFixes(result)
            return
        }
        let rendered = format.reporter.render(result.report())
        if let output {
            do { try Data(rendered.utf8).write(to: URL(fileURLWithPath: output)) } catch {
                throw UsageFailure("cannot write \(output)")
            }
        } else {
            FileHandle.standardOutput.write(Data(rendered.utf8))
        }
        if result.findings.contains(where: { $0.severity >= failOn }) { throw ExitCode(1) }
    }

    nonisolated(unsafe) private static var keptUntilExit: AnyObject?

    private func loadConfiguration() throws -> Configuration {
        var file = config
        if file == nil {
            let candidate = URL(fileURLWithPath: path).appendingPathComponent(Configuration.fileName).path
            if FileManager.default.fileExists(atPath: candidate) { file = candidate }
        }
        guard let file else { return Configuration() }
        do { return try Configuration.load(path: file) } catch let error as Configuration.LoadError {
            throw UsageFailure(error.description)
        }
    }

    private func applyFixes(_ result: Analyzer.Result) throws {
        let (changes, diagnostics) = FixApplier().changes(for: result.findings, sources: result.sources)
        warn(diagnostics)
        for change in changes {
            if dryRun {
                FileHandle.standardOutput.write(Data(UnifiedDiff.render(file: change.file, original: change.original,
                                                                        fixed: change.fixed).utf8))
            } else {
                let url = URL(fileURLWithPath: result.sources.rootDirectory ?? ".").appendingPathComponent(change.file)
                do { try Data(change.fixed.utf8).write(to: url) } catch { throw UsageFailure("cannot write \(url.path)") }
            }
        }
        if !quiet && !dryRun {
            let count = changes.reduce(0) { $0 + $1.applied }
            note("applied \(count) fix\(count == 1 ? "" : "es") in \(changes.count) file\(changes.count == 1 ? "" : "s")")
        }
    }

    private func warn(_ diagnostics: [InputDiagnostic]) {
        guard !quiet else { return }
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data("coordlint: warning: \(diagnostic.file): \(diagnostic.message)\n".utf8))
        }
    }

    private func note(_ message: String) {
        FileHandle.standardError.write(Data("coordlint: \(message)\n".utf8))
    }
}

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "List every rule, or show one with its rationale and examples.")

    @Argument(help: "A rule identifier.")
    var rule: String?

    func run() throws {
        let descriptions = builtInRules.map { $0.description }
        guard let rule else {
            for d in descriptions {
                print("\(d.identifier) (\(d.defaultSeverity.rawValue)): \(d.summary)")
            }
            return
        }
        guard let d = descriptions.first(where: { $0.identifier == rule }) else {
            throw UsageFailure("unknown rule '\(rule)'; 'coordlint rules' lists them")
        }
        print("\(d.identifier): \(d.name)\nseverity: \(d.defaultSeverity.rawValue)\n\n\(d.summary).\n\n\(d.rationale)\n")
        print("Triggering examples (↓ marks the finding):")
        for example in d.triggeringExamples { printExample(example) }
        print("Non-triggering examples:")
        for example in d.nonTriggeringExamples { printExample(example) }
    }

    private func printExample(_ example: Example) {
        for (name, source) in example.files {
            print("--- \(name)\n\(Example.displayText(source))\n")
        }
    }
}

/// A usage problem: one line on standard error, exit 2.
struct UsageFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension GraphExport.Format: ExpressibleByArgument {}

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph", abstract: "Print the ownership graph (DOT or Mermaid), cycles in red.")

    @Argument(help: "The project directory or file to analyze.")
    var path: String = "."

    @Option(name: .long, help: "dot, mermaid, or html (one self-contained page).")
    var format: GraphExport.Format = .dot

    @Option(name: .long, help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(name: .long, help: "For html: draw the SVG with Graphviz 'dot' when it is installed.")
    var graphviz = false

    @Option(name: .long, help: "Skip a file (with a warning) whose parsing and extraction takes longer than this many seconds.")
    var fileTimeout: Double = Containment.defaultFileTimeout

    @OptionGroup var cache: CacheOptions

    func run() throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageFailure("no such file or directory: \(path)")
        }
        guard Containment.runsInProcess else {
            throw ExitCode(Supervisor(arguments: CommandLine.arguments, fileTimeout: fileTimeout).run())
        }
        var options = Analyzer.Options(cacheDirectory: cache.directory)
        options.adoptWorkerPlan()
        let result = Analyzer(options: options).run(root: path)
        for diagnostic in result.diagnostics {
            FileHandle.standardError.write(Data("coordlint: warning: \(diagnostic.file): \(diagnostic.message)\n".utf8))
        }
        let export = result.graphExport()
        var text = export.render(format)
        if format == .html {
            let title = URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
            text = GraphHTML(export: export, title: title, graphvizSVG: graphviz ? Graphviz.svg(export.render(.dot)) : nil).render()
        }
        if let output {
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: output)) } catch { throw UsageFailure("cannot write \(output)") }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}

/// Graphviz's `dot -Tsvg`, when installed.
enum Graphviz {
    static func svg(_ dot: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dot", "-Tsvg"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        input.fileHandleForWriting.write(Data(dot.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let svg = String(data: data, encoding: .utf8),
              let start = svg.range(of: "<svg") else { return nil }
        return String(svg[start.lowerBound...])
    }
}

/// The facts cache's options, the same for analysis and `graph` (which then share a pack).
struct CacheOptions: ParsableArguments {
    @Option(name: .long, help: "Keep the facts cache in this directory (default: $XDG_CACHE_HOME/coordlint or ~/.cache/coordlint).")
    var cachePath: String?

    @Flag(name: .long, help: "Do not read or write the facts cache (every file is parsed; overrides --cache-path).")
    var noCache = false

    var directory: String? { noCache ? nil : cachePath ?? FactsCache.defaultDirectory }
}

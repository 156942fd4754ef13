import CoordLintKit
import Foundation
import Testing

/// Hostile input never takes a run down or stalls it: each file that crashes or stalls the worker
/// costs one warning line, and the leaky sample beside it is still reported. Each test is a repro
/// from the reliability issue or the fuzz harness.
@Suite struct ContainmentTests {
    /// A project holding a leaky sample (a strong parent coordinator) and one hostile file; returns the run.
    func runBeside(_ hostile: String, named name: String, extraArguments: [String] = []) throws -> CLITests.Run {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let sample = packageRoot.appendingPathComponent("Samples/ParentChildStrongParent/App")
        try FileManager.default.copyItem(at: sample, to: root.appendingPathComponent("App"))
        try Data(hostile.utf8).write(to: root.appendingPathComponent(name))
        return try CLITests().run(["--format", "json", root.path] + extraArguments)
    }

    /// The leaky sample's finding is in the JSON report (so the rest of the project was analyzed).
    func reportsTheSample(_ run: CLITests.Run) throws {
        #expect(run.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let findings = object?["findings"] as? [[String: Any]] ?? []
        let files = findings.compactMap { ($0["location"] as? [String: Any])?["file"] as? String }
        #expect(files.contains("App/BuyCoordinator.swift"))
    }

    func warnings(_ run: CLITests.Run) -> [String] {
        run.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("coordlint: warning:") }
    }

    @Test func twentyThousandBracketsCrashOnlyTheirFile() throws {
        // swift-syntax's lookahead recurses once per `[` without a limit.
        let source = "let y = " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n"
        let run = try runBeside(source, named: "Brackets.swift")
        try reportsTheSample(run)
        #expect(warnings(run).filter { $0.contains("Brackets.swift") }.count <= 1)
        #expect(!run.stderr.contains("\u{1}"))
    }

    @Test func aLongMemberChainIsSkippedByDepth() throws {
        let source = "let z = a" + String(repeating: ".a", count: 100_000) + "\n"
        let run = try runBeside(source, named: "Chain.swift")
        try reportsTheSample(run)
        #expect(warnings(run) == ["coordlint: warning: Chain.swift: skipped: its syntax nests deeper than 1500 levels"])
    }

    @Test func aFileThatStallsTheParserIsSkippedAtItsDeadline() throws {
        // Unbalanced `[(` make swift-syntax 603 backtrack for minutes.
        let source = "func f() {\n  let v = " + String(repeating: "[(", count: 50) + "\n}\n"
        let started = Date()
        let run = try runBeside(source, named: "Stall.swift", extraArguments: ["--file-timeout", "2"])
        try reportsTheSample(run)
        #expect(warnings(run) == [
            "coordlint: warning: Stall.swift: skipped: parsing and analyzing it took longer than 2 s (--file-timeout)",
        ])
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test func badFileTimeoutIsAUsageError() throws {
        let run = try CLITests().run(["--file-timeout", "0", packageRoot.appendingPathComponent("Samples/CleanApp").path])
        #expect(run.status == 2)
        #expect(run.stderr == "coordlint: error: --file-timeout must be more than 0\n")
    }

    @Test func eventLinesRoundTripFileNamesWithNewlines() {
        var line = Data([1])
        line.append(Data("B \"odd\\nname.swift\"".utf8))
        let event = Containment.parseEvent(line)
        #expect(event?.kind == "B")
        #expect(event?.file == "odd\nname.swift")
        #expect(Containment.parseEvent(Data("coordlint: warning: x".utf8)) == nil)
    }

    @Test func eventFileNamesAreQuotedAsJSONWritesThem() throws {
        for name in ["Plain/File.swift", "quote\"d.swift", "back\\slash.swift", "tab\tand\rreturn.swift",
                     "bell\u{07}.swift", "Ünïcode ✓.swift", "new\nline.swift"] {
            let quoted = Containment.quoted(name)
            #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == name)
            var line = Data([1])
            line.append(Data("E \(quoted)".utf8))
            #expect(Containment.parseEvent(line)?.file == name)
        }
    }
}

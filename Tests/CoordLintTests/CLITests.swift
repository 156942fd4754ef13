import Foundation
import Testing

/// The executable as users run it: exit codes, stderr diagnostics, formats.
@Suite struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var executable: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("coordlint")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/coordlint")
    }

    /// The facts cache is on by default: every run here shares one cache directory of this test process
    /// (so runs over the same sample read each other's entries), never the user's own.
    static let cacheHome: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("coordlint-tests-cache-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }()

    func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": Self.cacheHome]) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    func sample(_ name: String) -> String { packageRoot.appendingPathComponent("Samples/\(name)").path }

    @Test func findingsExitOneInClangFormat() throws {
        let r = try run([sample("ParentChildStrongParent")])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("App/BuyCoordinator.swift:7:5: error: 'BuyCoordinator.parentCoordinator' holds 'MainCoordinator' strongly") == true)
        #expect(lines.first?.hasSuffix("[strong_coordinator_reference]") == true)
        #expect(lines.dropFirst().allSatisfy { $0.contains(": note: ") })
    }

    @Test func cleanProjectExitsZero() throws {
        let r = try run([sample("CleanApp")])
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let r = try run(["--format", "json", sample("ParentChildStrongParent")])
        #expect(r.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let tool = object?["tool"] as? [String: Any]
        #expect(tool?["name"] as? String == "coordlint")
        let findings = object?["findings"] as? [[String: Any]] ?? []
        #expect(findings.count == 1)
        let location = findings.first?["location"] as? [String: Any]
        #expect(location?["file"] as? String == "App/BuyCoordinator.swift")
        #expect(location?["line"] as? Int == 7)
        #expect(location?["column"] as? Int == 5)
        let fix = (findings.first?["fixes"] as? [[String: Any]])?.first
        let edit = (fix?["edits"] as? [[String: Any]])?.first
        #expect(edit?["replacement"] as? String == "weak ")
        let summary = object?["summary"] as? [String: Any]
        #expect(summary?["errors"] as? Int == 1)
        #expect(summary?["files"] as? Int == 5)
    }

    @Test func missingPathExitsTwoWithOneLine() throws {
        let r = try run(["/no/such/path"])
        #expect(r.status == 2)
        #expect(r.stderr == "coordlint: error: no such file or directory: /no/such/path\n")
        #expect(r.stdout.isEmpty)
    }

    @Test func badFlagExitsTwoWithOneLine() throws {
        let r = try run(["--no-such-flag", sample("CleanApp")])
        #expect(r.status == 2)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("--no-such-flag"))
    }

    @Test func failOnErrorIgnoresWarnings() throws {
        let directory = try temporaryDirectory()
        // A child coordinator never removed: a warning.
        try """
            final class AppCoordinator {
                var childCoordinators: [LoginCoordinator] = []
                func start() { let login = LoginCoordinator(); childCoordinators.append(login) }
            }
            final class LoginCoordinator {}
            """.write(to: directory.appendingPathComponent("AppCoordinator.swift"), atomically: true, encoding: .utf8)
        #expect(try run([directory.path]).status == 1)
        #expect(try run(["--fail-on", "error", directory.path]).status == 0)
    }

    /// A link to a grandparent deep inside the tree (issue repro: it made the collector descend for
    /// ever and crash), and a link out of the analyzed directory: each one line, the rest analyzed.
    @Test func directoryLinksAreFollowedOnceAndNotOutOfTheRoot() throws {
        let fm = FileManager.default
        let directory = try temporaryDirectory()
        let outside = try temporaryDirectory()
        try "final class Outside {}\n".write(to: outside.appendingPathComponent("Outside.swift"), atomically: true, encoding: .utf8)
        let deeper = directory.appendingPathComponent("Bad/deeper")
        try fm.createDirectory(at: deeper, withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: deeper.appendingPathComponent("loop").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: directory.appendingPathComponent("Elsewhere").path, withDestinationPath: outside.path)
        try """
            final class Flow { let nav = UINavigationController()
                func start() { let vc = Screen(); vc.flow = self; nav.pushViewController(vc, animated: true) } }
            final class Screen: UIViewController { var flow: Flow? }
            """.write(to: directory.appendingPathComponent("Flow.swift"), atomically: true, encoding: .utf8)
        let r = try run([directory.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("'Screen.flow'"))
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(r.stderr)")
        #expect(r.stderr.contains("Bad/deeper/loop: skipped: symbolic link loop"))
        #expect(r.stderr.contains("Elsewhere: skipped: symbolic link out of the analyzed directory"))
        #expect(try run(["--follow-links", "--format", "json", directory.path]).stdout.contains("\"files\" : 2"))
    }

    /// Tests and their doubles are not the app: left out unless asked for.
    @Test func testsAreLeftOutByDefault() throws {
        let directory = try temporaryDirectory()
        let tests = directory.appendingPathComponent("AppTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        let leak = """
            final class MockCoordinator { let nav = UINavigationController()
                func start() { let vc = MockViewController(); vc.coordinator = self; nav.pushViewController(vc, animated: true) } }
            final class MockViewController: UIViewController { var coordinator: MockCoordinator? }
            """
        try leak.write(to: tests.appendingPathComponent("Doubles.swift"), atomically: true, encoding: .utf8)
        try ("import XCTest\nfinal class FlowTests: XCTestCase {}\n" + leak.replacingOccurrences(of: "Mock", with: "Stub"))
            .write(to: directory.appendingPathComponent("Flow.swift"), atomically: true, encoding: .utf8)
        try "final class App {}\n".write(to: directory.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        #expect(try run([directory.path]).status == 0)
        let included = try run(["--include-tests", directory.path])
        #expect(included.status == 1)
        #expect(included.stdout.contains("'MockViewController.coordinator'") && included.stdout.contains("'StubViewController.coordinator'"))
    }

    /// Bad input never crashes the tool and never hides other results.
    @Test func badInputIsReportedAndTheRestAnalyzed() throws {
        let directory = try temporaryDirectory()
        let fm = FileManager.default
        // A real leak, which must still be found.
        try fm.copyItem(atPath: sample("ParentChildStrongParent") + "/App", toPath: directory.appendingPathComponent("App").path)
        try Data([0x63, 0x6C, 0x61, 0x73, 0x73, 0x20, 0xFF, 0xFE, 0x0A])
            .write(to: directory.appendingPathComponent("Latin1.swift"))
        try Data([0x00, 0x01, 0x02, 0x03]).write(to: directory.appendingPathComponent("Binary.swift"))
        try "class Broken: { var x: = ; func ( {{{ \n".write(
            to: directory.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        try (String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000) + "\n")
            .write(to: directory.appendingPathComponent("Deep.swift"), atomically: true, encoding: .utf8)
        try Data(repeating: 0x20, count: 2 * 1024 * 1024).write(to: directory.appendingPathComponent("Huge.swift"))
        try fm.createSymbolicLink(atPath: directory.appendingPathComponent("Dangling.swift").path,
                                  withDestinationPath: "/no/such/file.swift")
        try fm.createSymbolicLink(atPath: directory.appendingPathComponent("Loop").path, withDestinationPath: directory.path)
        let unreadable = directory.appendingPathComponent("Unreadable.swift")
        try "class Unreadable {}\n".write(to: unreadable, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: unreadable.path)

        let r = try run(["--max-file-size", "1", directory.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("App/BuyCoordinator.swift:7:5: error:"))
        let stderr = r.stderr
        #expect(stderr.contains("Latin1.swift: skipped: not valid UTF-8"))
        #expect(stderr.contains("Binary.swift: skipped: binary file"))
        #expect(stderr.contains("Broken.swift: swift-syntax could only partly parse"))
        #expect(stderr.contains("Huge.swift: skipped: larger than 1 MB"))
        #expect(stderr.contains("Dangling.swift: skipped: dangling symbolic link"))
        #expect(stderr.contains("Loop: skipped: symbolic link loop"))
        if getuid() != 0 {  // root reads anything
            #expect(stderr.contains("Unreadable.swift: skipped: cannot read"))
        }
        for line in stderr.split(separator: "\n") { #expect(line.hasPrefix("coordlint: warning: ")) }
    }

    @Test func rulesCommandListsEveryRule() throws {
        let r = try run(["rules"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("strong_coordinator_reference (error):"))
        #expect(r.stdout.contains("strong_delegate (error):"))
        #expect(r.stdout.contains("reference_cycle (error):"))
    }
}

/// `coordlint graph` and `coordlint rules RULE`.
@Suite struct GraphAndRulesCommandTests {
    func sample(_ name: String) -> String { packageRoot.appendingPathComponent("Samples/\(name)").path }

    @Test func dotDrawsCyclesRedAndWeakEdgesDashed() throws {
        let r = try CLITests().run(["graph", "--format", "dot", sample("ParentChildStrongParent")])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("digraph ownership {"))
        #expect(r.stdout.contains("\"BuyCoordinator\" -> \"MainCoordinator\" [label=\"parentCoordinator [strong_coordinator_reference]\", color=red, fontcolor=red];"))
        #expect(r.stdout.contains("\"HomeViewController\" -> \"MainCoordinator\" [label=\"coordinator\", style=dashed];"))
    }

    @Test func mermaidAndHTML() throws {
        let mermaid = try CLITests().run(["graph", "--format", "mermaid", sample("CheckoutClosuresLeaky")]).stdout
        #expect(mermaid.hasPrefix("flowchart LR\n"))
        #expect(mermaid.contains("linkStyle "))
        #expect(mermaid.contains("-.->"))
        let html = try CLITests().run(["graph", "--format", "html", sample("CheckoutClosuresLeaky")]).stdout
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(html.contains("onCheckout [closure_capture_cycle]"))
        #expect(!html.contains("<script"))  // self-contained, nothing to load
    }

    @Test func rulesShowsOneRuleWithExamples() throws {
        let r = try CLITests().run(["rules", "closure_capture_cycle"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("closure_capture_cycle: Closure Capture Cycle\nseverity: error"))
        #expect(r.stdout.contains("cart.onCheckout = ↓{ self.showPayment() }"))
        #expect(try CLITests().run(["rules", "no_such_rule"]).status == 2)
    }
}

import Foundation
import Testing

/// Baselines, suppressions and --fix, end to end through the executable.
@Suite struct WorkflowTests {
    func copySample(_ name: String) throws -> URL {
        let directory = try temporaryDirectory().appendingPathComponent(name)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Samples/\(name)"), to: directory)
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("expected.json"))
        return directory
    }

    @Test func baselineRoundTripReportsOnlyNewFindings() throws {
        let cli = CLITests()
        let project = try copySample("CheckoutClosuresLeaky")
        let baseline = project.deletingLastPathComponent().appendingPathComponent("baseline.json").path
        #expect(try cli.run(["--write-baseline", baseline, project.path]).status == 0)
        let recorded = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(recorded.contains("\"identity\" : \"closure_capture_cycle|CartViewController.onCheckout|App/CheckoutCoordinator.swift\""))
        #expect(try cli.run(["--baseline", baseline, project.path]).status == 0)
        // Moving code (new lines above it) does not resurrect the old findings.
        let file = project.appendingPathComponent("App/CheckoutCoordinator.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        try ("// moved\n// down\n" + text).write(to: file, atomically: true, encoding: .utf8)
        #expect(try cli.run(["--baseline", baseline, project.path]).stdout.isEmpty)
        // A new leak is reported.
        try (text + "\nfinal class Extra: UIViewController { var coordinator: CheckoutCoordinator? }\n"
            + "extension CheckoutCoordinator { func showExtra() { let e = Extra(); e.coordinator = self; "
            + "navigationController.pushViewController(e, animated: true) } }\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try cli.run(["--baseline", baseline, project.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("'Extra.coordinator'"))
        #expect(!r.stdout.contains("onCheckout"))
    }

    @Test(arguments: ["ObjCCoordinatorLeaky", "ParentChildStrongParent"])
    func fixRemovesEveryFixableFinding(_ sample: String) throws {
        let cli = CLITests()
        let project = try copySample(sample)
        let before = try cli.run(["--format", "json", project.path])
        let fixable = try fixableCount(before.stdout)
        #expect(fixable > 0)
        let dry = try cli.run(["--fix", "--dry-run", project.path])
        #expect(dry.stdout.contains("--- a/App/") && dry.stdout.contains("+++ b/App/") && dry.stdout.contains("@@ -"))
        #expect(try cli.run(["--format", "json", project.path]).stdout == before.stdout)  // dry run changed nothing
        let fix = try cli.run(["--fix", project.path])
        #expect(fix.status == 0)
        let after = try cli.run(["--format", "json", project.path])
        #expect(try fixableCount(after.stdout) == 0)
        #expect(after.stderr.isEmpty)  // every fixed file still parses
    }

    private func fixableCount(_ json: String) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        return (object["findings"] as! [[String: Any]]).filter { !($0["fixes"] as! [Any]).isEmpty }.count
    }

    @Test func suppressionsAndSuperfluousOnes() throws {
        let directory = try temporaryDirectory()
        try """
            class MainCoordinator { let nav = UINavigationController()
                func start() { let vc = AViewController(); vc.coordinator = self; nav.pushViewController(vc, animated: true)
                    let b = BViewController(); b.coordinator = self; nav.pushViewController(b, animated: true) } }
            class AViewController: UIViewController {
                // coordlint:disable:next strong_coordinator_reference - intentional: a singleton flow
                var coordinator: MainCoordinator?
            }
            class BViewController: UIViewController {
                var coordinator: MainCoordinator? // coordlint:disable:this strong_delegate
            }
            """.write(to: directory.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        let r = try CLITests().run([directory.path])
        let lines = r.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }
        try #require(lines.count == 2)
        #expect(lines[0].hasPrefix("App.swift:9:5: error: 'BViewController.coordinator'"))
        #expect(lines[1].hasPrefix("App.swift:9:39: warning: this suppression"))
        #expect(lines[1].hasSuffix("[superfluous_suppression]"))
    }
}

/// The facts cache: identical output cached or not, and a corrupt entry is rebuilt, never trusted.
@Suite struct FactsCacheTests {
    @Test func cachedAndUncachedRunsPrintTheSameBytes() throws {
        let cache = try temporaryDirectory().path
        for sample in ["CombineCoordinator", "ObjCCoordinatorLeaky", "MixedSwiftObjC"] {
            let path = packageRoot.appendingPathComponent("Samples/\(sample)").path
            let uncached = try CLITests().run(["--no-cache", "--format", "json", path]).stdout
            let cold = try CLITests().run(["--cache-path", cache, "--format", "json", path]).stdout
            let warm = try CLITests().run(["--cache-path", cache, "--format", "json", "--jobs", "1", path]).stdout
            #expect(cold == uncached && warm == uncached, "\(sample)")
        }
        let entries = FileManager.default.enumerator(atPath: cache)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }
        #expect((entries?.count ?? 0) >= 10)
    }

    @Test func corruptEntriesAreIgnored() throws {
        let cache = try temporaryDirectory().path
        let path = packageRoot.appendingPathComponent("Samples/ParentChildStrongParent").path
        let expected = try CLITests().run(["--no-cache", path]).stdout
        _ = try CLITests().run(["--cache-path", cache, path])
        for entry in FileManager.default.enumerator(atPath: cache)!.compactMap({ $0 as? String }) where entry.hasSuffix(".json") {
            try Data("{ not json".utf8).write(to: URL(fileURLWithPath: cache + "/" + entry))
        }
        let r = try CLITests().run(["--cache-path", cache, path])
        #expect(r.stdout == expected)
        #expect(try CLITests().run(["--cache-path", cache, path]).stdout == expected)  // rebuilt
    }
}

/// A `weak` fix is offered only where it compiles unchanged: on an optional reference. A non-optional
/// `let` would need every use rewritten, so it gets advice, not a fix-it.
@Suite struct WeakFixSafetyTests {
    @Test func onlyOptionalReferencesGetTheWeakFix() throws {
        let r = try CLITests().run(["--format", "json",
                                    packageRoot.appendingPathComponent("Samples/ViewModelProtocolRouter").path])
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let findings = object["findings"] as! [[String: Any]]
        let router = try #require(findings.first { ($0["message"] as? String)?.contains("'ProfileViewModel.router'") == true })
        #expect((router["fixes"] as! [Any]).isEmpty)
        #expect((router["message"] as! String).contains("declare it 'weak var router'"))
        let fixed = try CLITests().run(["--fix", "--dry-run",
                                        packageRoot.appendingPathComponent("Samples/ParentChildStrongParent").path])
        #expect(fixed.stdout.contains("-    var parentCoordinator: MainCoordinator?\n+    weak var parentCoordinator: MainCoordinator?\n"))
    }
}

import CoordLintCore
import CoordLintKit
import Foundation
import Reporters
import Testing

/// SARIF (validated against the official schema), GitHub annotations, and their column handling.
@Suite struct ReportersTests {
    /// The official SARIF 2.1.0 schema, kept with the tests so validation never depends on anything
    /// outside the repository; `scripts/setup.sh` installs python3's jsonschema.
    static let schemaPath = packageRoot.appendingPathComponent("Tests/CoordLintTests/Resources/sarif-schema-2.1.0.json").path

    func sarif(_ sample: String) -> String {
        let path = packageRoot.appendingPathComponent("Samples/\(sample)").path
        return SARIFReporter().render(Analyzer(options: .init(jobs: 1)).run(root: path).report())
    }

    @Test(arguments: ["CheckoutClosuresLeaky", "KhanlouAppCoordinator", "TransitionsStructLeaky", "CleanApp"])
    func sarifValidatesAgainstTheOfficialSchema(_ sample: String) throws {
        let file = try temporaryDirectory().appendingPathComponent("out.sarif")
        try sarif(sample).write(to: file, atomically: true, encoding: .utf8)
        let validate = Process()
        validate.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        validate.arguments = ["python3", "-c", """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
            errors = list(jsonschema.Draft4Validator(schema).iter_errors(doc))
            for e in errors[:5]: print(e.message, list(e.path))
            sys.exit(1 if errors else 0)
            """, Self.schemaPath, file.path]
        let out = Pipe()
        validate.standardOutput = out
        try validate.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        validate.waitUntilExit()
        #expect(validate.terminationStatus == 0, "\(text)")
    }

    @Test func sarifCarriesRulesResultsRelatedLocationsAndFixes() throws {
        let object = try JSONSerialization.jsonObject(with: Data(sarif("CheckoutClosuresLeaky").utf8)) as! [String: Any]
        #expect(object["version"] as? String == "2.1.0")
        let run = (object["runs"] as! [[String: Any]])[0]
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = (run["tool"] as! [String: Any])["driver"] as! [String: Any]
        let rules = driver["rules"] as! [[String: Any]]
        let ids = rules.map { $0["id"] as! String }
        #expect(ids.contains("closure_capture_cycle") && ids.contains("child_never_removed"))
        let results = run["results"] as! [[String: Any]]
        #expect(results.count == 2)
        let first = results[0]
        #expect(first["ruleId"] as? String == "closure_capture_cycle")
        #expect(first["ruleIndex"] as? Int == ids.firstIndex(of: "closure_capture_cycle"))
        let region = (((first["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])["region"] as! [String: Any])
        #expect(region["startLine"] as? Int == 15 && region["startColumn"] as? Int == 41 && region["endColumn"] as? Int == 42)
        // The capture, the two references, and the other closure holding the coordinator (CheckoutCoordinator.swift:27).
        let related = first["relatedLocations"] as! [[String: Any]]
        #expect(related.count == 4)
        let companion = related.last.flatMap { ($0["message"] as? [String: Any])?["text"] as? String }
        #expect(companion == "'CheckoutCoordinator' is also kept by the leak reported here")
        // A single-statement closure gets no fix-it (its type is not known to be Void); a weak fix does.
        #expect((first["fixes"] as? [Any] ?? []).isEmpty)
        let hws = try JSONSerialization.jsonObject(with: Data(sarif("ParentChildStrongParent").utf8)) as! [String: Any]
        let fixed = ((hws["runs"] as! [[String: Any]])[0]["results"] as! [[String: Any]])[0]
        let replacements = (((fixed["fixes"] as! [[String: Any]])[0]["artifactChanges"] as! [[String: Any]])[0]["replacements"] as! [[String: Any]])
        #expect((replacements[0]["insertedContent"] as! [String: Any])["text"] as? String == "weak ")
    }

    /// Columns are UTF-8 bytes everywhere but SARIF, which counts code points.
    @Test func sarifColumnsCountCodePoints() throws {
        let source = "let café = \"☕️\"; class A: UIView { var delegate: PickerDelegate? }\nprotocol PickerDelegate: AnyObject {}\n"
            + "final class Owner: PickerDelegate { let a = A(); func start() { a.delegate = self } }\n"
        let result = Analyzer(options: .init(jobs: 1)).run(sources: [("A.swift", source)])
        #expect(result.findings.first?.location.column == 41)  // "é" and "☕️" are multi-byte
        let object = try JSONSerialization.jsonObject(with: Data(SARIFReporter().render(result.report()).utf8)) as! [String: Any]
        let run = (object["runs"] as! [[String: Any]])[0]
        let result0 = (run["results"] as! [[String: Any]])[0]
        let region = (((result0["locations"] as! [[String: Any]])[0]["physicalLocation"] as! [String: Any])["region"] as! [String: Any])
        #expect(region["startColumn"] as? Int == 36)  // "☕️" is two code points (U+2615 U+FE0F)
        #expect(region["endColumn"] as? Int == 39)
    }

    @Test func githubAnnotationsEscapeTheirData() {
        let finding = Finding(rule: "strong_delegate", severity: .error, message: "100% bad\nreally",
                              location: SourceLocation(file: "App/A,b.swift", line: 3, column: 5))
        let out = GitHubReporter().render(Report(findings: [finding], files: 1, types: 1, toolVersion: "0"))
        #expect(out == "::error file=App/A%2Cb.swift,line=3,col=5,title=strong_delegate::100%25 bad%0Areally\n")
    }
}

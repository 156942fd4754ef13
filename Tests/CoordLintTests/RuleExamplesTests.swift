import CoordLintCore
import CoordLintKit
import Foundation
import Rules
import Testing

/// Every rule's examples are its tests: each triggering example produces exactly the marked
/// findings of that rule, each non-triggering example none.
@Suite struct RuleExamplesTests {
    static let rules: [String] = builtInRules.map { $0.description.identifier }

    @Test(arguments: rules)
    func triggeringExamples(rule identifier: String) {
        let description = builtInRules.first { $0.description.identifier == identifier }!.description
        #expect(!description.triggeringExamples.isEmpty, "\(identifier) has no triggering example")
        for example in description.triggeringExamples {
            let marked = MarkedSources(example.files)
            #expect(!marked.markers.isEmpty, "a triggering example without a ↓ marker (\(example.file):\(example.line))")
            let found = positions(analyze(marked.files).findings, rule: identifier)
            let expected = marked.markers.map { "\(identifier)@\($0)" }.sorted()
            #expect(found == expected, "example at \(example.file):\(example.line)")
        }
    }

    @Test(arguments: rules)
    func nonTriggeringExamples(rule identifier: String) {
        let description = builtInRules.first { $0.description.identifier == identifier }!.description
        #expect(!description.nonTriggeringExamples.isEmpty, "\(identifier) has no non-triggering example")
        for example in description.nonTriggeringExamples {
            let marked = MarkedSources(example.files)
            let found = positions(analyze(marked.files).findings, rule: identifier)
            #expect(found.isEmpty, "example at \(example.file):\(example.line)")
        }
    }

    /// Examples still hold when every file starts with multi-byte text (columns are UTF-8 bytes).
    @Test(arguments: rules)
    func examplesAfterMultiByteText(rule identifier: String) {
        let description = builtInRules.first { $0.description.identifier == identifier }!.description
        for example in description.triggeringExamples {
            let shifted = example.files.map { (name: $0.name, source: "// Größe — 日本語 ✓\n" + $0.source) }
            let marked = MarkedSources(shifted)
            let found = positions(analyze(marked.files).findings, rule: identifier)
            #expect(found == marked.markers.map { "\(identifier)@\($0)" }.sorted(), "example at \(example.file):\(example.line)")
        }
    }

    /// Adding a rule means one file plus its entry in `builtInRules`: this fails when an entry is missing.
    @Test func everyRuleFileIsRegistered() throws {
        let directory = packageRoot.appendingPathComponent("Sources/Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix("Rule.swift") }
        let registered = Set(builtInRules.map { String(describing: $0) + ".swift" })
        #expect(Set(files).subtracting(["AnalysisRule.swift"]) == registered)
        #expect(Set(Self.rules).count == Self.rules.count)
        #expect(Self.rules == Self.rules.sorted())
    }
}

/// Robustness variants of every example: a suppression comment silences exactly that rule.
@Suite struct RuleExampleVariantsTests {
    @Test(arguments: RuleExamplesTests.rules.filter { $0 != "superfluous_suppression" })
    func disableCommentSilencesTheRule(rule identifier: String) {
        let description = builtInRules.first { $0.description.identifier == identifier }!.description
        for example in description.triggeringExamples {
            let disabled = example.files.map { (name: $0.name, source: "// coordlint:disable \(identifier)\n" + $0.source) }
            let marked = MarkedSources(disabled)
            let findings = analyze(marked.files).findings
            #expect(positions(findings, rule: identifier).isEmpty, "example at \(example.file):\(example.line)")
            // The comment matched, so it is not superfluous in the file that has the finding.
            let files = Set(marked.markers.map(\.file))
            #expect(!findings.contains { $0.rule == "superfluous_suppression" && files.contains($0.location.file) })
        }
    }
}

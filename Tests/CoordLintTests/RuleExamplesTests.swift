import CoordLintCore
import CoordLintKit
import Foundation
import Rules
import Testing

/// Every rule's examples are its tests: each triggering example produces exactly the marked
/// findings of that rule, each non-triggering example none.
@Suite struct RuleExamplesTests {
    static let rules: [String] = builtInRules.map { $0.description.identifier }

    /// Each triggering example yields exactly the marked findings, each with the severity and the
    /// message fragment its marker names.
    @Test(arguments: rules)
    func triggeringExamples(rule identifier: String) {
        let description = builtInRules.first { $0.description.identifier == identifier }!.description
        #expect(!description.triggeringExamples.isEmpty, "\(identifier) has no triggering example")
        for example in description.triggeringExamples {
            let marked = MarkedSources(example.files)
            #expect(!marked.markers.isEmpty, "a triggering example without a ↓ marker (\(example.file):\(example.line))")
            let findings = analyze(marked.files).findings.filter { $0.rule == identifier }
            let expected = marked.markers.map { "\(identifier)@\($0)" }.sorted()
            #expect(positions(findings) == expected, "example at \(example.file):\(example.line)")
            if let dump = ProcessInfo.processInfo.environment["COORDLINT_DUMP_MARKERS"] {
                for marker in marked.markers {
                    let f = findings.first { $0.location == marker }
                    let line = "\(identifier)\t\(marker)\t\(f?.severity.rawValue ?? "?")\t\(f?.message ?? "?")\n"
                    if let handle = FileHandle(forWritingAtPath: dump) { handle.seekToEndOfFile(); handle.write(Data(line.utf8)) }
                }
            }
            for marker in marked.markers {
                guard let expectation = marked.expectations[marker] else {
                    Issue.record("marker at \(marker) names no ⟦severity: message fragment⟧ (\(example.file):\(example.line))")
                    continue
                }
                guard let finding = findings.first(where: { $0.location == marker }) else { continue }
                #expect(finding.severity == expectation.severity, "\(marker): \(finding.message)")
                // A fragment ending in `$` is how the message ends.
                let matches = expectation.fragment.hasSuffix("$") ? finding.message.hasSuffix(expectation.fragment.dropLast())
                    : finding.message.contains(expectation.fragment)
                #expect(matches, "\(marker): '\(finding.message)' lacks '\(expectation.fragment)'")
            }
        }
    }

    /// Applying every fix-it of a triggering example gives source that still parses and on which the
    /// fixed findings are gone.
    @Test(arguments: rules)
    func fixItsParseAndSilenceTheirFindings(rule identifier: String) throws {
        let description = builtInRules.first { $0.description.identifier == identifier }!.description
        for example in description.triggeringExamples {
            let marked = MarkedSources(example.files)
            let result = analyze(marked.files)
            let fixed = result.findings.filter { $0.rule == identifier && !$0.fixes.isEmpty }
            guard !fixed.isEmpty else { continue }
            let (changes, diagnostics) = FixApplier().changes(for: fixed, sources: result.sources)
            #expect(diagnostics.isEmpty, "example at \(example.file):\(example.line): \(diagnostics)")
            var files = marked.files
            for change in changes {
                guard let index = files.firstIndex(where: { $0.name == change.file }) else { continue }
                files[index].text = change.fixed
            }
            let after = analyze(files)
            #expect(after.diagnostics.isEmpty, "fixed example at \(example.file):\(example.line) does not parse: \(after.diagnostics)")
            let remaining = Set(after.findings.filter { $0.rule == identifier }.map(\.identity))
            for finding in fixed {
                #expect(!remaining.contains(finding.identity), "fix of '\(finding.message)' leaves it (\(example.file):\(example.line))")
            }
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

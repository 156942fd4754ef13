import CoordLintCore
import Foundation

/// Everything a reporter needs: the findings (already sorted) and what was analyzed.
public struct Report: Sendable {
    public var findings: [Finding]
    public var files: Int
    public var types: Int
    public var toolVersion: String
    /// Every rule's description, for formats that describe their rules (SARIF).
    public var rules: [RuleDescription]
    /// The text of a line (file relative to the root, 1-based line), for formats that count columns
    /// in code points (SARIF) or show the range of a finding.
    public var sourceLine: @Sendable (String, Int) -> String?
    /// `file:///absolute/root/`, the base of every relative path (SARIF's `originalUriBaseIds`).
    public var rootURI: String?

    public init(findings: [Finding], files: Int, types: Int, toolVersion: String, rules: [RuleDescription] = [],
                rootURI: String? = nil, sourceLine: @escaping @Sendable (String, Int) -> String? = { _, _ in nil }) {
        self.findings = findings
        self.files = files
        self.types = types
        self.toolVersion = toolVersion
        self.rules = rules
        self.rootURI = rootURI
        self.sourceLine = sourceLine
    }

    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}

public protocol Reporter {
    func render(_ report: Report) -> String
}

/// The output formats, by the name `--format` takes.
public enum ReporterKind: String, CaseIterable, Sendable {
    case text, json, sarif, github

    public var reporter: any Reporter {
        switch self {
        case .text: TextReporter()
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        }
    }
}

/// `path:line:col: error: message [rule_id]`, then one `note:` line per related location: the format
/// Xcode, clang and editors parse.
public struct TextReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        var out = ""
        for finding in report.findings {
            out += "\(finding.location): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]\n"
            for note in finding.notes {
                out += "\(note.location): note: \(note.message)\n"
            }
        }
        return out
    }
}

/// The JSON report editors read. Keys sorted, pretty-printed: the same input gives the same bytes.
public struct JSONReporter: Reporter {
    public init() {}

    struct Document: Encodable {
        struct Tool: Encodable { var name: String; var version: String }
        struct Summary: Encodable {
            var files: Int, types: Int, findings: Int, errors: Int, warnings: Int, notes: Int
        }
        var tool: Tool
        var findings: [Finding]
        var summary: Summary
    }

    public func render(_ report: Report) -> String {
        let document = Document(
            tool: .init(name: "coordlint", version: report.toolVersion),
            findings: report.findings,
            summary: .init(files: report.files, types: report.types, findings: report.findings.count,
                           errors: report.count(.error), warnings: report.count(.warning), notes: report.count(.note)))
        return encode(document) + "\n"
    }
}

/// Pretty, key-sorted JSON without escaped slashes.
func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
}

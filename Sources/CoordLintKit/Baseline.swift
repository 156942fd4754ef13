import CoordLintCore
import Foundation

/// Today's findings, recorded so that only new ones are reported. Keyed on a stable identity (rule,
/// owning type, member, relative file), not on lines, so moving code does not resurrect old findings.
public struct Baseline: Codable, Equatable, Sendable {
    public struct Entry: Codable, Hashable, Comparable, Sendable {
        public var identity: String
        public var rule: String
        public var file: String
        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.identity, lhs.rule, lhs.file) < (rhs.identity, rhs.rule, rhs.file)
        }
    }

    public var version = 1
    public var findings: [Entry]

    public init(findings: [Finding]) {
        self.findings = findings.map { Entry(identity: $0.identity, rule: $0.rule, file: $0.location.file) }.sorted()
    }

    /// Pretty, sorted JSON that diffs well.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }

    public static func load(_ data: Data) throws -> Baseline {
        try JSONDecoder().decode(Baseline.self, from: data)
    }

    /// The findings not in the baseline (each baseline entry absorbs one finding with its identity).
    public func filter(_ findings: [Finding]) -> [Finding] {
        var remaining: [String: Int] = [:]
        for entry in self.findings { remaining[entry.identity, default: 0] += 1 }
        return findings.filter { finding in
            if let count = remaining[finding.identity], count > 0 {
                remaining[finding.identity] = count - 1
                return false
            }
            return true
        }
    }
}

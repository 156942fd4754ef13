import CoordLintCore

/// `// coordlint:disable:next rule_id - reason`, `:this`, `:previous`, `// coordlint:disable rule_id`
/// … `// coordlint:enable rule_id`, with `all` for every rule. Suppressions that match no finding are
/// reported themselves (`superfluous_suppression`), so stale ones do not pile up.
public struct Suppression: Sendable {
    public var file: String
    public var lines: ClosedRange<Int>
    /// Rule identifiers; empty means all.
    public var rules: Set<String>
    public var location: SourceLocation
    public var text: String

    public func matches(_ finding: Finding) -> Bool {
        finding.location.file == file && lines.contains(finding.location.line)
            && (rules.isEmpty || rules.contains(finding.rule))
    }
}

extension Suppression {
    /// The suppressions a file's `coordlint:` comments declare.
    static func parse(_ facts: FileFacts) -> [Suppression] {
        var result: [Suppression] = []
        var open: [String: (line: Int, location: SourceLocation, text: String)] = [:]  // rule ("" = all) → start
        for directive in facts.directives.sorted(by: { $0.location < $1.location }) {
            guard let (command, rules) = parse(directive.text) else { continue }
            let line = directive.location.line
            let ruleSet = Set(rules.filter { $0 != "all" })
            let text = directive.text.trimmingWhitespace()
            switch command {
            case "disable:next":
                result.append(Suppression(file: facts.file, lines: (line + 1)...(line + 1), rules: ruleSet,
                                          location: directive.location, text: text))
            case "disable:this":
                result.append(Suppression(file: facts.file, lines: line...line, rules: ruleSet,
                                          location: directive.location, text: text))
            case "disable:previous":
                result.append(Suppression(file: facts.file, lines: max(line - 1, 1)...max(line - 1, 1), rules: ruleSet,
                                          location: directive.location, text: text))
            case "disable":
                let disabled: [String] = ruleSet.isEmpty ? [""] : ruleSet.sorted()
                for rule in disabled where open[rule] == nil {
                    open[rule] = (line, directive.location, text)
                }
            case "enable":
                for rule in ruleSet.isEmpty ? Array(open.keys).sorted() : ruleSet.sorted() {
                    guard let start = open.removeValue(forKey: rule) else { continue }
                    result.append(Suppression(file: facts.file, lines: start.line...max(line, start.line),
                                              rules: rule.isEmpty ? [] : [rule], location: start.location, text: start.text))
                }
            default:
                break
            }
        }
        for (rule, start) in open.sorted(by: { $0.key < $1.key }) {
            result.append(Suppression(file: facts.file, lines: start.line...Int.max, rules: rule.isEmpty ? [] : [rule],
                                      location: start.location, text: start.text))
        }
        return result
    }

    /// `coordlint:disable:next a b - reason` → ("disable:next", ["a", "b"]).
    static func parse(_ comment: String) -> (String, [String])? {
        guard let range = comment.range(of: "coordlint:") else { return nil }
        var rest = String(comment[range.upperBound...])
        if let reason = rest.range(of: " - ") { rest = String(rest[..<reason.lowerBound]) }
        if rest.hasSuffix("*/") { rest = String(rest.dropLast(2)) }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        guard let command = words.first,
              ["disable", "enable", "disable:next", "disable:this", "disable:previous"].contains(command) else { return nil }
        return (command, Array(words.dropFirst()))
    }

    /// The findings no suppression matches.
    public static func unsuppressed(_ findings: [Finding], by suppressions: [Suppression]) -> [Finding] {
        findings.filter { finding in !suppressions.contains { $0.matches(finding) } }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

/// What every rule declares about itself: identity, documentation, and the examples that are its tests.
public struct RuleDescription: Sendable {
    /// snake_case, fixed: it appears in outputs, configuration and suppressions.
    public var identifier: String
    public var name: String
    /// One line.
    public var summary: String
    /// Why it matters: what leaks, and how to fix it.
    public var rationale: String
    public var defaultSeverity: Severity
    /// Code that must produce exactly the marked findings (`↓` before each expected location).
    public var triggeringExamples: [Example]
    /// Code that must produce no finding of this rule.
    public var nonTriggeringExamples: [Example]

    public init(identifier: String, name: String, summary: String, rationale: String, defaultSeverity: Severity,
                triggeringExamples: [Example], nonTriggeringExamples: [Example]) {
        self.identifier = identifier
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// A small multi-file program. The file extension picks the frontend. `↓⟦severity: message fragment⟧`
/// marks where a finding of the rule under test is expected, with its severity and part of its
/// message (the marker is removed before analysis); a fragment ending in `$` is the message's end.
public struct Example: Sendable {
    public var files: [(name: String, source: String)]
    public var file: StaticString
    public var line: UInt

    public init(_ files: KeyValuePairs<String, String>, file: StaticString = #filePath, line: UInt = #line) {
        self.files = files.map { ($0.key, $0.value) }
        self.file = file
        self.line = line
    }

    public init(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
        self.init(["Example.swift": source], file: file, line: line)
    }

    public static let marker: Character = "↓"

    /// The source as people read it: markers kept, the expectations after them
    /// (`↓⟦error: message fragment⟧`, what the example tests check) left out.
    public static func displayText(_ source: String) -> String {
        var text = ""
        var rest = Substring(source)
        while let marker = rest.firstIndex(of: Self.marker) {
            text += rest[...marker]
            rest = rest[rest.index(after: marker)...]
            if rest.first == "⟦", let close = rest.firstIndex(of: "⟧") { rest = rest[rest.index(after: close)...] }
        }
        return text + rest
    }
}

/// A rule: a description plus a check over the analyzed program (declared by the Rules module,
/// which knows the analysis model).
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
}

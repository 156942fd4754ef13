/// How bad a finding is. Ordered: `note < warning < error`.
public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// One level lower (a note stays a note).
    public var lowered: Severity {
        switch self {
        case .error: .warning
        case .warning, .note: .note
        }
    }
}

/// A related location: one edge of a cycle, the declaration a message talks about.
public struct Note: Hashable, Codable, Sendable {
    public var message: String
    public var location: SourceLocation

    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }
}

/// A text replacement. `start == end` inserts.
public struct TextEdit: Hashable, Codable, Sendable {
    public var file: String
    public var start: Position
    public var end: Position
    public var replacement: String

    public struct Position: Hashable, Codable, Sendable, Comparable {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
        public static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    public init(file: String, start: Position, end: Position, replacement: String) {
        self.file = file
        self.start = start
        self.end = end
        self.replacement = replacement
    }

    public static func insert(_ text: String, at location: SourceLocation) -> TextEdit {
        let position = Position(line: location.line, column: location.column)
        return TextEdit(file: location.file, start: position, end: position, replacement: text)
    }

    public static func replace(_ range: SourceRange, with text: String) -> TextEdit {
        TextEdit(
            file: range.start.file,
            start: Position(line: range.start.line, column: range.start.column),
            end: Position(line: range.end.line, column: range.end.column),
            replacement: text
        )
    }
}

/// A mechanical fix: a message and non-overlapping edits, possibly in several files.
public struct Fix: Hashable, Codable, Sendable {
    public var message: String
    public var edits: [TextEdit]

    public init(message: String, edits: [TextEdit]) {
        self.message = message
        self.edits = edits
    }
}

/// One thing coordlint reports. A plain value: reporters turn it into text, JSON or SARIF.
public struct Finding: Hashable, Codable, Sendable, Comparable {
    public var rule: String
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    public var notes: [Note]
    public var fixes: [Fix]
    /// A stable identity that does not depend on line numbers (rule, owning type, member, file):
    /// what baselines are keyed on.
    public var identity: String
    /// What the finding rests on (not serialized: reporters and the graph export read it in memory).
    public var evidence: Evidence?

    private enum CodingKeys: String, CodingKey {
        case rule, severity, message, location, notes, fixes, identity
    }

    public init(
        rule: String, severity: Severity, message: String, location: SourceLocation,
        notes: [Note] = [], fixes: [Fix] = [], identity: String = "", evidence: Evidence? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.fixes = fixes
        self.identity = identity
        self.evidence = evidence
    }

    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}

/// What a finding rests on: the code facts that prove it.
public enum Evidence: Hashable, Sendable {
    /// A cycle of strong references, back-reference first; each edge carries where it is made.
    case cycle([Edge])
    /// A strong reference that closes no evidenced cycle (a role alone: at most a warning).
    case reference(SourceLocation)
    /// A child added at this location, and the removals that count for it.
    case childAdd(SourceLocation, removals: [SourceLocation])
    /// A child created and started, never kept.
    case unretainedChild(created: SourceLocation, started: SourceLocation)
    /// A closure or target registered with an API that keeps it (observer, timer), with the object it keeps
    /// strongly through it when that is `self` (its type), which then lives as long as the registration.
    case registration(SourceLocation, keeps: String? = nil)
    /// A suppression comment that matched nothing.
    case suppression(SourceLocation)
}

/// A problem with the input rather than with the app: unreadable files, parse errors. Printed on stderr.
public struct InputDiagnostic: Hashable, Codable, Sendable, Comparable {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public static func < (lhs: InputDiagnostic, rhs: InputDiagnostic) -> Bool {
        (lhs.file, lhs.message) < (rhs.file, rhs.message)
    }
}

/// A position in an analyzed file: the path is relative to the analyzed root, line and column are
/// 1-based, and the column counts UTF-8 bytes (what swift-syntax and libclang report). Reporters that
/// need another column kind (SARIF) convert; nothing else does.
public struct SourceLocation: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `File.swift:12` — the short form used inside messages.
    public var shortDescription: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name):\(line)"
    }

    public var description: String { "\(file):\(line):\(column)" }
}

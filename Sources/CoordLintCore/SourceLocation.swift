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

/// A Swift language version (`SWIFT_VERSION = 4.0;` in an Xcode project): its major and minor numbers.
public struct SwiftVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int

    /// `4`, `4.2`, `5.0.1`; nil for anything else (`$(inherited)`).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), let major = parts[0] else { return nil }
        guard let minor = parts.count > 1 ? parts[1] : 0 else { return nil }
        (self.major, self.minor) = (major, minor)
    }

    public static func < (lhs: SwiftVersion, rhs: SwiftVersion) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

    public var description: String { "\(major).\(minor)" }

    /// Swift 4.2 let `guard let self = self` re-bind `self`.
    public static let selfRebinding = SwiftVersion("4.2")!
}

extension UnsafeRawBufferPointer {
    /// Whether the bytes hold `text`'s UTF-8 anywhere: a byte search, for the frontends' cheap questions of a file
    /// (does it mention a directive, an `@import`) before any parse (Foundation's locale-aware search costs more).
    public func containsBytes(of text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, count >= needle.count else { return false }
        var index = 0
        let last = count - needle.count
        while index <= last {
            if self[index] == needle[0] {
                var matched = 1
                while matched < needle.count, self[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}

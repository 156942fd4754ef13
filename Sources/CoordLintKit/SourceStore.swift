import Foundation

/// The analyzed files' text, read back on demand (only files with findings are ever read again).
public final class SourceStore: @unchecked Sendable {
    /// The analyzed directory (a file's directory when one file was analyzed).
    public let rootDirectory: String?
    private var lines: [String: [String]] = [:]
    private let lock = NSLock()

    public init(root: String) {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory)
        let absolute = URL(fileURLWithPath: root).standardizedFileURL
        rootDirectory = isDirectory.boolValue ? absolute.path : absolute.deletingLastPathComponent().path
    }

    public init(texts: [(name: String, text: String)]) {
        rootDirectory = nil
        for (name, text) in texts { lines[name] = Self.split(text) }
    }

    /// `file:///absolute/root/`.
    public var rootURI: String? {
        rootDirectory.map { URL(fileURLWithPath: $0, isDirectory: true).absoluteString }
    }

    /// The whole text of a file, relative to the root.
    public func text(_ file: String) -> String? {
        guard let rootDirectory else { return lines[file].map { $0.joined(separator: "\n") } }
        return try? String(contentsOfFile: rootDirectory + "/" + file, encoding: .utf8)
    }

    public func line(_ file: String, _ number: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if lines[file] == nil, let text = text(file) { lines[file] = Self.split(text) }
        guard let fileLines = lines[file], number >= 1, number <= fileLines.count else { return nil }
        return fileLines[number - 1]
    }

    static func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

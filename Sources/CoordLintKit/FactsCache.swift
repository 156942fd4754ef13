import CoordLintCore
import Foundation

/// A content-addressed cache of per-file facts: a file whose bytes (and the options that shape its
/// facts) did not change is not parsed again. Entries are stamped with the tool and format version;
/// an entry that cannot be read or decoded, or whose stamp differs, is ignored and rebuilt — never trusted.
public struct FactsCache: Sendable {
    public static let formatVersion = 23
    public let directory: String
    private let stamp: String

    public init(directory: String, optionsFingerprint: String) {
        self.directory = directory
        self.stamp = "coordlint \(coordlintVersion) facts v\(Self.formatVersion) \(optionsFingerprint)"
    }

    /// `$XDG_CACHE_HOME/coordlint` or `~/.cache/coordlint`.
    public static var defaultDirectory: String {
        if let xdg = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/coordlint" }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/coordlint").path
    }

    struct Entry: Codable {
        var stamp: String
        var file: String
        var facts: FileFacts
        var diagnostics: [InputDiagnostic]
    }

    func key(file: String, content: Data) -> String {
        var hash = FNV1a()
        hash.add(Data(stamp.utf8))
        hash.add(Data([0]))
        hash.add(Data(file.utf8))
        hash.add(Data([0]))
        hash.add(content)
        return String(hash.value, radix: 16) + "-" + String(content.count, radix: 16)
    }

    private func path(_ key: String) -> String { directory + "/" + String(key.prefix(2)) + "/" + key + ".json" }

    func load(file: String, content: Data) -> (FileFacts, [InputDiagnostic])? {
        guard let data = FileManager.default.contents(atPath: path(key(file: file, content: content))),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.stamp == stamp, entry.file == file else { return nil }
        return (entry.facts, entry.diagnostics)
    }

    func store(file: String, content: Data, facts: FileFacts, diagnostics: [InputDiagnostic]) {
        let target = path(key(file: file, content: content))
        guard let data = try? JSONEncoder().encode(Entry(stamp: stamp, file: file, facts: facts, diagnostics: diagnostics))
        else { return }
        let url = URL(fileURLWithPath: target)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url, options: .atomic)
    }
}

/// 64-bit FNV-1a: a fast content hash for cache keys (not a security boundary).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf29ce484222325

    mutating func add(_ data: Data) {
        var h = value
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            for byte in buffer {
                h ^= UInt64(byte)
                h = h &* 0x100000001b3
            }
        }
        value = h
    }
}

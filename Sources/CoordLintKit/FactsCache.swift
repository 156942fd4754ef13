import CoordLintCore
import Foundation

/// The facts cache: what each file's frontend produced, so a file whose bytes (and the options that shape
/// its facts) did not change is not parsed again.
///
/// One pack a project: the facts of every file of the last run under one root with one set of options,
/// in the binary form of `FactsCoding.swift`, in the user's cache directory. It is read once, each entry
/// checked against its checksum and decoded by the worker that needs it, and written again (whole,
/// atomically) only when an entry was added or a file went away, so it holds exactly one run's files. A
/// pack or an entry that cannot be read, or whose stamp (tool version, format, the executable's size and
/// modification time, options) differs, is ignored and rebuilt — never trusted. When a pack is written,
/// packs unused for 30 days, and all but the 64 most recently used, are removed.
public final class FactsCache: @unchecked Sendable {
    /// Only ever raised: 27 added a type alias's `isFunction`, 28 took it out again, 29 made a getter of one
    /// expression return it, 33 an Objective-C body's static variables, 34 a constrained extension's `Self` and
    /// the type names a file writes.
    public static let formatVersion = 34
    static let magic: [UInt8] = Array("CLPK".utf8)
    static let unusedPackLifetime: TimeInterval = 30 * 24 * 3600
    static let maximumPacks = 64

    public let directory: String
    let packPath: String
    private let stamp: String
    private let pack: [UInt8]
    /// The previous run's entries: relative path → (content hash, encoded entry's checksum and range in `pack`).
    private let previous: [String: Slot]
    private let lock = NSLock()
    /// This run's entries, as they will be written: relative path → (content hash, encoded entry).
    private var current: [String: (hash: UInt64, entry: [UInt8])] = [:]
    private var added = false

    struct Slot {
        var hash: UInt64
        var checksum: UInt64
        var range: Range<Int>
    }

    struct Entry: FactsRecord {
        var facts: FileFacts
        var diagnostics: [InputDiagnostic]
        /// Files outside the project the facts were read through (an Objective-C file's headers from
        /// other directories), as they were: the entry holds only while each is unchanged.
        var dependencies: [FileStamp] = []

        static let storedProperties = 3
        func write(to out: inout FactsWriter) {
            out.put(facts)
            out.put(diagnostics)
            out.put(dependencies)
        }
        init(facts: FileFacts, diagnostics: [InputDiagnostic], dependencies: [FileStamp] = []) {
            self.facts = facts
            self.diagnostics = diagnostics
            self.dependencies = dependencies
        }
        init(from input: inout FactsReader) throws {
            self.init(facts: try input.get(), diagnostics: try input.get(), dependencies: try input.get())
        }
    }

    /// A file's path, size and modification time (nanoseconds since 1970); size -1 when it cannot be read.
    struct FileStamp: FactsRecord, Equatable {
        var path: String
        var size: Int
        var modified: Int

        static let storedProperties = 3
        func write(to out: inout FactsWriter) {
            out.put(path)
            out.put(size)
            out.put(modified)
        }
        init(path: String, size: Int, modified: Int) {
            self.path = path
            self.size = size
            self.modified = modified
        }
        init(from input: inout FactsReader) throws {
            self.init(path: try input.get(), size: try input.get(), modified: try input.get())
        }

        /// The file as it is now.
        static func read(_ path: String) -> FileStamp {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            let modified = (attributes?[.modificationDate] as? Date).map { Int(($0.timeIntervalSince1970 * 1e9).rounded()) } ?? 0
            return FileStamp(path: path, size: size, modified: modified)
        }
    }

    /// Each dependency's stamp is read once a run.
    private var stamps: [String: FileStamp] = [:]

    private func stamp(_ path: String) -> FileStamp {
        if let known = lock.withLock({ stamps[path] }) { return known }
        let stamp = FileStamp.read(path)
        lock.withLock { stamps[path] = stamp }
        return stamp
    }

    public init(directory: String, root: String, optionsFingerprint: String) {
        self.directory = directory
        stamp = "coordlint \(coordlintVersion) facts v\(Self.formatVersion) \(Self.executableIdentity) \(optionsFingerprint)"
        var name = FNV1a()
        name.add(Data(stamp.utf8))
        name.add(Data([0]))
        name.add(Data(URL(fileURLWithPath: root).standardizedFileURL.path.utf8))
        packPath = directory + "/" + String(name.value, radix: 16) + ".pack"
        pack = (try? Data(contentsOf: URL(fileURLWithPath: packPath), options: .alwaysMapped)).map { [UInt8]($0) } ?? []
        previous = Self.index(pack, stamp: stamp) ?? [:]
    }

    /// The running executable's size and modification time: a build whose frontends read the same bytes
    /// differently (a fix in this repository between two versions) never reads the packs of another.
    static let executableIdentity: String = {
        guard let path = Bundle.main.executablePath else { return "unknown-build" }
        let stamp = FileStamp.read(path)
        return "build \(stamp.size)-\(stamp.modified)"
    }()

    /// `$XDG_CACHE_HOME/coordlint` or `~/.cache/coordlint`.
    public static var defaultDirectory: String {
        if let xdg = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/coordlint" }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/coordlint").path
    }

    static func hash<Bytes: Collection>(_ content: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash = FNV1a()
        hash.add(content)
        hash.add(withUnsafeBytes(of: UInt64(content.count).littleEndian) { Array($0) })
        return hash.value
    }

    /// The cached facts of `file` when its content is what it was; nil otherwise (or when the entry does not decode).
    func load(file: String, content: Data) -> (FileFacts, [InputDiagnostic])? {
        let hash = Self.hash(content)
        guard let slot = previous[file], slot.hash == hash else { return nil }
        let encoded = Array(pack[slot.range])
        guard Self.hash(encoded) == slot.checksum,
              let entry = try? FactsReader.decode(Entry.self, from: encoded), entry.facts.file == file,
              entry.dependencies.allSatisfy({ $0 == stamp($0.path) }) else { return nil }
        lock.withLock { current[file] = (hash, encoded) }
        return (entry.facts, entry.diagnostics)
    }

    func store(file: String, content: Data, facts: FileFacts, diagnostics: [InputDiagnostic], dependencies: [String] = []) {
        let entry = Entry(facts: facts, diagnostics: diagnostics, dependencies: dependencies.map(stamp))
        let encoded = [UInt8](FactsWriter.encode(entry))
        let hash = Self.hash(content)
        lock.withLock {
            current[file] = (hash, encoded)
            added = true
        }
    }

    /// Writes the pack when this run added an entry or no longer has a file the pack held. Failures are
    /// silent: the cache is an optimization, never a reason for a run to fail.
    func save() {
        let (entries, changed) = lock.withLock { (current, added || current.count != previous.count) }
        guard changed else {
            // Unchanged: the pack's modification date says when it was last used (what pruning goes by).
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: packPath)
            return
        }
        var out = Self.magic
        appendBytes(Array(stamp.utf8), to: &out)
        appendUInt32(entries.count, to: &out)
        for path in entries.keys.sorted() {
            let (hash, entry) = entries[path]!
            appendBytes(Array(path.utf8), to: &out)
            withUnsafeBytes(of: hash.littleEndian) { out.append(contentsOf: $0) }
            withUnsafeBytes(of: Self.hash(entry).littleEndian) { out.append(contentsOf: $0) }
            appendBytes(entry, to: &out)
        }
        let fileManager = FileManager.default
        try? fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? Data(out).write(to: URL(fileURLWithPath: packPath), options: .atomic)
        removeUnusedPacks()
    }

    /// Removes packs unused for `unusedPackLifetime`, and the least recently used beyond `maximumPacks`
    /// (a tool run over many throwaway directories leaves one pack each).
    private func removeUnusedPacks() {
        let fileManager = FileManager.default
        let limit = Date().addingTimeInterval(-Self.unusedPackLifetime)
        var packs: [(used: Date, path: String)] = []
        for name in (try? fileManager.contentsOfDirectory(atPath: directory)) ?? [] where name.hasSuffix(".pack") {
            let path = directory + "/" + name
            guard path != packPath else { continue }
            let used = (try? fileManager.attributesOfItem(atPath: path))?[.modificationDate] as? Date ?? .distantPast
            packs.append((used, path))
        }
        packs.sort { ($0.used, $0.path) > ($1.used, $1.path) }
        for (index, pack) in packs.enumerated() where pack.used < limit || index >= Self.maximumPacks - 1 {
            try? fileManager.removeItem(atPath: pack.path)
        }
    }

    /// The pack's entries by path, or nil when it is not a pack of this stamp or is malformed anywhere.
    static func index(_ bytes: [UInt8], stamp: String) -> [String: Slot]? {
        var offset = 0
        func take(_ count: Int) -> Range<Int>? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return offset..<offset + count
        }
        func uint32() -> Int? {
            guard let range = take(4) else { return nil }
            return range.reduce(0) { $0 | Int(bytes[$1]) << (8 * ($1 - range.lowerBound)) }
        }
        func field() -> Range<Int>? { uint32().flatMap { take($0) } }
        guard let magicRange = take(magic.count), Array(bytes[magicRange]) == magic,
              let stampRange = field(), Array(bytes[stampRange]) == Array(stamp.utf8),
              let count = uint32() else { return nil }
        func uint64() -> UInt64? {
            guard let range = take(8) else { return nil }
            return range.reduce(UInt64(0)) { $0 | UInt64(bytes[$1]) << (8 * UInt64($1 - range.lowerBound)) }
        }
        var entries: [String: Slot] = [:]
        for _ in 0..<count {
            guard let pathRange = field(), let hash = uint64(), let checksum = uint64(), let entryRange = field() else { return nil }
            entries[String(decoding: bytes[pathRange], as: UTF8.self)] = Slot(hash: hash, checksum: checksum, range: entryRange)
        }
        return offset == bytes.count ? entries : nil
    }
}

private func appendUInt32(_ value: Int, to out: inout [UInt8]) {
    withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { out.append(contentsOf: $0) }
}

private func appendBytes(_ bytes: [UInt8], to out: inout [UInt8]) {
    appendUInt32(bytes.count, to: &out)
    out.append(contentsOf: bytes)
}

/// 64-bit FNV-1a: a fast content hash for cache keys (not a security boundary).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf29ce484222325

    mutating func add<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var h = value
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            for byte in buffer {
                h ^= UInt64(byte)
                h = h &* 0x100000001b3
            }
        }
        if done == nil {
            for byte in bytes {
                h ^= UInt64(byte)
                h = h &* 0x100000001b3
            }
        }
        value = h
    }
}

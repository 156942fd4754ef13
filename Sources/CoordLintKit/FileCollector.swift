import CoordLintCore
import Foundation

/// A source file found under the analyzed root.
public struct SourceFile: Sendable, Hashable {
    /// Absolute path on disk.
    public var path: String
    /// Path relative to the analyzed root: what every location names.
    public var relativePath: String
    public var language: SourceLanguage
}

/// Finds the source files under a path: sorted, symlink loops and skipped folders left out, each
/// problem reported as a diagnostic rather than an error.
public struct FileCollector {
    public static let skippedDirectories: Set<String> = [
        ".build", "Pods", "Carthage", "DerivedData", "node_modules", "xcuserdata",
    ]
    public static let extensions: [String: SourceLanguage] = [
        "swift": .swift, "h": .objectiveC, "m": .objectiveC, "mm": .objectiveC,
    ]

    public var excluded: (String) -> Bool = { _ in false }
    /// Test folders and files are left out unless asked for.
    public var includeTests = false
    /// Follow symbolic links to directories outside the analyzed root (off: a link out is skipped).
    public var followLinksOutOfRoot = false
    /// Paths longer than this (bytes) are skipped with a diagnostic: no walk goes on for ever.
    public static let maximumPathLength = 4096

    public init() {}

    /// Files under `root` (a directory or one file), sorted by relative path, and the Xcode project files
    /// (`X.xcodeproj/project.pbxproj`) found on the way, sorted.
    public func collect(root: String) -> (files: [SourceFile], diagnostics: [InputDiagnostic], projects: [String]) {
        var files: [SourceFile] = []
        var diagnostics: [InputDiagnostic] = []
        var projects: [String] = []
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: root, isDirectory: &isDirectory) else { return ([], [], []) }
        if !isDirectory.boolValue {
            let name = (root as NSString).lastPathComponent
            if let language = Self.language(of: name) {
                files.append(SourceFile(path: root, relativePath: name, language: language))
            }
            return (files, diagnostics, [])
        }
        // Directories are identified by device and inode, not by path text: a link to an ancestor
        // (however deep) is the same directory seen again.
        var visited: Set<DirectoryIdentity> = []
        let rootReal = (root as NSString).resolvingSymlinksInPath
        var pending: [(path: String, relative: String)] = [(root, "")]
        while let (directory, relative) = pending.popLast() {
            guard let identity = DirectoryIdentity(path: directory) else {
                diagnostics.append(InputDiagnostic(file: relative.isEmpty ? "." : relative, message: "cannot read directory"))
                continue
            }
            guard visited.insert(identity).inserted else {
                diagnostics.append(InputDiagnostic(file: relative, message: "skipped: symbolic link loop"))
                continue
            }
            if !relative.isEmpty, !followLinksOutOfRoot {
                let real = (directory as NSString).resolvingSymlinksInPath
                if real != rootReal && !real.hasPrefix(rootReal + "/") {
                    diagnostics.append(InputDiagnostic(file: relative, message: "skipped: symbolic link out of the analyzed directory (--follow-links to include)"))
                    continue
                }
            }
            let entries: [String]
            do {
                entries = try fm.contentsOfDirectory(atPath: directory)
            } catch {
                diagnostics.append(InputDiagnostic(file: relative.isEmpty ? "." : relative, message: "cannot read directory"))
                continue
            }
            for entry in entries.sorted() {
                let path = directory + "/" + entry
                let rel = relative.isEmpty ? entry : relative + "/" + entry
                if path.utf8.count > Self.maximumPathLength {
                    diagnostics.append(InputDiagnostic(file: String(rel.prefix(200)) + "…", message: "skipped: path longer than \(Self.maximumPathLength) bytes"))
                    continue
                }
                if entry.hasPrefix(".") || Self.skippedDirectories.contains(entry) { continue }
                if excluded(rel) { continue }
                var entryIsDirectory: ObjCBool = false
                guard fm.fileExists(atPath: path, isDirectory: &entryIsDirectory) else {
                    if Self.language(of: entry) != nil || (try? fm.destinationOfSymbolicLink(atPath: path)) != nil {
                        diagnostics.append(InputDiagnostic(file: rel, message: "skipped: dangling symbolic link"))
                    }
                    continue
                }
                if entryIsDirectory.boolValue {
                    if !includeTests, Self.isTestDirectory(entry) { continue }
                    if entry.hasSuffix(".xcodeproj") {
                        if fm.fileExists(atPath: path + "/project.pbxproj") { projects.append(path + "/project.pbxproj") }
                        continue
                    }
                    pending.append((path, rel))
                } else if let language = Self.language(of: entry) {
                    if !includeTests, KnowledgeTables.testFileSuffixes.contains(where: entry.hasSuffix) { continue }
                    files.append(SourceFile(path: path, relativePath: rel, language: language))
                }
            }
        }
        files.sort { $0.relativePath < $1.relativePath }
        return (files, diagnostics, projects.sorted())
    }

    /// A directory's identity on disk (device and inode), through any symbolic links.
    struct DirectoryIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// The oldest `SWIFT_VERSION` the Xcode project texts declare (build settings; not source code), or nil.
    public static func oldestSwiftVersion(inProjects texts: [String]) -> SwiftVersion? {
        var oldest: SwiftVersion?
        for text in texts {
            var rest = Substring(text)
            while let range = rest.range(of: "SWIFT_VERSION = ") {
                rest = rest[range.upperBound...]
                let value = rest.prefix { $0 != ";" && $0 != "\n" }.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                if let version = SwiftVersion(value), oldest.map({ version < $0 }) ?? true { oldest = version }
            }
        }
        return oldest
    }

    static func isTestDirectory(_ name: String) -> Bool {
        KnowledgeTables.testDirectoryNames.contains(name) || KnowledgeTables.testDirectorySuffixes.contains(where: name.hasSuffix)
    }

    static func language(of name: String) -> SourceLanguage? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return extensions[String(name[name.index(after: dot)...])]
    }
}

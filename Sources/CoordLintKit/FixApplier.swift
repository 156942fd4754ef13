import CoordLintCore
import Foundation
import SwiftFrontend

/// Applies findings' fix-its to the sources. Never produces code swift-syntax cannot parse: a file
/// whose fixed text fails to parse (when the original parsed) keeps its original text.
public struct FixApplier {
    public struct Change: Sendable {
        public var file: String
        public var original: String
        public var fixed: String
        public var applied: Int
    }

    public init() {}

    public func changes(for findings: [Finding], sources: SourceStore) -> (changes: [Change], diagnostics: [InputDiagnostic]) {
        var editsByFile: [String: [TextEdit]] = [:]
        var countByFile: [String: Int] = [:]
        for finding in findings {
            guard let fix = finding.fixes.first else { continue }
            let accepted = fix.edits.allSatisfy { edit in
                !(editsByFile[edit.file] ?? []).contains { other in other != edit && overlaps(edit, other) }
            }
            guard accepted else { continue }
            for edit in fix.edits where !(editsByFile[edit.file] ?? []).contains(edit) {
                editsByFile[edit.file, default: []].append(edit)
            }
            for file in Set(fix.edits.map(\.file)) { countByFile[file, default: 0] += 1 }
        }
        var changes: [Change] = []
        var diagnostics: [InputDiagnostic] = []
        for file in editsByFile.keys.sorted() {
            guard let original = sources.text(file) else {
                diagnostics.append(InputDiagnostic(file: file, message: "cannot read the file to fix it"))
                continue
            }
            let fixed = apply(editsByFile[file]!, to: original)
            if FileCollector.language(of: file) == .swift {
                let before = SwiftFactExtractor.extract(source: original, file: file).1.isEmpty
                let after = SwiftFactExtractor.extract(source: fixed, file: file).1.isEmpty
                if before && !after {
                    diagnostics.append(InputDiagnostic(file: file, message: "fixes not applied: the result would not parse"))
                    continue
                }
            }
            changes.append(Change(file: file, original: original, fixed: fixed, applied: countByFile[file] ?? 0))
        }
        return (changes, diagnostics)
    }

    private func overlaps(_ a: TextEdit, _ b: TextEdit) -> Bool {
        guard a.file == b.file else { return false }
        if a.start == a.end && b.start == b.end { return false }  // two insertions never overlap
        return a.start < b.end && b.start < a.end || (a.start == b.start && a.end == b.end)
    }

    /// Applies edits (1-based line, UTF-8 byte column) from last to first.
    func apply(_ edits: [TextEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        var lineStarts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        func offset(_ position: TextEdit.Position) -> Int {
            let line = min(max(position.line, 1), lineStarts.count)
            return min(lineStarts[line - 1] + position.column - 1, bytes.count)
        }
        for edit in edits.sorted(by: { ($0.start, $0.end) > ($1.start, $1.end) }) {
            let start = offset(edit.start)
            let end = max(offset(edit.end), start)
            bytes.replaceSubrange(start..<end, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A unified diff (`--fix --dry-run`), with three lines of context.
public enum UnifiedDiff {
    public static func render(file: String, original: String, fixed: String, context: Int = 3) -> String {
        let a = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = fixed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let operations = diff(a, b)
        var out = "--- a/\(file)\n+++ b/\(file)\n"
        var index = 0
        while index < operations.count {
            guard operations[index].0 != " " else { index += 1; continue }
            let hunkStart = max(0, index - context)
            var hunkEnd = index
            var lastChange = index
            while hunkEnd < operations.count {
                if operations[hunkEnd].0 != " " { lastChange = hunkEnd }
                if hunkEnd - lastChange > 2 * context { break }
                hunkEnd += 1
            }
            hunkEnd = min(operations.count, lastChange + context + 1)
            var oldLine = 1, newLine = 1
            for op in operations[..<hunkStart] {
                if op.0 != "+" { oldLine += 1 }
                if op.0 != "-" { newLine += 1 }
            }
            let slice = operations[hunkStart..<hunkEnd]
            let oldCount = slice.filter { $0.0 != "+" }.count
            let newCount = slice.filter { $0.0 != "-" }.count
            out += "@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@\n"
            for op in slice { out += "\(op.0)\(op.1)\n" }
            index = hunkEnd
        }
        return out
    }

    /// Line operations: " " kept, "-" removed, "+" added. Prefix and suffix are matched directly; the
    /// middle (small for fix-its) by longest common subsequence.
    static func diff(_ a: [String], _ b: [String]) -> [(Character, String)] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let midA = Array(a[prefix..<(a.count - suffix)])
        let midB = Array(b[prefix..<(b.count - suffix)])
        var table = Array(repeating: Array(repeating: 0, count: midB.count + 1), count: midA.count + 1)
        for i in stride(from: midA.count - 1, through: 0, by: -1) {
            for j in stride(from: midB.count - 1, through: 0, by: -1) {
                table[i][j] = midA[i] == midB[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [(Character, String)] = a[..<prefix].map { (" ", $0) }
        var i = 0, j = 0
        while i < midA.count || j < midB.count {
            if i < midA.count, j < midB.count, midA[i] == midB[j] {
                result.append((" ", midA[i])); i += 1; j += 1
            } else if i < midA.count, j == midB.count || table[i + 1][j] >= table[i][j + 1] {
                result.append(("-", midA[i])); i += 1
            } else {
                result.append(("+", midB[j])); j += 1
            }
        }
        result += a[(a.count - suffix)...].map { (" ", $0) }
        return result
    }
}

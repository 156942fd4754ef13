import CoordLintCore
import CoordLintKit
import Foundation
import Testing

/// The package's root directory.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// What a marker expects: `↓⟦error: holds 'MainCoordinator' strongly⟧` — the finding's severity
/// and a fragment of its message.
struct MarkerExpectation: Hashable {
    var severity: Severity
    var fragment: String
}

/// Sources with `↓` markers: the clean text and each marker's location (1-based line, UTF-8 column),
/// with what it expects when it says so.
struct MarkedSources {
    var files: [(name: String, text: String)] = []
    var markers: [CoordLintCore.SourceLocation] = []
    var expectations: [CoordLintCore.SourceLocation: MarkerExpectation] = [:]

    init(_ files: [(name: String, source: String)]) {
        for (name, source) in files {
            var clean = ""
            var line = 1
            var column = 1
            var characters = Substring(source)
            while let character = characters.popFirst() {
                if character == Example.marker {
                    let location = CoordLintCore.SourceLocation(file: name, line: line, column: column)
                    markers.append(location)
                    if characters.first == "⟦", let close = characters.firstIndex(of: "⟧") {
                        let body = characters[characters.index(after: characters.startIndex)..<close]
                        characters = characters[characters.index(after: close)...]
                        if let colon = body.firstIndex(of: ":"), let severity = Severity(rawValue: String(body[..<colon])) {
                            let fragment = String(body[body.index(after: colon)...].drop { $0 == " " })
                            expectations[location] = MarkerExpectation(severity: severity, fragment: fragment)
                        }
                    }
                    continue
                }
                clean.append(character)
                if character == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += character.utf8.count
                }
            }
            self.files.append((name, clean))
        }
    }
}

/// Analyzes in-memory sources.
func analyze(_ files: [(name: String, text: String)]) -> Analyzer.Result {
    Analyzer(options: .init(jobs: 1)).run(sources: files)
}

func analyze(_ source: String, name: String = "Test.swift") -> Analyzer.Result {
    analyze([(name, source)])
}

/// `rule@file:line:column` for each finding, sorted: what tests compare.
func positions(_ findings: [Finding], rule: String? = nil) -> [String] {
    findings.filter { rule == nil || $0.rule == rule }.map { "\($0.rule)@\($0.location)" }.sorted()
}

/// A fresh temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("coordlint-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

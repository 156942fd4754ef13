import CoordLintCore
import Foundation

/// SARIF 2.1.0, as GitHub code scanning reads it: rules described in `tool.driver.rules`, every
/// result with its rule index, a region (columns in Unicode code points, as `columnKind` says), the
/// cycle's edges as `relatedLocations`, and fix-its as `fixes`.
public struct SARIFReporter: Reporter {
    public static let informationURI = "https://github.com/coordlint/coordlint"
    public init() {}

    public func render(_ report: Report) -> String {
        let ruleIDs = report.rules.map(\.identifier)
        let columns = ColumnConverter(sourceLine: report.sourceLine)
        let log = Log(runs: [Run(
            tool: Tool(driver: Driver(
                name: "coordlint", version: report.toolVersion, semanticVersion: report.toolVersion,
                informationUri: Self.informationURI,
                rules: report.rules.map { rule in
                    ReportingDescriptor(
                        id: rule.identifier, name: pascalCase(rule.identifier),
                        shortDescription: Text(text: rule.summary), fullDescription: Text(text: rule.rationale),
                        help: Text(text: rule.rationale),
                        defaultConfiguration: Configuration(level: level(rule.defaultSeverity)))
                })),
            originalUriBaseIds: report.rootURI.map { ["SRCROOT": ArtifactLocation(uri: $0, uriBaseId: nil)] },
            results: report.findings.map { finding in
                Result(
                    ruleId: finding.rule, ruleIndex: ruleIDs.firstIndex(of: finding.rule) ?? -1,
                    level: level(finding.severity), message: Text(text: finding.message),
                    locations: [Location(id: nil, message: nil, physicalLocation: columns.physical(finding.location, wordEnd: true))],
                    relatedLocations: finding.notes.isEmpty ? nil : finding.notes.enumerated().map { index, note in
                        Location(id: index, message: Text(text: note.message),
                                 physicalLocation: columns.physical(note.location, wordEnd: true))
                    },
                    fixes: finding.fixes.isEmpty ? nil : finding.fixes.map { fix in
                        Fix(description: Text(text: fix.message), artifactChanges: artifactChanges(fix, columns))
                    },
                    partialFingerprints: finding.identity.isEmpty ? nil : ["coordlintIdentity/v1": finding.identity])
            },
            columnKind: "unicodeCodePoints")])
        return encode(log) + "\n"
    }

    private func artifactChanges(_ fix: CoordLintCore.Fix, _ columns: ColumnConverter) -> [ArtifactChange] {
        let files = Array(Set(fix.edits.map(\.file))).sorted()
        return files.map { file in
            ArtifactChange(
                artifactLocation: ArtifactLocation(uri: file, uriBaseId: "SRCROOT"),
                replacements: fix.edits.filter { $0.file == file }.map { edit in
                    let start = columns.codePoints(file, edit.start.line, edit.start.column)
                    let end = columns.codePoints(file, edit.end.line, edit.end.column)
                    return Replacement(
                        deletedRegion: Region(startLine: edit.start.line, startColumn: start,
                                              endLine: edit.end.line, endColumn: end),
                        insertedContent: edit.replacement.isEmpty ? nil : Text(text: edit.replacement))
                })
        }
    }

    private func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private func pascalCase(_ identifier: String) -> String {
        identifier.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    // MARK: The SARIF object model (the parts coordlint writes)

    struct Log: Encodable {
        var version = "2.1.0"
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case version, schema = "$schema", runs }
    }
    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]?
        var results: [Result]
        var columnKind: String
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var informationUri: String
        var rules: [ReportingDescriptor]
    }
    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { var level: String }
    struct Text: Encodable { var text: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var relatedLocations: [Location]?
        var fixes: [Fix]?
        var partialFingerprints: [String: String]?
    }
    struct Location: Encodable {
        var id: Int?
        var message: Text?
        var physicalLocation: PhysicalLocation
    }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
        var endLine: Int
        var endColumn: Int
    }
    struct Fix: Encodable {
        var description: Text
        var artifactChanges: [ArtifactChange]
    }
    struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }
    struct Replacement: Encodable {
        var deletedRegion: Region
        var insertedContent: Text?
    }

    /// UTF-8 byte columns → Unicode code point columns, and the end of the word a location starts.
    struct ColumnConverter {
        let sourceLine: (String, Int) -> String?

        func codePoints(_ file: String, _ line: Int, _ column: Int) -> Int {
            guard let text = sourceLine(file, line) else { return column }
            let bytes = Array(text.utf8.prefix(max(column - 1, 0)))
            return String(decoding: bytes, as: UTF8.self).unicodeScalars.count + 1
        }

        func physical(_ location: SourceLocation, wordEnd: Bool) -> PhysicalLocation {
            let start = codePoints(location.file, location.line, location.column)
            var end = start + 1
            if wordEnd, let text = sourceLine(location.file, location.line) {
                let scalars = Array(text.unicodeScalars)
                var index = start - 1
                while index < scalars.count, isWord(scalars[index]) { index += 1 }
                end = max(index + 1, start + 1)
            }
            return PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: location.file, uriBaseId: "SRCROOT"),
                region: Region(startLine: location.line, startColumn: start, endLine: location.line, endColumn: end))
        }

        private func isWord(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "@" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        }
    }
}

/// GitHub Actions workflow commands: one annotation per finding on the pull request's diff.
public struct GitHubReporter: Reporter {
    public init() {}

    public func render(_ report: Report) -> String {
        report.findings.map { finding in
            let command = finding.severity == .error ? "error" : (finding.severity == .warning ? "warning" : "notice")
            let properties = "file=\(escapeProperty(finding.location.file)),line=\(finding.location.line),"
                + "col=\(finding.location.column),title=\(escapeProperty(finding.rule))"
            return "::\(command) \(properties)::\(escapeData(finding.message))\n"
        }.joined()
    }

    private func escapeData(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.append(c)
            }
        }
        return out
    }

    private func escapeProperty(_ s: String) -> String {
        var out = ""
        for c in escapeData(s) {
            switch c {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.append(c)
            }
        }
        return out
    }
}

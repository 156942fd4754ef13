import CoordLintCore
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

/// Turns one Swift file into `FileFacts`. Parses once, keeps one location converter, and never
/// decides what leaks. Never throws: a file swift-syntax only partly parses still yields the facts
/// of what it did parse, plus a diagnostic.
public enum SwiftFactExtractor {
    public static func extract(source: String, file: String,
                               knowledge: Knowledge = .standard) -> (FileFacts, [InputDiagnostic]) {
        let tree = Parser.parse(source: source)
        // Every walk of the tree (swift-syntax's location converter and visitors, coordlint's
        // collectors) recurses once per level: a tree deeper than this is skipped, never walked.
        if exceedsDepth(tree, limit: maximumTreeDepth) {
            return (FileFacts(file: file, language: .swift, lineCount: 0), [InputDiagnostic(
                file: file, message: "skipped: its syntax nests deeper than \(maximumTreeDepth) levels")])
        }
        let locations = SourceLocationBuilder(file: file, tree: tree)
        var facts = FileFacts(file: file, language: .swift, lineCount: locations.lineCount)
        let collector = DeclarationCollector(locations: locations, knowledge: knowledge)
        collector.walk(tree)
        facts.types = collector.types
        facts.globalVariables = collector.globalVariables
        facts.typeAliases = collector.typeAliases
        facts.functions = collector.functions.map { function in
            var function = function
            function.events.sort { ($0.location, eventOrder($0)) < ($1.location, eventOrder($1)) }
            return function
        }
        facts.closures = collector.closures.closures
        if Self.mentionsDirective(source) {  // most files have no directive: skip the trivia walk
            facts.directives = DirectiveCollector.collect(tree, locations: locations)
        }
        var diagnostics: [InputDiagnostic] = []
        if tree.hasError {
            diagnostics.append(InputDiagnostic(
                file: file, message: "swift-syntax could only partly parse this file; analyzing what it could read"))
        }
        return (facts, diagnostics)
    }

    /// Whether the text holds `coordlint:` anywhere, by bytes (Foundation's locale-aware search costs
    /// a few percent of a run on large apps).
    static func mentionsDirective(_ source: String) -> Bool {
        let needle = Array("coordlint:".utf8)
        var source = source
        return source.withUTF8 { bytes in
            guard bytes.count >= needle.count else { return false }
            var index = 0
            let last = bytes.count - needle.count
            while index <= last {
                if bytes[index] == needle[0] {
                    var matched = 1
                    while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    /// How deep a syntax tree may be (real code stays under a few hundred levels; a 100,000-link member
    /// chain is 200,000 deep).
    public static let maximumTreeDepth = 1_500

    /// Whether a node of `tree` lies deeper than `limit`, found without recursion (so it never
    /// overflows the stack itself).
    static func exceedsDepth(_ tree: SourceFileSyntax, limit: Int) -> Bool {
        var pending: [(node: RawSyntax, depth: Int)] = [(tree.raw, 1)]
        while let (node, depth) = pending.popLast() {
            if depth > limit { return true }
            guard let layout = node.layoutView else { continue }
            for child in layout.children {
                if let child, child.layoutView != nil { pending.append((child, depth + 1)) }
            }
        }
        return false
    }

    /// Parses and discards the tree: the floor the benchmark compares a full analysis with.
    public static func parseOnly(source: String) -> Bool {
        !Parser.parse(source: source).hasError
    }

    private static func eventOrder(_ event: BodyEvent) -> Int {
        switch event.kind {
        case .binding: 0
        case .assignment: 1
        case .call: 2
        case .returned: 3
        }
    }
}

/// The one place Swift positions become `CoordLintCore.SourceLocation`s (1-based line, UTF-8 column).
struct SourceLocationBuilder {
    let file: String
    let converter: SourceLocationConverter
    let lineCount: Int

    init(file: String, tree: SourceFileSyntax) {
        self.file = file
        self.converter = SourceLocationConverter(fileName: file, tree: tree)
        let end = converter.location(for: tree.endPosition)
        self.lineCount = end.column > 1 ? end.line : max(end.line - 1, 0)
    }

    func location(_ node: some SyntaxProtocol) -> CoordLintCore.SourceLocation {
        location(node.positionAfterSkippingLeadingTrivia)
    }

    func endLocation(_ node: some SyntaxProtocol) -> CoordLintCore.SourceLocation {
        location(node.endPositionBeforeTrailingTrivia)
    }

    func location(_ position: AbsolutePosition) -> CoordLintCore.SourceLocation {
        let l = converter.location(for: position)
        return CoordLintCore.SourceLocation(file: file, line: l.line, column: l.column)
    }
}

/// Collects `// coordlint:...` comments (suppressions). Text matching is for comments only.
enum DirectiveCollector {
    static func collect(_ tree: SourceFileSyntax, locations: SourceLocationBuilder) -> [CommentDirective] {
        var directives: [CommentDirective] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var position = token.position
            for piece in token.leadingTrivia {
                record(piece, at: position)
                position += piece.sourceLength
            }
            position = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                record(piece, at: position)
                position += piece.sourceLength
            }
        }
        return directives

        func record(_ piece: TriviaPiece, at position: AbsolutePosition) {
            let text: String
            switch piece {
            case .lineComment(let t), .blockComment(let t), .docLineComment(let t), .docBlockComment(let t): text = t
            default: return
            }
            guard text.contains("coordlint:") else { return }
            directives.append(CommentDirective(text: text, location: locations.location(position)))
        }
    }
}

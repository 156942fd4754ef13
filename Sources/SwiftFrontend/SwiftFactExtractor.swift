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
        // The same walk, which needs no recursion, reads the type names the file writes.
        guard let namedTypes = scan(tree, depthLimit: maximumTreeDepth) else {
            return (FileFacts(file: file, language: .swift, lineCount: 0), [InputDiagnostic(
                file: file, message: "skipped: its syntax nests deeper than \(maximumTreeDepth) levels")])
        }
        let locations = SourceLocationBuilder(file: file, source: source)
        var facts = FileFacts(file: file, language: .swift, lineCount: locations.lineCount)
        let collector = DeclarationCollector(locations: locations, knowledge: knowledge)
        collector.walk(tree)
        collector.markUncalledMethods()
        facts.types = collector.types
        facts.globalVariables = collector.globalVariables
        facts.typeAliases = collector.typeAliases
        facts.functions = collector.functions.map { function in
            var function = function
            function.events.sort { ($0.location, eventOrder($0)) < ($1.location, eventOrder($1)) }
            return function
        }
        facts.closures = collector.closures.closures
        facts.usesShorthandBinding = collector.closures.usesShorthandBinding
        facts.namedTypes = namedTypes.sorted()
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
        var source = source
        return source.withUTF8 { UnsafeRawBufferPointer($0).containsBytes(of: "coordlint:") }
    }

    /// How deep a syntax tree may be (real code stays under a few hundred levels; a 100,000-link member
    /// chain is 200,000 deep).
    public static let maximumTreeDepth = 1_500

    /// Without recursion (so it never overflows the stack itself): nil when a node of `tree` lies deeper than
    /// `depthLimit`, else every capitalized identifier the file writes but as a declaration's name or the type an
    /// extension extends (`FileFacts.namedTypes`).
    static func scan(_ tree: SourceFileSyntax, depthLimit: Int) -> Set<String>? {
        var names: Set<String> = []
        var pending: [(node: RawSyntax, depth: Int)] = [(tree.raw, 1)]
        while let (node, depth) = pending.popLast() {
            if depth > depthLimit { return nil }
            guard let layout = node.layoutView else { continue }
            // `class Foo`: the declaration's own name (its first identifier) is no use of it.
            var nameToSkip = Self.namingDeclarations.contains(node.kind)
            for child in layout.children {
                guard let child else { continue }
                if child.layoutView != nil {
                    // `extension Foo`: the extended type's name is no use of it either.
                    if node.kind == .extensionDecl, child.kind == .identifierType { continue }
                    pending.append((child, depth + 1))
                } else if let token = child.tokenView, token.rawKind == .identifier {
                    if nameToSkip {
                        nameToSkip = false
                        continue
                    }
                    if let first = token.rawText.first, (65...90).contains(first) {
                        names.insert(String(syntaxText: token.rawText))
                    }
                }
            }
        }
        return names
    }

    private static let namingDeclarations: Set<SyntaxKind> = [
        .classDecl, .structDecl, .enumDecl, .actorDecl, .protocolDecl, .typeAliasDecl, .associatedTypeDecl,
    ]

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
    /// The offset just after each line break (`\n`, `\r`, `\r\n`, as the Swift grammar and
    /// swift-syntax's own converter count them), read from the text: swift-syntax's converter builds
    /// the same table by walking every token's trivia, a twentieth of the frontend's time.
    private let lineEnds: [Int]
    private let endOfFile: Int
    let lineCount: Int

    init(file: String, source: String) {
        self.file = file
        var ends: [Int] = []
        var text = source
        let count = text.withUTF8 { bytes -> Int in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    ends.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                    ends.append(index)
                }
            }
            return bytes.count
        }
        self.lineEnds = ends
        self.endOfFile = count
        self.lineCount = (ends.last ?? 0) == count ? ends.count : ends.count + 1  // a last line break ends the last line
    }

    func location(_ node: some SyntaxProtocol) -> CoordLintCore.SourceLocation {
        location(node.positionAfterSkippingLeadingTrivia)
    }

    func endLocation(_ node: some SyntaxProtocol) -> CoordLintCore.SourceLocation {
        location(node.endPositionBeforeTrailingTrivia)
    }

    /// Line and column (in UTF-8 bytes), both from 1, of a position clamped to the file.
    func location(_ position: AbsolutePosition) -> CoordLintCore.SourceLocation {
        let offset = max(0, min(position.utf8Offset, endOfFile))
        // The number of line ends at or before the offset is the line's index.
        var low = 0
        var high = lineEnds.count
        while low < high {
            let middle = (low + high) / 2
            if lineEnds[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        let lineStart = low == 0 ? 0 : lineEnds[low - 1]
        return CoordLintCore.SourceLocation(file: file, line: low + 1, column: offset - lineStart + 1)
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

extension IfConfigClauseSyntax {
    /// `#if false … #endif`, or a clause after `#if true`: code the compiler never builds, whatever the flags.
    var isNeverCompiled: Bool {
        func literal(_ clause: IfConfigClauseSyntax) -> Bool? {
            clause.condition?.as(BooleanLiteralExprSyntax.self).map { $0.literal.tokenKind == .keyword(.true) }
        }
        if literal(self) == false { return true }
        guard let clauses = parent?.as(IfConfigClauseListSyntax.self) else { return false }
        for clause in clauses {
            if clause.id == id { return false }
            if literal(clause) == true { return true }
        }
        return false
    }
}

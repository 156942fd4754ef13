import CClang
import CoordLintCore

/// Thin Swift wrappers over libclang's C API, so the rest of the frontend never touches C strings
/// or callbacks.
extension CXString {
    /// Takes ownership: the CXString is disposed.
    consuming func consume() -> String {
        defer { clang_disposeString(self) }
        guard let c = clang_getCString(self) else { return "" }
        return String(cString: c)
    }
}

struct Cursor {
    let raw: CXCursor

    var kind: CXCursorKind { clang_getCursorKind(raw) }
    var spelling: String { clang_getCursorSpelling(raw).consume() }
    var type: CXType { clang_getCursorType(raw) }
    var referenced: Cursor { Cursor(raw: clang_getCursorReferenced(raw)) }
    var isNull: Bool { clang_Cursor_isNull(raw) != 0 }
    var extent: CXSourceRange { clang_getCursorExtent(raw) }
    var isFromMainFile: Bool { clang_Location_isFromMainFile(clang_getCursorLocation(raw)) != 0 }

    var children: [Cursor] {
        final class Box { var cursors: [Cursor] = [] }
        let box = Box()
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        clang_visitChildren(raw, { child, _, data in
            let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
            box.cursors.append(Cursor(raw: child))
            return CXChildVisit_Continue
        }, unmanaged.toOpaque())
        return box.cursors
    }

    /// Offsets of the extent in its file.
    var offsets: (start: UInt32, end: UInt32) {
        var start: UInt32 = 0, end: UInt32 = 0
        clang_getSpellingLocation(clang_getRangeStart(extent), nil, nil, nil, &start)
        clang_getSpellingLocation(clang_getRangeEnd(extent), nil, nil, nil, &end)
        return (start, end)
    }

    func `is`(_ k: CXCursorKind) -> Bool { kind == k }
}

extension CXTypeKind {
    static func == (lhs: CXTypeKind, rhs: CXTypeKind) -> Bool { lhs.rawValue == rhs.rawValue }
}

extension CXCursorKind {
    static func == (lhs: CXCursorKind, rhs: CXCursorKind) -> Bool { lhs.rawValue == rhs.rawValue }
}

/// One token of source text with its position.
struct Token {
    var text: String
    var line: Int
    var column: Int
    var offset: UInt32
}

/// A parsed translation unit: positions, tokens, diagnostics.
final class TranslationUnit {
    let raw: CXTranslationUnit
    let file: String

    init(raw: CXTranslationUnit, file: String) {
        self.raw = raw
        self.file = file
    }

    deinit { clang_disposeTranslationUnit(raw) }

    var cursor: Cursor { Cursor(raw: clang_getTranslationUnitCursor(raw)) }

    /// The path of every file the translation unit read (the main file and everything it includes), as
    /// libclang names them, sorted and without repeats.
    var includedFiles: [String] {
        final class Box { var paths: Set<String> = [] }
        let box = Box()
        let unmanaged = Unmanaged.passRetained(box)
        defer { unmanaged.release() }
        clang_getInclusions(raw, { file, _, _, data in
            guard let file else { return }
            Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().paths.insert(clang_getFileName(file).consume())
        }, unmanaged.toOpaque())
        return box.paths.sorted()
    }

    func location(_ cursor: Cursor) -> SourceLocation {
        location(clang_getRangeStart(cursor.extent))
    }

    func location(_ location: CXSourceLocation) -> SourceLocation {
        var line: UInt32 = 0, column: UInt32 = 0
        clang_getSpellingLocation(location, nil, &line, &column, nil)
        return SourceLocation(file: file, line: Int(line), column: Int(column))
    }

    func tokens(_ cursor: Cursor) -> [Token] {
        tokens(cursor.extent)
    }

    func tokens(_ range: CXSourceRange) -> [Token] {
        var pointer: UnsafeMutablePointer<CXToken>?
        var count: UInt32 = 0
        clang_tokenize(raw, range, &pointer, &count)
        guard let pointer else { return [] }
        defer { clang_disposeTokens(raw, pointer, count) }
        return (0..<Int(count)).map { index in
            let token = pointer[index]
            var line: UInt32 = 0, column: UInt32 = 0, offset: UInt32 = 0
            clang_getSpellingLocation(clang_getTokenLocation(raw, token), nil, &line, &column, &offset)
            return Token(text: clang_getTokenSpelling(raw, token).consume(), line: Int(line), column: Int(column),
                         offset: offset)
        }
    }

    /// The files whose `@import M;` lines clang refused (modules are off without an SDK's module maps), each
    /// with its text as clang read it and every such line spelled `#import <M/M.h>`, the header the module
    /// stands for, so a re-parse reads the declarations Xcode's modules would give. Found by clang's own
    /// diagnostics and tokens; a line keeps its number (the statement's line breaks are kept).
    var moduleImportRewrites: [(path: String, contents: [UInt8])] {
        var refused: [String: (file: CXFile, offsets: [UInt32])] = [:]
        for index in 0..<clang_getNumDiagnostics(raw) {
            let diagnostic = clang_getDiagnostic(raw, index)
            defer { clang_disposeDiagnostic(diagnostic) }
            guard clang_getDiagnosticSpelling(diagnostic).consume() == "use of '@import' when modules are disabled" else { continue }
            var file: CXFile?, offset: UInt32 = 0
            clang_getSpellingLocation(clang_getDiagnosticLocation(diagnostic), &file, nil, nil, &offset)
            guard let file else { continue }
            refused[clang_getFileName(file).consume(), default: (file, [])].offsets.append(offset)
        }
        return refused.keys.sorted().compactMap { path in
            let (file, offsets) = refused[path]!
            var size = 0
            guard let buffer = clang_getFileContents(raw, file, &size) else { return nil }
            var contents = Array(UnsafeRawBufferPointer(start: buffer, count: size))
            for offset in Set(offsets).sorted(by: >) {
                let end = UInt32(min(size, Int(offset) + 512))
                let range = clang_getRange(clang_getLocationForOffset(raw, file, offset), clang_getLocationForOffset(raw, file, end))
                let statement = tokens(range).prefix { $0.text != ";" }
                guard statement.count >= 3, statement[statement.startIndex + 1].text == "import",
                      let semicolon = tokens(range).first(where: { $0.text == ";" }) else { continue }
                let module = statement[statement.startIndex + 2].text
                let replaced = contents[Int(offset)...Int(semicolon.offset)]
                let lineBreaks = [UInt8](repeating: 0x0A, count: replaced.filter { $0 == 0x0A }.count)
                contents.replaceSubrange(Int(offset)...Int(semicolon.offset), with: Array("#import <\(module)/\(module).h>".utf8) + lineBreaks)
            }
            return (path, contents)
        }
    }

    /// The main file's tokens hold `@interface`, `@protocol` or `@implementation`: a declaration the collector reads
    /// may be there. By clang's lexer, not the parse: a parse without the includes loses a declaration a macro or
    /// an unknown type precedes (`API_AVAILABLE(ios(13)) @interface …`), the tokens do not.
    func declaresObjectiveC(path: String) -> Bool {
        guard let tokens = fileTokens(path: path) else { return true }
        let keywords: Set<String> = ["interface", "protocol", "implementation"]
        return zip(tokens, tokens.dropFirst()).contains { $0.text == "@" && keywords.contains($1.text) }
    }

    /// Every capitalized identifier the file itself writes (`[SearchResultsView new]`, `Foo *x`): a Swift class this
    /// code may make by name, which clang cannot resolve without the Swift compiler's generated header
    /// (`FileFacts.namedTypes`).
    func capitalizedNames(path: String) -> [String] {
        var names: Set<String> = []
        for token in fileTokens(path: path) ?? [] {
            guard let first = token.text.utf8.first, (65...90).contains(first),
                  token.text.utf8.allSatisfy({ (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 95 })
            else { continue }
            names.insert(token.text)
        }
        return names.sorted()
    }

    /// The tokens of the file itself (not what it includes); nil when clang does not have it.
    private func fileTokens(path: String) -> [Token]? {
        guard let file = clang_getFile(raw, path) else { return nil }
        var size = 0
        guard clang_getFileContents(raw, file, &size) != nil else { return nil }
        let range = clang_getRange(clang_getLocationForOffset(raw, file, 0), clang_getLocationForOffset(raw, file, UInt32(size)))
        return tokens(range)
    }

    /// Errors, less the ones mixing Swift and Objective-C always produces on Linux: the Swift
    /// compiler's generated `App-Swift.h` is not on disk, so Swift classes are only `@class`
    /// forward declarations (their declarations come from the Swift frontend instead).
    var errors: [String] {
        var errors: [String] = []
        for index in 0..<clang_getNumDiagnostics(raw) {
            let diagnostic = clang_getDiagnostic(raw, index)
            defer { clang_disposeDiagnostic(diagnostic) }
            guard clang_getDiagnosticSeverity(diagnostic).rawValue >= CXDiagnostic_Error.rawValue else { continue }
            let text = clang_getDiagnosticSpelling(diagnostic).consume()
            if text.contains("-Swift.h' file not found") || text.contains("forward declaration") { continue }
            errors.append(text)
        }
        return errors
    }
}

import CClang
import CoordLintCore
import Foundation

/// How Objective-C files are parsed.
public struct ObjCOptions: Sendable {
    /// The SDK stubs' revision: facts read with other stubs are other facts (the cache keys on it).
    public static var stubsRevision: Int { SDKStubs.revision }
    /// `-I` directories: every project directory that holds headers, so `#import "X.h"` resolves.
    public var includeDirectories: [String]
    /// Extra compiler arguments (`--objc-arg`), added to every file.
    public var extraArguments: [String]
    /// Per-file arguments from a compile_commands.json, by absolute path.
    public var compileCommands: [String: [String]]
    /// Use coordlint's Foundation/UIKit stubs (no SDK on Linux).
    public var useStubs: Bool

    public init(includeDirectories: [String] = [], extraArguments: [String] = [],
                compileCommands: [String: [String]] = [:], useStubs: Bool = true) {
        self.includeDirectories = includeDirectories
        self.extraArguments = extraArguments
        self.compileCommands = compileCommands
        self.useStubs = useStubs
    }
}

/// libclang → `FileFacts`, the same model the Swift frontend emits. One `CXIndex` per thread; a
/// translation unit libclang cannot parse is reported and skipped. Never decides what leaks.
public enum ObjCFactExtractor {
    public static func extract(path: String, file: String, options: ObjCOptions) -> (FileFacts?, [InputDiagnostic]) {
        let (facts, diagnostics, _) = extractWithIncludes(path: path, file: file, options: options)
        return (facts, diagnostics)
    }

    /// The facts, and the files the translation unit included other than the file itself and the SDK
    /// stubs (what a cache of the facts depends on besides the file's bytes and the options).
    public static func extractWithIncludes(path: String, file: String, options: ObjCOptions)
        -> (FileFacts?, [InputDiagnostic], includes: [String]) {
        // A header that declares no Objective-C (a C or C++ library's: an emulator core's, a codec's), read alone
        // without the headers it includes, holds nothing coordlint reads; parsing what it includes is all its cost
        // and its errors are that library's. Its facts are its comments' directives alone.
        let arguments = arguments(path: path, file: file, options: options)
        let alone = file.hasSuffix(".h") ? parse(path: path, arguments: arguments, file: file, unsaved: [], singleFile: true) : nil
        if let alone, !alone.declaresObjectiveC(path: path) {
            return (extract(alone, path: path, file: file).0, [], [])
        }
        guard let tu = parse(path: path, file: file, arguments: arguments, options: options, alone: alone) else {
            return (nil, [InputDiagnostic(file: file, message: "skipped: libclang could not parse this file")], [])
        }
        let stubs = options.useStubs ? SDKStubs.directory.map { $0 + "/" } : nil
        let includes = tu.includedFiles.filter { $0 != path && !(stubs.map($0.hasPrefix) ?? false) }
        let (facts, diagnostics) = extract(tu, path: path, file: file)
        return (facts, diagnostics, includes)
    }

    private static func extract(_ tu: TranslationUnit, path: String, file: String) -> (FileFacts?, [InputDiagnostic]) {
        let source = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var facts = FileFacts(file: file, language: .objectiveC,
                              lineCount: source.isEmpty ? 0 : source.split(separator: "\n", omittingEmptySubsequences: false).count)
        let errors = tu.errors
        let collector = ObjCDeclarationCollector(tu: tu, hasErrors: !errors.isEmpty)
        collector.collect(tu.cursor)
        facts.types = collector.types
        facts.functions = collector.functions
        facts.closures = collector.closures
        facts.directives = ObjCDeclarationCollector.directives(in: source, file: file)
        // An implementation's code may make a Swift class by its name alone.
        if !file.hasSuffix(".h") { facts.namedTypes = tu.capitalizedNames(path: path) }
        var diagnostics: [InputDiagnostic] = []
        if let first = errors.first {
            diagnostics.append(InputDiagnostic(
                file: file, message: "libclang reported \(errors.count) error\(errors.count == 1 ? "" : "s") (first: \(first)); "
                    + "analyzing what it could read"))
        }
        return (facts, diagnostics)
    }

    /// Parses and discards the translation unit: the floor the benchmark compares a full analysis with.
    public static func parseOnly(path: String, file: String, options: ObjCOptions) -> Bool {
        parse(path: path, file: file, options: options) != nil
    }

    static func parse(path: String, file: String, options: ObjCOptions) -> TranslationUnit? {
        parse(path: path, file: file, arguments: arguments(path: path, file: file, options: options), options: options, alone: nil)
    }

    /// `alone`: the file parsed alone already, when it was (a header's), read again for its `@import` lines.
    private static func parse(path: String, file: String, arguments: [String], options: ObjCOptions,
                              alone: TranslationUnit?) -> TranslationUnit? {
        // `@import M;` needs modules, which the stubs do not provide: read as `#import <M/M.h>` instead. The file's
        // own such lines are found by a parse of the file alone (no includes, cheap), only when its bytes hold
        // `@import` at all; a header's, by the full parse's diagnostics, and a second full parse then.
        guard options.useStubs else { return parse(path: path, arguments: arguments, file: file, unsaved: []) }
        var rewrites: [(path: String, contents: [UInt8])] = []
        if mentionsModuleImport(path),
           let alone = alone ?? parse(path: path, arguments: arguments, file: file, unsaved: [], singleFile: true) {
            rewrites = alone.moduleImportRewrites
        }
        guard let full = parse(path: path, arguments: arguments, file: file, unsaved: rewrites) else { return nil }
        let rewritten = Set(rewrites.map(\.path))
        let more = full.moduleImportRewrites.filter { !rewritten.contains($0.path) }
        guard !more.isEmpty else { return full }
        return parse(path: path, arguments: arguments, file: file, unsaved: rewrites + more) ?? full
    }

    /// The compiler arguments of a file: its language, ARC and blocks, its compile command's, the stubs, every
    /// project header directory, and what the user adds.
    private static func arguments(path: String, file: String, options: ObjCOptions) -> [String] {
        let language = file.hasSuffix(".mm") ? "objective-c++" : "objective-c"
        var arguments = ["-x", language, "-fobjc-arc", "-fblocks", "-fobjc-runtime=ios-15.0", "-ferror-limit=0", "-w",
                         "-fno-color-diagnostics"]
        if file.hasSuffix(".h") { arguments += ["-Wno-pragma-once-outside-header"] }
        if let commands = options.compileCommands[path] { arguments += commands }
        if options.useStubs, let stubs = SDKStubs.directory {
            arguments += ["-isystem", stubs, "-include", stubs + "/coordlint-macros.h"]
        }
        for directory in options.includeDirectories { arguments += ["-I", directory] }
        return arguments + options.extraArguments
    }

    /// Whether the file's bytes hold `@import` anywhere (most Objective-C files do not: no pre-parse for them).
    private static func mentionsModuleImport(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.withUnsafeBytes { $0.containsBytes(of: "@import") }
    }

    private static func parse(path: String, arguments: [String], file: String,
                              unsaved: [(path: String, contents: [UInt8])], singleFile: Bool = false) -> TranslationUnit? {
        let index = ThreadIndex.current
        var unit: CXTranslationUnit?
        var flags = CXTranslationUnit_KeepGoing.rawValue | CXTranslationUnit_DetailedPreprocessingRecord.rawValue
        if singleFile { flags |= CXTranslationUnit_SingleFileParse.rawValue }
        let names = unsaved.map { strdup($0.path) }
        let buffers = unsaved.map { rewrite in
            rewrite.contents.withUnsafeBufferPointer { bytes -> UnsafeMutablePointer<CChar> in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
                bytes.withMemoryRebound(to: CChar.self) { if let base = $0.baseAddress { copy.initialize(from: base, count: bytes.count) } }
                return copy
            }
        }
        defer {
            names.forEach { free($0) }
            buffers.forEach { $0.deallocate() }
        }
        var files = zip(unsaved, zip(names, buffers)).map { rewrite, pointers in
            CXUnsavedFile(Filename: UnsafePointer(pointers.0), Contents: UnsafePointer(pointers.1), Length: UInt(rewrite.contents.count))
        }
        let code: CXErrorCode = withCStrings(arguments) { argv in
            files.withUnsafeMutableBufferPointer { files in
                clang_parseTranslationUnit2(index.raw, path, argv, Int32(arguments.count), files.baseAddress,
                                            UInt32(files.count), flags, &unit)
            }
        }
        guard code == CXError_Success, let unit else { return nil }
        return TranslationUnit(raw: unit, file: file)
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let pointers = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let constant = pointers.map { UnsafePointer<CChar>($0) }
        return constant.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// One `CXIndex` per worker thread (an index is not shared between threads).
final class ThreadIndex {
    let raw: CXIndex

    private init() {
        raw = clang_createIndex(0, 0)
        clang_toggleCrashRecovery(1)
    }

    deinit { clang_disposeIndex(raw) }

    static var current: ThreadIndex {
        let key = "coordlint.ThreadIndex"
        if let existing = Thread.current.threadDictionary[key] as? ThreadIndex { return existing }
        let created = ThreadIndex()
        Thread.current.threadDictionary[key] = created
        return created
    }
}

/// `@interface`, categories and class extensions, `@protocol`, `@property`, ivars, and the bodies of
/// `@implementation` methods (handed to `ObjCBodyCollector`).
final class ObjCDeclarationCollector {
    let tu: TranslationUnit
    private(set) var types: [TypeFact] = []
    private(set) var functions: [FunctionFact] = []
    private(set) var closures: [ClosureFact] = []

    /// Whether libclang reported an error in this translation unit (its recovery may have dropped names).
    private let hasErrors: Bool

    init(tu: TranslationUnit, hasErrors: Bool) {
        self.tu = tu
        self.hasErrors = hasErrors
    }

    func collect(_ root: Cursor) {
        for cursor in root.children where cursor.isFromMainFile {
            switch cursor.kind.rawValue {
            case CXCursor_ObjCInterfaceDecl.rawValue:
                let children = cursor.children
                let superclass = children.filter { $0.is(CXCursor_ObjCSuperClassRef) }.map(\.spelling)
                addType(cursor.spelling, kind: .class, inherited: superclass + protocols(cursor, children), cursor: cursor,
                        members: children)
            case CXCursor_ObjCCategoryDecl.rawValue:
                let children = cursor.children
                guard let owner = children.first(where: { $0.is(CXCursor_ObjCClassRef) })?.spelling else { continue }
                addType(owner, kind: .extension, inherited: protocols(cursor, children), cursor: cursor, members: children)
            case CXCursor_ObjCProtocolDecl.rawValue:
                let children = cursor.children
                addType(cursor.spelling, kind: .protocol, inherited: protocols(cursor, children), cursor: cursor,
                        members: children)
            case CXCursor_ObjCImplementationDecl.rawValue:
                implementation(of: cursor.spelling, cursor)
            case CXCursor_ObjCCategoryImplDecl.rawValue:
                guard let owner = cursor.children.first(where: { $0.is(CXCursor_ObjCClassRef) })?.spelling else { continue }
                implementation(of: owner, cursor)
            default:
                break
            }
        }
    }

    /// The protocols a declaration adopts, as written. libclang names those it resolved; when one in the
    /// list is not declared (a pod's header that is not on disk), its recovery drops the whole list, so
    /// then the list is read from the declaration's own tokens: the `<A, B>` after the superclass, the
    /// category's parentheses or the protocol's name, when it holds only names (`<NSString *>`, a
    /// superclass's type arguments, is no protocol list).
    private func protocols(_ cursor: Cursor, _ children: [Cursor]) -> [String] {
        let resolved = children.filter { $0.is(CXCursor_ObjCProtocolRef) }.map(\.spelling)
        guard hasErrors else { return resolved }
        let references: Set<UInt32> = [CXCursor_ObjCProtocolRef.rawValue, CXCursor_ObjCSuperClassRef.rawValue,
                                       CXCursor_ObjCClassRef.rawValue, CXCursor_TemplateTypeParameter.rawValue]
        let end = children.first { !references.contains($0.kind.rawValue) }.map { clang_getRangeStart($0.extent) }
            ?? clang_getRangeEnd(cursor.extent)
        let header = tu.tokens(clang_getRange(clang_getRangeStart(cursor.extent), end)).map(\.text)
        // Where the list may start: after `: Superclass`, after `)`, or after a protocol's name.
        var index: Int
        if let colon = header.firstIndex(of: ":") {
            index = colon + 2
        } else if let close = header.firstIndex(of: ")") {
            index = close + 1
        } else {
            index = min(3, header.count)
        }
        // A superclass's type arguments come first when present; the protocol list is the next group.
        while index < header.count, header[index] == "<" {
            guard let close = header[index...].firstIndex(of: ">") else { return resolved }
            let group = Array(header[(index + 1)..<close])
            let names = group.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            let isList = !group.isEmpty && group.enumerated().allSatisfy { offset, text in
                offset % 2 == 1 ? text == "," : text.first.map { $0.isLetter || $0 == "_" } == true
            }
            if isList { return names.count > resolved.count ? names : resolved }
            index = close + 1
        }
        return resolved
    }

    private func addType(_ name: String, kind: TypeKind, inherited: [String], cursor: Cursor, members: [Cursor]) {
        let location = tu.location(cursor)
        var fact = TypeFact(name: name, kind: kind, inherited: inherited, location: location,
                            inheritanceInsertion: location, hasInheritanceClause: true)
        fact.isObjC = true
        for member in members {
            if member.is(CXCursor_ObjCPropertyDecl), let property = property(member, isRequirement: kind == .protocol) {
                fact.properties.append(property)
            } else if member.is(CXCursor_ObjCIvarDecl), let ivar = ivar(member) {
                fact.properties.append(ivar)
            }
        }
        types.append(fact)
    }

    private func implementation(of owner: String, _ cursor: Cursor) {
        var ivars: [PropertyFact] = []
        for member in cursor.children {
            switch member.kind.rawValue {
            case CXCursor_ObjCIvarDecl.rawValue:
                if let ivar = ivar(member) { ivars.append(ivar) }
            case CXCursor_ObjCInstanceMethodDecl.rawValue, CXCursor_ObjCClassMethodDecl.rawValue:
                ivars += method(member, owner: owner, isStatic: member.is(CXCursor_ObjCClassMethodDecl))
            default:
                break
            }
        }
        if !ivars.isEmpty {
            let location = tu.location(cursor)
            var fact = TypeFact(name: owner, kind: .extension, inherited: [], location: location,
                                inheritanceInsertion: location, hasInheritanceClause: true)
            fact.properties = ivars
            types.append(fact)
        }
    }

    // MARK: Properties and ivars

    private func property(_ cursor: Cursor, isRequirement: Bool) -> PropertyFact? {
        let attributes = clang_Cursor_getObjCPropertyAttributes(cursor.raw, 0)
        let tokens = tu.tokens(cursor)
        let name = cursor.spelling
        guard let type = ObjCTypes.reference(cursor.type, tokens: tokens, name: name) else { return nil }
        func has(_ attribute: CXObjCPropertyAttrKind) -> Bool { attributes & attribute.rawValue != 0 }
        // A readonly property with a custom getter has no backing ivar: not a stored reference.
        if has(CXObjCPropertyAttr_readonly) && has(CXObjCPropertyAttr_getter) { return nil }
        var ownership = Ownership.strong
        if has(CXObjCPropertyAttr_weak) { ownership = .weak }
        else if has(CXObjCPropertyAttr_unsafe_unretained) || has(CXObjCPropertyAttr_assign) { ownership = .assign }
        else if has(CXObjCPropertyAttr_copy) { ownership = .copy }
        let location = tu.location(cursor)
        var fact = PropertyFact(
            name: name, type: type, ownership: ownership, isLet: has(CXObjCPropertyAttr_readonly), isLazy: false,
            isStatic: has(CXObjCPropertyAttr_class), isRequirement: isRequirement, location: location,
            bindingKeyword: SourceRange(start: location, end: location), typeEnd: nil, initializer: nil)
        fact.weakEdits = type.isFunction ? [] : weakEdits(tokens)
        return fact
    }

    /// `strong`/`retain`/`assign` → `weak` inside `@property (...)`; `weak, ` when the list has no
    /// ownership; `(weak) ` when there is no list.
    private func weakEdits(_ tokens: [Token]) -> [TextEdit] {
        guard tokens.count > 2, tokens[0].text == "@", tokens[1].text == "property" else { return [] }
        func position(_ token: Token, after: Bool = false) -> TextEdit.Position {
            TextEdit.Position(line: token.line, column: token.column + (after ? token.text.utf8.count : 0))
        }
        if tokens[2].text == "(" {
            var index = 3
            while index < tokens.count, tokens[index].text != ")" {
                if ["strong", "retain", "assign", "unsafe_unretained"].contains(tokens[index].text) {
                    return [TextEdit(file: tu.file, start: position(tokens[index]), end: position(tokens[index], after: true),
                                     replacement: "weak")]
                }
                index += 1
            }
            return [TextEdit(file: tu.file, start: position(tokens[2], after: true), end: position(tokens[2], after: true),
                             replacement: index == 3 ? "weak" : "weak, ")]
        }
        let at = position(tokens[2])
        return [TextEdit(file: tu.file, start: at, end: at, replacement: "(weak) ")]
    }

    private func ivar(_ cursor: Cursor) -> PropertyFact? {
        let tokens = tu.tokens(cursor)
        let name = cursor.spelling
        guard let type = ObjCTypes.reference(cursor.type, tokens: tokens, name: name) else { return nil }
        let words = Set(tokens.map(\.text))
        let typeSpelling = clang_getTypeSpelling(cursor.type).consume()
        let ownership: Ownership = typeSpelling.contains("__weak") || words.contains("__weak") ? .weak
            : (typeSpelling.contains("__unsafe_unretained") || words.contains("__unsafe_unretained") ? .assign : .strong)
        let location = tu.location(cursor)
        var fact = PropertyFact(
            name: name, type: type, ownership: ownership, isLet: false, isLazy: false, isStatic: false,
            isRequirement: false, location: location, bindingKeyword: SourceRange(start: location, end: location),
            typeEnd: nil, initializer: nil)
        fact.weakEdits = words.contains("__strong") || type.isFunction ? [] : [.insert("__weak ", at: location)]
        return fact
    }

    // MARK: Methods

    /// Collects the method's function; returns the static variables of the owner's own type its body declares
    /// (storage that lasts for the process, like a static property: a `dispatch_once` singleton's instance).
    @discardableResult
    private func method(_ cursor: Cursor, owner: String, isStatic: Bool) -> [PropertyFact] {
        let selector = cursor.spelling
        let pieces = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let children = cursor.children
        let parameters = children.filter { $0.is(CXCursor_ParmDecl) }
        var facts: [ParameterFact] = []
        for (index, parameter) in parameters.enumerated() {
            let label = index == 0 ? nil : (index < pieces.count ? pieces[index] : nil)
            facts.append(ParameterFact(label: label, name: parameter.spelling,
                                       type: ObjCTypes.reference(parameter.type, tokens: [], name: parameter.spelling),
                                       isEscaping: true))
        }
        var function = FunctionFact(name: pieces[0], kind: pieces[0].hasPrefix("init") ? .initializer : .method,
                                    owner: owner, isStatic: isStatic, parameters: facts, location: tu.location(cursor))
        var statics: [PropertyFact] = []
        if let body = children.first(where: { $0.is(CXCursor_CompoundStmt) }) {
            let collector = ObjCBodyCollector(tu: tu, firstClosureID: closures.count, function: functions.count)
            collector.walk(body)
            function.events = collector.events.sorted { $0.location < $1.location }
            closures += collector.closures
            statics = collector.staticVariables.filter { $0.type?.name == owner }
        }
        functions.append(function)
        return statics
    }

    /// `// coordlint:...` comments (suppressions), found by text in comments only.
    static func directives(in source: String, file: String) -> [CommentDirective] {
        var result: [CommentDirective] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let comment = line.range(of: "//"), let marker = line.range(of: "coordlint:"),
                  marker.lowerBound > comment.lowerBound else { continue }
            let column = line.utf8.distance(from: line.startIndex, to: comment.lowerBound) + 1
            result.append(CommentDirective(text: String(line[comment.lowerBound...]),
                                           location: SourceLocation(file: file, line: index + 1, column: column)))
        }
        return result
    }
}

/// Objective-C types as ownership sees them.
enum ObjCTypes {
    static let qualifiers: Set<String> = [
        "__strong", "__weak", "__unsafe_unretained", "__autoreleasing", "__kindof", "_Nullable", "_Nonnull",
        "nullable", "nonnull", "const", "__nullable", "__nonnull", "_Null_unspecified", "null_unspecified", "__block",
    ]

    /// The reference a declaration holds, or nil for a non-object (`BOOL`, `NSInteger`, a struct).
    static func reference(_ type: CXType, tokens: [Token], name: String) -> TypeReference? {
        switch type.kind.rawValue {
        case CXType_BlockPointer.rawValue:
            return TypeReference(name: "", isFunction: true)
        case CXType_ObjCObjectPointer.rawValue, CXType_ObjCId.rawValue, CXType_ObjCInterface.rawValue,
             CXType_ObjCObject.rawValue, CXType_Typedef.rawValue, CXType_Attributed.rawValue, CXType_Elaborated.rawValue:
            let spelling = clang_getTypeSpelling(type).consume()
            if type.kind.rawValue == CXType_Typedef.rawValue || type.kind.rawValue == CXType_Elaborated.rawValue {
                let canonical = clang_getCanonicalType(type)
                if canonical.kind.rawValue == CXType_BlockPointer.rawValue { return TypeReference(name: "", isFunction: true) }
                guard canonical.kind.rawValue == CXType_ObjCObjectPointer.rawValue
                    || canonical.kind.rawValue == CXType_ObjCId.rawValue else { return nil }
            }
            return parse(spelling)
        case CXType_Invalid.rawValue, CXType_Pointer.rawValue:
            // An unknown class comes back as an invalid `int *`; its written name is still in the tokens.
            return fromTokens(tokens, name: name)
        default:
            return nil
        }
    }

    /// `NSMutableArray<id<Coordinator>> *` → Coordinator in an array; `id<LoginDelegate>` → LoginDelegate.
    static func parse(_ spelling: String) -> TypeReference? {
        var text = spelling
        for qualifier in qualifiers { text = text.replacingOccurrences(of: qualifier, with: " ") }
        text = text.replacingOccurrences(of: "*", with: " ").trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("id<"), let close = text.lastIndex(of: ">") {
            let inner = text[text.index(text.startIndex, offsetBy: 3)..<close]
            let first = inner.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return TypeReference(name: first)
        }
        if text == "id" || text == "instancetype" || text.isEmpty { return TypeReference(name: "") }
        guard let open = text.firstIndex(of: "<"), let close = text.lastIndex(of: ">") else {
            return TypeReference(name: text.trimmingCharacters(in: .whitespaces))
        }
        let base = text[..<open].trimmingCharacters(in: .whitespaces)
        let arguments = splitArguments(String(text[text.index(after: open)..<close]))
        func element(_ index: Int) -> TypeReference? { index < arguments.count ? parse(arguments[index]) : nil }
        switch base {
        case "NSArray", "NSMutableArray", "NSOrderedSet", "NSMutableOrderedSet":
            var e = element(0) ?? TypeReference(name: "")
            e.container = .array
            return e
        case "NSSet", "NSMutableSet", "NSHashTable":
            var e = element(0) ?? TypeReference(name: "")
            e.container = .set
            return e
        case "NSDictionary", "NSMutableDictionary", "NSMapTable":
            var e = element(1) ?? TypeReference(name: "")
            e.container = .dictionary
            return e
        default:
            return TypeReference(name: base, genericArguments: arguments)
        }
    }

    private static func splitArguments(_ text: String) -> [String] {
        var result: [String] = []
        var depth = 0
        var current = ""
        for c in text {
            if c == "<" { depth += 1 }
            if c == ">" { depth -= 1 }
            if c == "," && depth == 0 {
                result.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { result.append(current.trimmingCharacters(in: .whitespaces)) }
        return result
    }

    /// `@property (nonatomic, strong) MainCoordinator *coordinator;` → MainCoordinator.
    static func fromTokens(_ tokens: [Token], name: String) -> TypeReference? {
        var words = tokens.map(\.text)
        if let close = words.firstIndex(of: ")"), words.first == "@" { words = Array(words[(close + 1)...]) }
        else if words.first == "@" { words = Array(words.dropFirst(2)) }
        if let nameIndex = words.lastIndex(of: name) { words = Array(words[..<nameIndex]) }
        let typeText = words.filter { !qualifiers.contains($0) }.joined(separator: " ")
        guard typeText.contains("*") || typeText.hasPrefix("id") else { return nil }
        return parse(typeText.replacingOccurrences(of: " < ", with: "<").replacingOccurrences(of: " >", with: ">"))
    }
}

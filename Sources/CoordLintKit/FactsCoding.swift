import CoordLintCore
import Foundation

/// The facts cache's binary form: each fact written field by field in declaration order, with no keys
/// and no type information, integers as LEB128 (zigzag), every string once in a table at the front and
/// by index after it. About a tenth of the JSON's size, and read back faster than swift-syntax parses the
/// file (`Codable`'s generic containers cost more than parsing did: BENCHMARKS.md, ninth round).
///
/// Layout: the magic `CLF2`, the string table (a count, then each string's UTF-8 length and bytes), then
/// the value. Every read is checked: malformed bytes throw `FactsReader.Malformed`, they never crash.
///
/// Keeping it whole: an enum's cases are written by a `switch`, so a new case or payload does not compile
/// until it is written here; a struct's `storedProperties` is compared with its stored properties by
/// reflection (`FactsCacheTests`), so a new field fails a test until it is written here.
protocol FactsCodable {
    func write(to out: inout FactsWriter)
    init(from input: inout FactsReader) throws
}

/// A struct of the facts: `storedProperties` is how many fields `write(to:)` writes.
protocol FactsRecord: FactsCodable {
    static var storedProperties: Int { get }
}

/// A raw-value enum, written as its raw value.
protocol FactsRawCodable: FactsCodable, RawRepresentable where RawValue == String {}

extension FactsRawCodable {
    func write(to out: inout FactsWriter) { out.put(rawValue) }
    init(from input: inout FactsReader) throws {
        guard let value = Self(rawValue: try input.get()) else { throw FactsReader.Malformed() }
        self = value
    }
}

struct FactsWriter {
    static let magic: [UInt8] = Array("CLF2".utf8)
    private(set) var bytes: [UInt8] = []
    private var indices: [String: Int] = [:]
    private var strings: [String] = []

    init() { bytes.reserveCapacity(4096) }

    static func encode<T: FactsCodable>(_ value: T) -> Data {
        var writer = FactsWriter()
        value.write(to: &writer)
        var table = FactsWriter()
        table.bytes = magic
        table.varint(UInt64(writer.strings.count))
        for string in writer.strings {
            let utf8 = Array(string.utf8)
            table.varint(UInt64(utf8.count))
            table.bytes.append(contentsOf: utf8)
        }
        return Data(table.bytes + writer.bytes)
    }

    mutating func put<T: FactsCodable>(_ value: T) { value.write(to: &self) }

    mutating func tag(_ value: UInt8) { bytes.append(value) }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func string(_ string: String) {
        if let index = indices[string] { return varint(UInt64(index)) }
        indices[string] = strings.count
        varint(UInt64(strings.count))
        strings.append(string)
    }
}

struct FactsReader {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset: Int
    private var strings: [String] = []

    static func decode<T: FactsCodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        var reader = try FactsReader(bytes)
        let value = try T(from: &reader)
        guard reader.offset == bytes.count else { throw Malformed() }
        return value
    }

    private init(_ bytes: [UInt8]) throws {
        self.bytes = bytes
        offset = 0
        guard bytes.count >= FactsWriter.magic.count, Array(bytes[0..<FactsWriter.magic.count]) == FactsWriter.magic
        else { throw Malformed() }
        offset = FactsWriter.magic.count
        let count = try varint()
        guard count <= UInt64(bytes.count) else { throw Malformed() }
        strings.reserveCapacity(Int(count))
        for _ in 0..<count {
            let length = Int(try varint())
            guard length <= bytes.count - offset else { throw Malformed() }
            strings.append(String(decoding: bytes[offset..<offset + length], as: UTF8.self))
            offset += length
        }
    }

    mutating func get<T: FactsCodable>() throws -> T { try T(from: &self) }

    mutating func tag() throws -> UInt8 {
        guard offset < bytes.count else { throw Malformed() }
        offset += 1
        return bytes[offset - 1]
    }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Malformed() }
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    mutating func string() throws -> String {
        let index = try varint()
        guard index < UInt64(strings.count) else { throw Malformed() }
        return strings[Int(index)]
    }
}

// MARK: - Values

extension Int: FactsCodable {
    func write(to out: inout FactsWriter) { out.varint(UInt64(bitPattern: Int64((self << 1) ^ (self >> (Int.bitWidth - 1))))) }
    init(from input: inout FactsReader) throws {
        let raw = try input.varint()
        self = Int(truncatingIfNeeded: Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1))
    }
}

extension Bool: FactsCodable {
    func write(to out: inout FactsWriter) { out.tag(self ? 1 : 0) }
    init(from input: inout FactsReader) throws {
        switch try input.tag() {
        case 0: self = false
        case 1: self = true
        default: throw FactsReader.Malformed()
        }
    }
}

extension String: FactsCodable {
    func write(to out: inout FactsWriter) { out.string(self) }
    init(from input: inout FactsReader) throws { self = try input.string() }
}

extension Optional: FactsCodable where Wrapped: FactsCodable {
    func write(to out: inout FactsWriter) {
        switch self {
        case .none: out.tag(0)
        case .some(let value):
            out.tag(1)
            value.write(to: &out)
        }
    }

    init(from input: inout FactsReader) throws {
        switch try input.tag() {
        case 0: self = .none
        case 1: self = .some(try Wrapped(from: &input))
        default: throw FactsReader.Malformed()
        }
    }
}

extension Array: FactsCodable where Element: FactsCodable {
    func write(to out: inout FactsWriter) {
        out.varint(UInt64(count))
        for element in self { element.write(to: &out) }
    }

    init(from input: inout FactsReader) throws {
        let count = try input.varint()
        self = []
        // Every element takes at least one byte: a count beyond what is left is malformed, not a reservation.
        reserveCapacity(Int(Swift.min(count, 1 << 16)))
        for _ in 0..<count { append(try Element(from: &input)) }
    }
}

// MARK: - Facts

extension SourceLanguage: FactsRawCodable {}
extension TypeKind: FactsRawCodable {}
extension Ownership: FactsRawCodable {}
extension TypeReference.Container: FactsRawCodable {}
extension FunctionFact.Kind: FactsRawCodable {}

extension SourceLocation: FactsRecord {
    static let storedProperties = 3
    func write(to out: inout FactsWriter) {
        out.put(file)
        out.put(line)
        out.put(column)
    }
    init(from input: inout FactsReader) throws {
        self.init(file: try input.get(), line: try input.get(), column: try input.get())
    }
}

extension SourceRange: FactsRecord {
    static let storedProperties = 2
    func write(to out: inout FactsWriter) {
        out.put(start)
        out.put(end)
    }
    init(from input: inout FactsReader) throws {
        self.init(start: try input.get(), end: try input.get())
    }
}

extension FileFacts: FactsRecord {
    static let storedProperties = 11
    func write(to out: inout FactsWriter) {
        out.put(file)
        out.put(language)
        out.put(lineCount)
        out.put(types)
        out.put(functions)
        out.put(closures)
        out.put(directives)
        out.put(globalVariables)
        out.put(typeAliases)
        out.put(usesShorthandBinding)
        out.put(namedTypes)
    }
    init(from input: inout FactsReader) throws {
        self.init(file: try input.get(), language: try input.get(), lineCount: try input.get())
        types = try input.get()
        functions = try input.get()
        closures = try input.get()
        directives = try input.get()
        globalVariables = try input.get()
        typeAliases = try input.get()
        usesShorthandBinding = try input.get()
        namedTypes = try input.get()
    }
}

extension TypeAliasFact: FactsRecord {
    static let storedProperties = 3
    func write(to out: inout FactsWriter) {
        out.put(name)
        out.put(target)
        out.put(location)
    }
    init(from input: inout FactsReader) throws {
        self.init(name: try input.get(), target: try input.get(), location: try input.get())
    }
}

extension TypeFact: FactsRecord {
    static let storedProperties = 11
    func write(to out: inout FactsWriter) {
        out.put(name)
        out.put(kind)
        out.put(inherited)
        out.put(location)
        out.put(inheritanceInsertion)
        out.put(hasInheritanceClause)
        out.put(properties)
        out.put(objcName)
        out.put(isObjC)
        out.put(enumCases)
        out.put(genericParameters)
    }
    init(from input: inout FactsReader) throws {
        self.init(name: try input.get(), kind: try input.get(), inherited: try input.get(), location: try input.get(),
                  inheritanceInsertion: try input.get(), hasInheritanceClause: try input.get())
        properties = try input.get()
        objcName = try input.get()
        isObjC = try input.get()
        enumCases = try input.get()
        genericParameters = try input.get()
    }
}

extension GenericParameterFact: FactsRecord {
    static let storedProperties = 2
    func write(to out: inout FactsWriter) {
        out.put(name)
        out.put(constraint)
    }
    init(from input: inout FactsReader) throws {
        self.init(name: try input.get(), constraint: try input.get())
    }
}

extension EnumCaseFact: FactsRecord {
    static let storedProperties = 4
    func write(to out: inout FactsWriter) {
        out.put(name)
        out.put(payload)
        out.put(labels)
        out.put(payloadLocations)
    }
    init(from input: inout FactsReader) throws {
        self.init(name: try input.get(), payload: try input.get(), labels: try input.get(), payloadLocations: try input.get())
    }
}

extension TypeReference: FactsRecord {
    static let storedProperties = 6
    func write(to out: inout FactsWriter) {
        out.put(name)
        out.put(container)
        out.put(isOptional)
        out.put(isFunction)
        out.put(genericArguments)
        out.put(returnsValue)
    }
    init(from input: inout FactsReader) throws {
        self.init(name: try input.get(), container: try input.get(), isOptional: try input.get(),
                  isFunction: try input.get(), genericArguments: try input.get(), returnsValue: try input.get())
    }
}

extension PropertyFact: FactsRecord {
    static let storedProperties = 14
    func write(to out: inout FactsWriter) {
        out.put(name)
        out.put(type)
        out.put(ownership)
        out.put(isLet)
        out.put(isLazy)
        out.put(isStatic)
        out.put(isRequirement)
        out.put(location)
        out.put(bindingKeyword)
        out.put(typeEnd)
        out.put(initializer)
        out.put(isFrameworkManaged)
        out.put(isOutlet)
        out.put(weakEdits)
    }
    init(from input: inout FactsReader) throws {
        self.init(name: try input.get(), type: try input.get(), ownership: try input.get(), isLet: try input.get(),
                  isLazy: try input.get(), isStatic: try input.get(), isRequirement: try input.get(),
                  location: try input.get(), bindingKeyword: try input.get(), typeEnd: try input.get(),
                  initializer: try input.get())
        isFrameworkManaged = try input.get()
        isOutlet = try input.get()
        weakEdits = try input.get()
    }
}

extension ParameterFact: FactsRecord {
    static let storedProperties = 6
    func write(to out: inout FactsWriter) {
        out.put(label)
        out.put(name)
        out.put(type)
        out.put(isEscaping)
        out.put(hasDefault)
        out.put(isVariadic)
    }
    init(from input: inout FactsReader) throws {
        self.init(label: try input.get(), name: try input.get(), type: try input.get(), isEscaping: try input.get(),
                  hasDefault: try input.get(), isVariadic: try input.get())
    }
}

extension FunctionFact: FactsRecord {
    static let storedProperties = 14
    func write(to out: inout FactsWriter) {
        out.put(name)
        out.put(kind)
        out.put(owner)
        out.put(isStatic)
        out.put(parameters)
        out.put(location)
        out.put(events)
        out.put(returnType)
        out.put(isAsync)
        out.put(isThrowing)
        out.put(awaitedSequences)
        out.put(genericParameters)
        out.put(isNeverCalled)
        out.put(selfConstraints)
    }
    init(from input: inout FactsReader) throws {
        self.init(name: try input.get(), kind: try input.get(), owner: try input.get(), isStatic: try input.get(),
                  parameters: try input.get(), location: try input.get())
        events = try input.get()
        returnType = try input.get()
        isAsync = try input.get()
        isThrowing = try input.get()
        awaitedSequences = try input.get()
        genericParameters = try input.get()
        isNeverCalled = try input.get()
        selfConstraints = try input.get()
    }
}

extension BodyEvent: FactsRecord {
    static let storedProperties = 4
    func write(to out: inout FactsWriter) {
        out.put(kind)
        out.put(location)
        out.put(valueLocation)
        out.put(closure)
    }
    init(from input: inout FactsReader) throws {
        self.init(kind: try input.get(), location: try input.get(), valueLocation: try input.get(), closure: try input.get())
    }
}

extension BodyEvent.Kind: FactsCodable {
    func write(to out: inout FactsWriter) {
        switch self {
        case .binding(let name, let type, let value):
            out.tag(0)
            out.put(name)
            out.put(type)
            out.put(value)
        case .assignment(let target, let op, let value):
            out.tag(1)
            out.put(target)
            out.put(op)
            out.put(value)
        case .call(let call):
            out.tag(2)
            out.put(call)
        case .returned(let value):
            out.tag(3)
            out.put(value)
        }
    }
    init(from input: inout FactsReader) throws {
        switch try input.tag() {
        case 0: self = .binding(name: try input.get(), type: try input.get(), value: try input.get())
        case 1: self = .assignment(target: try input.get(), op: try input.get(), value: try input.get())
        case 2: self = .call(try input.get())
        case 3: self = .returned(try input.get())
        default: throw FactsReader.Malformed()
        }
    }
}

extension CaptureItem: FactsRecord {
    static let storedProperties = 4
    func write(to out: inout FactsWriter) {
        out.put(name)
        out.put(ownership)
        out.put(value)
        out.put(location)
    }
    init(from input: inout FactsReader) throws {
        self.init(name: try input.get(), ownership: try input.get(), value: try input.get(), location: try input.get())
    }
}

extension SelfUse: FactsRecord {
    static let storedProperties = 2
    func write(to out: inout FactsWriter) {
        out.put(form)
        out.put(location)
    }
    init(from input: inout FactsReader) throws {
        self.init(form: try input.get(), location: try input.get())
    }
}

extension SelfUse.Form: FactsCodable {
    func write(to out: inout FactsWriter) {
        switch self {
        case .explicitMember: out.tag(0)
        case .explicit: out.tag(1)
        case .value: out.tag(2)
        case .alias(let name):
            out.tag(3)
            out.put(name)
        case .memberValue: out.tag(4)
        }
    }
    init(from input: inout FactsReader) throws {
        switch try input.tag() {
        case 0: self = .explicitMember
        case 1: self = .explicit
        case 2: self = .value
        case 3: self = .alias(try input.get())
        case 4: self = .memberValue
        default: throw FactsReader.Malformed()
        }
    }
}

extension ClosureFact: FactsRecord {
    static let storedProperties = 19
    func write(to out: inout FactsWriter) {
        out.put(id)
        out.put(location)
        out.put(parent)
        out.put(captureList)
        out.put(selfBinding)
        out.put(selfUses)
        out.put(freeNames)
        out.put(isImmediatelyInvoked)
        out.put(captureListInsertion)
        out.put(hasCaptureList)
        out.put(hasSignature)
        out.put(function)
        out.put(statementCount)
        out.put(returnsValue)
        out.put(loopsOverAsyncSequence)
        out.put(holdsSelfAcrossLoop)
        out.put(bodyStart)
        out.put(soleSelfCall)
        out.put(soleExpression)
    }
    init(from input: inout FactsReader) throws {
        self.init(id: try input.get(), location: try input.get(), parent: try input.get(), captureList: try input.get(),
                  selfBinding: try input.get(), selfUses: try input.get(), freeNames: try input.get(),
                  isImmediatelyInvoked: try input.get(), captureListInsertion: try input.get(),
                  hasCaptureList: try input.get(), hasSignature: try input.get())
        function = try input.get()
        statementCount = try input.get()
        returnsValue = try input.get()
        loopsOverAsyncSequence = try input.get()
        holdsSelfAcrossLoop = try input.get()
        bodyStart = try input.get()
        soleSelfCall = try input.get()
        soleExpression = try input.get()
    }
}

extension NameUse: FactsRecord {
    static let storedProperties = 3
    func write(to out: inout FactsWriter) {
        out.put(name)
        out.put(location)
        out.put(isValue)
    }
    init(from input: inout FactsReader) throws {
        self.init(name: try input.get(), location: try input.get(), isValue: try input.get())
    }
}

extension CommentDirective: FactsRecord {
    static let storedProperties = 2
    func write(to out: inout FactsWriter) {
        out.put(text)
        out.put(location)
    }
    init(from input: inout FactsReader) throws {
        self.init(text: try input.get(), location: try input.get())
    }
}

extension ValueExpression: FactsCodable {
    func write(to out: inout FactsWriter) {
        switch self {
        case .selfReference: out.tag(0)
        case .name(let name):
            out.tag(1)
            out.put(name)
        case .member(let base, let name):
            out.tag(2)
            out.put(base)
            out.put(name)
        case .call(let call):
            out.tag(3)
            out.put(call)
        case .closure(let id):
            out.tag(4)
            out.put(id)
        case .array(let elements):
            out.tag(5)
            out.put(elements)
        case .tuple(let elements):
            out.tag(6)
            out.put(elements)
        case .cast(let value, let type):
            out.tag(7)
            out.put(value)
            out.put(type)
        case .inOut(let value):
            out.tag(8)
            out.put(value)
        case .boolean(let value):
            out.tag(9)
            out.put(value)
        case .nilLiteral: out.tag(10)
        case .subscriptAccess(let base):
            out.tag(11)
            out.put(base)
        case .alternatives(let values):
            out.tag(12)
            out.put(values)
        case .enumPayload(let value, let name, let index):
            out.tag(13)
            out.put(value)
            out.put(name)
            out.put(index)
        case .literal: out.tag(14)
        case .unknown: out.tag(15)
        case .implicitMember(let name):
            out.tag(16)
            out.put(name)
        }
    }
    init(from input: inout FactsReader) throws {
        switch try input.tag() {
        case 0: self = .selfReference
        case 1: self = .name(try input.get())
        case 2: self = .member(try input.get(), try input.get())
        case 3: self = .call(try input.get())
        case 4: self = .closure(try input.get())
        case 5: self = .array(try input.get())
        case 6: self = .tuple(try input.get())
        case 7: self = .cast(try input.get(), try input.get())
        case 8: self = .inOut(try input.get())
        case 9: self = .boolean(try input.get())
        case 10: self = .nilLiteral
        case 11: self = .subscriptAccess(try input.get())
        case 12: self = .alternatives(try input.get())
        case 13: self = .enumPayload(try input.get(), try input.get(), try input.get())
        case 14: self = .literal
        case 15: self = .unknown
        case 16: self = .implicitMember(try input.get())
        default: throw FactsReader.Malformed()
        }
    }
}

extension CallExpression: FactsRecord {
    static let storedProperties = 6
    func write(to out: inout FactsWriter) {
        out.put(base)
        out.put(name)
        out.put(arguments)
        out.put(location)
        out.put(isImplicitMember)
        out.put(isAwaited)
    }
    init(from input: inout FactsReader) throws {
        self.init(base: try input.get(), name: try input.get(), arguments: try input.get(), location: try input.get(),
                  isImplicitMember: try input.get(), isAwaited: try input.get())
    }
}

extension CallArgument: FactsRecord {
    static let storedProperties = 4
    func write(to out: inout FactsWriter) {
        out.put(label)
        out.put(value)
        out.put(location)
        out.put(isTrailingClosure)
    }
    init(from input: inout FactsReader) throws {
        self.init(label: try input.get(), value: try input.get(), location: try input.get(),
                  isTrailingClosure: try input.get())
    }
}

extension TextEdit: FactsRecord {
    static let storedProperties = 4
    func write(to out: inout FactsWriter) {
        out.put(file)
        out.put(start)
        out.put(end)
        out.put(replacement)
    }
    init(from input: inout FactsReader) throws {
        self.init(file: try input.get(), start: try input.get(), end: try input.get(), replacement: try input.get())
    }
}

extension TextEdit.Position: FactsRecord {
    static let storedProperties = 2
    func write(to out: inout FactsWriter) {
        out.put(line)
        out.put(column)
    }
    init(from input: inout FactsReader) throws {
        self.init(line: try input.get(), column: try input.get())
    }
}

extension InputDiagnostic: FactsRecord {
    static let storedProperties = 2
    func write(to out: inout FactsWriter) {
        out.put(file)
        out.put(message)
    }
    init(from input: inout FactsReader) throws {
        self.init(file: try input.get(), message: try input.get())
    }
}

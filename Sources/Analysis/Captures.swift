import CoordLintCore

/// How a closure holds `self`: which type, how strongly, where it first uses it.
public struct SelfCapture: Hashable, Sendable {
    public var type: String
    public var strength: Strength
    public var location: SourceLocation
    /// `self` is a value: the closure holds a copy, and with it everything the value holds.
    public var isValueCopy: Bool
    /// Every use, for fix-its: `self.` (explicit), a bare member (implicit), or something else.
    public var explicitMembers: [SourceLocation]
    public var implicitMembers: [SourceLocation]
    public var otherUses: [SourceLocation]
    /// A weak capture re-bound strongly before a `for await` loop: held for as long as the loop runs.
    public var heldAcrossLoop = false
}

/// Resolves what a closure captures, from its facts and the function it is in.
struct CaptureResolver {
    let files: [FileFacts]
    let types: TypeIndex
    let functions: [FunctionRef]
    private let methodsByOwner: [String: Set<String>]

    init(files: [FileFacts], types: TypeIndex, functions: [FunctionRef]) {
        self.files = files
        self.types = types
        self.functions = functions
        var methods: [String: Set<String>] = [:]
        for ref in functions where ref.function.kind == .method {
            if let owner = ref.owner { methods[owner, default: []].insert(ref.function.name) }
        }
        self.methodsByOwner = methods
    }

    func selfCapture(of ref: ClosureRef) -> SelfCapture? {
        let closure = files[ref.file].closures[ref.id]
        let functionsOfFile = files[ref.file].functions
        guard closure.function >= 0, closure.function < functionsOfFile.count else { return nil }
        let function = functionsOfFile[closure.function]
        guard !function.isStatic else { return nil }  // `self` in a static method is the type: no object is captured
        guard let owner = function.owner.flatMap({ types.resolveExtended($0) }), let ownerType = types[owner] else {
            return nil
        }
        var locals = Set(function.parameters.map(\.name))
        for event in function.events {
            if case .binding(let name, _, _) = event.kind { locals.insert(name) }
        }
        // A name an enclosing closure's capture list binds (`{ [userManager] in … { userManager.token } }`) is
        // that closure's copy, not `self`'s member.
        var enclosing = closure.parent
        while let id = enclosing, id < files[ref.file].closures.count {
            let outer = files[ref.file].closures[id]
            locals.formUnion(outer.captureList.map(\.name))
            enclosing = outer.parent
        }
        let implicit = closure.freeNames.filter { use in
            !locals.contains(use.name)
                && (types.property(named: use.name, of: owner) != nil || methodsByOwner[owner]?.contains(use.name) == true)
        }.map(\.location)
        let isMember: (SelfUse) -> Bool = { $0.form == .explicitMember || $0.form == .memberValue }
        let explicitMembers = closure.selfUses.filter(isMember).map(\.location)
        let others = closure.selfUses.filter { !isMember($0) }.map(\.location)
        guard let first = (explicitMembers + implicit + others).min() else { return nil }
        let isValue = ownerType.isValueType
        return SelfCapture(
            type: owner, strength: isValue || closure.holdsSelfAcrossLoop ? .strong : Strength(closure.selfBinding),
            location: first, isValueCopy: isValue, explicitMembers: explicitMembers.sorted(),
            implicitMembers: implicit.sorted(), otherUses: others.sorted(),
            heldAcrossLoop: !isValue && closure.holdsSelfAcrossLoop)
    }
}

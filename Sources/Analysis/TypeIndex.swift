import CoordLintCore

/// A type after its declaration and extensions (in any file) are merged.
public struct ResolvedType: Sendable {
    public var name: String
    public var kind: TypeKind
    public var inherited: [String]
    /// The project superclass, when the first inherited name is a project class.
    public var superclass: String?
    public var properties: [PropertyFact]
    /// The declaration (not an extension), when the project declares the type.
    public var declaration: TypeFact?
    public var location: SourceLocation
    public var category: Node.Kind = .other
    /// Every protocol it conforms to, through inheritance and protocol refinement (names as written).
    public var conformances: Set<String> = []
    /// Every superclass name, project and framework, nearest first.
    public var ancestors: [String] = []

    public var isValueType: Bool { kind == .struct || kind == .enum }
    public var isReferenceType: Bool { kind == .class || kind == .actor }
}

/// All types of the program, merged and resolved: names, superclasses, conformances, categories.
/// A class: every recorder and evaluator keeps one, and copying the struct retained each of its tables.
public final class TypeIndex: @unchecked Sendable {
    public private(set) var types: [String: ResolvedType] = [:]
    public let knowledge: Knowledge
    /// Every type name, sorted (computed once).
    public private(set) var sortedNames: [String] = []
    /// Protocol or class → its concrete conformers and subclasses, sorted.
    private var subtypes: [String: [String]] = [:]
    /// Type → itself, its superclasses and the protocols it conforms to (resolved).
    private var families: [String: Set<String>] = [:]
    /// Type → its stored properties, its superclasses' included (nearest declaration first).
    private var stored: [String: [(owner: String, property: PropertyFact)]] = [:]
    /// Type → stored property by name.
    private var storedByName: [String: [String: (owner: String, property: PropertyFact)]] = [:]
    /// Type → the property requirements it sees by name: a protocol's own first, then those of the
    /// protocols it conforms to in name order (the first declaring a name wins).
    private var requirementsByName: [String: [String: (owner: String, property: PropertyFact)]] = [:]
    private var simpleNames: [String: [String]] = [:]
    private var objcNames: [String: String] = [:]
    /// Type aliases by qualified name → the nominal type written, and by simple name → qualified names.
    private var aliases: [String: String] = [:]
    private var aliasSimpleNames: [String: [String]] = [:]
    /// The names of every project enum case with associated values (a call with another name builds none).
    public private(set) var payloadCaseNames: Set<String> = []
    /// Names two Swift files each declare a type of (not an extension): types of two modules (an app and its
    /// extension, an iOS and a macOS target) that coordlint, reading no targets, cannot tell apart.
    public private(set) var ambiguousNames: Set<String> = []
    /// A protocol whose name another Swift file declares a class or struct of (a feature module's
    /// `MoviesCoordinator` protocol and the app's class conforming to it): the index merges the two under one
    /// name, and a property written with that name may hold the protocol's existential.
    public private(set) var shadowedProtocols: [String: TypeFact] = [:]
    /// Types with a static property holding an object of their own type (`keepsItsOwnInstance`).
    private(set) var ownInstanceKeepers: Set<String> = []
    /// Generic type → its generic parameters' constraints as written (nil: unconstrained), and every
    /// generic parameter name any type declares (most written names are none, and skip the look-up).
    private var genericParameters: [String: [String: String?]] = [:]
    private var genericParameterNames: Set<String> = []
    /// Each key the program associates objects under with a retaining policy
    /// (`objc_setAssociatedObject(x, &key, value, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)`): its property name
    /// (`associatedObjectPropertyName`) → the first place it is set.
    private var associatedObjectKeys: [String: SourceLocation] = [:]

    public init(facts: [FileFacts], knowledge: Knowledge = .standard) {
        self.knowledge = knowledge
        // Declarations first, so an extension seen before its type (file order) merges correctly.
        var extensions: [TypeFact] = []
        var declaredIn: [String: String] = [:]
        for file in facts {
            for alias in file.typeAliases where aliases[alias.name] == nil {
                aliases[alias.name] = alias.target
                aliasSimpleNames[Knowledge.simpleName(alias.name), default: []].append(alias.name)
            }
            for type in file.types {
                if type.kind == .extension { extensions.append(type); continue }
                if file.language == .swift, type.kind != .protocol {
                    if let first = declaredIn[type.name], first != file.file { ambiguousNames.insert(type.name) }
                    declaredIn[type.name] = declaredIn[type.name] ?? file.file
                }
                if file.language == .swift, let existing = types[type.name], (existing.kind == .protocol) != (type.kind == .protocol) {
                    let declaration = type.kind == .protocol ? type : existing.declaration
                    if let declaration { shadowedProtocols[type.name] = declaration }
                }
                if var existing = types[type.name] {  // an Objective-C @interface and its class extension / category
                    existing.properties += type.properties
                    existing.inherited += type.inherited.filter { !existing.inherited.contains($0) }
                    types[type.name] = existing
                } else {
                    types[type.name] = ResolvedType(
                        name: type.name, kind: type.kind, inherited: type.inherited, superclass: nil,
                        properties: type.properties, declaration: type, location: type.location)
                }
                if let objc = type.objcName { objcNames[objc] = type.name }
                for parameter in type.genericParameters where genericParameters[type.name]?[parameter.name] == nil {
                    genericParameters[type.name, default: [:]][parameter.name] = .some(parameter.constraint)
                    genericParameterNames.insert(parameter.name)
                }
            }
        }
        for file in facts {
            for function in file.functions {
                for event in function.events {
                    guard case .call(let call) = event.kind, let key = Self.associatedObjectKey(call) else { continue }
                    let name = Self.associatedObjectPropertyName(key)
                    if associatedObjectKeys[name].map({ call.location < $0 }) ?? true { associatedObjectKeys[name] = call.location }
                }
            }
        }
        sortedNames = types.keys.sorted()  // every type is known from here on; later passes only change them
        for name in sortedNames {
            simpleNames[Knowledge.simpleName(name), default: []].append(name)
        }
        for ext in extensions {
            guard let name = resolveExtended(ext.name), var type = types[name] else { continue }
            type.inherited += ext.inherited.filter { !type.inherited.contains($0) }
            type.properties += ext.properties  // extensions cannot add stored properties in Swift; ObjC categories can declare them
            types[name] = type
        }
        markWeakCollections(facts)
        for name in sortedNames {
            guard let type = types[name], type.kind == .enum, let cases = type.declaration?.enumCases else { continue }
            types[name]?.properties += cases.flatMap(Self.payloadProperties)
            payloadCaseNames.formUnion(cases.map(\.name))
        }
        for name in sortedNames {
            guard var type = types[name], type.kind == .class, let first = type.inherited.first,
                  let resolved = resolve(first, from: name), types[resolved]?.kind == .class,
                  !superclassChain(from: resolved, reaches: name) else { continue }
            // `class Operation: RSTOperation` beside `open class RSTOperation: Operation` (two modules' names,
            // resolved by name) inherit each other: one link is kept, so every walk up the chain ends.
            type.superclass = resolved
            types[name] = type
        }
        for name in sortedNames {
            let ancestors = computeAncestors(of: name)
            let conformances = computeConformances(of: name)
            types[name]?.ancestors = ancestors
            types[name]?.conformances = conformances
        }
        for name in sortedNames {
            let role = Self.role(of: types[name]!, knowledge: knowledge)
            types[name]?.category = role
        }
        for name in sortedNames {
            let properties = computeStoredProperties(of: name)
            stored[name] = properties
            var byName: [String: (owner: String, property: PropertyFact)] = [:]
            for entry in properties where byName[entry.property.name] == nil { byName[entry.property.name] = entry }
            storedByName[name] = byName
        }
        for name in sortedNames {
            guard let type = types[name] else { continue }
            let resolvedConformances = type.conformances.compactMap { resolve($0, from: name) }
            families[name] = Set([name] + type.ancestors + resolvedConformances)
            var requirements: [String: (owner: String, property: PropertyFact)] = [:]
            if type.kind == .protocol {
                for requirement in type.properties where requirements[requirement.name] == nil { requirements[requirement.name] = (name, requirement) }
            }
            for proto in type.conformances.sorted() {
                guard let resolved = resolve(proto, from: name), let p = types[resolved] else { continue }
                for requirement in p.properties where requirements[requirement.name] == nil { requirements[requirement.name] = (resolved, requirement) }
            }
            if !requirements.isEmpty { requirementsByName[name] = requirements }
            guard type.kind != .protocol else { continue }
            var supertypes = Set(resolvedConformances)
            for ancestor in type.ancestors { supertypes.insert(resolve(ancestor, from: name) ?? ancestor) }
            for supertype in supertypes.sorted() where supertype != name { subtypes[supertype, default: []].append(name) }
        }
        ownInstanceKeepers = Set(sortedNames.filter { name in
            types[name]?.properties.contains { property in
                property.isStatic && property.type.flatMap { resolve($0.name, from: name) } == name
            } == true
        })
    }

    public subscript(name: String) -> ResolvedType? { types[name] }

    /// The type, its superclasses and the protocols it conforms to (where helpers and requirements live).
    public func family(of name: String) -> Set<String> { families[name] ?? [name] }

    /// Whether `name` inherits one of `classes`, a library's classes the project does not declare.
    public func inheritsLibraryClass(_ name: String, from classes: Set<String>) -> Bool {
        types[name]?.ancestors.contains { classes.contains($0) && resolve($0, from: name) == nil } ?? false
    }

    /// Whether `name`'s lineage ends in a class the project does not declare (a framework's, whose members
    /// the project cannot see).
    public func inheritsFrameworkClass(_ name: String) -> Bool {
        types[name]?.ancestors.contains { resolve($0, from: name) == nil } ?? false
    }

    /// Resolves a written type name to a project type: the exact qualified name, the name nested in
    /// the context type (or its enclosing types), an `@objc` name, then a unique simple name.
    public func resolve(_ written: String, from context: String?) -> String? {
        resolve(written, from: context, aliasDepth: 0)
    }

    /// The type an extension's written name denotes: a name at file scope, so a top-level type, an exact
    /// qualified name or an alias, never a type nested elsewhere that merely ends with that name
    /// (`extension Publisher` is Combine's protocol, not a project's `UIGestureRecognizer.Publisher`).
    public func resolveExtended(_ written: String) -> String? {
        resolve(written, from: nil, aliasDepth: 0, atFileScope: true)
    }

    /// The same, through type aliases (`typealias ScreenViewModelType = StateStoreViewModel<S, A>`), at
    /// most a few aliases deep (an alias may name another; `typealias Foo = Foo` names nothing).
    private func resolve(_ written: String, from context: String?, aliasDepth: Int, atFileScope: Bool = false) -> String? {
        if written.isEmpty { return nil }
        // A generic parameter of the context type (or an enclosing one) stands for what it is constrained
        // to (`T: Coordinatable` is a `Coordinatable`), and for nothing the project declares when unconstrained.
        if genericParameterNames.contains(written), let context, let constraint = genericConstraint(written, in: context) {
            guard aliasDepth < 4, let constraint, constraint != written else { return nil }
            return resolve(constraint, from: context, aliasDepth: aliasDepth + 1)
        }
        if let found = Self.nested(written, from: context, simpleNames: simpleNames, where: { types[$0] != nil }) { return found }
        if let renamed = objcNames[written] { return renamed }
        if !atFileScope, let candidates = simpleNames[written], candidates.count == 1 { return candidates[0] }
        guard aliasDepth < 4, let alias = alias(written, from: context), let target = aliases[alias] else { return nil }
        let enclosing = alias.lastIndex(of: ".").map { String(alias[..<$0]) }
        return resolve(target, from: enclosing, aliasDepth: aliasDepth + 1)
    }

    /// The constraint of the generic parameter `name` of `context` or the nearest enclosing type declaring
    /// one of that name (`.some(nil)`: declared, unconstrained); nil when none does.
    private func genericConstraint(_ name: String, in context: String) -> String?? {
        var scope = context
        while true {
            if let constraint = genericParameters[scope]?[name] { return constraint }
            guard let dot = scope.lastIndex(of: ".") else { return nil }
            scope = String(scope[..<dot])
        }
    }

    /// The type an alias written in `context` names at last, through aliases of aliases (`typealias Lifetime =
    /// Set<AnyCancellable>`: `Set`); nil when `written` is no alias.
    public func aliasedType(_ written: String, from context: String?) -> String? {
        var name = written, scope = context, found: String?
        for _ in 0..<4 {
            guard let alias = alias(name, from: scope), let target = aliases[alias] else { break }
            found = target
            name = target
            scope = alias.lastIndex(of: ".").map { String(alias[..<$0]) }
        }
        return found
    }

    /// The qualified name of the alias a written name denotes: exact, nested in the context (or its
    /// enclosing types), then a unique simple name.
    private func alias(_ written: String, from context: String?) -> String? {
        if let found = Self.nested(written, from: context, simpleNames: aliasSimpleNames, where: { aliases[$0] != nil }) { return found }
        if let candidates = aliasSimpleNames[written], candidates.count == 1 { return candidates[0] }
        return nil
    }

    /// The first of `written` itself and `written` nested in the context or its enclosing types
    /// (`Outer.Inner.written`, `Outer.written`) that `exists` accepts. `simpleNames` holds every name
    /// `exists` accepts by its last component: a written name no declaration ends with (`String`,
    /// `UIView`: most names code writes) is nested nowhere, and no candidate name is built for it.
    private static func nested(_ written: String, from context: String?, simpleNames: [String: [String]],
                               where exists: (String) -> Bool) -> String? {
        if exists(written) { return written }
        guard var scope = context,
              simpleNames[Knowledge.simpleName(written)] != nil else { return nil }
        while true {
            if exists("\(scope).\(written)") { return "\(scope).\(written)" }
            guard let dot = scope.lastIndex(of: ".") else { return nil }
            scope = String(scope[..<dot])
        }
    }

    /// An enum value keeps its case's associated values, as a struct its fields: each is a strong `let`
    /// named `case.label` (`room.indicatorController`; `room.0` without a label), declared where the
    /// case declares it. Code stores into it by constructing the case (`.room(indicatorController: x)`).
    static func payloadProperties(of enumCase: EnumCaseFact) -> [PropertyFact] {
        zip(enumCase.payload, enumCase.payloadLocations).enumerated().map { position, element in
            let (type, location) = element
            return PropertyFact(name: payloadPropertyName(enumCase, position), type: type,
                                ownership: .strong, isLet: true, isLazy: false, isStatic: false, isRequirement: false,
                                location: location, bindingKeyword: SourceRange(start: location, end: location),
                                typeEnd: nil, initializer: nil)
        }
    }

    static func payloadPropertyName(_ enumCase: EnumCaseFact, _ position: Int) -> String {
        "\(enumCase.name).\(enumCase.labels[position] ?? String(position))"
    }

    /// `objc_setAssociatedObject(object, key, value, policy)` with a policy that retains or copies: the
    /// key as written (`kParentKey`, `AssociatedKeys.parent`; "key" when it is no name), else nil.
    public static func associatedObjectKey(_ call: CallExpression) -> String? {
        guard call.base == nil, call.name == KnowledgeTables.associatedObjectSetter, call.arguments.count == 4 else { return nil }
        switch call.arguments[3].value {
        case .name(let policy), .implicitMember(let policy), .member(_, let policy):
            guard KnowledgeTables.retainingAssociationPolicies.contains(policy) else { return nil }
        default:
            return nil
        }
        func written(_ expression: ValueExpression) -> String? {
            switch expression {
            case .inOut(let inner): return written(inner)
            case .name(let name): return name
            case .member(let base, let name): return written(base).map { "\($0).\(name)" } ?? name
            default: return nil
            }
        }
        return written(call.arguments[1].value) ?? "key"
    }

    /// The property an associated object is kept in, for the graph: one per key, on any class.
    public static func associatedObjectPropertyName(_ key: String) -> String { "associated object '\(key)'" }

    /// The key of an associated object's property name, or nil for any other property.
    public static func associatedObjectKey(ofProperty name: String) -> String? {
        guard name.hasPrefix("associated object '"), name.hasSuffix("'") else { return nil }
        return String(name.dropFirst("associated object '".count).dropLast())
    }

    /// Whether `name` is the property of an associated object.
    public func isAssociatedObject(_ name: String) -> Bool { associatedObjectKeys[name] != nil }

    /// The associated object `member` of a class: a strong reference no declaration states, located
    /// where the program first sets it. It cannot be declared weak (`weakEdits` empty: no fix-it).
    private func associatedObjectProperty(_ member: String, of name: String) -> (owner: String, property: PropertyFact)? {
        guard let location = associatedObjectKeys[member], types[name]?.isReferenceType == true else { return nil }
        var property = PropertyFact(name: member, type: nil, ownership: .strong, isLet: false, isLazy: false, isStatic: false,
                                    isRequirement: false, location: location,
                                    bindingKeyword: SourceRange(start: location, end: location), typeEnd: nil, initializer: nil)
        property.weakEdits = []
        return (name, property)
    }

    /// The case `name` of the enum `type`, when the project declares it with associated values.
    public func enumCase(_ name: String, of type: String) -> EnumCaseFact? {
        guard types[type]?.kind == .enum else { return nil }
        return types[type]?.declaration?.enumCases.first { $0.name == name }
    }

    /// A stored property a framework superclass declares (`FormViewController.form`), for a project
    /// type that inherits it: owner is the framework class; located at the project type.
    public func frameworkProperty(named member: String, of name: String) -> (owner: String, property: PropertyFact)? {
        guard let type = types[name], storedByName[name]?[member] == nil else { return nil }
        for ancestor in type.ancestors {
            let simple = Knowledge.simpleName(ancestor)
            guard KnowledgeTables.frameworkStoredProperties[simple]?.contains(member) == true else { continue }
            let location = type.location
            return (simple, PropertyFact(name: member, type: nil, ownership: .strong, isLet: false, isLazy: false,
                                         isStatic: false, isRequirement: false, location: location,
                                         bindingKeyword: SourceRange(start: location, end: location), typeEnd: nil,
                                         initializer: nil))
        }
        return nil
    }

    /// A collection property whose every value is one made to hold its objects weakly (its initial value
    /// `NSHashTable.weakObjects()`, or `_observers = [NSHashTable weakObjectsHashTable]` in its type's own
    /// code) keeps none of the objects added to it: it is read as a weak reference. One other value written
    /// there (`NSHashTable()`, another table handed in) keeps it strong.
    private func markWeakCollections(_ facts: [FileFacts]) {
        struct Key: Hashable { var owner: String; var property: String }
        // For each property code assigns: whether some value written is a weak collection, and whether one is not.
        var written: [Key: (weak: Bool, other: Bool)] = [:]
        for file in facts {
            for function in file.functions {
                guard let owner = function.owner.flatMap({ resolveExtended($0) }) else { continue }
                for event in function.events {
                    guard case .assignment(let target, "=", let value) = event.kind, value != .nilLiteral else { continue }
                    let name: String
                    switch target {
                    case .name(let written), .member(.selfReference, let written): name = written
                    default: continue
                    }
                    let key = Key(owner: owner, property: name.hasPrefix("_") && name.count > 1 ? String(name.dropFirst()) : name)
                    let isWeak = knowledge.makesWeakCollection(value)
                    let seen = written[key] ?? (false, false)
                    written[key] = (seen.weak || isWeak, seen.other || !isWeak)
                }
            }
        }
        for name in sortedNames {
            guard let type = types[name] else { continue }
            for (index, property) in type.properties.enumerated() where property.ownership.retains {
                // The initial value, if any, decides with every assigned value; without one, the assigned values do.
                let assigned = written[Key(owner: name, property: property.name)]
                guard property.initializer.map(knowledge.makesWeakCollection) ?? assigned?.weak ?? false,
                      assigned?.other != true else { continue }
                types[name]?.properties[index].ownership = .weak
            }
        }
    }

    /// A name a `typealias` declares (what it stands for is read where it matters).
    public func isAlias(_ name: String) -> Bool { aliases[name] != nil }

    /// The stored properties of a type, its superclasses' included (nearest declaration first).
    public func storedProperties(of name: String) -> [(owner: String, property: PropertyFact)] {
        stored[name] ?? computeStoredProperties(of: name)
    }

    /// Whether `name` is each of `constraints` (a constrained extension's `Self` requirements, written in
    /// `scope`): a conformer of the extended protocol that is not, never runs the extension's methods.
    public func meets(_ constraints: [String], _ name: String, from scope: String) -> Bool {
        constraints.allSatisfy { constraint in
            let resolved = resolve(constraint, from: scope) ?? constraint
            return resolved == name || family(of: name).contains(resolved)
        }
    }

    /// Whether `start` or a superclass of it (as assigned so far) is `name`.
    private func superclassChain(from start: String, reaches name: String) -> Bool {
        var current: String? = start
        while let typeName = current {
            if typeName == name { return true }
            current = types[typeName]?.superclass
        }
        return false
    }

    private func computeStoredProperties(of name: String) -> [(owner: String, property: PropertyFact)] {
        var result: [(String, PropertyFact)] = []
        var seen: Set<String> = []
        var current: String? = name
        while let typeName = current, let type = types[typeName] {
            for property in type.properties where !property.isStatic && !property.isRequirement && !property.isFrameworkManaged
                && seen.insert(property.name).inserted {
                result.append((typeName, property))
            }
            current = type.superclass
        }
        return result
    }

    /// A property visible on a type: its own, a superclass's, or a protocol requirement it conforms to.
    public func property(named member: String, of name: String) -> (owner: String, property: PropertyFact)? {
        if let stored = storedByName[name]?[member] { return stored }
        // `_name`: Objective-C's synthesized ivar (or a Swift property wrapper's storage) for `name`.
        if member.hasPrefix("_"), member.count > 1, let stored = storedByName[name]?[String(member.dropFirst())] {
            return stored
        }
        if let associated = associatedObjectProperty(member, of: name) { return associated }
        return requirementsByName[name]?[member]
    }

    /// What a property holds, by its declared type: an object (a class or actor of the project, or a
    /// framework class), a value (a struct or enum of the project, a standard value type, or — with no
    /// written type — a literal initial value), or nil when that is not known (an unknown name, a
    /// protocol, a collection or a function, whose copy may still hold objects).
    public enum Holding: Sendable { case object, value }

    public func holding(_ property: PropertyFact, of owner: String) -> Holding? {
        guard let written = property.type else {
            // `let topID = "…"`: a string, number or Boolean literal.
            switch property.initializer {
            case .literal?, .boolean?, .implicitMember?: return .value
            default: return nil
            }
        }
        guard written.container == .none, !written.isFunction else { return nil }
        if let resolved = resolve(written.name, from: owner), let kind = types[resolved]?.kind {
            switch kind {
            case .class, .actor: return .object
            case .struct, .enum: return .value
            case .protocol, .extension: return nil
            }
        }
        if KnowledgeTables.standardValueTypes.contains(written.name) { return .value }
        return knowledge.isFrameworkClass(written.name) ? .object : nil
    }

    /// `Cache.shared`: the declared (or initial value's) type of a static property of `name` or a superclass.
    public func staticPropertyType(_ member: String, of name: String) -> String? {
        var current: String? = name
        while let typeName = current, let type = types[typeName] {
            if let property = type.properties.first(where: { $0.isStatic && $0.name == member }) {
                return property.type.flatMap { resolve($0.name, from: typeName) }
            }
            current = type.superclass
        }
        return nil
    }

    /// The type of the associated value at `position` of the enum case `name` of `type`, when it names
    /// one of the project's types.
    public func enumPayloadType(_ name: String, _ position: Int, of type: String) -> String? {
        guard let payload = types[type]?.declaration?.enumCases.first(where: { $0.name == name })?.payload,
              position < payload.count, payload[position].container == .none else { return nil }
        return resolve(payload[position].name, from: type)
    }

    /// Concrete types (classes, structs, actors, enums) conforming to a protocol or inheriting from a class.
    public func concreteSubtypes(of name: String) -> [String] {
        subtypes[name] ?? []
    }

    public func isClassBound(protocol name: String) -> Bool {
        guard let type = types[name], type.kind == .protocol else { return false }
        if type.declaration?.isObjC == true { return true }  // @objc protocols (and Objective-C's) are class-bound
        if type.inherited.contains(where: KnowledgeTables.classBoundingNames.contains) { return true }
        for parent in type.inherited {
            if let resolved = resolve(parent, from: name), resolved != name, isClassBound(protocol: resolved) { return true }
            // A protocol may also require a superclass (`protocol P: UIViewController`).
            if resolve(parent, from: name) == nil, KnowledgeTables.frameworkClasses.contains(parent) { return true }
        }
        return false
    }

    private func computeAncestors(of name: String) -> [String] {
        var result: [String] = []
        var current = types[name]
        var guardCount = 0
        while let type = current, type.kind == .class, guardCount < 64 {
            guardCount += 1
            if let superclass = type.superclass {
                result.append(superclass)
                current = types[superclass]
            } else {
                if let first = type.inherited.first, resolve(first, from: type.name) == nil, knowledge.isFrameworkClass(first) {
                    result.append(first)
                }
                break
            }
        }
        return result
    }

    private func computeConformances(of name: String) -> Set<String> {
        var result: Set<String> = []
        var queue: [String] = []
        var chain = [name]
        var current = types[name]?.superclass
        while let superclass = current, !chain.contains(superclass) {
            chain.append(superclass)
            current = types[superclass]?.superclass
        }
        for typeName in chain { queue += types[typeName]?.inherited ?? [] }
        while let next = queue.popLast() {
            guard result.insert(next).inserted else { continue }
            if let resolved = resolve(next, from: name), let type = types[resolved], type.kind == .protocol {
                result.insert(resolved)
                queue += type.inherited
            }
        }
        return result
    }
}

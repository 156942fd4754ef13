import CoordLintCore

/// What things are, answered once each: a type's role, whether a property is a retaining reference,
/// a coordinator reference, a child collection, and whether a protocol can be held weakly.
extension TypeIndex {
    /// What a type inherits decides first (a `UIViewController` subclass is a view controller, whatever
    /// protocols it conforms to); then a coordinator by name or conformance; then naming conventions.
    static func role(of type: ResolvedType, knowledge: Knowledge) -> TypeRole {
        let simple = Knowledge.simpleName(type.name)
        let inherited = knowledge.conventionalRole(simpleName: "", lineage: type.ancestors)
        if inherited != .other { return inherited }
        if knowledge.isCoordinator(simple, conformances: type.conformances) { return .coordinator }
        return knowledge.conventionalRole(simpleName: simple, lineage: [simple] + type.ancestors)
    }

    /// Types whose objects live as long as the process: UIKit's app and scene delegates, and
    /// singletons (a type with a static stored property holding an object of its own type, constructed
    /// nowhere else: `constructions` counts where each type is constructed).
    func processLifetimeTypes(constructions: [String: Int]) -> Set<String> {
        var result: Set<String> = []
        for name in sortedNames {
            guard let type = self[name], type.kind != .protocol else { continue }
            if isProcessRoot(name) {
                result.insert(name)
                continue
            }
            if keepsItsOwnInstance(name), (constructions[name] ?? 0) == 0 { result.insert(name) }
        }
        return result
    }

    /// Classes no object of which is ever made, in an app (a program with a process root; a library's classes
    /// are made by clients coordlint does not read): a Swift class no file names but in its own declaration or
    /// extensions (`FileFacts.namedTypes`: an Objective-C implementation's every capitalized word), that nothing
    /// but code naming it can make: every type it inherits is the project's and made so too (no
    /// framework class a plist or the runtime makes by name, as an extension's principal controller is), or it
    /// is a view whose `init?(coder:)` traps or fails (no storyboard or nib makes it).
    func neverMadeClasses(in files: [FileFacts]) -> Set<String> {
        guard sortedNames.contains(where: isProcessRoot) else { return [] }
        var named: Set<String> = []
        var failingCoderInits: Set<String> = []
        for file in files {
            named.formUnion(file.namedTypes)
            for function in file.functions where file.language == .swift && function.kind == .initializer {
                if function.parameters.first?.label == "coder", let owner = function.owner, Self.fails(function) {
                    failingCoderInits.insert(owner)
                }
            }
        }
        func isPureSwift(_ name: String, depth: Int = 0) -> Bool {
            guard depth < 32, let type = self[name] else { return false }
            return type.inherited.allSatisfy { inherited in
                guard let resolved = resolve(inherited, from: name), let parent = self[resolved] else { return false }
                return parent.kind != .class || isPureSwift(resolved, depth: depth + 1)
            }
        }
        let views = KnowledgeTables.viewClasses
        return Set(sortedNames.filter { name in
            guard let type = self[name], type.kind == .class, !isProcessRoot(name),
                  type.location.file.hasSuffix(".swift"), !named.contains(Knowledge.simpleName(name)) else { return false }
            return isPureSwift(name)
                || (failingCoderInits.contains(name) && family(of: name).contains { views.contains(Knowledge.simpleName($0)) })
        })
    }

    /// An initializer whose body traps (`fatalError(…)`) or only returns `nil`.
    private static func fails(_ function: FunctionFact) -> Bool {
        if let first = function.events.first, case .call(let call) = first.kind, call.base == nil,
           KnowledgeTables.trappingCalls.contains(call.name) {
            return true
        }
        let returned = function.returnedExpressions(inClosure: nil)
        return !returned.isEmpty && returned.allSatisfy { $0 == .nilLiteral }
    }

    /// UIKit's app and scene delegates and SwiftUI's app: conformers of a framework protocol whose one
    /// object the framework keeps for the process.
    func isProcessRoot(_ name: String) -> Bool {
        conformsToFrameworkProtocol(name, in: KnowledgeTables.processLifetimeProtocols)
    }

    /// A screen or a view (a view controller's or a view's family): UIKit keeps one it shows, in its presentation,
    /// stack or superview, whatever code drops.
    public func isScreenOrView(_ name: String) -> Bool {
        let shown = KnowledgeTables.viewControllerClasses.union(KnowledgeTables.viewClasses)
        return family(of: name).contains { shown.contains(Knowledge.simpleName($0)) }
    }

    /// A SwiftUI view, modifier, scene or app: a value the framework copies, never to be made a class.
    public func isFrameworkValue(_ name: String) -> Bool {
        conformsToFrameworkProtocol(name, in: KnowledgeTables.valueOnlyProtocols)
    }

    /// Whether the type conforms to one of these framework protocols (a project protocol of the same name
    /// does not count).
    private func conformsToFrameworkProtocol(_ name: String, in protocols: Set<String>) -> Bool {
        self[name]?.conformances.contains { conformance in
            protocols.contains(Knowledge.simpleName(conformance)) && resolve(conformance, from: name) == nil
        } == true
    }

    /// A type with a static property holding an object of its own type (`static let shared = Theme()`).
    func keepsItsOwnInstance(_ name: String) -> Bool { ownInstanceKeepers.contains(name) }

    /// A stored reference that keeps its target: strong, not static, not a protocol requirement, and
    /// not configured as weak.
    public func isRetainingReference(_ property: PropertyFact, of owner: String) -> Bool {
        property.ownership.retains && !property.isStatic && !property.isRequirement
            && !knowledge.isWeak(property.name, of: owner)
    }

    /// A delegate reference (by its name or its written type).
    public func isDelegateReference(_ property: PropertyFact) -> Bool {
        knowledge.isDelegateReference(property)
    }

    /// Whether a written type names a coordinator: a project class in that role, a project protocol
    /// named like one, or an unknown type named like one. Value types never are.
    public func refersToCoordinator(_ typeName: String, from context: String) -> Bool {
        if let resolved = resolve(typeName, from: context), let type = self[resolved] {
            if type.isValueType { return false }
            return type.category == .coordinator || (type.kind == .protocol && knowledge.namesCoordinator(resolved))
        }
        return knowledge.namesCoordinator(typeName)
    }

    /// The declaration of the project protocol a written type names, when it is not class-bound (so a
    /// `weak` reference to it does not compile until it is).
    public func nonClassBoundProtocol(_ typeName: String, from context: String) -> TypeFact? {
        guard let resolved = resolve(typeName, from: context), let type = self[resolved] else { return nil }
        // A protocol another module's class shares the name of: weak only once it is class-bound.
        if type.kind != .protocol, let shadowed = shadowedProtocols[resolved] {
            return shadowed.isObjC || shadowed.inherited.contains(where: KnowledgeTables.classBoundingNames.contains) ? nil : shadowed
        }
        guard type.kind == .protocol, !isClassBound(protocol: resolved) else { return nil }
        return type.declaration
    }

    /// A struct or enum of the project adopting the protocol, directly or through a protocol refining it
    /// (a test double such as `struct MockRoomProxy: RoomProxyProtocol`): the protocol cannot be made
    /// class-bound without changing it, so `weak` is no mechanical fix for a property of that type.
    public func valueTypeAdopting(protocol name: String) -> String? {
        types.values.filter { type in
            (type.kind == .struct || type.kind == .enum) && family(of: type.name).contains(name)
        }.map(\.name).min()
    }

    /// A stored collection (or protocol requirement) of coordinators: `[Coordinator]`,
    /// `Set<BaseCoordinator>`, `[String: Coordinator]`, an `NSMutableArray` named like one.
    public func isChildCollection(named name: String, of owner: String) -> Bool {
        let property = self.property(named: name, of: owner)?.property
            ?? self[owner]?.properties.first { $0.name == name }
        guard let property, let type = property.type else { return false }
        if type.container == .none {
            return knowledge.isUntypedChildCollection(typeName: type.name, propertyName: name)
        }
        if let resolved = resolve(type.name, from: owner), let element = self[resolved] {
            return element.category == .coordinator || (element.kind == .protocol && knowledge.namesCoordinator(resolved))
        }
        return knowledge.namesCoordinator(type.name)
    }
}

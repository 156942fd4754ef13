/// The one door to what coordlint knows beyond the code it reads: `KnowledgeTables` plus what a
/// project's `.coordlint.yml` adds. Frontends and analysis ask it; nothing else holds such knowledge.
/// Each question has one predicate here.
public struct Knowledge: Sendable {
    public var coordinatorSuffixes = KnowledgeTables.coordinatorSuffixes
    public var coordinatorProtocolWords = KnowledgeTables.coordinatorProtocolWords
    public var closureAPIs = KnowledgeTables.closureAPIs
    /// Add helpers a project's configuration names (library helpers whose collection it cannot see):
    /// their calls are child adds, checked against the removals like any other.
    public var childAddHelpers: Set<String> = []
    public var childRemoveHelpers = KnowledgeTables.childRemoveHelpers
    /// Properties known to be held weakly although declared without `weak` (a `@Weak` wrapper, a
    /// framework's documented weak reference): `Type.property` or just `property`.
    public var weakProperties: Set<String> = []

    public init() {}

    public static let standard = Knowledge()

    // MARK: Roles by convention

    /// A type named like a coordinator, or conforming to a protocol named like one.
    public func isCoordinator(_ simpleName: String, conformances: Set<String>) -> Bool {
        if coordinatorSuffixes.contains(where: simpleName.hasSuffix) { return true }
        return conformances.contains { name in
            let simple = Self.simpleName(name)
            return !simple.hasSuffix("Delegate") && coordinatorProtocolWords.contains(where: simple.contains)
        }
    }

    /// Whether a written type name (a protocol or class the project may not declare) names a coordinator.
    public func namesCoordinator(_ name: String) -> Bool {
        let simple = Self.simpleName(name)
        if KnowledgeTables.delegateTypeSuffixes.contains(where: simple.hasSuffix) { return false }
        return coordinatorSuffixes.contains(where: simple.hasSuffix)
            || coordinatorProtocolWords.contains(where: simple.contains)
    }

    /// The role a type's name and lineage (its name, then its superclasses) give it.
    public func conventionalRole(simpleName: String, lineage: [String]) -> TypeRole {
        if lineage.contains(where: KnowledgeTables.viewControllerClasses.contains)
            || KnowledgeTables.viewControllerSuffixes.contains(where: simpleName.hasSuffix) {
            return .viewController
        }
        if KnowledgeTables.viewModelSuffixes.contains(where: simpleName.hasSuffix) { return .viewModel }
        if lineage.contains(where: KnowledgeTables.viewClasses.contains)
            || KnowledgeTables.viewSuffixes.contains(where: simpleName.hasSuffix) {
            return .view
        }
        return .other
    }

    /// A property named `*delegate` / `*dataSource`, or typed as a `*Delegate` / `*DataSource`.
    public func isDelegateReference(_ property: PropertyFact) -> Bool {
        let lower = property.name.lowercased()
        if KnowledgeTables.delegatePropertySuffixes.contains(where: lower.hasSuffix) { return true }
        let typeName = property.type?.name ?? ""
        return KnowledgeTables.delegateTypeSuffixes.contains(where: typeName.hasSuffix)
    }

    /// A property named as pointing up the ownership tree (`parentCoordinator`, `owner`).
    public func namesUpwardReference(_ propertyName: String) -> Bool {
        let lower = propertyName.lowercased()
        return KnowledgeTables.upwardPropertyWords.contains(where: lower.contains)
    }

    public func isWeak(_ property: String, of owner: String) -> Bool {
        weakProperties.contains(property) || weakProperties.contains("\(owner).\(property)")
    }

    // MARK: Framework types

    /// An untyped Foundation collection whose name says it holds child coordinators.
    public func isUntypedChildCollection(typeName: String, propertyName: String) -> Bool {
        guard KnowledgeTables.untypedMutableCollections.contains(typeName) else { return false }
        let lower = propertyName.lowercased()
        if lower.contains("coordinator") { return true }
        return typeName == "NSMutableArray" && lower.contains("child")
    }

    /// A superclass name coordlint does not see declared but knows is Apple's.
    public func isFrameworkClass(_ name: String) -> Bool {
        KnowledgeTables.frameworkClasses.contains(name)
            || KnowledgeTables.frameworkClassPrefixes.contains(where: name.hasPrefix)
            || KnowledgeTables.frameworkStoredProperties[name] != nil
            || KnowledgeTables.routerLibraryCoordinators.contains(name)
            || KnowledgeTables.libraryChildAdds.values.contains { $0.ancestors.contains(name) }
    }

    /// Whether a value is a Foundation collection made to hold its objects weakly: a class factory
    /// (`NSHashTable.weakObjects()`, `[NSHashTable weakObjectsHashTable]`) or a construction whose options
    /// say so (`NSHashTable(options: .weakMemory)`, `[[NSHashTable alloc] initWithOptions:NSPointerFunctionsWeakMemory …]`).
    public func makesWeakCollection(_ value: ValueExpression) -> Bool {
        guard case .call(let call) = value else { return false }
        // The class the call makes: `NSHashTable.weakObjects()`, `NSHashTable(options:)`, `[NSHashTable alloc]`.
        let madeClass: String?
        switch call.base {
        case .name(let name)?: madeClass = name
        case .call(let allocation)?: madeClass = allocation.base.flatMap { if case .name(let name) = $0 { name } else { nil } }
        case nil: madeClass = call.name
        default: madeClass = nil
        }
        guard let madeClass, let factories = KnowledgeTables.weakCollectionFactories[madeClass] else { return false }
        if factories.contains(call.name) { return true }
        // The options argument: labelled (`options:`, `valueOptions:`), or the first of a selector whose
        // first piece names it (`hashTableWithOptions:`).
        let labels = KnowledgeTables.weakMemoryOptionLabels
        let options = call.arguments.enumerated().filter { index, argument in
            argument.label.map(labels.contains) ?? (index == 0 && labels.contains(call.name))
        }
        return options.contains { Self.namesWeakMemory($0.element.value) }
    }

    /// `.weakMemory`, `NSPointerFunctionsWeakMemory`, or a set of options holding it.
    private static func namesWeakMemory(_ value: ValueExpression) -> Bool {
        switch value {
        case .implicitMember(let name), .name(let name), .member(_, let name): KnowledgeTables.weakMemoryOptions.contains(name)
        case .array(let elements): elements.contains(where: namesWeakMemory)
        default: false
        }
    }

    /// A property that holds a navigation controller, by its name or written type.
    public func holdsNavigationController(_ property: PropertyFact) -> Bool {
        let lower = property.name.lowercased()
        return KnowledgeTables.navigationPropertyWords.contains(where: lower.contains)
            || (property.type?.name.contains(KnowledgeTables.navigationControllerTypeWord) ?? false)
    }

    /// `@NSManaged`: storage a framework manages.
    public func isFrameworkManagedAttribute(_ name: String) -> Bool { KnowledgeTables.frameworkManagedAttributes.contains(name) }

    /// `T.instantiate()`: a static factory that returns a `T`.
    public func isStaticFactory(_ name: String) -> Bool { KnowledgeTables.staticFactoryNames.contains(name) }

    /// How an API treats a closure passed to it (nil: not known to do anything with it).
    public func closureAPI(_ name: String) -> ClosureAPIKind? { closureAPIs[name] }

    public static func simpleName(_ name: String) -> String {
        guard name.utf8.contains(UInt8(ascii: ".")) else { return name }  // most names: no array of parts built
        return String(name.split(separator: ".").last ?? Substring(name))
    }
}

/// What a type is in the Coordinator pattern.
public typealias TypeRole = Node.Kind

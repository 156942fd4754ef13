import CoordLintCore

/// What the analysis knows about naming conventions and framework APIs: the built-in tables of
/// `TypeCategories` and `FrameworkModel`, extended by a project's `.coordlint.yml`.
public struct Knowledge: Sendable {
    public var coordinatorSuffixes = TypeCategories.coordinatorSuffixes
    public var coordinatorProtocolWords = TypeCategories.coordinatorProtocolWords
    public var closureAPIs = FrameworkModel.closureAPIs
    /// Add helpers a project's configuration names (library helpers whose collection it cannot see):
    /// their calls are child adds, checked against the removals like any other. (Passing a child to
    /// any call already counts as keeping it, so library add helpers need no built-in list.)
    public var childAddHelpers: Set<String> = []
    public var childRemoveHelpers = FrameworkModel.childRemoveHelpers
    /// Properties known to be held weakly although declared without `weak` (a `@Weak` wrapper, a
    /// framework's documented weak reference): `Type.property` or just `property`.
    public var weakProperties: Set<String> = []

    public init() {}

    public static let standard = Knowledge()

    public func isCoordinator(_ simpleName: String, conformances: Set<String>) -> Bool {
        if coordinatorSuffixes.contains(where: simpleName.hasSuffix) { return true }
        return conformances.contains { name in
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            return !simple.hasSuffix("Delegate") && coordinatorProtocolWords.contains(where: simple.contains)
        }
    }

    /// Whether a written type name (a protocol or class the project may not declare) names a coordinator.
    public func namesCoordinator(_ name: String) -> Bool {
        let simple = String(name.split(separator: ".").last ?? Substring(name))
        if simple.hasSuffix("Delegate") || simple.hasSuffix("DataSource") { return false }
        return coordinatorSuffixes.contains(where: simple.hasSuffix)
            || coordinatorProtocolWords.contains(where: simple.contains)
    }

    public func isWeak(_ property: String, of owner: String) -> Bool {
        weakProperties.contains(property) || weakProperties.contains("\(owner).\(property)")
    }
}

import CoordLintCore

/// The analyzed program: merged types, the ownership graph and its cycles. Built once from all
/// files' facts; what every rule reads.
public final class Program: @unchecked Sendable {
    public let files: [FileFacts]
    public let types: TypeIndex
    public let functions: [FunctionRef]
    public let graph: OwnershipGraph
    public let stores: [PropertyStore]
    public let containers: [ContainerOwnership]
    public let cycles: [Cycle]
    public let registrations: [ClosureRegistration]
    public let childMutations: [ChildMutation]
    public let unretainedChildren: [UnretainedChild]
    /// Removals by "collection|holder" ("*" as the collection for a library helper's unknown one).
    public let childRemovalsByHolder: [String: [ChildMutation]]
    /// Removals by "collection|supertype", under every superclass and protocol of the removing holder.
    public let childRemovalsBySupertype: [String: [ChildMutation]]
    /// Removals by holder, whatever the collection (for a configured helper's unknown collection).
    public let childRemovalsByHolderAnyCollection: [String: [ChildMutation]]
    /// Types that push a view controller onto a navigation stack.
    public let pushingTypes: Set<String>
    /// Signatures of functions that remove a child, directly or through calls.
    public let childRemovers: Set<String>
    let captures: CaptureResolver

    public init(files: [FileFacts], knowledge: Knowledge = .standard) {
        let files = files.sorted { $0.file < $1.file }
        self.files = files
        let types = TypeIndex(facts: files, knowledge: knowledge)
        self.types = types
        var functions: [FunctionRef] = []
        for (index, file) in files.enumerated() {
            for function in file.functions {
                let owner = function.owner.flatMap { types.resolve($0, from: nil) } ?? function.owner
                functions.append(FunctionRef(file: index, function: function, owner: owner))
            }
        }
        self.functions = functions
        let flow = ValueFlow.run(functions, types: types) { files[$0.file].closures[$0.id] }
        self.stores = flow.stores.sorted { ($0.location, $0.holder, $0.property) < ($1.location, $1.holder, $1.property) }
        self.containers = flow.containers.sorted { ($0.location, $0.holder, $0.target) < ($1.location, $1.holder, $1.target) }
        self.registrations = flow.registrations.sorted { $0.location < $1.location }
        self.childMutations = flow.mutations.sorted { ($0.location, $0.holder, $0.collection) < ($1.location, $1.holder, $1.collection) }
        self.unretainedChildren = flow.unretained.sorted { $0.location < $1.location }
        var byHolder: [String: [ChildMutation]] = [:]
        var bySupertype: [String: [ChildMutation]] = [:]
        for removal in childMutations where removal.kind == .remove {
            byHolder["\(removal.collection)|\(removal.holder)", default: []].append(removal)
            for member in types.family(of: removal.holder) where member != removal.holder {
                bySupertype["\(removal.collection)|\(member)", default: []].append(removal)
            }
        }
        self.childRemovalsByHolder = byHolder
        self.childRemovalsByHolderAnyCollection = Dictionary(grouping: childMutations.filter { $0.kind == .remove }, by: \.holder)
        self.childRemovalsBySupertype = bySupertype
        self.pushingTypes = Set(containers.filter { $0.call == "pushViewController" }.map(\.holder))
        self.childRemovers = flow.helpers.removers
        self.captures = CaptureResolver(files: files, types: types, functions: functions)
        let builder = GraphBuilder(files: files, types: types, functions: functions, stores: stores,
                                   containers: containers, environments: flow.environments)
        self.graph = builder.build()
        self.cycles = CycleFinder(graph: graph).cycles()
    }

    public func closure(_ ref: ClosureRef) -> ClosureFact { files[ref.file].closures[ref.id] }

    /// How a closure holds `self`, if it uses it.
    public func selfCapture(of ref: ClosureRef) -> SelfCapture? { captures.selfCapture(of: ref) }

    /// The closure whose node this is (`closure@…`), if any.
    public func closure(atNode id: String) -> (ref: ClosureRef, fact: ClosureFact)? {
        guard let node = graph.nodes[id], node.kind == .closure, id.hasPrefix("closure@"),
              let file = files.firstIndex(where: { $0.file == node.location.file }),
              let fact = files[file].closures.first(where: { $0.location == node.location }) else { return nil }
        return (ClosureRef(file: file, id: fact.id), fact)
    }

    /// A method's parameters, for writing `{ [weak self] in self?.method(label: $0) }`.
    public func method(_ name: String, of owner: String) -> FunctionFact? {
        functions.first { $0.owner == owner && $0.function.name == name && $0.function.kind == .method }?.function
    }

    /// The kind of a node (or `.other` for a name the graph does not hold).
    public func kind(of node: String) -> Node.Kind { graph.nodes[node]?.kind ?? .other }
}

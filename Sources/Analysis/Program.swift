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

    public init(files: [FileFacts]) {
        let files = files.sorted { $0.file < $1.file }
        self.files = files
        let types = TypeIndex(facts: files)
        self.types = types
        var functions: [FunctionRef] = []
        for (index, file) in files.enumerated() {
            for function in file.functions {
                let owner = function.owner.flatMap { types.resolve($0, from: nil) } ?? function.owner
                functions.append(FunctionRef(file: index, function: function, owner: owner))
            }
        }
        self.functions = functions
        var flow = ValueFlow(types: types, functions: functions) { files[$0.file].closures[$0.id] }
        for function in functions { flow.run(function) }
        self.stores = flow.stores.sorted { ($0.location, $0.holder, $0.property) < ($1.location, $1.holder, $1.property) }
        self.containers = flow.containers.sorted { ($0.location, $0.holder, $0.target) < ($1.location, $1.holder, $1.target) }
        let builder = GraphBuilder(files: files, types: types, functions: functions, stores: stores,
                                   containers: containers, environments: flow.environments)
        self.graph = builder.build()
        self.cycles = CycleFinder(graph: graph).cycles()
    }

    public func closure(_ ref: ClosureRef) -> ClosureFact { files[ref.file].closures[ref.id] }

    /// The kind of a node (or `.other` for a name the graph does not hold).
    public func kind(of node: String) -> Node.Kind { graph.nodes[node]?.kind ?? .other }
}

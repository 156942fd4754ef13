import CoordLintCore

/// `let cell = tableView.dequeueReusableCell(withIdentifier: id, for: indexPath) as! ChapterCell` in a
/// view controller that owns a table or collection view: the list keeps the cells it shows, and the
/// controller keeps its view hierarchy, so the controller keeps those cells (a container edge through
/// the list). A closure a cell keeps that uses the controller closes a cycle through it.
///
/// The list must be the controller's own: the receiver is a parameter or property typed as a list view,
/// and the controller is a `UITableViewController`/`UICollectionViewController` or declares a list-view
/// property. A data source object that is not a view controller does not own the list it serves.
///
/// A list a function only receives (`static func dataSource(for tableView: UITableView)`, or a diffable
/// data source's cell provider, whose first parameter is the list handed to the data source) belongs
/// to whichever controller passes its own list there: recorded by parameter, resolved over the callers.
struct CellRecorder: Recorder {
    let types: TypeIndex
    /// Closure → the name of its first parameter, in the function being evaluated.
    private var firstParameters: [Int: String] = [:]
    /// Cells dequeued from a closure's first parameter, and the list each data-source closure serves
    /// (matched at the function's end: the call and the closure's body come in either order).
    private var dequeuedInClosures: [(closure: Int, cells: [String], call: CallExpression)] = []
    private var servedLists: [Int: ListSource] = [:]
    /// Locals bound to a dequeued cell, by the dequeue call.
    private var dequeuedLocals: [String: CallExpression] = [:]

    /// The list a function dequeues from: a view controller's own list property, or a parameter.
    private enum ListSource {
        case own(holder: String, property: String)
        case parameter(ParameterKey)
    }

    init(types: TypeIndex) { self.types = types }

    mutating func begin(_ scope: FunctionScope) {
        firstParameters = [:]
        dequeuedInClosures = []
        servedLists = [:]
        dequeuedLocals = [:]
    }

    mutating func end(_ scope: FunctionScope, into results: inout Recordings) {
        for item in dequeuedInClosures {
            guard let source = servedLists[item.closure] else { continue }
            for cell in item.cells { Self.keep(cell, dequeuedBy: item.call, in: source, into: &results) }
        }
    }

    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        guard let owner = scope.owner else { return }
        switch observation {
        case .binding(let name, nil, _, _):
            // A closure's parameters are bound first, in order, before anything in its body.
            if let closure = scope.closure, firstParameters[closure] == nil { firstParameters[closure] = name }
        case .binding(let name, let expression?, let value, _):
            // `let cell = tableView.dequeueReusableCell(…)`, then `guard let cell = cell as? ItemCell`: the cast
            // names the dequeued cell's class.
            var dequeued = Self.dequeue(expression)
            if dequeued == nil, case .cast(.name(let local), _) = expression { dequeued = dequeuedLocals[local] }
            guard let call = dequeued else { return }
            dequeuedLocals[name] = call
            let cells = value.types.filter { types[$0]?.kind == .class }
            guard !cells.isEmpty else { return }
            // `collectionView` a parameter or local holds (a cell provider's own parameter too): that very list
            // keeps the cell, whoever keeps the list; a closure of this function that captures it keeps it.
            if case .name(let name)? = call.base, scope.locals[name] != nil || scope.parameters[name] != nil {
                for cell in cells {
                    results.listObjectCells.insert(ListObjectCell(
                        function: scope.location, name: name, label: LocalObjectClosure.label(owner, scope.signature, name),
                        cell: cell, call: call.name, location: call.location))
                }
            }
            if case .name(let name)? = call.base, let closure = scope.closure, firstParameters[closure] == name {
                dequeuedInClosures.append((closure, cells, call))
            } else if let source = source(of: call.base, in: scope, owner: owner) {
                for cell in cells { Self.keep(cell, dequeuedBy: call, in: source, into: &results) }
            }
        case .call(let evaluated):
            guard let label = KnowledgeTables.listDataSourceInitializers[evaluated.call.name],
                  let index = evaluated.call.arguments.firstIndex(where: { $0.label == label }),
                  let source = source(of: evaluated.call.arguments[index].value, value: evaluated.arguments[index],
                                      in: scope, owner: owner) else { return }
            for argument in evaluated.call.arguments {
                if case .closure(let id) = argument.value { servedLists[id] = source }
            }
        default:
            return
        }
    }

    /// A list parameter stands for the controller's own list when the function is the controller's;
    /// otherwise its callers decide.
    private func source(of list: ValueExpression?, value: Value? = nil, in scope: FunctionScope, owner: String) -> ListSource? {
        let lists = ListViews(types: types)
        if case .name(let name)? = list, scope.locals[name] == nil, let parameter = scope.parameters[name] {
            guard lists.isListView(parameter.type?.name) else { return nil }
            return lists.ownsListView(owner) ? .own(holder: owner, property: name)
                : .parameter(ParameterKey(function: scope.location, name: name))
        }
        return lists.ownListProperty(list, value: value, in: scope, owner: owner).map { .own(holder: owner, property: $0) }
    }

    private static func keep(_ cell: String, dequeuedBy call: CallExpression, in source: ListSource,
                             into results: inout Recordings) {
        switch source {
        case .own(let holder, let property):
            results.containers.insert(ContainerOwnership(holder: holder, via: property, strength: .strong, target: cell,
                                                         call: call.name, location: call.location))
        case .parameter(let key):
            results.parameterCells.insert(ParameterCell(list: key, cell: cell, call: call.name, location: call.location))
        }
    }

    /// The dequeue call an expression is, through casts (`… as! ChapterCell`, `… as? ChapterCell`).
    private static func dequeue(_ expression: ValueExpression) -> CallExpression? {
        switch expression {
        case .cast(let inner, _): return dequeue(inner)
        case .call(let call) where call.base != nil && KnowledgeTables.cellDequeueCalls.contains(call.name): return call
        default: return nil
        }
    }
}

/// A cell dequeued from a list a function receives as a parameter.
struct ParameterCell: Hashable, Sendable {
    var list: ParameterKey
    var cell: String
    var call: String
    var location: SourceLocation
}

/// A cell dequeued from the list a local or parameter holds (`collectionView` in a cell provider): that
/// list object keeps the cell. One node per name in the function, as for `LocalObjectClosure`.
struct ListObjectCell: Hashable, Sendable {
    var function: SourceLocation
    var name: String
    var label: String
    var cell: String
    var call: String
    var location: SourceLocation
}

/// Which list views a view controller owns.
struct ListViews {
    let types: TypeIndex

    /// The list-view property through which the owner keeps a list that an expression names (`tableView`,
    /// `self.tableView`, or a local unwrapped from it, `guard let tableView else { return }`, given its value):
    /// a view controller keeps its list through its view hierarchy, whatever the property; another object
    /// (a representable's coordinator) through a strong property of its own.
    func ownListProperty(_ expression: ValueExpression?, value: Value? = nil, in scope: FunctionScope, owner: String) -> String? {
        let name: String
        switch expression {
        case .name(let written)? where scope.locals[written] == nil && scope.parameters[written] == nil: name = written
        case .member(.selfReference, let written)?: name = written
        case .name(let written)? where scope.locals[written] != nil:
            guard let at = value?.storedAt, at.holder == owner, let property = at.property else { return nil }
            name = property
        default: return nil
        }
        guard let property = types.property(named: name, of: owner)?.property, isListView(property.type?.name),
              ownsListView(owner) || property.ownership == .strong else { return nil }
        return name
    }

    func isListView(_ written: String?) -> Bool {
        written.map { KnowledgeTables.listViewClasses.contains(Knowledge.simpleName($0)) } ?? false
    }

    /// A view controller (by lineage) whose view is a list, or that keeps a list-view property.
    func ownsListView(_ owner: String) -> Bool {
        guard let type = types[owner] else { return false }
        let lineage = type.ancestors.map(Knowledge.simpleName)
        if lineage.contains(where: KnowledgeTables.listViewControllerClasses.contains) { return true }
        guard lineage.contains(where: KnowledgeTables.viewControllerClasses.contains) else { return false }
        return types.storedProperties(of: owner).contains { isListView($0.property.type?.name) }
    }
}

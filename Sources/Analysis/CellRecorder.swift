import CoordLintCore

/// `let cell = tableView.dequeueReusableCell(withIdentifier: id, for: indexPath) as! ChapterCell` in a
/// view controller that owns a table or collection view: the list keeps the cells it shows, and the
/// controller keeps its view hierarchy, so the controller keeps those cells (a container edge through
/// the list). A closure a cell keeps that uses the controller closes a cycle through it.
///
/// The list must be the controller's own: the receiver is a parameter or property typed as a list view,
/// and the controller is a `UITableViewController`/`UICollectionViewController` or declares a list-view
/// property. A data source object that is not a view controller does not own the list it serves.
struct CellRecorder: Recorder {
    let types: TypeIndex

    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        guard case .binding(_, let expression?, let value, _) = observation, let owner = scope.owner,
              let call = Self.dequeue(expression), let list = listName(call.base, in: scope, owner: owner),
              ownsListView(owner) else { return }
        for target in value.types where types[target]?.kind == .class {
            results.containers.insert(ContainerOwnership(
                holder: owner, via: list, strength: .strong, target: target, call: call.name, location: call.location))
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

    /// The name of the list view the call is made on, when it is typed as one: a parameter
    /// (`tableView` of a data source method) or a property of the controller.
    private func listName(_ base: ValueExpression?, in scope: FunctionScope, owner: String) -> String? {
        switch base {
        case .name(let name)?:
            if let parameter = scope.parameters[name] { return isListView(parameter.type?.name) ? name : nil }
            if scope.locals[name] != nil { return nil }
            return isListView(types.property(named: name, of: owner)?.property.type?.name) ? name : nil
        case .member(.selfReference, let name)?:
            return isListView(types.property(named: name, of: owner)?.property.type?.name) ? name : nil
        default:
            return nil
        }
    }

    private func isListView(_ written: String?) -> Bool {
        written.map { KnowledgeTables.listViewClasses.contains(Knowledge.simpleName($0)) } ?? false
    }

    /// A view controller (by lineage) whose view is a list, or that keeps a list-view property.
    private func ownsListView(_ owner: String) -> Bool {
        guard let type = types[owner] else { return false }
        let lineage = type.ancestors.map(Knowledge.simpleName)
        if lineage.contains(where: KnowledgeTables.listViewControllerClasses.contains) { return true }
        guard lineage.contains(where: KnowledgeTables.viewControllerClasses.contains) else { return false }
        return types.storedProperties(of: owner).contains { isListView($0.property.type?.name) }
    }
}

import Analysis
import CoordLintCore

/// What the child-lifecycle rules share: which removals count for an add, and whether anything
/// observes the user leaving a screen.
extension Program {
    /// The type, its superclasses and the protocols it conforms to (where helpers and requirements live).
    func family(of type: String) -> Set<String> {
        guard let resolved = types[type] else { return [type] }
        return Set([type] + resolved.ancestors + resolved.conformances.compactMap { types.resolve($0, from: type) })
    }

    /// Removals from the collection an add goes to.
    func removals(matching add: ChildMutation) -> [ChildMutation] {
        let addFamily = family(of: add.holder)
        return childMutations.filter { removal in
            removal.kind == .remove && (removal.collection == add.collection || removal.collection == "*")
                && (addFamily.contains(removal.holder) || family(of: removal.holder).contains(add.holder))
        }
    }

    /// A back-navigation hook (`navigationController(_:didShow:animated:)`, `viewDidDisappear`, ...) or a
    /// dismissal callback (`onBack = { ... }`) that leads to a removal.
    var backNavigationRemovesChildren: Bool {
        let removers = childRemovers.union(types.knowledge.childRemoveHelpers)
        for ref in functions {
            if FrameworkModel.backNavigationHooks.contains(ref.function.signature),
               removers.contains(ref.function.signature) {
                return true
            }
            for event in ref.function.events {
                guard case .assignment(.member(_, let property), "=", .closure(let id)) = event.kind,
                      FrameworkModel.backNavigationCallbackWords.contains(where: property.lowercased().contains)
                else { continue }
                let inside = ref.function.events.contains { inner in
                    guard case .call(let call) = inner.kind, let closure = inner.closure else { return false }
                    return removers.contains(call.signature) && isClosure(closure, within: id, file: ref.file)
                }
                if inside { return true }
            }
        }
        return false
    }

    private func isClosure(_ closure: Int, within ancestor: Int, file: Int) -> Bool {
        var current: Int? = closure
        while let id = current {
            if id == ancestor { return true }
            current = files[file].closures[id].parent
        }
        return false
    }

    /// Whether `child` pushes onto a navigation controller and `parent` holds one (the child was handed it).
    func pushesOnSharedNavigation(child: String, parent: String) -> Bool {
        let childPushes = containers.contains { $0.holder == child && $0.call == "pushViewController" }
        let parentHasNavigation = types.storedProperties(of: parent).contains { _, property in
            property.name.lowercased().contains("nav") || (property.type?.name.contains("NavigationController") ?? false)
        } || types[parent].map { type in
            type.conformances.contains { name in
                types.resolve(name, from: parent).flatMap { types[$0] }?.properties
                    .contains { $0.name.lowercased().contains("nav") } ?? false
            }
        } ?? false
        return childPushes && parentHasNavigation
    }
}

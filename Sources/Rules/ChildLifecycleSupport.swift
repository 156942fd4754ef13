import Analysis
import CoordLintCore

/// What the child-lifecycle rules share: which removals count for an add, and whether anything
/// observes the user leaving a screen.
extension Program {
    /// Removals from the collection an add goes to: on the same type, a superclass or a protocol it
    /// conforms to (a protocol extension's helper), or a subclass of it.
    func removals(matching add: ChildMutation) -> [ChildMutation] {
        var found: Set<ChildMutation> = []
        if add.collection == "*" {  // a configured helper: any removal by the holder's family counts
            for member in types.family(of: add.holder).union([add.holder]) {
                found.formUnion(childRemovalsByHolderAnyCollection[member] ?? [])
            }
        }
        for collection in [add.collection, "*"] {
            for member in types.family(of: add.holder).union([add.holder]) {
                found.formUnion(childRemovalsByHolder["\(collection)|\(member)"] ?? [])
            }
            found.formUnion(childRemovalsBySupertype["\(collection)|\(add.holder)"] ?? [])
        }
        return found.sorted { ($0.location, $0.holder) < ($1.location, $1.holder) }
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
        let childPushes = pushingTypes.contains(child)
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

import CoordLintCore

/// A child coordinator kept in a single property of its parent that nothing ever lets go of, while the
/// child's own code dismisses its screens: after the dismissal the child, and the controllers it keeps,
/// stay alive until the property is assigned again.
public struct LingeringChild: Hashable, Sendable {
    /// The parent and its property (`SceneCoordinator.childCoordinator`).
    public var holder: String
    public var property: String
    public var child: String
    /// The one assignment of the property.
    public var store: SourceLocation
    /// Where the child dismisses its screens.
    public var dismissal: SourceLocation
    /// The child's stored property that keeps a view controller (`navigationController`).
    public var keptController: String
}

extension Program {
    /// Each single (not collection) strong `var` of a coordinator that the whole program assigns in one
    /// place only, a child coordinator (one type, not the holder's), and never clears (`= nil`, or any
    /// clearing); the child's code calls a dismissal, and the child keeps a view controller in a stored
    /// strong property. A property assigned in several places, or a child that never dismisses (a root
    /// flow replaced by the next), says nothing.
    public func lingeringChildren() -> [LingeringChild] {
        let sites = Dictionary(grouping: stores) { PropertyKey(holder: $0.holder, property: $0.property) }
        var result: Set<LingeringChild> = []
        for (key, stored) in sites where stored.count == 1 {
            let store = stored[0]
            guard types[key.holder]?.category == .coordinator, store.valueTypes.count == 1,
                  let child = store.valueTypes.first, child != key.holder, types[child]?.category == .coordinator,
                  types[child]?.kind != .protocol,
                  let declared = types.property(named: key.property, of: key.holder)?.property,
                  !declared.isLet, declared.type?.container == TypeReference.Container.none,
                  // Only an optional can be set back to nil; a `lazy var` is built once and meant to be reused.
                  declared.type?.isOptional == true, !declared.isLazy,
                  types.isRetainingReference(declared, of: key.holder),
                  assignedElsewhere(key, family: types.family(of: key.holder)) == false,
                  teardown(ofProperty: key.property, on: key.holder) == nil,
                  let dismissal = dismissal(in: child), let kept = keptController(of: child),
                  !handedByHolder(kept, of: child, holder: key.holder) else { continue }
            result.insert(LingeringChild(holder: key.holder, property: key.property, child: child, store: store.location,
                                         dismissal: dismissal, keptController: kept))
        }
        return result.sorted { ($0.store, $0.holder, $0.property) < ($1.store, $1.holder, $1.property) }
    }

    private struct PropertyKey: Hashable {
        var holder: String
        var property: String
    }

    /// Another store into the property by the holder's family (a subclass or superclass assigning it).
    private func assignedElsewhere(_ key: PropertyKey, family: Set<String>) -> Bool {
        stores.contains { $0.property == key.property && $0.holder != key.holder && family.contains($0.holder) }
    }

    /// The first dismissal call in a method of the child's type (or a superclass). Not one on a local its
    /// function presents from (`presenter.present(sheet)`, `{ presenter.dismiss(…) }`): that dismisses the sheet
    /// the child shows over its screens, not them.
    private func dismissal(in child: String) -> SourceLocation? {
        let family = types.family(of: child).union([child])
        var first: SourceLocation?
        for ref in functions where ref.owner.map(family.contains) == true {
            let presenters = Set(ref.function.events.compactMap { event -> String? in
                guard case .call(let call) = event.kind, KnowledgeTables.dismissalReleasedCalls.contains(call.name),
                      case .name(let local)? = call.base else { return nil }
                return local
            })
            for event in ref.function.events {
                guard case .call(let call) = event.kind, KnowledgeTables.dismissalCalls.contains(call.name) else { continue }
                if case .name(let local)? = call.base, presenters.contains(local) { continue }
                if first.map({ event.location < $0 }) ?? true { first = event.location }
            }
        }
        return first
    }

    /// Every object the child keeps in `kept` is one its holder keeps in a strong property of its own and hands
    /// it when the holder makes it (`AddProductCoordinator(sourceNavigationController: navigationController)`, the
    /// initializer storing its parameter): a child left in the property keeps no screen its holder does not
    /// already keep.
    private func handedByHolder(_ kept: String, of child: String, holder: String) -> Bool {
        let family = types.family(of: child).union([child])
        let holderFamily = types.family(of: holder).union([holder])
        let into = stores.filter { family.contains($0.holder) && $0.property == kept }
        // The initializer's own store of its parameter (recorded once as such): what it stores is what it is handed.
        let parameterStores = Set(into.filter(\.valueIsParameter).map(\.location))
        // The child's own code, and the holder's constructions of it; other types' constructions make other objects.
        let handed = into.filter { store in
            !parameterStores.contains(store.location)
                && store.storingType.map { family.contains($0) || holderFamily.contains($0) } ?? true
        }
        // The holder's strong properties, as a store names where its value was read (`Holder.property`).
        let holderKeeps = Set(types.storedProperties(of: holder).filter { types.isRetainingReference($0.property, of: $0.owner) }
            .flatMap { _, property in holderFamily.map { "\($0).\(property.name)" } })
        return !handed.isEmpty && handed.allSatisfy { $0.valueRoot.map(holderKeeps.contains) ?? false }
    }

    /// A stored strong property of the child holding a view controller (a project controller or UIKit's).
    private func keptController(of child: String) -> String? {
        types.storedProperties(of: child).first { owner, property in
            guard types.isRetainingReference(property, of: owner), let type = property.type,
                  type.container == .none else { return false }
            if let resolved = types.resolve(type.name, from: owner), let fact = types[resolved] {
                return fact.category == .viewController
            }
            return KnowledgeTables.viewControllerClasses.contains(Knowledge.simpleName(type.name))
        }?.property.name
    }
}

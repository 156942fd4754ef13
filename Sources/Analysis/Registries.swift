import CoordLintCore

/// A closure an object that lives as long as the process keeps in one of its collections, handed over
/// by an object that does not live as long (`Theme.shared.add(applier: { … })`): until something takes
/// it out, the closure and what it captures stay alive. A subscription kept in such an object's bag is
/// not one: it lets go of its closures when it completes.
public struct RegistryClosure: Sendable {
    /// The process-lifetime type and its collection.
    public var keeper: String
    public var property: String
    public var closure: ClosureRef
    /// The type whose code registers it.
    public var registrant: String
    public var location: SourceLocation
    /// The registrant calls a method of the keeper that takes elements out of that collection, outside
    /// `deinit` (`Theme.shared.remove(applierForToken:)` in `viewDidDisappear`), or only in `deinit`.
    public var removedOutsideDeinit: Bool
    public var removedInDeinit: Bool
}

extension Program {
    /// Every closure stored in a collection of a process-lifetime object by another type's code.
    public func registryClosures() -> [RegistryClosure] {
        stores.compactMap { store -> RegistryClosure? in
            guard let closure = store.closure, !store.isSubscription, processLifetimeTypes.contains(store.holder),
                  let registrant = store.storingType, !processLifetimeTypes.contains(registrant),
                  !types.family(of: registrant).union([registrant]).contains(store.holder),
                  types.property(named: store.property, of: store.holder)?.property.type.map({ $0.container != .none }) == true
            else { return nil }
            let keepers = types.family(of: store.holder).union([store.holder])
            let registrants = types.family(of: registrant).union([registrant])
            let removing = Set(elementRemovals.filter { keepers.contains($0.holder) && $0.property == store.property }.map(\.function))
            let calls = singletonCalls.filter {
                keepers.contains($0.receiver) && registrants.contains($0.caller) && removing.contains($0.method)
            }
            return RegistryClosure(keeper: store.holder, property: store.property, closure: closure, registrant: registrant,
                                   location: store.location, removedOutsideDeinit: calls.contains { !$0.callerIsDeinit },
                                   removedInDeinit: calls.contains { $0.callerIsDeinit })
        }
    }
}

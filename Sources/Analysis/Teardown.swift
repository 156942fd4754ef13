import CoordLintCore

/// Teardown: code that lets go of a reference on the object's way out. A cycle the code breaks
/// that way is not a plain leak (at most a note that names the method: it must run).
extension Program {
    /// A clearing of one of the cycle's stored references: a property edge, or the property a
    /// closure is kept in (`disposeBag = DisposeBag()`, `selfRetain = nil`, `cancellables.removeAll()`).
    public func teardown(of cycle: Cycle) -> PropertyClearing? {
        for edge in cycle.edges {
            let property: String
            switch edge.origin {
            case .property(_, let name, _): property = name
            case .closureStorage(let name, let call) where call.isEmpty: property = name
            default: continue
            }
            if let clearing = clearing(of: property, on: edge.from) { return clearing }
        }
        return nil
    }

    /// A clearing of the property a registration's result is kept in (`timer?.invalidate()`,
    /// `NotificationCenter.default.removeObserver(token)`).
    public func teardown(of registration: ClosureRegistration) -> PropertyClearing? {
        guard let property = registration.storedIn, let owner = registration.owner else { return nil }
        return clearing(of: property, on: owner) { $0.function != registration.function }
    }

    /// A timer whose own block invalidates it (`{ timer in ... timer.invalidate() }`): it stops itself.
    public func invalidatesItself(_ registration: ClosureRegistration) -> Bool {
        guard let ref = registration.closure else { return false }
        let closure = closure(ref)
        guard closure.function >= 0, closure.function < files[ref.file].functions.count else { return false }
        return files[ref.file].functions[closure.function].events.contains { event in
            guard case .call(let call) = event.kind, KnowledgeTables.teardownCalls.contains(call.name),
                  let inner = event.closure else { return false }
            var current: Int? = inner
            while let id = current {
                if id == ref.id { return true }
                current = files[ref.file].closures[id].parent
            }
            return false
        }
    }

    private func clearing(of property: String, on holder: String,
                          where accepted: (PropertyClearing) -> Bool = { _ in true }) -> PropertyClearing? {
        let family = types.family(of: holder).union([holder])
        return clearingsByProperty[property]?.first {
            accepted($0) && (family.contains($0.holder) || types.family(of: $0.holder).contains(holder))
        }
    }
}

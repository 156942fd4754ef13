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
            let stores = sites(of: edge)
            let sheet = madeWhole(cycle, at: edge)
            if let clearing = clearing(of: property, on: edge.from, where: { clearing in
                !resets(clearing, storingAgainAt: stores) && !(sheet.map { neverGivenNil(clearing, $0) } ?? false)
            }) {
                return clearing
            }
        }
        return nil
    }

    /// A clearing in the body (not a closure) of the very function that makes the edge again — the bag
    /// emptied and then filled by `reload()`, `row = nil` in the branch of an update that else makes the
    /// row — resets data on the way through: that function stores again, so it is no way out.
    /// (A setter that clears when given nil, `setRoot(nil)`, stays a way out here; whether a call gives
    /// nil to the very object a cycle runs through is `neverGivenNil`'s question, SetterClearings.swift.)
    private func resets(_ clearing: PropertyClearing, storingAgainAt stores: [SourceLocation]) -> Bool {
        guard let function = function(making: clearing)?.function, let event = event(of: clearing, in: function),
              event.closure == nil, let last = function.events.last?.location else { return false }
        return stores.contains { $0.file == clearing.location.file && function.location <= $0 && $0 <= last }
    }

    /// Any clearing of a property of a type (or of its family): `childCoordinator = nil` anywhere.
    func teardown(ofProperty property: String, on holder: String) -> PropertyClearing? {
        clearing(of: property, on: holder)
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
            return files[ref.file].closures.isClosure(inner, within: ref.id)
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

extension Array where Element == FileFacts {
    /// The index of a file's facts, in facts sorted by path (as the program keeps them).
    public func index(ofFile path: String) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].file < path { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low].file == path ? low : nil
    }
}

import CoordLintCore

/// Teardown: code that lets go of a reference on the object's way out. A cycle the code breaks
/// that way is not a plain leak (at most a note that names the method: it must run).
extension Program {
    /// A clearing of one of the cycle's stored references: a property edge, or the property a
    /// closure is kept in (`disposeBag = DisposeBag()`, `selfRetain = nil`, `cancellables.removeAll()`).
    public func teardown(of cycle: Cycle) -> PropertyClearing? {
        if let own = clearingInsideClosure(of: cycle) { return own }
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

    /// A cycle through a closure that lets go of itself when it runs (`delegate.callback = { …;
    /// delegate.callback = nil }`, a completion that clears the handler it is kept in): a one-shot
    /// callback keeping what it needs until its call, on purpose, as a timer whose block invalidates it
    /// stops itself. The clearing is in the closure's own body or a closure nested in it.
    /// A subscription's sink that takes itself out of the bag it is kept in (`self.cancellables.remove(cancellable)`)
    /// is one too.
    /// So is a closure queued in a collection its holder's code takes closures out of and runs one at a time
    /// (`pendingTransitionActions.removeFirst()()`): it is kept until its turn.
    func releasesItself(_ cycle: Cycle) -> Bool {
        cycle.edges.contains { edge in
            guard case .closureStorage(let property, let call) = edge.origin, call.isEmpty,
                  let (ref, _) = closure(atNode: edge.to) else { return false }
            if types.family(of: edge.from).union([edge.from]).contains(where: { runQueues.contains("\($0).\(property)") }) {
                return true
            }
            return (clearingsByProperty[property] ?? []).contains { isHolder($0.holder, of: edge.from) && happens(at: $0.location, inside: ref) }
                || elementRemovals.contains { $0.property == property && isHolder($0.holder, of: edge.from) && happens(at: $0.location, inside: ref) }
        }
    }

    /// A clearing of one of the cycle's properties in the body of a closure of the cycle
    /// (`helper.handler = { self.helper = nil; … }`): the closure lets go of what keeps it when it runs.
    private func clearingInsideClosure(of cycle: Cycle) -> PropertyClearing? {
        let closures = cycle.edges.compactMap { closure(atNode: $0.to)?.ref }
        guard !closures.isEmpty else { return nil }
        for edge in cycle.edges {
            guard case .property(_, let name, _) = edge.origin else { continue }
            let inside = (clearingsByProperty[name] ?? []).filter { clearing in
                isHolder(clearing.holder, of: edge.from) && closures.contains { happens(at: clearing.location, inside: $0) }
            }
            if var first = inside.min(by: { $0.location < $1.location }) {
                first.closure = closures.first { happens(at: first.location, inside: $0) }.map { closure($0).location }
                return first
            }
        }
        return nil
    }

    /// `holder` is `node`'s class, one of its superclasses or protocols, or a subclass of it.
    private func isHolder(_ holder: String, of node: String) -> Bool {
        holder == node || types.family(of: node).contains(holder) || types.family(of: holder).contains(node)
    }

    /// The function whose body holds a closure: its events are the closure's too, each marked with the
    /// closure it is in.
    func enclosingFunction(of ref: ClosureRef) -> FunctionFact? {
        let index = closure(ref).function
        return files[ref.file].functions.indices.contains(index) ? files[ref.file].functions[index] : nil
    }

    /// Whether the event at `location` (an assignment, a call, or the value it assigns) is in the closure or in
    /// one nested in it.
    private func happens(at location: SourceLocation, inside ref: ClosureRef) -> Bool {
        guard location.file == closure(ref).location.file, let function = enclosingFunction(of: ref),
              let inner = Self.event(at: location, in: function)?.closure else { return false }
        return files[ref.file].closures.isClosure(inner, within: ref.id)
    }

    /// A timer whose own block invalidates it (`{ timer in ... timer.invalidate() }`), or whose target's method
    /// it calls does (`#selector(tick)`, where `tick`, or a method of the target it calls, invalidates the timer
    /// it is handed or the property the timer is kept in): it stops itself.
    public func invalidatesItself(_ registration: ClosureRegistration) -> Bool {
        if registration.targetIsSelf, let selector = registration.selector, let owner = registration.owner {
            return invalidatesTimer(selector, of: owner, keptIn: registration.storedIn)
        }
        guard let ref = registration.closure, let function = enclosingFunction(of: ref) else { return false }
        return function.events.contains { event in
            guard case .call(let call) = event.kind, KnowledgeTables.teardownCalls.contains(call.name),
                  let inner = event.closure else { return false }
            return files[ref.file].closures.isClosure(inner, within: ref.id)
        }
    }

    /// A registration whose result (the timer, the token) its owner lets go of in a method UIKit calls whenever
    /// the screen or view leaves (`viewWillDisappear(_:)`, `didMoveToWindow()`), or in a method of its own one of
    /// those calls: it never outlives the screen.
    public func releasedOnLeaving(_ registration: ClosureRegistration) -> Bool {
        guard let property = registration.storedIn, let owner = registration.owner else { return false }
        let family = types.family(of: owner).union([owner])
        let reached = Set(ownMethods(calledFrom: KnowledgeTables.leavingHooks.sorted(), of: family, limit: 16).map(\.function.name))
        return (clearingsByProperty[property] ?? []).contains { clearing in
            family.contains(clearing.caller ?? clearing.holder) && family.contains(clearing.holder)
                && reached.contains(String(clearing.function.prefix { $0 != "(" }))
        }
    }

    /// The methods of `family` named `methods`, and those they call on `self`, a few names deep (`limit`).
    private func ownMethods(calledFrom methods: [String], of family: Set<String>, limit: Int) -> [FunctionRef] {
        var pending = methods
        var visited: Set<String> = []
        var reached: [FunctionRef] = []
        while let name = pending.popLast(), visited.count < limit {
            guard visited.insert(name).inserted else { continue }
            for ref in functions(named: name) where ref.owner.map(family.contains) == true {
                reached.append(ref)
                for event in ref.function.events where event.closure == nil {
                    guard case .call(let call) = event.kind, call.base == nil || call.base == .selfReference else { continue }
                    pending.append(call.name)
                }
            }
        }
        return reached
    }

    /// Whether the target's method `method`, or a method of the target it calls (a few calls deep), invalidates
    /// a timer parameter of its own or the property `keptIn`.
    private func invalidatesTimer(_ method: String, of owner: String, keptIn property: String?) -> Bool {
        let family = types.family(of: owner).union([owner])
        return ownMethods(calledFrom: [method], of: family, limit: 8).contains { ref in
            let parameters = Set(ref.function.parameters.map(\.name))
            return ref.function.events.contains { event in
                guard event.closure == nil, case .call(let call) = event.kind,
                      KnowledgeTables.teardownCalls.contains(call.name) else { return false }
                switch call.base {
                case .name(let timer)?: return parameters.contains(timer) || timer == property
                case .member(.selfReference, let timer)?: return timer == property
                default: return false
                }
            }
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

import CoordLintCore

/// A setter that lets go when given nil (`setRootCoordinator(nil)` → `rootModule = nil`) clears only for
/// the objects some call gives nil. For a cycle one function makes whole on an object it creates itself
/// (a sheet's own navigation stack, handed to its root's parameters and given that root), the setter's
/// clearing is a way out only if a call may give nil to that very object.
extension Program {
    /// One function's new object that a cycle runs through: the function makes `edge` on it
    /// (`stack.setRootCoordinator(coordinator)`) and hands it to the cycle's reference into it
    /// (`Parameters(navigationStackCoordinator: stack)`, `Controller(rootCoordinator: stack)`).
    struct LocalInstance {
        var function: SourceLocation
        var local: String
    }

    func madeWhole(_ cycle: Cycle, at edge: Edge) -> LocalInstance? {
        guard let index = cycle.edges.firstIndex(of: edge) else { return nil }
        let entering = cycle.edges[(index + cycle.edges.count - 1) % cycle.edges.count]
        let made = stores(of: edge).compactMap { store in
            store.receiverLocal.flatMap { local in store.function.map { LocalInstance(function: $0, local: local) } }
        }
        let handed = stores(of: entering)
        return made.first { instance in
            handed.contains { $0.function == instance.function && $0.valueLocal == instance.local }
        }
    }

    /// Two references of a cycle meet at one object only if a store of the one entering it and a store of
    /// the one leaving it can be about the same object. They cannot when every store entering hands a new
    /// local of its function that the function gives to no other holder than its own new objects
    /// (`let stack = NavigationStackCoordinator(); let indicator = UserIndicatorController(rootCoordinator: stack)`),
    /// and every store leaving is made in one of those functions, on a receiver that is neither that local
    /// nor a new object of the call (`navigationStackCoordinator.setSheetCoordinator(indicator)`): the
    /// presenting stack and the sheet's own stack are two objects of one type, and the cycle does not close.
    func joinsTwoObjects(_ cycle: Cycle) -> Bool {
        guard cycle.edges.count > 1 else { return false }
        for index in cycle.edges.indices {
            let entering = cycle.edges[index]
            let leaving = cycle.edges[(index + 1) % cycle.edges.count]
            guard case .property = entering.origin, case .property = leaving.origin else { continue }
            let handed = stores(of: entering)
            var locals: [SourceLocation: Set<String>] = [:]
            guard !handed.isEmpty, handed.allSatisfy({ store in
                guard let function = store.function, let local = store.valueLocal else { return false }
                locals[function, default: []].insert(local)
                return true
            }) else { continue }
            let kept = stores(of: leaving)
            guard !kept.isEmpty, kept.allSatisfy({ store in
                guard let function = store.function, let names = locals[function], store.holderIdentity != .newObject else { return false }
                if case .local(let holder) = store.holderIdentity, names.contains(holder) { return false }
                return store.receiverLocal.map { !names.contains($0) } ?? true
            }) else { continue }
            // Each local goes only into objects its function creates (not into `self` or a parameter, from
            // where a later receiver could be it). Checked last: it reads every store.
            let confined = stores.allSatisfy { store in
                guard let function = store.function, let names = locals[function], let local = store.valueLocal,
                      names.contains(local) else { return true }
                return store.holderIdentity == .newObject || store.receiverLocal != nil
            }
            if confined { return true }
        }
        return false
    }

    /// A cycle one function makes whole on its own new object cites each reference where that function
    /// makes it (not where another object of the same types gets the same reference).
    func citingLocalInstance(_ cycle: Cycle) -> Cycle {
        guard let instance = cycle.edges.lazy.compactMap({ self.madeWhole(cycle, at: $0) }).first else { return cycle }
        var cited = cycle
        for index in cited.edges.indices {
            if let site = sites(of: cited.edges[index]).filter({ site in stores(at: site).contains { $0.function == instance.function } }).min() {
                cited.edges[index].assignment = site
            }
        }
        return cited
    }

    /// Every place code makes an edge: its assignment sites, the one it cites, and where it is declared.
    func sites(of edge: Edge) -> [SourceLocation] {
        graph.assignments(of: edge) + [edge.assignment, edge.location].compactMap { $0 }
    }

    /// The stores that make an edge, from its assignment sites.
    func stores(of edge: Edge) -> [PropertyStore] {
        var seen: Set<SourceLocation> = []
        return sites(of: edge).filter { seen.insert($0).inserted }.flatMap { site in
            stores(at: site).filter { $0.holder == edge.from || types.family(of: $0.holder).contains(edge.from) }
        }
    }

    /// The clearing is in a setter (the function stores the property again) and no call gives that
    /// setter nil on an object that may be `instance`: it never clears that object.
    func neverGivenNil(_ clearing: PropertyClearing, _ instance: LocalInstance) -> Bool {
        guard let setter = function(making: clearing), storesAgain(clearing, in: setter.function, file: setter.file) else { return false }
        let family = types.family(of: clearing.holder).union([clearing.holder])
        let calls = (nilArgumentCalls[setter.function.name] ?? []).filter { call in
            call.receivers.contains { family.contains($0) || types.family(of: $0).contains(clearing.holder) }
        }
        return !calls.contains { mayReach($0, instance) }
    }

    /// Whether a call given nil may be on the function's new object: on that local in that function, on
    /// a property (or something reached through one) that may hold it, or on anything coordlint cannot
    /// tell apart (a parameter, `self`, another expression). A property is given only what its stores
    /// give it: one every store of which is an object created there (`detailStack =
    /// NavigationStackCoordinator()`), other than the function's own object, never holds that object;
    /// nor does a new object of another function.
    private func mayReach(_ call: NilArgumentCall, _ instance: LocalInstance) -> Bool {
        if let property = call.receiverProperty {
            let family = call.receiverHolder.map { types.family(of: $0).union([$0]) } ?? []
            let given = stores.filter { $0.property == property && family.contains($0.holder) }
            return given.isEmpty || given.contains { store in
                !store.isNewObject || (store.function == instance.function && store.valueLocal == instance.local)
            }
        }
        if let local = call.receiverLocal {
            if call.function == instance.function { return local == instance.local }
            return !isNewObjectLocal(local, in: call.function)
        }
        return true
    }

    /// A local the function binds to an object it creates (a receiver-local store names it).
    private func isNewObjectLocal(_ local: String, in function: SourceLocation) -> Bool {
        stores.contains { $0.function == function && ($0.receiverLocal == local || $0.valueLocal == local) }
    }

    /// The function that makes a clearing: of the clearing's signature, with an event at its location.
    func function(making clearing: PropertyClearing) -> (file: Int, function: FunctionFact)? {
        guard let file = files.index(ofFile: clearing.location.file) else { return nil }
        return files[file].functions.first { $0.signature == clearing.function && event(of: clearing, in: $0) != nil }
            .map { (file, $0) }
    }

    /// The body event that clears (the assignment or call, or the value it assigns).
    func event(of clearing: PropertyClearing, in function: FunctionFact) -> BodyEvent? {
        Self.event(at: clearing.location, in: function)
    }

    /// The body event made at `location`: an assignment or call there, or the assignment whose value is there.
    static func event(at location: SourceLocation, in function: FunctionFact) -> BodyEvent? {
        function.events.first { $0.location == location || $0.valueLocation == location }
    }

    /// The function also stores the property (`rootModule = NavigationModule(coordinator)` beside
    /// `rootModule = nil`): a setter.
    private func storesAgain(_ clearing: PropertyClearing, in function: FunctionFact, file: Int) -> Bool {
        guard let last = function.events.last?.location else { return false }
        let family = types.family(of: clearing.holder).union([clearing.holder])
        return stores.contains { store in
            store.property == clearing.property && family.contains(store.holder) && store.location != clearing.location
                && store.location.file == clearing.location.file && function.location <= store.location && store.location <= last
                && (!store.valueTypes.isEmpty || store.closure != nil || store.methodReference != nil)
        }
    }
}

import CoordLintCore

/// The analyzed program: merged types, what the evaluator's recorders found, the ownership graph,
/// its cycles with their roles, and the child lifecycles. Built once from all files' facts; every
/// rule reads these typed results and nothing else.
public final class Program: @unchecked Sendable {
    public let files: [FileFacts]
    public let types: TypeIndex
    public let functions: [FunctionRef]
    /// Positions in `functions` by the function's name.
    private let functionPositions: [String: [Int]]
    public let graph: OwnershipGraph
    public let stores: [PropertyStore]
    public let containers: [ContainerOwnership]
    public private(set) var cycles: [Cycle]
    public let registrations: [ClosureRegistration]
    public let childMutations: [ChildMutation]
    public let unretainedChildren: [UnretainedChild]
    public let childLifecycle: ChildLifecycle
    /// Code that empties, invalidates or releases a stored property, by property name.
    let clearingsByProperty: [String: [PropertyClearing]]
    /// Types whose code hands `self` out (passes it to a call, or creates a closure that captures it
    /// strongly): something else may keep their objects, so "kept by nothing" is never claimed of them.
    public let selfEscapingTypes: Set<String>
    /// Objects that live as long as the process (app and scene delegates, singletons).
    public let processLifetimeTypes: Set<String>
    /// Types every construction of which is only the receiver of a call (`Flow(…).start()`): what they
    /// set up (a controller keeping their closures) is their only owner, so weakening a capture of
    /// one ends it early. The leak is real; the advice is to let go when the work ends.
    public let selfKeptTypes: Set<String>
    /// Types whose code hands `self` to other objects only weakly (`weaklyReferencedTypes`).
    public let weaklyReferencedTypes: Set<String>
    /// Methods that take elements out of their type's collections, and calls to singleton-shaped types.
    let elementRemovals: Set<ElementRemoval>
    /// Collections of closures their owner's code takes out one at a time and runs (`pending.removeFirst()()`),
    /// as `Owner.property`: a queue keeps each closure until its turn.
    let runQueues: Set<String>
    let singletonCalls: Set<SingletonCall>
    /// Closures handed to a subscription's value-mapping operators (`.flatMap { … }`).
    private let valueMappingClosures: Set<ClosureRef>
    /// Project methods given `nil`, by method name.
    let nilArgumentCalls: [String: [NilArgumentCall]]
    /// Where each property store is made, as positions in `stores` (an edge knows its assignment sites).
    private let storeIndices: [SourceLocation: [Int]]
    /// The `coordlint:` suppression comments of every file.
    public let suppressions: [Suppression]
    /// Some Swift file binds an optional without a value (`guard let self else`): the project's compiler
    /// takes Swift 5.7's shorthand, so advice may use it; otherwise it spells `guard let self = self else`.
    public let usesShorthandBinding: Bool
    /// The oldest Swift language version the project's Xcode projects build with (`SWIFT_VERSION`), when they
    /// say: before 4.2, `guard let self = self` does not compile.
    public let swiftVersion: SwiftVersion?
    let captures: CaptureResolver
    private let methodReferences: [SourceLocation: MethodReference]

    /// `@IBOutlet var button: SubscribeButton!`: the nib loader stores an object of the declared
    /// project type when the view loads (a store made by UIKit, located at the declaration).
    static func outletStores(_ types: TypeIndex) -> Set<PropertyStore> {
        var stores: Set<PropertyStore> = []
        for name in types.sortedNames {
            guard let type = types[name] else { continue }
            for property in type.properties where property.isOutlet && property.ownership == .strong && !property.isStatic {
                guard let declared = property.type, declared.container == .none,
                      let resolved = types.resolve(declared.name, from: name), types[resolved]?.kind != .protocol else { continue }
                stores.insert(PropertyStore(holder: name, property: property.name, valueTypes: [resolved],
                                            location: property.location, storingType: nil, isNewObject: true,
                                            holderIdentity: .unknown))
            }
        }
        return stores
    }

    /// A struct's protocol-typed field holds what code stores into it (a parameters struct is built
    /// where its screen is presented): a value read from that field (`parameters.userIndicatorController`
    /// handed to a view model) is those objects, when every store gives the field objects of known class.
    static func throughStructFields(_ stores: Set<PropertyStore>, types: TypeIndex) -> Set<PropertyStore> {
        guard stores.contains(where: { $0.valueField != nil }) else { return stores }
        var given: [String: Set<String>] = [:]
        var unknown: Set<String> = []
        for store in stores where store.valueField == nil && types[store.holder]?.kind == .struct {
            let field = "\(store.holder).\(store.property)"
            let classes = store.valueTypes.filter { types[$0]?.kind != .protocol }
            if classes.isEmpty { unknown.insert(field) } else { given[field, default: []].formUnion(classes) }
        }
        var replaced: [PropertyStore] = []
        var widened: [PropertyStore] = []
        for store in stores {
            guard let field = store.valueField, !unknown.contains(field), let classes = given[field] else { continue }
            var wider = store
            wider.valueTypes = store.valueTypes.filter { types[$0]?.kind != .protocol } + classes.sorted()
            replaced.append(store)
            widened.append(wider)
        }
        // In place: a new set would hash every store again.
        var result = stores
        for store in replaced { result.remove(store) }
        for store in widened { result.insert(store) }
        return result
    }

    public init(files: [FileFacts], knowledge: Knowledge = .standard, swiftVersion: SwiftVersion? = nil) {
        let clock = PhaseClock(prefix: "  ")
        let files = files.sorted { $0.file < $1.file }
        self.files = files
        self.usesShorthandBinding = files.contains { $0.usesShorthandBinding }
        self.swiftVersion = swiftVersion
        let types = TypeIndex(facts: files, knowledge: knowledge)
        self.types = types
        clock.lap("type index")
        let functions = files.enumerated().flatMap { index, file in
            // A method its file hides and never names never runs: nothing it does happens.
            file.functions.lazy.filter { !$0.isNeverCalled }.map { function in
                FunctionRef(file: index, function: function, owner: function.owner.flatMap { types.resolveExtended($0) } ?? function.owner,
                            isObjectiveC: file.language == .objectiveC)
            }
        }
        self.functions = functions
        self.functionPositions = Dictionary(grouping: functions.indices, by: { functions[$0].function.name })
        // What calls can resolve to, and the helpers that add and remove children: independent, so at once.
        let (callables, helpers) = Workers.both({
            var callables = Callables(functions: functions,
                                      structs: Set(types.sortedNames.filter { types[$0]?.kind == .struct }),
                                      weakFields: Set(types.sortedNames.flatMap { name in
                                          (types[name]?.properties ?? []).filter { !$0.ownership.retains }.map { "\(name).\($0.name)" }
                                      }),
                                      closures: files.map(\.closures),
                                      storedFields: Set(types.sortedNames.flatMap { name in
                                          (types[name]?.properties ?? []).map { "\(name).\($0.name)" }
                                      }),
                                      projectTypedFields: Self.projectTypedFields(types))
            callables.oneShotPublisherFunctions = OneShotPublishers.functions(functions, types: types, callables: callables,
                                                                              closures: { files[$0.file].closures[$0.id] })
            callables.returnedClosureFunctions = FrameworkObjects.returnedClosures(functions, types: types)
            return callables
        }, { ChildHelpers(functions: functions, types: types) })
        clock.lap("callables and child helpers")
        let recordings = Evaluator.run(
            functions, types: types, callables: callables,
            recorders: { standardRecorders(types: types, callables: callables, helpers: helpers) },
            closures: { files[$0.file].closures[$0.id] })
        clock.lap("evaluator")
        let stores = Self.throughStructFields(recordings.stores.union(Self.outletStores(types)), types: types)
            .sortedBySource(\.location) { ($0.holder, $0.property) < ($1.holder, $1.property) }
        self.stores = stores
        self.storeIndices = Dictionary(grouping: stores.indices, by: { stores[$0].location })
        let containers = recordings.containers.union(CapturedParameters.cellContainers(recordings))
            .sorted { ($0.location, $0.holder, $0.target) < ($1.location, $1.holder, $1.target) }
        self.containers = containers
        // A class no code makes has no object to keep or be kept (planetary's search results view, read FALSE).
        let neverMade = types.neverMadeClasses(in: files)
        self.registrations = recordings.registrations.filter { $0.owner.map(neverMade.contains) != true }
            .sorted { $0.location < $1.location }
        let childMutations = recordings.mutations.sorted {
            ($0.location, $0.holder, $0.collection ?? "") < ($1.location, $1.holder, $1.collection ?? "")
        }
        self.childMutations = childMutations
        self.unretainedChildren = recordings.unretained.sorted { $0.location < $1.location }
        self.elementRemovals = recordings.elementRemovals
        self.valueMappingClosures = recordings.valueMappingClosures
        self.runQueues = Set(elementRemovals.filter(\.runsTakenElement).map { "\($0.holder).\($0.property)" })
        self.singletonCalls = recordings.singletonCalls
        self.nilArgumentCalls = Dictionary(grouping: recordings.nilArgumentCalls.sorted { $0.location < $1.location }, by: \.method)
        let (droppedLocals, neverShown) = Self.droppedLocalConstructions(in: files, types: types, callables: callables)
        let dropped = recordings.droppedConstructions.union(droppedLocals)
        // A screen or a view shown is kept by UIKit (its presentation, stack or superview), whatever code drops; one
        // whose properties alone are read (`container.addSubview(controller.view)`) is never shown itself.
        self.selfKeptTypes = Set(Dictionary(grouping: recordings.constructions, by: \.type)
            .filter { type, sites in
                sites.allSatisfy { dropped.contains($0.location) }
                    && (!types.isScreenOrView(type) || sites.allSatisfy { neverShown.contains($0.location) })
            }.keys)
        // A method assigning an observed property performs what the observer clears.
        var clearings = recordings.clearings
        let observerClearings = Dictionary(grouping: recordings.observerClearings) { "\($0.holder).\($0.observedProperty)" }
        for site in recordings.observedAssignments {
            for observer in observerClearings["\(site.holder).\(site.property)"] ?? [] {
                clearings.insert(PropertyClearing(holder: observer.clearing.holder, property: observer.clearing.property,
                                                  function: site.function, location: site.location, caller: site.holder))
            }
        }
        self.clearingsByProperty = Dictionary(grouping: clearings.sorted {
            ($0.location, $0.holder, $0.property, $0.function, $0.caller ?? "") < ($1.location, $1.holder, $1.property, $1.function, $1.caller ?? "")
        }, by: \.property)
        clock.lap("recordings sorted")
        var references: [SourceLocation: MethodReference] = [:]
        for store in stores { if let reference = store.methodReference { references[reference.location] = reference } }
        self.methodReferences = references
        self.suppressions = files.flatMap { Suppression.parse($0) }
        clock.lap("method references and suppressions")
        let captures = CaptureResolver(files: files, types: types, functions: functions)
        self.captures = captures
        let opaqueClosures = recordings.opaqueClosures.sorted {
            ($0.location, $0.holder, $0.property, $0.member) < ($1.location, $1.holder, $1.property, $1.member)
        }
        let localObjectClosures = recordings.localObjectClosures.sorted { $0.location < $1.location }
        let frameworkMemberClosures = recordings.frameworkMemberClosures.sorted {
            ($0.location, $0.holder, $0.member) < ($1.location, $1.holder, $1.member)
        }
        let localObjectReferences = recordings.localObjectReferences.sorted { ($0.location, $0.label) < ($1.location, $1.label) }
        let listObjectCells = recordings.listObjectCells.sorted { ($0.location, $0.cell) < ($1.location, $1.cell) }
        let awaitedStreams = AwaitedStreams.resolve(recordings.awaitingTasks, functions: functions, types: types)
        let environments = CapturedParameters.resolve(recordings)
        let passedClosures = CapturedParameters.passedClosures(recordings)
        // The graph on one core; the types handing `self` out and the children's lifecycle on the other.
        let (graph, (handouts, lifecycle)) = Workers.both({
            GraphBuilder(files: files, types: types, stores: stores, containers: containers,
                         opaqueClosures: opaqueClosures, localObjectClosures: localObjectClosures,
                         frameworkMemberClosures: frameworkMemberClosures,
                         localObjectReferences: localObjectReferences,
                         listObjectCells: listObjectCells, awaitedStreams: awaitedStreams,
                         environments: environments, passedClosures: passedClosures, captures: captures).build()
        }, {
            (Self.selfEscapingTypes(functions: functions, files: files, captures: captures),
             ChildLifecycle(mutations: childMutations, types: types, functions: functions, files: files,
                            containers: containers, helpers: helpers))
        })
        self.graph = graph
        self.childLifecycle = lifecycle
        clock.lap("graph, child lifecycle")
        self.selfEscapingTypes = handouts.escaping
        self.weaklyReferencedTypes = Self.weaklyReferencedTypes(stores: stores, types: types, weaklyCaptured: handouts.weaklyCaptured)
        // Types every instance of which lives as long as the process: app and scene delegates,
        // singletons, objects of file-scope variables, and what those construct and keep in a single
        // reference when it is the type's only construction outside such roots (a static, a file-scope
        // variable, an app delegate: once per process). Any cycle through one of them frees nothing
        // when broken.
        // Where each type is made outside such roots (each site once: constructions are a set of sites).
        let constructionSites = Dictionary(grouping: recordings.constructions.filter { !$0.isRoot }, by: \.type)
            .mapValues { Set($0.map(\.location)) }
        let constructionCounts = constructionSites.mapValues(\.count)
        var lifetime = types.processLifetimeTypes(constructions: constructionCounts)
        // Objects held by file-scope variables are process roots too.
        for file in files {
            for global in file.globalVariables {
                guard let written = global.type?.name, let resolved = types.resolve(written, from: nil),
                      types[resolved]?.isValueType == false, (constructionCounts[resolved] ?? 0) <= 1 else { continue }
                lifetime.insert(resolved)
            }
        }
        // So are the objects a type's static `let` makes, when nothing else makes one (`static let loopManager =
        // LoopManager()` in the app delegate: a static initializer runs once per process).
        for name in types.sortedNames {
            for property in types[name]?.properties ?? [] where property.isStatic && property.isLet {
                guard case .call(let call)? = property.initializer, call.base == nil,
                      let resolved = types.resolve(call.name, from: name), types[resolved]?.kind == .class,
                      (constructionCounts[resolved] ?? 0) == 0 else { continue }
                lifetime.insert(resolved)
            }
        }
        // What a process-lifetime object creates and keeps in a single reference it never lets go of
        // (its context, its services, its root coordinator) or makes its window's root lives as long. A
        // reference cleared somewhere (`fullScreenPlayer = nil`) is refilled with a new object later.
        let cleared = Set(clearings.map { "\($0.holder).\($0.property)" })
        // Or every place that makes an object of the type stores it, for life, into such an object (the app's
        // tab controller and its preferences' tab controller, each made once by a process-lifetime object).
        var sitesKeptForLife: [String: Set<SourceLocation>] = [:]
        var rootsPending = Array(lifetime)
        while let holder = rootsPending.popLast() {
            for edge in graph.strongEdges(from: holder) {
                let keepsForLife: Bool
                switch edge.origin {
                case .container(let call, _):
                    keepsForLife = KnowledgeTables.windowRootCalls.contains(call) && (constructionCounts[edge.to] ?? 0) <= 1
                case .property(let owner, let name, let isCollection):
                    let kept = edge.createsTarget && !isCollection
                        && !cleared.contains("\(edge.from).\(name)") && !cleared.contains("\(owner).\(name)")
                    if kept {
                        for assignment in graph.assignments(of: edge) {
                            for index in self.storeIndices[assignment] ?? [] where stores[index].property == name {
                                sitesKeptForLife[edge.to, default: []].formUnion(stores[index].valueSites[edge.to] ?? [])
                            }
                        }
                    }
                    keepsForLife = kept && ((constructionCounts[edge.to] ?? 0) <= 1
                        || constructionSites[edge.to].map { $0.isSubset(of: sitesKeptForLife[edge.to] ?? []) } == true)
                default: keepsForLife = false
                }
                guard keepsForLife, lifetime.insert(edge.to).inserted else { continue }
                rootsPending.append(edge.to)
            }
        }
        self.processLifetimeTypes = lifetime
        let heldForLife = Self.propertiesHeldForLife(stores: stores, types: types, lifetime: lifetime, cleared: cleared,
                                                     constructions: recordings.constructions)
        clock.lap("escaping and lifetime")
        let observed = Set(registrations.filter { $0.kind == .notificationObserver }.compactMap(\.closure))
        let storesAt = self.storeIndices
        var cycles = CycleFinder(graph: graph, knowledge: knowledge).cycles()
        for index in cycles.indices {
            // A cycle through an object that lives as long as the process frees nothing when broken: the
            // others live as long as that object keeps its path to them, whatever the way back says (a
            // screen holding the app's root coordinator goes when the coordinator lets go of the screen).
            let objects = cycles[index].edges.map(\.from).filter { graph.nodes[$0]?.kind != .closure }
            // Or a reference whose every store hands it that one object (the app's navigation controller passed
            // down into a screen's parameters), whatever other objects of its type the program makes.
            let throughLifetimeObject = cycles[index].edges.contains { edge in
                guard case .property(_, let name, false) = edge.origin else { return false }
                let made = graph.assignments(of: edge).flatMap { (storesAt[$0] ?? []).map { stores[$0] } }
                    .filter { $0.property == name && $0.valueTypes.contains(edge.to) }
                return !made.isEmpty && made.allSatisfy { $0.valueRoot.map(heldForLife.contains) ?? false }
            }
            cycles[index].role = objects.contains(where: lifetime.contains) || throughLifetimeObject
                ? .processLifetime
                : Self.role(of: cycles[index], graph: graph, knowledge: knowledge, observed: observed, files: files)
        }
        self.cycles = cycles
        self.cycles = self.cycles.filter {
            !joinsTwoObjects($0) && !releasesItself($0) && !throughOutletOfCodeMadeObject($0) && !mixesTwoModules($0)
                && !copiedBeforeAssignment($0) && !$0.edges.contains { neverMade.contains($0.from) }
        }
            .map(citingLocalInstance)
        clock.lap("cycles")
    }

    /// `Type.property` → the project type it is declared with, for every stored property of a project class or
    /// struct type (`let observerList = ObserverList<Observer>()`, generic arguments aside).
    static func projectTypedFields(_ types: TypeIndex) -> [String: String] {
        var fields: [String: String] = [:]
        for name in types.sortedNames {
            for property in types[name]?.properties ?? [] {
                guard let written = property.type, written.container == TypeReference.Container.none,
                      let resolved = types.resolve(written.name, from: name), types[resolved]?.kind != .protocol else { continue }
                fields["\(name).\(property.name)"] = resolved
            }
        }
        return fields
    }

    /// Stored properties (`Holder.property`) holding one object for the whole process, whatever other objects of
    /// its type the program makes: a `let` of a process-lifetime type that it fills with an object it makes
    /// (the app coordinator's `navigationController`), and a `let` its initializer fills from a parameter where
    /// every construction of the type hands it such a property (a flow coordinator given that navigation
    /// controller). Never cleared; each construction must be seen handing it (else some object of the type may
    /// hold another).
    static func propertiesHeldForLife(stores: [PropertyStore], types: TypeIndex, lifetime: Set<String>,
                                      cleared: Set<String>, constructions: Set<Construction>) -> Set<String> {
        var byProperty: [String: [PropertyStore]] = [:]
        for store in stores { byProperty["\(store.holder).\(store.property)", default: []].append(store) }
        let constructionCounts = Dictionary(grouping: constructions, by: \.type).mapValues(\.count)
        let candidates = byProperty.keys.sorted().filter { key in
            guard let store = byProperty[key]?.first, !cleared.contains(key),
                  let declared = types.property(named: store.property, of: store.holder) else { return false }
            return declared.property.isLet && !declared.property.isStatic
        }
        var held: Set<String> = []
        for key in candidates {
            let made = byProperty[key]!
            if lifetime.contains(made[0].holder), made.allSatisfy({ $0.isNewObject && !$0.valueIsParameter }) { held.insert(key) }
        }
        // Handed down: each round can only add, and a property joins once.
        var changed = true
        while changed {
            changed = false
            for key in candidates where !held.contains(key) {
                let made = byProperty[key]!
                let holder = made[0].holder
                let handed = made.filter { !($0.valueIsParameter && $0.storingType == holder) }
                guard handed.count < made.count, !handed.isEmpty,
                      handed.allSatisfy({ $0.valueRoot.map(held.contains) ?? false }),
                      Set(handed.map(\.location)).count >= (constructionCounts[holder] ?? 0) else { continue }
                held.insert(key)
                changed = true
            }
        }
        return held
    }

    /// Types whose code hands `self` to another object to be called back weakly: stores it in a weak property of
    /// another object (`screen.coordinator = self` with `weak var coordinator`, a framework object's `delegate`),
    /// or captures it weakly in a closure (`[weak self]`, `[unowned self]`). Dropping such an object silently ends
    /// those callbacks; dropping one that hands nothing out (it presents an alert and is done) ends nothing.
    private static func weaklyReferencedTypes(stores: [PropertyStore], types: TypeIndex, weaklyCaptured: Set<String>) -> Set<String> {
        var referenced = weaklyCaptured
        for store in stores where store.isStoringObject {
            guard let storing = store.storingType else { continue }
            if let (_, property) = types.property(named: store.property, of: store.holder) {
                if !types.isRetainingReference(property, of: store.holder) { referenced.insert(storing) }
            } else if types[store.holder] == nil, KnowledgeTables.isWeakFrameworkMember(store.property) {
                referenced.insert(storing)
            }
        }
        return referenced
    }

    /// Types whose code hands `self` out: passes it to a call, or creates a closure that captures it strongly.
    /// And, from the same walk over the closures, the types whose closures capture `self` weakly (`[weak self]`,
    /// `[unowned self]` in a capture list): half of `weaklyReferencedTypes`.
    private static func selfEscapingTypes(functions: [FunctionRef], files: [FileFacts],
                                          captures: CaptureResolver) -> (escaping: Set<String>, weaklyCaptured: Set<String>) {
        var escaping: Set<String> = []
        var weaklyCaptured: Set<String> = []
        for ref in functions {
            guard let owner = ref.owner, !escaping.contains(owner) else { continue }
            let passesSelf = ref.function.events.contains { event in
                guard case .call(let call) = event.kind else { return false }
                return call.arguments.contains { $0.value == .selfReference }
            }
            if passesSelf { escaping.insert(owner) }
        }
        for (index, file) in files.enumerated() {
            for closure in file.closures where !closure.isImmediatelyInvoked && file.functions.indices.contains(closure.function) {
                if closure.captureList.contains(where: { $0.name == "self" && !$0.ownership.retains }),
                   let owner = file.functions[closure.function].owner {
                    weaklyCaptured.insert(owner)
                }
                guard let capture = captures.selfCapture(of: ClosureRef(file: index, id: closure.id)),
                      capture.strength.retains, !capture.isValueCopy else { continue }
                escaping.insert(capture.type)
            }
        }
        return (escaping, weaklyCaptured)
    }

    /// The property stores made at a place.
    func stores(at location: SourceLocation) -> [PropertyStore] {
        (storeIndices[location] ?? []).map { stores[$0] }
    }

    /// Which kind of reference breaks the cycle: its back-reference's origin and what it holds.
    private static func role(of cycle: Cycle, graph: OwnershipGraph, knowledge: Knowledge, observed: Set<ClosureRef>,
                             files: [FileFacts]) -> CycleRole {
        let anchor = cycle.anchor
        switch anchor.origin {
        case .capture(_, let method) where !method.isEmpty:
            return .methodReference
        case .capture, .valueCopy:
            if let ref = closureRef(atNode: anchor.from, graph: graph, files: files), observed.contains(ref) {
                return .observerClosureCapture
            }
            return .closureCapture
        case .property:
            if let declaration = anchor.declaration, knowledge.isDelegateReference(declaration) { return .delegateReference }
            return graph.nodes[anchor.to]?.kind == .coordinator ? .coordinatorReference : .other
        case .closureStorage, .container:
            return .other
        }
    }

    private static func closureRef(atNode id: String, graph: OwnershipGraph, files: [FileFacts]) -> ClosureRef? {
        guard let node = graph.nodes[id], node.kind == .closure, id.hasPrefix("closure@"),
              let file = files.firstIndex(where: { $0.file == node.location.file }),
              let fact = files[file].closures.first(where: { $0.location == node.location }) else { return nil }
        return ClosureRef(file: file, id: fact.id)
    }

    public func closure(_ ref: ClosureRef) -> ClosureFact { files[ref.file].closures[ref.id] }

    /// How a closure holds `self`, if it uses it.
    public func selfCapture(of ref: ClosureRef) -> SelfCapture? { captures.selfCapture(of: ref) }

    /// The same for a closure's facts.
    public func selfCapture(of closure: ClosureFact) -> SelfCapture? {
        files.index(ofFile: closure.location.file).flatMap { captures.selfCapture(of: ClosureRef(file: $0, id: closure.id)) }
    }

    /// The closure whose node this is (`closure@…`), if any.
    public func closure(atNode id: String) -> (ref: ClosureRef, fact: ClosureFact)? {
        Self.closureRef(atNode: id, graph: graph, files: files).map { ($0, closure($0)) }
    }

    /// A method's parameters, for writing `{ [weak self] in self?.method(label: $0) }`.
    public func method(_ name: String, of owner: String) -> FunctionFact? {
        functions(named: name).first { $0.owner == owner && $0.function.kind == .method }?.function
    }

    /// The functions of that name, in program order.
    func functions(named name: String) -> [FunctionRef] {
        (functionPositions[name] ?? []).map { functions[$0] }
    }

    /// The method reference stored at a location (`showHome: self.pushHome`).
    public func methodReference(at location: SourceLocation) -> MethodReference? { methodReferences[location] }

    /// Whether a closure was handed to an operator of a subscription's pipeline that maps values (`.flatMap`).
    public func mapsValues(_ closure: ClosureFact) -> Bool {
        guard let file = files.index(ofFile: closure.location.file) else { return false }
        return valueMappingClosures.contains(ClosureRef(file: file, id: closure.id))
    }

    /// The language of an analyzed file (by its path relative to the root).
    public func language(of file: String) -> SourceLanguage {
        files.first { $0.file == file }?.language ?? .swift
    }

    /// The kind of a node (or `.other` for a name the graph does not hold).
    public func kind(of node: String) -> Node.Kind { graph.nodes[node]?.kind ?? .other }
}

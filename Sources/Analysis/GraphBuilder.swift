import CoordLintCore

/// Turns types, stores, container calls and closures into the ownership graph. Ordered steps:
/// nodes, then property edges (only from stores: an assignment, an initial value, an argument a
/// callee keeps, a collection add — a declared type alone never makes an edge), then container
/// edges, then closure edges.
struct GraphBuilder {
    let files: [FileFacts]
    let types: TypeIndex
    let stores: [PropertyStore]
    let containers: [ContainerOwnership]
    let opaqueClosures: [OpaqueObjectClosure]
    let localObjectClosures: [LocalObjectClosure]
    let frameworkMemberClosures: [FrameworkMemberClosure]
    let localObjectReferences: [LocalObjectReference]
    let listObjectCells: [ListObjectCell]
    let awaitedStreams: [AwaitedStream]
    /// Function (by declaration) → local name → the node of the object it holds, when a closure is stored on it.
    private var localObjects: [SourceLocation: [String: String]] = [:]
    let environments: [ClosureRef: [String: Value]]
    /// Closure → captured parameter → the closures callers hand to that parameter.
    let passedClosures: [ClosureRef: [String: [ClosureRef]]]
    let captures: CaptureResolver
    private let graph = OwnershipGraph()

    init(files: [FileFacts], types: TypeIndex, stores: [PropertyStore], containers: [ContainerOwnership],
         opaqueClosures: [OpaqueObjectClosure] = [], localObjectClosures: [LocalObjectClosure] = [],
         frameworkMemberClosures: [FrameworkMemberClosure] = [],
         localObjectReferences: [LocalObjectReference] = [],
         listObjectCells: [ListObjectCell] = [],
         awaitedStreams: [AwaitedStream] = [], environments: [ClosureRef: [String: Value]],
         passedClosures: [ClosureRef: [String: [ClosureRef]]] = [:], captures: CaptureResolver) {
        self.files = files
        self.types = types
        self.stores = stores
        self.containers = containers
        self.opaqueClosures = opaqueClosures
        self.localObjectClosures = localObjectClosures
        self.frameworkMemberClosures = frameworkMemberClosures
        self.localObjectReferences = localObjectReferences
        self.awaitedStreams = awaitedStreams
        self.listObjectCells = listObjectCells
        for item in localObjectClosures { localObjects[item.function, default: [:]][item.name] = item.label }
        for item in listObjectCells { localObjects[item.function, default: [:]][item.name] = item.label }
        self.environments = environments
        self.passedClosures = passedClosures
        self.captures = captures
    }

    func build() -> OwnershipGraph {
        addTypeNodes()
        addLocalObjects()
        addLocalObjectReferences()
        addPropertyEdges()
        addAssociatedObjectEdges()
        addContainerEdges()
        addOpaqueObjects()
        addFrameworkMemberClosures()
        addAwaitedStreams()
        return graph
    }

    private func addTypeNodes() {
        for name in types.sortedNames {
            guard let type = types[name], type.kind != .protocol, type.kind != .extension else { continue }
            graph.addNode(Node(id: name, kind: type.category, isValueType: type.isValueType, location: type.location))
        }
    }

    // MARK: Properties

    private func addPropertyEdges() {
        var storesByProperty: [String: [PropertyStore]] = [:]
        for store in stores { storesByProperty["\(store.holder).\(store.property)", default: []].append(store) }
        for name in types.sortedNames {
            guard graph.nodes[name] != nil else { continue }
            // Stores through the type itself, a superclass, or a protocol it conforms to.
            let holders = [name] + types.family(of: name).subtracting([name]).sorted()
            for (owner, property) in types.storedProperties(of: name) {
                let strength = types.knowledge.isWeak(property.name, of: owner) ? .weak : Strength(property.ownership)
                // A store into an object of exactly its type (`Row(action: …)`) is not its subclasses'.
                let relevant = holders.flatMap { holder in
                    (storesByProperty["\(holder).\(property.name)"] ?? []).filter {
                        (!$0.holderIsExact || holder == name) && types.meets($0.holderConstraints, name, from: holder)
                    }
                }
                let isCollection = property.type.map { $0.container != .none } ?? false
                let origin = EdgeOrigin.property(owner: owner, name: property.name, isCollection: isCollection)
                for store in relevant {
                    if store.containsItself {
                        addSelfContainingCollection(owner: owner, property: property, holder: name, store: store)
                        continue
                    }
                    addStore(store, holder: name, property: property, strength: strength, origin: origin,
                             at: property.location)
                }
                if case .closure(let id)? = property.initializer, let file = files.index(ofFile: property.location.file) {
                    let closure = files[file].closures[id]
                    if !closure.isImmediatelyInvoked {
                        addStoredClosure(ClosureRef(file: file, id: id), holder: name,
                                         origin: .closureStorage(name: property.name, call: ""), at: closure.location)
                    }
                }
                // No assignment visible: the property holds nothing coordlint can prove (a declared
                // type alone never makes an edge).
            }
        }
    }

    /// Objects the runtime keeps for an object under a key (`objc_setAssociatedObject` with a retaining
    /// policy): a strong edge from the holder to the value, located where it is set; a block stored so is
    /// a closure the holder keeps.
    private func addAssociatedObjectEdges() {
        for store in stores where types.isAssociatedObject(store.property) && graph.nodes[store.holder] != nil {
            guard let (owner, property) = types.property(named: store.property, of: store.holder) else { continue }
            addStore(store, holder: store.holder, property: property, strength: .strong,
                     origin: .property(owner: owner, name: property.name, isCollection: false), at: store.location)
        }
    }

    /// What one store into `holder.property` makes: edges to the objects stored (located at `location`) and
    /// the closure or method reference the property keeps.
    private func addStore(_ store: PropertyStore, holder: String, property: PropertyFact, strength: Strength,
                          origin: EdgeOrigin, at location: SourceLocation) {
        // A type holding its own type is a cycle only when an object stores itself.
        for target in store.valueTypes where graph.nodes[target] != nil && (target != holder || store.storesSelf) {
            graph.addOwnership(Edge(from: holder, to: target, strength: strength, origin: origin,
                                    location: location, declaration: property,
                                    assignment: store.location, createsTarget: store.isNewObject,
                                    targetStoredItself: store.isStoringObject && store.storingType == target),
                               valueSites: store.valueSites[target] ?? [], holderSite: store.holderSite)
        }
        if let closure = store.closure {
            addStoredClosure(closure, holder: holder, origin: .closureStorage(name: property.name, call: ""),
                             at: store.location, holderIdentity: store.holderIdentity, holderSite: store.holderSite)
        }
        if let reference = store.methodReference {
            addMethodReference(reference, holder: holder, property: property.name)
        }
    }

    /// `[self.children addObject:self.children]`: the collection is a node that owns itself.
    private func addSelfContainingCollection(owner: String, property: PropertyFact, holder: String, store: PropertyStore) {
        let id = "\(owner).\(property.name)"
        graph.addNode(Node(id: id, kind: .other, isValueType: false, location: property.location))
        let origin = EdgeOrigin.property(owner: owner, name: property.name, isCollection: true)
        graph.addOwnership(Edge(from: holder, to: id, strength: Strength(property.ownership), origin: origin,
                                location: property.location, declaration: property))
        graph.addOwnership(Edge(from: id, to: id, strength: .strong, origin: .container(call: "addObject", via: ""),
                                location: store.location))
    }

    // MARK: Containers

    private func addContainerEdges() {
        // A container edge from a type to itself is another instance (a screen pushing another of its
        // kind), never the same object: types are not instances.
        for container in containers where graph.nodes[container.holder] != nil && graph.nodes[container.target] != nil
            && container.holder != container.target {
            graph.addOwnership(Edge(from: container.holder, to: container.target, strength: container.strength,
                                    origin: .container(call: container.call, via: container.via),
                                    location: container.location))
        }
    }

    // MARK: Objects coordlint cannot see

    /// `Holder.property`: the one object a property keeps, when its type is not the project's and code
    /// stores a closure into it. A node of its own (an object, not a type), owned by the holder
    /// through the property when a store or an initial value shows it holds something.
    private func addOpaqueObjects() {
        var holdsSomething: Set<String> = []
        for store in stores { holdsSomething.insert("\(store.holder).\(store.property)") }
        for item in opaqueClosures {
            // A framework superclass's property (`FormViewController.form`) is filled by its initializer.
            let framework = types.frameworkProperty(named: item.property, of: item.holder)
            guard let (owner, property) = types.property(named: item.property, of: item.holder) ?? framework,
                  !property.isStatic,
                  framework != nil || holdsSomething.contains("\(item.holder).\(item.property)") || property.initializer != nil
                    || holdsSomething.contains("\(owner).\(item.property)") else { continue }
            let id = OpaqueObjectClosure.nodeID(holder: item.holder, property: item.property)
            if graph.nodes[id] == nil {
                graph.addNode(Node(id: id, kind: .other, isValueType: false, location: property.location))
                let strength = types.knowledge.isWeak(property.name, of: owner) ? .weak : Strength(property.ownership)
                for holder in [item.holder] + types.sortedNames.filter({ $0 != item.holder && types.family(of: $0).contains(item.holder) })
                where graph.nodes[holder] != nil {
                    graph.addOwnership(Edge(from: holder, to: id, strength: strength,
                                            origin: .property(owner: owner, name: property.name, isCollection: false),
                                            location: property.location, declaration: property))
                }
            }
            if let closure = item.closure {
                addStoredClosure(closure, holder: id, origin: .closureStorage(name: item.member, call: ""), at: item.location)
            }
            if let reference = item.methodReference {
                addMethodReference(reference, holder: id, property: item.member)
            }
            for object in item.objects where graph.nodes[object] != nil {
                graph.addOwnership(Edge(from: id, to: object, strength: .strong, origin: .container(call: item.member, via: ""),
                                        location: item.location))
            }
        }
    }

    /// Closures a project class keeps in a member its framework superclass declares (a cell's content
    /// configuration and what the hosted view in it keeps).
    private func addFrameworkMemberClosures() {
        for item in frameworkMemberClosures where graph.nodes[item.holder] != nil {
            addStoredClosure(item.closure, holder: item.holder, origin: .closureStorage(name: item.member, call: ""),
                             at: item.location)
        }
    }

    /// Objects held by a function's locals or parameters that keep a closure stored on them: one node per
    /// local, owning the closure; closures of the same function that capture the local own the node.
    private func addLocalObjects() {
        for item in localObjectClosures {
            if graph.nodes[item.label] == nil {
                graph.addNode(Node(id: item.label, kind: .other, isValueType: false, location: item.location))
            }
            addStoredClosure(item.closure, holder: item.label, origin: .closureStorage(name: item.member, call: ""),
                             at: item.location)
        }
        // A list a local or parameter holds keeps the cells dequeued from it.
        for item in listObjectCells where graph.nodes[item.cell] != nil {
            if graph.nodes[item.label] == nil {
                graph.addNode(Node(id: item.label, kind: .other, isValueType: false, location: item.location))
            }
            graph.addOwnership(Edge(from: item.label, to: item.cell, strength: .strong,
                                    origin: .container(call: item.call, via: ""), location: item.location))
        }
    }

    /// A local's object keeps what was assigned to its member, in each conforming class's storage: one
    /// edge per storage (`parent` of a wrapper; a stack's `parent` through `stack`, a node of its own:
    /// the object that local's stored property holds).
    private func addLocalObjectReferences() {
        for reference in localObjectReferences {
            if graph.nodes[reference.label] == nil {
                graph.addNode(Node(id: reference.label, kind: .other, isValueType: false, location: reference.location))
            }
            // `self` in a class-bound protocol's extension is each conforming class.
            let targets = reference.targets.flatMap { type -> [String] in
                if graph.nodes[type] != nil { return [type] }
                return types.isClassBound(protocol: type)
                    ? types.concreteSubtypes(of: type).filter { graph.nodes[$0]?.isValueType == false } : []
            }.uniqued()
            for storage in reference.storages {
                var holder = reference.label
                if let through = storage.through {
                    holder = "\(reference.label).\(through.property.name)"
                    graph.addNode(Node(id: holder, kind: .other, isValueType: false, location: through.property.location))
                    graph.addOwnership(Edge(from: reference.label, to: holder, strength: .strong,
                                            origin: .property(owner: through.owner, name: through.property.name, isCollection: false),
                                            location: through.property.location))
                }
                for target in targets {
                    graph.addOwnership(Edge(from: holder, to: target, strength: .strong,
                                            origin: .property(owner: storage.owner, name: storage.property.name, isCollection: false),
                                            location: storage.property.location, declaration: storage.property,
                                            assignment: reference.location, targetStoredItself: reference.storesSelf))
                }
            }
        }
    }

    /// A stream property keeps the closure of a task that awaits it (`AwaitedStreams`).
    private func addAwaitedStreams() {
        for item in awaitedStreams where graph.nodes[item.holder] != nil {
            addStoredClosure(item.closure, holder: item.holder, origin: .closureStorage(name: item.property, call: AwaitedStreams.storageCall),
                             at: item.location)
        }
    }

    // MARK: Closures

    static func closureNodeID(_ location: SourceLocation) -> String { "closure@\(location)" }

    /// `holder` keeps the closure; the closure keeps what it captures.
    private func addStoredClosure(_ ref: ClosureRef, holder: String, origin: EdgeOrigin, at location: SourceLocation,
                                  holderIdentity: PropertyStore.HolderIdentity = .unknown, holderSite: SourceLocation? = nil,
                                  depth: Int = 0) {
        // A handler the framework calls once and then lets go of (`initialPopulationHandler`): kept while the
        // first results are on their way, not for the object's life.
        if case .closureStorage(let name, _) = origin,
           KnowledgeTables.handlersReleasedAfterFirstCall.contains(String(name.split(separator: ".").last ?? "")) {
            return
        }
        let closure = files[ref.file].closures[ref.id]
        let id = Self.closureNodeID(closure.location)
        graph.addNode(Node(id: id, kind: .closure, isValueType: false, location: closure.location))
        graph.addOwnership(Edge(from: holder, to: id, strength: .strong, origin: origin, location: location),
                           holderSite: holderSite)
        // A struct storing a closure in its own property: the copy the closure captured was taken before
        // the store, so it does not hold the closure (values have no identity to close a cycle with).
        if let capture = captures.selfCapture(of: ref) {
            // In a class-bound protocol's extension `self` is the conforming object: each conforming class
            // it may be (where the protocol is not class-bound, '[weak self]' would not compile: silent).
            let constraints = files[ref.file].functions.indices.contains(closure.function)
                ? files[ref.file].functions[closure.function].selfConstraints : []
            let selves = graph.nodes[capture.type] != nil ? [capture.type]
                : types.isClassBound(protocol: capture.type)
                    ? types.concreteSubtypes(of: capture.type).filter {
                        graph.nodes[$0]?.isValueType == false && types.meets(constraints, $0, from: capture.type)
                    } : []
            let handedOut = Self.isArgumentOfReturnedConstruction(closure, in: files[ref.file])
            for type in selves where !(capture.isValueCopy && type == holder) {
                var edge = Edge(
                    from: id, to: type, strength: capture.strength,
                    origin: capture.isValueCopy ? .valueCopy(name: "self") : .capture(name: "self", method: ""),
                    location: capture.location)
                edge.capturedByReturnedObject = handedOut
                graph.addOwnership(edge)
            }
        }
        // Captured locals and parameters.
        let environment = environments[ref] ?? [:]
        for name in environment.keys.sorted() {
            let value = environment[name]!
            let strength = closure.captureList.first { $0.name == name }.map { Strength($0.ownership) } ?? .strong
            let location = closure.freeNames.first { $0.name == name }?.location
                ?? closure.captureList.first { $0.name == name }?.location ?? closure.location
            // Another object of the holder's type (a row's closure capturing a different row, an object
            // created by this very call) is not the holder: types are not instances. The closure node is
            // shared by the holder's subclasses, so the holder's whole family counts as "the holder's type".
            // A captured tuple holding the holder's local (`(child, …)`) holds that very object.
            let holdsHolder = value.elements.contains { element in element.localName.map { .local($0) } == holderIdentity }
            let isOtherObject = holderIdentity == .newObject
                || (holderIdentity != .unknown && holderIdentity != .local(name) && !holdsHolder)
            let holderFamily = isOtherObject ? types.family(of: holder).union([holder]) : []
            // A tuple's elements by position (`pair.0`): that is what the closure holds each object through.
            let parts = value.elements.isEmpty ? [(name, value)]
                : value.elements.enumerated().map { ("\(name).\($0.offset)", $0.element) }
            for (path, part) in parts {
                for target in part.types + part.contents where graph.nodes[target] != nil && !holderFamily.contains(target) {
                    var edge = Edge(from: id, to: target, strength: strength, origin: .capture(name: path, method: ""), location: location)
                    if !part.types.contains(target) { edge.throughContainer = part.types.first ?? "" }
                    edge.capturesCollection = part.isCollection
                    graph.addOwnership(edge)
                }
            }
            // The captured local is the very object that keeps the closure (`&cell.disposeBag` with `cell`
            // typed by a protocol the holder conforms to): the closure keeps its holder.
            if holderIdentity == .local(name), !value.types.contains(holder), !value.types.isEmpty,
               value.types.allSatisfy(types.family(of: holder).contains) {
                graph.addOwnership(Edge(from: id, to: holder, strength: strength,
                                        origin: .capture(name: name, method: ""), location: location))
            }
            // A captured local or parameter whose object keeps a closure stored on it in this function (not
            // the closure stored on that very object: a framework object commonly lets go of its own handler).
            if closure.function >= 0, closure.function < files[ref.file].functions.count,
               let object = localObjects[files[ref.file].functions[closure.function].location]?[name], object != holder {
                graph.addOwnership(Edge(from: id, to: object, strength: strength,
                                        origin: .capture(name: name, method: ""), location: location))
            }
            // A captured function-typed parameter: the closures callers hand there (a bounded number deep).
            if depth < CapturedParameters.maximumDepth, strength == .strong {
                for passed in passedClosures[ref]?[name] ?? [] where passed != ref {
                    addStoredClosure(passed, holder: id, origin: .capture(name: name, method: ""), at: location, depth: depth + 1)
                }
            }
            // A captured container (a local `nav`) keeps what was pushed onto it. A local that stands for
            // another kind of property (`self.actions = actions`) is that property's object, not its holder.
            if let root = value.root, !root.isSelf, graph.nodes[root.holder] != nil, value.types.isEmpty,
               standsForContainer(root) {
                graph.addOwnership(Edge(from: id, to: root.holder, strength: strength,
                                        origin: .capture(name: name, method: ""), location: location))
            }
        }
    }

    /// Whether a closure is an argument of the construction its function returns (`return Row(action: { … })`,
    /// or a local bound to that construction and returned): the returned object keeps it.
    static func isArgumentOfReturnedConstruction(_ closure: ClosureFact, in file: FileFacts) -> Bool {
        guard closure.parent == nil, closure.function >= 0, closure.function < file.functions.count else { return false }
        let function = file.functions[closure.function]
        func holds(_ call: CallExpression) -> Bool { call.arguments.contains { $0.value == .closure(closure.id) } }
        var bound: [String: CallExpression] = [:]
        for event in function.events where event.closure == nil {
            switch event.kind {
            case .binding(let name, _, .call(let call)?): bound[name] = call
            case .returned(.call(let call)) where holds(call): return true
            case .returned(.name(let name)) where bound[name].map(holds) == true: return true
            default: continue
            }
        }
        return false
    }

    /// Whether a root is a container: the holder itself, or a property whose declared type is (or
    /// inherits from) a UIKit container class.
    private func standsForContainer(_ root: Value.Root) -> Bool {
        guard let property = root.property else { return true }
        guard let written = types.property(named: property, of: root.holder)?.property.type?.name else { return false }
        let lineage = [written] + (types.resolve(written, from: root.holder).flatMap { types[$0]?.ancestors } ?? [])
        return lineage.contains { KnowledgeTables.containerClasses.contains(Knowledge.simpleName($0)) }
    }

    /// `showHome: self.pushHomeScreen`: a closure value that keeps its receiver.
    private func addMethodReference(_ reference: MethodReference, holder: String, property: String) {
        let id = "method@\(reference.location)"
        graph.addNode(Node(id: id, kind: .closure, isValueType: false, location: reference.location))
        graph.addOwnership(Edge(from: holder, to: id, strength: .strong,
                                origin: .closureStorage(name: property, call: ""), location: reference.location))
        for receiver in reference.receiverTypes where graph.nodes[receiver] != nil {
            graph.addOwnership(Edge(from: id, to: receiver, strength: .strong,
                                    origin: .capture(name: "self", method: reference.method), location: reference.location))
        }
    }
}

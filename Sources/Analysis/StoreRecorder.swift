import CoordLintCore

/// Values stored into properties: `vc.coordinator = self`, `children.append(child)`,
/// `sink { ... }.store(in: &cancellables)`, `Transitions(showHome: self.pushHome)` (an initializer
/// that keeps its argument), `cart.configure(onDone: { ... })` (a method that keeps it).
struct StoreRecorder: Recorder {
    let types: TypeIndex
    let callables: Callables
    /// Locals bound to an object created in this function (`let child = Child()`).
    private var newObjects: Set<String> = []
    /// The function's owner and its constrained extension's `Self` requirements: a store into the owner's own
    /// property there is a store of the owner's conformers that meet them only.
    private var owner: String?
    private var selfConstraints: [String] = []

    init(types: TypeIndex, callables: Callables) {
        self.types = types
        self.callables = callables
    }

    mutating func begin(_ scope: FunctionScope) {
        newObjects = []
        owner = scope.owner
        selfConstraints = scope.selfConstraints
    }

    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        switch observation {
        case .binding(let name, _, _, let constructed):
            if constructed { newObjects.insert(name) } else { newObjects.remove(name) }
        case .assignment(let assignment):
            record(assignment, in: scope, into: &results)
        case .call(let call):
            record(call, in: scope, into: &results)
        default:
            return
        }
    }

    private func record(_ assignment: Assignment, in scope: FunctionScope, into results: inout Recordings) {
        // `shouldPlay = false` in a method: the property's observer runs there (its clearings are that
        // method's too, matched in the program).
        if Self.isTeardownScope(scope), let (holder, property) = Self.ownProperty(assignment.target, assignment.targetValue) {
            results.observedAssignments.insert(PropertyAssignmentSite(
                holder: holder, property: property, function: scope.signature, location: assignment.location))
        }
        if Self.isTeardownScope(scope) || Self.isObserverScope(scope), Self.isEmptying(assignment.expression) {
            // `p = nil` (self's property), `x.p = nil` (the property of x's type).
            var cleared: [(String, String)] = []
            switch assignment.target {
            case .member(_, let property):
                cleared = (assignment.targetBase?.types ?? []).map { ($0, property) }
                // `state.handler = nil` through a computed property's setter: the stored object lets go of it.
                if let owner = scope.owner, let stored = storageThroughSetter(assignment.target, in: scope) {
                    cleared.append(("\(owner).\(stored)", property))
                }
            case .name: cleared = Self.ownProperty(assignment.target, assignment.targetValue).map { [$0] } ?? []
            // `childSinks[id] = nil`: what was kept under that key is let go of, as `removeAll()` would.
            case .subscriptAccess(let base):
                cleared = assignment.targetBase.flatMap { Self.ownProperty(base, $0) }.map { [$0] } ?? []
            default: break
            }
            for (holder, property) in cleared {
                insertClearing(PropertyClearing(holder: holder, property: property, function: scope.signature,
                                                location: assignment.location, caller: scope.owner), in: scope, into: &results)
            }
        }
        switch assignment.target {
        case .name(let name) where scope.locals[name] != nil || scope.parameters[name] != nil:
            return
        case .name(let name):
            guard let owner = scope.owner else { return }
            store(assignment.value, into: name, of: [owner], storingType: owner, at: assignment.location,
                  storesSelf: assignment.value.isSelf, isNewObject: isNewObject(assignment, scope),
                  instance: instance(receiver: nil, value: assignment.expression, scope),
                  fromParameter: isParameter(assignment.expression, scope), into: &results)
            recordCarried(assignment.value, into: name, of: [owner], at: assignment.location, into: &results)
            storeLocalObject(assignment.expression, assignment.value, into: name, of: [owner], at: assignment.location,
                             in: scope, into: &results)
        case .member(_, let name):
            guard let holder = assignment.targetBase else { return }
            store(assignment.value, into: name, of: holder.types, storingType: scope.owner, at: assignment.location,
                  storesSelf: holder.isSelf && assignment.value.isSelf,
                  isNewObject: isNewObject(assignment, scope), isStoringObject: assignment.value.isSelf,
                  holder: holder.localName.map { .local($0) } ?? .unknown,
                  instance: instance(receiver: holder, value: assignment.expression, scope),
                  holderSite: holder.constructedAt, fromParameter: isParameter(assignment.expression, scope),
                  into: &results)
            recordOpaque(assignment, member: name, on: holder, into: &results)
            recordThroughSetter(assignment, member: name, in: scope, into: &results)
            recordLocalObject(assignment, member: name, on: holder, in: scope, into: &results)
            recordFrameworkMember(assignment, member: name, on: holder, into: &results)
            recordLocalObjectReference(assignment, member: name, on: holder, in: scope, into: &results)
            recordCarried(assignment.value, into: name, of: holder.types, at: assignment.location, into: &results)
            storeLocalObject(assignment.expression, assignment.value, into: name, of: holder.types, at: assignment.location,
                             in: scope, into: &results)
        case .subscriptAccess:
            recordKeyed(assignment, in: scope, into: &results)
        default:
            return
        }
    }

    /// `models[id] = model`, `self.cache[key] = entry`, `other.handlers[key] = handler`: the collection a
    /// property holds keeps the value under its key, as `append` would; `models[id] = nil` takes one out.
    private func recordKeyed(_ assignment: Assignment, in scope: FunctionScope, into results: inout Recordings) {
        guard assignment.op == "=", let root = assignment.targetBase?.root, let property = root.property else { return }
        guard assignment.expression != .nilLiteral else {
            if let owner = scope.owner, root.holder == owner {
                results.elementRemovals.insert(ElementRemoval(holder: owner, property: property, function: scope.signature,
                                                              location: assignment.location))
            }
            return
        }
        storeElement(assignment.value, written: assignment.expression, into: root, property: property,
                     at: assignment.location, in: scope, into: &results)
    }

    /// An element a collection property keeps (`children.append(child)`, `models[id] = model`); a collection
    /// given itself (`children.append(children)`) contains itself.
    private func storeElement(_ element: Value, written expression: ValueExpression?, into root: Value.Root, property: String,
                              at location: SourceLocation, in scope: FunctionScope, into results: inout Recordings) {
        store(element, into: property, of: [root.holder], storingType: scope.owner, at: location,
              storesSelf: element.isSelf && root.holder == scope.owner, containsItself: element.root == root,
              into: &results)
        if let expression {
            storeLocalObject(expression, element, into: property, of: [root.holder], at: location, in: scope, into: &results)
        }
    }

    /// Teardown happens in methods: not in an initializer or an initial value (that is the start), and
    /// not in `deinit` (which never runs while the cycle keeps the object).
    /// A closure created anywhere but `deinit` runs later, so it may tear down too (a completion that
    /// lets go of a self-retain).
    /// Not a property observer (`didSet` runs on every change), not a static function (no object).
    static func isTeardownScope(_ scope: FunctionScope) -> Bool {
        !scope.isStatic && !KnowledgeTables.reuseMethods.contains(scope.signature)
            // A closure runs later, when its event comes, wherever it is made but in `deinit` (a SwiftUI
            // binding's setter made in a computed property clears the request when the alert goes).
            && (scope.kind == .method || (scope.closure != nil && scope.kind != .deinitializer))
    }

    /// A property observer's body (`didSet { if !playing { stream = nil } }`): what it clears is cleared
    /// by each method that assigns the property.
    static func isObserverScope(_ scope: FunctionScope) -> Bool {
        !scope.isStatic && scope.kind == .accessor && scope.closure == nil
    }

    /// A clearing in a method, or one in a property observer waiting for the methods that assign it.
    private func insertClearing(_ clearing: PropertyClearing, in scope: FunctionScope, into results: inout Recordings) {
        if Self.isObserverScope(scope), let owner = scope.owner {
            let observed = String(scope.signature.prefix { $0 != "(" })
            results.observerClearings.insert(ObserverClearing(holder: owner, observedProperty: observed, clearing: clearing))
        } else {
            results.clearings.insert(clearing)
        }
    }

    /// `p` or `self.p` (a property of `self` itself, not something reached through it): its holder and name.
    static func ownProperty(_ expression: ValueExpression, _ value: Value) -> (String, String)? {
        guard let root = value.root, let property = root.property else { return nil }
        switch expression {
        case .name(property), .member(.selfReference, property): return (root.holder, property)
        default: return nil
        }
    }

    /// `nil`, `[]`, `Set()`, `DisposeBag()`: a value that holds nothing.
    static func isEmptying(_ expression: ValueExpression) -> Bool {
        switch expression {
        case .nilLiteral: true
        case .array(let elements): elements.isEmpty
        case .call(let call) where call.arguments.isEmpty:
            switch call.base {
            case nil: KnowledgeTables.emptyContainerConstructors.contains(call.name)
            // Objective-C: `[NSMutableArray array]`, `[NSMutableArray new]`, `[[NSMutableArray alloc] init]`.
            case .name(let type)?: KnowledgeTables.emptyContainerConstructors.contains(type)
                && KnowledgeTables.emptyContainerFactories.contains(call.name)
            case .call(let allocation)? where call.name == "init" && Evaluator.isAllocation(.call(allocation)):
                allocation.base.map { if case .name(let type) = $0 { KnowledgeTables.emptyContainerConstructors.contains(type) } else { false } } == true
            default: false
            }
        default: false
        }
    }

    /// `self.toggle.action = { … }` where nothing the project declares has a member `action` on that
    /// object: the object (whichever `self.toggle` keeps) keeps the closure.
    /// `self.template.trailingNavigationBarButtons = [CPBarButton(…) { … }]`: the object keeps what the
    /// value carries (not through a delegate or data source, which the platform keeps weakly). Reached
    /// from another object (`cell.toolbar.moreButton.menu = …`), it is the object that property keeps.
    private func recordOpaque(_ assignment: Assignment, member: String, on holder: Value, into results: inout Recordings) {
        guard assignment.op == "=", let root = holder.root ?? holder.storedAt, let property = root.property,
              root.strength == .strong,
              types.property(named: property, of: root.holder) != nil,
              !holder.types.contains(where: { declaresMember(member, in: $0) }) else { return }
        if !KnowledgeTables.isWeakFrameworkMember(member) {
            keep(assignment.value, in: root.holder, property: property, at: assignment.location, through: member,
                 into: &results)
        }
        guard assignment.value.closure != nil || assignment.value.methodReference != nil else { return }
        var reference = assignment.value.methodReference
        reference?.location = assignment.location
        results.opaqueClosures.insert(OpaqueObjectClosure(
            holder: root.holder, property: property, member: member, closure: assignment.value.closure,
            methodReference: reference, location: assignment.location))
    }

    /// `queries.append(query)`, `self.query = query`, `Item(presentable: output)`: a property keeps the
    /// object a local or parameter of a type the project does not declare, or of a protocol, holds (the
    /// node `LocalObjectClosure` makes when a closure is stored on that object in this function, or
    /// `LocalObjectReference` when an object is).
    private func storeLocalObject(_ expression: ValueExpression, _ value: Value, into property: String, of holders: [String],
                                  at location: SourceLocation, in scope: FunctionScope, into results: inout Recordings) {
        guard case .name(let local) = expression, scope.locals[local] != nil || scope.parameters[local] != nil,
              value.root == nil, value.types.allSatisfy({ types[$0]?.kind == .protocol }), let owner = scope.owner else { return }
        for holder in holders where types.property(named: property, of: holder) != nil {
            results.stores.update(with: PropertyStore(
                holder: holder, property: property, valueTypes: [LocalObjectClosure.label(owner, scope.signature, local)],
                closure: nil, methodReference: nil, location: location, storingType: owner,
                isNewObject: newObjects.contains(local)))
        }
    }

    /// `task.expirationHandler = { … }` on a local or parameter (not one standing for a property) whose
    /// type declares no such member in the project: that object keeps the closure.
    private func recordLocalObject(_ assignment: Assignment, member: String, on holder: Value, in scope: FunctionScope,
                                   into results: inout Recordings) {
        guard assignment.op == "=", let closure = assignment.value.closure, case .member(.name(let local), _) = assignment.target,
              scope.locals[local] != nil || scope.parameters[local] != nil, holder.root == nil, let owner = scope.owner,
              !holder.types.contains(where: { declaresMember(member, in: $0) }) else { return }
        results.localObjectClosures.insert(LocalObjectClosure(
            function: scope.location, name: local, label: LocalObjectClosure.label(owner, scope.signature, local), member: member,
            closure: closure, location: assignment.location))
    }

    /// `cell.contentConfiguration = UIHostingConfiguration { … }`, `cell.configurationUpdateHandler = { … }`: an
    /// object of a project class keeps, in a member only its framework superclass declares (not a delegate or
    /// data source, which the platform keeps weakly), the closure and the closures the value carries.
    private func recordFrameworkMember(_ assignment: Assignment, member: String, on holder: Value,
                                       into results: inout Recordings) {
        // An object reached through a property is that property's object (`recordOpaque`): only `self` and a
        // local or parameter object (a dequeued cell) stand for their class here.
        guard assignment.op == "=", !KnowledgeTables.isWeakFrameworkMember(member), !holder.types.isEmpty,
              holder.isSelf || (holder.root == nil && holder.storedAt == nil) else { return }
        let kept = assignment.value.carriedClosures.map { $0.under(member) }
            + (assignment.value.closure.map { [CarriedClosure(member: member, closure: $0)] } ?? [])
        guard !kept.isEmpty else { return }
        for type in holder.types where types.inheritsFrameworkClass(type) && !declaresMember(member, in: type)
            && !(types[type]?.ancestors.contains { KnowledgeTables.frameworkClearedMembers[Knowledge.simpleName($0)]?.contains(member) == true } ?? false) {
            for carried in kept {
                results.frameworkMemberClosures.insert(FrameworkMemberClosure(
                    holder: type, member: carried.member, closure: carried.closure, location: assignment.location))
            }
        }
    }

    /// `collectionView = UICollectionView(frame: .zero, collectionViewLayout: makeLayout())`: the object
    /// the property keeps keeps the closures it carries (a layout's section provider, a row's callbacks).
    private func recordCarried(_ value: Value, into property: String, of holders: [String], at location: SourceLocation,
                               into results: inout Recordings) {
        for holder in holders where types.property(named: property, of: holder) != nil {
            keep(value, in: holder, property: property, at: location, into: &results)
        }
    }

    /// The object `holder.property` keeps keeps what a value carries: closures (a row's callbacks, a layout's
    /// provider; `through`: the member of that object holding the objects that keep them,
    /// `trailingNavigationBarButtons`) and objects (a web view its script message handler, where it was added).
    private func keep(_ value: Value, in holder: String, property: String, at location: SourceLocation,
                      through member: String? = nil, into results: inout Recordings) {
        for carried in value.carriedClosures {
            results.opaqueClosures.insert(OpaqueObjectClosure(
                holder: holder, property: property, member: member.map { "\($0).\(carried.member)" } ?? carried.member,
                closure: carried.closure, methodReference: nil, location: location))
        }
        for object in value.retainedObjects {
            results.opaqueClosures.insert(OpaqueObjectClosure(
                holder: holder, property: property, member: object.call, closure: nil, methodReference: nil,
                location: object.location, objects: object.types))
        }
    }

    /// Whether `type` or anything in its family declares a property or method named `member`.
    private func declaresMember(_ member: String, in type: String) -> Bool {
        ([type] + types.family(of: type)).contains { name in
            types[name]?.properties.contains { $0.name == member } == true || callables.hasMethod(member, of: name)
        }
    }

    private func record(_ evaluated: EvaluatedCall, in scope: FunctionScope, into results: inout Recordings) {
        let call = evaluated.call
        if case .call(let inner)? = call.base, Evaluator.isConstruction(inner, isLocal: scope.isLocal) {
            results.droppedConstructions.insert(inner.location)
        }
        recordAssociatedObject(evaluated, in: scope, into: &results)
        // `button.addAction(UIAction { … }, for: .touchUpInside)` on a control a property keeps: the
        // control keeps the action's handler.
        if KnowledgeTables.argumentKeepingCalls.contains(call.name), let added = evaluated.arguments.first,
           let root = evaluated.receiver.root, let property = root.property, root.strength == .strong {
            recordCarried(added, into: property, of: [root.holder], at: call.location, into: &results)
        }
        // `timer.invalidate()`, `cancellables.removeAll()`, `center.removeObserver(token)`: teardown.
        var released: [(ValueExpression, Value)] = []
        if Self.isTeardownScope(scope) || Self.isObserverScope(scope) {
            if KnowledgeTables.teardownCalls.contains(call.name), call.arguments.isEmpty, let base = call.base {
                released = [(base, evaluated.receiver)]
            } else if KnowledgeTables.teardownArgumentCalls.contains(call.name) {
                released = Array(zip(call.arguments.map(\.value), evaluated.arguments))
            }
        }
        for (expression, value) in released {
            // `if let token { center.removeObserver(token) }`: the local is the property's object.
            // `cancellables.forEach { $0.cancel() }`: every element of the property, in turn.
            let unwrapped: (String, String)? = switch expression {
            case .name: (value.unwrapped ?? value.elementOf).flatMap { root in root.property.map { (root.holder, $0) } }
            default: nil
            }
            guard let (holder, property) = Self.ownProperty(expression, value) ?? unwrapped else { continue }
            insertClearing(PropertyClearing(holder: holder, property: property, function: scope.signature,
                                            location: call.location, caller: scope.owner), in: scope, into: &results)
        }
        // `.sheet(item: $model.details)`: SwiftUI sets `details` back to nil when the sheet closes, whatever
        // scope builds the view (a `body` getter is no property observer).
        for (index, argument) in call.arguments.enumerated() where Evaluator.boundProperty(argument, of: call) != nil {
            guard let root = evaluated.arguments[index].storedAt ?? evaluated.arguments[index].root,
                  let property = root.property else { continue }
            results.clearings.insert(PropertyClearing(holder: root.holder, property: property, function: call.signature,
                                                      location: argument.location, caller: scope.owner))
        }
        // `appliers.removeValue(forKey: token)`: this method takes elements out of its own collection.
        if KnowledgeTables.collectionRemoves.contains(call.name), let owner = scope.owner, let root = evaluated.receiver.root,
           root.holder == owner, let property = root.property {
            results.elementRemovals.insert(ElementRemoval(holder: owner, property: property, function: scope.signature,
                                                          location: call.location))
        }
        // `pending.removeFirst()()`: the element taken out of self's collection is called at once.
        if case .call(let taken)? = call.base, KnowledgeTables.collectionTakes.contains(taken.name), taken.arguments.isEmpty,
           let owner = scope.owner {
            switch taken.base {
            case .name(let property)?, .member(.selfReference, let property)?:
                if scope.locals[property] == nil, types.property(named: property, of: owner) != nil {
                    results.elementRemovals.insert(ElementRemoval(holder: owner, property: property, function: scope.signature,
                                                                  location: taken.location, runsTakenElement: true))
                }
            default:
                break
            }
        }
        // An element added to a collection property: self's (`rows.append(row)`), or another object's
        // (`card.rows.append(row)`, as `card.rows = [row]` stores it). A method the receiver's project type
        // declares keeps its argument only when its body does (`section.add(row:)` appending to `rows`);
        // `saveQueue.add(self, #selector(save))` that wraps it in a record's weak field keeps nothing. Handed
        // `self`, such a method keeps it where its body stores it (`calls`), never in the receiver's property:
        // that would be the object keeping itself through the only reference to the receiver.
        if KnowledgeTables.collectionAdds.contains(call.name), evaluated.hasExplicitReceiver,
           let root = evaluated.receiver.root ?? evaluated.receiver.storedAt, let property = root.property,
           evaluated.isProjectMethod ? keepsFirstArgument(evaluated) : holdsCollection(evaluated.receiver.storedAt ?? root, adding: call),
           let element = evaluated.arguments.first, !(evaluated.isProjectMethod && element.isSelf) {
            storeElement(element, written: call.arguments.first?.value, into: root, property: property, at: call.location,
                         in: scope, into: &results)
            // `form.append(section)` on the form a FormViewController keeps: the form keeps the section's rows'
            // callbacks.
            if root.strength == .strong, types.frameworkProperty(named: property, of: root.holder) != nil {
                keep(element, in: root.holder, property: property, at: call.location, into: &results)
            }
        }
        // `form +++ section <<< row.onChange { … }`: the object self keeps in `form` keeps the closures.
        // A local holding the form (`let section = self.form`), or a section already added to it (`form +++
        // section`), stands for that object too.
        if !evaluated.isProjectMethod, KnowledgeTables.containerOperators.contains(call.name),
           let root = evaluated.receiver.root ?? evaluated.receiver.storedAt, let property = root.property, root.strength == .strong,
           let added = evaluated.arguments.first {
            keep(added, in: root.holder, property: property, at: call.location, into: &results)
        }
        // `activityManager.startActivityUpdates(to: queue) { … }`: the manager self keeps keeps the handler.
        if !evaluated.isProjectMethod,
           KnowledgeTables.handlerRegistration(name: call.name, labels: call.arguments.map(\.label),
                                               trailingClosureIndex: call.arguments.firstIndex(where: \.isTrailingClosure)) != nil,
           let root = evaluated.receiver.root, let property = root.property, root.strength == .strong,
           types.property(named: property, of: root.holder) != nil {
            for value in evaluated.arguments where value.closure != nil || value.methodReference != nil {
                var reference = value.methodReference
                reference?.location = call.location
                results.opaqueClosures.insert(OpaqueObjectClosure(
                    holder: root.holder, property: property, member: call.name, closure: value.closure,
                    methodReference: reference, location: call.location))
            }
        }
        switch evaluated.target {
        case .cancellableStore:
            // `.store(in: &cancellables)` (self's bag) or `.store(in: &cell.disposeBag)` (another object's);
            // `.disposed(by: disposeBag)`, `.disposed(by: cell.disposeBag)` the same.
            if let property = Self.bagMember(call.arguments.first?.value), let base = evaluated.argumentBases.first ?? nil,
               !base.isSelf {
                store(evaluated.receiver, into: property, of: base.types, storingType: scope.owner, at: call.location,
                      holder: base.localName.map { .local($0) } ?? .unknown, isSubscription: true, into: &results)
            } else if let root = evaluated.arguments.first?.root, let property = root.property {
                store(evaluated.receiver, into: property, of: [root.holder], storingType: scope.owner,
                      at: call.location, storesSelf: evaluated.receiver.keepsSelf && root.holder == scope.owner,
                      isSubscription: true, into: &results)
            }
        case .initializer(let type?):
            let isRoot = scope.isStatic || scope.owner == nil || scope.owner.map(types.isProcessRoot) == true
            results.constructions.insert(Construction(type: type, location: call.location, isRoot: isRoot))
            storeArguments(evaluated, of: type, kind: .initializer, in: scope, into: &results)
        case .method(let receivers):
            // `coordinator.addCoordinator(child)` on a parameter typed by a protocol: some conforming object
            // keeps the argument, and which one is its callers' to say; stores made for the protocol stand
            // for every conforming type, so none is made (a protocol's own extension storing through `self`
            // is each conforming object, and is read in its body).
            let isParameter = evaluated.receiver.localName.map { scope.parameters[$0] != nil } ?? false
            for receiver in receivers where !(isParameter && types[receiver]?.kind == .protocol) {
                storeArguments(evaluated, of: receiver, kind: .method, in: scope, into: &results)
            }
            if evaluated.isProjectMethod, call.arguments.contains(where: { $0.value == .nilLiteral }) {
                let receiver = evaluated.receiver
                let local = receiver.localName.flatMap { scope.locals[$0] != nil ? $0 : nil }
                results.nilArgumentCalls.insert(NilArgumentCall(
                    receivers: receivers, method: call.name, receiverHolder: receiver.root?.holder,
                    receiverProperty: receiver.root?.property,
                    receiverLocal: local, function: scope.location, location: call.location))
            }
            if let owner = scope.owner {
                for receiver in receivers where receiver != owner && types.keepsItsOwnInstance(receiver) {
                    results.singletonCalls.insert(SingletonCall(
                        caller: owner, callerIsDeinit: scope.kind == .deinitializer, receiver: receiver, method: call.signature))
                }
            }
        default:
            return
        }
    }

    /// `objc_setAssociatedObject(child, &key, parent, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)`: the runtime keeps
    /// `parent` for the object `child` is, under the key, as a strong property would (an `ASSIGN` policy
    /// keeps nothing); given nil in a method, it lets go of it.
    private func recordAssociatedObject(_ evaluated: EvaluatedCall, in scope: FunctionScope, into results: inout Recordings) {
        let call = evaluated.call
        guard let key = TypeIndex.associatedObjectKey(call), evaluated.arguments.count == 4 else { return }
        let (object, value, written) = (evaluated.arguments[0], evaluated.arguments[2], call.arguments[2].value)
        let property = TypeIndex.associatedObjectPropertyName(key)
        if Self.isEmptying(written) {
            guard Self.isTeardownScope(scope) || Self.isObserverScope(scope) else { return }
            for holder in object.types {
                insertClearing(PropertyClearing(holder: holder, property: property, function: scope.signature,
                                                location: call.location, caller: scope.owner), in: scope, into: &results)
            }
            return
        }
        store(value, into: property, of: object.types, storingType: scope.owner, at: call.location,
              storesSelf: object.isSelf && value.isSelf, isNewObject: isNewObject(written, scope),
              isStoringObject: value.isSelf, holder: object.localName.map { .local($0) } ?? .unknown,
              instance: instance(receiver: object, value: written, scope), into: &results)
    }

    /// Whether a framework call named like a collection's add (`rows.append(row)`, `[pills addObject:p]`)
    /// adds to the collection the property holds: its element unlabelled, and the property not declared
    /// as something else (`private let textView = MessageTextView()` from a pod coordlint cannot see has
    /// an `add(listener:)` of its own, which may keep nothing).
    private func holdsCollection(_ collection: Value.Root, adding call: CallExpression) -> Bool {
        guard let first = call.arguments.first,
              first.label.map(KnowledgeTables.collectionAddElementLabels.contains) ?? true else { return false }
        guard let property = collection.property,
              let type = types.property(named: property, of: collection.holder)?.property.type, !type.name.isEmpty,
              !types.isAlias(type.name) else { return true }
        return type.container != .none || KnowledgeTables.collectionClasses.contains(Knowledge.simpleName(type.name))
    }

    /// The bag's property in `&x.bag` or `x.bag`.
    static func bagMember(_ expression: ValueExpression?) -> String? {
        switch expression {
        case .inOut(.member(_, let property))?, .member(_, let property)?: return property
        default: return nil
        }
    }

    /// Whether the project method a call resolves to keeps its first argument (its body stores it, or a
    /// closure it stores captures it), on any of the receiver's types.
    private func keepsFirstArgument(_ evaluated: EvaluatedCall) -> Bool {
        evaluated.receiver.types.contains { type in
            let (matching, binding, _) = callee(evaluated.call, of: type, kind: .method)
            guard let matching, let first = binding.first else { return false }
            return !matching.keptParameter(first).isEmpty
        }
    }

    /// The function a call resolves to on `type`, with its argument-to-parameter binding and how many
    /// candidates it had; a method the receiver inherits (`addSection(_:)` declared by its superclass) is
    /// the one it resolves to.
    private func callee(_ call: CallExpression, of type: String, kind: FunctionFact.Kind) -> (Callables.Callable?, [Int], Int) {
        var (matching, binding, candidates) = callables.match(call, of: type, kind: kind)
        if kind == .method, matching == nil, candidates == 0,
           let inherited = callables.resolvedMethodBinding(call, on: type, family: types.family(of: type)) {
            (matching, binding) = (inherited.callable, inherited.binding)
        }
        return (matching, binding, candidates)
    }

    /// Arguments the callee keeps: parameters its body assigns to properties, or a struct's memberwise
    /// initializer (a struct that declares no initializer).
    private func storeArguments(_ evaluated: EvaluatedCall, of type: String, kind: FunctionFact.Kind,
                                in scope: FunctionScope, into results: inout Recordings) {
        let call = evaluated.call
        let (matching, binding, candidates) = callee(call, of: type, kind: kind)
        for (index, argument) in call.arguments.enumerated() {
            var properties: [String] = []
            if let matching, index < binding.count {
                properties = matching.storedParameters[binding[index]]
            } else if kind == .initializer, candidates == 0, types[type]?.kind == .struct, let label = argument.label {
                properties = [label]
            }
            // A method of an object this function made (`section.add(row: …)`): the object carries the closures
            // it keeps (`Evaluator`), to whatever keeps that object; they are not every such object's.
            let isExactReceiver = kind == .method && evaluated.receiver.exactType == type && evaluated.receiver.localName != nil
            if isExactReceiver, evaluated.arguments[index].closure != nil || !evaluated.arguments[index].carriedClosures.isEmpty,
               evaluated.arguments[index].kept.isEmpty {
                continue
            }
            for property in properties {
                store(evaluated.arguments[index], into: property, of: [type], storingType: scope.owner,
                      at: argument.location, isNewObject: isNewObject(argument.value, scope),
                      isStoringObject: evaluated.arguments[index].isSelf,
                      holder: kind == .initializer ? .newObject : .unknown,
                      instance: instance(receiver: kind == .method ? evaluated.receiver : nil, value: argument.value, scope),
                      isExact: kind == .initializer && call.base == nil && !call.isImplicitMember,
                      holderSite: kind == .initializer ? call.location : evaluated.receiver.constructedAt, into: &results)
                storeLocalObject(argument.value, evaluated.arguments[index], into: property, of: [type],
                                 at: argument.location, in: scope, into: &results)
                // `ComposedMessageView(elements: [.button(…, action: UIAction { … })])`: the property keeps
                // the closures the argument's objects keep.
                if !isExactReceiver {
                    recordCarried(evaluated.arguments[index], into: property, of: [type], at: argument.location, into: &results)
                }
            }
            // `make(onTap: handler)` whose body returns `Card(onTap: onTap)`: the new card keeps it.
            if let matching, index < binding.count, binding[index] < matching.returnedStores.count {
                for kept in matching.returnedStores[binding[index]] {
                    store(evaluated.arguments[index], into: kept.property, of: [kept.type], storingType: scope.owner,
                          at: argument.location, isNewObject: isNewObject(argument.value, scope),
                          isStoringObject: evaluated.arguments[index].isSelf, holder: .newObject, into: &results)
                }
            }
        }
    }

    /// The assigned value is an object created right there (`T()`, a local bound to one, a closure
    /// invoked in place that returns one).
    private func isNewObject(_ assignment: Assignment, _ scope: FunctionScope) -> Bool {
        isNewObject(assignment.expression, scope) || assignment.value.isConstructed
    }

    func isNewObject(_ expression: ValueExpression, _ scope: FunctionScope) -> Bool {
        switch expression {
        case .call(let call): return Evaluator.isConstruction(call, isLocal: scope.isLocal)
        case .name(let name): return newObjects.contains(name)
        // `testing ? PreviewCoordinator() : AppCoordinator()`: a new object either way.
        case .alternatives(let options): return !options.isEmpty && options.allSatisfy { isNewObject($0, scope) }
        default: return false
        }
    }

    /// `self.navigationController = navigationController` in an initializer: the value is what the caller hands.
    private func isParameter(_ expression: ValueExpression, _ scope: FunctionScope) -> Bool {
        if case .name(let name) = expression { return scope.parameters[name] != nil && scope.locals[name] == nil }
        return false
    }

    /// The objects this function created that a store names: its receiver's and its value's locals.
    private struct InstanceEvidence {
        var function: SourceLocation
        var receiverLocal: String?
        var valueLocal: String?
        /// The receiver is a local bound to `T(…)`: exactly this type.
        var receiverType: String?
    }

    private func instance(receiver: Value?, value: ValueExpression, _ scope: FunctionScope) -> InstanceEvidence {
        var valueLocal: String?
        if case .name(let name) = value, newObjects.contains(name) { valueLocal = name }
        let receiverLocal = receiver?.localName.flatMap { newObjects.contains($0) ? $0 : nil }
        return InstanceEvidence(function: scope.location, receiverLocal: receiverLocal, valueLocal: valueLocal,
                                receiverType: receiverLocal == nil ? nil : receiver?.exactType)
    }

    private func store(_ value: Value, into property: String, of holders: [String], storingType: String?,
                       at location: SourceLocation, storesSelf: Bool = false, containsItself: Bool = false,
                       isNewObject: Bool = false, isStoringObject: Bool = false,
                       holder identity: PropertyStore.HolderIdentity = .unknown, isSubscription: Bool = false,
                       instance: InstanceEvidence? = nil, isExact: Bool = false, holderSite: SourceLocation? = nil,
                       fromParameter: Bool = false, into results: inout Recordings) {
        var reference = value.methodReference
        reference?.location = location
        for holder in holders {
            // Under its declared name: `_tagView = …` in Objective-C stores the property `tagView`.
            guard let declared = types.property(named: property, of: holder) else { continue }
            let property = declared.property.name
            var kept = value.kept
            if let built = value.enumCase,
               let type = built.enumType ?? declared.property.type.flatMap({ types.resolve($0.name, from: declared.owner) }),
               let enumCase = types.enumCase(built.name, of: type) {
                // The enum value keeps its associated values, each in the case's payload.
                if !kept.contains(type) { kept.append(type) }
                for (position, argument) in built.bound(to: enumCase) {
                    store(argument.value, into: TypeIndex.payloadPropertyName(enumCase, position), of: [type],
                          storingType: storingType, at: argument.location, into: &results)
                }
            }
            results.stores.update(with: PropertyStore(
                holder: holder, property: property, valueTypes: kept, closure: value.closure,
                methodReference: reference, location: location, storingType: storingType, storesSelf: storesSelf,
                containsItself: containsItself, isNewObject: isNewObject, isStoringObject: isStoringObject,
                holderIdentity: identity, isSubscription: isSubscription, function: instance?.function,
                receiverLocal: instance?.receiverLocal, valueLocal: instance?.valueLocal,
                holderIsExact: isExact || instance?.receiverType == holder, valueField: value.structField,
                valueSites: value.madeAt, holderSite: holderSite,
                valueRoot: value.root.flatMap { root in root.property.map { "\(root.holder).\($0)" } },
                valueIsParameter: fromParameter, holderConstraints: holder == owner ? selfConstraints : []))
            // A subscription keeps its operators' closures too.
            for closure in value.pipelineClosures {
                results.stores.update(with: PropertyStore(
                    holder: holder, property: property, valueTypes: [], closure: closure, location: location,
                    storingType: storingType, holderIdentity: identity, isSubscription: isSubscription))
            }
        }
    }
}

import CoordLintCore

/// Adds to and removals from child collections: `children.append(c)`, `children[key] = nil`,
/// `children = []`, `store(c)` (a project helper), `removeChild(c)` (a library helper).
struct ChildMutationRecorder: Recorder {
    let types: TypeIndex
    let helpers: ChildHelpers
    /// This function is itself a helper that adds its parameter: its adds are reported at its callers.
    private var isAddHelper = false
    /// Locals bound to a navigation controller this function makes.
    private var madeNavigation: Set<String> = []
    /// Locals bound to an object this function makes with one of `madeNavigation` and none of `self`'s
    /// navigation controllers.
    private var givenOwnNavigation: Set<String> = []

    init(types: TypeIndex, helpers: ChildHelpers) {
        self.types = types
        self.helpers = helpers
    }

    mutating func begin(_ scope: FunctionScope) {
        isAddHelper = helpers.isAdder(scope.owner, scope.signature)
        madeNavigation = []
        givenOwnNavigation = []
    }

    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        switch observation {
        case .assignment(let assignment): record(assignment, in: scope, into: &results)
        case .call(let call): record(call, in: scope, into: &results)
        case .binding(let name, .call(let call)?, let value, constructed: true) where scope.closure == nil:
            madeNavigation.remove(name)
            givenOwnNavigation.remove(name)
            if let type = value.types.first, value.types.count == 1, isNavigationController(type) {
                madeNavigation.insert(name)
            } else if call.arguments.contains(where: { madeNavigation.contains(localName($0.value) ?? "") }),
                      !call.arguments.contains(where: { isOwnNavigation($0.value, in: scope) }) {
                givenOwnNavigation.insert(name)
            }
        case .binding(let name, _, _, _):
            madeNavigation.remove(name)
            givenOwnNavigation.remove(name)
        default: return
        }
    }

    private func isNavigationController(_ type: String) -> Bool {
        type == KnowledgeTables.navigationControllerClass
            || types.inheritsLibraryClass(type, from: [KnowledgeTables.navigationControllerClass])
    }

    private func localName(_ expression: ValueExpression) -> String? {
        if case .name(let name) = expression { name } else { nil }
    }

    /// `navigationController`, `self.navigationController`: a property of `self` that holds a navigation controller.
    private func isOwnNavigation(_ expression: ValueExpression, in scope: FunctionScope) -> Bool {
        let property: String
        switch expression {
        case .name(let name) where !madeNavigation.contains(name) && scope.parameters[name] == nil: property = name
        case .member(.selfReference, let name): property = name
        default: return false
        }
        guard let owner = scope.owner, let declared = types.property(named: property, of: owner)?.property else { return false }
        return types.knowledge.holdsNavigationController(declared)
    }

    /// The add's child is a local this function made with a navigation controller of its own.
    private func isGivenOwnNavigation(_ argument: CallArgument?) -> Bool {
        argument.flatMap { localName($0.value) }.map(givenOwnNavigation.contains) ?? false
    }

    /// An add to the collection of the object being made, in its initializer or a property's initial value.
    private static func isAtConstruction(holder: String, _ scope: FunctionScope) -> Bool {
        (scope.kind == .initializer || scope.kind == .propertyInitializer) && !scope.isStatic && scope.runsInPlace
            && holder == scope.owner
    }

    /// The child collection a value is (`childCoordinators`, `self.children`): its holder and property.
    private func childCollection(_ value: Value?) -> (holder: String, property: String)? {
        guard let root = value?.root, let property = root.property,
              types.isChildCollection(named: property, of: root.holder) else { return nil }
        return (root.holder, property)
    }

    private func record(_ assignment: Assignment, in scope: FunctionScope, into results: inout Recordings) {
        let location = assignment.location
        if case .subscriptAccess = assignment.target, let root = childCollection(assignment.targetBase) {
            let isRemoval = assignment.expression == .nilLiteral
            if !isRemoval && isAddHelper { return }
            results.mutations.insert(ChildMutation(
                kind: isRemoval ? .remove : .add, holder: root.holder, collection: root.property,
                children: isRemoval ? [] : assignment.value.types, location: location, helper: nil,
                isAtConstruction: !isRemoval && Self.isAtConstruction(holder: root.holder, scope)))
        } else if let root = childCollection(assignment.targetValue) {
            if assignment.op == "+=" {
                if isAddHelper { return }
                results.mutations.insert(ChildMutation(kind: .add, holder: root.holder, collection: root.property,
                                                       children: assignment.value.types, location: location, helper: nil,
                                                       isAtConstruction: Self.isAtConstruction(holder: root.holder, scope)))
            } else if ChildHelpers.isClearing(assignment.expression, of: root.property) {
                results.mutations.insert(ChildMutation(kind: .remove, holder: root.holder, collection: root.property,
                                                       children: [], location: location, helper: nil))
            }
        }
    }

    private func record(_ evaluated: EvaluatedCall, in scope: FunctionScope, into results: inout Recordings) {
        let call = evaluated.call
        let isAdd = KnowledgeTables.collectionAdds.contains(call.name)
        if evaluated.hasExplicitReceiver, isAdd || KnowledgeTables.collectionRemoves.contains(call.name),
           let root = childCollection(evaluated.receiver), !(isAdd && isAddHelper) {
            results.mutations.insert(ChildMutation(
                kind: isAdd ? .add : .remove, holder: root.holder, collection: root.property,
                children: isAdd ? evaluated.arguments.first?.types ?? [] : [], location: call.location, helper: nil,
                isAtConstruction: isAdd && Self.isAtConstruction(holder: root.holder, scope),
                isGivenOwnNavigation: isAdd && isGivenOwnNavigation(call.arguments.first)))
        }
        guard let receiver = evaluated.receiver.types.first else { return }
        let signature = call.signature
        // A library's (or a configured) removal helper: it removes from a collection the project cannot see.
        if !helpers.removes(signature, on: receiver), types.knowledge.childRemoveHelpers.contains(signature) {
            results.mutations.insert(ChildMutation(kind: .remove, holder: receiver, collection: nil, children: [],
                                                   location: call.location, helper: signature))
        }
        guard !isAddHelper else { return }
        // A configured add helper, or a library's (RIBs' `attachChild(_:)` on a subclass of its `Router`).
        let isLibraryAdd = KnowledgeTables.libraryChildAdds[signature].map {
            types.inheritsLibraryClass(receiver, from: $0.ancestors)
        } ?? false
        if helpers.adder(signature, on: receiver) == nil, types.knowledge.childAddHelpers.contains(signature) || isLibraryAdd,
           let first = evaluated.arguments.first {
            results.mutations.insert(ChildMutation(kind: .add, holder: receiver, collection: nil, children: first.types,
                                                   location: call.location, helper: signature))
        }
        if let adder = helpers.adder(signature, on: receiver), adder.index < evaluated.arguments.count {
            results.mutations.insert(ChildMutation(
                kind: .add, holder: receiver, collection: adder.collection,
                children: evaluated.arguments[adder.index].types, location: call.location, helper: signature,
                isGivenOwnNavigation: adder.index < call.arguments.count && isGivenOwnNavigation(call.arguments[adder.index])))
        }
    }
}

/// Coordinators a function creates and starts, then keeps nowhere: not stored, passed, added,
/// returned or captured.
struct UnretainedChildRecorder: Recorder {
    let types: TypeIndex
    private var created: [String: (type: String, location: SourceLocation)] = [:]
    private var started: [String: SourceLocation] = [:]
    private var retained: Set<String> = []

    init(types: TypeIndex) {
        self.types = types
    }

    mutating func begin(_ scope: FunctionScope) {
        created = [:]
        started = [:]
        retained = []
    }

    private mutating func retain(_ expression: ValueExpression) {
        switch expression {
        case .name(let name), .inOut(.name(let name)): retained.insert(name)
        case .array(let elements): for element in elements { retain(element) }
        default: break
        }
    }

    private func isCoordinator(_ type: String?) -> Bool {
        type.flatMap { types[$0]?.category } == .coordinator
    }

    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
        switch observation {
        case .binding(let name, let expression, let value, let constructed):
            if let expression { retain(expression) }
            if constructed, case .call(let call)? = expression, isCoordinator(value.types.first) {
                created[name] = (value.types[0], call.location)
            }
        case .assignment(let assignment):
            retain(assignment.expression)
        case .returned(let expression):
            retain(expression)
        case .call(let evaluated):
            let call = evaluated.call
            let isStart = KnowledgeTables.startCalls.contains(call.name)
            if isStart, case .name(let name)? = call.base, created[name] != nil {
                started[name] = call.location
            } else {
                for argument in call.arguments { retain(argument.value) }
            }
            // `Coordinator().start()`: started and dropped in one expression.
            if isStart, case .call(let inner)? = call.base, Evaluator.isConstruction(inner, isLocal: scope.isLocal),
               isCoordinator(evaluated.receiver.types.first) {
                results.unretained.insert(UnretainedChild(
                    type: evaluated.receiver.types[0], location: inner.location, startLocation: call.location,
                    owner: scope.owner, variable: nil))
            }
        case .closure:
            return
        }
    }

    mutating func end(_ scope: FunctionScope, into results: inout Recordings) {
        for (name, creation) in created.sorted(by: { $0.key < $1.key }) {
            guard let start = started[name], !retained.contains(name) else { continue }
            results.unretained.insert(UnretainedChild(type: creation.type, location: creation.location,
                                                      startLocation: start, owner: scope.owner, variable: name))
        }
    }
}

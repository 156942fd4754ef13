import CoordLintCore

/// The pipeline a subscription is made on: the closures of the operators before it, and whether it
/// starts from a publisher that completes after one value.
extension Evaluator {
    /// The closures handed to the operators a subscription is made on: `a.map { … }.filter { … }.sink`.
    /// The walk follows calls on calls only; it stops at a bare call (`Just(x)`, a project function),
    /// at a member access (`items.filter { … }.publisher`: that filter ran on a collection) and at a
    /// project method. The chain's head (called on a name or member, not on a call) counts only when it
    /// is a known operator: `context.performChanges { … }` makes the publisher, it does not operate on one.
    func pipelineClosures(before call: CallExpression) -> [ClosureRef] {
        pipelineLinks(before: call).flatMap(\.closures)
    }

    /// Those of them handed to an operator that maps values (`.flatMap { … }`, `.filter { … }`): each returns
    /// the value the pipeline goes on with.
    func valueMappingClosures(before call: CallExpression) -> [ClosureRef] {
        pipelineLinks(before: call).filter { KnowledgeTables.valueMappingOperators.contains($0.name) }.flatMap(\.closures)
    }

    private func pipelineLinks(before call: CallExpression) -> [(name: String, closures: [ClosureRef])] {
        var links: [(name: String, closures: [ClosureRef])] = []
        var base = call.base
        while case .call(let link)? = base, link.base != nil {
            if let receiver = evaluatedReceiverTypes(of: link), receiver.contains(where: { type in
                types.family(of: type).contains { callables.hasMethod(link.name, of: $0) } }) { break }
            let isHead: Bool
            if case .call? = link.base { isHead = false } else { isHead = true }
            if !isHead || KnowledgeTables.publisherOperators.contains(link.name) {
                links.append((link.name, link.arguments.compactMap { argument in
                    if case .closure(let id) = argument.value { ClosureRef(file: scope.file, id: id) } else { nil }
                }))
            }
            base = link.base
        }
        return links
    }

    /// Whether the chain a subscription is made on ends after one value (or a counted few): it starts at a
    /// one-shot publisher (a parameter declared `Future<…>`, or `Just(x)` / `Future { … }` /
    /// `session.dataTaskPublisher(for:)` at its head), or an operator on the way ends it (`take(1)`,
    /// `first()`); or it is RxSwift's subscription to a single-event trait (`subscribe(onSuccess:onError:)`).
    func startsFromOneShotPublisher(_ call: CallExpression) -> Bool {
        if call.arguments.contains(where: { KnowledgeTables.singleEventSubscriptionLabels.contains($0.label ?? "") }) { return true }
        var base = call.base
        var joins = false
        while case .call(let link)? = base, link.base != nil {
            joins = joins || KnowledgeTables.joiningOperators.contains(link.name)
            if !joins, Self.endsAfterCountedValues(link) { return true }
            if case .call? = link.base {} else if KnowledgeTables.oneShotPublishers.contains(link.name)
                || evaluatedCalls[link]?.isOneShotPublisher == true { return true }
            base = link.base
        }
        switch base {
        case .call(let head)?:
            return KnowledgeTables.oneShotPublishers.contains(head.name) || evaluatedCalls[head]?.isOneShotPublisher == true
        case .name(let name)?:
            guard let written = scope.parameters[name]?.type?.name else { return false }
            return KnowledgeTables.oneShotPublishers.contains(Knowledge.simpleName(written))
        default:
            return false
        }
    }

    /// Whether the chain a subscription is made on starts at a control's event (RxCocoa's `button.rx.tap`) of an
    /// object `self` holds only weakly: directly (`view?.button.rx.tap`), or through a property of that object
    /// every implementation of which returns an event of its own controls (`view?.skipTapped`, where each view
    /// declares `skipButton.rx.tap.asObservable()`). The event completes when the control goes with that object,
    /// and the subscription lets go of its closures then, whatever keeps `self`. A view or a view controller
    /// keeps its controls through its view hierarchy, weak outlets too: never for those.
    func startsFromUnkeptControlEvent(_ call: CallExpression) -> Bool {
        guard let owner = scope.owner, let category = types[owner]?.category,
              category != .view, category != .viewController else { return false }
        guard let base = call.base else { return false }
        let (head, last) = Self.chainHead(base)
        if let control = Self.control(ofEvent: head, link: last) { return reachedThroughWeakReference(control, from: owner) }
        guard case .member(let base, let name) = head, reachedThroughWeakReference(base, from: owner),
              let holder = declaredType(of: base, from: owner) else { return false }
        let implementations = ([holder] + types.concreteSubtypes(of: holder)).flatMap {
            callables.candidates(of: $0, kind: .accessor, name: name)
        }
        return !implementations.isEmpty && implementations.allSatisfy { accessor in
            let returned = accessor.function.returnedExpressions(inClosure: nil)
            // A closure on the way (`tableView.rx.itemSelected.map { self.tableView.cellForRow(at: $0) }`) may
            // keep the object that keeps the control: only chains without one.
            return !returned.isEmpty && returned.allSatisfy { expression in
                let (head, last) = Self.chainHead(expression)
                return !Self.hasClosureArgument(expression) && Self.control(ofEvent: head, link: last) != nil
            }
        }
    }

    /// The expression a chain of calls on calls starts from (`x.rx.tap` in `x.rx.tap.map { … }.asObservable()`), and
    /// the call made on it first (nil when the expression is no such call).
    private static func chainHead(_ expression: ValueExpression) -> (head: ValueExpression, first: CallExpression?) {
        var head = expression
        var first: CallExpression?
        while case .call(let link) = head, let base = link.base {
            first = link
            head = base
        }
        return (head, first)
    }

    /// Whether a link of the chain is handed a closure (`.map { … }`).
    private static func hasClosureArgument(_ expression: ValueExpression) -> Bool {
        var link = expression
        while case .call(let call) = link, let base = call.base {
            if call.arguments.contains(where: { if case .closure = $0.value { true } else { false } }) { return true }
            link = base
        }
        return false
    }

    /// `x.rx.tap` (or `x.rx.controlEvent(…)`, `link` being that call): `x`.
    private static func control(ofEvent head: ValueExpression, link: CallExpression?) -> ValueExpression? {
        switch head {
        case .member(.member(let control, KnowledgeTables.reactiveExtensionMember), let event)
            where KnowledgeTables.controlEventMembers.contains(event):
            return control
        case .member(let control, KnowledgeTables.reactiveExtensionMember)
            where link.map { KnowledgeTables.controlEventMembers.contains($0.name) } == true:
            return control
        default:
            return nil
        }
    }

    /// Whether the path from `self` to `expression` starts at a property `owner` declares weak or unowned
    /// (`view?.button`, `self.view?.button`).
    private func reachedThroughWeakReference(_ expression: ValueExpression, from owner: String) -> Bool {
        var first = expression
        while case .member(let inner, _) = first, inner != .selfReference { first = inner }
        let name: String
        switch first {
        case .member(.selfReference, let member): name = member
        case .name(let member) where scope.locals[member] == nil && scope.parameters[member] == nil: name = member
        default: return false
        }
        if let (_, property) = types.property(named: name, of: owner) { return !property.ownership.retains }
        // `var view: P? { baseView as? P }`: a getter handing out a stored property, weak or not as that one is.
        return forwarding(name, of: owner).map { !$0.property.ownership.retains } ?? false
    }

    /// The stored property a computed one's every getter returns (`return self.baseView as? WelcomeViewProtocol`),
    /// and the type the getter casts it to, if it does.
    private func forwarding(_ name: String, of owner: String) -> (property: PropertyFact, cast: String?)? {
        let getters = ([owner] + types.family(of: owner).subtracting([owner]).sorted()).flatMap {
            callables.candidates(of: $0, kind: .accessor, name: name)
        }
        var found: (property: PropertyFact, cast: String?)?
        for getter in getters {
            for returned in getter.function.returnedExpressions(inClosure: nil) {
                var expression = returned
                var cast: String?
                if case .cast(let inner, let type) = expression { (expression, cast) = (inner, type) }
                let stored: String
                switch expression {
                case .member(.selfReference, let member), .name(let member): stored = member
                default: return nil
                }
                guard let (_, property) = types.property(named: stored, of: owner),
                      found == nil || found?.property.name == property.name else { return nil }
                found = (property, cast)
            }
        }
        return found
    }

    /// The project type a path from `self` is declared as (`view` declared `FxAViewProtocol?`).
    private func declaredType(of expression: ValueExpression, from owner: String) -> String? {
        let holder: String
        let name: String
        switch expression {
        case .member(.selfReference, let member): (holder, name) = (owner, member)
        case .name(let member) where scope.locals[member] == nil && scope.parameters[member] == nil: (holder, name) = (owner, member)
        case .member(let inner, let member):
            guard let inner = declaredType(of: inner, from: owner) else { return nil }
            (holder, name) = (inner, member)
        default: return nil
        }
        if let (declaring, property) = types.property(named: name, of: holder) {
            guard let written = property.type, written.container == .none else { return nil }
            return types.resolve(written.name, from: declaring)
        }
        // A computed property handing out a stored one, as the type it casts it to.
        guard let forwarded = forwarding(name, of: holder), let cast = forwarded.cast else { return nil }
        return types.resolve(cast, from: holder)
    }

    /// `take(1)`, `prefix(3)` (a count written as a number), `first()`, `first(where: { … })`.
    static func endsAfterCountedValues(_ link: CallExpression) -> Bool {
        if KnowledgeTables.firstValueOperators.contains(link.name) {
            guard let predicate = link.arguments.first else { return true }
            guard link.arguments.count == 1, case .closure = predicate.value else { return false }
            return predicate.label == "where" || predicate.label == nil
        }
        guard KnowledgeTables.countedOperators.contains(link.name), link.arguments.count == 1,
              let count = link.arguments.first, count.label == nil, case .literal = count.value else { return false }
        return true
    }

    /// The types of a call's receiver as evaluated, when its result was evaluated.
    func evaluatedReceiverTypes(of call: CallExpression) -> [String]? {
        guard case .call(let inner)? = call.base else {
            if case .selfReference? = call.base { return selfValue.types }
            return nil
        }
        return evaluatedCalls[inner]?.types
    }
}

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
        var closures: [ClosureRef] = []
        var base = call.base
        while case .call(let link)? = base, link.base != nil {
            if let receiver = evaluatedReceiverTypes(of: link), receiver.contains(where: { type in
                types.family(of: type).contains { callables.hasMethod(link.name, of: $0) } }) { break }
            let isHead: Bool
            if case .call? = link.base { isHead = false } else { isHead = true }
            if !isHead || KnowledgeTables.publisherOperators.contains(link.name) {
                for argument in link.arguments {
                    if case .closure(let id) = argument.value { closures.append(ClosureRef(file: scope.file, id: id)) }
                }
            }
            base = link.base
        }
        return closures
    }

    /// Whether the chain a subscription is made on starts at a one-shot publisher: a parameter declared
    /// `Future<…>`, or `Just(x)` / `Future { … }` / `session.dataTaskPublisher(for:)` at its head; or RxSwift's
    /// subscription to a single-event trait (`subscribe(onSuccess:onError:)`).
    func startsFromOneShotPublisher(_ call: CallExpression) -> Bool {
        if call.arguments.contains(where: { KnowledgeTables.singleEventSubscriptionLabels.contains($0.label ?? "") }) { return true }
        var base = call.base
        while case .call(let link)? = base, link.base != nil {
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

    /// The types of a call's receiver as evaluated, when its result was evaluated.
    func evaluatedReceiverTypes(of call: CallExpression) -> [String]? {
        guard case .call(let inner)? = call.base else {
            if case .selfReference? = call.base { return selfValue.types }
            return nil
        }
        return evaluatedCalls[inner]?.types
    }
}

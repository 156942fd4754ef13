import CoordLintCore

/// How edges read in messages and notes. One vocabulary for every rule.
public extension Program {
    /// What a captured name holds, in parentheses after it: the object's type, or a container held as a
    /// value and what it keeps ("ThemeNavigationController, keeping 'StaticTableViewController'").
    static func capturedObject(_ edge: Edge) -> String {
        guard let container = edge.throughContainer else { return edge.to }
        return "\(container.isEmpty ? "a container" : container), keeping '\(edge.to)'"
    }

    func name(_ node: String) -> String {
        guard let n = graph.nodes[node] else { return "'\(node)'" }
        return n.kind == .closure ? n.displayName : "'\(node)'"
    }

    /// "'MainCoordinator' owns 'BuyViewController' through 'navigationController' (pushViewController at MainCoordinator.swift:26)".
    func describe(_ edge: Edge) -> String {
        let from = name(edge.from)
        let to = name(edge.to)
        switch edge.origin {
        case .property(let owner, let property, let isCollection):
            // An enum's associated value (`room.indicatorController`), given when the case is built.
            let isPayload = types[owner]?.kind == .enum
            // An object the runtime keeps for another under a key (`objc_setAssociatedObject`).
            let associatedKey = TypeIndex.associatedObjectKey(ofProperty: property)
            let through = isCollection ? "its '\(property)' collection"
                : isPayload ? "the associated value '\(property)'"
                : associatedKey.map { "the associated object '\($0)'" } ?? "'\(property)'"
            let declared = owner == edge.from ? "" : ", declared in '\(owner)'"
            let connected = edge.declaration?.isOutlet == true && edge.assignment == edge.declaration?.location
            let stored = isCollection ? "added" : isPayload ? "given" : associatedKey != nil ? "set" : "assigned"
            let assigned = connected ? " (an outlet the nib connects, \(edge.location.shortDescription)\(declared))"
                : edge.assignment.map { " (\(stored) at \($0.shortDescription)\(declared))" }
                ?? " (\(edge.location.shortDescription)\(declared))"
            let verb = edge.strength.retains ? "owns" : "refers (\(edge.strength.rawValue)) to"
            return "\(from) \(verb) \(to) through \(through)\(assigned)"
        case .container(let call, let via):
            let kept = KnowledgeTables.containerCalls[call] ?? KnowledgeTables.retainedObjectName(call)
                ?? (KnowledgeTables.cellDequeueCalls.contains(call) ? "cell" : call)
            if via.isEmpty {
                return "\(from) owns \(to) as its \(kept) (\(call) at \(edge.location.shortDescription))"
            }
            return "\(from) owns \(to) through '\(via)' (\(call) at \(edge.location.shortDescription))"
        case .closureStorage(let property, let call):
            if call == AwaitedStreams.storageCall {
                return "\(from) keeps the \(name(edge.to)) waiting on '\(property)' (\(edge.location.shortDescription))"
            }
            if call.isEmpty, let key = TypeIndex.associatedObjectKey(ofProperty: property) {
                return "\(from) keeps the \(name(edge.to)) as the associated object '\(key)' (\(edge.location.shortDescription))"
            }
            if call.isEmpty {
                return "\(from) keeps the \(name(edge.to)) in '\(property)' (\(edge.location.shortDescription))"
            }
            return "\(from) keeps the \(name(edge.to)) through '\(call)' (\(edge.location.shortDescription))"
        case .capture(let captured, let method):
            if !method.isEmpty {
                return "the method reference '\(captured == "self" ? "self" : captured).\(method)' at \(edge.location.shortDescription) captures \(to) strongly"
            }
            if graph.nodes[edge.to]?.kind == .closure {
                // A function-typed parameter: the closure a caller hands there.
                return "the \(name(edge.from)) captures '\(captured)', the \(name(edge.to)) handed to it, strongly at \(edge.location.shortDescription)"
            }
            return "the \(name(edge.from)) captures '\(captured)' (\(Self.capturedObject(edge))) \(edge.strength == .strong ? "strongly" : edge.strength.rawValue) at \(edge.location.shortDescription)"
        case .valueCopy(let captured):
            return "the \(name(edge.from)) holds a copy of '\(captured)' (\(to), a value type) and with it everything \(to) owns (\(edge.location.shortDescription))"
        }
    }

    /// "'A' owns 'B' ..., and 'B' owns 'C' ..." for the path after the anchor.
    func describePath(_ edges: ArraySlice<Edge>) -> String {
        edges.map(describe).joined(separator: ", and ")
    }
}

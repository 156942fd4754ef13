import CoordLintCore

/// A cycle of strong references, rotated so that `edges[0]` is the reference that should not be
/// strong (the back-reference), followed by the path from its target back to its source.
public struct Cycle: Sendable, Hashable {
    public var edges: [Edge]
    /// Other elementary cycles broken by the same edge.
    public var alsoBreaks: Int
    public var anchor: Edge { edges[0] }
    /// Some edge exists only because a target was assumed (no assignment visible).
    public var isGuess: Bool { edges.contains { $0.isGuess } }
}

/// Strongly connected components over strong edges (Tarjan, iterative), then the elementary cycles
/// inside each (bounded), each reported once at its back-reference.
public struct CycleFinder {
    let graph: OwnershipGraph
    /// Bounds that keep pathological graphs fast; real ownership cycles are short.
    static let maximumLength = 10
    static let maximumCyclesPerComponent = 2_000

    public init(graph: OwnershipGraph) {
        self.graph = graph
    }

    public func cycles() -> [Cycle] {
        var byAnchor: [Edge: (cycle: [Edge], count: Int)] = [:]
        for component in stronglyConnectedComponents() {
            for cycle in elementaryCycles(in: component) {
                let anchorIndex = cycle.indices.max { lhs, rhs in
                    let (a, b) = (BackReference.score(cycle[lhs], in: graph), BackReference.score(cycle[rhs], in: graph))
                    return a != b ? a < b : cycle[lhs].location > cycle[rhs].location
                }!
                let rotated = Array(cycle[anchorIndex...] + cycle[..<anchorIndex])
                let anchor = rotated[0]
                if let existing = byAnchor[anchor] {
                    let better = rotated.count < existing.cycle.count
                        || (rotated.count == existing.cycle.count && rotated.lexicographicallyPrecedes(existing.cycle))
                    byAnchor[anchor] = (better ? rotated : existing.cycle, existing.count + 1)
                } else {
                    byAnchor[anchor] = (rotated, 1)
                }
            }
        }
        return byAnchor.values
            .map { Cycle(edges: $0.cycle, alsoBreaks: $0.count - 1) }
            .sorted { $0.anchor.location != $1.anchor.location ? $0.anchor.location < $1.anchor.location
                : $0.edges.lexicographicallyPrecedes($1.edges) }
    }

    /// Components with a cycle (more than one node, or a self-loop), each sorted, in sorted order.
    public func stronglyConnectedComponents() -> [[String]] {
        let nodes = graph.sortedNodeIDs
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var components: [[String]] = []
        var counter = 0
        for root in nodes where index[root] == nil {
            // Explicit DFS stack: (node, its strong successors, next successor to visit).
            var work: [(node: String, successors: [String], next: Int)] = []
            func open(_ node: String) {
                index[node] = counter
                lowLink[node] = counter
                counter += 1
                stack.append(node)
                onStack.insert(node)
                let successors = graph.strongEdges(from: node).map(\.to)
                work.append((node, Array(Set(successors)).sorted(), 0))
            }
            open(root)
            while !work.isEmpty {
                let top = work.count - 1
                if work[top].next < work[top].successors.count {
                    let successor = work[top].successors[work[top].next]
                    work[top].next += 1
                    if index[successor] == nil {
                        open(successor)
                    } else if onStack.contains(successor) {
                        lowLink[work[top].node] = min(lowLink[work[top].node]!, index[successor]!)
                    }
                    continue
                }
                let node = work.removeLast().node
                if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent]!, lowLink[node]!) }
                if lowLink[node] == index[node] {
                    var component: [String] = []
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        component.append(member)
                        if member == node { break }
                    }
                    let selfLoop = graph.strongEdges(from: node).contains { $0.to == node }
                    if component.count > 1 || selfLoop { components.append(component.sorted()) }
                }
            }
        }
        return components.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Elementary cycles of a component, each starting at its smallest node (so each is found once).
    func elementaryCycles(in component: [String]) -> [[Edge]] {
        let members = Set(component)
        let order = Dictionary(uniqueKeysWithValues: component.enumerated().map { ($1, $0) })
        var result: [[Edge]] = []
        // Parallel container edges (the same view controller pushed in several places) are one reference.
        func successors(of node: String) -> [Edge] {
            var seen: Set<String> = []
            return graph.strongEdges(from: node).filter { edge in
                guard members.contains(edge.to) else { return false }
                if case .container = edge.origin { return seen.insert("container→\(edge.to)").inserted }
                return true
            }
        }
        for start in component {
            var path: [Edge] = []
            var visited: Set<String> = [start]
            func explore(_ node: String) {
                guard result.count < Self.maximumCyclesPerComponent else { return }
                for edge in successors(of: node) {
                    if edge.to == start {
                        result.append(path + [edge])
                    } else if order[edge.to]! > order[start]!, !visited.contains(edge.to), path.count + 1 < Self.maximumLength {
                        visited.insert(edge.to)
                        path.append(edge)
                        explore(edge.to)
                        path.removeLast()
                        visited.remove(edge.to)
                    }
                }
            }
            explore(start)
        }
        return result
    }
}

/// Which reference of a cycle is the back-reference that should be weak: a closure's capture first,
/// then a delegate, a parent, a coordinator held by what it owns; never a container's own keeping
/// or a parent's list of children.
public enum BackReference {
    public static func rank(_ kind: Node.Kind) -> Int {
        switch kind {
        case .coordinator: 0
        case .viewController: 1
        case .viewModel: 2
        case .view: 3
        case .other: 4
        case .closure: 5
        }
    }

    static func score(_ edge: Edge, in graph: OwnershipGraph) -> Int {
        let from = graph.nodes[edge.from]?.kind ?? .other
        let to = graph.nodes[edge.to]?.kind ?? .other
        switch edge.origin {
        case .capture:
            return 1_000
        case .valueCopy:
            return 900
        case .property(_, let name, let isCollection):
            var score = 500 + 20 * (rank(from) - rank(to))
            let lower = name.lowercased()
            if lower.hasSuffix("delegate") || lower.hasSuffix("datasource") { score += 300 }
            if lower.contains("parent") || lower.contains("owner") { score += 250 }
            if to == .coordinator && from != .coordinator { score += 150 }
            if isCollection && to == .coordinator { score -= 200 }
            if isCollection { score -= 50 }
            return score
        case .closureStorage:
            return 10
        case .container:
            return 0
        }
    }
}

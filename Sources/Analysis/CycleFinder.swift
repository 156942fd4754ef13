import CoordLintCore

/// A cycle of strong references, rotated so that `edges[0]` is the reference that should not be
/// strong (the back-reference), followed by the path from its target back to its source.
public struct Cycle: Sendable, Hashable {
    public var edges: [Edge]
    /// Other elementary cycles broken by the same edge (close variants of this one: `CycleFinder.variants`).
    public var alsoBreaks: Int
    public var anchor: Edge { edges[0] }
    /// What kind of reference breaks it (set by the analysis; which rule reports it follows).
    public internal(set) var role: CycleRole = .other
}

/// What a cycle's back-reference is: which rule owns the cycle.
public enum CycleRole: Sendable, Hashable {
    /// A property holding a delegate.
    case delegateReference
    /// A property holding a coordinator.
    case coordinatorReference
    /// A stored closure capturing its owner.
    case closureCapture
    /// A closure registered as a NotificationCenter observer: reported as a registration, not a cycle.
    case observerClosureCapture
    /// A method reference (`self.handle`) stored where its receiver keeps it.
    case methodReference
    /// Any other stored reference.
    case other
    /// Through an object that lives as long as the process (the app delegate, a singleton): never a leak.
    case processLifetime
}

/// Strongly connected components over strong edges (Tarjan, iterative), then the elementary cycles
/// inside each (bounded), each reported once at its back-reference.
public struct CycleFinder {
    let graph: OwnershipGraph
    let knowledge: Knowledge
    /// Bounds that keep pathological graphs fast; real ownership cycles are short.
    static let maximumLength = 10
    static let maximumCyclesPerComponent = 2_000

    public init(graph: OwnershipGraph, knowledge: Knowledge = .standard) {
        self.graph = graph
        self.knowledge = knowledge
    }

    public func cycles() -> [Cycle] {
        var byAnchor: [Edge: (cycle: [Edge], lengths: [Int])] = [:]
        for component in stronglyConnectedComponents() {
            for cycle in elementaryCycles(in: component) {
                let anchorIndex = cycle.indices.min { lhs, rhs in
                    BackReference.precedes(cycle[lhs], cycle[rhs], in: graph, knowledge: knowledge)
                }!
                let rotated = Array(cycle[anchorIndex...] + cycle[..<anchorIndex])
                let anchor = Self.cut(rotated[0])
                if let existing = byAnchor[anchor] {
                    let better = shownBefore(rotated, existing.cycle)
                    byAnchor[anchor] = (better ? rotated : existing.cycle, existing.lengths + [rotated.count])
                } else {
                    byAnchor[anchor] = (rotated, [rotated.count])
                }
            }
        }
        return byAnchor.values
            .map { Cycle(edges: localized($0.cycle), alsoBreaks: Self.variants(of: $0.cycle.count, among: $0.lengths)) }
            .sorted { $0.anchor.location != $1.anchor.location ? $0.anchor.location < $1.anchor.location
                : $0.edges.lexicographicallyPrecedes($1.edges) }
    }

    /// Which of two cycles through the same back-reference a finding shows: the shorter; of equal length,
    /// the one more of whose consecutive references are one object's (a row made and added to a section
    /// in one call, rather than another section of the same types); then the one more of whose
    /// references are made in the back-reference's own file (the objects the code there creates and
    /// connects, rather than another instance of the same types elsewhere); then the first in order.
    func shownBefore(_ lhs: [Edge], _ rhs: [Edge]) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        func joined(_ cycle: [Edge]) -> Int {
            cycle.indices.filter { graph.joins(cycle[$0], cycle[($0 + 1) % cycle.count]) }.count
        }
        let (leftJoined, rightJoined) = (joined(lhs), joined(rhs))
        if leftJoined != rightJoined { return leftJoined > rightJoined }
        let file = lhs[0].location.file
        func local(_ cycle: [Edge]) -> Int { cycle.filter { madeIn(file, $0) }.count }
        let (left, right) = (local(lhs), local(rhs))
        if left != right { return left > right }
        return lhs.lexicographicallyPrecedes(rhs)
    }

    private func madeIn(_ file: String, _ edge: Edge) -> Bool {
        edge.location.file == file || graph.assignments(of: edge).contains { $0.file == file }
    }

    /// The cycle with each edge citing where it is made in the back-reference's file, when it is made
    /// there too (the same reference assigned in several places).
    private func localized(_ cycle: [Edge]) -> [Edge] {
        let file = cycle[0].location.file
        return cycle.indices.map { index in
            var edge = cycle[index]
            // The store of the very object the next reference is made in (`section.add(row: Row { … })`).
            if let joined = graph.joiningAssignment(edge, cycle[(index + 1) % cycle.count]) {
                edge.assignment = joined
            } else if edge.assignment?.file != file,
                      let local = graph.assignments(of: edge).filter({ $0.file == file }).min() {
                edge.assignment = local
            }
            return edge
        }
    }

    /// The other cycles a fix also breaks, counted among those at most one reference longer than the
    /// one shown: longer ones go through type-level joins (a bag every cell class declares, a capture
    /// typed by a protocol) more than through one object's references.
    static func variants(of length: Int, among lengths: [Int]) -> Int {
        lengths.filter { $0 <= length + 1 }.count - 1
    }

    /// The reference a fix removes: a capture is one whatever type the captured object turns out to be
    /// (`cell` typed by a protocol, closing a cycle through each conforming class, is one `[weak cell]`).
    static func cut(_ edge: Edge) -> Edge {
        guard case .capture = edge.origin else { return edge }
        var cut = edge
        cut.to = ""
        return cut
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
                let successors = retainingEdges(from: node).map(\.to)
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
                    let selfLoop = retainingEdges(from: node).contains { $0.to == node }
                    if component.count > 1 || selfLoop { components.append(component.sorted()) }
                }
            }
        }
        return components.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Strong edges that can hold a cycle: not a presentation, which ends when the user dismisses it.
    func retainingEdges(from node: String) -> [Edge] {
        graph.strongEdges(from: node).filter { edge in
            if case .container(let call, _) = edge.origin { return !KnowledgeTables.dismissalReleasedCalls.contains(call) }
            return true
        }
    }

    /// Elementary cycles of a component, each starting at its smallest node (so each is found once),
    /// shortest first: when a large component reaches the bound, what is left out are its longest
    /// cycles, never a short one of its own back-reference.
    /// A cycle whose only object is one class and whose other nodes are values (a condition whose enum
    /// case holds conditions, a struct listing its owner's type) joins objects of one type, as a type
    /// holding its own type does: one object only when it stored itself there.
    func linksOneObject(_ cycle: [Edge]) -> Bool {
        guard cycle.count > 1 else { return true }
        let objects = Set(cycle.map(\.from).filter { graph.nodes[$0]?.isValueType != true })
        // Values only (a struct holding a struct that holds the first in a collection): copies, no object
        // is kept by anything, so no cycle (ivpn's `Peer.tunnel` and `Tunnel.peers`, read FALSE).
        if objects.isEmpty { return false }
        guard objects.count == 1 || throughOneProperty(cycle) else { return true }
        return cycle.contains { $0.targetStoredItself && objects.contains($0.to) }
    }

    /// Every edge is one declared property (`Group.groups`, holding a subclass's object that holds groups
    /// through the same inherited array): the objects are one class family linked through it, a tree as a
    /// type holding its own type is (KeePassium `Database2.swift:633`, read FALSE).
    private func throughOneProperty(_ cycle: [Edge]) -> Bool {
        let properties = Set(cycle.map { edge -> String? in
            if case .property(let owner, let name, _) = edge.origin { return "\(owner).\(name)" }
            return nil
        })
        return properties.count == 1 && properties.first! != nil
    }

    /// The triples a cycle's closing edge starts or ends (`neverThrough`), which the search did not check.
    private func closesThroughNoStore(_ cycle: [Edge]) -> Bool {
        let count = cycle.count
        guard count >= 2 else { return false }
        return graph.neverThrough(cycle[count - 2], cycle[count - 1], cycle[0])
            || graph.neverThrough(cycle[count - 1], cycle[0], cycle[1 % count])
    }

    func elementaryCycles(in component: [String]) -> [[Edge]] {
        let members = Set(component)
        let order = Dictionary(uniqueKeysWithValues: component.enumerated().map { ($1, $0) })
        var result: [[Edge]] = []
        // Parallel container edges (the same view controller pushed in several places) are one reference.
        var successorCache: [String: [Edge]] = [:]
        func successors(of node: String) -> [Edge] {
            if let known = successorCache[node] { return known }
            var seen: Set<String> = []
            let edges = retainingEdges(from: node).filter { edge in
                guard members.contains(edge.to) else { return false }
                if case .container = edge.origin { return seen.insert("container→\(edge.to)").inserted }
                return true
            }
            successorCache[node] = edges
            return edges
        }
        for length in 1...Self.maximumLength {
            for start in component {
                var path: [Edge] = []
                var visited: Set<String> = [start]
                func explore(_ node: String) {
                    guard result.count < Self.maximumCyclesPerComponent else { return }
                    for edge in successors(of: node) {
                        // Consecutive references of two objects of one type, never of one object: no cycle.
                        if let last = path.last, graph.neverJoins(last, edge) { continue }
                        // Three references through one store of the middle one, never one object's each.
                        if path.count >= 2, graph.neverThrough(path[path.count - 2], path[path.count - 1], edge) { continue }
                        if edge.to == start {
                            let cycle = path + [edge]
                            if path.count + 1 == length, !graph.neverJoins(edge, path.first ?? edge),
                               !closesThroughNoStore(cycle), linksOneObject(cycle) { result.append(cycle) }
                        } else if path.count + 1 < length, order[edge.to]! > order[start]!, !visited.contains(edge.to) {
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
            if result.count >= Self.maximumCyclesPerComponent { break }
        }
        return result
    }
}

/// Which reference of a cycle should not be strong. No weights: an ordered list of questions, and
/// the first question that tells two edges apart decides.
public enum BackReference {
    /// 1. The kind of reference. A handler registered with a framework object that keeps it strongly first
    ///    (`userContentController.add(self, name:)`), then a closure's capture (a capture list fixes it without touching
    ///    any declaration; `self` before another name, as `[weak self]` is the usual fix), then a value
    ///    copy inside a closure, then a stored property; a closure's storage and a container's keeping
    ///    (UIKit's own, never the app's to weaken) last.
    /// 2. Not a property holding a struct (it cannot be weak; a reference inside the struct can), and
    ///    not where the holder created its target (`let viewModel = ViewModel()`): that is the owner.
    /// 3. Where the target stored itself (`Presenter(container: self)`, `child.parent = self`): the
    ///    object handing itself out is the owner being pointed back at (single references only).
    /// 4. A delegate reference: the delegating object never owns its delegate.
    /// 5. A reference named as pointing up the tree (`parent`, `owner`).
    /// 6. A reference to a coordinator from something that is not one: a screen or a model does not
    ///    own the coordinator that shows it.
    /// 7. A single reference before an element of a collection: a list of children is the forward
    ///    direction.
    /// 8. The bigger step up the role order (coordinator, view controller, view model, view, other).
    /// (Ties: the earliest in the source.)
    static func precedes(_ lhs: Edge, _ rhs: Edge, in graph: OwnershipGraph, knowledge: Knowledge) -> Bool {
        let (a, b) = (criteria(lhs, graph, knowledge), criteria(rhs, graph, knowledge))
        if a != b { return a.lexicographicallyPrecedes(b, by: >) }
        return lhs.location < rhs.location
    }

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

    /// The answers to the questions above, larger first.
    private static func criteria(_ edge: Edge, _ graph: OwnershipGraph, _ knowledge: Knowledge) -> [Int] {
        let from = graph.nodes[edge.from]?.kind ?? .other
        let to = graph.nodes[edge.to]?.kind ?? .other
        switch edge.origin {
        // A handler the app registers with a framework object that keeps it (`add(self, name:)`): the
        // registration is the app's to change (a weak proxy, or removing the handler), not the storage.
        case .container(let call, _) where KnowledgeTables.retainedObjectName(call) != nil: return [5]
        case .capture(let name, _): return [4, edge.capturedByReturnedObject ? 0 : 1, name == "self" ? 1 : 0]
        case .valueCopy: return [3]
        case .closureStorage: return [1]
        case .container: return [0]
        case .property(_, let name, let isCollection):
            let isDelegate = edge.declaration.map(knowledge.isDelegateReference) ?? false
            // A property holding a struct cannot be weak: the reference to weaken is inside the struct. So
            // is one declared as a project struct wrapping the target (`var root: AnyCoordinator?`, whose
            // `coordinator` field the edge goes through).
            let holdsValue = graph.nodes[edge.to]?.isValueType == true
                || edge.declaration?.type.map { graph.nodes[$0.name]?.isValueType == true } == true
            return [2, holdsValue ? 0 : 1, edge.createsTarget ? 0 : 1, edge.targetStoredItself && !isCollection ? 1 : 0, isDelegate ? 1 : 0, knowledge.namesUpwardReference(name) ? 1 : 0,
                    to == .coordinator && from != .coordinator ? 1 : 0, isCollection ? 0 : 1, rank(from) - rank(to)]
        }
    }
}

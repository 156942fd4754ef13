/// The whole program's ownership: who keeps whom alive. Nodes are types (and closures); an edge
/// is one reference with its strength and where it comes from. Built once by `Analysis`, read by
/// rules. Iteration order is stable (sorted), so everything derived from it is deterministic.
public final class OwnershipGraph: @unchecked Sendable {
    public private(set) var nodes: [String: Node] = [:]
    public private(set) var edges: [Edge] = []
    private var outgoing: [String: [Int]] = [:]
    /// Each edge's index in `edges`, by what makes it one reference.
    private var edgeIndices: [EdgeKey: Int] = [:]
    /// Every place code makes each edge (one edge stands for the same reference assigned in many places).
    private var assignmentSites: [EdgeKey: [SourceLocation]] = [:]
    /// Instance evidence: where the objects an edge's stores hold were made (`Row(…)` handed to
    /// `section.add(row:)`), and where the object holding the reference was made (the `Row(…)` whose
    /// initializer keeps a closure, the local `let segment = Segment()` whose property is set). An edge
    /// some store of which gives no site is in `unsitedValues` / `unsitedHolders`: its sites are not all.
    private var valueSites: [EdgeKey: [(assignment: SourceLocation, made: SourceLocation)]] = [:]
    private var holderSites: [EdgeKey: Set<SourceLocation>] = [:]
    /// The holder sites by the assignment that made the reference, to join three references through one store.
    private var assignedHolderSites: [EdgeKey: [(assignment: SourceLocation, made: SourceLocation)]] = [:]
    private var unsitedValues: Set<EdgeKey> = []
    private var unsitedHolders: Set<EdgeKey> = []
    private var unassignedHolders: Set<EdgeKey> = []

    public init() {}

    public func addNode(_ node: Node) {
        if nodes[node.id] == nil { nodes[node.id] = node }
    }

    /// Adds an ownership edge, once per (from, to, origin, location).
    /// `valueSites`: where the objects this store holds were made (none: not known); `holderSite`: where the
    /// object holding them was made.
    public func addOwnership(_ edge: Edge, valueSites made: [SourceLocation] = [], holderSite: SourceLocation? = nil) {
        let key = EdgeKey(edge)
        if let assignment = edge.assignment { assignmentSites[key, default: []].append(assignment) }
        if !made.isEmpty, let assignment = edge.assignment {
            valueSites[key, default: []] += made.map { (assignment, $0) }
        } else {
            unsitedValues.insert(key)
        }
        if let holderSite { holderSites[key, default: []].insert(holderSite) } else { unsitedHolders.insert(key) }
        if let holderSite, let assignment = edge.assignment {
            assignedHolderSites[key, default: []].append((assignment, holderSite))
        } else {
            unassignedHolders.insert(key)
        }
        if let index = edgeIndices[key] {
            // One reference made in several places: if any of them creates its target there, the reference
            // may be that object's only owner, so weakening it is never the fix (`createsTarget`).
            if edge.createsTarget { edges[index].createsTarget = true }
            return
        }
        edgeIndices[key] = edges.count
        outgoing[edge.from, default: []].append(edges.count)
        edges.append(edge)
    }

    /// Outgoing edges, sorted by target, then location.
    public func edges(from node: String) -> [Edge] {
        (outgoing[node] ?? []).map { edges[$0] }.sorted()
    }

    /// Where code makes this edge: every assignment that made the same reference (in the order added).
    public func assignments(of edge: Edge) -> [SourceLocation] {
        assignmentSites[EdgeKey(edge)] ?? []
    }

    /// Whether `first` stores an object made where the object holding `second`'s reference was made: the
    /// two references are one object's, not merely two objects' of the same types.
    public func joins(_ first: Edge, _ second: Edge) -> Bool { joiningAssignment(first, second) != nil }

    /// Where `first` stores the object holding `second`'s reference (`joins`), as the assignment to cite.
    public func joiningAssignment(_ first: Edge, _ second: Edge) -> SourceLocation? {
        guard first.to == second.from,
              let made = valueSites[EdgeKey(first)], let holders = holderSites[EdgeKey(second)]
        else { return nil }
        return made.filter { holders.contains($0.made) }.map(\.assignment).min()
    }

    /// Whether no object `first` stores is one holding `second`'s reference: every store of `first` says where
    /// its object was made, every store of `second` where its holder was made, and no site is both (safe-ios's
    /// tabs: the ribbon one tab's screen keeps is not the ribbon another tab makes around a segment).
    public func neverJoins(_ first: Edge, _ second: Edge) -> Bool {
        let (entering, leaving) = (EdgeKey(first), EdgeKey(second))
        guard first.to == second.from, !unsitedValues.contains(entering), !unsitedHolders.contains(leaving),
              let made = valueSites[entering], let holders = holderSites[leaving]
        else { return false }
        return !made.contains { holders.contains($0.made) }
    }

    /// Whether no store of `middle` both is held by an object `first` stores and stores an object holding
    /// `last`'s reference: two objects of `middle`'s holder type, each with its own object of its target type
    /// (a generic container around a footer, one container per screen). Every store of the three must say
    /// its sites.
    public func neverThrough(_ first: Edge, _ middle: Edge, _ last: Edge) -> Bool {
        let (entering, through, leaving) = (EdgeKey(first), EdgeKey(middle), EdgeKey(last))
        guard first.to == middle.from, middle.to == last.from, !unsitedValues.contains(entering),
              !unassignedHolders.contains(through), !unsitedValues.contains(through), !unsitedHolders.contains(leaving),
              let enteringMade = valueSites[entering], let holders = assignedHolderSites[through],
              let made = valueSites[through], let leavingHolders = holderSites[leaving]
        else { return false }
        let enteringSites = Set(enteringMade.map(\.made))
        let joined = Set(holders.filter { enteringSites.contains($0.made) }.map(\.assignment))
        return !made.contains { joined.contains($0.assignment) && leavingHolders.contains($0.made) }
    }

    public func strongEdges(from node: String) -> [Edge] {
        edges(from: node).filter { $0.strength.retains }
    }

    public var sortedNodeIDs: [String] { nodes.keys.sorted() }

    /// What makes an edge one reference: its ends, its origin and its location (not where it is assigned).
    private struct EdgeKey: Hashable {
        var from: String
        var to: String
        var origin: EdgeOrigin
        var location: SourceLocation

        init(_ edge: Edge) {
            (from, to, origin, location) = (edge.from, edge.to, edge.origin, edge.location)
        }
    }
}

public struct Node: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case coordinator, viewController, viewModel, view, other, closure
    }
    /// A type's qualified name, or `closure@File.swift:12:30`.
    public var id: String
    public var kind: Kind
    /// Value types are copied, not referenced: owning one means owning what it holds.
    public var isValueType: Bool
    public var location: SourceLocation

    public init(id: String, kind: Kind, isValueType: Bool, location: SourceLocation) {
        self.id = id
        self.kind = kind
        self.isValueType = isValueType
        self.location = location
    }

    /// How the node is named in messages.
    public var displayName: String {
        kind == .closure ? "closure at \(location.shortDescription)" : id
    }
}

/// How a reference keeps its target.
public enum Strength: String, Hashable, Sendable, Codable {
    case strong, weak, unowned

    public var retains: Bool { self == .strong }

    public init(_ ownership: Ownership) {
        switch ownership {
        case .strong, .copy: self = .strong
        case .weak: self = .weak
        case .unowned, .unownedUnsafe, .assign: self = .unowned
        }
    }
}

/// Why an edge exists.
public enum EdgeOrigin: Hashable, Sendable {
    /// A stored property of `owner` (possibly declared in a superclass), or an element of a
    /// collection property.
    case property(owner: String, name: String, isCollection: Bool)
    /// A UIKit call that makes a container keep a view controller (`pushViewController`), reached
    /// through the stored property `via` of the holder (empty when the holder itself is the container).
    case container(call: String, via: String)
    /// A closure kept by its holder: in the property `name`, or by the API `call` ("" when stored
    /// in a property).
    case closureStorage(name: String, call: String)
    /// A closure capturing a value: `self`, a local, or a method reference's receiver (`method`
    /// names the method; "" for an ordinary capture).
    case capture(name: String, method: String)
    /// A value type's copy inside a closure or container: owning it owns what it holds.
    case valueCopy(name: String)
}

public struct Edge: Hashable, Sendable, Comparable {
    public var from: String
    public var to: String
    public var strength: Strength
    public var origin: EdgeOrigin
    /// Where the reference is made: the property's declaration, the call, the capture.
    public var location: SourceLocation
    /// Where a fix goes (the property declaration), when it differs from `location`.
    public var declaration: PropertyFact?
    /// For property edges: where the concrete target was assigned (`vc.coordinator = self` at ...).
    public var assignment: SourceLocation?
    /// The holder created the target where it stored it (`let viewModel = ViewModel()`), in at least one
    /// of the places code makes this reference: it may be that target's only owner, never a back-reference
    /// to weaken.
    public var createsTarget: Bool
    /// The target stored itself here (`Presenter(container: self)` run by the container): a hand-back,
    /// the usual back-reference.
    public var targetStoredItself: Bool
    /// A capture of a UIKit container held as a value (`let nav = UINavigationController(rootViewController:
    /// list)` captured by a closure) reaches what the container keeps: the container's project type, or ""
    /// for UIKit's own, so the words name the container and not only what it keeps.
    public var throughContainer: String? = nil
    /// A capture of a collection (`let controllers = manager.windowControllers`): a value the closure copies,
    /// which cannot be captured weakly.
    public var capturesCollection = false
    /// A capture of `self` by a closure the capturing object hands out inside the object its method returns
    /// (`func row() -> Row { Row(action: { self.run() }) }`): what keeps that object is how `self` is kept,
    /// maybe its only owner, so another reference of the cycle is the one to weaken.
    public var capturedByReturnedObject = false

    public init(from: String, to: String, strength: Strength, origin: EdgeOrigin, location: SourceLocation,
                declaration: PropertyFact? = nil, assignment: SourceLocation? = nil,
                createsTarget: Bool = false, targetStoredItself: Bool = false) {
        self.from = from
        self.to = to
        self.strength = strength
        self.origin = origin
        self.location = location
        self.declaration = declaration
        self.assignment = assignment
        self.createsTarget = createsTarget
        self.targetStoredItself = targetStoredItself
    }

    public static func < (lhs: Edge, rhs: Edge) -> Bool {
        (lhs.to, lhs.location, lhs.from) < (rhs.to, rhs.location, rhs.from)
            || ((lhs.to, lhs.location, lhs.from) == (rhs.to, rhs.location, rhs.from) && String(describing: lhs.origin) < String(describing: rhs.origin))
    }
}

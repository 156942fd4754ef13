import CoordLintCore

/// `output.parent = self` where `output` is a local or parameter typed by a protocol (or a generic
/// parameter constrained to one): within one run of the function that one object keeps `self`, in
/// whatever each conforming class stores `parent` (a stored property, or the stored property a
/// protocol extension's setter forwards to: `set { stack.parent = newValue }`). The object is one
/// node (`LocalObjectClosure.label`), owned by whatever the function stores it in
/// (`stack.value.append(Item(presentable: output))`), as for a closure stored on a local object.
struct LocalObjectReference: Hashable, Sendable {
    /// The node of the local's object: `Owner.method(label:).name`.
    var label: String
    var member: String
    /// The types of the object assigned (a protocol for `self` in a protocol extension).
    var targets: [String]
    /// The assigned value is `self`: the target stored itself there (the usual back-reference).
    var storesSelf: Bool
    var location: SourceLocation
    /// Where the conforming classes keep `member` strongly, one entry per distinct storage.
    var storages: [MemberStorage]
}

/// Where a class keeps what is assigned to one of its members: its own stored property, or (through a
/// setter, its own or a protocol extension's) the stored property of the object one of its stored
/// properties holds (`through`).
struct MemberStorage: Hashable, Sendable {
    var owner: String
    var property: PropertyFact
    /// The stored property of the class the setter goes through (`stack` in `stack.parent`), as the
    /// declaration the code names it by (a protocol requirement, or the class's own).
    var through: (owner: String, property: PropertyFact)?

    static func == (lhs: MemberStorage, rhs: MemberStorage) -> Bool {
        lhs.owner == rhs.owner && lhs.property.location == rhs.property.location
            && lhs.through?.property.location == rhs.through?.property.location
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(owner)
        hasher.combine(property.location)
        hasher.combine(through?.property.location)
    }
}

extension StoreRecorder {
    /// `output.parent = self` on a local or parameter (not one standing for a property) whose types are
    /// all protocols the project declares with a member of that name: the object keeps the value.
    func recordLocalObjectReference(_ assignment: Assignment, member: String, on holder: Value, in scope: FunctionScope,
                                    into results: inout Recordings) {
        guard assignment.op == "=", case .member(.name(let local), _) = assignment.target,
              scope.locals[local] != nil || scope.parameters[local] != nil, holder.root == nil, let owner = scope.owner,
              !holder.types.isEmpty, holder.types.allSatisfy({ types[$0]?.kind == .protocol }),
              !assignment.value.types.isEmpty, assignment.value.closure == nil, assignment.value.methodReference == nil,
              holder.types.contains(where: { types.property(named: member, of: $0) != nil }) else { return }
        let storages = types.strongStorages(of: member, in: holder.types, callables: callables)
        guard !storages.isEmpty else { return }
        results.localObjectReferences.insert(LocalObjectReference(
            label: LocalObjectClosure.label(owner, scope.signature, local), member: member,
            targets: assignment.value.types, storesSelf: assignment.value.isSelf, location: assignment.location,
            storages: storages))
    }
}

extension TypeIndex {
    /// Where each concrete class of `protocols` keeps `member` strongly, one entry per distinct storage
    /// (every class a protocol extension's setter serves shares it). A class whose setter stores nothing
    /// (`set { fatalError() }`), or weakly, has none.
    func strongStorages(of member: String, in protocols: [String], callables: Callables) -> [MemberStorage] {
        var found: [MemberStorage] = []
        let classes = protocols.flatMap(concreteSubtypes).uniqued().filter { types[$0]?.isReferenceType == true }
        for type in classes.sorted() {
            guard let storage = strongStorage(of: member, in: type, callables: callables), !found.contains(storage) else { continue }
            found.append(storage)
        }
        return found
    }

    private func strongStorage(of member: String, in type: String, callables: Callables) -> MemberStorage? {
        if let stored = storedProperties(of: type).first(where: { $0.property.name == member }) {
            return stored.property.ownership.retains ? MemberStorage(owner: stored.owner, property: stored.property, through: nil) : nil
        }
        for candidate in [type] + family(of: type).subtracting([type]).sorted() {
            guard let setter = callables.candidates(of: candidate, kind: .accessor, name: member).first?.function else { continue }
            let values = Set(setter.parameters.map(\.name))
            for event in setter.events where event.closure == nil {
                guard case .assignment(let path, "=", .name(let value)) = event.kind, values.contains(value) else { continue }
                switch path {
                case .name(let name), .member(.selfReference, let name):
                    guard name != member, let stored = storedProperties(of: type).first(where: { $0.property.name == name }),
                          stored.property.ownership.retains else { return nil }
                    return MemberStorage(owner: stored.owner, property: stored.property, through: nil)
                case .member(.name(let via), let name), .member(.member(.selfReference, let via), let name):
                    guard let holding = storedProperties(of: type).first(where: { $0.property.name == via }),
                          holding.property.ownership.retains,
                          let written = holding.property.type?.name, holding.property.type?.container == TypeReference.Container.none,
                          let object = resolve(written, from: holding.owner), types[object]?.isReferenceType == true,
                          let stored = storedProperties(of: object).first(where: { $0.property.name == name }),
                          stored.property.ownership.retains else { return nil }
                    let named = property(named: via, of: candidate) ?? holding
                    return MemberStorage(owner: stored.owner, property: stored.property, through: named)
                default:
                    continue
                }
            }
            return nil
        }
        return nil
    }
}

import CoordLintCore

/// A child added to a collection, with what the analysis knows of its way out.
public struct ChildAdd: Sendable {
    public var mutation: ChildMutation
    /// Removals from the same collection: on the same type, a superclass or a protocol it conforms to
    /// (a protocol extension's helper), or a subclass of it. Sorted by location.
    public var removals: [ChildMutation]
    /// An added child that pushes onto the navigation controller its holder also holds (so the back
    /// button pops its screens without telling anyone), if any.
    public var sharedNavigationChild: String?
    /// An added child that presents a sheet the user can swipe down (a presentation whose style nothing
    /// in its code or the presented controller's sets), if any, with where it presents.
    public var swipeDismissedChild: (child: String, presentation: SourceLocation)?
}

/// Child coordinators' lifecycles, answered once: each add with its removals, and whether anything
/// observes the user leaving a screen.
public struct ChildLifecycle: Sendable {
    public let adds: [ChildAdd]
    /// A back-navigation hook (`navigationController(_:didShow:animated:)`, `viewDidDisappear`, ...) or a
    /// dismissal callback (`onBack = { ... }`) leads to a removal somewhere in the program.
    public let backNavigationRemovesChildren: Bool

    private struct Key: Hashable {
        var collection: String?
        var holder: String
    }

    init(mutations: [ChildMutation], types: TypeIndex, functions: [FunctionRef], files: [FileFacts],
         containers: [ContainerOwnership], helpers: ChildHelpers) {
        var byHolder: [Key: [ChildMutation]] = [:]
        var bySupertype: [Key: [ChildMutation]] = [:]
        var byHolderAnyCollection: [String: [ChildMutation]] = [:]
        for removal in mutations where removal.kind == .remove {
            byHolder[Key(collection: removal.collection, holder: removal.holder), default: []].append(removal)
            byHolderAnyCollection[removal.holder, default: []].append(removal)
            for member in types.family(of: removal.holder) where member != removal.holder {
                bySupertype[Key(collection: removal.collection, holder: member), default: []].append(removal)
            }
        }
        // Children that push onto a navigation controller they may share with their parent: not one that
        // pushes only through controllers it makes itself (`lazy var sideMenuNavigationController = { … }()`,
        // `let navigationController = UINavigationController()`), which its parent never hands it.
        let pushesByHolder = Dictionary(grouping: containers.filter { KnowledgeTables.navigationPushCalls.contains($0.call) },
                                        by: \.holder)
        let pushing = Set(pushesByHolder.filter { holder, pushes in
            !pushes.allSatisfy { Self.makesOwn($0.via, of: holder, types: types) }
        }.keys)
        let (styled, dismissing) = Self.presentationCode(functions: functions)
        var sheets: [String: SourceLocation] = [:]
        // A child that dismisses what it presents when its flow ends (so the dismissal is its end), whose
        // presentation's style nothing sets.
        for container in containers where KnowledgeTables.dismissalReleasedCalls.contains(container.call)
            && !KnowledgeTables.unswipeablePresentedClasses.contains(container.target) && dismissing.contains(container.holder)
            && !styled.contains(container.holder) && !styled.contains(container.target) {
            sheets[container.holder] = min(sheets[container.holder] ?? container.location, container.location)
        }
        self.adds = mutations.filter { $0.kind == .add }.map { add in
            var found: Set<ChildMutation> = []
            let family = types.family(of: add.holder).union([add.holder])
            if add.collection == nil {  // a configured helper: any removal by the holder's family counts
                for member in family { found.formUnion(byHolderAnyCollection[member] ?? []) }
            }
            for collection in [add.collection, nil] {
                for member in family { found.formUnion(byHolder[Key(collection: collection, holder: member)] ?? []) }
                found.formUnion(bySupertype[Key(collection: collection, holder: add.holder)] ?? [])
            }
            let shared = add.isGivenOwnNavigation ? nil : add.children.first { child in
                pushing.contains(child) && Self.holdsNavigation(add.holder, types: types)
            }
            let sheet = add.children.lazy.compactMap { child in sheets[child].map { (child, $0) } }.first
            return ChildAdd(mutation: add, removals: found.sorted { ($0.location, $0.holder) < ($1.location, $1.holder) },
                            sharedNavigationChild: shared, swipeDismissedChild: sheet)
        }
        self.backNavigationRemovesChildren = Self.observesBackNavigation(
            functions: functions, files: files, helpers: helpers, libraryRemovers: types.knowledge.childRemoveHelpers)
    }

    /// Types whose code sets a presentation style (`vc.modalPresentationStyle = .fullScreen`,
    /// `isModalInPresentation = true`) on anything, so a presentation they make or are may not be a sheet;
    /// and types whose code dismisses (`dismiss(animated:)`).
    /// A project method that sets a style (`func makePresentationFullScreenForiOS13Migration() {
    /// modalPresentationStyle = .fullScreen }` in an extension of `UIViewController`) sets it where it is
    /// called: such a call counts as setting one. Matched by signature, as nothing else here needs to say
    /// which object it styles.
    private static func presentationCode(functions: [FunctionRef]) -> (styled: Set<String>, dismissing: Set<String>) {
        var found: Set<String> = []
        var dismissing: Set<String> = []
        let stylingMethods = Set(functions.filter { ref in
            ref.function.kind == .method && ref.function.events.contains { setsStyle($0, stylingMethods: []) }
        }.map(\.function.signature))
        for ref in functions {
            guard let owner = ref.owner else { continue }
            // `override var modalPresentationStyle: UIModalPresentationStyle { .fullScreen }`.
            if ref.function.kind == .accessor, KnowledgeTables.presentationStyleMembers.contains(ref.function.name) {
                found.insert(owner)
                continue
            }
            if ref.function.events.contains(where: { event in
                if case .call(let call) = event.kind { KnowledgeTables.dismissalCalls.contains(call.name) } else { false }
            }) {
                dismissing.insert(owner)
            }
            if ref.function.events.contains(where: { setsStyle($0, stylingMethods: stylingMethods) }) { found.insert(owner) }
        }
        return (found, dismissing)
    }

    private static func setsStyle(_ event: BodyEvent, stylingMethods: Set<String>) -> Bool {
        switch event.kind {
        case .assignment(.member(_, let member), _, _), .assignment(.name(let member), _, _):
            return KnowledgeTables.presentationStyleMembers.contains(member)
        case .call(let call):
            return KnowledgeTables.presentationStyleMembers.contains(call.name) || stylingMethods.contains(call.signature)
        default:
            return false
        }
    }

    /// The property's initial value makes the object (`let … = UINavigationController()`, `lazy var … = { … }()`),
    /// and nothing else can be stored there (a `var` could be handed the parent's controller).
    private static func makesOwn(_ property: String, of type: String, types: TypeIndex) -> Bool {
        guard !property.isEmpty, let declared = types.property(named: property, of: type)?.property,
              declared.isLet || declared.isLazy, let initializer = declared.initializer else { return false }
        switch initializer {
        case .call, .closure: return true
        default: return false
        }
    }

    /// A stored property of the type, or of a protocol it conforms to, holds a navigation controller.
    private static func holdsNavigation(_ type: String, types: TypeIndex) -> Bool {
        if types.storedProperties(of: type).contains(where: { types.knowledge.holdsNavigationController($0.property) }) {
            return true
        }
        return types[type]?.conformances.contains { name in
            types.resolve(name, from: type).flatMap { types[$0] }?.properties
                .contains { types.knowledge.holdsNavigationController($0) } ?? false
        } ?? false
    }

    /// When a call's receiver cannot be typed, any removal of that name counts: this only silences a
    /// finding, it never makes one.
    private static func observesBackNavigation(functions: [FunctionRef], files: [FileFacts], helpers: ChildHelpers,
                                               libraryRemovers: Set<String>) -> Bool {
        let removerSignatures = Set(helpers.removers.map(\.signature)).union(libraryRemovers)
        func removes(_ call: CallExpression, in ref: FunctionRef) -> Bool {
            if libraryRemovers.contains(call.signature) { return true }
            guard let owner = ref.owner, let receiver = helpers.staticType(of: call.base, in: ref.function, owner: owner) else {
                return removerSignatures.contains(call.signature)
            }
            return helpers.removes(call.signature, on: receiver)
        }
        for ref in functions {
            if KnowledgeTables.backNavigationHooks.contains(ref.function.signature),
               let owner = ref.owner, helpers.removers.contains(.init(owner: owner, signature: ref.function.signature)) {
                return true
            }
            for event in ref.function.events {
                guard case .assignment(.member(_, let property), "=", .closure(let id)) = event.kind,
                      KnowledgeTables.backNavigationCallbackWords.contains(where: property.lowercased().contains)
                else { continue }
                let inside = ref.function.events.contains { inner in
                    guard case .call(let call) = inner.kind, let closure = inner.closure else { return false }
                    return removes(call, in: ref) && files[ref.file].closures.isClosure(closure, within: id)
                }
                if inside { return true }
            }
        }
        return false
    }

}

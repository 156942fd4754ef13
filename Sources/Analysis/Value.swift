import CoordLintCore

/// A closure, identified across files.
public struct ClosureRef: Hashable, Sendable, Comparable {
    public var file: Int
    public var id: Int
    public static func < (lhs: ClosureRef, rhs: ClosureRef) -> Bool { (lhs.file, lhs.id) < (rhs.file, rhs.id) }
}

/// A function of the program with the file it is in.
/// A class: a function's facts are large, and the evaluator, the callables and the helpers pass
/// references around by the tens of thousands (copying the struct retained each of its fields).
public final class FunctionRef: Sendable {
    public let file: Int
    public let function: FunctionFact
    /// The resolved owner type.
    public let owner: String?
    /// Written in Objective-C, where `self.name` is always a message send (there are no method references).
    public let isObjectiveC: Bool

    init(file: Int, function: FunctionFact, owner: String?, isObjectiveC: Bool = false) {
        self.file = file
        self.function = function
        self.owner = owner
        self.isObjectiveC = isObjectiveC
    }
}

extension FunctionFact {
    /// What the body's `return`s give, in the body itself (`closure` nil) or in one of its closures.
    func returnedExpressions(inClosure closure: Int?) -> [ValueExpression] {
        events.compactMap { event in
            if case .returned(let value) = event.kind, event.closure == closure { return value }
            return nil
        }
    }

    /// The value a local is bound to in the body itself (`closure` nil) or one of its closures, when it is bound
    /// there once, never assigned anywhere, and no parameter of the function has its name.
    func soleBinding(of local: String, inClosure closure: Int?) -> ValueExpression? {
        guard !parameters.contains(where: { $0.name == local }) else { return nil }
        var values: [ValueExpression?] = []
        for event in events {
            switch event.kind {
            case .binding(local, _, let value) where event.closure == closure: values.append(value)
            case .assignment(.name(local), _, _): return nil
            default: break
            }
        }
        return values.count == 1 ? values[0] : nil
    }
}

/// What an expression denotes, as far as ownership cares: the evaluator's one result type.
struct Value: Sendable {
    /// Project types the value may be (a protocol or base class name stays as is).
    var types: [String] = []
    /// View controllers a container value keeps (`UINavigationController(rootViewController: vc)`).
    var contents: [String] = []
    /// Where the view controllers a container was made with were made (`UINavigationController(rootViewController:
    /// container)`), by type: the objects at the root of its stack. A container given more later has none.
    var contentSites: [String: [SourceLocation]] = [:]
    /// Where the value is stored relative to `self`: `self` itself (no property), or `self.property`.
    var root: Root?
    var closure: ClosureRef?
    /// A subscription's operator closures (`.map { … }`, `.filter { … }` before `.sink`): the
    /// subscription keeps them as long as its own closure.
    var pipelineClosures: [ClosureRef] = []
    /// A subscription that keeps `self` itself (`assign(to: \.title, on: self)`): whoever keeps the
    /// subscription keeps `self`.
    var keepsSelf = false
    /// A publisher that completes after one value (a project function returning one).
    var isOneShotPublisher = false
    /// A tuple's values by position (`pair.0`), when the value is a tuple.
    var elements: [Value] = []
    /// Closures an object coordlint cannot see keeps, by the member that keeps each (a row's
    /// `onChange`), and those of the objects added to it (a section's rows).
    var carriedClosures: [CarriedClosure] = []
    var methodReference: MethodReference?
    /// The local or parameter this value is (`nav`), for tracking what local containers receive.
    var localName: String?
    /// A local bound to `T(…)`: an object of exactly type `T`, made by this function. What a method of `T`
    /// keeps of its arguments, this object keeps (carried), not every `T`.
    var exactType: String?
    /// A collection (an array, a set or a dictionary, by its declared type) whose elements `types` are: captured,
    /// it is copied, and cannot be captured weakly.
    var isCollection = false
    /// A local bound to a property of `self` (`if let token`, `guard let timer = self.timer`): the same object,
    /// so invalidating or removing the local lets go of what the property keeps.
    var unwrapped: Root?
    /// Each element of a collection property in turn: the parameter of `cancellables.forEach { $0.cancel() }`,
    /// so a teardown call on it lets go of everything the property keeps.
    var elementOf: Root?
    /// An object the expression itself creates (`{ … return Extension() }()`, as `Extension()` is).
    var isConstructed = false
    /// Where the object was made, when the value is one made by an initializer call (`Row(…)`, a local
    /// bound to one): instance evidence joining a store of it to the stores into it.
    var constructedAt: SourceLocation?
    /// Where the objects of a collection or a choice were made (`[Settings(), noSafes]`, `c ? A() : B()`), by
    /// type, for each type every one of whose objects here has a known site.
    var elementSites: [String: [SourceLocation]] = [:]
    /// Read from a struct's field declared with a protocol type (`parameters.userIndicatorController`):
    /// `Struct.field`, whose stores say which objects it holds.
    var structField: String?
    /// The stored property of a project type the value was read from, whatever object the chain starts at
    /// (`cell.toolbar.moreButton`: a `Toolbar`'s `moreButton`), for objects coordlint cannot see.
    var storedAt: Root?
    /// Project objects an object coordlint cannot see keeps strongly (`userContentController.add(self,
    /// name:)`): whoever keeps that object keeps them.
    var retainedObjects: [RetainedObject] = []
    /// A SwiftUI view value or a host's configuration (`UIHostingConfiguration { … }`): a modifier called on
    /// it (`.margins(…)`) gives a value that keeps all it keeps.
    var isViewValue = false
    /// An enum case built with its associated values (`.room(members: m, indicatorController: c)`):
    /// whoever keeps the enum value keeps them.
    var enumCase: CaseConstruction?

    struct Root: Hashable {
        var holder: String
        /// The property of `holder` that holds the value; nil when the value is `self` itself.
        var property: String?
        var strength: Strength
        /// The value is `self` (not one of its properties).
        var isSelf: Bool { property == nil }
    }

    /// The value is `self`.
    var isSelf: Bool { root?.isSelf == true }
    /// Everything an owner of this value keeps: the objects themselves and what a container holds.
    var kept: [String] { types + contents }

    /// Instance evidence: where this value's objects were made, by type, for each type every one of whose
    /// objects has a known site. Objects a container holds have none (a stored navigation controller's
    /// stack is not the controller), but those it was made with (`contentSites`).
    var madeAt: [String: [SourceLocation]] {
        var sites = (constructedAt.map { made in types.count == 1 ? [types[0]: [made]] : [:] } ?? elementSites)
            .filter { !contents.contains($0.key) }
        for (type, made) in contentSites where !types.contains(type) { sites[type] = made }
        return sites
    }

    /// The sites of several values taken together (a collection's elements, the options of a choice): a type
    /// keeps them when every value that may be an object of it says where that object was made.
    static func sites(of values: [Value]) -> [String: [SourceLocation]] {
        var sites: [String: [SourceLocation]] = [:]
        var unknown: Set<String> = []
        for value in values {
            let made = value.madeAt
            for type in value.kept {
                if let known = made[type] { sites[type, default: []] += known } else { unknown.insert(type) }
            }
        }
        return sites.filter { !unknown.contains($0.key) }.mapValues { $0.uniqued() }
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, in their first order.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}

/// `.room(indicatorController: c)`: the case and its arguments' values. `enumType` is nil for the
/// leading-dot form, whose enum is the type where the value is stored.
struct CaseConstruction {
    struct Argument {
        var label: String?
        var value: Value
        var location: SourceLocation
    }
    var name: String
    var enumType: String?
    var arguments: [Argument]

    /// The enum value's payload: each argument with the position it takes in `enumCase`, as Swift binds
    /// them (every label in order), or none when they do not match the case.
    func bound(to enumCase: EnumCaseFact) -> [(position: Int, argument: Argument)] {
        guard arguments.map(\.label) == enumCase.labels else { return [] }
        return arguments.enumerated().map { (position: $0.offset, argument: $0.element) }
    }
}

/// Objects (by type) a framework object keeps, with the call that made it keep them.
struct RetainedObject: Hashable {
    var types: [String]
    var call: String
    var location: SourceLocation
}

/// A closure an unseen object keeps in `member`.
struct CarriedClosure: Hashable {
    var member: String
    var closure: ClosureRef

    /// The same closure kept one level further in, under `prefix` (`presentationMode.onDismiss`).
    func under(_ prefix: String) -> CarriedClosure { CarriedClosure(member: "\(prefix).\(member)", closure: closure) }
}

/// `self.pushHomeScreen` or a bare `pushHomeScreen` used as a value: a closure that captures its receiver.
public struct MethodReference: Hashable, Sendable {
    public var receiverTypes: [String]
    public var method: String
    public var location: SourceLocation
    /// Written `self.method` (rather than a bare `method`): how long the reference's text is.
    public var isExplicitSelf: Bool = false

    /// How many bytes the reference spans in the source.
    public var length: Int { (isExplicitSelf ? "self.".utf8.count : 0) + method.utf8.count }
}

/// A value stored into a property: `vc.coordinator = self`, `children.append(child)`,
/// `Transitions(showHome: self.pushHome)`.
public struct PropertyStore: Hashable, Sendable {
    public var holder: String
    public var property: String
    public var valueTypes: [String]
    public var closure: ClosureRef?
    public var methodReference: MethodReference?
    public var location: SourceLocation
    /// The type whose code does the store (`self` there).
    public var storingType: String?
    /// An object stores itself into its own property (`self.next = self`, an array added to itself).
    public var storesSelf: Bool = false
    /// A collection added to itself (`[children addObject:children]`).
    public var containsItself: Bool = false
    /// The stored value is an object created right there (`T()`, `[[T alloc] init]`, `T.make()`).
    public var isNewObject: Bool = false
    /// The stored value is the object whose code does the store, handing itself to another
    /// (`Presenter(container: self)`, `child.parent = self`).
    public var isStoringObject: Bool = false
    /// Which object holds the stored value, as far as identity can be told: a local (`row.action =`),
    /// an object created by this very call (an initializer keeping its argument), or unknown.
    public var holderIdentity: HolderIdentity = .unknown
    /// A subscription kept in a bag (`.store(in: &bag)`): it keeps its closures until it completes.
    public var isSubscription = false
    /// Where the storing function is declared, and the objects that function itself created that take
    /// part: the local whose object keeps the value (`stack.setRoot(c)`, `stack.root = c`) and the local
    /// that is the value (`Parameters(stack: stack)`). Instance evidence: two stores of one function
    /// naming the same new local are about one object, not merely one type.
    public var function: SourceLocation? = nil
    public var receiverLocal: String? = nil
    public var valueLocal: String? = nil
    /// The holder is an object of exactly `holder`'s type, never a subclass: the object an initializer call
    /// `T(…)` creates, or a local bound to one (`let section = Section(); section.add(…)`). Its stores are
    /// not its subclasses' (a subclass's objects are other objects).
    public var holderIsExact = false
    /// The value is read from a protocol-typed field of a struct (`Parameters.userIndicatorController`):
    /// it is what code stores into that field (`Program.throughStructFields`).
    public var valueField: String? = nil
    /// Instance evidence: where the stored objects were made (`Row(…)`, each element of `[a, b]`), by type, for
    /// each type every stored object of which has a known site; and where the holder was made when the store
    /// is into an object an initializer call makes or a local bound to one.
    public var valueSites: [String: [SourceLocation]] = [:]
    public var holderSite: SourceLocation? = nil
    /// The stored property the value was read from (`Holder.property`: `navigationController` in an
    /// `AppCoordinator` method), and whether the value is a parameter of the storing function (an initializer
    /// keeping what it is handed): what `Program.propertiesHeldForLife` follows.
    public var valueRoot: String? = nil
    public var valueIsParameter = false
    /// Stored by a method of a constrained protocol extension into its own property (`extension Coordinator where
    /// Self: EditBehavior`): the types a conformer must also be for the store to be its.
    public var holderConstraints: [String] = []

    public enum HolderIdentity: Hashable, Sendable {
        case unknown
        case local(String)
        case newObject
    }

    /// Hashes where the store is and what it stores into, not all of it (equality still compares every
    /// field): a store set hashes each record as it is inserted, and two records at one place storing
    /// into one property of one holder are rare, so the value's types would only cost time. The file
    /// counts: generated or templated code stores at the same line and column of many files.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(location)
        hasher.combine(holder)
        hasher.combine(property)
        hasher.combine(closure)
    }
}

/// A closure stored into a member of an object whose type coordlint cannot see (a cell or control
/// from the SDK or a pod), where the object is the one a property of `holder` keeps:
/// `lazy var toggle = ToggleCell()` … `toggle.action = { self.save() }`. Assigning a closure to a
/// member is the object keeping it; which object it is, the property tells.
public struct OpaqueObjectClosure: Hashable, Sendable {
    public var holder: String
    public var property: String
    /// The member the closure is assigned to (`action`).
    public var member: String
    public var closure: ClosureRef?
    public var methodReference: MethodReference?
    public var location: SourceLocation
    /// Project types the object keeps instead of a closure (a web view's script message handler).
    public var objects: [String] = []

    /// The node of the one object `holder.property` keeps: `Toolbar.moreButton`.
    static func nodeID(holder: String, property: String) -> String { "\(holder).\(property)" }
}

/// `cell.contentConfiguration = UIHostingConfiguration { … }`, `cell.configurationUpdateHandler = { … }`: a
/// project class keeps, in a member its framework superclass declares, a closure (or the closures the value
/// carries). Like a property store, it holds for the type.
public struct FrameworkMemberClosure: Hashable, Sendable {
    public var holder: String
    /// The framework's member, with the path to the closure inside the value (`contentConfiguration.onAppear`).
    public var member: String
    public var closure: ClosureRef
    public var location: SourceLocation
}

/// `task.expirationHandler = { … }` where `task` is a local or parameter of a type the project does
/// not declare that member on: within one run of the function, that one object keeps the closure, and
/// so does whatever else keeps the object (another closure of the same function capturing it).
public struct LocalObjectClosure: Hashable, Sendable {
    /// The function the local belongs to (by declaration), and the local's name.
    public var function: SourceLocation
    public var name: String
    /// How messages name the object: `Owner.method(label:).name`.
    public var label: String
    public var member: String
    public var closure: ClosureRef
    public var location: SourceLocation

    /// A signature of more than two labels is shortened to its first (`dataSource(for:…)`), for messages.
    static func label(_ owner: String, _ signature: String, _ local: String) -> String {
        let labels = signature.split(separator: ":", omittingEmptySubsequences: false)
        let shown = labels.count > 3 ? labels[0] + ":…)" : Substring(signature)
        return "\(owner).\(shown).\(local)"
    }
}

/// A container that keeps a view controller: `navigationController.pushViewController(vc, ...)`.
public struct ContainerOwnership: Hashable, Sendable {
    public var holder: String
    public var via: String
    public var strength: Strength
    public var target: String
    public var call: String
    public var location: SourceLocation
}

/// A closure or target handed to an API that keeps it outside the object graph the project declares:
/// NotificationCenter, KVO, timers, Combine.
public struct ClosureRegistration: Hashable, Sendable {
    public var kind: ClosureAPIKind
    public var call: String
    public var closure: ClosureRef?
    /// Types passed as `target:` (timers, display links).
    public var targets: [String]
    /// The target is `self`.
    public var targetIsSelf: Bool
    /// The method the timer calls on its target (`#selector(tick)`: `tick`).
    public var selector: String? = nil
    /// `repeats:` when written as a literal (nil when not given or not a literal).
    public var repeats: Bool?
    public var location: SourceLocation
    public var owner: String?
    /// The property of `owner` the call's result (the timer, the observer token) is assigned to.
    public var storedIn: String?
    /// The function that registers it (a clearing there is a restart, not a teardown).
    public var function: String = ""
}

/// An add to or a removal from a child collection (a stored collection of coordinators).
public struct ChildMutation: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case add, remove }
    public var kind: Kind
    /// The type whose collection it is, as the code sees it (a protocol in a protocol extension).
    public var holder: String
    /// The collection's property; nil for a library helper's collection the project cannot see.
    public var collection: String?
    /// Child types added (empty when unknown).
    public var children: [String]
    public var location: SourceLocation
    /// The helper called (`store(_:)`), nil when the collection is changed directly.
    public var helper: String?
    /// An add to the object's own collection while the object is made (an initializer, a property's
    /// initial value or lazy initializer, run in place): once per holder, which the child lives as long as.
    public var isAtConstruction = false
    /// The child added was made in the adding function with a navigation controller that function made
    /// (`let modal = UINavigationController(); let child = C(navigationController: modal)`) and none of the
    /// holder's: its screens are pushed onto a stack the holder never shows, whose back button is not the
    /// holder's.
    public var isGivenOwnNavigation = false
}

/// Code that lets go of what a property keeps: `p = nil`, `p = []`, `p.removeAll()`,
/// `p?.invalidate()`, `removeObserver(p)`.
public struct PropertyClearing: Hashable, Sendable {
    public var holder: String
    public var property: String
    /// The function that does it (`stop()`), by its signature.
    public var function: String
    public var location: SourceLocation
    /// The type whose function it is, when known (it may differ from `holder`: `entry.row = nil` in a
    /// controller's method).
    public var caller: String? = nil
    /// The closure of the cycle whose body does it (`helper.handler = { self.helper = nil }`), where it is written.
    public var closure: SourceLocation? = nil
}

/// A project method given `nil` (`stack.setRootCoordinator(nil)`), with what can be told of the object
/// it is called on: a property (`detailStack`, of the calling type's object), or a local of the calling
/// function, or neither (a parameter, `self`, an expression).
public struct NilArgumentCall: Hashable, Sendable {
    public var receivers: [String]
    public var method: String
    /// `self.detailStack.setRoot(nil)`, `self.parameters.stack.setRoot(nil)`: the type whose property it
    /// is, and the first property from it.
    public var receiverHolder: String?
    public var receiverProperty: String?
    public var receiverLocal: String?
    /// Where the calling function is declared, and where the call is.
    public var function: SourceLocation
    public var location: SourceLocation
}

/// A coordinator created and started, then kept by nothing.
public struct UnretainedChild: Hashable, Sendable {
    public var type: String
    public var location: SourceLocation
    public var startLocation: SourceLocation
    public var owner: String?
    public var variable: String?
}

/// `appliers.removeValue(forKey: token)` in a method of the collection's holder: that method takes
/// elements out of the collection.
public struct ElementRemoval: Hashable, Sendable {
    public var holder: String
    public var property: String
    /// The method's signature (`remove(applierForToken:)`).
    public var function: String
    /// The removal (the call, or the `nil` assignment).
    public var location: SourceLocation
    /// What it takes out is called at once (`pending.removeFirst()()`): the collection is a queue of closures
    /// run in turn.
    public var runsTakenElement = false
}

/// A call from a type's method to a method of a type that keeps its own instance in a static property
/// (`Theme.shared.remove(applierForToken: token)`), and whether the caller is a `deinit`.
public struct SingletonCall: Hashable, Sendable {
    public var caller: String
    public var callerIsDeinit: Bool
    public var receiver: String
    public var method: String
}

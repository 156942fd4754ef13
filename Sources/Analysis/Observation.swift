import CoordLintCore

/// One step of a function body after evaluation: what recorders consume. Every expression was
/// evaluated exactly once before an observation names its value.
enum Observation {
    /// `let name = value` (also `guard let`, `if let`); `constructed` when the value is a new object.
    case binding(name: String, expression: ValueExpression?, value: Value, constructed: Bool)
    /// `target op value` (`=` or `+=`).
    case assignment(Assignment)
    /// A call, anywhere in the body (nested calls each once).
    case call(EvaluatedCall)
    /// `return value`: the caller keeps it.
    case returned(ValueExpression)
    /// A closure evaluated as a value, with the locals and parameters it captures as they were then.
    case closure(ClosureRef, environment: [String: Value])
}

struct Assignment {
    var target: ValueExpression
    var op: String
    var expression: ValueExpression
    var value: Value
    /// The target as a value (its root says which property of `self` it is).
    var targetValue: Value
    /// `base` of a `base.member` or `base[key]` target, evaluated.
    var targetBase: Value?
    var location: SourceLocation
}

/// What a call resolves to, as far as ownership cares.
enum CallTarget {
    /// `cancellable.store(in: &bag)`.
    case cancellableStore
    /// A framework API that keeps (or registers) a closure or target (`sink`, `addObserver`, timers).
    case closureAPI(ClosureAPIKind)
    /// `T(...)` or `[[T alloc] init...]`: a project initializer, when `T` resolves.
    case initializer(type: String?)
    /// `T.instantiate()`, `[T alloc]`.
    case staticFactory(type: String?)
    /// Anything else, on these receiver types (self's type for a bare call).
    case method(receivers: [String])
}

struct EvaluatedCall {
    var call: CallExpression
    var target: CallTarget
    /// The receiver, evaluated (`self` for a bare call inside a type).
    var receiver: Value
    var hasExplicitReceiver: Bool
    /// The receiver's static type (or a supertype, or a protocol it conforms to) declares a method of
    /// this name in the project: the project's method, not a framework API of the same name.
    var isProjectMethod: Bool
    var arguments: [Value]
    /// For an argument `x.p` or `&x.p`: `x`, evaluated (the object whose property is passed).
    var argumentBases: [Value?]
    var result: Value
}

/// What recorders may read about the function being evaluated.
struct FunctionScope {
    var owner: String?
    var file: Int
    var signature: String
    /// Where the function is declared (its identity for what callers pass to its parameters).
    var location = SourceLocation(file: "", line: 0, column: 0)
    var kind: FunctionFact.Kind = .method
    /// A static function: `self` is the type, not an object.
    var isStatic = false
    /// The closure the current step happens in (nil: the function body itself).
    var closure: Int?
    /// The current step runs while the function does: in its body, or in closures invoked where they are
    /// written (`lazy var x = { … }()`), not in one kept or handed on to run later.
    var runsInPlace = true
    var parameters: [String: ParameterFact]
    /// The function's own generic parameters and their constraints (`Output: Coordinatable`).
    var genericParameters: [String: String?] = [:]
    /// A constrained extension's `Self` requirements: the types `self` also is (`FunctionFact.selfConstraints`).
    var selfConstraints: [String] = []
    /// Locals as they are when the observation is made.
    var locals: [String: Value]
    var isLocal: (String) -> Bool { { self.locals[$0] != nil } }
}

/// A consumer of observations: one kind of fact the analysis records. Recorders never evaluate and
/// never change evaluation; they only read observations and write their part of `Recordings`.
protocol Recorder {
    mutating func begin(_ scope: FunctionScope)
    mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings)
    mutating func end(_ scope: FunctionScope, into results: inout Recordings)
}

extension Recorder {
    mutating func begin(_ scope: FunctionScope) {}
    mutating func end(_ scope: FunctionScope, into results: inout Recordings) {}
}

/// What the recorders found, merged over all functions (sets: the order of work never shows).
/// `p = value` in a method of `holder`.
struct PropertyAssignmentSite: Hashable {
    var holder: String
    var property: String
    var function: String
    var location: SourceLocation
}

/// A clearing written in the observer of `holder.observedProperty`.
struct ObserverClearing: Hashable {
    var holder: String
    var observedProperty: String
    var clearing: PropertyClearing
}

/// A construction of a project type, where it is written. A root construction is one that runs once
/// per process: in a static or file-scope initializer, or in an app or scene delegate (each target of a
/// project, an app and its extensions, has its own).
struct Construction: Hashable {
    var type: String
    var location: SourceLocation
    var isRoot: Bool
}

struct Recordings {
    var stores: Set<PropertyStore> = []
    var containers: Set<ContainerOwnership> = []
    var environments: [ClosureRef: [String: Value]] = [:]
    var registrations: Set<ClosureRegistration> = []
    var mutations: Set<ChildMutation> = []
    var unretained: Set<UnretainedChild> = []
    var clearings: Set<PropertyClearing> = []
    var opaqueClosures: Set<OpaqueObjectClosure> = []
    var localObjectClosures: Set<LocalObjectClosure> = []
    var frameworkMemberClosures: Set<FrameworkMemberClosure> = []
    var localObjectReferences: Set<LocalObjectReference> = []
    /// Where each project type is constructed (`T(...)`): a type constructed once, by an object that
    /// lives as long as the process, has no other instance.
    var constructions: Set<Construction> = []
    /// Constructions used only as the receiver of a call (`Flow(…).start()`): nothing keeps the result.
    var droppedConstructions: Set<SourceLocation> = []
    /// Assignments to own properties in methods, and what property observers clear: together, the
    /// teardown a method performs through an observer (`shouldPlay = false` → `didSet` → `stream = nil`).
    var observedAssignments: Set<PropertyAssignmentSite> = []
    var observerClearings: Set<ObserverClearing> = []
    /// Closures capturing a parameter of their function, and what calls hand to project functions'
    /// parameters: together, what such a closure keeps (`CapturedParameters`).
    var capturedParameters: Set<CapturedParameter> = []
    var parameterArguments: Set<ParameterArgument> = []
    var parameterCells: Set<ParameterCell> = []
    var listObjectCells: Set<ListObjectCell> = []
    var elementRemovals: Set<ElementRemoval> = []
    var singletonCalls: Set<SingletonCall> = []
    var awaitingTasks: Set<AwaitingTask> = []
    /// Project methods given `nil` (`stack.setRootCoordinator(nil)`): how a setter that clears when given
    /// nil is asked to clear, and on which object.
    var nilArgumentCalls: Set<NilArgumentCall> = []
    /// Closures handed to a subscription's value-mapping operators (`.flatMap { … }`): each gives a value.
    var valueMappingClosures: Set<ClosureRef> = []

    mutating func merge(_ other: Recordings) {
        stores.formUnion(other.stores)
        containers.formUnion(other.containers)
        registrations.formUnion(other.registrations)
        mutations.formUnion(other.mutations)
        unretained.formUnion(other.unretained)
        clearings.formUnion(other.clearings)
        opaqueClosures.formUnion(other.opaqueClosures)
        localObjectClosures.formUnion(other.localObjectClosures)
        frameworkMemberClosures.formUnion(other.frameworkMemberClosures)
        localObjectReferences.formUnion(other.localObjectReferences)
        constructions.formUnion(other.constructions)
        droppedConstructions.formUnion(other.droppedConstructions)
        observedAssignments.formUnion(other.observedAssignments)
        observerClearings.formUnion(other.observerClearings)
        capturedParameters.formUnion(other.capturedParameters)
        parameterArguments.formUnion(other.parameterArguments)
        parameterCells.formUnion(other.parameterCells)
        listObjectCells.formUnion(other.listObjectCells)
        elementRemovals.formUnion(other.elementRemovals)
        singletonCalls.formUnion(other.singletonCalls)
        awaitingTasks.formUnion(other.awaitingTasks)
        nilArgumentCalls.formUnion(other.nilArgumentCalls)
        valueMappingClosures.formUnion(other.valueMappingClosures)
        environments.merge(other.environments) { first, _ in first }
    }
}

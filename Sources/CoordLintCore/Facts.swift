/// Facts are what a frontend knows about one file, in a language-neutral model. They say what is
/// declared, stored, assigned, called and captured — never whether anything leaks.

public enum SourceLanguage: String, Codable, Sendable, Hashable {
    case swift
    case objectiveC = "objective-c"
}

public struct SourceRange: Hashable, Codable, Sendable {
    public var start: SourceLocation
    public var end: SourceLocation
    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }
}

/// Everything one file declares and does.
public struct FileFacts: Hashable, Codable, Sendable {
    public var file: String
    public var language: SourceLanguage
    public var lineCount: Int
    /// Declarations and extensions, in source order (an extension is merged into its type later).
    public var types: [TypeFact] = []
    /// Methods, initializers, accessors and free functions, in source order.
    public var functions: [FunctionFact] = []
    /// Every closure or block in the file; `ValueExpression.closure(id)` indexes this array.
    public var closures: [ClosureFact] = []
    /// `coordlint:` comments, verbatim (suppressions are matched by text: comments only).
    public var directives: [CommentDirective] = []
    /// File-scope stored variables (`private var current = Environment()`): process-lifetime objects.
    public var globalVariables: [PropertyFact] = []
    /// `typealias ScreenViewModelType = StateStoreViewModel<State, Action>`, at file scope or in a type.
    public var typeAliases: [TypeAliasFact] = []
    /// The file writes `if let x` / `guard let x else` without a value (Swift 5.7's shorthand): advice may
    /// use it too, as the project's compiler takes it.
    public var usesShorthandBinding = false
    /// Every capitalized name the file's code writes anywhere but as the name of a declaration or an extension
    /// (`Foo()`, `: Foo`, `Foo.shared`, `[Foo]`), sorted: a class no file names is one no Swift code makes.
    public var namedTypes: [String] = []

    public init(file: String, language: SourceLanguage, lineCount: Int) {
        self.file = file
        self.language = language
        self.lineCount = lineCount
    }
}

/// A type alias: its qualified name (`Outer.Alias` when declared in a type) and the nominal type it
/// names, generic arguments dropped (`StateStoreViewModel`).
public struct TypeAliasFact: Hashable, Codable, Sendable {
    public var name: String
    public var target: String
    public var location: SourceLocation

    public init(name: String, target: String, location: SourceLocation) {
        self.name = name
        self.target = target
        self.location = location
    }
}

public enum TypeKind: String, Codable, Sendable, Hashable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`
}

/// A type declaration or an extension of one.
public struct TypeFact: Hashable, Codable, Sendable {
    /// Qualified by enclosing types: `Outer.Inner`. For an extension, the extended type's name.
    public var name: String
    public var kind: TypeKind
    /// The inheritance clause as written (superclass and protocols, unresolved), generic arguments stripped.
    public var inherited: [String]
    public var location: SourceLocation
    /// Where `: AnyObject` (no clause yet) or `AnyObject, ` (before the first inherited name) goes.
    public var inheritanceInsertion: SourceLocation
    public var hasInheritanceClause: Bool
    public var properties: [PropertyFact] = []
    /// The name the Objective-C runtime sees (`@objc(Name)`), when it differs.
    public var objcName: String?
    /// Declared in Objective-C or marked `@objc` (an `@objc` protocol is class-bound).
    public var isObjC = false
    /// An enum's cases with associated values, in source order.
    public var enumCases: [EnumCaseFact] = []
    /// `class NavigationStack<T: NavigationCoordinatable>`: the type's generic parameters.
    public var genericParameters: [GenericParameterFact] = []

    public init(
        name: String, kind: TypeKind, inherited: [String], location: SourceLocation,
        inheritanceInsertion: SourceLocation, hasInheritanceClause: Bool
    ) {
        self.name = name
        self.kind = kind
        self.inherited = inherited
        self.location = location
        self.inheritanceInsertion = inheritanceInsertion
        self.hasInheritanceClause = hasInheritanceClause
    }
}

/// A generic parameter (`Output: Coordinatable`), with the first protocol or class it is constrained
/// to, in its clause or by a `where` clause (`where Output: Coordinatable`); nil when unconstrained.
public struct GenericParameterFact: Hashable, Codable, Sendable {
    public var name: String
    public var constraint: String?
    public init(name: String, constraint: String?) {
        self.name = name
        self.constraint = constraint
    }
}

/// `case settings(viewModel: SettingsViewModel, animated: Bool)`: the case and its associated values' types.
public struct EnumCaseFact: Hashable, Codable, Sendable {
    public var name: String
    public var payload: [TypeReference]
    /// Each associated value's label (`viewModel`), nil where none is written; one per `payload` entry.
    public var labels: [String?]
    /// Where each associated value is declared (its label, or its type when it has none); one per entry.
    public var payloadLocations: [SourceLocation]
    public init(name: String, payload: [TypeReference], labels: [String?], payloadLocations: [SourceLocation]) {
        self.name = name
        self.payload = payload
        self.labels = labels
        self.payloadLocations = payloadLocations
    }
}

public enum Ownership: String, Codable, Sendable, Hashable {
    case strong, weak, unowned
    case unownedUnsafe = "unowned(unsafe)"
    /// Objective-C `copy`: strong for objects, and how blocks are kept.
    case copy
    /// Objective-C `assign` / `unsafe_unretained` on an object pointer.
    case assign

    /// Whether this reference keeps its target alive.
    public var retains: Bool { self == .strong || self == .copy }
}

/// A type reference as written, seen through optionals, IUOs, collections and property wrappers.
public struct TypeReference: Hashable, Codable, Sendable {
    public enum Container: String, Codable, Sendable, Hashable {
        case none, array, set, dictionary
    }
    /// The innermost nominal type (`MainCoordinator` for `[String: MainCoordinator]?`); empty for a
    /// function type or a tuple.
    public var name: String
    public var container: Container
    public var isOptional: Bool
    public var isFunction: Bool
    /// Generic arguments of the innermost nominal type (`SceneCoordinator<LoginViewController>`).
    public var genericArguments: [String]
    /// A function type whose result is not `Void` (`() -> UIColor`): a one-expression closure stored
    /// there returns its expression's value.
    public var returnsValue: Bool

    /// `Void` or `()` (a tuple reads with no name): a result that is no value.
    public var isVoid: Bool {
        container == .none && !isFunction && (name == "Void" || name == "Swift.Void" || name.isEmpty)
    }

    public init(name: String, container: Container = .none, isOptional: Bool = false,
                isFunction: Bool = false, genericArguments: [String] = [], returnsValue: Bool = false) {
        self.name = name
        self.container = container
        self.isOptional = isOptional
        self.isFunction = isFunction
        self.genericArguments = genericArguments
        self.returnsValue = returnsValue
    }
}

/// A stored property, an Objective-C ivar, or a protocol's property requirement.
public struct PropertyFact: Hashable, Codable, Sendable {
    public var name: String
    /// The declared type, or the one inferred from a simple initializer (`= T()`, `= [T]()`).
    public var type: TypeReference?
    public var ownership: Ownership
    public var isLet: Bool
    public var isLazy: Bool
    public var isStatic: Bool
    /// A protocol requirement: the conformer decides how it is stored.
    public var isRequirement: Bool
    /// Its storage belongs to a framework (`@NSManaged`: Core Data's context keeps relationships as
    /// faults), so it is not an ordinary strong reference of the object.
    public var isFrameworkManaged = false
    /// Connected by the nib or storyboard loader (`@IBOutlet`): UIKit assigns it an object of its
    /// declared type when the view loads.
    public var isOutlet = false
    /// The binding keyword (`var` / `let`; `@property` in Objective-C): where `weak ` is inserted.
    public var location: SourceLocation
    public var bindingKeyword: SourceRange
    /// The end of the written type, where `?` makes it optional; nil when no type is written.
    public var typeEnd: SourceLocation?
    /// The initial value: `= T()`, `= { ... }`, `lazy var x = { ... }`.
    public var initializer: ValueExpression?
    /// The edits that make this reference weak, when the frontend knows them better than the generic
    /// Swift fix (Objective-C: `strong` → `weak` in the attribute list).
    public var weakEdits: [TextEdit]?

    public init(name: String, type: TypeReference?, ownership: Ownership, isLet: Bool, isLazy: Bool,
                isStatic: Bool, isRequirement: Bool, location: SourceLocation, bindingKeyword: SourceRange,
                typeEnd: SourceLocation?, initializer: ValueExpression?) {
        self.name = name
        self.type = type
        self.ownership = ownership
        self.isLet = isLet
        self.isLazy = isLazy
        self.isStatic = isStatic
        self.isRequirement = isRequirement
        self.location = location
        self.bindingKeyword = bindingKeyword
        self.typeEnd = typeEnd
        self.initializer = initializer
    }
}

public struct ParameterFact: Hashable, Codable, Sendable {
    /// The argument label callers write (nil for `_`).
    public var label: String?
    public var name: String
    public var type: TypeReference?
    public var isEscaping: Bool
    /// `= value` after the type: callers may leave the argument out.
    public var hasDefault: Bool
    /// `T...`: takes any number of unlabelled arguments after its own.
    public var isVariadic: Bool
    public init(label: String?, name: String, type: TypeReference?, isEscaping: Bool,
                hasDefault: Bool = false, isVariadic: Bool = false) {
        self.label = label
        self.name = name
        self.type = type
        self.isEscaping = isEscaping
        self.hasDefault = hasDefault
        self.isVariadic = isVariadic
    }
}

/// A method, initializer, accessor or free function, with what its body does.
public struct FunctionFact: Hashable, Codable, Sendable {
    public enum Kind: String, Hashable, Codable, Sendable {
        case method, initializer, deinitializer, accessor, propertyInitializer, free
    }
    /// Base name: `start`, `init`, `viewDidLoad`; the property's name for accessors and initial values.
    public var name: String
    public var kind: Kind
    /// The type it belongs to (qualified), nil for a free function.
    public var owner: String?
    public var isStatic: Bool
    public var parameters: [ParameterFact]
    public var location: SourceLocation
    /// What the body does, in source order (closures' bodies included, tagged with their closure).
    public var events: [BodyEvent] = []
    /// The declared result type (`-> Self`, `-> FeedCoordinator`), nil when none is written.
    public var returnType: TypeReference?
    /// Declared `async` / `throws`: a call to it is written `try await`.
    public var isAsync = false
    public var isThrowing = false
    /// The sequences its own body (not a closure's) loops over with `for await` (`camera.previewStream.map(…)`).
    public var awaitedSequences: [ValueExpression] = []
    /// `func route<Output: Coordinatable>(…)`: the function's own generic parameters.
    public var genericParameters: [GenericParameterFact] = []
    /// A method only its file can call, which nothing in the file names (`private func` never called, not
    /// `@objc`): its body never runs.
    public var isNeverCalled = false
    /// Declared in a constrained extension (`extension Coordinator where Self: EditBehavior & Listing`): the
    /// types `self` also is there, so only the owner's conformers of them run it.
    public var selfConstraints: [String] = []

    public init(name: String, kind: Kind, owner: String?, isStatic: Bool, parameters: [ParameterFact],
                location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.owner = owner
        self.isStatic = isStatic
        self.parameters = parameters
        self.location = location
    }

    /// `start(coordinator:)`, `pushViewController(_:animated:)`.
    public var signature: String { CallExpression.signature(name, labels: parameters.lazy.map(\.label)) }
}

/// One thing a function body does that ownership may depend on.
public struct BodyEvent: Hashable, Codable, Sendable {
    public enum Kind: Hashable, Codable, Sendable {
        /// `let name = value` / `var name: T = value` / `guard let name = value`.
        case binding(name: String, type: TypeReference?, value: ValueExpression?)
        /// `target op value` where op is `=`, `+=`, `-=`.
        case assignment(target: ValueExpression, op: String, value: ValueExpression)
        /// A call anywhere in the body, nested ones included.
        case call(CallExpression)
        /// `return value`: the value outlives the function (its caller keeps it).
        case returned(ValueExpression)
    }
    public var kind: Kind
    public var location: SourceLocation
    /// Where the assigned or bound value starts.
    public var valueLocation: SourceLocation?
    /// The innermost closure the event happens in (nil: the function body itself).
    public var closure: Int?

    public init(kind: Kind, location: SourceLocation, valueLocation: SourceLocation? = nil, closure: Int?) {
        self.kind = kind
        self.location = location
        self.valueLocation = valueLocation
        self.closure = closure
    }
}

/// A capture-list entry: `[weak self]`, `[unowned nav]`, `[x = y]`.
public struct CaptureItem: Hashable, Codable, Sendable {
    public var name: String
    public var ownership: Ownership
    /// `[x = y]`: what is captured under `name`.
    public var value: ValueExpression?
    public var location: SourceLocation
    public init(name: String, ownership: Ownership, value: ValueExpression?, location: SourceLocation) {
        self.name = name
        self.ownership = ownership
        self.value = value
        self.location = location
    }
}

/// A use of `self` (or of a name that may be an implicit member of `self`) inside a closure.
public struct SelfUse: Hashable, Codable, Sendable {
    public enum Form: Hashable, Codable, Sendable {
        /// `self.member` — the fix turns `self.` into `self?.`.
        case explicitMember
        /// `self.member` whose value is used (an argument, an operand, an initial value, a condition):
        /// through `self?.` it would be optional, so a weak capture must unwrap `self` first.
        case memberValue
        /// `self` on its own in a capture list (`[self]`, a nested `[weak self]`, `[s = self]`).
        case explicit
        /// `self` as a value elsewhere (an argument, an operand, a re-binding): a weak capture must unwrap it.
        case value
        /// A name bound to `self` earlier (`strongSelf`).
        case alias(String)
    }
    public var form: Form
    public var location: SourceLocation
    public init(form: Form, location: SourceLocation) {
        self.form = form
        self.location = location
    }
}

/// A closure (Swift) or block (Objective-C), and what it captures.
public struct ClosureFact: Hashable, Codable, Sendable {
    public var id: Int
    /// The opening brace (`^` for a block).
    public var location: SourceLocation
    /// The function (index into `FileFacts.functions`) whose body holds it.
    public var function: Int = -1
    /// The enclosing closure, if nested.
    public var parent: Int?
    public var captureList: [CaptureItem]
    /// How `self` is held if the closure uses it: from its capture list, else from the enclosing
    /// scope (`weak` inside a `[weak self]` closure until `guard let self` re-binds it strongly).
    public var selfBinding: Ownership
    /// Uses of self in the body, nested closures included (they make this one capture self too).
    public var selfUses: [SelfUse]
    /// Free identifiers the body uses, nested closures included: captured locals and parameters, or
    /// implicit members of `self` (the analysis knows which).
    public var freeNames: [NameUse]
    /// `{ ... }()`.
    public var isImmediatelyInvoked: Bool
    /// Where `[weak self] ` goes: just after `{`, or inside an existing capture list.
    public var captureListInsertion: SourceLocation
    public var hasCaptureList: Bool
    public var hasSignature: Bool
    /// How many statements its body has, and whether one of them returns a value: a closure of
    /// several statements that returns nothing is a `Void` closure, where `guard let self` compiles.
    public var statementCount = 0
    public var returnsValue = false
    /// Its own body (not a nested closure's) has a `for await` loop: it runs while the sequence yields.
    public var loopsOverAsyncSequence = false
    /// A weak `self` re-bound strongly by a `guard` of the body before one of its own `for await` loops
    /// (`Task { [weak self] in guard let self else { return }; for await x in s { … } }`): the closure
    /// holds `self` for as long as the loop runs.
    public var holdsSelfAcrossLoop = false
    /// Where its first statement starts (where `guard let self else { return }; ` goes).
    public var bodyStart: SourceLocation?
    /// A body that is one call of a method of `self` (`{ self.submit(x) }`, `{ submit(x) }`): the method's
    /// base name, whose declared result says whether the closure returns a value.
    public var soleSelfCall: String?
    /// A body that is one expression: its value, which the closure returns (`Deferred { Future { … } }`).
    public var soleExpression: ValueExpression?

    public init(id: Int, location: SourceLocation, parent: Int?, captureList: [CaptureItem], selfBinding: Ownership,
                selfUses: [SelfUse], freeNames: [NameUse], isImmediatelyInvoked: Bool,
                captureListInsertion: SourceLocation, hasCaptureList: Bool, hasSignature: Bool) {
        self.id = id
        self.location = location
        self.parent = parent
        self.captureList = captureList
        self.selfBinding = selfBinding
        self.selfUses = selfUses
        self.freeNames = freeNames
        self.isImmediatelyInvoked = isImmediatelyInvoked
        self.captureListInsertion = captureListInsertion
        self.hasCaptureList = hasCaptureList
        self.hasSignature = hasSignature
    }
}

public struct NameUse: Hashable, Codable, Sendable {
    public var name: String
    public var location: SourceLocation
    /// Its value is used (an operand, an argument, a condition: `if items.isEmpty`), not only called or assigned
    /// to: as a member of a weak `self` it would be optional there.
    public var isValue: Bool
    public init(name: String, location: SourceLocation, isValue: Bool = false) {
        self.name = name
        self.location = location
        self.isValue = isValue
    }
}

/// A `coordlint:` comment, kept verbatim with its location.
public struct CommentDirective: Hashable, Codable, Sendable {
    public var text: String
    public var location: SourceLocation
    public init(text: String, location: SourceLocation) {
        self.text = text
        self.location = location
    }
}

extension Array where Element == ClosureFact {
    /// Whether closure `closure` is `ancestor` or nested in it (a file's closures, by id).
    public func isClosure(_ closure: Int, within ancestor: Int) -> Bool {
        var current: Int? = closure
        while let id = current, id >= 0, id < count {
            if id == ancestor { return true }
            current = self[id].parent
        }
        return false
    }
}

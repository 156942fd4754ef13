/// Expressions in function bodies, as the frontends write them and the analysis evaluates them.

/// An expression as far as ownership cares. Anything else is `.unknown`.
public indirect enum ValueExpression: Hashable, Codable, Sendable {
    case selfReference
    /// An identifier: a local, a parameter, a type, or a member of `self` used implicitly.
    case name(String)
    /// `base.member` (optional chaining and force unwraps seen through).
    case member(ValueExpression, String)
    /// `callee(args)`: a call, a construction (`T(...)`), or a static factory (`T.instantiate()`).
    case call(CallExpression)
    case closure(Int)
    case array([ValueExpression])
    /// `(child, child as FlowOutput)`: a tuple of two or more values (`pair.0` is its first).
    case tuple([ValueExpression])
    /// `x as! T`, `x as? T`.
    case cast(ValueExpression, String)
    /// `&x`.
    case inOut(ValueExpression)
    /// `true` / `false` (timers' `repeats:`).
    case boolean(Bool)
    /// `nil`.
    case nilLiteral
    /// `base[key]`.
    case subscriptAccess(ValueExpression)
    /// `x ?? y`, `c ? x : y`: one of these values, whichever the run takes.
    case alternatives([ValueExpression])
    /// The associated value at `position` of the case `name` of an enum value: `viewModel` in
    /// `switch scene { case .settings(let viewModel): … }` is `.enumPayload(scene, "settings", 0)`.
    case enumPayload(ValueExpression, String, Int)
    /// `.someCase` with no base: a member of the type the context expects (an enum case, a static
    /// constant: `.OBJC_ASSOCIATION_RETAIN_NONATOMIC`), named so a known API's argument can be read.
    case implicitMember(String)
    case literal
    case unknown
}

public struct CallExpression: Hashable, Codable, Sendable {
    /// The receiver (`nav` in `nav.push(...)`); nil for a bare call (`start()`, `T(...)`).
    public var base: ValueExpression?
    public var name: String
    public var arguments: [CallArgument]
    public var location: SourceLocation
    /// `.room(members: m)`: a member of the type the context expects (an enum case, a static factory,
    /// `.init`), written with a leading dot and no base.
    public var isImplicitMember: Bool
    /// Written under `await` (`await load()`, `try await x.f().g()`): only such a call may be of an `async`
    /// function, so a call without it is never one of an `async` overload.
    public var isAwaited: Bool

    public init(base: ValueExpression?, name: String, arguments: [CallArgument], location: SourceLocation,
                isImplicitMember: Bool = false, isAwaited: Bool = false) {
        self.base = base
        self.name = name
        self.arguments = arguments
        self.location = location
        self.isImplicitMember = isImplicitMember
        self.isAwaited = isAwaited
    }

    /// `pushViewController(_:animated:)`.
    public var signature: String { Self.signature(name, labels: arguments.lazy.map(\.label)) }

    /// `name(label:_:)`, built in one buffer: the analysis asks for signatures of calls and functions
    /// by the hundred thousand.
    public static func signature(_ name: String, labels: some Collection<String?>) -> String {
        var signature = name
        signature.reserveCapacity(name.utf8.count + 2 + labels.count * 8)
        signature.append("(")
        for label in labels {
            signature.append(label ?? "_")
            signature.append(":")
        }
        signature.append(")")
        return signature
    }
}

public struct CallArgument: Hashable, Codable, Sendable {
    public var label: String?
    public var value: ValueExpression
    public var location: SourceLocation
    /// The unlabelled closure after the parentheses (`f(x) { … }`), which binds to a parameter by
    /// position, whatever that parameter's label.
    public var isTrailingClosure: Bool
    public init(label: String?, value: ValueExpression, location: SourceLocation, isTrailingClosure: Bool = false) {
        self.label = label
        self.value = value
        self.location = location
        self.isTrailingClosure = isTrailingClosure
    }
}

import CoordLintCore
import SwiftFrontend
import Testing

/// The Swift frontend's facts on real source text.
@Suite struct SwiftFrontendTests {
    func facts(_ source: String) -> FileFacts {
        SwiftFactExtractor.extract(source: source, file: "F.swift").0
    }

    /// A call under `await` (anywhere in its expression, or an `async let`) may be of an `async` overload; one
    /// without never is; an `await` outside a closure does not cover the closure's calls.
    @Test func callsKnowWhetherAnAwaitCoversThem() {
        let f = facts("""
            final class Store {
                func run() async throws {
                    let sites = try await remote.load().map(convert)
                    async let plan = remote.plan()
                    remote.publisher()
                    _ = await remote.wrap { remote.inner() }
                }
            }
            """)
        var awaited: [String: Bool] = [:]
        for event in f.functions[0].events {
            if case .call(let call) = event.kind { awaited[call.name] = call.isAwaited }
        }
        #expect(awaited == ["load": true, "map": true, "plan": true, "publisher": false, "wrap": true, "inner": false])
    }

    @Test func storedPropertiesAreSeenThroughOptionalsCollectionsAndWrappers() {
        let f = facts("""
            class A: UIViewController, Storyboarded {
                weak var coordinator: MainCoordinator?
                unowned(unsafe) let owner: Owner
                unowned var other: Owner
                var children = [Coordinator]()
                var byName: [String: Coordinator] = [:]
                var set: Set<Coordinator> = []
                var iuo: Transitions!
                @Published var model: ViewModel
                lazy var helper = Helper()
                var computed: Int { 1 }
                var observed: Int = 0 { didSet { print(observed) } }
                static var shared: A?
            }
            """)
        let type = f.types[0]
        #expect(type.name == "A" && type.kind == .class && type.inherited == ["UIViewController", "Storyboarded"])
        let props = Dictionary(uniqueKeysWithValues: type.properties.map { ($0.name, $0) })
        #expect(props["computed"] == nil)
        #expect(props["coordinator"]?.ownership == .weak)
        #expect(props["coordinator"]?.type == TypeReference(name: "MainCoordinator", isOptional: true))
        #expect(props["owner"]?.ownership == .unownedUnsafe && props["owner"]?.isLet == true)
        #expect(props["other"]?.ownership == .unowned)
        #expect(props["children"]?.type == TypeReference(name: "Coordinator", container: .array))
        #expect(props["byName"]?.type?.container == .dictionary && props["byName"]?.type?.name == "Coordinator")
        #expect(props["set"]?.type?.container == .set)
        #expect(props["iuo"]?.type?.isOptional == true && props["iuo"]?.type?.name == "Transitions")
        #expect(props["model"]?.type?.name == "ViewModel")
        #expect(props["helper"]?.isLazy == true && props["helper"]?.type?.name == "Helper")
        #expect(props["observed"] != nil)
        #expect(props["shared"]?.isStatic == true)
        // The location is the binding keyword, where `weak ` is inserted.
        #expect(props["coordinator"]?.location == SourceLocation(file: "F.swift", line: 2, column: 10))
        #expect(props["children"]?.location == SourceLocation(file: "F.swift", line: 5, column: 5))
    }

    /// The names a file writes, for "no code names this class": not a declaration's own name, not the type an
    /// extension extends (planetary's `UniversalSearchResultsView` is named by nothing but its declaration).
    @Test func namedTypesLeaveOutDeclarationsAndExtensions() {
        let f = facts("""
            final class Foo: Base, Proto { let bar = Bar(); var baz: [Baz] = [] }
            extension Foo: Other { static func make() -> Made { .init() } }
            extension Outer.Inner {}
            typealias Alias = Target
            func run() { _ = lowercase; Helper.shared.go() }
            """)
        #expect(f.namedTypes == ["Bar", "Base", "Baz", "Helper", "Inner", "Made", "Other", "Outer", "Proto", "Target"])
    }

    /// cryptomator: `extension Coordinator where Self: DefaultAccountSelectionBehavior & AccountListing`.
    @Test func aConstrainedExtensionRecordsWhatSelfAlsoIs() {
        let f = facts("""
            extension Coordinator where Self: EditBehavior & Listing, Self.Route == Int {
                func show() {}
            }
            extension Coordinator where Self: AnyObject { func plain() {} }
            extension Flow where Self == AppFlow { func root() {} }
            final class Plain { func run() {} }
            """)
        let constraints = Dictionary(uniqueKeysWithValues: f.functions.map { ($0.name, $0.selfConstraints) })
        #expect(constraints == ["show": ["EditBehavior", "Listing"], "plain": [], "root": ["AppFlow"], "run": []])
    }

    @Test func protocolsRecordTheirClauseAndRequirements() {
        let f = facts("""
            protocol Coordinator: AnyObject { var childCoordinators: [Coordinator] { get set } }
            protocol LoginDelegate { func done() }
            extension Outer.Inner: LoginDelegate {}
            struct Outer { struct Inner {} }
            """)
        #expect(f.types[0].kind == .protocol && f.types[0].inherited == ["AnyObject"])
        #expect(f.types[0].properties.first?.isRequirement == true)
        #expect(f.types[1].hasInheritanceClause == false)
        #expect(f.types[1].inheritanceInsertion == SourceLocation(file: "F.swift", line: 2, column: 23))
        #expect(f.types[2].kind == .extension && f.types[2].name == "Outer.Inner")
        #expect(f.types[4].name == "Outer.Inner")
    }

    @Test func genericParametersRecordTheirConstraints() {
        let f = facts("""
            final class Wrapper<Content: Routable, Label>: Routable {
                func show<Child: Routable>(_ make: () -> Child) -> Child { make() }
                func adopt<Child, Other>(_ child: Child, _ other: Other) where Child: Coordinator, Other == Int {}
                init<T: AnyObject & Screen>(_ value: T) {}
                func plain() {}
            }
            """)
        #expect(f.types[0].genericParameters == [GenericParameterFact(name: "Content", constraint: "Routable"),
                                                 GenericParameterFact(name: "Label", constraint: nil)])
        let functions = Dictionary(uniqueKeysWithValues: f.functions.map { ($0.signature, $0.genericParameters) })
        #expect(functions["show(_:)"] == [GenericParameterFact(name: "Child", constraint: "Routable")])
        // A `where` clause constrains a parameter its clause leaves open; a same-type requirement does not.
        #expect(functions["adopt(_:_:)"] == [GenericParameterFact(name: "Child", constraint: "Coordinator"),
                                             GenericParameterFact(name: "Other", constraint: nil)])
        #expect(functions["init(_:)"]?.first?.name == "T")
        #expect(functions["plain()"] == [])
    }

    @Test func bodyEventsRecordBindingsAssignmentsAndCalls() {
        let f = facts("""
            class C {
                func start() {
                    let vc = BuyViewController.instantiate()
                    vc.coordinator = self
                    navigationController.pushViewController(vc, animated: true)
                    let other = storyboard.instantiateViewController(withIdentifier: "x") as! OtherViewController
                }
            }
            """)
        let events = f.functions[0].events
        #expect(events.contains { if case .binding("vc", _, .call(let c)?) = $0.kind { c.name == "instantiate" } else { false } })
        #expect(events.contains { if case .assignment(.member(.name("vc"), "coordinator"), "=", .selfReference) = $0.kind { true } else { false } })
        #expect(events.contains { if case .call(let c) = $0.kind { c.signature == "pushViewController(_:animated:)" && c.base == .name("navigationController") } else { false } })
        #expect(events.contains { if case .binding("other", _, .cast(_, "OtherViewController")?) = $0.kind { true } else { false } })
    }

    @Test func closuresRecordCaptureListsAndSelfRebinding() {
        let f = facts("""
            class C {
                func f() {
                    a.onDone = { [weak self] in
                        guard let self else { return }
                        b.handler = { self.go() }
                    }
                    c.onTap = { [unowned self] x in self.go(); use(x); local() }
                    d.value = { [self] in go() }()
                }
            }
            """)
        #expect(f.closures.count == 4)
        #expect(f.closures[0].selfBinding == .weak)
        #expect(f.closures[0].captureList.first?.ownership == .weak)
        #expect(f.closures[1].selfBinding == .strong)  // after `guard let self`
        #expect(f.closures[1].parent == 0)
        #expect(f.closures[1].selfUses.first?.form == .explicitMember)
        #expect(f.closures[2].selfBinding == .unowned)
        #expect(f.closures[2].freeNames.map(\.name) == ["use", "local"])  // `x` is a parameter
        #expect(f.closures[3].isImmediatelyInvoked)
        #expect(f.closures[0].location == SourceLocation(file: "F.swift", line: 3, column: 20))
        #expect(f.closures[2].captureListInsertion == SourceLocation(file: "F.swift", line: 7, column: 22))
    }

    @Test func columnsCountUTF8Bytes() {
        let f = facts("let s = \"é\"; class A { var delegate: D? }\n")
        #expect(f.types[0].properties[0].location.column == 25)  // "é" is two bytes
    }

    @Test func malformedInputStillYieldsWhatParsed() {
        let (f, diagnostics) = SwiftFactExtractor.extract(source: "class A { var x: B\n func ( {{ }\nclass Z { weak var d: D? }", file: "F.swift")
        #expect(diagnostics.count == 1)
        #expect(f.types.contains { $0.name == "A" })
    }
}

/// Lines and columns as the Swift grammar counts them: `\n`, `\r` and `\r\n` each end a line; columns
/// are UTF-8 bytes from 1. (The frontend reads its line table from the text, not from the tree.)
@Suite struct SourceLocationTests {
    @Test func everyLineBreakCountsOnceAndColumnsAreBytes() {
        let source = "class A {\r\n    var x = 1\r    var y = 2\n\n    let é = 3; var z = 4 }"
        let (facts, _) = SwiftFactExtractor.extract(source: source, file: "F.swift")
        let lines = Dictionary(uniqueKeysWithValues: facts.types[0].properties.map { ($0.name, $0.location) })
        #expect(lines["x"].map { "\($0.line):\($0.column)" } == "2:5")
        #expect(lines["y"].map { "\($0.line):\($0.column)" } == "3:5")
        #expect(lines["é"].map { "\($0.line):\($0.column)" } == "5:5")
        #expect(lines["z"].map { "\($0.line):\($0.column)" } == "5:17")
        #expect(facts.lineCount == 5)
    }

    @Test func aLastLineBreakEndsTheLastLine() {
        #expect(SwiftFactExtractor.extract(source: "class A {}\r\n", file: "F.swift").0.lineCount == 1)
        #expect(SwiftFactExtractor.extract(source: "class A {}\r\nclass B {}", file: "F.swift").0.lineCount == 2)
        #expect(SwiftFactExtractor.extract(source: "", file: "F.swift").0.lineCount == 0)
    }
}

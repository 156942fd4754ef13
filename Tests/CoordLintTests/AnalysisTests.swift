@testable import Analysis
import CoordLintCore
import SwiftFrontend
import Testing

/// The middle floor on small sources of our own: type resolution, evaluation, graph building and
/// cycle enumeration, each checked directly rather than through a rule.
@Suite struct AnalysisTests {
    func program(_ sources: [String: String]) -> Program {
        Program(files: sources.sorted { $0.key < $1.key }.map { SwiftFactExtractor.extract(source: $0.value, file: $0.key).0 })
    }

    func program(_ source: String) -> Program { program(["A.swift": source]) }

    // MARK: Resolution

    @Test func namesResolveThroughNestingObjCNamesAndUniqueSimpleNames() {
        let p = program([
            "A.swift": """
                final class Outer { final class Inner {} }
                final class Other { final class Inner {} }
                @objc(LegacyThing) final class Thing: NSObject {}
                final class Lone {}
                """,
        ])
        #expect(p.types.resolve("Inner", from: "Outer") == "Outer.Inner")
        #expect(p.types.resolve("Inner", from: "Other") == "Other.Inner")
        #expect(p.types.resolve("Inner", from: nil) == nil)  // two candidates: unknown, not a guess
        #expect(p.types.resolve("LegacyThing", from: nil) == "Thing")
        #expect(p.types.resolve("Lone", from: "Outer") == "Lone")
        #expect(p.types.resolve("UIViewController", from: nil) == nil)
    }

    @Test func extensionsSuperclassesAndRolesMerge() {
        let p = program([
            "A.swift": """
                protocol Coordinating: AnyObject { func start() }
                class Base { var children: [Coordinating] = [] }
                final class AppFlow: Base {}
                extension AppFlow: Coordinating { func start() {} }
                final class HomeScreen: UITableViewController {}
                protocol PickerDelegate {}
                @objc protocol LegacyDelegate {}
                final class ListScreen: UIViewController, Coordinating { func start() {} }
                """,
        ])
        #expect(p.types.isClassBound(protocol: "LegacyDelegate"))  // @objc protocols are class-bound
        #expect(p.types["ListScreen"]?.category == .viewController)  // inheritance decides before names
        #expect(p.types["AppFlow"]?.superclass == "Base")
        #expect(p.types["AppFlow"]?.conformances.contains("Coordinating") == true)
        #expect(p.types.storedProperties(of: "AppFlow").map(\.property.name) == ["children"])
        #expect(p.types["AppFlow"]?.category == .coordinator)
        #expect(p.types["HomeScreen"]?.category == .viewController)
        #expect(p.types.isChildCollection(named: "children", of: "AppFlow"))
        #expect(p.types.isClassBound(protocol: "Coordinating"))
        #expect(!p.types.isClassBound(protocol: "PickerDelegate"))
    }

    /// SideStore: `open class RSTOperation: Operation` (Foundation's, in the library's module) and the app's own
    /// `class Operation: RSTOperation`. Resolved by name across modules they inherit each other; one link is
    /// kept, so every walk up the chain ends (it looped for ever) and the rest of the program is analyzed.
    @Test func aSuperclassChainNeverLoops() {
        let p = program([
            "Operation.swift": "class Operation: RSTOperation { var reported = 0 }\n",
            "RSTOperation.swift": "open class RSTOperation: Operation { var finishedOnce = false }\n",
            "Decoder.swift": "public final class JSONDecoder: Foundation.JSONDecoder { var context: AnyObject? }\n",
        ])
        #expect(p.types["Operation"]?.superclass == "RSTOperation")
        #expect(p.types["RSTOperation"]?.superclass == nil)
        #expect(p.types.storedProperties(of: "Operation").map(\.property.name) == ["reported", "finishedOnce"])
        #expect(p.types.storedProperties(of: "RSTOperation").map(\.property.name) == ["finishedOnce"])
        #expect(p.types["JSONDecoder"]?.superclass == nil)
        #expect(p.types.storedProperties(of: "JSONDecoder").map(\.property.name) == ["context"])
    }

    // MARK: Evaluation

    /// Counts what the evaluator hands its recorders.
    struct CountingRecorder: Recorder {
        var calls: [String] = []
        mutating func record(_ observation: Observation, in scope: FunctionScope, into results: inout Recordings) {
            if case .call(let call) = observation { calls.append(call.call.name) }
        }
    }

    @Test func everyCallIsEvaluatedOnceEvenWhenNested() {
        let p = program("""
            final class Child {}
            final class Box { var item: Child?; func wrap(_ c: Child) -> Child { c } }
            final class Owner {
                let box = Box()
                func run() { box.item = box.wrap(Child()) }
            }
            """)
        let run = p.functions.first { $0.function.name == "run" }!
        var evaluator = Evaluator(types: p.types, callables: Callables(functions: p.functions),
                                  recorders: [CountingRecorder()], closures: { p.files[$0.file].closures[$0.id] })
        evaluator.run(run)
        let counted = evaluator.recorders[0] as! CountingRecorder
        #expect(counted.calls.sorted() == ["Child", "wrap"])
    }

    @Test func valuesFlowThroughLocalsContainersAndInitializers() {
        let p = program("""
            final class Detail: UIViewController { var coordinator: Flow? }
            final class Flow {
                let window = UIWindow()
                var transitions: Transitions?
                func start() {
                    let vc = Detail()
                    vc.coordinator = self
                    let nav = UINavigationController(rootViewController: vc)
                    window.rootViewController = nav
                    transitions = Transitions(onDone: { self.finish() })
                }
                func finish() {}
            }
            struct Transitions { let onDone: () -> Void }
            """)
        let store = p.stores.first { $0.holder == "Detail" && $0.property == "coordinator" }
        #expect(store?.valueTypes == ["Flow"])
        #expect(store?.location.line == 7)
        // The local navigation controller carries what it was given into the window.
        #expect(p.containers.contains { $0.holder == "Flow" && $0.via == "window" && $0.target == "Detail" })
        // A struct's memberwise initializer keeps its argument.
        #expect(p.stores.contains { $0.holder == "Transitions" && $0.property == "onDone" && $0.closure != nil })
    }

    // MARK: Graph and cycles

    @Test func graphEdgesCarryWhereTheyAreMade() {
        let p = program("""
            final class Detail: UIViewController { var coordinator: Flow? }
            final class Flow {
                let nav = UINavigationController()
                func start() {
                    let vc = Detail()
                    vc.coordinator = self
                    nav.pushViewController(vc, animated: true)
                }
            }
            """)
        let back = p.graph.edges(from: "Detail").first { $0.to == "Flow" }
        #expect(back?.strength == .strong)
        #expect(back?.assignment?.line == 6)
        let forward = p.graph.edges(from: "Flow").first { $0.to == "Detail" }
        #expect(forward?.origin == .container(call: "pushViewController", via: "nav"))
        #expect(forward?.location.line == 7)
        #expect(p.cycles.count == 1)
        #expect(p.cycles.first?.anchor.from == "Detail")
        #expect(p.cycles.first?.role == .coordinatorReference)
    }

    @Test func cyclesAreEnumeratedOncePerBackReference() {
        let graph = OwnershipGraph()
        let at = { (line: Int) in SourceLocation(file: "G.swift", line: line, column: 1) }
        for (id, kind) in [("A", Node.Kind.coordinator), ("B", .viewController), ("C", .viewModel), ("D", .other)] {
            graph.addNode(Node(id: id, kind: kind, isValueType: false, location: at(1)))
        }
        func property(_ from: String, _ to: String, _ name: String, line: Int, strength: Strength = .strong) {
            graph.addOwnership(Edge(from: from, to: to, strength: strength,
                                    origin: .property(owner: from, name: name, isCollection: false), location: at(line)))
        }
        property("A", "B", "screen", line: 2)
        property("B", "A", "coordinator", line: 3)
        property("B", "C", "model", line: 4)
        property("C", "B", "view", line: 5)
        property("C", "D", "helper", line: 6, strength: .weak)
        property("D", "C", "model", line: 7)
        let finder = CycleFinder(graph: graph)
        #expect(finder.stronglyConnectedComponents() == [["A", "B", "C"]])
        let cycles = finder.cycles()
        #expect(cycles.count == 2)
        // Each is reported at the reference pointing up the role order.
        #expect(cycles.map { "\($0.anchor.from)->\($0.anchor.to)" }.sorted() == ["B->A", "C->B"])
        #expect(cycles.allSatisfy { $0.edges.count == 2 && $0.edges.first?.from == $0.edges.last?.to })
    }

    /// A component with more cycles than the bound keeps its short ones: enumeration goes shortest
    /// first, and the count of other cycles a fix breaks covers close variants only.
    @Test func shortCyclesSurviveTheBoundOfALargeComponent() {
        let graph = OwnershipGraph()
        let at = { (line: Int) in SourceLocation(file: "G.swift", line: line, column: 1) }
        let clique = (1...8).map { "A\($0)" }
        for id in clique + ["Z1", "Z2"] {
            graph.addNode(Node(id: id, kind: .other, isValueType: false, location: at(1)))
        }
        func property(_ from: String, _ to: String, line: Int) {
            graph.addOwnership(Edge(from: from, to: to, strength: .strong,
                                    origin: .property(owner: from, name: "p\(line)", isCollection: false), location: at(line)))
        }
        var line = 2
        for from in clique { for to in clique where to != from { property(from, to, line: line); line += 1 } }
        property("A8", "Z1", line: 500)
        property("Z1", "Z2", line: 501)
        property("Z2", "Z1", line: 502)
        property("Z2", "A1", line: 503)
        let cycles = CycleFinder(graph: graph).cycles()
        // The eight-node clique alone has far more elementary cycles than the bound.
        #expect(cycles.contains { Set($0.edges.map(\.from)) == ["Z1", "Z2"] && $0.edges.count == 2 })
        #expect(cycles.allSatisfy { $0.alsoBreaks < CycleFinder.maximumCyclesPerComponent / 10 })
    }
}

@testable import CoordLintKit
import Foundation
import Testing

/// `.coordlint.yml`: files, rules, severities, knowledge, inheritance, errors.
@Suite struct ConfigurationTests {
    func project(_ files: [String: String]) throws -> URL {
        let directory = try temporaryDirectory()
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return directory
    }

    static let leaky = """
        class MainCoordinator { let nav = UINavigationController()
            func start() { let vc = AViewController(); vc.coordinator = self; nav.pushViewController(vc, animated: true) } }
        class AViewController: UIViewController { var coordinator: MainCoordinator? }
        """

    @Test func rulesSeveritiesExclusionsAndUnknownKeys() throws {
        let directory = try project([
            "App/A.swift": Self.leaky,
            "App/Generated/G.swift": "class GViewController: UIViewController { var delegate: GDelegate? }\nprotocol GDelegate: AnyObject {}\n",
            "Legacy/L.swift": "class LViewController: UIViewController { var delegate: LDelegate? }\nprotocol LDelegate: AnyObject {}\n",
            ".coordlint.yml": """
                excluded: ["App/Generated/**"]
                disabled_rules: [strong_delegate]
                severity: {strong_coordinator_reference: warning}
                colour: blue
                """,
        ])
        let r = try CLITests().run([directory.path])
        let lines = r.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("App/A.swift:3:43: warning: 'AViewController.coordinator'") == true)
        #expect(r.stderr.contains("unknown key 'colour' ignored"))
        #expect(r.status == 1)
        #expect(try CLITests().run(["--fail-on", "error", directory.path]).status == 0)
    }

    @Test func parentConfigIsInheritedAndExtended() throws {
        let directory = try project([
            "base.yml": "coordinator_suffixes: [Wireframe]\nonly_rules: [strong_coordinator_reference]\n",
            "App/.coordlint.yml": "parent_config: ../base.yml\n",
            "App/A.swift": """
                class ProfileWireframe { let nav = UINavigationController()
                    func start() { let vc = BViewController(); vc.wireframe = self; nav.pushViewController(vc, animated: true) } }
                class BViewController: UIViewController { var wireframe: ProfileWireframe?; var delegate: XDelegate? }
                protocol XDelegate: AnyObject {}
                """,
        ])
        let r = try CLITests().run([directory.appendingPathComponent("App").path])
        let lines = r.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("[strong_coordinator_reference]") == true)
        #expect(lines.first?.contains("'BViewController.wireframe' holds 'ProfileWireframe' strongly") == true)
    }

    static let apis = """
        final class ListCoordinator {
            var token: Token?
            var cancellables = Set<AnyCancellable>()
            let store = Store()
            func start() {
                token = store.observeChanges { self.reload() }
                store.changes.sink { _ in self.reload() }.store(in: &cancellables)
            }
            func reload() {}
        }
        """

    @Test func weakPropertiesAndClosureAPIs() throws {
        let before = try CLITests().run([try project(["A.swift": Self.leaky + "\n" + Self.apis]).path])
        #expect(positionsOf(before.stdout) == ["A.swift:3:43", "A.swift:10:28"])
        let directory = try project([
            "A.swift": Self.leaky + "\n" + Self.apis,
            ".coordlint.yml": "weak_properties: [AViewController.coordinator]\nnon_escaping_apis: [sink]\nescaping_apis: [observeChanges]\n",
        ])
        let after = try CLITests().run([directory.path])
        #expect(positionsOf(after.stdout) == ["A.swift:9:38"])
    }

    private func positionsOf(_ output: String) -> [String] {
        output.split(separator: "\n").filter { !$0.contains(": note: ") }.map { line in
            line.split(separator: ":").prefix(3).joined(separator: ":")
        }
    }

    /// A configured library helper's calls are child adds, checked against removals like any other.
    @Test func configuredChildHelpers() throws {
        let source = """
            final class AppCoordinator: FlowCoordinator {
                func showLogin() { push(child: LoginCoordinator()) }
            }
            final class LoginCoordinator: FlowCoordinator {}
            """
        let without = try CLITests().run([try project(["A.swift": source]).path])
        #expect(without.stdout.isEmpty)
        let added = try CLITests().run([try project(["A.swift": source, ".coordlint.yml": "child_add_helpers: [\"push(child:)\"]\n"]).path])
        #expect(added.stdout.hasPrefix("A.swift:2:24: warning: 'AppCoordinator' adds 'LoginCoordinator' to its children (through 'push(child:)')"))
        let removed = try CLITests().run([try project([
            "A.swift": source + "extension AppCoordinator { func loginDidFinish(_ c: LoginCoordinator) { pop(child: c) } }\n",
            ".coordlint.yml": "child_add_helpers: [\"push(child:)\"]\nchild_remove_helpers: [\"pop(child:)\"]\n",
        ]).path])
        #expect(removed.stdout.isEmpty)
    }

    @Test func invalidYAMLExitsTwoWithLineAndColumn() throws {
        let directory = try project(["A.swift": Self.leaky, ".coordlint.yml": "excluded: [a, b\nonly_rules: x\n"])
        let r = try CLITests().run([directory.path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("coordlint: error: "))
        #expect(r.stderr.contains("invalid YAML at line 2, column"))
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func globs() {
        #expect(Glob.matches("App/Generated/**", "App/Generated/X/Y.swift"))
        #expect(Glob.matches("**/*Tests.swift", "App/Sub/FooTests.swift"))
        #expect(Glob.matches("**/*Tests.swift", "FooTests.swift"))
        #expect(!Glob.matches("App/*.swift", "App/Sub/A.swift"))
        #expect(Glob.matches("App/*.swift", "App/A.swift"))
        #expect(Glob.matches("Pods", "Pods/X.swift"))
        #expect(!Glob.matches("App/?.swift", "App/AB.swift"))
    }
}

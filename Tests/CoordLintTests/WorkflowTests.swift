@testable import CoordLintKit
import CoordLintCore
import Foundation
import ObjCFrontend
import Testing

/// Baselines, suppressions and --fix, end to end through the executable.
@Suite struct WorkflowTests {
    func copySample(_ name: String) throws -> URL {
        let directory = try temporaryDirectory().appendingPathComponent(name)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Samples/\(name)"), to: directory)
        try? FileManager.default.removeItem(at: directory.appendingPathComponent("expected.json"))
        return directory
    }

    @Test func baselineRoundTripReportsOnlyNewFindings() throws {
        let cli = CLITests()
        let project = try copySample("CheckoutClosuresLeaky")
        let baseline = project.deletingLastPathComponent().appendingPathComponent("baseline.json").path
        #expect(try cli.run(["--write-baseline", baseline, project.path]).status == 0)
        let recorded = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(recorded.contains("\"identity\" : \"closure_capture_cycle|CartViewController.onCheckout|App/CheckoutCoordinator.swift\""))
        #expect(try cli.run(["--baseline", baseline, project.path]).status == 0)
        // Moving code (new lines above it) does not resurrect the old findings.
        let file = project.appendingPathComponent("App/CheckoutCoordinator.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        try ("// moved\n// down\n" + text).write(to: file, atomically: true, encoding: .utf8)
        #expect(try cli.run(["--baseline", baseline, project.path]).stdout.isEmpty)
        // A new leak is reported.
        try (text + "\nfinal class Extra: UIViewController { var coordinator: CheckoutCoordinator? }\n"
            + "extension CheckoutCoordinator { func showExtra() { let e = Extra(); e.coordinator = self; "
            + "navigationController.pushViewController(e, animated: true) } }\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try cli.run(["--baseline", baseline, project.path])
        #expect(r.status == 1)
        #expect(r.stdout.contains("'Extra.coordinator'"))
        #expect(!r.stdout.contains("onCheckout"))
    }

    @Test(arguments: ["ObjCCoordinatorLeaky", "ParentChildStrongParent"])
    func fixRemovesEveryFixableFinding(_ sample: String) throws {
        let cli = CLITests()
        let project = try copySample(sample)
        let before = try cli.run(["--format", "json", project.path])
        let fixable = try fixableCount(before.stdout)
        #expect(fixable > 0)
        let dry = try cli.run(["--fix", "--dry-run", project.path])
        #expect(dry.stdout.contains("--- a/App/") && dry.stdout.contains("+++ b/App/") && dry.stdout.contains("@@ -"))
        #expect(try cli.run(["--format", "json", project.path]).stdout == before.stdout)  // dry run changed nothing
        let fix = try cli.run(["--fix", project.path])
        #expect(fix.status == 0)
        let after = try cli.run(["--format", "json", project.path])
        #expect(try fixableCount(after.stdout) == 0)
        #expect(after.stderr.isEmpty)  // every fixed file still parses
    }

    private func fixableCount(_ json: String) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        return (object["findings"] as! [[String: Any]]).filter { !($0["fixes"] as! [Any]).isEmpty }.count
    }

    @Test func suppressionsAndSuperfluousOnes() throws {
        let directory = try temporaryDirectory()
        try """
            class MainCoordinator { let nav = UINavigationController()
                func start() { let vc = AViewController(); vc.coordinator = self; nav.pushViewController(vc, animated: true)
                    let b = BViewController(); b.coordinator = self; nav.pushViewController(b, animated: true) } }
            class AViewController: UIViewController {
                // coordlint:disable:next strong_coordinator_reference - intentional: a singleton flow
                var coordinator: MainCoordinator?
            }
            class BViewController: UIViewController {
                var coordinator: MainCoordinator? // coordlint:disable:this strong_delegate
            }
            """.write(to: directory.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        let r = try CLITests().run([directory.path])
        let lines = r.stdout.split(separator: "\n").filter { !$0.contains(": note: ") }
        try #require(lines.count == 2)
        #expect(lines[0].hasPrefix("App.swift:9:5: error: 'BViewController.coordinator'"))
        #expect(lines[1].hasPrefix("App.swift:9:39: warning: this suppression"))
        #expect(lines[1].hasSuffix("[superfluous_suppression]"))
    }
}

/// The facts cache: identical output cached or not, a changed or removed file read again, a corrupt pack
/// rebuilt and never trusted, one pack a project.
@Suite struct FactsCacheTests {
    func packs(_ cache: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasSuffix(".pack") }.sorted()
    }

    @Test func cachedAndUncachedRunsPrintTheSameBytes() throws {
        let cache = try temporaryDirectory().path
        for sample in ["CombineCoordinator", "ObjCCoordinatorLeaky", "MixedSwiftObjC"] {
            let path = packageRoot.appendingPathComponent("Samples/\(sample)").path
            let uncached = try CLITests().run(["--no-cache", "--format", "json", path]).stdout
            let cold = try CLITests().run(["--cache-path", cache, "--format", "json", path]).stdout
            let warm = try CLITests().run(["--cache-path", cache, "--format", "json", "--jobs", "1", path]).stdout
            #expect(cold == uncached && warm == uncached, "\(sample)")
        }
        #expect(packs(cache).count == 3)  // one a project
    }

    @Test func aChangedOrRemovedFileIsReadAgain() throws {
        let cache = try temporaryDirectory().path
        let root = try WorkflowTests().copySample("ParentChildStrongParent")
        let child = root.appendingPathComponent("App/BuyCoordinator.swift")
        let leaky = try CLITests().run(["--cache-path", cache, root.path])
        #expect(leaky.status == 1 && leaky.stdout.contains("BuyCoordinator.parentCoordinator"))
        let pack = cache + "/" + (packs(cache).first ?? "")
        let written = try FileManager.default.attributesOfItem(atPath: pack)[.systemFileNumber] as? Int
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pack))
        // Nothing changed: the pack is not written again (a write replaces the file).
        _ = try CLITests().run(["--cache-path", cache, root.path])
        #expect(try FileManager.default.attributesOfItem(atPath: pack)[.systemFileNumber] as? Int == written)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pack)) == bytes)

        let text = try String(contentsOf: child, encoding: .utf8)
        try text.replacingOccurrences(of: "var parentCoordinator", with: "weak var parentCoordinator")
            .write(to: child, atomically: true, encoding: .utf8)
        let fixed = try CLITests().run(["--cache-path", cache, "--format", "json", root.path])
        #expect(!fixed.stdout.contains("BuyCoordinator.parentCoordinator"))
        #expect(fixed.stdout == (try CLITests().run(["--no-cache", "--format", "json", root.path])).stdout)

        try FileManager.default.removeItem(at: child)
        let removed = try CLITests().run(["--cache-path", cache, "--format", "json", root.path])
        #expect(removed.stdout == (try CLITests().run(["--no-cache", "--format", "json", root.path])).stdout)
        #expect(!removed.stdout.contains("BuyCoordinator.swift"))
        #expect(packs(cache).count == 1)
    }

    /// An Objective-C flow whose block calls `[OWNER finish]`, `OWNER` defined in `Macros.h` (in
    /// `macros`): `self` makes a cycle, `nil` none. Changing only the header must change what is reported.
    func writeMacroFlow(in root: URL, macros: URL) throws {
        let app = root.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: macros, withIntermediateDirectories: true)
        try "#define OWNER self\n".write(to: macros.appendingPathComponent("Macros.h"), atomically: true, encoding: .utf8)
        try """
            #import <UIKit/UIKit.h>
            @interface Screen : UIViewController
            @property (nonatomic, copy) void (^onDone)(void);
            @end
            @interface Flow : NSObject
            @property (nonatomic, strong) Screen *screen;
            @end
            """.write(to: app.appendingPathComponent("Flow.h"), atomically: true, encoding: .utf8)
        try """
            #import "Flow.h"
            #import "Macros.h"
            @implementation Flow
            - (void)start {
                self.screen = [Screen new];
                self.screen.onDone = ^{ [OWNER finish]; };
            }
            - (void)finish {}
            @end
            """.write(to: app.appendingPathComponent("Flow.m"), atomically: true, encoding: .utf8)
    }

    func headerChange(outside: Bool) throws {
        let cache = try temporaryDirectory().path
        let root = try temporaryDirectory().appendingPathComponent("Project")
        let macros = outside ? try temporaryDirectory().appendingPathComponent("Shared") : root.appendingPathComponent("App")
        try writeMacroFlow(in: root, macros: macros)
        let arguments = (outside ? ["--objc-arg", "-I\(macros.path)"] : []) + ["--format", "json", root.path]
        let leaky = try CLITests().run(["--cache-path", cache] + arguments)
        #expect(leaky.stdout.contains("closure stored in 'Screen.onDone' captures 'self' (Flow) strongly"))
        try "#define OWNER nil\n".write(to: macros.appendingPathComponent("Macros.h"), atomically: true, encoding: .utf8)
        let uncached = try CLITests().run(["--no-cache"] + arguments)
        #expect(!uncached.stdout.contains("Screen.onDone"))
        #expect(try CLITests().run(["--cache-path", cache] + arguments).stdout == uncached.stdout)
    }

    /// A header of the project changed: every Objective-C file's entry is read again (the headers'
    /// fingerprint is part of its key).
    @Test func aChangedProjectHeaderIsReadAgain() throws { try headerChange(outside: false) }

    /// A header from another directory (`-I`, compile commands) changed: the entries that included it
    /// are read again (each records the outside files it was read through).
    @Test func aChangedOutsideHeaderIsReadAgain() throws { try headerChange(outside: true) }

    /// A run over many throwaway directories leaves one pack each: writing a pack removes those unused
    /// for 30 days and all but the 64 most recently used.
    @Test func oldAndSurplusPacksAreRemoved() throws {
        let cache = try temporaryDirectory().path
        let now = Date()
        for index in 0..<70 {
            let path = cache + "/old\(String(format: "%02d", index)).pack"
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            // Packs 0 to 4 were last used 40 days ago, the others one minute apart, most recent first.
            let used = index < 5 ? now.addingTimeInterval(-40 * 24 * 3600) : now.addingTimeInterval(-60 * Double(index))
            try FileManager.default.setAttributes([.modificationDate: used], ofItemAtPath: path)
        }
        let path = packageRoot.appendingPathComponent("Samples/ParentChildStrongParent").path
        _ = try CLITests().run(["--cache-path", cache, path])
        let left = packs(cache)
        // 0–4 are too old; of 5–69 the 63 most recently used stay beside this run's own pack.
        #expect(left.count == 64)
        #expect(left.filter { $0.hasPrefix("old") } == (5...67).map { "old\(String(format: "%02d", $0)).pack" })
    }

    @Test func corruptPacksAreIgnoredAndRebuilt() throws {
        let cache = try temporaryDirectory().path
        let path = packageRoot.appendingPathComponent("Samples/ParentChildStrongParent").path
        let expected = try CLITests().run(["--no-cache", path]).stdout
        _ = try CLITests().run(["--cache-path", cache, path])
        let pack = URL(fileURLWithPath: cache + "/" + (packs(cache).first ?? ""))
        let good = try Data(contentsOf: pack)
        var flipped = good
        flipped[flipped.count - 20] ^= 0xff  // inside the last entry's facts
        for bad in [Data("{ not a pack".utf8), good.prefix(good.count / 2), good.prefix(good.count - 1), flipped] {
            try bad.write(to: pack)
            let r = try CLITests().run(["--cache-path", cache, path])
            #expect(r.stdout == expected && r.stderr.isEmpty)
            #expect(try CLITests().run(["--cache-path", cache, path]).stdout == expected)  // rebuilt
        }
    }

    /// The binary form gives back exactly the facts it was given, for every file of every sample, in
    /// about a tenth of the JSON's size.
    @Test func factsCodingRoundTripsEverySamplesFacts() throws {
        let samples = packageRoot.appendingPathComponent("Samples")
        var files = 0
        var binary = 0
        var json = 0
        for sample in try FileManager.default.contentsOfDirectory(atPath: samples.path).sorted() {
            let root = samples.appendingPathComponent(sample).path
            for source in FileCollector().collect(root: root).0 {
                let (facts, diagnostics) = Analyzer.load(source, maximumFileSize: 1 << 23, objc: ObjCOptions(includeDirectories: [root]))
                guard let facts else { continue }
                let entry = FactsCache.Entry(facts: facts, diagnostics: diagnostics)
                let encoded = FactsWriter.encode(entry)
                let back = try FactsReader.decode(FactsCache.Entry.self, from: [UInt8](encoded))
                #expect(back.facts == facts && back.diagnostics == diagnostics, "\(sample)/\(source.relativePath)")
                // Cut short anywhere, it is malformed: it throws, it does not crash or read past the end.
                for length in stride(from: 0, to: encoded.count, by: max(1, encoded.count / 16)) {
                    #expect(throws: (any Error).self) { try FactsReader.decode(FactsCache.Entry.self, from: [UInt8](encoded.prefix(length))) }
                }
                binary += encoded.count
                json += try JSONEncoder().encode(facts).count
                files += 1
            }
        }
        #expect(files >= 80)
        #expect(binary * 4 < json, "binary \(binary) bytes, JSON \(json)")
    }

    /// Every field of every fact is written: a struct's stored properties, counted by reflection, are
    /// what its `storedProperties` says `write(to:)` writes. A fact that gains a field fails here until
    /// FactsCoding.swift writes and reads it (an enum's new case or payload does not compile until then).
    @Test func factsCodingWritesEveryStoredProperty() {
        let location = SourceLocation(file: "A.swift", line: 1, column: 1)
        let reference = TypeReference(name: "T")
        let call = CallExpression(base: nil, name: "f", arguments: [], location: location)
        let records: [(any FactsRecord.Type, Any)] = [
            (SourceLocation.self, location),
            (SourceRange.self, SourceRange(start: location, end: location)),
            (FileFacts.self, FileFacts(file: "A.swift", language: .swift, lineCount: 1)),
            (TypeAliasFact.self, TypeAliasFact(name: "A", target: "B", location: location)),
            (TypeFact.self, TypeFact(name: "A", kind: .class, inherited: [], location: location,
                                     inheritanceInsertion: location, hasInheritanceClause: false)),
            (GenericParameterFact.self, GenericParameterFact(name: "T", constraint: nil)),
            (EnumCaseFact.self, EnumCaseFact(name: "a", payload: [], labels: [], payloadLocations: [])),
            (TypeReference.self, reference),
            (PropertyFact.self, PropertyFact(name: "p", type: nil, ownership: .strong, isLet: false, isLazy: false,
                                             isStatic: false, isRequirement: false, location: location,
                                             bindingKeyword: SourceRange(start: location, end: location),
                                             typeEnd: nil, initializer: nil)),
            (ParameterFact.self, ParameterFact(label: nil, name: "x", type: nil, isEscaping: false)),
            (FunctionFact.self, FunctionFact(name: "f", kind: .method, owner: nil, isStatic: false, parameters: [],
                                             location: location)),
            (BodyEvent.self, BodyEvent(kind: .call(call), location: location, closure: nil)),
            (CaptureItem.self, CaptureItem(name: "x", ownership: .weak, value: nil, location: location)),
            (SelfUse.self, SelfUse(form: .explicit, location: location)),
            (ClosureFact.self, ClosureFact(id: 0, location: location, parent: nil, captureList: [], selfBinding: .strong,
                                           selfUses: [], freeNames: [], isImmediatelyInvoked: false,
                                           captureListInsertion: location, hasCaptureList: false, hasSignature: false)),
            (NameUse.self, NameUse(name: "x", location: location)),
            (CommentDirective.self, CommentDirective(text: "x", location: location)),
            (CallExpression.self, call),
            (CallArgument.self, CallArgument(label: nil, value: .unknown, location: location)),
            (TextEdit.self, TextEdit(file: "A.swift", start: .init(line: 1, column: 1), end: .init(line: 1, column: 1),
                                     replacement: "")),
            (TextEdit.Position.self, TextEdit.Position(line: 1, column: 1)),
            (InputDiagnostic.self, InputDiagnostic(file: "A.swift", message: "m")),
            (FactsCache.Entry.self, FactsCache.Entry(facts: FileFacts(file: "A.swift", language: .swift, lineCount: 1),
                                                     diagnostics: [])),
            (FactsCache.FileStamp.self, FactsCache.FileStamp(path: "/a.h", size: 1, modified: 1)),
        ]
        for (type, instance) in records {
            #expect(Mirror(reflecting: instance).children.count == type.storedProperties, "\(type)")
        }
    }
}

/// A `weak` fix is offered only where it compiles unchanged: on an optional reference. A non-optional
/// `let` would need every use rewritten, so it gets advice, not a fix-it.
@Suite struct WeakFixSafetyTests {
    @Test func onlyOptionalReferencesGetTheWeakFix() throws {
        let r = try CLITests().run(["--format", "json",
                                    packageRoot.appendingPathComponent("Samples/ViewModelProtocolRouter").path])
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let findings = object["findings"] as! [[String: Any]]
        let router = try #require(findings.first { ($0["message"] as? String)?.contains("'ProfileViewModel.router'") == true })
        #expect((router["fixes"] as! [Any]).isEmpty)
        #expect((router["message"] as! String).contains("declare it 'weak var router: ProfileRouting?', unwrapping its uses"))
        let fixed = try CLITests().run(["--fix", "--dry-run",
                                        packageRoot.appendingPathComponent("Samples/ParentChildStrongParent").path])
        #expect(fixed.stdout.contains("-    var parentCoordinator: MainCoordinator?\n+    weak var parentCoordinator: MainCoordinator?\n"))
    }
}

/// `guard let self = self` compiles from Swift 4.2 on: a project whose Xcode project builds with an older
/// `SWIFT_VERSION` gets the backquoted spelling every Swift takes, in its advice and its fix-it.
/// home-assistant/iOS in 2018 built with Swift 4.0.
@Suite struct SwiftVersionAdviceTests {
    static let screen = """
        import UIKit
        final class PickerViewController: UIViewController {
            var onPick: ((String) -> Void)?
            var selection: String?
            override func viewDidLoad() {
                super.viewDidLoad()
                onPick = { value in
                    self.selection = value
                    print(self)
                }
            }
        }
        """

    func finding(project: String?) throws -> Finding {
        var sources: [(name: String, text: String)] = [("PickerViewController.swift", Self.screen)]
        if let project { sources.append(("App.xcodeproj/project.pbxproj", project)) }
        let result = Analyzer().run(sources: sources)
        return try #require(result.findings.first { $0.rule == "closure_capture_cycle" })
    }

    @Test func olderSwiftGetsTheBackquotedBinding() throws {
        let old = try finding(project: "buildSettings = {\n\tSWIFT_VERSION = 4.0;\n};\nbuildSettings = {\n\tSWIFT_VERSION = 5.0;\n};\n")
        #expect(old.message.hasSuffix("capture '[weak self]' and unwrap it first ('guard let `self` = self else { return }'), as the closure uses 'self' itself"))
        #expect(old.fixes.map(\.message) == ["capture 'self' weakly: '[weak self]' and 'guard let `self` = self else { return }'"])
        let current = try finding(project: "buildSettings = {\n\tSWIFT_VERSION = 5.0;\n};\n")
        #expect(current.message.hasSuffix("capture '[weak self]' and unwrap it first ('guard let self = self else { return }'), as the closure uses 'self' itself"))
        #expect(current.fixes.map(\.message) == ["capture 'self' weakly: '[weak self]' and 'guard let self = self else { return }'"])
        let unsaid = try finding(project: nil)
        #expect(unsaid.message == current.message)
        #expect(unsaid.fixes.map(\.message) == current.fixes.map(\.message))
    }

    @Test func versionsAreReadFromBuildSettings() {
        #expect(FileCollector.oldestSwiftVersion(inProjects: ["SWIFT_VERSION = 5.0;", "SWIFT_VERSION = \"4.2\";"]) == SwiftVersion("4.2"))
        #expect(FileCollector.oldestSwiftVersion(inProjects: ["SWIFT_VERSION = 3;"]) == SwiftVersion("3.0"))
        #expect(FileCollector.oldestSwiftVersion(inProjects: ["SWIFT_VERSION = $(inherited);", "no settings"]) == nil)
    }
}

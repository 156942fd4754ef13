import CoordLintCore
import CoordLintKit
import Foundation
import ObjCFrontend
import Testing

/// libclang → facts, on real Objective-C text.
@Suite struct ObjCFrontendTests {
    func facts(_ files: [String: String], file: String, allowingErrors: Bool = false) throws -> FileFacts {
        let directory = try temporaryDirectory()
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let (facts, diagnostics) = ObjCFactExtractor.extract(
            path: directory.appendingPathComponent(file).path, file: file,
            options: ObjCOptions(includeDirectories: [directory.path]))
        #expect(allowingErrors || diagnostics.isEmpty, "\(diagnostics)")
        return try #require(facts)
    }

    @Test func interfacesPropertiesAndOwnership() throws {
        let f = try facts(["A.h": """
            #import <UIKit/UIKit.h>
            @protocol LoginDelegate <NSObject>
            @property (nonatomic, readonly) NSString *name;
            @end
            @class MainCoordinator;
            @interface LoginViewController : UIViewController <LoginDelegate>
            @property (nonatomic, weak) id<LoginDelegate> delegate;
            @property (nonatomic) MainCoordinator *coordinator;
            @property (nonatomic, assign) UIView *unsafeView;
            @property (nonatomic, copy) void (^onDone)(void);
            @property (nonatomic, strong) NSMutableArray<MainCoordinator *> *children;
            @property (nonatomic, strong) NSDictionary<NSString *, id<LoginDelegate>> *byName;
            @property (nonatomic) BOOL enabled;
            @property (nonatomic, readonly, getter=isReady) NSObject *computed;
            @end
            @interface LoginViewController ()
            @property (nonatomic, strong) NSTimer *timer;
            @end
            """], file: "A.h")
        #expect(f.language == .objectiveC)
        let proto = try #require(f.types.first { $0.name == "LoginDelegate" })
        #expect(proto.kind == .protocol && proto.inherited == ["NSObject"] && proto.properties.first?.isRequirement == true)
        let vc = try #require(f.types.first { $0.name == "LoginViewController" && $0.kind == .class })
        #expect(vc.inherited.first == "UIViewController")
        let p = Dictionary(uniqueKeysWithValues: vc.properties.map { ($0.name, $0) })
        #expect(p["delegate"]?.ownership == .weak && p["delegate"]?.type?.name == "LoginDelegate")
        #expect(p["coordinator"]?.ownership == .strong && p["coordinator"]?.type?.name == "MainCoordinator")
        #expect(p["unsafeView"]?.ownership == .assign)
        #expect(p["onDone"]?.ownership == .copy && p["onDone"]?.type?.isFunction == true)
        #expect(p["children"]?.type == TypeReference(name: "MainCoordinator", container: .array))
        #expect(p["byName"]?.type?.container == .dictionary && p["byName"]?.type?.name == "LoginDelegate")
        #expect(p["enabled"] == nil)   // not a reference
        #expect(p["computed"] == nil)  // a custom getter, no ivar
        #expect(p["coordinator"]?.location == SourceLocation(file: "A.h", line: 8, column: 1))
        // The fix turns the attribute list into a weak one.
        #expect(p["coordinator"]?.weakEdits == [TextEdit(file: "A.h", start: .init(line: 8, column: 12),
                                                           end: .init(line: 8, column: 12), replacement: "weak, ")])
        #expect(p["unsafeView"]?.weakEdits == [TextEdit(file: "A.h", start: .init(line: 9, column: 23),
                                                          end: .init(line: 9, column: 29), replacement: "weak")])
        let category = try #require(f.types.first { $0.name == "LoginViewController" && $0.kind == .extension })
        #expect(category.properties.map(\.name) == ["timer"])
    }

    @Test func methodBodiesBlocksAndWeakCaptures() throws {
        let f = try facts(["B.m": """
            #import <UIKit/UIKit.h>
            @interface Screen : UIViewController
            @property (nonatomic, copy) void (^onTap)(void);
            @end
            @interface Flow : NSObject
            @property (nonatomic, strong) UINavigationController *nav;
            @end
            @implementation Flow {
                __weak id _observer;
            }
            - (void)showWithTitle:(NSString *)title animated:(BOOL)animated {
                Screen *screen = [[Screen alloc] init];
                __weak typeof(self) weakSelf = self;
                screen.onTap = ^{
                    __strong typeof(weakSelf) strongSelf = weakSelf;
                    [strongSelf finish];
                    screen.title = title;
                };
                [self.nav pushViewController:screen animated:YES];
            }
            - (void)finish {}
            @end
            """], file: "B.m")
        let method = try #require(f.functions.first { $0.name == "showWithTitle" })
        #expect(method.owner == "Flow" && method.signature == "showWithTitle(_:animated:)")
        #expect(method.events.contains { if case .call(let c) = $0.kind { c.signature == "pushViewController(_:animated:)" && c.base == .member(.selfReference, "nav") } else { false } })
        #expect(method.events.contains { if case .assignment(.member(.name("screen"), "onTap"), "=", .closure(0)) = $0.kind { true } else { false } })
        let block = try #require(f.closures.first)
        #expect(block.location == SourceLocation(file: "B.m", line: 14, column: 20))
        #expect(block.selfUses.isEmpty)  // only weakSelf
        #expect(block.captureList.map(\.name) == ["weakSelf"] && block.captureList.first?.ownership == .weak)
        #expect(Set(block.freeNames.map(\.name)) == ["weakSelf", "screen", "title"])
        let ivar = try #require(f.types.first { $0.kind == .extension }?.properties.first)
        #expect(ivar.name == "_observer" && ivar.ownership == .weak)
    }

    /// The SDK macros and frameworks apps' headers use parse without the SDK: no diagnostic, every
    /// declaration kept (owncloud/ios-app and simplenote-ios headers stopped at these).
    /// A C library's header (Provenance's emulator cores: 10,183 of them, 255 s and 8,795 warnings) declares no
    /// Objective-C: read alone, without what it includes, it warns of nothing and gives no declaration; the
    /// directive in its comment is kept. A header that does declare some, behind a macro, is read whole.
    @Test func aHeaderDeclaringNoObjectiveCIsReadAlone() throws {
        let c = try facts(["core.h": """
            #include <zlib.h>
            #include "missing/config.h"
            // coordlint:disable reference_cycle
            typedef struct core_state { uint8_t *ram; size_t size; } core_state;
            static inline int core_step(core_state *state) { return state->size > 0; }
            """], file: "core.h")
        #expect(c.types.isEmpty && c.functions.isEmpty)
        #expect(c.directives.count == 1)
        let objc = try facts(["Bridge.h": """
            #import <UIKit/UIKit.h>
            #include "missing/config.h"
            """, "Core.h": """
            #import "Bridge.h"
            CORE_EXPORT @interface CoreBridge : NSObject
            @property (nonatomic, strong) UIViewController *controller;
            @end
            """], file: "Core.h", allowingErrors: true)
        #expect(objc.types.contains { $0.name == "CoreBridge" && $0.properties.map(\.name) == ["controller"] })
    }

    @Test func sdkMacrosAndFrameworkHeadersParseWithStubs() throws {
        let f = try facts(["Settings.h": """
            #import <UIKit/UIKit.h>
            #import <StoreKit/StoreKit.h>
            #import <CoreData/CoreData.h>
            #import <objc/runtime.h>
            FOUNDATION_EXPORT NSNotificationName const SettingsChangedNotification;
            typedef NS_ENUM(NSInteger, SettingsMode) { SettingsModeBasic, SettingsModeAdvanced };
            typedef NS_OPTIONS(NSUInteger, SettingsFlags) { SettingsFlagsNone = 0 };
            API_AVAILABLE(ios(13.0))
            @interface SettingsViewController : UITableViewController <UITextViewDelegate, UIPickerViewDelegate>
            @property (nonatomic, strong) UITextView *notesView;
            @property (nonatomic, strong) NSManagedObjectContext *context;
            @property (nonatomic) SettingsMode mode;
            @property (nonatomic) NSDirectionalEdgeInsets insets;
            @property (nonatomic, strong) NSDate *updated;
            @end
            """], file: "Settings.h")
        let vc = try #require(f.types.first { $0.name == "SettingsViewController" && $0.kind == .class })
        #expect(vc.inherited.first == "UITableViewController")
        #expect(vc.properties.map(\.name) == ["notesView", "context", "updated"])  // object properties only
        #expect(vc.properties.first?.type?.name == "UITextView" && vc.properties.first?.ownership == .strong)
    }

    /// A protocol from a header that is not on disk (a pod's): libclang's recovery drops the whole list,
    /// so the list is read as written; a superclass's type arguments are not taken for protocols.
    /// (simplenote @ f3353d3a64: `SPAppDelegate <UIApplicationDelegate, SPBucketDelegate>` lost its
    /// conformances, so the app delegate was no process root.)
    @Test func protocolsAsWrittenWhenOneIsNotDeclared() throws {
        let directory = try temporaryDirectory()
        try """
            #import <UIKit/UIKit.h>
            @protocol Pending <MissingBase>
            @end
            @interface AppDelegate : UIResponder <UIApplicationDelegate, MissingDelegate>
            @property (strong, nonatomic) UIWindow *window;
            @end
            @interface Store : NSArray<NSString *> <MissingCoding>
            @end
            @interface AppDelegate (Sync) <MissingSync, UIApplicationDelegate>
            @end
            @interface Plain : NSObject <NSObject>
            @end
            """.write(to: directory.appendingPathComponent("A.h"), atomically: true, encoding: .utf8)
        let (facts, diagnostics) = ObjCFactExtractor.extract(
            path: directory.appendingPathComponent("A.h").path, file: "A.h", options: ObjCOptions())
        #expect(diagnostics.first?.message.contains("cannot find protocol declaration") == true)
        let types = try #require(facts).types
        #expect(types.first { $0.name == "AppDelegate" && $0.kind == .class }?.inherited
            == ["UIResponder", "UIApplicationDelegate", "MissingDelegate"])
        #expect(types.first { $0.name == "Store" }?.inherited == ["NSArray", "MissingCoding"])
        #expect(types.first { $0.name == "AppDelegate" && $0.kind == .extension }?.inherited == ["MissingSync", "UIApplicationDelegate"])
        #expect(types.first { $0.name == "Pending" }?.inherited == ["MissingBase"])
        #expect(types.first { $0.name == "Plain" }?.inherited == ["NSObject", "NSObject"])
    }

    /// The app delegate above keeps its controller for the process: the controller's registry cycle frees
    /// nothing when broken and is not reported; kept by an ordinary object, the same cycle is.
    @Test func anAppDelegateWithAnUndeclaredProtocolIsStillAProcessRoot() throws {
        func run(_ conformances: String) -> [Finding] {
            Analyzer().run(sources: [
                ("App/AppDelegate.h", """
                    #import <UIKit/UIKit.h>
                    @class PublishController;
                    @interface AppDelegate : UIResponder \(conformances)
                    @property (strong, nonatomic) PublishController *publishController;
                    @end
                    """),
                ("App/AppDelegate+Setup.swift", """
                    import UIKit
                    extension AppDelegate {
                        @objc func configurePublishController() { publishController = PublishController() }
                    }
                    """),
                ("App/PublishController.swift", """
                    final class Observer {
                        private var callbacks: [String: () -> Void] = [:]
                        func listen(_ key: String, onResponse: @escaping () -> Void) { callbacks[key] = onResponse }
                    }
                    final class PublishController {
                        let observer = Observer()
                        func update() { observer.listen("k") { self.done() } }
                        func done() {}
                    }
                    """),
            ]).findings.filter { $0.severity != .note }
        }
        #expect(run("<UIApplicationDelegate, MissingDelegate>").isEmpty)
        #expect(run("<MissingDelegate>").map(\.rule) == ["closure_capture_cycle"])
    }

    @Test func brokenInputIsReportedNotFatal() throws {
        let directory = try temporaryDirectory()
        try "@interface Broken : NSObject\n@property (nonatomic) Foo *x\n- (void)y {{{\n".write(
            to: directory.appendingPathComponent("Broken.m"), atomically: true, encoding: .utf8)
        let (facts, diagnostics) = ObjCFactExtractor.extract(
            path: directory.appendingPathComponent("Broken.m").path, file: "Broken.m", options: ObjCOptions())
        #expect(facts != nil)
        #expect(diagnostics.count == 1 && diagnostics[0].message.hasPrefix("libclang reported"))
    }
}

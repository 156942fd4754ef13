import CoordLintCore

/// Objects the Objective-C runtime keeps for another object (recall issue, shape 8):
/// `objc_setAssociatedObject(object, &key, value, policy)` with a retaining or copying policy is a strong
/// reference object → value that no declaration states; `OBJC_ASSOCIATION_ASSIGN`, or a box holding the
/// value weakly, is none. Examples of `strong_coordinator_reference`, `reference_cycle` and
/// `closure_capture_cycle`, in Objective-C and Swift.
enum AssociatedObjectExamples {
    /// A parent coordinator that associates itself with the child it keeps, under `policy`, with
    /// `value` (self, or a weak box around it).
    private static func objcChild(_ setter: String, finish: String = "") -> KeyValuePairs<String, String> {
        [
            "ParentCoordinator.m": """
                #import <UIKit/UIKit.h>
                #import <objc/runtime.h>
                static char kParentKey;
                @interface WeakBox : NSObject
                @property (nonatomic, weak) id object;
                @end
                @implementation WeakBox
                @end
                @interface ChildCoordinator : NSObject
                - (void)start;
                @end
                @implementation ChildCoordinator
                - (void)start {}
                @end
                @interface ParentCoordinator : NSObject
                @property (nonatomic, strong) ChildCoordinator *child;
                @end
                @implementation ParentCoordinator
                - (void)showChild {
                    ChildCoordinator *child = [[ChildCoordinator alloc] init];
                    \(setter)
                    self.child = child;
                    [child start];
                }
                \(finish)
                @end
                """,
        ]
    }

    /// A Swift screen that associates itself with the header view it keeps, under `policy`.
    private static func swiftHeader(_ setter: String) -> String {
        """
        import UIKit
        import ObjectiveC
        private var controllerKey: UInt8 = 0
        final class HeaderView: UIView {}
        final class ProfileViewController: UIViewController {
            private let headerView = HeaderView()
            override func viewDidLoad() {
                super.viewDidLoad()
                \(setter)
            }
        }
        """
    }

    /// A block-based button action kept as an associated object of a button the screen keeps.
    private static func blockAction(_ block: String) -> KeyValuePairs<String, String> {
        [
            "SettingsViewController.m": """
                #import <UIKit/UIKit.h>
                #import <objc/runtime.h>
                static char kActionKey;
                @interface ActionButton : UIButton
                @end
                @implementation ActionButton
                @end
                @interface SettingsViewController : UIViewController
                @property (nonatomic, strong) ActionButton *saveButton;
                @end
                @implementation SettingsViewController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    self.saveButton = [[ActionButton alloc] init];
                    \(block)
                }
                - (void)save {}
                @end
                """,
        ]
    }

    static let strongReferenceTriggering: [Example] = [
        // The child keeps its parent through the runtime: a cycle with the parent's `child`. No fix-it:
        // `OBJC_ASSOCIATION_ASSIGN` is not zeroing and would dangle.
        Example(objcChild("↓⟦error: the associated object 'kParentKey' of 'ChildCoordinator' holds 'ParentCoordinator' strongly, and 'ParentCoordinator' owns 'ChildCoordinator' through 'child' (assigned at ParentCoordinator.m:22); an associated object cannot be weak ('OBJC_ASSOCIATION_ASSIGN' would dangle)⟧objc_setAssociatedObject(child, &kParentKey, self, OBJC_ASSOCIATION_RETAIN_NONATOMIC);")),
    ]

    static let strongReferenceNonTriggering: [Example] = [
        // An unretained association keeps nothing.
        Example(objcChild("objc_setAssociatedObject(child, &kParentKey, self, OBJC_ASSOCIATION_ASSIGN);")),
        // A weak trampoline: the box is kept, and it holds the parent weakly.
        Example(objcChild("""
            WeakBox *box = [[WeakBox alloc] init];
                box.object = self;
                objc_setAssociatedObject(child, &kParentKey, box, OBJC_ASSOCIATION_RETAIN_NONATOMIC);
            """)),
    ]

    static let referenceCycleTriggering: [Example] = [
        // Swift spells the policy as a member of `objc_AssociationPolicy`.
        Example(swiftHeader("↓⟦error: the associated object 'controllerKey' of 'HeaderView' holds 'ProfileViewController' strongly, and 'ProfileViewController' owns 'HeaderView' through 'headerView' (assigned at Example.swift:6)⟧objc_setAssociatedObject(headerView, &controllerKey, self, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)")),
    ]

    static let referenceCycleClean: [Example] = [
        Example(swiftHeader("objc_setAssociatedObject(headerView, &controllerKey, self, .OBJC_ASSOCIATION_ASSIGN)")),
    ]

    static let closureTriggering: [Example] = [
        // A block copied into an associated object of the button the screen keeps.
        Example(blockAction("objc_setAssociatedObject(self.saveButton, &kActionKey, ↓⟦error: closure associated with 'ActionButton' under 'kActionKey' captures 'self' (SettingsViewController) strongly; 'SettingsViewController' owns 'ActionButton' through 'saveButton'⟧^{ [self save]; }, OBJC_ASSOCIATION_COPY_NONATOMIC);")),
    ]

    static let closureNonTriggering: [Example] = [
        Example(blockAction("""
            __weak typeof(self) weakSelf = self;
                objc_setAssociatedObject(self.saveButton, &kActionKey, ^{ [weakSelf save]; }, OBJC_ASSOCIATION_COPY_NONATOMIC);
            """)),
    ]
}

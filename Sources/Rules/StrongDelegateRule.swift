import Analysis
import CoordLintCore

/// A delegate or data source held strongly.
public struct StrongDelegateRule: AnalysisRule {
    public init() {}

    /// simplenote's tag view: an explicit instance variable (declared by `ivar`) behind a weak property
    /// whose hand-written accessors write it.
    private static func tagViewHeader(_ ivar: String) -> String {
        """
        #import <UIKit/UIKit.h>
        @protocol TagViewDelegate <NSObject>
        @end
        @interface TagView : UIView {
            \(ivar)
        }
        @property (nonatomic, weak) id<TagViewDelegate> tagDelegate;
        @end

        """
    }

    private static let tagViewAccessors = """
        #import "TagView.h"
        @implementation TagView
        - (id<TagViewDelegate>)tagDelegate { return tagDelegate; }
        - (void)setTagDelegate:(id<TagViewDelegate>)newDelegate { tagDelegate = newDelegate; }
        @end

        """

    /// NetNewsWire's timeline and its keyboard delegate, whose outlet back to the timeline a storyboard
    /// connects; `made` is how the timeline holds its delegate.
    private static func keyboardDelegate(made: String) -> String {
        """
        import AppKit
        final class TimelineKeyboardDelegate: NSObject {
            @IBOutlet var timelineViewController: TimelineViewController?
        }
        final class TimelineTableView: NSTableView {
            weak var keyboardDelegate: TimelineKeyboardDelegate?
        }
        final class TimelineViewController: NSViewController {
            @IBOutlet var tableView: TimelineTableView!
            \(made)
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.keyboardDelegate = keyboardDelegate
            }
        }
        """
    }

    public static let description = RuleDescription(
        identifier: "strong_delegate",
        name: "Strong Delegate",
        summary: "A delegate or data source is held strongly and the delegate owns the holder: a reference cycle",
        rationale: """
            A delegate is almost always the object that owns the delegating one (a coordinator is the \
            delegate of the view controller it shows). Holding it strongly closes a cycle. Declare it \
            'weak var delegate', and make the delegate protocol class-bound (': AnyObject') so it can be weak.
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            // Foundation's Swift annotations before a declaration (`NS_SWIFT_UI_ACTOR @interface …`) are macros the
            // SDK defines: the declaration is read, not lost to an unknown type (OneBusAway `AppDelegate.h`, whose
            // app delegate was not read).
            Example([
                "PickerViewController.m": """
                    #import <UIKit/UIKit.h>
                    @protocol PickerDelegate <NSObject>
                    - (void)picked;
                    @end
                    NS_SWIFT_UI_ACTOR
                    @interface PickerViewController : UIViewController
                    ↓⟦error: 'PickerViewController.pickerDelegate' holds its delegate 'GroupViewController' strongly⟧@property (nonatomic, strong) id<PickerDelegate> pickerDelegate;
                    @end
                    @implementation PickerViewController
                    @end
                    NS_SWIFT_UI_ACTOR
                    @interface GroupViewController : UIViewController <PickerDelegate>
                    @property (nonatomic, strong) PickerViewController *picker;
                    @end
                    @implementation GroupViewController
                    - (void)viewDidLoad {
                        [super viewDidLoad];
                        self.picker = [[PickerViewController alloc] init];
                        self.picker.pickerDelegate = self;
                    }
                    - (void)picked {}
                    @end
                    """,
            ]),
            // `@import UIKit;` with modules off (no SDK module maps here) reads as `#import <UIKit/UIKit.h>`, and a
            // class adopting `NSSecureCoding` keeps its declaration (Monal: 124 files whose declarations were lost).
            Example([
                "ComposerView.m": """
                    @import UIKit;
                    @protocol ComposerDelegate
                    - (void)send;
                    @end
                    @interface ComposerView : UIView <NSSecureCoding>
                    ↓⟦error: 'ComposerView.composerDelegate' holds its delegate 'ChatController' strongly⟧@property (nonatomic, strong) id<ComposerDelegate> composerDelegate;
                    @end
                    @implementation ComposerView
                    @end
                    @interface ChatController : UIViewController <ComposerDelegate>
                    @property (nonatomic, strong) ComposerView *composer;
                    @end
                    @implementation ChatController
                    - (void)viewDidLoad {
                        self.composer = [[ComposerView alloc] initWithFrame:CGRectZero];
                        self.composer.composerDelegate = self;
                    }
                    - (void)send {}
                    @end
                    """,
            ]),
            // The keyboard delegate is the storyboard's object, connected to the controller's outlet: the nib
            // connects both outlets of the same two objects.
            Example(keyboardDelegate(made: "@IBOutlet ↓⟦error: 'TimelineViewController.keyboardDelegate' holds its delegate 'TimelineKeyboardDelegate' strongly⟧var keyboardDelegate: TimelineKeyboardDelegate!")),
            // Objective-C's `nil` is a macro: `pushedViewController = nil` in a method is the way out, so a
            // note naming it (element-ios `ContactsTableViewController.h:112`, read FALSE as an error: the group
            // screen lets go of the picker it pushed whenever it appears again).
            Example([
                "GroupViewController.m": """
                    #import <UIKit/UIKit.h>
                    @protocol PickerDelegate <NSObject>
                    - (void)picked;
                    @end
                    @interface ContactsViewController : UIViewController
                    ↓⟦note: 'GroupViewController.releasePushedViewController()' lets go of 'pushedViewController' (GroupViewController.m:27)⟧@property (nonatomic) id<PickerDelegate> pickerDelegate;
                    @end
                    @implementation ContactsViewController
                    @end
                    @interface GroupViewController : UIViewController <PickerDelegate>
                    @end
                    @implementation GroupViewController
                    {
                        UIViewController *pushedViewController;
                    }
                    - (void)viewWillAppear:(BOOL)animated {
                        [super viewWillAppear:animated];
                        [self releasePushedViewController];
                    }
                    - (void)addMember {
                        ContactsViewController *picker = [[ContactsViewController alloc] init];
                        picker.pickerDelegate = self;
                        pushedViewController = picker;
                        [self.navigationController pushViewController:picker animated:YES];
                    }
                    - (void)releasePushedViewController {
                        pushedViewController = nil;
                    }
                    - (void)picked {}
                    @end
                    """,
            ]),
            // A strong outlet the nib connects, whose delegate is the cell that holds it.
            Example("""
                protocol SubscribeButtonDelegate: AnyObject { func subscribeTapped() }
                class SubscribeButton: UIView {
                    ↓⟦error: 'SubscribeButton.delegate' holds its delegate 'PodcastHeadingCell' strongly, and 'PodcastHeadingCell' owns 'SubscribeButton' through 'subscribeButton' (an outlet the nib connects⟧var delegate: SubscribeButtonDelegate?
                }
                class PodcastHeadingCell: UITableViewCell, SubscribeButtonDelegate {
                    @IBOutlet var subscribeButton: SubscribeButton! {
                        didSet { subscribeButton.delegate = self }
                    }
                    func subscribeTapped() {}
                }
                """),
            // Objective-C: ARC's default is strong, and the coordinator presenting the picker is its delegate.
            Example([
                "PickerView.h": """
                    #import <UIKit/UIKit.h>
                    @protocol PickerViewDelegate <NSObject>
                    - (void)pickerDidPick;
                    @end
                    @interface PickerViewController : UIViewController
                    ↓⟦error: 'PickerViewController.delegate' holds its delegate 'PickerCoordinator' strongly⟧@property (nonatomic) id<PickerViewDelegate> delegate;
                    @end
                    @interface PickerCoordinator : NSObject <PickerViewDelegate>
                    @property (nonatomic, strong) UINavigationController *navigationController;
                    @end
                    """,
                "PickerCoordinator.m": """
                    #import "PickerView.h"
                    @implementation PickerCoordinator
                    - (void)start {
                        PickerViewController *picker = [[PickerViewController alloc] init];
                        picker.delegate = self;
                        [self.navigationController pushViewController:picker animated:YES];
                    }
                    - (void)pickerDidPick {}
                    @end
                    """,
            ]),
            // The coordinator is the delegate of the screen it pushes: the stack keeps the screen for as long as
            // the flow is shown, and a flow dismissed whole keeps its stack. The protocol is not class-bound:
            // the fix makes it so.
            Example([
                "LoginCoordinator.swift": """
                    class LoginCoordinator: LoginViewControllerDelegate {
                        let navigationController: UINavigationController
                        init(navigationController: UINavigationController) { self.navigationController = navigationController }
                        func start() {
                            let loginViewController = LoginViewController()
                            loginViewController.delegate = self
                            navigationController.pushViewController(loginViewController, animated: true)
                        }
                    }
                    """,
                "LoginViewController.swift": """
                    protocol LoginViewControllerDelegate { func loginButtonPressed() }
                    class LoginViewController: UIViewController {
                        ↓⟦error: 'LoginViewController.delegate' holds its delegate 'LoginCoordinator' strongly, and 'LoginCoordinator' owns 'LoginViewController' through 'navigationController' (pushViewController at LoginCoordinator.swift:7); declare it 'weak var delegate' and make 'LoginViewControllerDelegate' class-bound⟧var delegate: LoginViewControllerDelegate?
                    }
                    """,
            ]),
            // A weak @property whose hand-written accessors store into a strong instance variable: the ivar
            // is the storage (simplenote tag view, fixed by making the ivar '__weak'). The controller keeps
            // the view through the synthesized '_tagView'.
            Example([
                "TagView.h": tagViewHeader("↓⟦error: 'TagView.tagDelegate' holds its delegate 'EditorViewController' strongly, and 'EditorViewController' owns 'TagView' through 'tagView' (assigned at TagView.m:11); declare it '__weak'⟧id<TagViewDelegate> tagDelegate;") + """
                    @interface EditorTextView : UITextView
                    @property (nonatomic, strong) TagView *tagView;
                    @end
                    @interface EditorViewController : UIViewController <TagViewDelegate>
                    @property (nonatomic, strong) EditorTextView *noteEditorTextView;
                    @property (nonatomic, strong) TagView *tagView;
                    @end
                    """,
                "TagView.m": tagViewAccessors + """
                    @implementation EditorTextView
                    @end
                    @implementation EditorViewController
                    - (void)viewDidLoad {
                        [super viewDidLoad];
                        _tagView = _noteEditorTextView.tagView;
                        _noteEditorTextView.tagView.tagDelegate = self;
                    }
                    @end
                    """,
            ]),
        ],
        nonTriggeringExamples: [
            // An override that only observes UIKit's own `delegate`, weak in UIKit, has no storage of its own
            // (KeePassium `ValidatingTextField.swift:28`, read FALSE: the strong 'var' was UIKit's weak one).
            Example("""
                import UIKit
                class ValidatingTextField: UITextField, UITextFieldDelegate {
                    private weak var externalDelegate: UITextFieldDelegate?
                    override var delegate: UITextFieldDelegate? {
                        didSet {
                            if delegate === self { return }
                            externalDelegate = delegate
                            delegate = self
                        }
                    }
                }
                class EntryCreatorFieldCell: UITableViewCell, UITextFieldDelegate {
                    let textField = ValidatingTextField()
                    func setup() { textField.delegate = self }
                }
                """),
            // The same accessors over a '__weak' instance variable.
            Example([
                "TagView.h": tagViewHeader("__weak id<TagViewDelegate> tagDelegate;") + """
                    @interface EditorViewController : UIViewController <TagViewDelegate>
                    @property (nonatomic, strong) TagView *tagView;
                    @end
                    """,
                "TagView.m": tagViewAccessors + """
                    @implementation EditorViewController
                    - (void)viewDidLoad {
                        [super viewDidLoad];
                        _tagView = [[TagView alloc] init];
                        _tagView.tagDelegate = self;
                    }
                    @end
                    """,
            ]),
            // Khanlou's LoginCoordinator is the delegate of the LoginViewController it presents: dismissing the
            // screen lets it go (UIKit clears 'presentedViewController'), so the presentation is no cycle.
            Example([
                "LoginCoordinator.swift": """
                    class LoginCoordinator: LoginViewControllerDelegate {
                        let navigationController: UINavigationController
                        init(navigationController: UINavigationController) { self.navigationController = navigationController }
                        func start() {
                            let loginViewController = LoginViewController()
                            loginViewController.delegate = self
                            navigationController.present(loginViewController, animated: true, completion: nil)
                        }
                    }
                    """,
                "LoginViewController.swift": """
                    protocol LoginViewControllerDelegate: AnyObject { func loginButtonPressed() }
                    class LoginViewController: UIViewController {
                        var delegate: LoginViewControllerDelegate?
                    }
                    """,
            ]),
            // A weak outlet: the cell's own reference is weak, and the view hierarchy that keeps the
            // button is not read from code, so nothing proves a cycle (said nothing of, not proved safe).
            Example("""
                protocol FollowButtonDelegate: AnyObject { func followTapped() }
                class FollowButton: UIView {
                    var delegate: FollowButtonDelegate?
                }
                class ProfileHeaderCell: UITableViewCell, FollowButtonDelegate {
                    @IBOutlet weak var followButton: FollowButton! {
                        didSet { followButton.delegate = self }
                    }
                    func followTapped() {}
                }
                """),
            // The keyboard delegate the controller makes in code never has its outlet connected: the storyboard's
            // object of that class is another one (NetNewsWire `TimelineViewController.swift:220`, read FALSE,
            // with advice to weaken the delegate's only owner).
            Example(keyboardDelegate(made: "private let keyboardDelegate = TimelineKeyboardDelegate()")),
            // No cycle visible: a strong delegate alone is not a leak (nothing says the delegate owns the view).
            Example("""
                protocol PickerDelegate { func didPick() }
                class PickerView: UIView {
                    var delegate: PickerDelegate?
                }
                """),
            // A model object named '*DataSource' that holds its own delegate weakly: the controller owns it,
            // it owns nothing back.
            Example("""
                protocol FeedDataSourceDelegate: AnyObject { func reload() }
                final class FeedDataSource { weak var delegate: FeedDataSourceDelegate? }
                final class FeedViewController: UIViewController, FeedDataSourceDelegate {
                    let dataSource = FeedDataSource()
                    override func viewDidLoad() { dataSource.delegate = self }
                    func reload() {}
                }
                """),
            Example("""
                protocol LoginViewControllerDelegate: AnyObject { func loginButtonPressed() }
                class LoginViewController: UIViewController { weak var delegate: LoginViewControllerDelegate? }
                """),
            // CoordinatorKit's multicast delegate is a struct: a value, not a reference.
            Example("""
                struct MulticastDelegate<T> { }
                class Coordinator { var delegate = MulticastDelegate<CoordinatorDelegate>() }
                protocol CoordinatorDelegate: AnyObject { }
                """),
            // CoordinatorKit's library wrapper, not declared in the project.
            Example("""
                class LoginCoordinator: SceneCoordinator<LoginViewController> {
                    var delegate = MulticastDelegate<LoginCoordinatorDelegate>()
                }
                """),
            // A protocol's requirement: the conformer decides.
            Example("""
                protocol HasDelegate { var delegate: SomeDelegate? { get set } }
                protocol SomeDelegate: AnyObject { }
                """),
            // A closure property is not a delegate reference.
            Example("""
                class Cell: UITableViewCell { var delegateHandler: (() -> Void)?; var onDelegate: (() -> Void)? }
                """),
        ]
    )

    public func check(_ program: Program) -> [Finding] {
        // Only a reference that closes a cycle the code proves: a delegate that does not own the
        // delegating object is not a leak, whatever the property is called.
        var findings: [Finding] = []
        var reported: Set<SourceLocation> = []
        for cycle in program.cycles where cycle.role == .delegateReference {
            guard let property = cycle.anchor.declaration, case .property(let owner, _, _) = cycle.anchor.origin,
                  reported.insert(property.location).inserted else { continue }
            findings.append(finding(
                Message.cycle(owner: owner, property: property, cycle: cycle, in: program),
                at: property.location, subject: "\(owner).\(property.name)", cycle: cycle, in: program,
                fixes: [PropertyFix.makeWeak(property, owner: owner, in: program, anchor: cycle.anchor)]))
        }
        return findings
    }

    private enum Message {
        static func cycle(owner: String, property: PropertyFact, cycle: Cycle, in program: Program) -> String {
            CycleWording.reference(owner: owner, property: property) + " holds its delegate \(program.name(cycle.anchor.to)) strongly"
                + CycleWording.andPath(cycle, in: program) + "; " + Advice.declareWeak(property, owner: owner, in: program)
                + CycleWording.moreSuffix(cycle)
        }
    }
}

import Analysis
import CoordLintCore

/// A private debugging helper scheduling a timer, called from `start()` by `call` (none: never called).
private func testReadings(call: String) -> String {
    """
    import Foundation
    final class Transmitter: NSObject {
        private var testAmount = 0.0
        func start() {
            \(call)
        }
        private func temptesting(amount: Double) {
            testAmount = amount
            Timer.scheduledTimer(timeInterval: 300, target: self, selector: #selector(createTestReading), userInfo: nil, repeats: true)
        }
        @objc private func createTestReading() {}
    }
    """
}

/// Swiftfin's slider: a deceleration timer whose target's method `handle` runs on each tick. Its stop method is
/// internal: another file may call it (a private one nothing names never runs, and stops nothing).
private func slider(_ handle: String) -> String {
    """
    import UIKit
    final class SliderContainer: UIControl {
        private var decelerationTimer: Timer?
        private var velocity: CGFloat = 0
        func endPan() {
            velocity = 5
            decelerationTimer = Timer.scheduledTimer(timeInterval: 0.03, target: self, selector: #selector(handleDeceleratingTimer), userInfo: nil, repeats: true)
        }
        @objc private func handleDeceleratingTimer(time: Timer) {
            velocity *= 0.78
            \(handle)
        }
        func stopDeceleratingTimer() {
            decelerationTimer?.invalidate()
            decelerationTimer = nil
        }
    }
    """
}

/// A repeating Timer or CADisplayLink that keeps self.
public struct TimerRetainsTargetRule: AnalysisRule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "timer_retains_target",
        name: "Timer Retains Target",
        summary: "A repeating Timer or CADisplayLink keeps self through its target or its block",
        rationale: """
            The run loop keeps a scheduled repeating timer, and the timer keeps its target (or its \
            block, and what the block captures) until it is invalidated. When that is 'self', 'self' \
            is never deallocated and the 'invalidate()' in 'deinit' never runs. Use the block-based \
            API with '[weak self]', and invalidate when the screen goes away.
            """,
        defaultSeverity: .warning,
        triggeringExamples: [
            Example(testReadings(call: "temptesting(amount: 150)").replacingOccurrences(
                of: "Timer.scheduledTimer(timeInterval: 300", with: "↓⟦warning: a repeating Timer keeps its target 'self' (Transmitter) strongly⟧Timer.scheduledTimer(timeInterval: 300")),
            // The method it calls never stops it: only a method nothing calls from it does (a note naming it).
            Example(slider("if abs(velocity) < 1 { velocity = 0 }").replacingOccurrences(
                of: "decelerationTimer = Timer.scheduledTimer", with: "decelerationTimer = ↓⟦note: a repeating Timer keeps its target 'self' (SliderContainer) strongly⟧Timer.scheduledTimer")),
            Example([
                "Poller.m": """
                    #import <UIKit/UIKit.h>
                    @interface PollingViewController : UIViewController
                    @end
                    @implementation PollingViewController
                    - (void)viewDidLoad {
                        ↓⟦warning: a repeating Timer keeps its target 'self' (PollingViewController) strongly and the run loop keeps⟧[NSTimer scheduledTimerWithTimeInterval:5 target:self selector:@selector(poll) userInfo:nil repeats:YES];
                    }
                    - (void)poll {}
                    @end
                    """,
            ]),
            Example("""
                final class CountdownViewController: UIViewController {
                    private var timer: Timer?
                    override func viewDidLoad() {
                        timer = ↓⟦warning: a repeating Timer keeps its target 'self' (CountdownViewController) strongly and the run loop keeps⟧Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true)
                    }
                    @objc func tick() {}
                    deinit { timer?.invalidate() }
                }
                """),
            Example("""
                final class PollingCoordinator {
                    func start() {
                        ↓⟦warning: the block of a repeating Timer captures 'self' (PollingCoordinator) strongly and the run loop keeps⟧Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { _ in self.poll() }
                    }
                    func poll() {}
                }
                """),
            Example("""
                final class AnimationView: UIView {
                    func start() {
                        let link = ↓⟦warning: a CADisplayLink keeps its target 'self' (AnimationView) strongly and the run loop keeps the link,⟧CADisplayLink(target: self, selector: #selector(step))
                        link.add(to: .main, forMode: .common)
                    }
                    @objc func step() {}
                }
                """),
        ],
        nonTriggeringExamples: [
            // `_refreshTimer` is the storage the compiler made for the property `refreshTimer`: the timer stored there is
            // the one `viewWillDisappear` invalidates through the property (ChatSecure `OTRMessagesViewController.m:273`,
            // read FALSE).
            Example([
                "ChatViewController.m": """
                    #import <UIKit/UIKit.h>
                    @interface ChatViewController : UIViewController
                    @property (nonatomic, strong) NSTimer *refreshTimer;
                    @end
                    @implementation ChatViewController
                    - (void)viewWillAppear:(BOOL)animated {
                        [super viewWillAppear:animated];
                        _refreshTimer = [NSTimer scheduledTimerWithTimeInterval:5 target:self selector:@selector(refresh:) userInfo:nil repeats:YES];
                    }
                    - (void)viewWillDisappear:(BOOL)animated {
                        [super viewWillDisappear:animated];
                        [self.refreshTimer invalidate];
                        self.refreshTimer = nil;
                    }
                    - (void)refresh:(NSTimer *)timer {}
                    @end
                    """,
            ]),
            // A private method nothing in its file names never runs: its timer is never made (xdrip
            // `CGMG5Transmitter.swift:237`, a debugging helper, read FALSE). Called, it is reported (the next example).
            Example(testReadings(call: "")),
            // A `dispatch_once` singleton lives for the process: the timer keeping it frees nothing (Monal
            // `MLAudioRecoderManager.m:79`, read FALSE). Its body's `static` variable is its instance's storage.
            Example([
                "RecorderManager.m": """
                    #import <Foundation/Foundation.h>
                    @interface RecorderManager : NSObject
                    @property (nonatomic, strong) NSTimer *timer;
                    + (RecorderManager *)sharedManager;
                    @end
                    @implementation RecorderManager
                    + (RecorderManager *)sharedManager {
                        static RecorderManager *manager = nil;
                        static dispatch_once_t onceToken;
                        dispatch_once(&onceToken, ^{
                            manager = [[RecorderManager alloc] init];
                        });
                        return manager;
                    }
                    - (void)start {
                        self.timer = [NSTimer scheduledTimerWithTimeInterval:1 target:self selector:@selector(tick) userInfo:nil repeats:YES];
                    }
                    - (void)tick {}
                    @end
                    """,
            ]),
            // A project's own factory on `Timer` (an Objective-C category whose proxy holds the target weakly) is not
            // UIKit's scheduled timer: its body decides (session-ios `DisappearingMessageTimerView.swift:63`,
            // `PhotoCaptureViewController.swift:624`, read FALSE).
            Example([
                "NSTimer+Proxying.h": """
                    #import <Foundation/Foundation.h>
                    @interface NSTimer (Proxying)
                    + (NSTimer *)weakScheduledTimerWithTimeInterval:(NSTimeInterval)timeInterval target:(id)target selector:(SEL)selector userInfo:(id)userInfo repeats:(BOOL)repeats;
                    @end
                    """,
                "TimerView.swift": """
                    import UIKit
                    final class DisappearingMessageTimerView: UIView {
                        private var animationTimer: Timer?
                        func startAnimation() {
                            animationTimer = Timer.weakScheduledTimer(withTimeInterval: 0.1, target: self, selector: #selector(updateProgress), userInfo: nil, repeats: true)
                        }
                        @objc func updateProgress() {}
                        deinit { animationTimer?.invalidate() }
                    }
                    """,
            ]),
            // Made into a local, kept in a property whose observer invalidates the old timer, and let go of when
            // the screen disappears (UIKit calls that whenever the screen leaves): it never outlives the screen
            // (LoopKit `InsulinDeliveryTableViewController.swift:112`, read FALSE).
            Example("""
                import UIKit
                final class DeliveryViewController: UITableViewController {
                    private var refreshTimer: Timer? {
                        willSet { refreshTimer?.invalidate() }
                    }
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        let timer = Timer(fireAt: Date(), interval: 300, target: self, selector: #selector(refresh(_:)), userInfo: nil, repeats: true)
                        refreshTimer = timer
                        RunLoop.current.add(timer, forMode: .default)
                    }
                    override func viewWillDisappear(_ animated: Bool) {
                        super.viewWillDisappear(animated)
                        refreshTimer = nil
                    }
                    @objc private func refresh(_ timer: Timer?) {}
                }
                """),
            // A view that lets go of its timer when it leaves its window, through a method of its own
            // (LoopKit `LoopCompletionHUDView.swift:91`, read FALSE).
            Example("""
                import UIKit
                final class FreshnessView: UIView {
                    private var tickTimer: Timer? {
                        didSet { oldValue?.invalidate() }
                    }
                    override func didMoveToWindow() {
                        super.didMoveToWindow()
                        updateTimer()
                    }
                    private func updateTimer() {
                        if window != nil {
                            tickTimer = Timer.scheduledTimer(timeInterval: 60, target: self, selector: #selector(tick), userInfo: nil, repeats: true)
                        } else {
                            tickTimer = nil
                        }
                    }
                    @objc private func tick() {}
                }
                """),
            // The method the timer calls stops it once the slider has slowed down (through a method of its own):
            // it stops by itself (Swiftfin `SliderContainer.swift:204`, read FALSE).
            Example(slider("if abs(velocity) < 1 { stopDeceleratingTimer() }")),
            Example(slider("if abs(velocity) < 1 { time.invalidate() }")),
            // A timer whose own block invalidates it stops by itself.
            Example("""
                final class CountdownViewController: UIViewController {
                    var remaining = 10
                    override func viewDidLoad() {
                        Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { timer in
                            self.remaining -= 1
                            if self.remaining == 0 { timer.invalidate() }
                        }
                    }
                }
                """),
            Example("""
                final class PollingCoordinator {
                    func start() {
                        Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { [weak self] _ in self?.poll() }
                        Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(poll), userInfo: nil, repeats: false)
                    }
                    @objc func poll() {}
                }
                """),
        ]
    )

    public func check(_ program: Program) -> [Finding] {
        program.registrations.compactMap { registration -> Finding? in
            // An object that lives as long as the process leaks nothing by being kept.
            if let owner = registration.owner, program.processLifetimeTypes.contains(owner) { return nil }
            // A timer whose own block invalidates it stops by itself.
            guard registration.kind == .timer, !program.invalidatesItself(registration) else { return nil }
            // One let go of whenever its screen leaves never outlives it.
            if program.releasedOnLeaving(registration) { return nil }
            let isDisplayLink = KnowledgeTables.displayLinkTypes.contains(registration.call)
            guard isDisplayLink || registration.repeats == true else { return nil }
            let owner = registration.owner ?? "self"
            if registration.targetIsSelf {
                return finding(Message.target(owner: owner, isDisplayLink: isDisplayLink), at: registration.location,
                               subject: "\(owner).\(registration.call)", registration: registration,
                               keeps: registration.owner, in: program)
            }
            guard let ref = registration.closure, let capture = program.selfCapture(of: ref), capture.strength.retains,
                  !capture.isValueCopy else {
                return nil
            }
            let closure = program.closure(ref)
            return finding(
                Message.block(type: capture.type, isDisplayLink: isDisplayLink,
                              advice: Advice.captureWeakly(closure, in: program)),
                at: registration.location, subject: "\(capture.type).\(registration.call)",
                registration: registration, keeps: capture.type, in: program,
                notes: [Note(message: "'self' is captured here", location: capture.location)],
                fixes: [ClosureFix.weakSelf(closure, capture: capture, in: program)])
        }
    }

    private enum Message {
        static func kind(_ isDisplayLink: Bool) -> String { isDisplayLink ? "CADisplayLink" : "repeating Timer" }

        static func target(owner: String, isDisplayLink: Bool) -> String {
            "a \(kind(isDisplayLink)) keeps its target 'self' (\(owner)) strongly and the run loop keeps the "
                + "\(isDisplayLink ? "link" : "timer"), so '\(owner)' is never deallocated and an 'invalidate()' in 'deinit' "
                + "never runs; " + (isDisplayLink
                    ? "invalidate it when the view leaves its window, or give it a target that holds 'self' weakly (a display link has no block-based API)"
                    : "use the block-based API with '[weak self]', or invalidate it when the screen goes away")
        }

        static func block(type: String, isDisplayLink: Bool, advice: String) -> String {
            "the block of a \(kind(isDisplayLink)) captures 'self' (\(type)) strongly and the run loop keeps the timer, "
                + "so '\(type)' is never deallocated and an 'invalidate()' in 'deinit' never runs; " + advice
        }
    }
}

import CoordLintCore

/// What coordlint knows about UIKit, AppKit, Foundation and Combine, as data in one place: which
/// calls make a container keep a view controller, which APIs keep (or only borrow) a closure.
/// Extend these tables, not the analysis code.
public enum FrameworkModel {
    /// Calls whose first argument the receiver keeps: a navigation stack, a presented controller,
    /// a child view controller. Key: base name; value: what the receiver keeps it as.
    public static let containerCalls: [String: String] = [
        "pushViewController": "navigation stack",
        "setViewControllers": "view controllers",
        "present": "presented view controller",
        "presentViewController": "presented view controller",
        "show": "shown view controller",
        "showDetailViewController": "shown view controller",
        "addChild": "child view controller",
        "addChildViewController": "child view controller",
        "setRootViewController": "root view controller",
    ]

    /// Properties of framework containers whose assignment makes the container keep the value.
    public static let containerProperties: Set<String> = ["rootViewController", "viewControllers"]

    /// Initializer labels under which a framework container keeps its argument.
    public static let containerInitializerLabels: Set<String> = ["rootViewController", "initWithRootViewController"]

    /// Calls that add an element to a collection property.
    public static let collectionAdds: Set<String> = [
        "append", "insert", "add", "addObject", "appendContentsOf", "updateValue", "setObject",
    ]
    /// Calls that remove elements from a collection property.
    public static let collectionRemoves: Set<String> = [
        "remove", "removeAll", "removeLast", "removeFirst", "removeValue", "removeObject", "removeObjectIdenticalTo",
        "removeAllObjects", "removeObjectForKey", "removeSubrange", "popLast", "subtract", "removeObjects",
    ]

}

/// How an API treats a closure passed to it. Everything not listed is assumed *not* to keep the
/// closure (precision over recall: a closure counts as stored only where storage is visible).
public enum ClosureAPIKind: String, Sendable {
    /// The call returns a token or cancellable that keeps the closure (`sink`, `observe`): the closure
    /// lives as long as wherever that result is stored.
    case keptByResult
    /// A block-based NotificationCenter observer: the center keeps the block until it is removed.
    case notificationObserver
    /// A KVO observation: the returned token keeps the block.
    case keyValueObservation
    /// A repeating timer: the run loop keeps the timer, the timer keeps the block or target.
    case timer
    /// Runs and is released: collection algorithms, animations, dispatch, `Task`, completions.
    case transient
}

public extension FrameworkModel {
    /// Known closure-taking APIs, by base name. Documented in ARCHITECTURE.md; extend here.
    static let closureAPIs: [String: ClosureAPIKind] = [
        // Combine: the AnyCancellable keeps the subscription, which keeps the closure.
        "sink": .keptByResult,
        // Foundation observers.
        "addObserver": .notificationObserver, "addObserverForName": .notificationObserver,
        "observe": .keyValueObservation,
        // Timers.
        "scheduledTimer": .timer, "scheduledTimerWithTimeInterval": .timer, "timerWithTimeInterval": .timer,
        "displayLinkWithTarget": .timer,
        // Transient: run now or once, then released.
        "map": .transient, "compactMap": .transient, "flatMap": .transient, "filter": .transient,
        "forEach": .transient, "reduce": .transient, "sorted": .transient, "sort": .transient,
        "first": .transient, "last": .transient, "contains": .transient, "allSatisfy": .transient,
        "firstIndex": .transient, "lastIndex": .transient, "min": .transient, "max": .transient,
        "removeAll": .transient, "partition": .transient, "drop": .transient, "prefix": .transient,
        "animate": .transient, "transition": .transient, "performBatchUpdates": .transient,
        "async": .transient, "asyncAfter": .transient, "sync": .transient, "concurrentPerform": .transient,
        "present": .transient, "dismiss": .transient, "pushViewController": .transient,
        "popViewController": .transient, "setViewControllers": .transient, "performWithoutAnimation": .transient,
        "Task": .transient, "withCheckedContinuation": .transient, "withTaskGroup": .transient,
    ]

    /// `Timer`/`CADisplayLink` constructors that keep a `target:` strongly.
    static let targetTimerTypes: Set<String> = ["Timer", "CADisplayLink", "NSTimer"]
}

public extension FrameworkModel {
    /// Library methods that remove a child coordinator.
    static let childRemoveHelpers: Set<String> = [
        "stop(coordinator:)", "removeChild(_:)", "detachChild(_:)", "removeChildCoordinator(_:)", "free(_:)",
        "free(coordinator:)",
    ]
    /// Calls that start a coordinator.
    static let startCalls: Set<String> = ["start", "begin", "run"]
    /// Methods that observe the user leaving a screen (back button, swipe, interactive dismissal).
    static let backNavigationHooks: Set<String> = [
        "navigationController(_:didShow:animated:)", "navigationController(_:willShow:animated:)",
        "viewDidDisappear(_:)", "viewWillDisappear(_:)", "didMove(toParent:)", "willMove(toParent:)",
        "presentationControllerDidDismiss(_:)", "presentationControllerWillDismiss(_:)",
        "dismissalTransitionDidEnd(_:)",
        // The same hooks as Objective-C selectors.
        "navigationController(_:didShowViewController:animated:)", "navigationController(_:willShowViewController:animated:)",
        "didMoveToParentViewController(_:)", "willMoveToParentViewController(_:)",
    ]
    /// Callback properties that fire when the user leaves a screen (`onDismiss`, `onBack`, ...).
    static let backNavigationCallbackWords: [String] = ["dismiss", "back", "pop", "close", "disappear", "finish"]
}

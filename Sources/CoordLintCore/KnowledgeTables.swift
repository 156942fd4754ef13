/// Every piece of framework knowledge and every naming heuristic coordlint uses, as rows of data,
/// each with the reason it is there. `Knowledge` (the one door) starts from these and adds what a
/// project's `.coordlint.yml` says. Code never spells a framework name or a naming convention itself.
public enum KnowledgeTables {
    // MARK: Containers (UIKit keeps view controllers)

    /// Calls whose first argument the receiver keeps: a navigation stack, a presented controller, a
    /// child view controller. Key: base name; value: what the receiver keeps it as (message wording).
    public static let containerCalls: [String: String] = [
        "pushViewController": "navigation stack",             // UINavigationController.viewControllers
        "setViewControllers": "view controllers",             // navigation / tab bar controllers
        "present": "presented view controller",               // presentedViewController is strong
        "presentViewController": "presented view controller", // the Objective-C selector
        "show": "shown view controller",                      // pushes or presents
        "showDetailViewController": "shown view controller",  // split view
        "addChild": "child view controller",                  // children is strong
        "addChildViewController": "child view controller",    // the Objective-C selector
        "setRootViewController": "root view controller",      // UIWindow.rootViewController (ObjC setter)
    ]

    /// The container property each of those calls fills, for naming what it keeps (`viewControllers.rootView.onAppear`).
    public static let containerCallProperties: [String: String] = [
        "pushViewController": "viewControllers", "setViewControllers": "viewControllers", "show": "viewControllers",
        "showDetailViewController": "viewControllers", "addChild": "children", "addChildViewController": "children",
        "setRootViewController": "rootViewController",
    ]

    /// Container calls whose keeping ends when the user leaves: a dismissal clears the presenter's
    /// `presentedViewController` (and dismissing the presenter dismisses what it presents first), so a
    /// cycle through a presentation ends with it. A navigation stack is different: a flow dismissed
    /// whole keeps its stack, and a stack kept in a cycle keeps its controllers.
    public static let dismissalReleasedCalls: Set<String> = ["present", "presentViewController"]

    /// Calls that end the screens a coordinator presented (`dismiss(animated:completion:)` and its
    /// Objective-C selector): the coordinator's flow is over there, whatever keeps the coordinator.
    public static let dismissalCalls: Set<String> = ["dismiss", "dismissViewControllerAnimated"]

    /// SwiftUI presentations driven by an optional binding (`.sheet(item: $model.details)`): SwiftUI shows
    /// what the bound property holds and sets it back to nil when the presentation goes, so that property
    /// is let go of when the user closes the sheet. Key: the modifier; value: the binding's label.
    /// A navigation stack's bound path (`NavigationStack(path: $coordinator.routes)`) the same way: SwiftUI
    /// takes a popped screen's route out of it.
    public static let presentationItemBindings: [String: String] = [
        "sheet": "item", "fullScreenCover": "item", "popover": "item", "alert": "item", "actionSheet": "item",
        "navigationDestination": "item", "NavigationStack": "path",
    ]

    /// Classes whose objects, made in code, load a nib of their own that connects their outlets (a view
    /// controller's nib named after it, a window controller's window nib).
    public static let ownNibLoadingClasses: Set<String> = [
        "UIViewController", "NSViewController", "NSWindowController", "UITableViewController",
        "UICollectionViewController", "NSSplitViewController", "NSTabViewController", "NSPageController",
    ]
    /// Calls that load a nib with an owner (`Bundle.main.loadNibNamed("Card", owner: self)`,
    /// `nib.instantiate(withOwner: self)`, and the Objective-C selectors, named by their first piece): the
    /// owner's outlets are connected, however it was made.
    public static let nibLoadingCalls: Set<String> = ["loadNibNamed", "instantiate", "instantiateWithOwner"]

    /// `show(_:sender:)` and `showDetailViewController(_:sender:)` called on a view controller itself: UIKit
    /// pushes the controller onto that controller's navigation (or split view) controller, or presents it,
    /// so the stack or the presentation keeps it, never the view controller the call is made on.
    public static let showCalls: Set<String> = ["show", "showDetailViewController"]

    /// Properties UIKit's classes declare whose names are also the base names of delegate methods a
    /// subclass implements (`tableView` beside `tableView(_:numberOfRowsInSection:)`): written bare in
    /// a subclass, such a name is the property, not a method reference. Key: the class.
    public static let frameworkClassProperties: [String: Set<String>] = [
        "UIViewController": viewControllerProperties,
        "UITableViewController": viewControllerProperties.union(["tableView"]),
        "UICollectionViewController": viewControllerProperties.union(["collectionView"]),
        "UINavigationController": viewControllerProperties,
        "UITabBarController": viewControllerProperties,
        "UIPageViewController": viewControllerProperties,
    ]
    /// Every UIKit view controller's (a class's superclass chain inside UIKit is not read).
    private static let viewControllerProperties: Set<String> = [
        "navigationController", "tabBarController", "splitViewController", "presentationController",
    ]

    /// UIKit container classes: a local aliased to a property of one of these types stands for what the
    /// container keeps (a captured local `nav` keeps the controllers pushed onto `self.navigationController`).
    public static let containerClasses: Set<String> = [
        "UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController",
    ]

    /// UIKit list views: a table or collection view keeps the cells it shows (its visible and reusable
    /// cells) for as long as it lives.
    public static let listViewClasses: Set<String> = ["UITableView", "UICollectionView"]
    /// View controllers whose view is their list view.
    public static let listViewControllerClasses: Set<String> = ["UITableViewController", "UICollectionViewController"]
    /// Data sources whose cell provider's first parameter is the list view handed to their initializer
    /// under this label: the provider dequeues from that list.
    public static let listDataSourceInitializers: [String: String] = [
        "UITableViewDiffableDataSource": "tableView",
        "UICollectionViewDiffableDataSource": "collectionView",
    ]
    /// The calls a list view hands out one of its cells with.
    public static let cellDequeueCalls: Set<String> = [
        "dequeueReusableCell", "dequeueReusableCellWithIdentifier", "dequeueConfiguredReusableCell",
    ]

    /// Properties of framework containers whose assignment makes the container keep the value.
    public static let containerProperties: Set<String> = ["rootViewController", "viewControllers"]

    /// Initializer labels under which a framework container keeps its argument
    /// (`UINavigationController(rootViewController:)` and its Objective-C selector; SwiftUI's hosting
    /// controllers and views, `UIHostingController(rootView:)`, keep the view value and what it holds).
    public static let containerInitializerLabels: Set<String> = ["rootViewController", "initWithRootViewController", "rootView"]

    // MARK: Collections

    /// Calls that add an element to a collection (Swift arrays, sets, dictionaries; NSMutable*).
    public static let collectionAdds: Set<String> = [
        "append", "insert", "add", "addObject", "appendContentsOf", "updateValue", "setObject",
    ]
    /// Foundation collections made to hold their objects weakly, by the class factory that makes them: an
    /// object added to one is not kept (an `NSHashTable` listener table, `NSPointerArray`, an `NSMapTable`
    /// whose values are weak). Key: the class; value: its factories (Swift name and Objective-C selector).
    /// `weakToStrongObjects` is not here: its values, which is what `setObject(_:forKey:)` adds, are kept.
    public static let weakCollectionFactories: [String: Set<String>] = [
        "NSHashTable": ["weakObjects", "weakObjectsHashTable"],
        "NSPointerArray": ["weakObjects", "weakObjectsPointerArray"],
        "NSMapTable": ["strongToWeakObjects", "weakToWeakObjects", "strongToWeakObjectsMapTable", "weakToWeakObjectsMapTable"],
    ]
    /// The option that makes one of those classes, built with options (`NSHashTable(options: .weakMemory)`,
    /// `[NSHashTable hashTableWithOptions:NSPointerFunctionsWeakMemory]`, an `NSMapTable`'s `valueOptions:`),
    /// hold its objects weakly.
    public static let weakMemoryOptions: Set<String> = ["weakMemory", "NSPointerFunctionsWeakMemory", "NSHashTableWeakMemory", "NSMapTableWeakMemory"]
    /// The argument labels that carry those options: a map table's `keyOptions:` says nothing of the values it keeps.
    public static let weakMemoryOptionLabels: Set<String> = ["options", "hashTableWithOptions", "initWithOptions", "valueOptions"]

    /// How a collection's add labels its element: unlabelled (`append(_:)`, `insert(_:at:)`, `add(_:)`,
    /// `addObject:`), or `append(contentsOf:)`. `textView.add(listener: self)` on a view coordlint cannot
    /// see is that view's own method, which may keep its listener weakly: not a collection's add.
    public static let collectionAddElementLabels: Set<String> = ["contentsOf"]
    /// Classes whose objects are collections an add fills (Swift's arrays, sets and dictionaries are
    /// read from the written type): Foundation's, and the bags reactive libraries keep subscriptions in
    /// (`disposables.add(…)` on a ReactiveSwift `CompositeDisposable`, `bag.insert(…)` on RxSwift's `DisposeBag`).
    public static let collectionClasses: Set<String> = [
        "NSMutableArray", "NSMutableSet", "NSMutableDictionary", "NSMutableOrderedSet", "NSCountedSet",
        "NSHashTable", "NSMapTable", "NSPointerArray",
        "OrderedSet", "OrderedDictionary", "Deque", "IdentifiedArray", "IdentifiedArrayOf",  // swift-collections, TCA
        "CompositeDisposable", "DisposeBag",
    ]
    /// Calls that remove elements from a collection.
    public static let collectionRemoves: Set<String> = [
        "remove", "removeAll", "removeLast", "removeFirst", "removeValue", "removeObject", "removeObjectIdenticalTo",
        "removeAllObjects", "removeObjectForKey", "removeSubrange", "popLast", "subtract", "removeObjects",
    ]
    /// Calls that take one element out of a collection and give it back (`queue.removeFirst()`): called at once,
    /// the collection is a queue of closures run in turn.
    public static let collectionTakes: Set<String> = ["removeFirst", "removeLast", "popFirst", "popLast"]
    /// Foundation's untyped mutable collections: their element type is not written, so one counts as
    /// a child collection only when its name says what it holds (`childCoordinators`).
    public static let untypedMutableCollections: Set<String> = ["NSMutableArray", "NSMutableSet", "NSMutableDictionary"]
    /// Words in an untyped collection's name that say it holds child coordinators.
    public static let untypedChildCollectionWords: [String] = ["coordinator", "child"]

    // MARK: Closures

    /// How known closure-taking APIs treat their closure, by base name. Everything not listed is
    /// assumed *not* to keep the closure (precision over recall: storage must be visible).
    public static let closureAPIs: [String: ClosureAPIKind] = [
        // Combine: the AnyCancellable keeps the subscription, which keeps the closure.
        "sink": .keptByResult,
        // RxSwift: the Disposable keeps the subscription (and its closures) until it is disposed;
        // RxCocoa's drive and bind the same.
        "subscribe": .keptByResult, "drive": .keptByResult, "bind": .keptByResult,
        // ReactiveSwift: the signal keeps its observer until it terminates or the Disposable the call
        // returns is disposed; apps keep that Disposable in a CompositeDisposable or a Lifetime
        // (`disposables += signal.observeValues { … }`), so the closure lives as long as that bag.
        "observeValues": .keptByResult, "observeResult": .keptByResult, "observeCompleted": .keptByResult,
        "observeFailed": .keptByResult, "observeInterrupted": .keptByResult,
        "startWithValues": .keptByResult, "startWithResult": .keptByResult, "startWithCompleted": .keptByResult,
        "startWithFailed": .keptByResult,
        // Foundation observers: the center keeps the block; a KVO token keeps its block.
        "addObserver": .notificationObserver, "addObserverForName": .notificationObserver,
        "observe": .keyValueObservation,
        // Timers and display links: the run loop keeps them, they keep the block or target.
        "scheduledTimer": .timer, "scheduledTimerWithTimeInterval": .timer, "timerWithTimeInterval": .timer,
        "displayLinkWithTarget": .timer,
        // Transient: run now or once, then released (collection algorithms, animation, dispatch, Task).
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
    /// Collection types an alias may name (`typealias Lifetime = Set<AnyCancellable>`): a property of the alias is a
    /// collection, which cannot be weak (the Swift frontend reads these names written directly as containers).
    public static let collectionTypeNames: Set<String> = [
        "Array", "ContiguousArray", "Set", "Dictionary", "NSArray", "NSMutableArray", "NSHashTable", "NSMapTable",
    ]
    /// Swift's sequence methods that return one of the elements (`tunnels.first(where: { … })`, `items.last`): the
    /// same object a collection holds, of the element type it is declared with.
    public static let elementAccessors: Set<String> = ["first", "last", "randomElement", "min", "max"]
    /// Constructors of Swift concurrency tasks: the task keeps its closure until the operation ends,
    /// which for a `for await` loop is when the sequence finishes (a stream self keeps may never).
    public static let taskConstructors: Set<String> = ["Task"]
    /// Streams that end only when their continuation is finished: a task awaiting one waits (and keeps
    /// what it captures) until code calls one of `streamFinishCalls` on it.
    public static let unendingStreamTypes: Set<String> = ["AsyncStream", "AsyncThrowingStream"]
    public static let streamFinishCalls: Set<String> = ["finish"]
    /// Types whose constructors keep a `target:` strongly (and the run loop keeps them).
    public static let targetTimerTypes: Set<String> = ["Timer", "CADisplayLink", "NSTimer"]
    /// The argument labels under which timer APIs take their target and whether they repeat.
    public static let timerTargetLabel = "target"
    public static let timerRepeatsLabel = "repeats"
    /// `selector: #selector(tick)`: the method of the target a timer calls.
    public static let timerSelectorLabel = "selector"
    /// Display links fire every frame until invalidated (repeating, whatever the call says).
    public static let displayLinkTypes: Set<String> = ["CADisplayLink", "displayLinkWithTarget"]
    /// Subscriptions that keep the object under one argument label strongly until cancelled:
    /// Combine's `assign(to: \.x, on: object)`. (`assign(to: &$x)` keeps no object.)
    public static let subscriptionTargetLabels: [String: String] = ["assign(to:on:)": "on"]
    /// Operators that keep their closure for as long as the subscription made on them lives (Combine,
    /// RxSwift). On a call's result any call is an operator; at the head of a chain (`subject.map {…}`)
    /// only these are: `context.performChanges {…}.sink` makes its publisher with a closure it runs once.
    public static let publisherOperators: Set<String> = [
        "map", "tryMap", "compactMap", "tryCompactMap", "flatMap", "switchToLatest", "filter", "tryFilter",
        "handleEvents", "scan", "tryScan", "reduce", "removeDuplicates", "first", "last", "drop", "prefix",
        "catch", "tryCatch", "replaceError", "asyncMap", "do", "flatMapLatest", "flatMapFirst", "withLatestFrom",
        "combineLatest", "zip", "merge", "throttle", "debounce", "distinctUntilChanged", "take", "skip",
        "takeWhile", "skipWhile", "mapError", "retry", "delay", "receive", "subscribe",
    ]
    /// Publishers that complete after at most one value, ending the subscription and releasing its
    /// closures: Combine's Future, Just, Fail, Empty (by type, or made at the chain's head), and a URL
    /// request's publisher.
    public static let oneShotPublishers: Set<String> = ["Future", "Just", "Fail", "Empty", "dataTaskPublisher"]
    /// Operators that end a pipeline after its first value or a counted few: RxSwift's and Combine's `take(n)`,
    /// `prefix(n)` (a count written as a number), and `first()` / `first(where:)`. The subscription completes
    /// then and lets go of its closures, as a Future's does. (`take(while:)`, `take(until:)` end on a condition
    /// that may never come: not these.)
    public static let countedOperators: Set<String> = ["take", "prefix"]
    public static let firstValueOperators: Set<String> = ["first"]
    /// Operators after which the pipeline lives as long as the sequences they join in: `flatMap` completes
    /// only when every inner sequence it subscribed to does (`take(1).flatMap { store.get($0) }` lives as long
    /// as `get`'s), `concat` goes on with the next sequence. An ending before one of these ends nothing.
    public static let joiningOperators: Set<String> = [
        "flatMap", "flatMapLatest", "flatMapFirst", "concatMap", "switchMap", "switchToLatest", "switchLatest",
        "merge", "concat", "combineLatest", "append", "amb",
    ]
    /// Operators whose closure gives the value the pipeline goes on with (`map`, `flatMap`, `filter`): a
    /// closure of one expression returns it, so after '[weak self]' it unwraps `self` first
    /// (`self?.store.get(id)` would be an optional sequence).
    public static let valueMappingOperators: Set<String> = [
        "map", "flatMap", "flatMapLatest", "flatMapFirst", "concatMap", "compactMap", "filter", "tryMap",
        "tryCompactMap", "tryFilter", "scan", "reduce", "withLatestFrom", "switchMap",
    ]
    /// RxCocoa's control events and properties (`button.rx.tap`, `field.rx.text`, `control.rx.controlEvent(…)`,
    /// `table.rx.itemSelected`): each completes when its control is deallocated, which ends every subscription
    /// made on it and lets go of its closures.
    public static let controlEventMembers: Set<String> = [
        "tap", "controlEvent", "controlProperty", "text", "attributedText", "value", "isOn", "date",
        "selectedSegmentIndex", "itemSelected", "itemDeselected", "modelSelected", "itemDeleted", "itemMoved",
        "itemInserted", "primaryAction",
    ]
    /// The member RxCocoa's extensions hang on (`button.rx`).
    public static let reactiveExtensionMember = "rx"
    /// Combine's Deferred: on subscription it makes the publisher its closure returns and publishes what that
    /// one does, so it completes when that one does (`Deferred { Future { … } }` is one-shot).
    public static let deferredPublishers: Set<String> = ["Deferred"]
    /// RxSwift's single-event traits: `subscribe(onSuccess:…)` exists only on a `Single` or a `Maybe`, which end
    /// after their one event and dispose of their observer's closures, as a Future's sink does.
    public static let singleEventSubscriptionLabels: Set<String> = ["onSuccess"]
    /// Sequence types that send at most one event by their type: RxSwift's traits (`Completable`, `Single<T>`,
    /// `Maybe<T>`) and Combine's `Future`. A function declared to return one returns a one-shot sequence.
    public static let singleEventTypes: Set<String> = ["Completable", "Single", "Maybe", "Future"]
    /// Framework types and the framework protocols they conform to, for implicit members: `return .just(x)` in
    /// a function declared `-> AnyPublisher<…>` may call a static method a project's `extension Publisher`
    /// declares (Combine's type-erased publisher and its built-in publishers are Publishers).
    public static let frameworkConformances: [String: [String]] = [
        "AnyPublisher": ["Publisher"], "Just": ["Publisher"], "Future": ["Publisher"], "Fail": ["Publisher"],
        "Empty": ["Publisher"], "Deferred": ["Publisher"],
    ]
    /// `x.store(in: &bag)`: Combine's AnyCancellable keeps itself in a collection property;
    /// `x.disposed(by: bag)`: RxSwift's DisposeBag keeps the Disposable.
    public static let cancellableStoreCalls: Set<String> = ["store(in:)", "disposed(by:)"]

    /// UIKit objects that keep the closures handed to their initializers, by type: the labels whose
    /// closure the new object keeps for its whole life (a trailing closure stands for the last label).
    public static let closureKeepingInitializers: [String: [String]] = [
        // A compositional layout asks its section provider for every layout pass.
        "UICollectionViewCompositionalLayout": ["sectionProvider"],
        // Diffable data sources keep their cell provider to dequeue every cell.
        "UITableViewDiffableDataSource": ["cellProvider"],
        "UICollectionViewDiffableDataSource": ["cellProvider"],
        // An alert action and a UIAction keep their handler to run it when chosen.
        "UIAlertAction": ["handler"],
        "UIAction": ["handler"],
        // SwiftUI's Binding keeps its getter and setter to read and write through them for as long as it lives.
        "Binding": ["get", "set"],
        // SwiftUI's OpenURLAction keeps its handler to run it for every link opened in its environment.
        "OpenURLAction": ["handler"],
        // CarPlay's buttons and alert actions keep their handler to run it when tapped.
        "CPBarButton": ["handler"],
        "CPGridButton": ["handler"],
        "CPTextButton": ["handler"],
        "CPAlertAction": ["handler"],
    ]
    /// SwiftUI's hosts: a hosting controller or view keeps its root view value, a hosting configuration the
    /// content its builder makes (`UIHostingConfiguration { … }`), by the labels of those arguments (a
    /// trailing closure stands for the last label). The view value keeps what `viewActionClosures` says.
    public static let viewHostingInitializers: [String: [String]] = [
        "UIHostingController": ["rootView"], "NSHostingController": ["rootView"], "NSHostingView": ["rootView"],
        "UIHostingConfiguration": ["content"],
    ]
    /// SwiftUI controls and modifiers whose view value keeps the closure it is given, to run on an event
    /// for as long as the view lives, by the labels of those closures (a trailing closure stands for the
    /// last label, unless that label is written). Any other closure in a view's content is a builder the
    /// view runs for its content (`VStack { … }`, `contextMenu { … }`): what it builds is read, the closure
    /// itself is not counted as kept.
    public static let viewActionClosures: [String: [String]] = [
        // Lifecycle and gesture modifiers (View.onAppear(perform:), onTapGesture(count:perform:), …).
        "onAppear": ["perform"], "onDisappear": ["perform"], "onTapGesture": ["perform"],
        "onLongPressGesture": ["perform", "onPressingChanged"], "onHover": ["perform"],
        "onChange": ["perform"], "onReceive": ["perform"], "onSubmit": ["action"], "onOpenURL": ["perform"],
        "onDelete": ["perform"], "onMove": ["perform"], "task": ["action"], "refreshable": ["action"],
        // A presentation's dismissal callback (sheet(isPresented:onDismiss:content:), fullScreenCover).
        "sheet": ["onDismiss"], "fullScreenCover": ["onDismiss"],
        // Gesture values (TapGesture().onEnded { … }, DragGesture().onChanged { … }).
        "onEnded": ["action"], "onChanged": ["action"],
        // A control that holds its action (Button(action:label:)). Values a view is given keep what
        // `closureKeepingInitializers` says (OpenURLAction, Binding).
        "Button": ["action"],
    ]
    /// Members through which UIKit (and WebKit, CarPlay) objects refer to others weakly, by the platform's
    /// convention: a delegate or data source (`tableView.dataSource = diffableDataSource` keeps nothing).
    public static func isWeakFrameworkMember(_ member: String) -> Bool {
        let lowered = member.lowercased()
        return lowered.hasSuffix("delegate") || lowered.hasSuffix("datasource")
    }
    /// Framework members the framework itself empties after running what they hold, by the class declaring them:
    /// Foundation sets an operation's `completionBlock` to nil once it starts running it (iOS 8, macOS 10.10).
    public static let frameworkClearedMembers: [String: Set<String>] = [
        "Operation": ["completionBlock"], "NSOperation": ["completionBlock"],
    ]
    /// UIKit methods whose receiver keeps the object passed first (and so the closures it keeps):
    /// `UIAlertController.addAction(_:)` and `UIControl.addAction(_:for:)` keep the action.
    public static let argumentKeepingCalls: Set<String> = ["addAction"]
    /// UIKit objects that keep an object handed to their initializer (and so what that object keeps),
    /// by type and label: a collection view keeps its layout.
    public static let objectKeepingInitializers: [String: [String]] = [
        "UICollectionView": ["collectionViewLayout"],
        // A menu keeps its children (actions and submenus), and so their handlers.
        "UIMenu": ["children"],
        // A web view keeps its configuration, and so the user content controller and its handlers.
        "WKWebView": ["configuration"],
        // ownCloud SDK (a pod): an array data source keeps its items (`-initWithItems:` fills a
        // strong-to-strong map table, OCDataSourceArray.m), and so what each item keeps.
        "OCDataSourceArray": ["items"],
    ]
    /// Framework calls whose receiver keeps the object passed first strongly, by the receiver's class and
    /// the call's full name, with how messages name what it keeps: WebKit's user content controller keeps
    /// its script message handlers (the documented cycle through a web view's handler).
    public static let objectRetainingCalls: [String: [String: String]] = [
        "WKUserContentController": [
            "add(_:name:)": "script message handler",
            "add(_:contentWorld:name:)": "script message handler",
            "addScriptMessageHandler(_:contentWorld:name:)": "script message handler",
        ],
    ]
    /// How messages name what a call of `objectRetainingCalls` keeps (`add(_:name:)`: a script message handler).
    public static func retainedObjectName(_ signature: String) -> String? {
        objectRetainingCalls.values.lazy.compactMap { $0[signature] }.first
    }
    /// The framework property through which code reaches such a receiver (`configuration.userContentController`).
    public static let objectRetainingMembers: [String: String] = ["userContentController": "WKUserContentController"]

    // MARK: Associated objects (the Objective-C runtime)

    /// `objc_setAssociatedObject(object, key, value, policy)`: the runtime keeps `value` for `object`
    /// under `key` with `policy` until it is set again (to nil) or `object` is deallocated. Arguments by
    /// position: object, key, value, policy.
    public static let associatedObjectSetter = "objc_setAssociatedObject"
    /// The policies under which the runtime retains (or copies) the value: a strong edge object → value.
    /// `OBJC_ASSOCIATION_ASSIGN` keeps an unretained pointer, no edge.
    public static let retainingAssociationPolicies: Set<String> = [
        "OBJC_ASSOCIATION_RETAIN", "OBJC_ASSOCIATION_RETAIN_NONATOMIC",
        "OBJC_ASSOCIATION_COPY", "OBJC_ASSOCIATION_COPY_NONATOMIC",
    ]

    // MARK: Libraries whose objects coordlint cannot see

    /// Stored properties framework superclasses declare, which their initializers fill: Eureka's
    /// `FormViewController` keeps its `Form` (sections, rows, and the rows' callbacks) in `form`.
    public static let frameworkStoredProperties: [String: [String]] = ["FormViewController": ["form"]]
    /// Operators that add their right operand to their left and return the left: Eureka's
    /// `form +++ section` and `section <<< row`.
    public static let containerOperators: Set<String> = ["+++", "<<<"]
    /// Methods that keep their closure on the receiver and return the receiver: Eureka's row callbacks.
    public static let callbackSetters: Set<String> = [
        "onChange", "cellUpdate", "cellSetup", "onCellSelection", "onPresent", "onCellHighlightChanged",
        "onRowValidationChanged", "onExpandInlineRow", "onCollapseInlineRow",
    ]

    /// Library enum cases whose associated closures the enum value keeps (a case's payload is stored in
    /// the value), by the case's full name, with the labels that carry closures (a trailing closure
    /// stands for the last label); a nested case under one of them carries its own. Eureka: a row keeps
    /// its `presentationMode`, which keeps the controller provider's `builder` and the `onDismiss` callback
    /// (`PresentationMode<VC>` and `ControllerProvider<VC>`, Eureka's PresenterRowType.swift and Core.swift).
    /// Used only where the project declares no enum case of the same name.
    public static let closureKeepingLibraryCases: [String: [String]] = [
        "callback(builder:)": ["builder"],
        "show(controllerProvider:onDismiss:)": ["controllerProvider", "onDismiss"],
        "presentModally(controllerProvider:onDismiss:)": ["controllerProvider", "onDismiss"],
        "popover(controllerProvider:onDismiss:)": ["controllerProvider", "onDismiss"],
        "segueName(segueName:onDismiss:)": ["onDismiss"],
        "segueClass(segueClass:onDismiss:)": ["onDismiss"],
        // Eureka's `Condition.function([String], (Form) -> Bool)`: a row's `hidden` or `disabled` condition keeps
        // its predicate (Eureka's Condition.swift).
        "function(_:_:)": ["_"],
    ]

    /// Members whose handler the framework calls once and then sets to nil: the object keeps that closure only
    /// until its first call, so a cycle through it ends on its own.
    public static let handlersReleasedAfterFirstCall: Set<String> = [
        // ownCloudSDK's `OCShareQuery`: after delivering the first results it sets `initialPopulationHandler` to nil
        // (ios-sdk `ownCloudSDK/Core/Sharing/OCShareQuery.m`); `changesAvailableNotificationHandler` stays.
        "initialPopulationHandler",
        // Swift's `AsyncStream.Continuation` / `AsyncThrowingStream.Continuation`: the stream calls `onTermination`
        // once when it ends (finished, cancelled, or its consumer gone) and lets go of it then, so a handler that
        // captures the continuation (or what holds it) keeps the stream only while the stream lives.
        "onTermination",
    ]

    /// Closures those cases keep that return a value that is not optional, by the path messages name them
    /// with (Eureka's `ControllerProvider.callback(builder:)` makes the controller to show): a body of one
    /// expression there cannot become `self?.…`.
    public static let valueReturningLibraryClosures: Set<String> = [
        "controllerProvider.builder",
        // SwiftUI's `Binding(get:set:)` getter (the `Binding` row of `closureKeepingInitializers`, the only
        // row that keeps a closure under `get`): it returns the bound value.
        "get",
        // Eureka's `Condition.function(tags, predicate)`: the predicate returns whether to hide or disable.
        "function",
    ]

    /// The labels a library case of `closureKeepingLibraryCases` keeps closures under, for a call written
    /// with these labels (a trailing closure standing for the row's last label).
    public static func closureKeepingLibraryCase(name: String, labels: [String?], trailingClosureIndex: Int?) -> [String]? {
        matchingRow(in: closureKeepingLibraryCases, name: name, labels: labels, trailingClosureIndex: trailingClosureIndex)
    }

    /// The row of `table` (keyed by full names) a call written with `labels` matches.
    private static func matchingRow<Value>(in table: [String: Value], name: String, labels: [String?],
                                           trailingClosureIndex: Int?) -> Value? {
        let prefix = name + "("
        let candidates = table.keys.filter { $0.hasPrefix(prefix) }
        guard !candidates.isEmpty else { return nil }
        let written = labels.enumerated().map { index, label in index == trailingClosureIndex ? "*" : (label ?? "_") }
        for signature in candidates.sorted() {
            let rowLabels = signature.dropFirst(name.count + 1).dropLast().split(separator: ":").map(String.init)
            guard rowLabels.count == written.count else { continue }
            if zip(rowLabels, written).allSatisfy({ $0 == $1 || $1 == "*" }) { return table[signature] }
        }
        return nil
    }

    /// Framework methods that keep their handler on the receiver until a stop call (the value): Core
    /// Motion's update handlers. Keyed by the full name; a trailing closure matches the last label.
    public static let handlerRegistrations: [String: String] = [
        // CMMotionActivityManager
        "startActivityUpdates(to:withHandler:)": "stopActivityUpdates",
        // CMMotionManager (and CMHeadphoneMotionManager's device motion)
        "startAccelerometerUpdates(to:withHandler:)": "stopAccelerometerUpdates",
        "startGyroUpdates(to:withHandler:)": "stopGyroUpdates",
        "startMagnetometerUpdates(to:withHandler:)": "stopMagnetometerUpdates",
        "startDeviceMotionUpdates(to:withHandler:)": "stopDeviceMotionUpdates",
        "startDeviceMotionUpdates(using:to:withHandler:)": "stopDeviceMotionUpdates",
        // CMPedometer
        "startUpdates(from:withHandler:)": "stopUpdates",
        // CMAltimeter
        "startRelativeAltitudeUpdates(to:withHandler:)": "stopRelativeAltitudeUpdates",
    ]

    /// The `handlerRegistrations` row a call matches, with its stop call: labels as written, a trailing
    /// closure standing for the row's last label.
    public static func handlerRegistration(name: String, labels: [String?], trailingClosureIndex: Int?) -> String? {
        matchingRow(in: handlerRegistrations, name: name, labels: labels, trailingClosureIndex: trailingClosureIndex)
    }

    // MARK: Child coordinators

    /// Library methods that remove a child coordinator (CoordinatorKit's stop, XCoordinator/RIBs-like
    /// detach, BaseCoordinator's free).
    public static let childRemoveHelpers: Set<String> = [
        "stop(coordinator:)", "removeChild(_:)", "detachChild(_:)", "removeChildCoordinator(_:)", "free(_:)",
        "free(coordinator:)",
    ]
    /// Coordinator libraries as data (their source is not in the project): methods that add a child to
    /// a collection the library's base class keeps, on a receiver inheriting one of `ancestors`, and
    /// the call that takes it out again.
    /// - RIBs: a `Router` keeps the routers `attachChild(_:)` is given in `children` until `detachChild(_:)`.
    /// XCoordinator's `addChild(_:)` has no row: the library prunes children itself after every transition.
    public static let libraryChildAdds: [String: LibraryChildAdd] = [
        "attachChild(_:)": LibraryChildAdd(ancestors: ["Router", "ViewableRouter", "LaunchRouter"], removal: "detachChild(_:)"),
    ]
    /// XCoordinator's coordinator classes, whose router abstractions are members of every subclass.
    public static let routerLibraryCoordinators: Set<String> = [
        "BaseCoordinator", "BasicCoordinator", "NavigationCoordinator", "ViewCoordinator", "TabBarCoordinator",
        "SplitCoordinator", "PageCoordinator", "RedirectionRouter",
    ]
    /// XCoordinator's router abstractions that keep the coordinator strongly (`StrongRouter`; 1.x's
    /// `AnyRouter`/`AnyCoordinator`): the value is the coordinator itself. `unownedRouter` and
    /// `weakRouter` keep nothing, so they have no row.
    public static let strongRouterMembers: Set<String> = ["strongRouter", "anyRouter", "anyCoordinator"]
    /// The declared types of those strong abstractions, with the member that gives the weak one
    /// instead (the fix for a view model or a child holding its coordinator).
    public static let strongRouterTypes: [String: String] = [
        "StrongRouter": "unownedRouter", "AnyRouter": "unownedRouter", "AnyCoordinator": "unownedRouter",
    ]
    /// Calls that start a coordinator.
    public static let startCalls: Set<String> = ["start", "begin", "run"]
    /// Methods that observe the user leaving a screen (back button, swipe, interactive dismissal),
    /// in Swift and as Objective-C selectors.
    public static let backNavigationHooks: Set<String> = [
        "navigationController(_:didShow:animated:)", "navigationController(_:willShow:animated:)",
        "viewDidDisappear(_:)", "viewWillDisappear(_:)", "didMove(toParent:)", "willMove(toParent:)",
        "presentationControllerDidDismiss(_:)", "presentationControllerWillDismiss(_:)",
        "dismissalTransitionDidEnd(_:)",
        "navigationController(_:didShowViewController:animated:)", "navigationController(_:willShowViewController:animated:)",
        "didMoveToParentViewController(_:)", "willMoveToParentViewController(_:)",
    ]
    /// Methods UIKit calls on every way a screen or a view leaves (by name: a view controller's view leaving
    /// the screen, a view leaving its window or superview). What they, or the object's own methods they call,
    /// let go of never outlives the screen: a timer invalidated there is the screen's timer, not a leak.
    public static let leavingHooks: Set<String> = [
        "viewWillDisappear", "viewDidDisappear", "didMoveToWindow", "willMove", "removeFromSuperview",
    ]
    /// Members that decide whether a presented controller can be swiped down (iOS 13's sheets can, unless
    /// made modal or full screen): where code sets one on the presented controller or in its type, coordlint
    /// cannot tell the sheet apart from a full-screen presentation and says nothing of a swipe.
    public static let presentationStyleMembers: Set<String> = [
        "modalPresentationStyle", "isModalInPresentation", "modalInPresentation", "setModalPresentationStyle",
        "setModalInPresentation",
    ]
    /// Presented framework controllers the user cannot swipe away: an alert ends through its actions.
    public static let unswipeablePresentedClasses: Set<String> = ["UIAlertController"]
    /// Words in a callback property's name that say it fires when the user leaves a screen (`onBack`).
    public static let backNavigationCallbackWords: [String] = ["dismiss", "back", "pop", "close", "disappear", "finish"]
    /// Calls that push onto a navigation stack (the back button can pop what they push).
    public static let navigationPushCalls: Set<String> = ["pushViewController"]
    /// Words in a property's name, or type names, that say it holds a navigation controller (a child
    /// handed its parent's navigation controller pushes onto the same stack).
    public static let navigationPropertyWords: [String] = ["nav"]
    public static let navigationControllerTypeWord = "NavigationController"
    /// Attributes through which the Objective-C runtime, a nib or a storyboard can call a method its file never names.
    public static let runtimeVisibleAttributes: Set<String> = [
        "objc", "objcMembers", "IBAction", "IBSegueAction", "NSManaged", "_dynamicReplacement", "_cdecl", "_silgen_name",
    ]
    /// UIKit's navigation controller: a subclass of it made by a function is a new stack.
    public static let navigationControllerClass = "UINavigationController"

    // MARK: Roles (naming conventions; they shape wording and anchor choice)

    /// `*Coordinator`, `*Router`, `*Flow` are coordinators.
    public static let coordinatorSuffixes = ["Coordinator", "Router", "Flow"]
    /// A protocol whose name contains one of these makes its conformers coordinators.
    public static let coordinatorProtocolWords = ["Coordinator", "Coordinating", "Routing", "Router"]
    /// Suffixes that say a protocol or property is a callback interface, not a coordinator.
    public static let delegateTypeSuffixes = ["Delegate", "DataSource"]
    /// Property names ending so are delegate references (lowercased comparison).
    public static let delegatePropertySuffixes = ["delegate", "datasource"]
    /// Words in a property's name that say it points up the ownership tree.
    public static let upwardPropertyWords = ["parent", "owner"]
    /// Name suffixes of view controllers, view models and views that do not inherit a known class.
    public static let viewControllerSuffixes = ["ViewController", "VC"]
    public static let viewModelSuffixes = ["ViewModel", "VM", "Presenter"]
    public static let viewSuffixes = ["View", "Cell"]
    public static let viewControllerClasses: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UISplitViewController", "UIPageViewController", "UIHostingController",
        "UIAlertController", "UISearchController", "NSViewController", "NSWindowController",
    ]
    public static let viewClasses: Set<String> = [
        "UIView", "UITableViewCell", "UICollectionViewCell", "UIControl", "UIButton", "UILabel", "UIScrollView",
        "UITableView", "UICollectionView", "UIStackView", "UIImageView", "NSView", "UICollectionReusableView",
    ]
    /// Framework classes a project class may inherit from (its lineage then counts for its role).
    public static let frameworkClasses: Set<String> = viewControllerClasses.union(viewClasses).union([
        "NSObject", "UIResponder", "UIWindow", "UIApplication", "NSWindow",
    ])
    /// Prefixes of Apple framework class names: an unknown superclass so named is a framework class.
    public static let frameworkClassPrefixes = ["UI", "NS"]
    /// Value types of the standard library and the SDK that a property may hold: a closure that needs one
    /// captures a copy of it (`[count]`), never `weak`, which does not compile on a value. Checked before
    /// the `UI`/`NS` prefixes above, which would take `UIEdgeInsets` for a class.
    public static let standardValueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "Bool", "String", "Character", "Substring", "Date", "URL", "UUID", "Data", "Decimal",
        "TimeInterval", "CGRect", "CGPoint", "CGSize", "CGVector", "NSRange", "IndexPath", "UIEdgeInsets",
        "NSDirectionalEdgeInsets", "UIOffset", "DateComponents", "Locale", "TimeZone", "Calendar",
    ]
    /// Inheriting one of these makes a protocol class-bound (`weak` is then allowed on it).
    public static let classBoundingNames: Set<String> = [
        "AnyObject", "class", "NSObjectProtocol", "NSObject",
        "ObservableObject",  // Combine: `protocol ObservableObject: AnyObject`
    ]

    // MARK: Teardown (what code does to let go of something on its way out)

    /// Calls without arguments on a stored property that release what it keeps: a timer's or display
    /// link's run loop registration, a subscription, a bag's contents, a motion manager's handler.
    public static let teardownCalls: Set<String> = Set(["invalidate", "cancel", "dispose", "removeAll", "removeAllObjects"])
        .union(handlerRegistrations.values)
    /// Calls that release the observer token passed to them.
    public static let teardownArgumentCalls: Set<String> = ["removeObserver", "stopObserving"]
    /// Methods UIKit calls while the object lives on, not on its way out: a cell emptying its bag in
    /// `prepareForReuse` is reused, and the cells a table holds when it goes away are never prepared
    /// again, so a cycle through that bag still leaks them (mastodon-ios fixed four such sinks).
    public static let reuseMethods: Set<String> = ["prepareForReuse()"]
    /// Constructors of an empty bag or collection: assigning one empties the property.
    public static let emptyContainerConstructors: Set<String> = [
        "Set", "Array", "Dictionary", "DisposeBag", "CompositeDisposable", "NSMutableArray", "NSMutableSet",
        "NSMutableDictionary",
    ]
    /// Class methods that make an empty collection of one of those classes (`[NSMutableArray array]`).
    public static let emptyContainerFactories: Set<String> = ["array", "set", "dictionary", "new"]

    // MARK: Lifetimes

    /// Calls that never return: an `init?(coder:)` whose body is one of them (or `return nil`) makes no object
    /// from a storyboard or nib, so only code that names the class makes one.
    public static let trappingCalls: Set<String> = ["fatalError", "preconditionFailure"]

    /// Conforming to one of these makes an object live as long as the process (UIKit keeps the app
    /// and scene delegates): a cycle through it is never a leak.
    /// SwiftUI's `App` too: the `@main` app value is made once and kept for the process. Only the
    /// framework's protocols count (a project protocol of the same name does not).
    public static let processLifetimeProtocols: Set<String> = [
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate", "NSApplicationDelegate", "App",
        // WatchKit's extension and application delegates: one object, kept for the watch extension's process.
        "WKExtensionDelegate", "WKApplicationDelegate",
    ]

    /// SwiftUI's value protocols: the framework expects their conformers to be structs (it copies views,
    /// modifiers and scenes at will), so "make it a class" is never advice for one.
    public static let valueOnlyProtocols: Set<String> = ["View", "ViewModifier", "Scene", "App"]

    /// Container calls and properties that make a view controller a window's root: the root of a
    /// process-lifetime object lives as long as it does.
    public static let windowRootCalls: Set<String> = ["rootViewController", "setRootViewController"]

    // MARK: Tests (left out unless --include-tests)

    /// Folders holding tests or test doubles, by name or name suffix (`AppTests`, `AppUITests`).
    public static let testDirectoryNames: Set<String> = ["Tests", "UITests", "Mocks", "Specs"]
    public static let testDirectorySuffixes = ["Tests", "UITests", "Specs"]
    /// Test files, by name suffix.
    public static let testFileSuffixes = ["Tests.swift", "Test.swift", "Spec.swift", "Tests.m", "Test.m"]
    /// Test case base classes: a file declaring a subclass is a test file.
    public static let testBaseClasses: Set<String> = ["XCTestCase", "QuickSpec", "AsyncSpec"]

    /// Property attributes whose storage a framework manages (Core Data relationships are faults the
    /// context keeps, not strong references of the object).
    public static let frameworkManagedAttributes: Set<String> = ["NSManaged"]
    /// Attributes of properties the nib or storyboard loader assigns (a store coordlint cannot see in
    /// code, made when the view loads): an object of the declared type.
    public static let nibConnectedAttributes: Set<String> = ["IBOutlet"]

    // MARK: Frontend conventions

    /// `T.instantiate()`, `T.make()`: static factories that return a `T` (Storyboarded, nib loading).
    public static let staticFactoryNames: Set<String> = ["instantiate", "init", "make", "create", "fromNib", "loadFromNib"]
}

/// How an API treats a closure passed to it.
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

/// A library method adding a child to a collection the library keeps (`KnowledgeTables.libraryChildAdds`).
public struct LibraryChildAdd: Sendable {
    /// The library's classes (simple names) whose subclasses have the method.
    public var ancestors: Set<String>
    /// The call that removes the child (`detachChild(_:)`).
    public var removal: String
}

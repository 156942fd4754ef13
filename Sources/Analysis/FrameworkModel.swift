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

    /// UIKit members that are not stored in the project's types but have a known type.
    public static let frameworkMembers: [String: String] = [
        "navigationController": "UINavigationController",
        "tabBarController": "UITabBarController",
        "presentingViewController": "UIViewController",
        "window": "UIWindow",
    ]

    /// Whether a written type name is a framework container of view controllers.
    public static func isContainerType(_ name: String) -> Bool {
        ["UINavigationController", "UITabBarController", "UISplitViewController", "UIWindow", "UIPageViewController",
         "NSWindow", "UIViewController"].contains(name)
    }
}

import CoordLintCore

/// What a type is in the Coordinator pattern, from its name and what it inherits. Data, in one place.
public enum TypeCategories {
    /// `*Coordinator`, `*Router`, `*Flow`.
    public static let coordinatorSuffixes = ["Coordinator", "Router", "Flow"]
    /// A protocol whose name contains one of these makes its conformers coordinators.
    public static let coordinatorProtocolWords = ["Coordinator", "Coordinating", "Routing", "Router"]
    public static let viewControllerClasses: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UISplitViewController", "UIPageViewController", "UIHostingController",
        "UIAlertController", "UISearchController", "NSViewController", "NSWindowController",
    ]
    public static let viewClasses: Set<String> = [
        "UIView", "UITableViewCell", "UICollectionViewCell", "UIControl", "UIButton", "UILabel", "UIScrollView",
        "UITableView", "UICollectionView", "UIStackView", "UIImageView", "NSView", "UICollectionReusableView",
    ]
    public static let frameworkClasses: Set<String> = viewControllerClasses.union(viewClasses).union([
        "NSObject", "UIResponder", "UIWindow", "UIApplication", "NSWindow",
    ])

    static func category(of type: ResolvedType, knowledge: Knowledge) -> Node.Kind {
        let simple = String(type.name.split(separator: ".").last ?? Substring(type.name))
        if knowledge.isCoordinator(simple, conformances: type.conformances) { return .coordinator }
        let lineage = [simple] + type.ancestors
        if lineage.contains(where: viewControllerClasses.contains)
            || simple.hasSuffix("ViewController") || simple.hasSuffix("VC") {
            return .viewController
        }
        if simple.hasSuffix("ViewModel") || simple.hasSuffix("VM") || simple.hasSuffix("Presenter") {
            return .viewModel
        }
        if lineage.contains(where: viewClasses.contains) || simple.hasSuffix("View") || simple.hasSuffix("Cell") {
            return .view
        }
        return .other
    }
}

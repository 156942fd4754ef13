import CoordLintCore

/// Every rule, sorted by identifier. A test fails when a `*Rule.swift` file is missing from this list.
public let builtInRules: [any AnalysisRule.Type] = [
    ChildNeverRemovedRule.self,
    ChildNotRetainedRule.self,
    ClosureCaptureCycleRule.self,
    MethodReferenceCaptureRule.self,
    ObserverClosureCaptureRule.self,
    ReferenceCycleRule.self,
    StrongCoordinatorReferenceRule.self,
    StrongDelegateRule.self,
    SuperfluousSuppressionRule.self,
    TimerRetainsTargetRule.self,
    UnhandledBackNavigationRule.self,
]

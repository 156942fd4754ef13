import CoordLintCore

/// Every rule, sorted by identifier. A test fails when a `*Rule.swift` file is missing from this list.
public let builtInRules: [any AnalysisRule.Type] = [
    ReferenceCycleRule.self,
    StrongCoordinatorReferenceRule.self,
    StrongDelegateRule.self,
]

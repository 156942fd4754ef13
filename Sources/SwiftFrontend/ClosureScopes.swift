import CoordLintCore
import SwiftSyntax

/// Where a closure's names and `self` are held: its capture list (read by the enclosing scope) and a
/// strong re-binding of `self` ahead of a loop.
extension BodyCollector {
    /// Whether a name is written in a closure's capture list (`[x = name.y]`), not in its body.
    static func isInCaptureClause(_ node: DeclReferenceExprSyntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if parent.is(ClosureCaptureClauseSyntax.self) { return true }
            if parent.is(ClosureExprSyntax.self) || parent.is(CodeBlockItemSyntax.self) { return false }
            current = parent.parent
        }
        return false
    }

    /// Whether a statement of a closure's own body, before `loop`, is a `guard` binding `self`
    /// (`guard let self`, `guard let self = self`, `guard let strongSelf = self`).
    static func guardBindsSelf(before loop: ForStmtSyntax) -> Bool {
        guard let item = loop.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
              list.parent?.is(ClosureExprSyntax.self) == true else { return false }
        for statement in list {
            if statement.id == item.id { return false }
            guard let guardStatement = statement.item.as(GuardStmtSyntax.self) else { continue }
            let bindsSelf = guardStatement.conditions.contains { condition in
                guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self) else { return false }
                if let value = binding.initializer?.value { return value.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) }
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.tokenKind == .keyword(.self)
            }
            if bindsSelf { return true }
        }
        return false
    }
}

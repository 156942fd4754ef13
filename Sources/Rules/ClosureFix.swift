import Analysis
import CoordLintCore

/// The `[weak self]` fix-it: a capture list entry, and `self.` → `self?.` (bare members get
/// `self?.`). Only where that is mechanical: a class's `self`, used only through members.
enum ClosureFix {
    static func weakSelf(_ closure: ClosureFact, capture: SelfCapture, in program: Program) -> Fix? {
        // Swift syntax only: an Objective-C block needs a `__weak typeof(self)` local instead.
        guard program.language(of: closure.location.file) == .swift, !capture.isValueCopy, capture.otherUses.isEmpty,
              !closure.captureList.contains(where: { $0.name == "self" }) else { return nil }
        var edits: [TextEdit] = []
        let list: String
        if closure.hasCaptureList {
            list = "weak self, "
        } else if closure.hasSignature {
            list = "[weak self] "
        } else {
            list = " [weak self] in"
        }
        edits.append(.insert(list, at: closure.captureListInsertion))
        for use in capture.explicitMembers {
            edits.append(.insert("?", at: SourceLocation(file: use.file, line: use.line, column: use.column + 4)))
        }
        for use in capture.implicitMembers {
            edits.append(.insert("self?.", at: use))
        }
        return Fix(message: "capture 'self' weakly: '[weak self]' and 'self?.'", edits: edits)
    }
}

import Analysis
import CoordLintCore

/// The `[weak self]` fix-it: a capture list entry, and `self.` → `self?.` (bare members get
/// `self?.`). Only where that is mechanical: a class's `self`, used only through members.
enum ClosureFix {
    static func weakSelf(_ closure: ClosureFact, capture: SelfCapture) -> Fix? {
        // Swift syntax only: an Objective-C block needs a `__weak typeof(self)` local instead.
        guard closure.location.file.hasSuffix(".swift"), !capture.isValueCopy, capture.otherUses.isEmpty,
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

    /// "closure stored in 'CartViewController.onCheckout'" from the cycle's last edge (holder → closure).
    static func storage(of cycle: Cycle, in program: Program) -> String {
        guard let last = cycle.edges.last, case .closureStorage(let name, let call) = last.origin else {
            return "a stored closure"
        }
        return call.isEmpty ? "stored in '\(last.from).\(name)'" : "kept by '\(call)'"
    }
}

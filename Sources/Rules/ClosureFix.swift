import Analysis
import CoordLintCore

/// The `[weak self]` fix-it: a capture list entry, and `self.` → `self?.` (bare members get
/// `self?.`). Only where that is mechanical: a class's `self`, used only through members.
enum ClosureFix {
    /// `[weak self]` and `guard let self else { return }; ` at the start of the body: every use of
    /// `self` then compiles unchanged. Only where that is sure to compile: a Swift closure of a class's
    /// `self`, of several statements that return nothing (so a `Void` closure), without `self` in its
    /// capture list already. Never on a closure that loops over an async sequence: `guard let self`
    /// before the loop holds `self` for as long as the loop runs, which is the cycle itself.
    static func weakSelf(_ closure: ClosureFact, capture: SelfCapture, in program: Program) -> Fix? {
        guard program.language(of: closure.location.file) == .swift, !capture.isValueCopy,
              !closure.loopsOverAsyncSequence,
              closure.statementCount >= 2, !closure.returnsValue, let bodyStart = closure.bodyStart,
              !closure.captureList.contains(where: { $0.name == "self" }) else { return nil }
        let list: String
        if closure.hasCaptureList {
            list = "weak self, "
        } else if closure.hasSignature {
            list = "[weak self] "
        } else {
            list = " [weak self] in"
        }
        let unwrap = Advice.unwrap("self", in: program)
        return Fix(message: "capture 'self' weakly: '[weak self]' and '\(unwrap) { return }'",
                   edits: [.insert(list, at: closure.captureListInsertion),
                           .insert("\(unwrap) { return }; ", at: bodyStart)])
    }
}

import CoordLintCore

/// `lazy var manager: Manager = { … return Extension() }()`: a closure invoked where it is written is
/// the value it returns (for a local it returns, the expression the local was bound to) — the union of
/// its `return`s' values, and an object the expression creates when every `return` constructs one (the
/// property then owns a new object, as with `= Extension()`).
extension Evaluator {
    /// The value of `{ … }()`, when the closure returns something.
    mutating func invokedClosure(_ call: CallExpression) -> Value? {
        guard call.name == "()", call.arguments.isEmpty, case .closure(let id)? = call.base, let function = current?.function else { return nil }
        // The closure's own locals (`let viewModel = ViewModel(); …; return viewModel`) stand for the
        // expressions they were bound to: the call is evaluated before the closure's body.
        var bound: [String: ValueExpression] = [:]
        for event in function.events where event.closure == id {
            if case .binding(let name, _, let expression?) = event.kind { bound[name] = expression }
        }
        var kept: [CarriedClosure] = []
        let returned = function.returnedExpressions(inClosure: id).map { expression in
            if case .name(let name) = expression, let bound = bound[name] {
                // `alert.addAction(UIAlertAction(…) { … }); return alert`: what the local was given to keep.
                kept += FrameworkObjects.keptThroughCalls(on: name, in: function, closure: id, file: scope.file, types: types)
                return bound
            }
            // `return UINavigationController(rootViewController: info)`: the argument is what `info` was bound to.
            if case .call(var made) = expression {
                for index in made.arguments.indices {
                    if case .name(let name) = made.arguments[index].value, let bound = bound[name] { made.arguments[index].value = bound }
                }
                return .call(made)
            }
            return expression
        }
        var value = Value()
        value.carriedClosures = kept
        var allConstructed = !returned.isEmpty
        // The closure's other locals are unknown here, never members of `self` of the same name (`let info = …;
        // return Banner(info: info)` beside a method `info(_:)`).
        let masked = mask(bound.keys.sorted())
        let values = returned.map { evaluate($0) }
        unmask(masked)
        // Instance evidence: where the returned objects, and those a returned container was made with, were made.
        value.elementSites = Value.sites(of: values)
        for (expression, each) in zip(returned, values) {
            value.types += each.types.filter { !value.types.contains($0) }
            value.contents += each.contents.filter { !value.contents.contains($0) }
            value.carriedClosures += each.carriedClosures.filter { !value.carriedClosures.contains($0) }
            if case .call(let call) = expression, Self.isConstruction(call, isLocal: scope.isLocal) {} else {
                allConstructed = false
            }
        }
        // What the returned containers were made with, where every one of those objects says so.
        value.contentSites = value.elementSites.filter { value.contents.contains($0.key) }
        // A framework container the closure returns (`UINavigationController(rootViewController: info)`) keeps its contents.
        guard !value.types.isEmpty || !value.contents.isEmpty || !value.carriedClosures.isEmpty else { return nil }
        value.isConstructed = allConstructed
        return value
    }
}

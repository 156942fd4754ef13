import CoordLintCore

/// SwiftUI view values a host keeps (`UIHostingController(rootView:)`, `UIHostingConfiguration { … }`), read
/// from the syntax of the view written there: the closures its controls and modifiers keep
/// (`KnowledgeTables.viewActionClosures`), each under the control's or modifier's name. Any other closure in
/// the content is a builder: what it builds is read, the closure itself is not counted as kept.
extension FrameworkObjects {
    /// The closures a host construction keeps through the view it is given; nil when the call makes no host.
    static func hostedViewClosures(of call: CallExpression, in function: FunctionFact, file: Int,
                                   types: TypeIndex) -> [CarriedClosure]? {
        guard let type = constructedType(call), types[type] == nil,
              let labels = KnowledgeTables.viewHostingInitializers[type] else { return nil }
        let content = ViewContent(function: function, file: file, types: types)
        return call.arguments.flatMap { argument -> [CarriedClosure] in
            // Under the host's label (`rootView.onAppear`, `content.onTapGesture`).
            guard let label = keptLabel(argument, in: call, labels: labels) else { return [] }
            return content.closures(argument.value).map { $0.under(label) }
        }.uniqued()
    }
}

/// The view written in one function's body, as far as the closures it keeps go.
struct ViewContent {
    let function: FunctionFact
    let file: Int
    let types: TypeIndex

    /// The closures the view `expression` keeps: those its controls and modifiers are given to keep, in
    /// its receivers, arguments and builders' content.
    func closures(_ expression: ValueExpression, depth: Int = 0) -> [CarriedClosure] {
        guard depth < 16 else { return [] }
        switch expression {
        case .call(let call):
            var kept = call.base.map { closures($0, depth: depth + 1) } ?? []
            let labels = types[call.name] != nil ? nil : KnowledgeTables.viewActionClosures[call.name]
                ?? FrameworkObjects.constructedType(call).flatMap { KnowledgeTables.closureKeepingInitializers[$0] }
            for argument in call.arguments {
                if case .closure(let id) = argument.value {
                    if let labels, FrameworkObjects.keptLabel(argument, in: call, labels: labels) != nil {
                        kept.append(CarriedClosure(member: call.name, closure: ClosureRef(file: file, id: id)))
                    } else {
                        kept += statements(of: id).flatMap { closures($0, depth: depth + 1) }
                    }
                } else {
                    kept += closures(argument.value, depth: depth + 1)
                }
            }
            return kept
        case .closure(let id):
            return statements(of: id).flatMap { closures($0, depth: depth + 1) }
        case .member(let base, _), .cast(let base, _), .inOut(let base):
            return closures(base, depth: depth + 1)
        case .alternatives(let options), .array(let options), .tuple(let options):
            return options.flatMap { closures($0, depth: depth + 1) }
        default:
            return []
        }
    }

    /// What a builder closure's body gives: its `return`s and the calls written as statements (those no other
    /// call of the same closure contains).
    private func statements(of closure: Int) -> [ValueExpression] {
        var calls: [CallExpression] = []
        var returned: [ValueExpression] = []
        for event in function.events where event.closure == closure {
            switch event.kind {
            case .call(let call): calls.append(call)
            case .returned(let value): returned.append(value)
            default: break
            }
        }
        // A chain's calls share where they start (`Text(…)` and its `.onAppear { … }`): told apart whole.
        var nested: Set<CallExpression> = []
        for call in calls { Self.collectNested(in: call, into: &nested) }
        for value in returned { if case .call(let call) = value { Self.collectNested(in: call, into: &nested); nested.insert(call) } }
        return returned + calls.filter { !nested.contains($0) }.map { .call($0) }
    }

    /// The calls written inside `call` (its receiver chain and arguments, not closures).
    private static func collectNested(in call: CallExpression, into nested: inout Set<CallExpression>) {
        func visit(_ expression: ValueExpression) {
            switch expression {
            case .call(let inner):
                nested.insert(inner)
                collectNested(in: inner, into: &nested)
            case .member(let base, _), .cast(let base, _), .inOut(let base):
                visit(base)
            case .alternatives(let options), .array(let options), .tuple(let options):
                options.forEach(visit)
            default:
                break
            }
        }
        if let base = call.base { visit(base) }
        for argument in call.arguments { visit(argument.value) }
    }
}

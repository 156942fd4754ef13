import CoordLintCore

/// UIKit objects that keep closures handed to their initializers (`UICollectionViewCompositionalLayout
/// { … }`, a diffable data source's cell provider) and objects that keep such an object (a collection
/// view keeps its layout): the value of the construction carries those closures, so whichever property
/// keeps the object keeps them (`OpaqueObjectClosure`).
enum FrameworkObjects {
    /// The type a call constructs when it is a construction: `T(…)`, `T<…>(…)`, `T.init(…)`.
    static func constructedType(_ call: CallExpression) -> String? {
        if call.base == nil, call.name.first?.isUppercase == true { return call.name }
        if call.name == "init", case .name(let type)? = call.base, type.first?.isUppercase == true { return type }
        return nil
    }

    /// The closures a framework object keeps from its initializer's arguments, by the label of each.
    static func carriedClosures(of call: CallExpression, arguments: [Value]) -> [CarriedClosure] {
        guard let type = constructedType(call) else { return [] }
        var carried: [CarriedClosure] = []
        if let labels = KnowledgeTables.closureKeepingInitializers[type] {
            for (argument, value) in zip(call.arguments, arguments) {
                guard let closure = value.closure, let label = keptLabel(argument, in: call, labels: labels) else { continue }
                carried.append(CarriedClosure(member: label, closure: closure))
            }
        }
        if let labels = KnowledgeTables.objectKeepingInitializers[type] {
            for (argument, value) in zip(call.arguments, arguments) where labels.contains(argument.label ?? "") {
                carried += value.carriedClosures
            }
        }
        return carried
    }

    /// `.show(controllerProvider: .callback { … }, onDismiss: { … })`: the closures a library enum value
    /// keeps from its case's arguments (`closureKeepingLibraryCases`), by the label of each, nested cases
    /// under the label of the case they are given to. Nothing for a case the project declares.
    static func libraryCaseClosures(of call: CallExpression, arguments: [Value], types: TypeIndex) -> [CarriedClosure] {
        guard let labels = libraryCaseLabels(call, types: types) else { return [] }
        var carried: [CarriedClosure] = []
        for (argument, value) in zip(call.arguments, arguments) {
            guard let label = keptLabel(argument, in: call, labels: labels) else { continue }
            if let closure = value.closure { carried.append(CarriedClosure(member: label, closure: closure)) }
            carried += value.carriedClosures.map { $0.under(label) }
        }
        return carried
    }

    /// The same read from the syntax alone, for a case written in a configuration closure.
    static func libraryCaseClosures(of call: CallExpression, file: Int, types: TypeIndex) -> [CarriedClosure] {
        libraryCaseClosures(of: call, arguments: call.arguments.map { argument -> Value in
            switch argument.value {
            case .closure(let id):
                return Value(closure: ClosureRef(file: file, id: id))
            case .call(let nested):
                var value = Value()
                value.carriedClosures = libraryCaseClosures(of: nested, file: file, types: types)
                return value
            default:
                return Value()
            }
        }, types: types)
    }

    /// The labels of a library case's row, for a case written with a leading dot or on a type name
    /// (`ControllerProvider.callback { … }`) that the project declares no case of that name for.
    private static func libraryCaseLabels(_ call: CallExpression, types: TypeIndex) -> [String]? {
        guard !types.payloadCaseNames.contains(call.name) else { return nil }
        if !call.isImplicitMember {
            guard case .name(let type)? = call.base, type.first?.isUppercase == true else { return nil }
        }
        return KnowledgeTables.closureKeepingLibraryCase(
            name: call.name, labels: call.arguments.map(\.label),
            trailingClosureIndex: call.arguments.firstIndex(where: \.isTrailingClosure))
    }

    /// The objects a framework object keeps from its initializer's arguments (`WKWebView(frame:
    /// configuration:)` keeps its configuration and what that keeps; `OCDataSourceArray(items: [view])`
    /// keeps the project's `view`, and what it keeps through its own properties).
    static func retainedObjects(of call: CallExpression, arguments: [Value],
                                isProjectClass: (String) -> Bool) -> [RetainedObject] {
        guard let type = constructedType(call), let labels = KnowledgeTables.objectKeepingInitializers[type] else { return [] }
        return zip(call.arguments, arguments).flatMap { argument, value -> [RetainedObject] in
            guard let label = argument.label, labels.contains(label) else { return [] }
            let objects = value.kept.filter(isProjectClass).uniqued()
            return value.retainedObjects
                + (objects.isEmpty ? [] : [RetainedObject(types: objects, call: label, location: argument.location)])
        }
    }

    /// The full name of a framework call that keeps the object passed first (`add(_:name:)`), when its receiver is a
    /// class of `objectRetainingCalls`: a local constructed as one in this function, or reached through the
    /// framework property that holds one (`configuration.userContentController`).
    static func retainingCall(_ call: CallExpression, in function: FunctionFact?) -> String? {
        guard KnowledgeTables.retainedObjectName(call.signature) != nil else { return nil }
        var receiverClass: String?
        switch call.base {
        case .member(_, let member)?:
            receiverClass = KnowledgeTables.objectRetainingMembers[member]
        case .name(let local)?:
            for event in function?.events ?? [] {
                if case .binding(local, _, .call(let made)?) = event.kind, let type = constructedType(made),
                   KnowledgeTables.objectRetainingCalls[type] != nil { receiverClass = type }
            }
        default:
            break
        }
        return receiverClass.flatMap { KnowledgeTables.objectRetainingCalls[$0]?[call.signature] != nil ? call.signature : nil }
    }

    /// The table's label an argument passes: its own, or for the trailing closure the last label when the
    /// call does not write that label itself (`Button(action: f) { label }`: the trailing closure is the
    /// label's builder).
    static func keptLabel(_ argument: CallArgument, in call: CallExpression, labels: [String]) -> String? {
        if argument.isTrailingClosure, let last = labels.last {
            return call.arguments.contains { $0.label == last } ? nil : last
        }
        // An unlabeled argument of a row listing `_` (`.function(tags, { … })`) is kept under the case's name.
        guard let label = argument.label else { return labels.contains("_") ? call.name : nil }
        return labels.contains(label) ? label : nil
    }

    /// Project functions whose every `return` gives such an object, directly or through a local, or an
    /// array of them: what the returned object keeps (`func makeLayout() -> UICollectionViewLayout { return
    /// UICollectionViewCompositionalLayout { … } }`, an alert a local keeps actions on, the bar buttons a
    /// local array is given, a menu made of local actions), by the function's declaration. A `return` of
    /// anything else: nothing known.
    static func returnedClosures(_ functions: [FunctionRef], types: TypeIndex) -> [SourceLocation: [CarriedClosure]] {
        var result: [SourceLocation: [CarriedClosure]] = [:]
        for ref in functions where ref.function.kind == .method {
            let body = BodyObjects(function: ref.function, closure: nil, file: ref.file, types: types)
            var carried: [CarriedClosure] = []
            for expression in ref.function.returnedExpressions(inClosure: nil) {
                guard let kept = body.carried(expression) else { carried = []; break }
                carried += kept
            }
            if !carried.isEmpty { result[ref.function.location] = carried.uniqued() }
        }
        return result
    }

    /// What the objects a body makes keep, read from the body alone (callers need it before evaluation):
    /// a construction's closures and the objects it keeps, a local bound once to one, a local array and
    /// what is appended to it (`children.append(shareAction)`), an array literal.
    private struct BodyObjects {
        let function: FunctionFact
        let closure: Int?
        let file: Int
        /// The project's types (a construction of one is read from its own initializer, never as a framework
        /// object's configuration closure) and enum cases (a library case row never reads one).
        let types: TypeIndex
        /// What each local is bound to; a name bound in several blocks (`let shareAction` in two `if`s) may be each.
        private var bound: [String: [ValueExpression]] = [:]

        init(function: FunctionFact, closure: Int?, file: Int, types: TypeIndex) {
            self.function = function
            self.closure = closure
            self.file = file
            self.types = types
            for event in function.events where event.closure == closure {
                guard case .binding(let name, _, let expression?) = event.kind else { continue }
                bound[name, default: []].append(expression)
            }
        }

        /// nil: not an object this body makes (unknown).
        func carried(_ expression: ValueExpression, depth: Int = 0) -> [CarriedClosure]? {
            guard depth < 8 else { return nil }
            switch expression {
            case .call(let call) where constructedType(call) != nil:
                let made = FrameworkObjects.carriedClosures(of: call, arguments: call.arguments.map { argument -> Value in
                    if case .closure(let id) = argument.value { return Value(closure: ClosureRef(file: file, id: id)) }
                    var value = Value()
                    value.carriedClosures = carried(argument.value, depth: depth + 1) ?? []
                    return value
                })
                // `ButtonRowWithPresent<VC> { row in row.presentationMode = … }`: a framework row keeps what its
                // configuration closure sets on it.
                guard let type = constructedType(call), types[type] == nil else { return made }
                return made + configuredCallbacks(of: call, in: function, file: file, types: types)
            case .name(let local):
                let each = (bound[local] ?? []).compactMap { carried($0, depth: depth + 1) }
                guard !each.isEmpty else { return nil }
                return each.flatMap { $0 } + kept(by: local, depth: depth + 1)
            case .array(let elements):
                return elements.flatMap { carried($0, depth: depth + 1) ?? [] }
            case .nilLiteral:
                return []  // `return nil` on the way that makes no object: nothing kept, and nothing unknown
            case .alternatives(let options):
                // `return keepRunning ? shareQuery : nil`: whichever the run takes.
                var each: [CarriedClosure] = []
                for option in options {
                    guard let kept = carried(option, depth: depth + 1) else { return nil }
                    each += kept
                }
                return each
            default:
                return nil
            }
        }

        /// Whether every value the local is bound to is a construction of a type the project does not declare.
        private func isFrameworkObject(_ local: String) -> Bool {
            guard let values = bound[local], !values.isEmpty else { return false }
            return values.allSatisfy { value in
                guard case .call(let call) = value, let type = constructedType(call) else { return false }
                return types[type] == nil
            }
        }

        /// The closures a local keeps through calls that keep their argument (`alert.addAction(UIAlertAction(…)
        /// { … })`, `buttons.append(button)`) and the rows `<<<` adds to a section.
        func kept(by local: String, depth: Int = 0) -> [CarriedClosure] {
            let kept = function.events.flatMap { event -> [CarriedClosure] in
                // `query.initialPopulationHandler = { … }`: a framework object keeps the closure set on its member.
                if event.closure == closure, case .assignment(.member(.name(local), let member), "=", .closure(let id)) = event.kind,
                   isFrameworkObject(local) {
                    return [CarriedClosure(member: member, closure: ClosureRef(file: file, id: id))]
                }
                guard event.closure == closure, case .call(let call) = event.kind else { return [] }
                if call.base == .name(local), KnowledgeTables.argumentKeepingCalls.contains(call.name)
                    || KnowledgeTables.collectionAdds.contains(call.name), let added = call.arguments.first?.value {
                    return carried(added, depth: depth + 1) ?? []
                }
                // `section <<< ButtonRow { $0.onCellSelection { … } } <<< …`: the local section keeps the rows.
                guard let added = addedOperands(call, startingAt: { $0 == .name(local) }) else { return [] }
                return added.flatMap { argument -> [CarriedClosure] in
                    guard case .call(let row) = argument.value else { return [] }
                    return rowCallbacks(row, in: function, file: file, types: types)
                }
            }
            return kept.uniqued()
        }
    }

    /// What a construction written in a body keeps of the closures written as its arguments.
    private static func carriedClosures(of call: CallExpression, file: Int) -> [CarriedClosure] {
        carriedClosures(of: call, arguments: call.arguments.map { argument -> Value in
            if case .closure(let id) = argument.value { return Value(closure: ClosureRef(file: file, id: id)) }
            return Value()
        })
    }

    /// `ButtonRow { $0.onCellSelection { … } }`, `MultivaluedSection(…) { section in
    /// section.multivaluedRowToInsertAt = { … } }`: a framework initializer's configuration closure is
    /// handed the new object (Eureka rows and sections); the callbacks that closure sets on it (a callback
    /// setter called on it, a closure assigned to one of its members) are kept by the new object.
    /// `returnedRows`: what the object a project method returns keeps (`section <<< self.getActionRow(action)`
    /// in a section's configuration closure), where the caller can resolve the method; none otherwise.
    static func configuredCallbacks(of call: CallExpression, in function: FunctionFact, file: Int,
                                    types: TypeIndex,
                                    returnedRows: (CallExpression) -> [CarriedClosure] = { _ in [] }) -> [CarriedClosure] {
        guard constructedType(call) != nil else { return [] }
        var carried: [CarriedClosure] = []
        for argument in call.arguments {
            guard case .closure(let id) = argument.value else { continue }
            var object: Set<String> = ["$0"]
            // The closure's first parameter (`section in`): the first binding of its own without a value.
            for event in function.events where event.closure == id {
                if case .binding(let name, nil, nil) = event.kind { object.insert(name) }
                break
            }
            func isObject(_ base: ValueExpression?) -> Bool {
                switch base {
                case .name(let name)?: return object.contains(name)
                case .call(let inner)?: return KnowledgeTables.callbackSetters.contains(inner.name) && isObject(inner.base)
                default: return false
                }
            }
            for event in function.events where event.closure == id {
                switch event.kind {
                case .call(let setter) where KnowledgeTables.callbackSetters.contains(setter.name) && isObject(setter.base):
                    carried += callbacks(of: setter, file: file)
                case .assignment(.member(let base, let member), "=", .closure(let callback)) where isObject(base):
                    carried.append(CarriedClosure(member: member, closure: ClosureRef(file: file, id: callback)))
                case .assignment(.member(let base, let member), "=", .call(let made)) where isObject(base):
                    // `$0.presentationMode = .show(controllerProvider: .callback { … }, onDismiss: nil)`.
                    carried += libraryCaseClosures(of: made, file: file, types: types).map { $0.under(member) }
                case .call(let chain):
                    // `section <<< row`: the section keeps the rows its configuration closure adds to it.
                    for argument in addedOperands(chain, startingAt: isObject) ?? [] {
                        guard case .call(let row) = argument.value else { continue }
                        carried += rowCallbacks(row, in: function, file: file, types: types) + returnedRows(row)
                    }
                default:
                    continue
                }
            }
        }
        return carried.uniqued()
    }

    /// The closures a callback setter is handed (`row.onChange { … }`), kept under the setter's name.
    private static func callbacks(of setter: CallExpression, file: Int) -> [CarriedClosure] {
        setter.arguments.compactMap { argument in
            guard case .closure(let id) = argument.value else { return nil }
            return CarriedClosure(member: setter.name, closure: ClosureRef(file: file, id: id))
        }
    }

    /// The closures a local keeps through calls that keep their argument (`alert.addAction(UIAlertAction(…)
    /// { … })`) in a body (`closure` nil) or in one closure of it.
    static func keptThroughCalls(on local: String, in function: FunctionFact, closure: Int?, file: Int,
                                 types: TypeIndex) -> [CarriedClosure] {
        BodyObjects(function: function, closure: closure, file: file, types: types).kept(by: local)
    }

    /// What a chain of container operators adds to the object `isStart` accepts (`section <<< a <<< b`, one
    /// call whose base adds `a`): every link's operand, the last link's first; nil when `call` is no such chain on
    /// that object.
    private static func addedOperands(_ call: CallExpression, startingAt isStart: (ValueExpression?) -> Bool) -> [CallArgument]? {
        var added: [CallArgument] = []
        var link = call
        while true {
            guard KnowledgeTables.containerOperators.contains(link.name) else { return nil }
            added += link.arguments
            guard case .call(let inner)? = link.base, KnowledgeTables.containerOperators.contains(inner.name) else {
                return isStart(link.base) ? added : nil
            }
            link = inner
        }
    }

    /// The callbacks a row written in place keeps: chained setters (`ButtonRow().onCellSelection { … }`)
    /// and those its configuration closure sets.
    private static func rowCallbacks(_ row: CallExpression, in function: FunctionFact, file: Int,
                                     types: TypeIndex) -> [CarriedClosure] {
        if KnowledgeTables.callbackSetters.contains(row.name), case .call(let inner)? = row.base {
            return callbacks(of: row, file: file) + rowCallbacks(inner, in: function, file: file, types: types)
        }
        guard constructedType(row) != nil else { return [] }
        return carriedClosures(of: row, file: file) + configuredCallbacks(of: row, in: function, file: file, types: types)
    }
}

extension Evaluator {
    /// A new object: `T(...)`, `[[T alloc] init...]`, `T.make()`.
    static func isConstruction(_ call: CallExpression, isLocal: (String) -> Bool) -> Bool {
        if call.base == nil { return call.name.first?.isUppercase == true }
        if call.name.hasPrefix("init"), case .call(let inner)? = call.base { return isConstruction(inner, isLocal: isLocal) }
        if case .name(let base)? = call.base { return base.first?.isUppercase == true && !isLocal(base) }
        return false
    }
}

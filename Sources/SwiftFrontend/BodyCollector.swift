import CoordLintCore
import SwiftSyntax

/// Every closure of one file; ids are indices.
final class ClosureRegistry {
    var closures: [ClosureFact] = []
    /// A body of the file binds an optional without a value (`guard let self else`).
    var usesShorthandBinding = false
    /// Every name the file's bodies refer to (`tick`, `self.reload`, `#selector(refresh)`): a private
    /// method none of them names is never called.
    var referencedNames: Set<String> = []
}

/// Walks one function body (or property initial value) and records what it does: bindings,
/// assignments and calls as `BodyEvent`s, and every closure with what it captures.
final class BodyCollector: SyntaxVisitor {
    let locations: SourceLocationBuilder
    let registry: ClosureRegistry
    private(set) var events: [BodyEvent] = []
    /// `for await x in sequence` in the function's own body (not a closure's): the sequences.
    private(set) var awaitedSequences: [ValueExpression] = []
    private(set) var closureIDs: [SyntaxIdentifier: Int] = [:]
    /// Each call read once: calls are recorded inner first, and an outer call reads its arguments and
    /// receiver again (a chain of `n` modifiers would otherwise be read `n²/2` times). Filled only where
    /// a call's whole subtree has been walked (its closures numbered), never by an earlier read.
    private var readCalls: [SyntaxIdentifier: CallExpression] = [:]

    /// One entry per enclosing closure, innermost last.
    private struct Scope {
        var id: Int
        /// What `self` denotes inside, for closures nested further in (after `guard let self`: strong).
        var selfState: Ownership
        var declared: Set<String>
        /// Names bound to `self` in this scope (`strongSelf`).
        var aliases: Set<String>
        /// A parameter of this closure is named `self` (`{ `self`, value in … }`): `self` inside is that parameter.
        var declaresSelfParameter = false
    }
    private var scopes: [Scope] = []
    /// The parameters of each function declared in the body around the walk (`func saveChunks(completion:)`
    /// inside a method taking its own `completion`), innermost last.
    private var nestedFunctionParameters: [Set<String>] = []
    private let rootSelfState: Ownership

    init(locations: SourceLocationBuilder, closures: ClosureRegistry, selfBinding: Ownership) {
        self.locations = locations
        self.registry = closures
        self.rootSelfState = selfBinding
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Closures and captures

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        let id = registry.closures.count
        closureIDs[node.id] = id
        var items: [CaptureItem] = []
        var declared: Set<String> = []
        var parameters: [(name: String, location: CoordLintCore.SourceLocation)] = []
        if let clause = node.signature?.capture {
            for item in clause.items {
                var ownership = Ownership.strong
                if let specifier = item.specifier {
                    switch specifier.specifier.text {
                    case "weak": ownership = .weak
                    case "unowned": ownership = specifier.detail?.text == "unsafe" ? .unownedUnsafe : .unowned
                    default: break
                    }
                }
                let value = item.initializer.map { expression($0.value) }
                items.append(CaptureItem(name: item.name.text, ownership: ownership, value: value,
                                         location: locations.location(item)))
                declared.insert(item.name.text)
                // The enclosing closures must hold what this capture list names, to hand it over.
                if item.name.text == "self" && item.initializer == nil || value == .selfReference {
                    recordSelfUse(.explicit, at: locations.location(item), inScopesFrom: scopes.count - 1)
                }
            }
        }
        switch node.signature?.parameterClause {
        case .simpleInput(let list)?:
            for parameter in list {
                declared.insert(parameter.name.identifierText)
                parameters.append((parameter.name.identifierText, locations.location(parameter)))
            }
        case .parameterClause(let clause)?:
            for parameter in clause.parameters {
                let name = (parameter.secondName ?? parameter.firstName).text
                declared.insert(name)
                parameters.append((name, locations.location(parameter)))
            }
        case nil: break
        }
        let inherited = scopes.last?.selfState ?? rootSelfState
        let selfBinding = items.first { $0.name == "self" && $0.value == nil }?.ownership
            ?? items.first { $0.value == .selfReference }?.ownership
            ?? inherited
        let insertion: CoordLintCore.SourceLocation
        if let clause = node.signature?.capture {
            insertion = locations.endLocation(clause.leftSquare)
        } else if let signature = node.signature {
            insertion = locations.location(signature)
        } else {
            insertion = locations.endLocation(node.leftBrace)
        }
        let invoked = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
        registry.closures.append(ClosureFact(
            id: id, location: locations.location(node.leftBrace), parent: scopes.last?.id, captureList: items,
            selfBinding: selfBinding, selfUses: [], freeNames: [], isImmediatelyInvoked: invoked,
            captureListInsertion: insertion, hasCaptureList: node.signature?.capture != nil,
            hasSignature: node.signature != nil))
        registry.closures[id].statementCount = node.statements.count
        if node.statements.count == 1, let only = node.statements.first?.item.as(ExprSyntax.self) {
            registry.closures[id].soleSelfCall = Self.selfCallName(only)
        }
        registry.closures[id].bodyStart = node.statements.first.map { locations.location($0) }
        scopes.append(Scope(id: id, selfState: selfBinding, declared: declared, aliases: [],
                            declaresSelfParameter: parameters.contains { $0.0 == "self" }))
        // A closure's parameters are names of its own: never `self`'s members, never method references.
        for (name, location) in parameters where name != "_" {
            events.append(BodyEvent(kind: .binding(name: name, type: nil, value: nil), location: location, closure: id))
        }
        return .visitChildren
    }

    override func visitPost(_ node: ClosureExprSyntax) {
        // Read after its own closures have their ids.
        if let id = scopes.last?.id, node.statements.count == 1, let only = node.statements.first?.item.as(ExprSyntax.self) {
            registry.closures[id].soleExpression = expression(only)
        }
        scopes.removeLast()
    }

    /// Whether the value of a member chain (`self.x`, `self.x.y`, `self.f()`, `self.items[0]`) is used: its
    /// outermost link is not a statement of its own nor the target of an assignment, so `self?.` would
    /// hand an optional to whatever takes it.
    static func isUsedAsValue(_ expression: ExprSyntax) -> Bool {
        var top = Syntax(expression)
        while let parent = top.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == top.id {
                top = parent
            } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == top.id {
                top = parent
            } else if let access = parent.as(SubscriptCallExprSyntax.self), access.calledExpression.id == top.id {
                top = parent
            } else if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
                        || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
                top = parent
            } else {
                break
            }
        }
        guard var parent = top.parent else { return false }
        if parent.is(CodeBlockItemSyntax.self) { return false }
        // `self.x = …`, `self.x += …`: the target of an assignment (operators not folded yet); `self.x as? T`:
        // the cast's result is what is used.
        if let list = parent.as(ExprListSyntax.self), let index = list.firstIndex(where: { $0.id == top.id }) {
            let next = list.index(after: index)
            if next != list.endIndex {
                let following = list[next]
                if following.is(AssignmentExprSyntax.self) { return false }
                if let op = following.as(BinaryOperatorExprSyntax.self), op.operator.text.hasSuffix("="),
                   !["==", "!=", "<=", ">=", "===", "!=="].contains(op.operator.text) { return false }
                if index == list.startIndex, following.as(UnresolvedAsExprSyntax.self)?.questionOrExclamationMark?.text == "?",
                   let sequence = list.parent, let outer = sequence.parent {
                    parent = outer
                }
            }
        }
        // `if let row = self.form.rowBy(…)`, `guard let vc = self.viewController as? T`: a binding takes an optional.
        if let initializer = parent.as(InitializerClauseSyntax.self), initializer.parent?.is(OptionalBindingConditionSyntax.self) == true {
            return false
        }
        return true
    }

    /// Records a use of self in the closure at `index` and every closure enclosing it.
    private func recordSelfUse(_ form: SelfUse.Form, at location: CoordLintCore.SourceLocation, inScopesFrom index: Int) {
        guard index >= 0 else { return }
        var form = form
        for i in stride(from: index, through: 0, by: -1) {
            // `subscribe(with: self) { `self`, value in … }`: a parameter named `self` is what the closure uses,
            // handed to it on each call; the closures nested in it capture that parameter, no enclosing one does.
            if scopes[i].declaresSelfParameter { return }
            registry.closures[scopes[i].id].selfUses.append(SelfUse(form: form, location: location))
            // A closure naming `self` in its capture list hands the enclosing ones only that capture.
            if form == .value, scopes[i].declared.contains("self") { form = .explicit }
        }
    }

    /// `#if false`: never built, so nothing in it happens.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.isNeverCompiled ? .skipChildren : .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        registry.referencedNames.insert(node.baseName.identifierText)
        guard !scopes.isEmpty else { return .visitChildren }
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            return .visitChildren
        }
        let name = node.baseName.identifierText
        let location = locations.location(node)
        // `[roomID = roomProxy.id]`: a capture list's value is evaluated where the closure is made, by
        // the enclosing scope; the closure holds only the captured value.
        let innermost = Self.isInCaptureClause(node) ? scopes.count - 2 : scopes.count - 1
        if node.baseName.tokenKind == .keyword(.self) {
            // `self.x`, and `self?.x` / `self!.x` (the member's base is the optional chaining around `self`).
            var base = Syntax(node)
            while let parent = base.parent, parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) {
                base = parent
            }
            let member = base.parent?.as(MemberAccessExprSyntax.self)
            let isMemberBase = member?.base?.id == base.id
            let form: SelfUse.Form = isMemberBase
                ? (member.map { Self.isUsedAsValue(ExprSyntax($0)) } == true ? .memberValue : .explicitMember)
                : Self.isInCaptureClause(node) ? .explicit : .value
            recordSelfUse(form, at: location, inScopesFrom: innermost)
            return .visitChildren
        }
        guard let first = name.first, first != "$", first != "_", !first.isUppercase, innermost >= 0 else { return .visitChildren }
        // A parameter of a function declared in the body: the closures there capture it, not a name of the
        // enclosing function or type, and which object it holds is that function's callers' to say. Unknown.
        if nestedFunctionParameters.contains(where: { $0.contains(name) }) { return .visitChildren }
        let isValue = Self.isUsedAsValue(ExprSyntax(node))
        for i in stride(from: innermost, through: 0, by: -1) {
            if scopes[i].aliases.contains(name) {
                recordSelfUse(.alias(name), at: location, inScopesFrom: i + 1 <= innermost ? innermost : -1)
                return .visitChildren
            }
            if scopes[i].declared.contains(name) { return .visitChildren }
            registry.closures[scopes[i].id].freeNames.append(NameUse(name: name, location: location, isValue: isValue))
        }
        return .visitChildren
    }

    // MARK: Bindings

    override func visitPost(_ node: VariableDeclSyntax) {
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.identifierText
            let value = binding.initializer.map { expression($0.value) }
            declare(name, value: value)
            events.append(BodyEvent(
                kind: .binding(name: name, type: binding.typeAnnotation.map { TypeReferenceReader.read($0.type) }
                                   ?? binding.initializer.flatMap { TypeReferenceReader.emptyCollection($0.value) },
                               value: value),
                location: locations.location(pattern), closure: scopes.last?.id))
        }
    }

    /// A function declared in a body (`func row(for value: String?) -> TextRow { … }`): its name is a local
    /// from here on, not a member of `self`.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        // A method of a type declared in the body is that type's member, not a name of this scope.
        guard node.parent?.is(CodeBlockItemSyntax.self) == true else { return .visitChildren }
        let name = node.name.identifierText
        declare(name, value: nil)
        events.append(BodyEvent(kind: .binding(name: name, type: nil, value: nil), location: locations.location(node.name),
                                closure: scopes.last?.id))
        nestedFunctionParameters.append(Set(node.signature.parameterClause.parameters.map {
            ($0.secondName ?? $0.firstName).identifierText
        }))
        return .visitChildren
    }

    override func visitPost(_ node: FunctionDeclSyntax) {
        guard node.parent?.is(CodeBlockItemSyntax.self) == true else { return }
        nestedFunctionParameters.removeLast()
    }

    /// Names bound by patterns other than `let x =` and `if let x`: `for x in`, `case let .a(x)`,
    /// `catch let x`. They are locals, not `self`'s members.
    override func visitPost(_ node: IdentifierPatternSyntax) {
        if node.parent?.is(PatternBindingSyntax.self) == true || node.parent?.is(OptionalBindingConditionSyntax.self) == true {
            return
        }
        let name = node.identifier.identifierText
        let payload = enumPayload(node)
        declare(name, value: payload)
        events.append(BodyEvent(kind: .binding(name: name, type: nil, value: payload), location: locations.location(node),
                                closure: scopes.last?.id))
    }

    /// `case .settings(let viewModel)` / `case let .settings(viewModel)` in a `switch`, `if case` or
    /// `guard case`: the associated value of the matched case, at its position.
    private func enumPayload(_ pattern: IdentifierPatternSyntax) -> ValueExpression? {
        var node = Syntax(pattern)
        while let parent = node.parent, parent.is(ValueBindingPatternSyntax.self) || parent.is(PatternExprSyntax.self) {
            node = parent
        }
        guard let argument = node.parent?.as(LabeledExprSyntax.self), let list = argument.parent?.as(LabeledExprListSyntax.self),
              let call = list.parent?.as(FunctionCallExprSyntax.self),
              let caseName = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
              let position = list.firstIndex(where: { $0.id == argument.id }).map({ list.distance(from: list.startIndex, to: $0) })
        else { return nil }
        node = Syntax(call)
        while let parent = node.parent, parent.is(ExpressionPatternSyntax.self) || parent.is(ValueBindingPatternSyntax.self) {
            node = parent
        }
        let subject: ExprSyntax?
        if let item = node.parent?.as(SwitchCaseItemSyntax.self) {
            subject = item.parent?.parent?.parent?.parent?.parent?.as(SwitchExprSyntax.self)?.subject
        } else if let condition = node.parent?.as(MatchingPatternConditionSyntax.self) {
            subject = condition.initializer.value
        } else {
            subject = nil
        }
        return subject.map { .enumPayload(expression($0), caseName, position) }
    }

    /// `self.submit(x)`, `self?.submit(x)` or a bare `submit(x)`: the called name.
    static func selfCallName(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        if let name = call.calledExpression.as(DeclReferenceExprSyntax.self) { return name.baseName.identifierText }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), var base = member.base else { return nil }
        if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
        guard base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return nil }
        return member.declName.baseName.identifierText
    }

    override func visitPost(_ node: OptionalBindingConditionSyntax) {
        if node.initializer == nil { registry.usesShorthandBinding = true }
        guard let pattern = node.pattern.as(IdentifierPatternSyntax.self) else { return }
        let name = pattern.identifier.identifierText
        let value = node.initializer.map { expression($0.value) } ?? .name(name)
        declare(name, value: name == "self" ? .selfReference : value)
        events.append(BodyEvent(
            kind: .binding(name: name, type: node.typeAnnotation.map { TypeReferenceReader.read($0.type) }, value: value),
            location: locations.location(pattern), closure: scopes.last?.id))
    }

    /// A local declared inside a closure; `guard let self` re-binds self strongly. `let strongSelf = self` binds
    /// a strong alias, and `self` stays what it was (in a `[weak self]` closure, the weak optional that closures
    /// nested there capture weakly).
    private func declare(_ name: String, value: ValueExpression?) {
        guard !scopes.isEmpty else { return }
        if value == .selfReference {
            if name == "self" { scopes[scopes.count - 1].selfState = .strong } else { scopes[scopes.count - 1].aliases.insert(name) }
        }
        if name != "self" { scopes[scopes.count - 1].declared.insert(name) }
    }

    // MARK: Calls and assignments

    override func visitPost(_ node: FunctionCallExprSyntax) {
        let read = call(node)
        readCalls[node.id] = read
        events.append(BodyEvent(kind: .call(read), location: locations.location(node), closure: scopes.last?.id))
    }

    /// `guard let self else { return }` before a closure's own `for await` loop, when it captured `self`
    /// weakly: the loop runs holding `self`.
    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if node.awaitKeyword != nil, let scope = scopes.last, registry.closures[scope.id].selfBinding != .strong,
           Self.guardBindsSelf(before: node) {
            registry.closures[scope.id].holdsSelfAcrossLoop = true
        }
        return .visitChildren
    }

    override func visitPost(_ node: ForStmtSyntax) {
        guard node.awaitKeyword != nil else { return }
        if let closure = scopes.last?.id {
            registry.closures[closure].loopsOverAsyncSequence = true
        } else {
            awaitedSequences.append(expression(node.sequence))
        }
    }

    override func visitPost(_ node: ReturnStmtSyntax) {
        guard let value = node.expression else { return }
        if let closure = scopes.last?.id { registry.closures[closure].returnsValue = true }
        events.append(BodyEvent(kind: .returned(expression(value)), location: locations.location(node),
                                closure: scopes.last?.id))
    }

    override func visitPost(_ node: SequenceExprSyntax) {
        let elements = Array(node.elements)
        guard let index = elements.firstIndex(where: { element in
            element.is(AssignmentExprSyntax.self)
                || ["+=", "-="].contains(element.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
        }) else {
            // A statement of library operators (`form +++ section <<< row`): the operator calls.
            if node.parent?.is(CodeBlockItemSyntax.self) == true, case .call(let call) = sequenceValue(elements[...]) {
                events.append(BodyEvent(kind: .call(call), location: locations.location(node), closure: scopes.last?.id))
            }
            return
        }
        let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text ?? "="
        let target = sequenceValue(elements[..<index])
        let value = sequenceValue(elements[(index + 1)...])
        events.append(BodyEvent(kind: .assignment(target: target, op: op, value: value),
                                location: locations.location(node),
                                valueLocation: elements.indices.contains(index + 1) ? locations.location(elements[index + 1]) : nil,
                                closure: scopes.last?.id))
    }

    // MARK: Expressions

    func call(_ node: FunctionCallExprSyntax) -> CallExpression {
        if let read = readCalls[node.id] { return read }
        var base: ValueExpression?
        var name = "()"
        var isImplicitMember = false
        var callee = node.calledExpression
        while let inner = callee.as(OptionalChainingExprSyntax.self)?.expression ?? callee.as(ForceUnwrapExprSyntax.self)?.expression {
            callee = inner
        }
        if let member = callee.as(MemberAccessExprSyntax.self) {
            base = member.base.map { expression($0) }
            name = member.declName.baseName.identifierText
            isImplicitMember = member.base == nil
        } else if let reference = callee.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.identifierText
        } else if let generic = callee.as(GenericSpecializationExprSyntax.self),
                  let reference = generic.expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.identifierText
        } else if callee.is(ArrayExprSyntax.self) || callee.is(DictionaryExprSyntax.self) {
            name = "[]"
        } else {
            base = expression(callee)
        }
        var arguments = node.arguments.map { argument in
            CallArgument(label: argument.label?.text, value: expression(argument.expression),
                     location: locations.location(argument.expression))
        }
        if let trailing = node.trailingClosure {
            arguments.append(CallArgument(label: nil, value: expression(ExprSyntax(trailing)),
                                      location: locations.location(trailing), isTrailingClosure: true))
        }
        for extra in node.additionalTrailingClosures {
            arguments.append(CallArgument(label: extra.label.text, value: expression(ExprSyntax(extra.closure)),
                                      location: locations.location(extra.closure)))
        }
        return CallExpression(base: base, name: name, arguments: arguments, location: locations.location(node),
                              isImplicitMember: isImplicitMember, isAwaited: Self.isAwaited(node))
    }

    /// Whether an `await` covers the call: one of the expressions around it, up to its statement or the
    /// closure it is in, is an `await` (`try await x.load().map(f)` covers both calls).
    static func isAwaited(_ node: FunctionCallExprSyntax) -> Bool {
        var current = Syntax(node).parent
        while let syntax = current {
            if syntax.is(AwaitExprSyntax.self) { return true }
            // `async let x = load()`: the binding awaits it later.
            if let declaration = syntax.as(VariableDeclSyntax.self),
               declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.async) }) { return true }
            if syntax.is(CodeBlockItemSyntax.self) || syntax.is(ClosureExprSyntax.self) || syntax.is(MemberBlockItemSyntax.self) {
                return false
            }
            current = syntax.parent
        }
        return false
    }

    func expression(_ node: ExprSyntax) -> ValueExpression {
        if let reference = node.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.tokenKind == .keyword(.self) ? .selfReference : .name(reference.baseName.identifierText)
        }
        if node.is(SuperExprSyntax.self) { return .selfReference }
        // `NSHashTable<AnyObject>` as the base of `.weakObjects()`: the type, its arguments aside.
        if let generic = node.as(GenericSpecializationExprSyntax.self),
           let reference = generic.expression.as(DeclReferenceExprSyntax.self) {
            return .name(reference.baseName.identifierText)
        }
        if let member = node.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return .implicitMember(member.declName.baseName.identifierText) }  // `.someCase`
            return .member(expression(base), member.declName.baseName.identifierText)
        }
        if let inner = node.as(OptionalChainingExprSyntax.self)?.expression
            ?? node.as(ForceUnwrapExprSyntax.self)?.expression
            ?? node.as(TryExprSyntax.self)?.expression
            ?? node.as(AwaitExprSyntax.self)?.expression {
            return expression(inner)
        }
        if let tuple = node.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                return expression(only.expression)
            }
            return tuple.elements.isEmpty ? .unknown : .tuple(tuple.elements.map { expression($0.expression) })
        }
        if let call = node.as(FunctionCallExprSyntax.self) { return .call(self.call(call)) }
        // `#selector(handleTimer)`: a call named `#selector` (no identifier can be) taking the method it names.
        if let macro = node.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector",
           let method = macro.arguments.first {
            return .call(CallExpression(base: nil, name: "#selector", arguments: [
                CallArgument(label: nil, value: expression(method.expression), location: locations.location(method.expression)),
            ], location: locations.location(node)))
        }
        if let closure = node.as(ClosureExprSyntax.self) {
            return closureIDs[closure.id].map { .closure($0) } ?? .unknown
        }
        if let array = node.as(ArrayExprSyntax.self) { return .array(array.elements.map { expression($0.expression) }) }
        if let inOut = node.as(InOutExprSyntax.self) { return .inOut(expression(inOut.expression)) }
        if let sequence = node.as(SequenceExprSyntax.self) { return sequenceValue(Array(sequence.elements)[...]) }
        if let cast = node.as(AsExprSyntax.self) {
            return .cast(expression(cast.expression), TypeReferenceReader.read(cast.type).name)
        }
        if let boolean = node.as(BooleanLiteralExprSyntax.self) {
            return .boolean(boolean.literal.tokenKind == .keyword(.true))
        }
        if node.is(NilLiteralExprSyntax.self) { return .nilLiteral }
        if let subscriptCall = node.as(SubscriptCallExprSyntax.self) {
            return .subscriptAccess(expression(subscriptCall.calledExpression))
        }
        if node.is(StringLiteralExprSyntax.self) || node.is(IntegerLiteralExprSyntax.self)
            || node.is(FloatLiteralExprSyntax.self) {
            return .literal
        }
        return .unknown
    }

    /// A run of an unfolded operator sequence: `x`, `x as! T`, `x ?? y`.
    private func sequenceValue(_ elements: ArraySlice<ExprSyntax>) -> ValueExpression {
        let elements = Array(elements)
        if elements.count == 1 { return expression(elements[0]) }
        if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self),
           let type = elements[2].as(TypeExprSyntax.self) {
            return .cast(expression(elements[0]), TypeReferenceReader.read(type.type).name)
        }
        if elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
            return .alternatives([expression(elements[0]), expression(elements[2])])
        }
        if elements.count == 3, let ternary = elements[1].as(UnresolvedTernaryExprSyntax.self) {
            return .alternatives([expression(ternary.thenExpression), expression(elements[2])])
        }
        // `form +++ section <<< row`: operators a library declares (not Swift's own) are calls of the
        // operator on its left operand, folded left to right. What each one does is the analysis's table.
        if elements.count >= 3, elements.count % 2 == 1 {
            var operators: [(String, CoordLintCore.SourceLocation)] = []
            for index in stride(from: 1, to: elements.count, by: 2) {
                guard let op = elements[index].as(BinaryOperatorExprSyntax.self),
                      !Self.standardOperators.contains(op.operator.text) else { return .unknown }
                operators.append((op.operator.text, locations.location(op.operator)))
            }
            var folded = expression(elements[0])
            for (offset, (name, location)) in operators.enumerated() {
                let operand = elements[2 * offset + 2]
                folded = .call(CallExpression(base: folded, name: name, arguments: [
                    CallArgument(label: nil, value: expression(operand), location: locations.location(operand)),
                ], location: location))
            }
            return folded
        }
        return .unknown
    }

    /// Swift's standard library operators: not calls of anything the analysis models.
    static let standardOperators: Set<String> = [
        "+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "??", "...", "..<", "&", "|", "^",
        "<<", ">>", "===", "!==", "~=", "&+", "&-", "&*", "&<<", "&>>", ".==", ".!=", ".<", ".>", ".<=", ".>=",
        ".&", ".|", ".^",
    ]
}

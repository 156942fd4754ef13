import CClang
import CoordLintCore

/// Walks one method body: message sends, assignments and local declarations become `BodyEvent`s;
/// blocks become `ClosureFact`s with what they capture (`self`, ivars through `self`, locals, and
/// `__weak` locals, which a block captures weakly).
final class ObjCBodyCollector {
    let tu: TranslationUnit
    let firstClosureID: Int
    let function: Int
    private(set) var events: [BodyEvent] = []
    private(set) var closures: [ClosureFact] = []
    /// `static Manager *shared;` in the body: storage that lasts for the process, as a static property's does.
    private(set) var staticVariables: [PropertyFact] = []
    private var closureIDs: [UInt32: Int] = [:]  // block start offset → id

    private struct Scope {
        var id: Int
        var start: UInt32
        var end: UInt32
    }
    private var scopes: [Scope] = []
    /// Locals declared `__weak`, by declaration offset.
    private var weakLocals: Set<UInt32> = []
    /// By the offset of an ivar's container (a class's interface, extension or implementation): the ivars it
    /// declares (`propertyBacked(byIvar:)`).
    private var declaredIvars: [UInt32: Set<String>] = [:]

    init(tu: TranslationUnit, firstClosureID: Int, function: Int) {
        self.tu = tu
        self.firstClosureID = firstClosureID
        self.function = function
    }

    private var currentClosure: Int? { scopes.last?.id }

    func walk(_ cursor: Cursor) {
        switch cursor.kind.rawValue {
        case CXCursor_BlockExpr.rawValue:
            openBlock(cursor)
            for child in cursor.children { walk(child) }
            scopes.removeLast()
            return
        case CXCursor_ObjCMessageExpr.rawValue:
            for child in cursor.children { walk(child) }
            events.append(BodyEvent(kind: .call(call(cursor)), location: tu.location(cursor), closure: currentClosure))
            return
        case CXCursor_CallExpr.rawValue:
            // A C function call (`objc_setAssociatedObject(child, &key, self, policy)`): named by the
            // function it calls, with no receiver. A call through a block or function pointer is skipped.
            for child in cursor.children { walk(child) }
            if let call = functionCall(cursor) {
                events.append(BodyEvent(kind: .call(call), location: tu.location(cursor), closure: currentClosure))
            }
            // `MXStrongifyAndReturnIfNil(self)`: `self` handed to a function nothing declares, a macro from a
            // header not in the tree, which may declare a `self` of its own for the rest of the block. What the
            // block holds `self` as is then unknown, so it is not read as a strong capture.
            if let block = scopes.last, isUndeclaredCall(cursor), cursor.children.dropFirst().contains(where: isSelf) {
                closures[block.id - firstClosureID].selfBinding = .weak
            }
            return
        case CXCursor_BinaryOperator.rawValue:
            for child in cursor.children { walk(child) }
            let children = cursor.children
            if children.count == 2, operatorToken(cursor, between: children[0], children[1]) == "=" {
                events.append(BodyEvent(
                    kind: .assignment(target: expression(children[0]), op: "=", value: assignedValue(cursor, children[0], children[1])),
                    location: tu.location(cursor), valueLocation: tu.location(children[1]), closure: currentClosure))
            }
            return
        case CXCursor_VarDecl.rawValue:
            // Only the initial value is evaluated: `__typeof__(self)` in the type uses no `self`.
            let initializer = Cursor(raw: clang_Cursor_getVarDeclInitializer(cursor.raw))
            if !initializer.isNull { walk(initializer) }
            let tokens = tu.tokens(cursor)
            // The ownership qualifier is in the type (`AppCoordinator *const __weak`); `__weak` itself is a
            // predefined macro, so it is not among the declaration's tokens.
            let typeSpelling = clang_getTypeSpelling(cursor.type).consume()
            if typeSpelling.contains("__weak") || typeSpelling.contains("__unsafe_unretained") {
                weakLocals.insert(cursor.offsets.start)
            }
            if clang_Cursor_getStorageClass(cursor.raw) == CX_SC_Static,
               let type = ObjCTypes.reference(cursor.type, tokens: tokens, name: cursor.spelling), !type.isFunction {
                let location = tu.location(cursor)
                staticVariables.append(PropertyFact(
                    name: cursor.spelling, type: type, ownership: .strong, isLet: false, isLazy: false, isStatic: true,
                    isRequirement: false, location: location, bindingKeyword: SourceRange(start: location, end: location),
                    typeEnd: nil, initializer: nil))
            }
            let value = cursor.children.last { !$0.is(CXCursor_TypeRef) && !$0.is(CXCursor_ObjCClassRef)
                && !$0.is(CXCursor_ObjCProtocolRef) && !$0.is(CXCursor_ParmDecl) }
            events.append(BodyEvent(
                kind: .binding(name: cursor.spelling, type: ObjCTypes.reference(cursor.type, tokens: tokens, name: cursor.spelling),
                               value: value.map(expression)),
                location: tu.location(cursor), closure: currentClosure))
            return
        case CXCursor_ReturnStmt.rawValue:
            for child in cursor.children { walk(child) }
            if let value = cursor.children.first {
                events.append(BodyEvent(kind: .returned(expression(value)), location: tu.location(cursor),
                                        closure: currentClosure))
            }
            return
        case CXCursor_DeclRefExpr.rawValue, CXCursor_ObjCSelfExpr.rawValue:
            reference(cursor)
        case CXCursor_MemberRefExpr.rawValue:
            // `_ivar` (no base): an implicit `self->_ivar`, which makes a block capture self; through a weak
            // pointer it does not compile (a member whose value needs `self` unwrapped first).
            // Written `_ivar`, clang gives it an implicit `self` child with no position; written `self->_ivar`, the
            // method's own `self` (not a local re-declaring it).
            let children = cursor.children
            if !scopes.isEmpty, cursor.referenced.is(CXCursor_ObjCIvarDecl),
               children.allSatisfy({ isSelf($0) && !$0.referenced.is(CXCursor_VarDecl) }) {
                recordSelfUse(.memberValue, at: tu.location(cursor))
                return
            }
        default:
            break
        }
        for child in cursor.children { walk(child) }
    }

    // MARK: Blocks and captures

    private func openBlock(_ cursor: Cursor) {
        let id = firstClosureID + closures.count
        let offsets = cursor.offsets
        closureIDs[offsets.start] = id
        let location = tu.location(cursor)
        var fact = ClosureFact(
            id: id, location: location, parent: scopes.last?.id, captureList: [], selfBinding: .strong, selfUses: [],
            freeNames: [], isImmediatelyInvoked: false, captureListInsertion: location, hasCaptureList: false,
            hasSignature: true)
        fact.function = function
        closures.append(fact)
        scopes.append(Scope(id: id, start: offsets.start, end: offsets.end))
    }

    private func recordSelfUse(_ form: SelfUse.Form, at location: SourceLocation) {
        for scope in scopes { closures[scope.id - firstClosureID].selfUses.append(SelfUse(form: form, location: location)) }
    }

    private func reference(_ cursor: Cursor) {
        guard !scopes.isEmpty else { return }
        let name = cursor.spelling
        let location = tu.location(cursor)
        let declaration = cursor.referenced
        // `self` is the method's own unless a local re-declares it (`@strongify(self)`,
        // `typeof(self) self = weakSelf;`): then it is that local, captured like any other.
        if (cursor.is(CXCursor_ObjCSelfExpr) || name == "self") && !declaration.is(CXCursor_VarDecl) {
            recordSelfUse(.explicit, at: location)
            return
        }
        guard declaration.is(CXCursor_VarDecl) || declaration.is(CXCursor_ParmDecl) else { return }
        let declared = declaration.offsets.start
        let isWeak = weakLocals.contains(declared)
        // Free in every enclosing block that does not itself contain the declaration.
        for scope in scopes.reversed() {
            if declared >= scope.start && declared <= scope.end { break }
            let index = scope.id - firstClosureID
            closures[index].freeNames.append(NameUse(name: name, location: location))
            if isWeak, !closures[index].captureList.contains(where: { $0.name == name }) {
                closures[index].captureList.append(CaptureItem(name: name, ownership: .weak, value: nil, location: location))
            }
        }
    }

    // MARK: Expressions

    private func operatorToken(_ cursor: Cursor, between lhs: Cursor, _ rhs: Cursor) -> String? {
        let lhsEnd = lhs.offsets.end
        let rhsStart = rhs.offsets.start
        return tu.tokens(cursor).first { $0.offset >= lhsEnd && $0.offset < rhsStart }?.text
    }

    func call(_ cursor: Cursor) -> CallExpression {
        let selector = cursor.spelling
        let pieces = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let argumentCount = selector.contains(":") ? pieces.count - 1 : 0
        var children = cursor.children.filter { !$0.is(CXCursor_TypeRef) }
        var base: ValueExpression?
        if let first = children.first, first.is(CXCursor_ObjCClassRef) {
            base = .name(first.spelling)
            children.removeFirst()
        } else if children.count > argumentCount, let first = children.first {
            base = expression(first)
            children.removeFirst()
        } else {
            let receiver = ObjCTypes.parse(clang_getTypeSpelling(clang_Cursor_getReceiverType(cursor.raw)).consume())
            base = receiver.map { .name($0.name) }
        }
        let arguments = children.enumerated().map { index, child in
            CallArgument(label: index == 0 ? nil : (index < pieces.count ? pieces[index] : nil),
                         value: expression(child), location: tu.location(child))
        }
        return CallExpression(base: base, name: pieces[0], arguments: arguments, location: tu.location(cursor))
    }

    /// The value of `x = value`. `nil` is a macro: the cursor its expansion makes spans no token of the
    /// file, so it is read from the assignment's own tokens after the operator (`_observer = nil`).
    private func assignedValue(_ cursor: Cursor, _ lhs: Cursor, _ rhs: Cursor) -> ValueExpression {
        guard tu.tokens(rhs).isEmpty else { return expression(rhs) }
        let after = tu.tokens(cursor).filter { $0.offset >= lhs.offsets.end }.map(\.text)
        if after.count == 2, after[0] == "=", ["nil", "NULL", "Nil"].contains(after[1]) { return .nilLiteral }
        return expression(rhs)
    }

    /// A call to a function no header declares: libclang's recovery declares it implicitly, with no
    /// extent in any file.
    private func isUndeclaredCall(_ cursor: Cursor) -> Bool {
        guard let callee = cursor.children.first else { return false }
        let declaration = callee.referenced
        // A block or function pointer called through a variable or property (`self.onDone(self)`) is declared.
        guard declaration.is(CXCursor_FunctionDecl) else { return declaration.isNull }
        let declared = declaration.offsets
        return declared.end <= declared.start
    }

    /// `_timer` read or written where the compiler made that ivar for `@property … timer` (auto-synthesis names it
    /// `_` and the property's name; a declared ivar is one of its container's children, a synthesized one is not):
    /// the property's storage, held as the property says. Nil for any other member.
    private func propertyBacked(byIvar cursor: Cursor) -> String? {
        let ivar = cursor.referenced
        let name = cursor.spelling
        guard ivar.is(CXCursor_ObjCIvarDecl), name.count > 1, name.hasPrefix("_") else { return nil }
        let container = Cursor(raw: clang_getCursorSemanticParent(ivar.raw))
        let key = container.offsets.start
        if declaredIvars[key] == nil {
            declaredIvars[key] = Set(container.children.filter { $0.is(CXCursor_ObjCIvarDecl) }.map(\.spelling))
        }
        return declaredIvars[key]!.contains(name) ? nil : String(name.dropFirst())
    }

    private func isSelf(_ cursor: Cursor) -> Bool {
        var current = cursor
        while current.is(CXCursor_UnexposedExpr), current.children.count == 1 { current = current.children[0] }
        return current.is(CXCursor_ObjCSelfExpr) || (current.is(CXCursor_DeclRefExpr) && current.spelling == "self")
    }

    /// `f(a, b)` calling a declared C function: its name and arguments (unlabelled).
    func functionCall(_ cursor: Cursor) -> CallExpression? {
        guard cursor.referenced.is(CXCursor_FunctionDecl) else { return nil }
        let arguments = cursor.children.dropFirst().map { child in
            CallArgument(label: nil, value: expression(child), location: tu.location(child))
        }
        return CallExpression(base: nil, name: cursor.spelling, arguments: Array(arguments), location: tu.location(cursor))
    }

    func expression(_ cursor: Cursor) -> ValueExpression {
        let first = tu.tokens(cursor).first?.text
        switch first {
        case "nil", "NULL", "Nil": return .nilLiteral
        case "YES", "true": if cursor.children.count <= 1 && !cursor.is(CXCursor_ObjCMessageExpr) { return .boolean(true) }
        case "NO", "false": if cursor.children.count <= 1 && !cursor.is(CXCursor_ObjCMessageExpr) { return .boolean(false) }
        default: break
        }
        switch cursor.kind.rawValue {
        case CXCursor_ObjCSelfExpr.rawValue:
            return .selfReference
        case CXCursor_DeclRefExpr.rawValue:
            let name = cursor.spelling
            return name == "self" || name == "super" ? .selfReference : .name(name)
        case CXCursor_MemberRefExpr.rawValue:
            let name = propertyBacked(byIvar: cursor) ?? cursor.spelling
            guard let base = cursor.children.first else { return .member(.selfReference, name) }
            return .member(expression(base), name)
        case CXCursor_ObjCMessageExpr.rawValue:
            return .call(call(cursor))
        case CXCursor_CallExpr.rawValue:
            return functionCall(cursor).map { .call($0) } ?? .unknown
        case CXCursor_UnaryOperator.rawValue:
            // `&key`: the address of a variable (an associated object's key, an error out-parameter).
            guard tu.tokens(cursor).first?.text == "&", let operand = cursor.children.first else { return .unknown }
            return .inOut(expression(operand))
        case CXCursor_BlockExpr.rawValue:
            return closureIDs[cursor.offsets.start].map { .closure($0) } ?? .unknown
        case CXCursor_CStyleCastExpr.rawValue:
            guard let inner = cursor.children.last else { return .unknown }
            return .cast(expression(inner), ObjCTypes.parse(clang_getTypeSpelling(cursor.type).consume())?.name ?? "")
        case CXCursor_ObjCStringLiteral.rawValue, CXCursor_IntegerLiteral.rawValue, CXCursor_FloatingLiteral.rawValue:
            return .literal
        case CXCursor_ObjCBoolLiteralExpr.rawValue:
            // `YES` is a macro: evaluate the literal rather than read its (expanded) tokens.
            guard let result = clang_Cursor_Evaluate(cursor.raw) else { return .literal }
            defer { clang_EvalResult_dispose(result) }
            return .boolean(clang_EvalResult_getAsInt(result) != 0)
        case CXCursor_UnexposedExpr.rawValue, CXCursor_ParenExpr.rawValue:
            let children = cursor.children.filter { !$0.is(CXCursor_TypeRef) }
            let tokens = tu.tokens(cursor)
            if tokens.count > 1, tokens[0].text == "@", tokens[1].text == "[" {
                return .array(children.map(expression))
            }
            // A wrapper (an implicit conversion, parentheses) is its child only when it spans the same
            // text: when libclang could not type `self.presenter.delegate`, the outer expression is
            // unexposed around `self.presenter`, and reading it as its child would shorten the chain.
            if children.count == 1 {
                let (outer, inner) = (cursor.offsets, children[0].offsets)
                let isParenthesized = cursor.is(CXCursor_ParenExpr)
                if isParenthesized || (outer.start == inner.start && outer.end == inner.end) { return expression(children[0]) }
            }
            return .unknown
        default:
            return .unknown
        }
    }
}

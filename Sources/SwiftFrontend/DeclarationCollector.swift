import CoordLintCore
import SwiftSyntax

/// Walks declarations: types, extensions, stored properties, functions. Function bodies and
/// property initial values are handed to `BodyCollector`.
final class DeclarationCollector: SyntaxVisitor {
    let locations: SourceLocationBuilder
    let knowledge: Knowledge
    let closures = ClosureRegistry()
    private(set) var types: [TypeFact] = []
    private(set) var globalVariables: [PropertyFact] = []
    private(set) var typeAliases: [TypeAliasFact] = []
    private(set) var functions: [FunctionFact] = []
    /// Methods only their file can call and the Objective-C runtime cannot (`private func`, not `@objc`), by index
    /// in `functions`: the ones nothing in the file names are never called.
    private var hiddenMethods: [Int] = []
    /// Qualified names of the enclosing type declarations, and the index of each one's `TypeFact`.
    private var typeStack: [(name: String, index: Int, isProtocol: Bool)] = []
    /// A constrained extension's `Self` requirements, by the index of its type fact.
    private var selfConstraints: [Int: [String]] = [:]
    /// The `Self` requirements of the innermost type or extension being walked.
    private var currentSelfConstraints: [String] { typeStack.last.flatMap { selfConstraints[$0.index] } ?? [] }

    init(locations: SourceLocationBuilder, knowledge: Knowledge = .standard) {
        self.knowledge = knowledge
        self.locations = locations
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Types

    private func enter(
        kind: TypeKind, name: String, keyword: some SyntaxProtocol, nameToken: TokenSyntax,
        genericClause: GenericParameterClauseSyntax?, inheritance: InheritanceClauseSyntax?,
        attributes: AttributeListSyntax
    ) {
        let qualified: String
        if kind == .extension {
            qualified = name
        } else {
            qualified = typeStack.last.map { "\($0.name).\(name)" } ?? name
        }
        let inherited = inheritance?.inheritedTypes.map { inheritedName($0.type) } ?? []
        let insertion: CoordLintCore.SourceLocation
        if let first = inheritance?.inheritedTypes.first {
            insertion = locations.location(first)
        } else if let genericClause {
            insertion = locations.endLocation(genericClause)
        } else {
            insertion = locations.endLocation(nameToken)
        }
        var fact = TypeFact(
            name: qualified, kind: kind, inherited: inherited, location: locations.location(keyword),
            inheritanceInsertion: insertion, hasInheritanceClause: inheritance != nil)
        fact.objcName = objcName(attributes)
        fact.genericParameters = Self.genericParameters(genericClause, whereClause: nil)
        fact.isObjC = attributes.contains { element in
            if case .attribute(let attribute) = element { return attribute.attributeName.trimmedDescription == "objc" }
            return false
        }
        types.append(fact)
        typeStack.append((qualified, types.count - 1, kind == .protocol))
    }

    /// `<Output: Coordinatable>` (or `where Output: Coordinatable`): each parameter and its first constraint.
    static func genericParameters(_ clause: GenericParameterClauseSyntax?,
                                  whereClause: GenericWhereClauseSyntax?) -> [GenericParameterFact] {
        guard let clause else { return [] }
        var requirements: [String: String] = [:]
        for requirement in whereClause?.requirements ?? [] {
            if case .conformanceRequirement(let conformance) = requirement.requirement,
               let subject = conformance.leftType.as(IdentifierTypeSyntax.self), requirements[subject.name.text] == nil {
                requirements[subject.name.text] = TypeReferenceReader.read(conformance.rightType).name
            }
        }
        return clause.parameters.map { parameter in
            let written = parameter.inheritedType.map { TypeReferenceReader.read($0).name }
            return GenericParameterFact(name: parameter.name.text,
                                        constraint: written.flatMap { $0.isEmpty ? nil : $0 } ?? requirements[parameter.name.text])
        }
    }

    private func inheritedName(_ type: TypeSyntax) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.baseType.trimmedDescription + "." + member.name.text }
        if let attributed = type.as(AttributedTypeSyntax.self) { return inheritedName(attributed.baseType) }
        if type.is(ClassRestrictionTypeSyntax.self) { return "AnyObject" }
        return type.trimmedDescription
    }

    /// `#if false`: never built, so nothing in it happens.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        node.isNeverCompiled ? .skipChildren : .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = typeStack.last.map { "\($0.name).\(node.name.text)" } ?? node.name.text
        typeAliases.append(TypeAliasFact(name: name, target: inheritedName(node.initializer.value),
                                         location: locations.location(node.typealiasKeyword)))
        return .skipChildren
    }

    private func objcName(_ attributes: AttributeListSyntax) -> String? {
        for case .attribute(let attribute) in attributes where attribute.attributeName.trimmedDescription == "objc" {
            if case .objCName(let pieces)? = attribute.arguments {
                return pieces.map { $0.name?.text ?? "" }.joined(separator: ":")
            }
        }
        return nil
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(kind: .class, name: node.name.text, keyword: node.classKeyword, nameToken: node.name,
              genericClause: node.genericParameterClause, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(kind: .struct, name: node.name.text, keyword: node.structKeyword, nameToken: node.name,
              genericClause: node.genericParameterClause, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(kind: .enum, name: node.name.text, keyword: node.enumKeyword, nameToken: node.name,
              genericClause: node.genericParameterClause, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(kind: .actor, name: node.name.text, keyword: node.actorKeyword, nameToken: node.name,
              genericClause: node.genericParameterClause, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(kind: .protocol, name: node.name.text, keyword: node.protocolKeyword, nameToken: node.name,
              genericClause: nil, inheritance: node.inheritanceClause, attributes: node.attributes)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { typeStack.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = TypeReferenceReader.read(node.extendedType).name
        enter(kind: .extension, name: extended.isEmpty ? node.extendedType.trimmedDescription : extended,
              keyword: node.extensionKeyword, nameToken: node.extensionKeyword,
              genericClause: nil, inheritance: node.inheritanceClause, attributes: node.attributes)
        let constraints = Self.selfConstraints(node.genericWhereClause)
        if !constraints.isEmpty { selfConstraints[types.count - 1] = constraints }
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

    /// `where Self: EditBehavior & Listing`, `where Self == AppFlow`: the types named (`AnyObject` says nothing
    /// of which conformers).
    static func selfConstraints(_ clause: GenericWhereClauseSyntax?) -> [String] {
        var names: [String] = []
        for requirement in clause?.requirements ?? [] {
            let subject: TypeSyntax, constraint: TypeSyntax
            switch requirement.requirement {
            case .conformanceRequirement(let conformance): (subject, constraint) = (conformance.leftType, conformance.rightType)
            case .sameTypeRequirement(let same):
                guard case .type(let left) = same.leftType, case .type(let right) = same.rightType else { continue }
                (subject, constraint) = (left, right)
            default: continue
            }
            guard subject.as(IdentifierTypeSyntax.self)?.name.text == "Self" else { continue }
            let parts = constraint.as(CompositionTypeSyntax.self).map { $0.elements.map(\.type) } ?? [constraint]
            for part in parts {
                let name = TypeReferenceReader.read(part).name
                if !name.isEmpty, name != "AnyObject", !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    // MARK: Members

    /// `case settings(viewModel: SettingsViewModel)`: what a pattern binding of the case is.
    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = typeStack.last else { return .skipChildren }
        for element in node.elements {
            guard let parameters = element.parameterClause?.parameters else { continue }
            types[owner.index].enumCases.append(EnumCaseFact(
                name: element.name.identifierText, payload: parameters.map { TypeReferenceReader.read($0.type) },
                labels: parameters.map { $0.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.identifierText } },
                payloadLocations: parameters.map { $0.firstName.map { locations.location($0) } ?? locations.location($0.type) }))
        }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = typeStack.last else {
            collectGlobal(node)
            return .skipChildren
        }
        let modifiers = node.modifiers.map { $0.name.text }
        var ownership = Ownership.strong
        for modifier in node.modifiers {
            switch modifier.name.text {
            case "weak": ownership = .weak
            case "unowned": ownership = modifier.detail?.detail.text == "unsafe" ? .unownedUnsafe : .unowned
            default: break
            }
        }
        let isStatic = modifiers.contains("static") || modifiers.contains("class")
        let isLazy = modifiers.contains("lazy")
        let keyword = node.bindingSpecifier
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            let name = pattern.identifier.identifierText
            let isComputed: Bool
            if let accessors = binding.accessorBlock {
                switch accessors.accessors {
                case .getter: isComputed = true
                case .accessors(let list):
                    // `override var delegate: T? { didSet { … } }` observes its superclass's storage and has
                    // none of its own: the superclass's declaration says how it holds its value.
                    isComputed = (list.contains { ["get", "set", "_read", "_modify"].contains($0.accessorSpecifier.text) }
                        || modifiers.contains("override")) && !owner.isProtocol
                }
                collectAccessors(accessors, property: name, owner: owner.name, isStatic: isStatic)
            } else {
                isComputed = false
            }
            if isComputed { continue }
            var type = binding.typeAnnotation.map { TypeReferenceReader.read($0.type) }
            var initializer: ValueExpression?
            if let value = binding.initializer?.value {
                let body = BodyCollector(locations: locations, closures: closures, selfBinding: .strong)
                var function = FunctionFact(
                    name: name, kind: .propertyInitializer, owner: owner.name, isStatic: isStatic, parameters: [],
                    location: locations.location(value))
                body.walk(value)
                initializer = body.expression(value)
                function.events = body.events
                // The initial value is assigned to the property (a closure literal is kept as the
                // property's initializer instead: the graph keeps it only when it is not invoked).
                if !isStatic, !value.is(ClosureExprSyntax.self) {
                    function.events.append(BodyEvent(
                        kind: .assignment(target: .member(.selfReference, name), op: "=", value: initializer!),
                        location: locations.location(value), valueLocation: locations.location(value), closure: nil))
                }
                if !body.events.isEmpty || !body.closureIDs.isEmpty { append(function, closures: body) }
                if type == nil { type = inferredType(value) }
            }
            let typeEnd = binding.typeAnnotation.map { locations.endLocation($0.type) }
            var fact = PropertyFact(
                name: name, type: type, ownership: ownership, isLet: keyword.tokenKind == .keyword(.let),
                isLazy: isLazy, isStatic: isStatic, isRequirement: owner.isProtocol,
                location: locations.location(keyword),
                bindingKeyword: SourceRange(start: locations.location(keyword), end: locations.endLocation(keyword)),
                typeEnd: typeEnd, initializer: initializer)
            let attributeNames = node.attributes.compactMap { element -> String? in
                if case .attribute(let attribute) = element { return attribute.attributeName.trimmedDescription }
                return nil
            }
            fact.isFrameworkManaged = attributeNames.contains { knowledge.isFrameworkManagedAttribute($0) }
            fact.isOutlet = attributeNames.contains { KnowledgeTables.nibConnectedAttributes.contains($0) }
            types[owner.index].properties.append(fact)
        }
        return .skipChildren
    }

    /// A file-scope stored variable with a written or constructed type: its object is a process root.
    private func collectGlobal(_ node: VariableDeclSyntax) {
        let keyword = node.bindingSpecifier
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), binding.accessorBlock == nil,
                  let value = binding.initializer?.value,
                  let type = binding.typeAnnotation.map({ TypeReferenceReader.read($0.type) }) ?? inferredType(value)
            else { continue }
            globalVariables.append(PropertyFact(
                name: pattern.identifier.identifierText, type: type, ownership: .strong, isLet: keyword.tokenKind == .keyword(.let),
                isLazy: true, isStatic: true, isRequirement: false, location: locations.location(keyword),
                bindingKeyword: SourceRange(start: locations.location(keyword), end: locations.endLocation(keyword)),
                typeEnd: nil, initializer: nil))
        }
    }

    private func collectAccessors(_ block: AccessorBlockSyntax, property: String, owner: String, isStatic: Bool) {
        let body = BodyCollector(locations: locations, closures: closures, selfBinding: .strong)
        body.walk(block)
        guard !body.events.isEmpty else { return }
        // An accessor's value names (`set(image)`, an implicit `newValue` or `oldValue`) are parameters,
        // never members of `self`.
        var names: Set<String> = []
        if case .accessors(let list) = block.accessors {
            for accessor in list {
                let specifier = accessor.accessorSpecifier.text
                if let parameter = accessor.parameters?.name.text { names.insert(parameter) }
                else if specifier == "set" || specifier == "willSet" { names.insert("newValue") }
                else if specifier == "didSet" { names.insert("oldValue") }
            }
        }
        let parameters = names.sorted().map { ParameterFact(label: nil, name: $0, type: nil, isEscaping: false) }
        var function = FunctionFact(name: property, kind: .accessor, owner: owner, isStatic: isStatic, parameters: parameters,
                                    location: locations.location(block))
        function.events = body.events
        function.selfConstraints = currentSelfConstraints
        // `var skipTapped: Observable<Void> { skipButton.rx.tap.asObservable() }`: a getter of a single
        // expression returns it, as one written with `return` does.
        let getter: CodeBlockItemListSyntax? = switch block.accessors {
        case .getter(let items): items
        case .accessors(let list): list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        }
        if let getter, getter.count == 1, let only = getter.first?.item.as(ExprSyntax.self) {
            function.events.append(BodyEvent(kind: .returned(body.expression(only)), location: locations.location(only), closure: nil))
        }
        append(function, closures: body)
    }

    private func append(_ function: FunctionFact, closures body: BodyCollector?) {
        for id in body?.closureIDs.values.sorted() ?? [] { closures.closures[id].function = functions.count }
        functions.append(function)
    }

    /// `T()`, `T(...)`, `[T]()`, `Set<T>()`, `[K: T]()`, `T.instantiate()`.
    private func inferredType(_ value: ExprSyntax) -> TypeReference? {
        guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
            return TypeReference(name: reference.baseName.text)
        }
        if let array = callee.as(ArrayExprSyntax.self), array.elements.count == 1, let element = array.elements.first,
           let reference = element.expression.as(DeclReferenceExprSyntax.self) {
            return TypeReference(name: reference.baseName.text, container: .array)
        }
        if let dictionary = callee.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content,
           let only = elements.first, let reference = only.value.as(DeclReferenceExprSyntax.self) {
            return TypeReference(name: reference.baseName.text, container: .dictionary)
        }
        if let generic = callee.as(GenericSpecializationExprSyntax.self),
           let base = generic.expression.as(DeclReferenceExprSyntax.self) {
            let arguments = TypeReferenceReader.genericArguments(generic.genericArgumentClause)
            switch (base.baseName.text, arguments.count) {
            case ("Set", 1): return TypeReference(name: TypeReferenceReader.read(arguments[0]).name, container: .set)
            case ("Array", 1): return TypeReference(name: TypeReferenceReader.read(arguments[0]).name, container: .array)
            case ("Dictionary", 2):
                return TypeReference(name: TypeReferenceReader.read(arguments[1]).name, container: .dictionary)
            default:
                return TypeReference(name: base.baseName.text, genericArguments: arguments.map { $0.trimmedDescription })
            }
        }
        if let member = callee.as(MemberAccessExprSyntax.self),
           let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.text.first?.isUppercase == true,
           knowledge.isStaticFactory(member.declName.baseName.text) {
            return TypeReference(name: base.baseName.text)
        }
        return nil
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let isStatic = node.modifiers.contains { ["static", "class"].contains($0.name.text) }
        if !typeStack.isEmpty, Self.isHiddenFromRuntime(node) { hiddenMethods.append(functions.count) }
        record(name: node.name.identifierText, kind: typeStack.isEmpty ? .free : .method, isStatic: isStatic,
               parameters: node.signature.parameterClause.parameters, body: node.body, at: node.funcKeyword,
               returnType: node.signature.returnClause.map { TypeReferenceReader.read($0.type) },
               effects: node.signature.effectSpecifiers,
               generics: Self.genericParameters(node.genericParameterClause, whereClause: node.genericWhereClause))
        return .skipChildren
    }

    /// Marks the methods the file hides and never names (`isNeverCalled`); call after the walk.
    func markUncalledMethods() {
        for index in hiddenMethods where !closures.referencedNames.contains(functions[index].name) {
            functions[index].isNeverCalled = true
        }
    }

    /// `private func` / `fileprivate func`, or any method of a `private extension`, that nothing outside the file can
    /// name: not `@objc` (or `@IBAction`, `dynamic`, an `override`), nor in an `@objc` or `@objcMembers` type or
    /// extension, whose selectors the runtime, a nib or a string can reach.
    private static func isHiddenFromRuntime(_ node: FunctionDeclSyntax) -> Bool {
        func isFilePrivate(_ modifiers: DeclModifierListSyntax) -> Bool {
            modifiers.contains { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil }
        }
        func exposes(_ attributes: AttributeListSyntax) -> Bool {
            attributes.contains { element in
                guard case .attribute(let attribute) = element else { return true }  // `#if` around attributes: unknown
                return KnowledgeTables.runtimeVisibleAttributes.contains(attribute.attributeName.trimmedDescription)
            }
        }
        guard case .identifier = node.name.tokenKind, !exposes(node.attributes),
              !node.modifiers.contains(where: { ["dynamic", "override"].contains($0.name.text) }) else { return false }
        var isPrivate = isFilePrivate(node.modifiers)
        var parent = node.parent
        while let current = parent {
            if let decl = current.asProtocol(WithAttributesSyntax.self), exposes(decl.attributes) { return false }
            if let ext = current.as(ExtensionDeclSyntax.self), isFilePrivate(ext.modifiers) { isPrivate = true }
            if current.is(ProtocolDeclSyntax.self) { return false }
            parent = current.parent
        }
        return isPrivate
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        record(name: "init", kind: .initializer, isStatic: false, parameters: node.signature.parameterClause.parameters,
               body: node.body, at: node.initKeyword,
               generics: Self.genericParameters(node.genericParameterClause, whereClause: node.genericWhereClause))
        return .skipChildren
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        record(name: "deinit", kind: .deinitializer, isStatic: false, parameters: nil, body: node.body,
               at: node.deinitKeyword)
        return .skipChildren
    }

    private func record(name: String, kind: FunctionFact.Kind, isStatic: Bool, parameters: FunctionParameterListSyntax?,
                        body: CodeBlockSyntax?, at keyword: TokenSyntax, returnType: TypeReference? = nil,
                        effects: FunctionEffectSpecifiersSyntax? = nil, generics: [GenericParameterFact] = []) {
        let parameterFacts = (parameters ?? []).map { parameter in
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.identifierText
            let name = (parameter.secondName ?? parameter.firstName).identifierText
            return ParameterFact(label: label, name: name, type: TypeReferenceReader.read(parameter.type),
                                 isEscaping: TypeReferenceReader.isEscaping(parameter.type),
                                 hasDefault: parameter.defaultValue != nil, isVariadic: parameter.ellipsis != nil)
        }
        var function = FunctionFact(name: name, kind: kind, owner: typeStack.last?.name, isStatic: isStatic,
                                    parameters: parameterFacts, location: locations.location(keyword))
        function.returnType = returnType
        function.genericParameters = generics
        function.selfConstraints = currentSelfConstraints
        function.isAsync = effects?.asyncSpecifier != nil
        function.isThrowing = effects?.throwsClause != nil
        var collector: BodyCollector?
        if let body {
            collector = BodyCollector(locations: locations, closures: closures, selfBinding: .strong)
            collector!.walk(body)
            function.events = collector!.events
            function.awaitedSequences = collector!.awaitedSequences
            // `func makeLayout() -> UICollectionViewLayout { UICollectionViewCompositionalLayout { … } }`:
            // a single expression is the value returned; so is a failable initializer's lone `nil`.
            if body.statements.count == 1, let only = body.statements.first?.item.as(ExprSyntax.self),
               returnType.map({ !["Void", "()"].contains($0.name) }) ?? (kind == .initializer && only.is(NilLiteralExprSyntax.self)) {
                function.events.append(BodyEvent(kind: .returned(collector!.expression(only)),
                                                 location: locations.location(only), closure: nil))
            }
        }
        append(function, closures: collector)
    }
}

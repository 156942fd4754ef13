import CoordLintCore
import SwiftSyntax

/// Reads a written type the way ownership sees it: through optionals, IUOs, collections, parentheses
/// and attributes, down to the nominal type that is actually referenced.
enum TypeReferenceReader {
    static func read(_ type: TypeSyntax) -> TypeReference {
        if let optional = type.as(OptionalTypeSyntax.self) {
            var inner = read(optional.wrappedType)
            inner.isOptional = true
            return inner
        }
        if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            var inner = read(iuo.wrappedType)
            inner.isOptional = true
            return inner
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            return contained(read(array.element), in: .array)
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return contained(read(dictionary.value), in: .dictionary)
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return read(attributed.baseType)
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first {
                return read(only.type)
            }
            return TypeReference(name: "")
        }
        if let function = type.as(FunctionTypeSyntax.self) {
            return TypeReference(name: "", isFunction: true, returnsValue: !isVoid(function.returnClause.type))
        }
        if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
            return read(someOrAny.constraint)
        }
        if let composition = type.as(CompositionTypeSyntax.self), let first = composition.elements.first {
            return read(first.type)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let arguments = genericArguments(identifier.genericArgumentClause)
            let name = identifier.name.text
            switch (name, arguments.count) {
            case ("Optional", 1):
                var inner = read(arguments[0])
                inner.isOptional = true
                return inner
            case ("Array", 1), ("ContiguousArray", 1), ("NSArray", _), ("NSMutableArray", _):
                return arguments.isEmpty
                    ? TypeReference(name: name) : contained(read(arguments[0]), in: .array)
            case ("Set", 1), ("NSHashTable", 1):
                return contained(read(arguments[0]), in: .set)
            case ("Dictionary", 2), ("NSMapTable", 2):
                return contained(read(arguments[1]), in: .dictionary)
            default:
                return TypeReference(name: name, genericArguments: arguments.map { $0.trimmedDescription })
            }
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return TypeReference(
                name: member.baseType.trimmedDescription + "." + member.name.text,
                genericArguments: genericArguments(member.genericArgumentClause).map { $0.trimmedDescription })
        }
        return TypeReference(name: "")
    }

    /// The type an empty collection's initializer writes: `[Item]()`, `[Key: Item]()`.
    static func emptyCollection(_ value: ExprSyntax) -> TypeReference? {
        guard let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil else {
            return nil
        }
        if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1,
           let element = array.elements.first?.expression, element.is(DeclReferenceExprSyntax.self) || element.is(MemberAccessExprSyntax.self) {
            return TypeReference(name: element.trimmedDescription, container: .array)
        }
        if let dictionary = call.calledExpression.as(DictionaryExprSyntax.self),
           case .elements(let elements) = dictionary.content, elements.count == 1, let element = elements.first?.value,
           element.is(DeclReferenceExprSyntax.self) || element.is(MemberAccessExprSyntax.self) {
            return TypeReference(name: element.trimmedDescription, container: .dictionary)
        }
        return nil
    }

    static func genericArguments(_ clause: GenericArgumentClauseSyntax?) -> [TypeSyntax] {
        guard let clause else { return [] }
        return clause.arguments.compactMap { argument in
            if case .type(let type) = argument.argument { return type }
            return nil
        }
    }

    private static func contained(_ element: TypeReference, in container: TypeReference.Container) -> TypeReference {
        var element = element
        if element.container == .none { element.container = container }
        element.isOptional = false
        return element
    }

    /// `Void`, `()`, `Swift.Void` (through parentheses).
    static func isVoid(_ type: TypeSyntax) -> Bool {
        if let tuple = type.as(TupleTypeSyntax.self) {
            return tuple.elements.isEmpty || (tuple.elements.count == 1 && isVoid(tuple.elements.first!.type))
        }
        let text = type.trimmedDescription
        return text == "Void" || text == "Swift.Void"
    }

    /// Whether a parameter type is `@escaping` (seen through parentheses; optional closures escape too).
    static func isEscaping(_ type: TypeSyntax) -> Bool {
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return attributed.attributes.contains { attribute in
                attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "escaping"
            }
        }
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return read(type).isFunction
        }
        return false
    }
}

extension TokenSyntax {
    /// An identifier as the compiler names it: `` `public` `` is `public`.
    var identifierText: String {
        let text = self.text
        guard text.count >= 2, text.first == "`", text.last == "`" else { return text }
        return String(text.dropFirst().dropLast())
    }
}

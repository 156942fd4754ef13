import CoordLintCore

extension Program {
    /// Where `?` goes after each use of a property in its own type's Swift code, once the property
    /// becomes optional (`router.show()` → `router?.show()`, `self.router.x = y` → `self.router?.x = y`).
    /// Initializers are left alone (they assign the property, they do not chain through it).
    public func optionalChainingSites(of name: String, owner: String) -> [SourceLocation] {
        var sites: Set<SourceLocation> = []
        for ref in functions where ref.owner == owner && ref.function.kind != .initializer
            && files[ref.file].language == .swift {
            for event in ref.function.events {
                let base: ValueExpression?
                let location: SourceLocation
                switch event.kind {
                case .call(let call):
                    base = call.base
                    location = call.location
                case .assignment(.member(let target, _), _, _):
                    base = target
                    location = event.location
                default:
                    continue
                }
                let length: Int
                switch base {
                case .name(name)?: length = name.utf8.count
                case .member(.selfReference, name)?: length = "self.".utf8.count + name.utf8.count
                default: continue
                }
                sites.insert(SourceLocation(file: location.file, line: location.line, column: location.column + length))
            }
        }
        return sites.sorted()
    }
}

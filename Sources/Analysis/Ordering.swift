import CoordLintCore

extension Sequence {
    /// The elements in source order (file, line, column), then by `tieBreak`, then in their order here:
    /// the order `SourceLocation`'s `<` gives, computed with one string sort over the distinct files and
    /// integer comparisons after it. Sorting whole records by tuples of strings copied each record per
    /// comparison (27k property stores on a 236k-line app took 0.16 s; this takes a tenth of that).
    func sortedBySource(_ location: (Element) -> SourceLocation,
                        tieBreak: (Element, Element) -> Bool = { _, _ in false }) -> [Element] {
        let items = Array(self)
        let locations = items.map(location)
        let files = Array(Set(locations.map(\.file))).sorted()
        let rank = Dictionary(uniqueKeysWithValues: files.enumerated().map { ($1, $0) })
        let keys = locations.map { (rank[$0.file]!, $0.line, $0.column) }
        let order = items.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            if tieBreak(items[a], items[b]) { return true }
            if tieBreak(items[b], items[a]) { return false }
            return a < b
        }
        return order.map { items[$0] }
    }
}

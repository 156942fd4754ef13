import CoordLintCore

/// The ownership graph as Graphviz DOT or Mermaid: strong edges solid, weak/unowned dashed, the
/// edges of reported cycles red and labelled with their rule.
public struct GraphExport {
    public enum Format: String, CaseIterable, Sendable { case dot, mermaid, html }

    public var graph: OwnershipGraph
    /// Edges that belong to a reported cycle, with the rule that reported it.
    public var cycleEdges: [Edge: String]

    public init(graph: OwnershipGraph, cycleEdges: [Edge: String]) {
        self.graph = graph
        self.cycleEdges = cycleEdges
    }

    public func render(_ format: Format) -> String {
        switch format {
        case .dot: dot()
        case .mermaid: mermaid()
        case .html: GraphHTML(export: self, title: "Ownership graph").render()
        }
    }

    private var edges: [Edge] { graph.edges.sorted { ($0.from, $0) < ($1.from, $1) } }

    /// The short label of an edge: the property, the container call, the capture.
    func label(_ edge: Edge) -> String {
        switch edge.origin {
        case .property(_, let name, let isCollection): isCollection ? "\(name)[]" : name
        case .container(let call, let via): via.isEmpty ? call : "\(via).\(call)"
        case .closureStorage(let name, let call): call.isEmpty ? name : call
        case .capture(let name, let method): method.isEmpty ? "captures \(name)" : "\(name).\(method)"
        case .valueCopy(let name): "copy of \(name)"
        }
    }

    private func dot() -> String {
        var out = "digraph ownership {\n  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=11];\n"
        for id in graph.sortedNodeIDs {
            let node = graph.nodes[id]!
            let shape = node.kind == .closure ? "ellipse" : (node.isValueType ? "box, style=rounded" : "box")
            out += "  \(quote(id)) [label=\(quote(node.displayName + "\\n" + node.kind.rawValue)), shape=\(shape)];\n"
        }
        for edge in edges {
            var attributes = ["label=\(quote(label(edge)))"]
            if !edge.strength.retains { attributes.append("style=dashed") }
            if let rule = cycleEdges[edge] {
                attributes.append("color=red")
                attributes.append("fontcolor=red")
                attributes[0] = "label=\(quote(label(edge) + " [" + rule + "]"))"
            }
            out += "  \(quote(edge.from)) -> \(quote(edge.to)) [\(attributes.joined(separator: ", "))];\n"
        }
        return out + "}\n"
    }

    private func mermaid() -> String {
        let ids = Dictionary(uniqueKeysWithValues: graph.sortedNodeIDs.enumerated().map { ($1, "n\($0)") })
        var out = "flowchart LR\n"
        for id in graph.sortedNodeIDs {
            let node = graph.nodes[id]!
            let text = node.displayName.replacingAll("\"", with: "'")
            out += node.kind == .closure ? "  \(ids[id]!)([\"\(text)\"])\n" : "  \(ids[id]!)[\"\(text)\"]\n"
        }
        var red: [Int] = []
        for (index, edge) in edges.enumerated() {
            var text = label(edge)
            if let rule = cycleEdges[edge] { text += " [\(rule)]"; red.append(index) }
            let arrow = edge.strength.retains ? "-->" : "-.->"
            out += "  \(ids[edge.from]!) \(arrow)|\"\(text.replacingAll("\"", with: "'"))\"| \(ids[edge.to]!)\n"
        }
        if !red.isEmpty {
            out += "  linkStyle \(red.map(String.init).joined(separator: ",")) stroke:red,color:red\n"
        }
        return out
    }

    private func quote(_ s: String) -> String { "\"" + s.replacingAll("\"", with: "\\\"") + "\"" }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}

import CoordLintCore

/// A self-contained HTML page with the ownership graph drawn as SVG by coordlint itself: one column
/// per kind (coordinators, view controllers, view models, views, other types, closures), strong
/// edges solid, weak ones dashed, every edge of a reported cycle red with its rule.
public struct GraphHTML {
    public var export: GraphExport
    /// An SVG drawn by Graphviz, when the caller has one (used instead of coordlint's own drawing).
    public var graphvizSVG: String?
    public var title: String

    public init(export: GraphExport, title: String, graphvizSVG: String? = nil) {
        self.export = export
        self.title = title
        self.graphvizSVG = graphvizSVG
    }

    static let columns: [Node.Kind] = [.coordinator, .viewController, .viewModel, .view, .other, .closure]
    static let nodeWidth = 250, nodeHeight = 36, columnGap = 110, rowGap = 22, margin = 30

    public func render() -> String {
        let svg = graphvizSVG ?? drawSVG()
        let cycles = Set(export.cycleEdges.values).sorted()
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title)) — coordlint ownership graph</title>
            <style>
            body { font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 24px; color: #1d1d1f; }
            .legend span { margin-right: 18px; } .red { color: #d70015; }
            svg text { font-family: Menlo, monospace; font-size: 11px; }
            </style></head><body>
            <h1>\(escape(title))</h1>
            <p class="legend"><span>── strong</span><span>- - weak / unowned</span><span class="red">── in a reported cycle</span></p>
            <p>\(export.graph.nodes.count) nodes, \(export.graph.edges.count) edges\(cycles.isEmpty ? ", no cycle" : "; cycles reported by " + cycles.map(escape).joined(separator: ", "))</p>
            \(svg)
            </body></html>

            """
    }

    private func drawSVG() -> String {
        var positions: [String: (x: Int, y: Int)] = [:]
        var height = 0
        let kinds = Self.columns.filter { kind in export.graph.nodes.values.contains { $0.kind == kind } }
        for (column, kind) in kinds.enumerated() {
            let ids = export.graph.sortedNodeIDs.filter { export.graph.nodes[$0]!.kind == kind }
            for (row, id) in ids.enumerated() {
                let x = Self.margin + column * (Self.nodeWidth + Self.columnGap)
                let y = Self.margin + 24 + row * (Self.nodeHeight + Self.rowGap)
                positions[id] = (x, y)
                height = max(height, y + Self.nodeHeight + Self.margin)
            }
        }
        let width = Self.margin * 2 + max(kinds.count, 1) * (Self.nodeWidth + Self.columnGap)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(max(height, 120))\" "
            + "viewBox=\"0 0 \(width) \(max(height, 120))\">\n"
        out += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
            + "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555\"/></marker>"
            + "<marker id=\"arrow-red\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
            + "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d70015\"/></marker></defs>\n"
        for (column, kind) in kinds.enumerated() {
            let x = Self.margin + column * (Self.nodeWidth + Self.columnGap)
            out += "<text x=\"\(x)\" y=\"\(Self.margin + 8)\" font-weight=\"bold\">\(kind.rawValue)</text>\n"
        }
        for edge in export.graph.edges.sorted(by: { ($0.from, $0) < ($1.from, $1) }) {
            guard let a = positions[edge.from], let b = positions[edge.to] else { continue }
            let rule = export.cycleEdges[edge]
            let color = rule == nil ? "#555" : "#d70015"
            let x1 = a.x + (b.x >= a.x ? Self.nodeWidth : 0), y1 = a.y + Self.nodeHeight / 2
            var x2 = b.x + (b.x >= a.x ? 0 : Self.nodeWidth), y2 = b.y + Self.nodeHeight / 2
            if edge.from == edge.to { x2 = a.x + Self.nodeWidth - 20; y2 = a.y + Self.nodeHeight }
            let bend = a.x == b.x ? 80 : 0
            let path = "M\(x1),\(y1) C\(x1 + 50 + bend),\(y1) \(x2 - 50 + bend),\(y2) \(x2),\(y2)"
            let dash = edge.strength.retains ? "" : " stroke-dasharray=\"5,4\""
            out += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(rule == nil ? 1.2 : 2)\"\(dash) "
                + "marker-end=\"url(#\(rule == nil ? "arrow" : "arrow-red"))\"><title>\(escape(label(edge, rule)))</title></path>\n"
            out += "<text x=\"\(x1 + (x2 - x1) * 2 / 5)\" y=\"\(y1 + (y2 - y1) * 2 / 5 - 3)\" fill=\"\(color)\" text-anchor=\"middle\">"
                + "\(escape(label(edge, rule)))</text>\n"
        }
        for id in export.graph.sortedNodeIDs {
            guard let p = positions[id], let node = export.graph.nodes[id] else { continue }
            let fill = node.kind == .closure ? "#f2f2f7" : (node.isValueType ? "#eef6ff" : "#ffffff")
            let rx = node.kind == .closure ? 18 : (node.isValueType ? 10 : 3)
            out += "<rect x=\"\(p.x)\" y=\"\(p.y)\" width=\"\(Self.nodeWidth)\" height=\"\(Self.nodeHeight)\" rx=\"\(rx)\" "
                + "fill=\"\(fill)\" stroke=\"#333\"><title>\(escape(id))</title></rect>\n"
            out += "<text x=\"\(p.x + 8)\" y=\"\(p.y + 22)\">\(escape(String(node.displayName.prefix(36))))</text>\n"
        }
        return out + "</svg>"
    }

    private func label(_ edge: Edge, _ rule: String?) -> String {
        let base = export.label(edge)
        return rule.map { "\(base) [\($0)]" } ?? base
    }

    private func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}

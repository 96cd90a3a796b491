/// A mermaid flowchart as written: nodes, edges, subgraphs and class styles, with source lines.
struct Flowchart: Sendable {
    enum Direction: String, Sendable { case TB, BT, LR, RL }

    struct Node: Sendable {
        var id: String
        var label: String
        var shape: NodeShape = .rect
        var classes: [String] = []
        var inline = NodeStyle()
        var hasInlineStyle = false
    }

    struct Edge: Sendable {
        var from: Int, to: Int
        var label: String = ""
        var style: LineStyle = .solid
        var head: ArrowKind = .normal
        var tail: ArrowKind = .none
        /// Extra rank distance (`--->` is one longer than `-->`).
        var extra = 0
    }

    struct Subgraph: Sendable {
        var id: String
        var title: String
        var nodes: [Int] = []
        var children: [Int] = []
        var parent: Int?
    }

    var direction: Direction = .TB
    var nodes: [Node] = []
    var edges: [Edge] = []
    var subgraphs: [Subgraph] = []
    var classDefs: [String: NodeStyle] = [:]
    /// `accTitle:` and `accDescr:`: the author's own title and description for screen readers.
    var accTitle: String?
    var accDescr: String?
    var warnings = DiagramWarnings()
    private var index: [String: Int] = [:]

    /// The node called `id`, made on first mention.
    mutating func node(_ id: String) -> Int {
        if let i = index[id] { return i }
        nodes.append(Node(id: id, label: id))
        index[id] = nodes.count - 1
        return nodes.count - 1
    }

    func style(of node: Node) -> NodeStyle {
        var s = NodeStyle()
        for c in node.classes { if let d = classDefs[c] { s = d } }
        if node.hasInlineStyle { s = node.inline }
        return s
    }

    /// The diagram in words, for `<desc>` and alt text: "Flowchart (left to right): Client → API (HTTP); …".
    var summary: String {
        let dir = ["TB": "top to bottom", "BT": "bottom to top", "LR": "left to right", "RL": "right to left"][direction.rawValue]!
        func name(_ i: Int) -> String { plain(nodes[i].label) }
        var parts = edges.map { e -> String in
            let arrow = e.head == .none && e.tail == .none ? " — " : (e.tail != .none && e.head != .none ? " ↔ " : " → ")
            return name(e.from) + arrow + name(e.to) + (e.label.isEmpty ? "" : " (\(plain(e.label)))")
        }
        let linked = Set(edges.flatMap { [$0.from, $0.to] })
        parts += nodes.indices.filter { !linked.contains($0) }.map(name)
        var text = "Flowchart (\(dir)): " + parts.joined(separator: "; ") + "."
        for s in subgraphs where !s.nodes.isEmpty {
            text += " \(plain(s.title)): " + s.nodes.map(name).joined(separator: ", ") + "."
        }
        return text
    }
}

/// A label as one line of words (explicit breaks become spaces).
func plain(_ s: String) -> String { s.split(separator: "\n").joined(separator: " ") }

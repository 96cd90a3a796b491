import CGraphviz

/// A flowchart laid out by Graphviz's `dot`: the chart becomes a DOT graph whose nodes have the
/// sizes our text needs (fixed, so Graphviz measures no text) and whose labels are fixed-size
/// placeholders; positions and edge splines are read back into a `Scene`.
enum FlowchartLayout {
    static func scene(_ chart: Flowchart, origin: SourceOrigin) throws(DiagramError) -> Scene {
        var scene = Scene()
        for n in chart.nodes {
            let style = chart.style(of: n)
            let lines = NodeSizing.lines(n.label, shape: n.shape, bold: style.bold)
            let (w, h) = NodeSizing.size(lines, shape: n.shape, bold: style.bold)
            scene.nodes.append(SceneNode(id: n.id, lines: lines, shape: n.shape, width: w, height: h, style: style))
        }
        var dot = "digraph G {\ngraph [rankdir=\(chart.direction.rawValue), nodesep=0.35, ranksep=0.45, newrank=true];\n"
        dot += "node [fixedsize=true, label=\"\"];\n"
        for (i, n) in scene.nodes.enumerated() {
            dot += "n\(i) [shape=\(NodeSizing.graphviz(n.shape)), width=\(NodeSizing.inches(n.width)), height=\(NodeSizing.inches(n.height))];\n"
        }
        for (k, s) in chart.subgraphs.enumerated() where s.parent == nil { dot += cluster(k, chart, &scene) }
        for (k, e) in chart.edges.enumerated() {
            var edge = SceneEdge(tail: e.from, head: e.to, tailArrow: e.tail, headArrow: e.head, style: e.style)
            var attrs = "id=e\(k), minlen=\(1 + e.extra), arrowsize=0.9"
            let dir = e.head != .none ? (e.tail != .none ? "both" : "forward") : (e.tail != .none ? "back" : "none")
            attrs += ", dir=\(dir)"
            if e.style == .invisible { attrs += ", style=invis" }
            if !e.label.isEmpty {
                let l = NodeSizing.edgeLabel(e.label)
                edge.lines = l.lines
                edge.labelSize = (l.width, l.height)
                attrs += ", label=<\(Graphviz.placeholder(width: l.width, height: l.height))>"
            }
            scene.edges.append(edge)
            dot += "n\(e.from) -> n\(e.to) [\(attrs)];\n"
        }
        dot += "}\n"
        let edgeCount = scene.edges.count
        return try Graphviz.layout(dot, origin: origin) { g, frame in
            var out = scene
            var byName: [String: Int] = [:]
            for i in out.nodes.indices { byName["n\(i)"] = i }
            var n = agfstnode(g)
            while let node = n {
                if let i = byName[String(cString: agnameof(node))] {
                    out.nodes[i].center = Graphviz.nodeCenter(node, frame)
                    var e = agfstout(g, node)
                    while let edge = e {
                        if let id = Graphviz.get(UnsafeMutableRawPointer(edge), "id"), let k = Int(id.dropFirst()), k < edgeCount {
                            Graphviz.edgeGeometry(edge, frame, into: &out.edges[k])
                        }
                        e = agnxtout(g, edge)
                    }
                }
                n = agnxtnode(g, node)
            }
            let boxes = Graphviz.clusters(g, frame)
            for c in out.clusters.indices {
                if let b = boxes.first(where: { $0.name == "cluster_s\(out.clusters[c].id)" }) {
                    out.clusters[c].box = b.box
                    out.clusters[c].labelCenter = b.label
                }
            }
            (out.width, out.height) = frame.size
            return out
        }
    }

    private static func cluster(_ k: Int, _ chart: Flowchart, _ scene: inout Scene) -> String {
        let s = chart.subgraphs[k]
        let lines = TextMetrics.wrap(s.title, maxWidth: 240)
        let (w, h) = TextMetrics.block(lines)
        scene.clusters.append(SceneCluster(id: String(k), lines: lines, labelSize: (w * 1.1 + 12, h + 4)))
        var dot = "subgraph cluster_s\(k) {\ngraph [margin=12, label=<\(Graphviz.placeholder(width: w * 1.1 + 12, height: h + 4))>];\n"
        dot += s.nodes.map { "n\($0);" }.joined(separator: " ") + "\n"
        for c in s.children { dot += cluster(c, chart, &scene) }
        return dot + "}\n"
    }
}

import CGraphviz

/// A ```` ```dot ```` fence: Graphviz parses it and lays it out; Galley sizes every node for its own
/// text (labels are measured with the theme's font widths, then Graphviz is given fixed sizes and
/// placeholder labels) and draws the result like a flowchart. Graph, node and edge attributes that
/// change the layout (rankdir, ranksep, rank=same, clusters…) are Graphviz's; colours are the theme's
/// (a `fillcolor` maps to the nearest tint).
enum DotGraph {
    static func scene(_ source: String, origin: SourceOrigin, warnings: inout DiagramWarnings) throws(DiagramError) -> Scene {
        var scene = Scene()
        var nodeIndex: [String: Int] = [:]
        var clusterIndex: [String: Int] = [:]
        return try Graphviz.layout(source, origin: origin, prepare: { g in
            let root = UnsafeMutableRawPointer(g)
            let graphName = String(cString: agnameof(root))
            let directed = agisdirected(g) != 0
            func notDrawn(_ obj: UnsafeMutableRawPointer, filled: Bool = false) {
                for (name, why) in Self.notDrawn where Graphviz.get(obj, name) != nil {
                    if name == "color", filled, Graphviz.get(obj, "fillcolor") == nil { continue }
                    if name == "layout", Graphviz.get(obj, name) == "dot" { continue }
                    if name == "image" || name == "shapefile" { Graphviz.set(obj, name, "") }   // Graphviz would read the file
                    let at = DiagramWarnings.attribute(name, in: source)
                    warnings.add(name, origin.error("DOT: `\(name)` is not drawn: \(why)", hint: Self.notDrawnHint, line: at?.line ?? 1, column: at?.column ?? 1))
                }
            }
            notDrawn(root)
            if let t = label(root, name: graphName, graph: graphName), !t.isEmpty {
                scene.title = plain(t)
                let lines = TextMetrics.wrap(t, maxWidth: 400)
                let (w, h) = TextMetrics.block(lines)
                scene.clusters.append(SceneCluster(id: "", lines: lines, labelSize: (w * 1.1 + 8, h + 4)))
                Graphviz.setPlaceholder(g, root, "label", width: w * 1.1 + 8, height: h + 4)
            }
            var n = agfstnode(g)
            while let node = n {
                let obj = UnsafeMutableRawPointer(node)
                let name = String(cString: agnameof(obj))
                let style = Graphviz.get(obj, "style") ?? ""
                var shape = nodeShape(Graphviz.get(obj, "shape") ?? "ellipse", style: style)
                var text = label(obj, name: name, graph: graphName) ?? name
                if style.contains("invis") { shape = .plain; text = "" }
                var nodeStyle = NodeStyle(dashed: style.contains("dashed") || style.contains("dotted"), bold: style.contains("bold"))
                if style.contains("filled"), let fill = Graphviz.get(obj, "fillcolor") ?? Graphviz.get(obj, "color") {
                    nodeStyle.tint = NodeStyle.tint(fill)
                    if nodeStyle.tint == nil {
                        let at = DiagramWarnings.attribute("fillcolor", in: source) ?? DiagramWarnings.attribute("color", in: source)
                        warnings.add("fill", origin.error("DOT: the fill `\(fill)` has no theme tint: the node keeps the theme's colour", hint: Self.notDrawnHint,
                                                          line: at?.line ?? 1, column: at?.column ?? 1))
                    }
                }
                notDrawn(obj, filled: style.contains("filled"))
                let lines = NodeSizing.lines(text, shape: shape, bold: nodeStyle.bold)
                var (w, h) = NodeSizing.size(lines, shape: shape, bold: nodeStyle.bold)
                if let uw = Graphviz.get(obj, "width").flatMap(Double.init) { w = max(w, uw * 72) }
                if let uh = Graphviz.get(obj, "height").flatMap(Double.init) { h = max(h, uh * 72) }
                if shape == .circle || shape == .doubleCircle { w = max(w, h); h = w }
                nodeIndex[name] = scene.nodes.count
                scene.nodes.append(SceneNode(id: name, lines: lines, shape: shape, width: w, height: h, style: nodeStyle))
                Graphviz.set(obj, "shape", NodeSizing.graphviz(shape))
                Graphviz.set(obj, "width", NodeSizing.inches(w))
                Graphviz.set(obj, "height", NodeSizing.inches(h))
                Graphviz.set(obj, "fixedsize", "true")
                Graphviz.set(obj, "label", "")
                Graphviz.set(obj, "xlabel", "")
                Graphviz.set(obj, "peripheries", "1")
                n = agnxtnode(g, node)
            }
            n = agfstnode(g)
            while let node = n {
                var e = agfstout(g, node)
                while let edge = e {
                    let obj = UnsafeMutableRawPointer(edge)
                    let style = Graphviz.get(obj, "style") ?? ""
                    notDrawn(obj)
                    var se = SceneEdge(tail: nodeIndex[String(cString: agnameof(UnsafeMutableRawPointer(galley_edge_tail(edge))))] ?? 0,
                                       head: nodeIndex[String(cString: agnameof(UnsafeMutableRawPointer(galley_edge_head(edge))))] ?? 0)
                    se.style = style.contains("invis") ? .invisible : style.contains("dashed") || style.contains("dotted") ? .dotted : style.contains("bold") ? .thick : .solid
                    let dir = Graphviz.get(obj, "dir") ?? (directed ? "forward" : "none")
                    se.headArrow = dir == "forward" || dir == "both" ? arrow(Graphviz.get(obj, "arrowhead")) : .none
                    se.tailArrow = dir == "back" || dir == "both" ? arrow(Graphviz.get(obj, "arrowtail")) : .none
                    if let t = label(obj, name: "", graph: graphName), !t.isEmpty {
                        let l = NodeSizing.edgeLabel(t)
                        se.lines = l.lines
                        se.labelSize = (l.width, l.height)
                        Graphviz.setPlaceholder(g, obj, "label", width: l.width, height: l.height)
                    }
                    for attr in ["headlabel", "taillabel", "xlabel"] where Graphviz.get(obj, attr) != nil { Graphviz.set(obj, attr, "") }
                    Graphviz.set(obj, "galley_k", String(scene.edges.count))
                    scene.edges.append(se)
                    e = agnxtout(g, edge)
                }
                n = agnxtnode(g, node)
            }
            prepareClusters(g, graph: graphName, scene: &scene, index: &clusterIndex, check: notDrawn)
        }, read: { g, frame in
            var out = scene
            var n = agfstnode(g)
            while let node = n {
                if let i = nodeIndex[String(cString: agnameof(UnsafeMutableRawPointer(node)))] {
                    out.nodes[i].center = Graphviz.nodeCenter(node, frame)
                }
                var e = agfstout(g, node)
                while let edge = e {
                    if let k = Graphviz.get(UnsafeMutableRawPointer(edge), "galley_k").flatMap(Int.init), k < out.edges.count {
                        Graphviz.edgeGeometry(edge, frame, into: &out.edges[k])
                    }
                    e = agnxtout(g, edge)
                }
                n = agnxtnode(g, node)
            }
            for c in Graphviz.clusters(g, frame) {
                guard let k = clusterIndex[c.name] else { continue }
                out.clusters[k].box = c.box
                out.clusters[k].labelCenter = c.label
            }
            if let k = out.clusters.firstIndex(where: { $0.id.isEmpty }) {
                // The graph's own label: placed by Graphviz, drawn without a frame.
                var p = pointf()
                out.clusters[k].labelCenter = galley_graph_label_pos(g, &p) != 0 ? frame.point(p) : nil
                let lines = out.clusters[k].lines, at = out.clusters[k].labelCenter
                out.clusters.remove(at: k)
                if let at { out.nodes.append(SceneNode(id: "", lines: lines, shape: .plain, center: at, width: 0, height: 0, style: NodeStyle(bold: true))) }
            }
            (out.width, out.height) = frame.size
            return out
        })
    }

    /// Attributes Graphviz reads that Galley's drawing replaces, and why: a warning each, once.
    static let notDrawn: [(String, String)] = [
        ("color", "colours are the theme's"), ("fontcolor", "colours are the theme's"), ("bgcolor", "colours are the theme's"),
        ("fontname", "text is in the theme's font"), ("fontsize", "text is in the theme's font and size"),
        ("penwidth", "lines are the theme's"), ("arrowsize", "arrowheads are the theme's"), ("peripheries", "nodes have one border"),
        ("gradientangle", "colours are the theme's"), ("labelfontcolor", "colours are the theme's"),
        ("URL", "diagrams carry no links"), ("href", "diagrams carry no links"), ("tooltip", "diagrams carry no tooltips"),
        ("image", "images in nodes are not drawn (nor read)"), ("shapefile", "images in nodes are not drawn (nor read)"),
        ("xlabel", "only `label` is drawn"), ("headlabel", "only `label` is drawn"), ("taillabel", "only `label` is drawn"),
        ("layout", "Galley lays graphs out with dot"),
    ]
    static let notDrawnHint = "`style=filled` with a `fillcolor` picks the nearest theme tint; `style=dashed`, `dotted`, `bold`, `invis` and shapes are drawn"

    private static func prepareClusters(_ g: Graphviz.Graph, graph: String, scene: inout Scene, index: inout [String: Int],
                                        check: (UnsafeMutableRawPointer, Bool) -> Void) {
        var s = agfstsubg(g)
        while let sub = s {
            let obj = UnsafeMutableRawPointer(sub)
            let name = String(cString: agnameof(obj))
            if name.hasPrefix("cluster") {
                let text = label(obj, name: name, graph: graph, inherited: false) ?? ""
                let lines = text.isEmpty ? [] : TextMetrics.wrap(text, maxWidth: 240)
                let (w, h) = TextMetrics.block(lines)
                let style = Graphviz.get(obj, "style") ?? ""
                var cs = NodeStyle(dashed: style.contains("dashed") || style.contains("dotted"))
                if style.contains("filled") { cs.tint = (Graphviz.get(obj, "fillcolor") ?? Graphviz.get(obj, "color")).flatMap(NodeStyle.tint) }
                check(obj, style.contains("filled"))
                index[name] = scene.clusters.count
                scene.clusters.append(SceneCluster(id: name, lines: lines, labelSize: (w * 1.1 + 12, h + 4), style: cs))
                if !lines.isEmpty { Graphviz.setPlaceholder(g, obj, "label", width: w * 1.1 + 12, height: h + 4) }
            }
            prepareClusters(sub, graph: graph, scene: &scene, index: &index, check: check)
            s = agnxtsubg(sub)
        }
    }

    /// The label as text: `\N` and `\G` filled in, `\n` `\l` `\r` as line breaks, HTML-like labels
    /// and record fields reduced to their words.
    static func label(_ obj: UnsafeMutableRawPointer, name: String, graph: String, inherited: Bool = true) -> String? {
        guard let raw = Graphviz.get(obj, "label") else { return nil }
        if Graphviz.isHTML(obj, "label") { return htmlText(raw) }
        var out = "", escape = false
        for c in raw {
            if escape {
                switch c {
                case "N": out += name
                case "G": out += graph
                case "n", "l", "r": out += "\n"
                default: out.append(c)
                }
                escape = false
            } else if c == "\\" { escape = true } else { out.append(c) }
        }
        if let shape = Graphviz.get(obj, "shape"), shape == "record" || shape == "Mrecord" {
            out = out.split(whereSeparator: { "{}|".contains($0) }).map { f -> String in
                var f = Substring(f)
                if f.first == "<", let end = f.firstIndex(of: ">") { f = f[f.index(after: end)...] }
                return f.trimmed()
            }.filter { !$0.isEmpty }.joined(separator: "\n")
        }
        return out.hasSuffix("\n") ? String(out.dropLast()) : out
    }

    static func htmlText(_ html: String) -> String {
        var out = "", inTag = false, tag = ""
        for c in html {
            if inTag {
                if c == ">" {
                    inTag = false
                    let t = tag.lowercased()
                    if t.hasPrefix("br") || t.hasPrefix("/tr") || t.hasPrefix("/td") { if !out.hasSuffix("\n") && !out.isEmpty { out += "\n" } }
                } else { tag.append(c) }
            } else if c == "<" { inTag = true; tag = "" } else { out.append(c) }
        }
        return out.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .split(separator: "\n").map { $0.trimmed() }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    static func nodeShape(_ s: String, style: String) -> NodeShape {
        switch s.lowercased() {
        case "box", "rect", "rectangle", "square", "msquare", "component", "tab", "folder", "box3d": return style.contains("rounded") ? .rounded : .rect
        case "record": return .rect
        case "mrecord": return .rounded
        case "circle", "point": return .circle
        case "doublecircle": return .doubleCircle
        case "diamond", "mdiamond": return .diamond
        case "cylinder": return .cylinder
        case "note": return .note
        case "hexagon", "octagon", "doubleoctagon": return .hexagon
        case "parallelogram", "trapezium", "invtrapezium": return .parallelogram
        case "cds", "rarrow", "larrow": return .flag
        case "plaintext", "plain", "none", "underline": return .plain
        default: return .ellipse
        }
    }

    static func arrow(_ name: String?) -> ArrowKind {
        switch name ?? "normal" {
        case "none": return .none
        case "dot", "odot": return .circle
        case "tee", "crow": return .cross
        default: return .normal
        }
    }

    static func summary(_ scene: Scene) -> String {
        func name(_ i: Int) -> String { plain(scene.nodes[i].lines.joined(separator: " ")) }
        let parts = scene.edges.filter { $0.style != .invisible }.map { e in
            name(e.tail) + (e.headArrow == .none && e.tailArrow == .none ? " — " : " → ") + name(e.head)
                + (e.lines.isEmpty ? "" : " (\(e.lines.joined(separator: " ")))")
        }
        let linked = Set(scene.edges.flatMap { [$0.tail, $0.head] })
        let alone = scene.nodes.indices.filter { !linked.contains($0) && !scene.nodes[$0].id.isEmpty && !scene.nodes[$0].lines.isEmpty }.map(name)
        return "Graph: " + (parts + alone).joined(separator: "; ") + "."
    }
}

/// Draws a laid-out graph (flowchart or DOT): groups, nodes, edges with arrowheads, then edge
/// labels on a page-coloured background so a line under them never crosses their text.
enum SceneDrawing {
    static func draw(_ scene: Scene, into svg: inout SVGText) {
        for c in scene.clusters {
            svg.rect(c.box, c.style.tint.map { "g k\($0)" } ?? "g", radius: 6, dashed: c.style.dashed)
            if let p = c.labelCenter { svg.text(c.lines, x: p.x, y: p.y, bold: true) }
        }
        for n in scene.nodes { node(n, into: &svg) }
        for e in scene.edges where e.style != .invisible { edge(e, into: &svg) }
        for e in scene.edges where e.style != .invisible && !e.lines.isEmpty {
            guard let p = e.labelCenter else { continue }
            svg.rect(Box(x: p.x - e.labelSize.width / 2, y: p.y - e.labelSize.height / 2, width: e.labelSize.width, height: e.labelSize.height), "lb", radius: 3)
            svg.text(e.lines, x: p.x, y: p.y)
        }
    }

    static func node(_ n: SceneNode, into svg: inout SVGText) {
        let b = Box(x: n.center.x - n.width / 2, y: n.center.y - n.height / 2, width: n.width, height: n.height)
        let cls = n.style.tint.map { "n k\($0)" } ?? "n"
        let d = n.style.dashed
        let (cx, cy) = (n.center.x, n.center.y)
        switch n.shape {
        case .rect: svg.rect(b, cls, radius: 3, dashed: d)
        case .rounded: svg.rect(b, cls, radius: 10, dashed: d)
        case .stadium: svg.rect(b, cls, radius: b.height / 2, dashed: d)
        case .subroutine:
            svg.rect(b, cls, dashed: d)
            svg.line(Point(x: b.x + 7, y: b.y), Point(x: b.x + 7, y: b.maxY), "ll")
            svg.line(Point(x: b.maxX - 7, y: b.y), Point(x: b.maxX - 7, y: b.maxY), "ll")
        case .diamond:
            svg.polygon([Point(x: cx, y: b.y), Point(x: b.maxX, y: cy), Point(x: cx, y: b.maxY), Point(x: b.x, y: cy)], cls, dashed: d)
        case .circle: svg.ellipse(n.center, min(n.width, n.height) / 2, min(n.width, n.height) / 2, cls, dashed: d)
        case .doubleCircle:
            let r = min(n.width, n.height) / 2
            svg.ellipse(n.center, r, r, cls, dashed: d)
            svg.ellipse(n.center, r - 4, r - 4, cls, dashed: d)
        case .ellipse: svg.ellipse(n.center, n.width / 2, n.height / 2, cls, dashed: d)
        case .cylinder:
            let ry = cylinderCap(n.height), w = b.width, rx = w / 2
            let body = b.height - 2 * ry
            svg.path("M\(SVGText.n(b.x)),\(SVGText.n(b.y + ry)) a\(SVGText.n(rx)),\(SVGText.n(ry)) 0 0,0 \(SVGText.n(w)),0 a\(SVGText.n(rx)),\(SVGText.n(ry)) 0 0,0 \(SVGText.n(-w)),0 v\(SVGText.n(body)) a\(SVGText.n(rx)),\(SVGText.n(ry)) 0 0,0 \(SVGText.n(w)),0 v\(SVGText.n(-body))", cls, dashed: d)
        case .hexagon:
            let k = min(b.width * 0.2, b.height / 2)
            svg.polygon([Point(x: b.x + k, y: b.y), Point(x: b.maxX - k, y: b.y), Point(x: b.maxX, y: cy), Point(x: b.maxX - k, y: b.maxY), Point(x: b.x + k, y: b.maxY), Point(x: b.x, y: cy)], cls, dashed: d)
        case .parallelogram:
            let k = b.height * 0.3
            svg.polygon([Point(x: b.x + k, y: b.y), Point(x: b.maxX, y: b.y), Point(x: b.maxX - k, y: b.maxY), Point(x: b.x, y: b.maxY)], cls, dashed: d)
        case .flag:
            svg.polygon([Point(x: b.x, y: b.y), Point(x: b.maxX, y: b.y), Point(x: b.maxX, y: b.maxY), Point(x: b.x, y: b.maxY), Point(x: b.x + b.height / 4, y: cy)], cls, dashed: d)
        case .note:
            let f = 10.0
            svg.polygon([Point(x: b.x, y: b.y), Point(x: b.maxX - f, y: b.y), Point(x: b.maxX, y: b.y + f), Point(x: b.maxX, y: b.maxY), Point(x: b.x, y: b.maxY)], cls == "n" ? "nt" : cls, dashed: d)
        case .plain: break
        }
        let shift = n.shape == .cylinder ? cylinderCap(n.height) / 2 : n.shape == .flag ? b.height / 8 : 0
        svg.text(n.lines, x: cx + (n.shape == .flag ? shift : 0), y: cy + (n.shape == .cylinder ? shift : 0), bold: n.style.bold)
    }

    static func cylinderCap(_ height: Double) -> Double { min(8, height * 0.12) }

    static func edge(_ e: SceneEdge, into svg: inout SVGText) {
        let p = e.points
        guard p.count >= 2 else { return }
        var d = "M\(SVGText.n(p[0].x)),\(SVGText.n(p[0].y))"
        if (p.count - 1) % 3 == 0 {
            var i = 1
            while i + 2 < p.count {
                d += " C" + p[i...(i + 2)].map { "\(SVGText.n($0.x)),\(SVGText.n($0.y))" }.joined(separator: " ")
                i += 3
            }
        } else {
            d += p.dropFirst().map { " L\(SVGText.n($0.x)),\(SVGText.n($0.y))" }.joined()
        }
        let width = e.style == .thick ? 3.0 : 1.5
        svg.path(d, "e", dotted: e.style == .dotted, width: width)
        arrow(e.headArrow, tip: e.headTip, from: p[p.count - 1], before: p[p.count - 2], into: &svg)
        arrow(e.tailArrow, tip: e.tailTip, from: p[0], before: p[1], into: &svg)
    }

    /// An arrowhead from `from` to `tip` (Graphviz leaves that gap for it), or at the line's end.
    static func arrow(_ kind: ArrowKind, tip: Point?, from: Point, before: Point, into svg: inout SVGText) {
        guard kind != .none else { return }
        var base = from, end = tip ?? from
        if tip == nil {
            let dx = from.x - before.x, dy = from.y - before.y, l = max((dx * dx + dy * dy).squareRoot(), 0.001)
            base = Point(x: from.x - dx / l * 9, y: from.y - dy / l * 9)
            end = from
        }
        let dx = end.x - base.x, dy = end.y - base.y
        let l = max((dx * dx + dy * dy).squareRoot(), 0.001)
        let (ux, uy) = (dx / l, dy / l)
        switch kind {
        case .normal, .open:
            let w = l * 0.4
            svg.polygon([end, Point(x: base.x - uy * w, y: base.y + ux * w), Point(x: base.x + uy * w, y: base.y - ux * w)], "h")
        case .cross:
            let c = Point(x: (base.x + end.x) / 2, y: (base.y + end.y) / 2), r = l * 0.45
            svg.line(Point(x: c.x - (ux + uy) * r, y: c.y - (uy - ux) * r), Point(x: c.x + (ux + uy) * r, y: c.y + (uy - ux) * r), "e", width: 1.5)
            svg.line(Point(x: c.x - (ux - uy) * r, y: c.y - (uy + ux) * r), Point(x: c.x + (ux - uy) * r, y: c.y + (uy + ux) * r), "e", width: 1.5)
            svg.line(base, c, "e", width: 1.5)
        case .circle:
            let r = l / 2
            svg.ellipse(Point(x: (base.x + end.x) / 2, y: (base.y + end.y) / 2), r, r, "ho")
        case .none: break
        }
    }
}

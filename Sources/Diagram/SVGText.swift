import TextBytes

/// SVG written straight into a string; numbers rounded to a tenth of a pixel so the same source
/// always gives the same bytes (file names are fingerprints, feeds compare bytes).
struct SVGText {
    var out = ""

    static func n(_ v: Double) -> String {
        let t = Int((v * 10).rounded())
        if t % 10 == 0 { return String(t / 10) }
        let a = abs(t)
        return (t < 0 ? "-" : "") + String(a / 10) + "." + String(a % 10)
    }

    static func escape(_ s: String) -> String { escapedForXML(s) }

    /// `cls` with its light colours as attributes (the stylesheet overrides them by class).
    static func paint(_ cls: String) -> String {
        let fill: String?, stroke: String?
        switch cls.split(separator: " ").first ?? "" {
        case "n": (fill, stroke) = (DiagramTheme.light("node"), DiagramTheme.light("border"))
        case "g", "ft": (fill, stroke) = (DiagramTheme.light("group"), DiagramTheme.light("group-border"))
        case "fr": (fill, stroke) = ("none", DiagramTheme.light("group-border"))
        case "e": (fill, stroke) = ("none", DiagramTheme.light("line"))
        case "h": (fill, stroke) = (DiagramTheme.light("line"), DiagramTheme.light("line"))
        case "ho": (fill, stroke) = (DiagramTheme.light("bg"), DiagramTheme.light("line"))
        case "lb": (fill, stroke) = (DiagramTheme.light("bg"), nil)
        case "nt": (fill, stroke) = (DiagramTheme.light("note"), DiagramTheme.light("border"))
        case "ac": (fill, stroke) = (DiagramTheme.light("activation"), DiagramTheme.light("border"))
        case "ll": (fill, stroke) = (nil, DiagramTheme.light("border"))
        case "t": (fill, stroke) = (DiagramTheme.light("text"), nil)
        default: (fill, stroke) = (nil, nil)
        }
        var s = " class=\"\(cls)\""
        if let k = cls.split(separator: " ").first(where: { $0.hasPrefix("k") }), let i = Int(k.dropFirst()) {
            s += " fill=\"\(DiagramTheme.light("tint-\(i)"))\""
        } else if let fill { s += " fill=\"\(fill)\"" }
        if let stroke { s += " stroke=\"\(stroke)\"" }
        return s
    }

    mutating func rect(_ b: Box, _ cls: String, radius: Double = 0, dashed: Bool = false, width: Double = 1) {
        out += "<rect\(Self.paint(cls)) x=\"\(Self.n(b.x))\" y=\"\(Self.n(b.y))\" width=\"\(Self.n(max(b.width, 0)))\" height=\"\(Self.n(max(b.height, 0)))\""
        if radius > 0 { out += " rx=\"\(Self.n(radius))\"" }
        out += extras(dashed: dashed, width: width) + "/>"
    }

    mutating func path(_ d: String, _ cls: String, dashed: Bool = false, dotted: Bool = false, width: Double = 1) {
        out += "<path\(Self.paint(cls)) d=\"\(d)\"" + extras(dashed: dashed, dotted: dotted, width: width) + "/>"
    }

    mutating func line(_ a: Point, _ b: Point, _ cls: String, dashed: Bool = false, dotted: Bool = false, width: Double = 1) {
        out += "<line\(Self.paint(cls)) x1=\"\(Self.n(a.x))\" y1=\"\(Self.n(a.y))\" x2=\"\(Self.n(b.x))\" y2=\"\(Self.n(b.y))\"" + extras(dashed: dashed, dotted: dotted, width: width) + "/>"
    }

    mutating func ellipse(_ c: Point, _ rx: Double, _ ry: Double, _ cls: String, dashed: Bool = false) {
        out += "<ellipse\(Self.paint(cls)) cx=\"\(Self.n(c.x))\" cy=\"\(Self.n(c.y))\" rx=\"\(Self.n(rx))\" ry=\"\(Self.n(ry))\"" + extras(dashed: dashed, width: 1) + "/>"
    }

    mutating func polygon(_ pts: [Point], _ cls: String, dashed: Bool = false) {
        out += "<polygon\(Self.paint(cls)) points=\"" + pts.map { "\(Self.n($0.x)),\(Self.n($0.y))" }.joined(separator: " ") + "\"" + extras(dashed: dashed, width: 1) + "/>"
    }

    private func extras(dashed: Bool, dotted: Bool = false, width: Double) -> String {
        var s = ""
        if width != 1 { s += " stroke-width=\"\(Self.n(width))\"" }
        if dashed { s += " stroke-dasharray=\"6 4\"" }
        if dotted { s += " stroke-dasharray=\"3 3\"" }
        return s
    }

    enum Anchor: String { case start, middle, end }

    /// Lines of text whose block is centred vertically on `y` (baselines placed for the theme's font).
    mutating func text(_ lines: [String], x: Double, y: Double, anchor: Anchor = .middle, bold: Bool = false) {
        let h = TextMetrics.lineHeight
        let top = y - Double(lines.count) * h / 2
        for (k, l) in lines.enumerated() where !l.isEmpty {
            out += "<text\(Self.paint("t")) x=\"\(Self.n(x))\" y=\"\(Self.n(top + Double(k) * h + 13.5))\""
            if anchor != .start { out += " text-anchor=\"\(anchor.rawValue)\"" }
            if bold { out += " font-weight=\"600\"" }
            out += ">\(Self.escape(l))</text>"
        }
    }
}

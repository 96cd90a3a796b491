import TextBytes

/// A few SVG elements written straight into a string, coordinates rounded to a tenth of a
/// pixel so the same data always gives the same bytes.
struct SVGWriter {
    var out = ""

    /// Integer arithmetic, not `Double.description`: a chart writes a few hundred numbers.
    /// Coordinates are clamped to ±1e7 (far outside any view): a position is never what traps.
    static func n(_ v: Double) -> String {
        let t = Int((Swift.min(Swift.max(v.isNaN ? 0 : v, -1e7), 1e7) * 10).rounded())
        if t % 10 == 0 { return String(t / 10) }
        let a = abs(t)
        return (t < 0 ? "-" : "") + String(a / 10) + "." + String(a % 10)
    }

    static func escape(_ s: String) -> String { escapedForXML(s) }

    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ cls: String, fill: String) {
        out += "<rect class=\"\(cls)\" fill=\"\(fill)\" x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(max(w, 0)))\" height=\"\(Self.n(max(h, 0)))\"/>"
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ cls: String, stroke: String) {
        out += "<line class=\"\(cls)\" stroke=\"\(stroke)\" x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\"/>"
    }

    enum Anchor: String { case start, middle, end }

    mutating func text(_ s: String, _ x: Double, _ y: Double, anchor: Anchor = .start, cls: String = "t", size: Double = Chart.fontSize, bold: Bool = false) {
        out += "<text class=\"\(cls)\" x=\"\(Self.n(x))\" y=\"\(Self.n(y))\""
        if anchor != .start { out += " text-anchor=\"\(anchor.rawValue)\"" }
        if size != Chart.fontSize { out += " font-size=\"\(Self.n(size))\"" }
        if bold { out += " font-weight=\"600\"" }
        out += ">\(Self.escape(s))</text>"
    }

    mutating func polyline(_ points: [(Double, Double)], _ cls: String, stroke: String) {
        out += "<polyline class=\"\(cls)\" stroke=\"\(stroke)\" fill=\"none\" stroke-width=\"2\" points=\""
        out += points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        out += "\"/>"
    }

    mutating func circle(_ x: Double, _ y: Double, _ r: Double, _ cls: String, fill: String) {
        out += "<circle class=\"\(cls)\" fill=\"\(fill)\" cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(r))\"/>"
    }
}

/// Estimated width of `s` in the chart's font: no font metrics at build time, so an average
/// advance per character, generous enough that labels placed by it never touch.
func textWidth(_ s: String, size: Double = Chart.fontSize) -> Double {
    var w = 0.0
    for u in s.unicodeScalars {
        switch u {
        case "i", "l", ".", ",", ":", ";", "|", "!", "'", "\u{2019}", " ": w += 0.3
        case "m", "w", "M", "W", "%", "@": w += 0.9
        case "A"..."Z", "0"..."9": w += 0.65
        default: w += u.value > 127 && (u.properties.isUppercase || u.properties.numericType != nil) ? 0.65 : 0.56
        }
    }
    return w * size
}

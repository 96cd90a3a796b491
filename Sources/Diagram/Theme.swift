import Foundation

/// Diagram colours as CSS custom properties (`--diagram-*`) with light and dark values, as the
/// theme's charts do: inline SVGs carry the light values as attributes (for pages without the
/// stylesheet) and classes the stylesheet recolours; standalone files carry their own `<style>`.
/// Contrast (tested): text ≥ 4.5:1 on every fill it sits on, lines and borders ≥ 3:1 on the page.
public enum DiagramTheme {
    /// Property name (without `--diagram-`), light value, dark value.
    static let colours: [(String, String, String)] = [
        ("bg", "#fbfaf7", "#14161a"),          // the page: edge-label backgrounds
        ("text", "#1d1f23", "#e3e1db"),
        ("line", "#5a5e66", "#a3a7ae"),
        ("node", "#f2f0ea", "#1f232a"),
        ("border", "#6b6f77", "#8d929b"),
        ("group", "#f6f4ee", "#191c21"),
        ("group-border", "#8a8478", "#6f747d"),
        ("note", "#fbf0c4", "#3a3217"),
        ("activation", "#e2ded4", "#2f343c"),
        ("tint-1", "#dce9f7", "#1b2d42"),      // blue
        ("tint-2", "#fbe3cc", "#3d2a15"),      // orange
        ("tint-3", "#d8efe2", "#153426"),      // green
        ("tint-4", "#f5dcea", "#3a2031"),      // pink
        ("tint-5", "#f6edbb", "#37321a"),      // yellow
        ("tint-6", "#e4e2f6", "#27274a"),      // purple
        ("tint-7", "#f8dcd8", "#3e201d"),      // red
    ]

    static func light(_ name: String) -> String { colours.first { $0.0 == name }!.1 }

    /// Class → rule, shared by the page stylesheet and standalone files.
    static let rules: [(String, String)] = [
        (".t", "fill: var(--diagram-text)"),
        (".n", "fill: var(--diagram-node); stroke: var(--diagram-border)"),
        (".g", "fill: var(--diagram-group); stroke: var(--diagram-group-border)"),
        (".e", "stroke: var(--diagram-line); fill: none"),
        (".h", "fill: var(--diagram-line); stroke: var(--diagram-line)"),
        (".ho", "fill: var(--diagram-bg); stroke: var(--diagram-line)"),
        (".lb", "fill: var(--diagram-bg)"),
        (".nt", "fill: var(--diagram-note); stroke: var(--diagram-border)"),
        (".ac", "fill: var(--diagram-activation); stroke: var(--diagram-border)"),
        (".ll", "stroke: var(--diagram-border)"),
        (".fr", "fill: none; stroke: var(--diagram-group-border)"),
        (".ft", "fill: var(--diagram-group); stroke: var(--diagram-group-border)"),
    ] + (1...7).map { (".k\($0)", "fill: var(--diagram-tint-\($0))") }

    /// CSS a theme includes (`galley diagram --css`).
    public static var stylesheet: String {
        func block(_ dark: Bool, indent: String) -> String {
            colours.map { "\(indent)  --diagram-\($0.0): \(dark ? $0.2 : $0.1);" }.joined(separator: "\n")
        }
        return """
        .diagram svg { display: block; max-width: 100%; min-width: var(--diagram-min, 0); height: auto; font-family: inherit; }
        .diagram-scroll { overflow-x: auto; }
        :root {
        \(block(false, indent: ""))
        }
        @media (prefers-color-scheme: dark) {
          :root {
        \(block(true, indent: "  "))
          }
        }
        \(rules.map { ".diagram \($0.0) { \($0.1); }" }.joined(separator: "\n"))
        """
    }

    /// The standalone file's own colours: no page to inherit from.
    static let standaloneStyle = "<style>" + stylesheet.split(separator: "\n").dropFirst(2).joined(separator: "\n")
        .replacingOccurrences(of: ".diagram ", with: "") + "</style>"
}

extension NodeStyle {
    /// mermaid's `classDef`/`style` properties: a fill maps to the nearest theme tint by hue (so it
    /// holds in dark mode and keeps its text readable); `stroke-dasharray` dashes; bold text.
    /// `ignored` gets each property that draws nothing (`stroke:#f00`, `color`, a grey `fill`).
    static func css(_ text: String, ignored: inout [String]) -> NodeStyle {
        var s = NodeStyle()
        for part in text.split(separator: ",") where part.contains(":") {
            let kv = part.split(separator: ":", maxSplits: 1)
            let key = kv[0].trimmingCharacters(in: .whitespaces), value = kv[1].trimmingCharacters(in: .whitespaces)
            switch key {
            case "fill":
                s.tint = tint(value)
                if s.tint == nil { ignored.append("fill:" + value) }
            case "stroke-dasharray": s.dashed = true
            case "font-weight": s.bold = value == "bold" || (Int(value) ?? 400) >= 600
            default: ignored.append(key)
            }
        }
        return s
    }

    static let named: [String: (Double, Double, Double)] = [
        "red": (1, 0, 0), "orange": (1, 0.65, 0), "yellow": (1, 1, 0), "green": (0, 0.5, 0), "lime": (0, 1, 0),
        "blue": (0, 0, 1), "lightblue": (0.68, 0.85, 0.9), "purple": (0.5, 0, 0.5), "pink": (1, 0.75, 0.8),
        "violet": (0.93, 0.51, 0.93), "cyan": (0, 1, 1), "teal": (0, 0.5, 0.5), "gold": (1, 0.84, 0),
    ]

    /// Hue buckets: red, orange, yellow, green, blue, purple, pink; greys and white keep the default.
    static func tint(_ value: String) -> Int? {
        guard let (r, g, b) = rgb(value.lowercased()) else { return nil }
        let mx = max(r, g, b), mn = min(r, g, b)
        guard mx - mn > 0.12 else { return nil }
        var h: Double
        if mx == r { h = (g - b) / (mx - mn) } else if mx == g { h = 2 + (b - r) / (mx - mn) } else { h = 4 + (r - g) / (mx - mn) }
        h = (h * 60 + 360).truncatingRemainder(dividingBy: 360)
        switch h {
        case ..<15, 345...: return 7
        case ..<45: return 2
        case ..<70: return 5
        case ..<170: return 3
        case ..<250: return 1
        case ..<290: return 6
        default: return 4
        }
    }

    static func rgb(_ v: String) -> (Double, Double, Double)? {
        if let c = named[v] { return c }
        if v.hasPrefix("#") {
            var hex = Array(v.dropFirst())
            if hex.count == 3 || hex.count == 4 { hex = hex.prefix(3).flatMap { [$0, $0] } }
            guard hex.count >= 6, let n = Int(String(hex.prefix(6)), radix: 16) else { return nil }
            return (Double(n >> 16) / 255, Double((n >> 8) & 255) / 255, Double(n & 255) / 255)
        }
        if v.hasPrefix("rgb") {
            let nums = v.split { !"0123456789.".contains($0) }.compactMap { Double($0) }
            guard nums.count >= 3 else { return nil }
            return (nums[0] / 255, nums[1] / 255, nums[2] / 255)
        }
        return nil
    }
}

import Foundation

/// Charts drawn at build time as SVG, from a table of numbers: no script, readable in feeds (as a
/// standalone file), real text, colours that hold in light and dark.
public enum Chart {
    static let width = 640.0
    static let fontSize = 12.0

    /// Series colours (Okabe–Ito hues, adjusted): each ≥ 3:1 against the light and the dark background.
    public static let lightPalette = ["#0072b2", "#c25400", "#00805c", "#a8457e", "#806200", "#5656a8"]
    public static let darkPalette = ["#56b4e9", "#e69f00", "#2fc59a", "#e48bc0", "#f0e442", "#a6a6f5"]
    static let lightText = "#1d1f23", darkText = "#e3e1db", lightGrid = "#d5d1c8", darkGrid = "#3a3f47"

    /// An inline `<svg>` for an HTML page: colours as presentation attributes, which the page's
    /// stylesheet (`stylesheet`) overrides for dark mode through the `s0`… classes.
    public static func svg(table: ChartTable, spec: ChartSpec) throws(ChartError) -> String {
        try render(table: table, spec: spec).inline
    }

    /// Both drawings at once (the data is read and laid out once): what a site build needs.
    public static func render(table: ChartTable, spec: ChartSpec) throws(ChartError) -> (inline: String, standalone: String, name: String) {
        let data = try ChartData.read(table, spec)
        let name = fingerprint(table: table, spec: spec)
        var body = SVGWriter()
        let height: Double
        switch spec.kind {
        case .bar, .stacked: height = BarChart(data: data, spec: spec).draw(into: &body)
        case .line, .scatter: height = XYChart(data: data, spec: spec).draw(into: &body)
        }
        let inner = labels(data, spec, id: "chart-" + name) + body.out + "</svg>"
        return (root(height, standalone: false, id: "chart-" + name) + inner,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + root(height, standalone: true, id: "chart-" + name) + standaloneStyle + inner + "\n",
                name)
    }

    /// A complete SVG file (XML namespace, its own light and dark styles) for feed readers, which
    /// drop inline SVG: the feed links to this file with an `<img>`.
    public static func standaloneSVG(table: ChartTable, spec: ChartSpec) throws(ChartError) -> String {
        try render(table: table, spec: spec).standalone
    }

    /// A sentence per category stating the data, for `<desc>` and alt text.
    public static func describe(table: ChartTable, spec: ChartSpec) throws(ChartError) -> String {
        describe(try ChartData.read(table, spec), spec)
    }

    /// A short stable name for the chart's data and options (file names, element ids).
    public static func fingerprint(table: ChartTable, spec: ChartSpec) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        let text = ([table.header] + table.rows).map { $0.map(\.text).joined(separator: "\u{1F}") }.joined(separator: "\u{1E}")
            + "\(spec.kind)|\(spec.title ?? "")|\(spec.unit ?? "")|\(spec.log)|\(spec.yMin ?? .nan)|\(spec.yMax ?? .nan)|\(spec.sort)|\(spec.labels)"
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return String(h, radix: 16)
    }

    /// CSS the theme includes: the palette as custom properties (`--chart-1`…, `--chart-text`,
    /// `--chart-grid`) for light and dark, which a theme with its own colour switch can override.
    public static var stylesheet: String {
        func properties(_ palette: [String], _ text: String, _ grid: String, indent: String) -> String {
            palette.enumerated().map { "\(indent)  --chart-\($0.offset + 1): \($0.element);" }.joined(separator: "\n")
                + "\n\(indent)  --chart-text: \(text);\n\(indent)  --chart-grid: \(grid);"
        }
        let series = (0..<lightPalette.count).map {
            ".chart .s\($0) { fill: var(--chart-\($0 + 1)); }\n.chart polyline.s\($0) { fill: none; stroke: var(--chart-\($0 + 1)); }"
        }.joined(separator: "\n")
        return """
        .chart svg { display: block; width: 100%; height: auto; font-family: inherit; }
        :root {
        \(properties(lightPalette, lightText, lightGrid, indent: ""))
        }
        @media (prefers-color-scheme: dark) {
          :root {
        \(properties(darkPalette, darkText, darkGrid, indent: "  "))
          }
        }
        \(series)
        .chart .t { fill: var(--chart-text); }
        .chart .a { stroke: var(--chart-text); }
        .chart .g { stroke: var(--chart-grid); }
        """
    }

    static func root(_ height: Double, standalone: Bool, id: String) -> String {
        var s = "<svg"
        if standalone { s += " xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGWriter.n(width))\" height=\"\(SVGWriter.n(height))\"" }
        s += " viewBox=\"0 0 \(SVGWriter.n(width)) \(SVGWriter.n(height))\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\" font-size=\"\(SVGWriter.n(fontSize))\""
        return s + (standalone ? " font-family=\"system-ui, -apple-system, Segoe UI, Roboto, sans-serif\">" : ">")
    }

    static func labels(_ data: ChartData, _ spec: ChartSpec, id: String) -> String {
        "<title id=\"\(id)-t\">\(SVGWriter.escape(spec.title ?? defaultTitle(data, spec)))</title>"
            + "<desc id=\"\(id)-d\">\(SVGWriter.escape(describe(data, spec)))</desc>"
    }

    /// The standalone file's own colours; its font stays the one named on the root (no page to inherit from).
    static let standaloneStyle = "<style>" + stylesheet.split(separator: "\n").dropFirst().joined(separator: "\n").replacingOccurrences(of: ".chart ", with: "") + "</style>"

    static func defaultTitle(_ data: ChartData, _ spec: ChartSpec) -> String {
        "\(data.series.map(\.name).joined(separator: ", ")) by \(data.categoryTitle)"
    }

    static func describe(_ data: ChartData, _ spec: ChartSpec) -> String {
        let unit = spec.unit.map { " " + $0 } ?? ""
        let kind = ["bar": "Bar chart", "stacked": "Stacked bar chart", "line": "Line chart", "scatter": "Scatter plot"][spec.kind.rawValue]!
        let rows = data.categories.indices.map { i in
            data.categories[i] + ": " + data.series.map { s in
                (data.series.count > 1 ? s.name + " " : "") + ChartNumber.format(s.values[i]) + unit
            }.joined(separator: ", ")
        }
        return "\(kind)\(spec.log ? " (log scale)" : ""). " + rows.joined(separator: "; ") + "."
    }
}

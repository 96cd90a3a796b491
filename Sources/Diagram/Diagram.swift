/// Diagrams drawn at build time as SVG, from text: mermaid flowcharts and sequence diagrams, and
/// Graphviz DOT. No script, real text, colours from the theme's custom properties (light and dark).
public enum Diagram {
    public enum Language: String, Sendable { case mermaid, dot }

    /// A drawn diagram: an inline `<svg>` for pages, a standalone file for feeds (which drop inline
    /// SVG), a stable name for that file, and the diagram in words.
    public struct Drawing: Sendable {
        public var inline: String
        public var standalone: String
        public var name: String
        public var summary: String
        public var title: String
        /// Natural size in CSS pixels.
        public var width: Double
        public var height: Double
        /// What the source asks for that is not drawn, one warning per kind at its first line.
        public var warnings: [DiagramError] = []
    }

    /// Fence languages that hold diagrams (`graphviz` is DOT too).
    public static func language(_ fence: String?) -> Language? {
        switch fence?.lowercased() {
        case "mermaid": return .mermaid
        case "dot", "graphviz": return .dot
        default: return nil
        }
    }

    public static func render(_ source: String, language: Language, origin: SourceOrigin) throws(DiagramError) -> Drawing {
        var svg = SVGText()
        let size: (Double, Double)
        let summary: String
        var title: String?
        var warnings = DiagramWarnings()
        switch language {
        case .dot:
            let scene = try DotGraph.scene(source, origin: origin, warnings: &warnings)
            SceneDrawing.draw(scene, into: &svg)
            size = (scene.width, scene.height)
            summary = DotGraph.summary(scene)
            title = scene.title ?? "Graph"
        case .mermaid:
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
            let (header, frontTitle) = try mermaidHeader(lines, origin: origin, warnings: &warnings)
            let keyword = lines[header].split(separator: " ").first.map(String.init) ?? ""
            switch keyword {
            case "flowchart", "graph", "flowchart-elk":
                let chart = try FlowchartParser.parse(lines, header: header, origin: origin)
                let scene = try FlowchartLayout.scene(chart, origin: origin)
                SceneDrawing.draw(scene, into: &svg)
                size = (scene.width, scene.height)
                summary = chart.accDescr ?? chart.summary
                title = frontTitle ?? chart.accTitle ?? "Flowchart"
                warnings.append(chart.warnings)
            case "sequenceDiagram":
                let seq = try SequenceParser.parse(lines, header: header, origin: origin)
                size = SequenceLayout.draw(seq, into: &svg)
                summary = seq.accDescr ?? seq.summary
                title = frontTitle ?? seq.title ?? "Sequence diagram"
                warnings.append(seq.warnings)
            default:
                let indent = lines[header].prefix { $0 == " " || $0 == "\t" }.count
                throw origin.error("mermaid `\(keyword)` diagrams are not drawn; the fence is shown as code",
                                   hint: "Galley draws `flowchart`/`graph` and `sequenceDiagram`; a ```dot fence draws any graph",
                                   line: header + 1, column: indent + 1, severity: .warning)
            }
        }
        let name = fingerprint(language.rawValue + "\u{1F}" + source)
        let id = "diagram-" + name
        let inner = "<title id=\"\(id)-t\">\(SVGText.escape(title ?? "Diagram"))</title><desc id=\"\(id)-d\">\(SVGText.escape(summary))</desc>" + svg.out + "</svg>"
        let (w, h) = (SVGText.n(size.0), SVGText.n(size.1))
        let attrs = "width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\" font-size=\"14\""
        return Drawing(inline: "<svg \(attrs)>" + inner,
                       standalone: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \(attrs) font-family=\"system-ui, -apple-system, Segoe UI, Roboto, Noto Sans, DejaVu Sans, sans-serif\">"
                           + DiagramTheme.standaloneStyle + inner + "\n",
                       name: name, summary: summary, title: title ?? "Diagram", width: size.0, height: size.1, warnings: warnings.list)
    }

    /// CSS a theme includes for inline diagrams (`galley diagram --css`).
    public static var stylesheet: String { DiagramTheme.stylesheet }

    /// The line holding the diagram's keyword, after blank lines, `%%` comments, `%%{init}%%`
    /// directives and a `---` front matter block (whose `title:` names the diagram).
    static func mermaidHeader(_ lines: [Substring], origin: SourceOrigin, warnings: inout DiagramWarnings) throws(DiagramError) -> (Int, String?) {
        var i = 0, title: String?
        if let first = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }), lines[first].trimmed() == "---" {
            var j = first + 1
            while j < lines.count, lines[j].trimmed() != "---" {
                let t = lines[j].trimmed()
                if t.hasPrefix("title:") { title = unquote(String(t.dropFirst(6))) }
                else if t.hasPrefix("config:") {
                    warnings.add("config", origin.error("front matter `config:` is not read: diagrams take the theme's colours, font and layout",
                                                        hint: "remove it, or keep it for other renderers", line: j + 1))
                }
                j += 1
            }
            guard j < lines.count else { throw origin.error("front matter is not closed", hint: "end it with a line `---`", line: first + 1) }
            i = j + 1
        }
        while i < lines.count, lines[i].trimmed().isEmpty || lines[i].trimmed().hasPrefix("%%") {
            if lines[i].trimmed().hasPrefix("%%{") {
                warnings.add("init", origin.error("`%%{…}%%` directives are not read: diagrams take the theme's colours, font and layout",
                                                  hint: "remove it, or keep it for other renderers", line: i + 1))
            }
            i += 1
        }
        guard i < lines.count else {
            throw origin.error("empty mermaid diagram", hint: "start with `flowchart LR` or `sequenceDiagram`", line: 1)
        }
        return (i, title)
    }

    /// FNV-1a of the source: file names and element ids that change only when the diagram does.
    static func fingerprint(_ text: String) -> String {
        var h: UInt64 = 0xcbf29ce484222325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return String(h, radix: 16)
    }
}

extension Substring {
    func trimmed() -> String {
        var s = self
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

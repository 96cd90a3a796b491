import Diagram
import Foundation
import Markdown

/// Diagrams in posts: a ```` ```mermaid ````, ```` ```dot ```` or ```` ```graphviz ```` fence becomes a
/// `<figure class="diagram">` holding the inline SVG and the source under a collapsed disclosure.
/// Each diagram's standalone SVG is written to `diagrams/<fingerprint>.svg` for feeds (which drop
/// inline SVG); feeds show it with `<img>`, the source still under its disclosure.
enum DiagramBlocks {
    static let figureStart = "<figure class=\"diagram\" data-diagram=\""

    /// Nil when the fence is not a diagram. A diagram that cannot be drawn is an error at its line
    /// (a mermaid kind Galley does not draw, a warning) and the fence is shown as code.
    static func fence(_ block: CodeBlock, file: String, lineOffset: Int, collector: ChartBlocks.Collector, sink: DiagnosticSink) -> String? {
        guard let language = Diagram.language(block.language) else { return nil }
        let origin = SourceOrigin(line: block.line + lineOffset + 1)
        do {
            let drawn = try Diagram.render(block.code, language: language, origin: origin)
            for w in drawn.warnings {
                sink.add(.warning(file, line: w.line, column: w.column, "diagram: " + w.message, hint: w.hint ?? "see README, Diagrams"))
            }
            let path = "diagrams/\(drawn.name).svg"
            collector.add(path, drawn.standalone)
            // Scaled down to the column, but not below 65 %: a wider diagram scrolls in its box instead
            // of shrinking its text away (the box is focusable, so keyboards can scroll it).
            let floor = Int((drawn.width * 0.65).rounded(.up))
            return figureStart + "/" + path + "\">\n<div class=\"diagram-scroll\" tabindex=\"0\" role=\"region\" aria-label=\""
                + escapeHTML(drawn.title) + "\" style=\"--diagram-min: \(floor)px\">" + drawn.inline + "</div>\n<details class=\"diagram-source\"><summary>"
                + escapeHTML(collector.sourceLabel) + "</summary>\n" + MarkdownRenderer.plainCodeBlock(block) + "</details>\n</figure>\n"
        } catch {
            let d: SiteDiagnostic = error.severity == .error
                ? .error(file, line: error.line, column: error.column, "diagram: " + error.message, hint: error.hint ?? "see README, Diagrams")
                : .warning(file, line: error.line, column: error.column, "diagram: " + error.message, hint: error.hint ?? "see README, Diagrams")
            sink.add(d)
            return MarkdownRenderer.plainCodeBlock(block)
        }
    }

    /// Feed readers drop inline SVG: each diagram's `<svg>` becomes an `<img>` of its standalone
    /// file, with the diagram in words as its alt text.
    static func feedImages(_ html: String, absolute: (String) -> String) -> String {
        guard html.contains(figureStart) else { return html }
        var out = ""
        var rest = Substring(html)
        while let start = rest.range(of: figureStart) {
            out += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let q = rest.firstIndex(of: "\""), let svgStart = rest.range(of: "<svg"), let svgEnd = rest.range(of: "</svg>") else { break }
            let url = String(rest[..<q])
            let svg = rest[svgStart.lowerBound..<svgEnd.upperBound]
            let desc = svg.range(of: "<desc").flatMap { d in svg[d.upperBound...].firstIndex(of: ">").flatMap { gt in
                svg[svg.index(after: gt)...].range(of: "</desc>").map { String(svg[svg.index(after: gt)..<$0.lowerBound]) } } } ?? "Diagram"
            func size(_ name: String) -> Int? {
                svg.range(of: " \(name)=\"").flatMap { w in svg[w.upperBound...].firstIndex(of: "\"").flatMap { Double(svg[w.upperBound..<$0]) } }.map { Int($0.rounded(.up)) }
            }
            let width = size("width") ?? 640
            let height = size("height")
            out += rest[..<svgStart.lowerBound]
            out += "<img src=\"\(absolute(url))\" alt=\"\(desc.replacingOccurrences(of: "\"", with: "&quot;"))\" width=\"\(width)\"" + (height.map { " height=\"\($0)\"" } ?? "") + ">"
            rest = rest[svgEnd.upperBound...]
        }
        return out + rest
    }
}

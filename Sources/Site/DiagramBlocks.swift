import Diagram
import Foundation
import Markdown
import TextBytes

/// Diagrams in posts: a ```` ```mermaid ````, ```` ```dot ```` or ```` ```graphviz ```` fence becomes a
/// `<figure class="diagram">` holding the inline SVG and the source under a collapsed disclosure.
/// Each diagram's standalone SVG is written to `diagrams/<fingerprint>.svg` for feeds (which drop
/// inline SVG); feeds show it with `<img>`, the source still under its disclosure.
enum DiagramBlocks {
    static let figureStart = "<figure class=\"diagram\" data-diagram=\""
    static let figureMark: StaticString = "<figure class=\"diagram\" data-diagram=\""

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
    /// file, with the diagram in words as its alt text. Searched on UTF-8 bytes: Foundation's
    /// `range(of:)` on the whole post cost more than drawing the diagrams.
    static func feedImages(_ html: String, absolute: (String) -> String) -> String {
        let bytes = Array(html.utf8)
        func find(_ needle: StaticString, from: Int, to end: Int? = nil) -> Int? {
            let end = end ?? bytes.count
            guard from < end else { return nil }
            return bytes.withUnsafeBufferPointer { h in
                needle.withUTF8Buffer { n in findBytes(h.baseAddress! + from, end - from, n.baseAddress!, n.count).map { $0 + from } }
            }
        }
        guard find(figureMark, from: 0) != nil else { return html }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var done = 0
        while let start = find(figureMark, from: done) {
            let urlStart = start + figureMark.utf8CodeUnitCount
            guard let q = bytes[urlStart...].firstIndex(of: UInt8(ascii: "\"")), let svgStart = find("<svg", from: q),
                  let close = find("</svg>", from: svgStart) else { break }
            let svgEnd = close + 6
            func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
            let desc = find("<desc", from: svgStart, to: svgEnd).flatMap { d in bytes[d..<svgEnd].firstIndex(of: UInt8(ascii: ">")) }
                .flatMap { gt in find("</desc>", from: gt, to: svgEnd).map { text((gt + 1)..<$0) } } ?? "Diagram"
            let tagEnd = bytes[svgStart..<svgEnd].firstIndex(of: UInt8(ascii: ">")) ?? svgEnd
            func size(_ name: StaticString) -> Int? {
                find(name, from: svgStart, to: tagEnd).flatMap { w in
                    let v = w + name.utf8CodeUnitCount
                    return bytes[v..<tagEnd].firstIndex(of: UInt8(ascii: "\"")).flatMap { Double(text(v..<$0)) }.map { Int($0.rounded(.up)) }
                }
            }
            out += bytes[done..<svgStart]
            let height = size(" height=\"")
            let img = "<img src=\"\(absolute(text(urlStart..<q)))\" alt=\"\(desc.replacingOccurrences(of: "\"", with: "&quot;"))\" width=\"\(size(" width=\"") ?? 640)\""
                + (height.map { " height=\"\($0)\"" } ?? "") + ">"
            out += Array(img.utf8)
            done = svgEnd
        }
        out += bytes[done...]
        return String(decoding: out, as: UTF8.self)
    }
}

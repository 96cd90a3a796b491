import Charts
import Foundation
import Markdown

/// Charts in posts: a ```` ```chart ```` fence (CSV) or a table with `{: chart="bar" …}` becomes a
/// `<figure class="chart">` holding the inline SVG and the data table (collapsed by default). Each
/// chart's standalone SVG is written to `charts/<fingerprint>.svg` for feeds, which show it with `<img>`.
enum ChartBlocks {
    /// The standalone SVG files a document's charts need, collected while it renders (hooks are `@Sendable`).
    final class Collector: @unchecked Sendable {
        /// What the collapsed data table under a chart is called, in the page's language.
        let dataLabel: String
        /// What the collapsed source under a diagram is called.
        let sourceLabel: String
        init(dataLabel: String = "Data", sourceLabel: String = "Source") { self.dataLabel = dataLabel; self.sourceLabel = sourceLabel }
        private let lock = NSLock()
        private var items: [String: String] = [:]
        func add(_ path: String, _ svg: String) { lock.lock(); items[path] = svg; lock.unlock() }
        var files: [String: String] { lock.lock(); defer { lock.unlock() }; return items }
    }

    static let figureStart = "<figure class=\"chart\" data-chart=\""

    /// A chart fence: CSV in the block, options in the info string (`chart type="line" unit="ms"`).
    static func fence(_ block: CodeBlock, file: String, lineOffset: Int, collector: Collector, sink: DiagnosticSink) -> String? {
        guard block.language == "chart" else { return nil }
        let line = block.line + lineOffset
        // The info string's key=value pairs in the order written, each at the fence line.
        let attributes = block.attributes.keys.sorted().filter { !["linenos"].contains($0) }.map {
            ChartAttribute($0, block.attributes[$0] ?? "", line: line, column: 4 + (block.info.range(of: $0).map { block.info.distance(from: block.info.startIndex, to: $0.lowerBound) } ?? 0))
        }
        do {
            let spec = try ChartSpec(attributes: attributes)
            let table = try ChartTable.csv(block.code, firstLine: line + 1)
            return try figure(table, spec, tableHTML: htmlTable(table), collector: collector)
        } catch {
            report(error, file: file, sink: sink)
            return MarkdownRenderer.plainCodeBlock(block)
        }
    }

    /// A Markdown table whose attribute list has `chart=`.
    static func table(_ block: TableBlock, body: String, file: String, lineOffset: Int, collector: Collector, sink: DiagnosticSink) -> String? {
        let line = block.line + lineOffset
        // Columns are read off the source lines, so an error points at the cell or attribute itself.
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        func source(_ bodyLine: Int) -> Substring { bodyLine >= 1 && bodyLine <= lines.count ? lines[bodyLine - 1] : "" }
        let ialLine = source(block.line + 2 + block.rows.count)
        let attributes = block.attributes.map { a in
            ChartAttribute(a.name, a.value, line: line + 2 + block.rows.count, column: column(of: a.name + "=", in: ialLine))
        }
        func cells(_ texts: [String], bodyLine: Int) -> [ChartCell] {
            let columns = cellColumns(source(bodyLine))
            return texts.enumerated().map { k, t in ChartCell(t, line: bodyLine + lineOffset, column: k < columns.count ? columns[k] : 1) }
        }
        let header = cells(block.header, bodyLine: block.line)
        let rows = block.rows.enumerated().map { i, row in cells(row, bodyLine: block.line + 2 + i) }
        do {
            let spec = try ChartSpec(attributes: attributes)
            return try figure(ChartTable(header: header, rows: rows, line: line, column: 1), spec, tableHTML: block.html, collector: collector)
        } catch {
            report(error, file: file, sink: sink)
            return nil
        }
    }

    /// 1-based column of each cell's first character in a table row (`| a | b |` or `a | b`).
    static func cellColumns(_ line: Substring) -> [Int] {
        let chars = Array(line)
        var i = 0
        while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
        if i < chars.count, chars[i] == "|" { i += 1 }
        var out: [Int] = []
        while i < chars.count {
            while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
            guard i < chars.count else { break }
            out.append(i + 1)
            while i < chars.count, chars[i] != "|" { i += chars[i] == "\\" ? 2 : 1 }
            i += 1
        }
        return out
    }

    static func column(of needle: String, in line: Substring) -> Int {
        guard let r = line.range(of: needle) else { return 1 }
        return line.distance(from: line.startIndex, to: r.lowerBound) + 1
    }

    static func figure(_ table: ChartTable, _ spec: ChartSpec, tableHTML: String, collector: Collector) throws(ChartError) -> String {
        let drawn = try Chart.render(table: table, spec: spec)
        let path = "charts/\(drawn.name).svg"
        collector.add(path, drawn.standalone)
        var html = figureStart + "/" + path + "\">\n" + drawn.inline + "\n"
        switch spec.table {
        case .collapsed: html += "<details class=\"chart-data\"><summary>" + escapeHTML(collector.dataLabel) + "</summary>\n" + tableHTML + "</details>\n"
        case .shown: html += tableHTML
        case .hidden: break
        }
        return html + "</figure>\n"
    }

    static func htmlTable(_ table: ChartTable) -> String {
        var html = "<table>\n<thead>\n<tr>\n" + table.header.map { "<th>\(escapeHTML($0.text))</th>\n" }.joined() + "</tr>\n</thead>\n<tbody>\n"
        for row in table.rows {
            html += "<tr>\n" + row.enumerated().map { $0.offset == 0 ? "<td>\(escapeHTML($0.element.text))</td>\n" : "<td align=\"right\">\(escapeHTML($0.element.text))</td>\n" }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    static func report(_ error: ChartError, file: String, sink: DiagnosticSink) {
        sink.add(.error(file, line: error.line, column: error.column, "chart: " + error.message,
                        hint: error.hint ?? "see README, Charts"))
    }

    /// Feed readers drop inline SVG: each chart's `<svg>` becomes an `<img>` of its standalone file.
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
                svg[svg.index(after: gt)...].range(of: "</desc>").map { String(svg[svg.index(after: gt)..<$0.lowerBound]) } } } ?? "Chart"
            out += rest[..<svgStart.lowerBound]
            out += "<img src=\"\(absolute(url))\" alt=\"\(desc.replacingOccurrences(of: "\"", with: "&quot;"))\" width=\"640\">"
            rest = rest[svgEnd.upperBound...]
        }
        return out + rest
    }
}

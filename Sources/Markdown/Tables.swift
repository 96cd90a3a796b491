import CCmark

/// GFM tables. cmark sees a table as a paragraph; we recognise it from the paragraph's source
/// lines (a delimiter row under a header row with as many cells), split rows into cells
/// ourselves, and parse the cells' inline Markdown in one auxiliary cmark document.

enum TableAlignment { case none, left, center, right }

struct TableLayout {
    /// Paragraph lines above the header row (a table may interrupt a paragraph).
    var leading: [ArraySlice<UInt8>]
    var header: [[UInt8]]
    var alignments: [TableAlignment]
    var rows: [[[UInt8]]]
    /// Lines after the table that GFM reads as other blocks but cmark kept in the paragraph
    /// (indented code, an ordered list, a lazy line, a `---` break), re-indented to the paragraph.
    var trailing: [[UInt8]] = []
}

/// Recognises a table in a paragraph's source lines, or in a setext heading's: cmark reads
/// `===` / `---` under table rows as an underline, GFM as a row / a thematic break.
///
/// With `kramdown`, as kramdown reads tables: a pipe inside a code span does not split a cell, a header
/// and delimiter row without body rows is no table, and a paragraph whose every line holds a pipe is a
/// table without a header.
func detectTable(_ node: Node, source: SourceText, kramdown: Bool = false) -> TableLayout? {
    let underline = nodeType(node) == NodeType.heading
    let first = startLine(node), last = endLine(node)
    guard last >= first, first >= 1, last <= source.lineCount else { return nil }
    // Cheap check first: some line after the first must look like a delimiter row (kramdown: or every line has a pipe).
    var candidate = false
    if last > first { for l in (first + 1)...last where mayBeDelimiterRow(source.line(l)) { candidate = true; break } }
    // kramdown: a table of rows alone ends at a blank line or its container's end; a block straight after it
    // (`|x` then `- y`) leaves it a paragraph.
    let interrupted = nextSibling(node).map { startLine($0) == last + 1 } ?? false
    let headerless = kramdown && !underline && !candidate && !interrupted && (first...last).allSatisfy { source.line($0).contains(0x7C) }
    guard candidate || headerless else { return nil }
    let quotes = quoteDepth(node)
    var lines: [ArraySlice<UInt8>] = []
    lines.reserveCapacity(last - first + 1)
    for l in first...last {
        if l == first {
            let line = source.line(l)
            let col = startColumn(node)
            lines.append(trimmed(col >= 1 && col - 1 <= line.count ? line.dropFirst(col - 1) : source.contentLine(l, quotes: quotes)))
        } else {
            lines.append(trimmed(source.contentLine(l, quotes: quotes)))
        }
    }
    // A block IAL on the last line belongs to the table, not to its rows.
    if lines.count > 2, let l = lines.last, l.count >= 3, l.first == 0x7B, l[l.startIndex + 1] == 0x3A, l.last == 0x7D { lines.removeLast() }
    if headerless {
        let rows = lines.map { splitRow($0, codeSpans: true) }
        guard lines.allSatisfy({ hasPipeOutsideCode($0) }), let columns = rows.map(\.count).max(), columns > 0 else { return nil }
        return TableLayout(leading: [], header: [], alignments: Array(repeating: .none, count: columns), rows: rows)
    }
    for k in 1..<(underline ? lines.count - 1 : lines.count) {
        guard let aligns = delimiterRow(lines[k]) else { continue }
        let header = splitRow(lines[k - 1], codeSpans: kramdown)
        // A lone `|` is a row of no cells in GFM, never a header (cmark-gfm regression 19).
        guard header.count == aligns.count, lines[k].contains(0x7C) || lines[k - 1].contains(0x7C),
              !lines[k - 1].elementsEqual(CollectionOfOne(0x7C)) else { continue }
        var stop = lines.count
        var trailing: [[UInt8]] = []
        for j in (k + 1)..<lines.count {
            if let t = blockAfterTable(source, line: first + j, quotes: quotes, column: startColumn(node)) {
                stop = min(stop, j)
                trailing.append(t)
            } else if stop < lines.count {
                trailing.append(Array(lines[j]))
            }
        }
        let rows = lines[(k + 1)..<stop].map { splitRow($0, codeSpans: kramdown) }
        if kramdown && rows.isEmpty { return nil }   // kramdown: "table without body", left as a paragraph
        return TableLayout(leading: Array(lines[0..<(k - 1)]), header: header, alignments: aligns, rows: rows, trailing: trailing)
    }
    return nil
}

/// A line that ends a table in GFM although cmark continued the paragraph with it: indented
/// code (4+ columns past the paragraph), an ordered list item, a lazy line (missing a `>`
/// or left of the paragraph), or a `---` break that cmark took for a setext underline.
/// Returns the line re-indented relative to the paragraph.
private func blockAfterTable(_ source: SourceText, line: Int, quotes: Int, column: Int) -> [UInt8]? {
    let raw = source.line(line)
    var i = raw.startIndex, col = 1, q = 0
    while i < raw.endIndex {
        let b = raw[i]
        if b == 0x20 { col += 1 } else if b == 0x09 { col += 4 - (col - 1) % 4 } else if b == 0x3E && q < quotes { q += 1; col += 1 } else { break }
        i += 1
    }
    let rest = raw[i...]
    let lazy = q < quotes || col < column
    let indent = col - column
    var digits = rest.startIndex
    while digits < rest.endIndex, digits - rest.startIndex < 9, rest[digits] >= 0x30 && rest[digits] <= 0x39 { digits += 1 }
    let ordered = digits > rest.startIndex && digits < rest.endIndex && (rest[digits] == 0x2E || rest[digits] == 0x29)
        && (digits + 1 == rest.endIndex || rest[digits + 1] == 0x20 || rest[digits + 1] == 0x09)
    let dashes = !rest.isEmpty && rest.allSatisfy { $0 == 0x2D || $0 == 0x20 || $0 == 0x09 } && rest.filter { $0 == 0x2D }.count >= 3
    guard lazy || indent >= 4 || ordered || dashes else { return nil }
    return [UInt8](repeating: 0x20, count: max(indent, 0)) + Array(rest)
}

/// Only `|`, `:`, `-` and blanks after container markers, with at least one `-`.
@inline(__always) private func mayBeDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
    var dash = false
    for b in line {
        switch b {
        case 0x2D: dash = true
        case 0x7C, 0x3A, 0x20, 0x09, 0x3E, 0x0D: break
        default: return false
        }
    }
    return dash
}

/// `| :--- | :-: | --: |` → alignments, or nil when the line is not a delimiter row.
func delimiterRow(_ line: ArraySlice<UInt8>) -> [TableAlignment]? {
    guard let f = line.first, f == 0x7C || f == 0x3A || f == 0x2D else { return nil }
    guard line.allSatisfy({ $0 == 0x7C || $0 == 0x3A || $0 == 0x2D || $0 == 0x20 || $0 == 0x09 }) else { return nil }
    var l = line
    if l.first == 0x7C { l = l.dropFirst() }
    if l.last == 0x7C { l = l.dropLast() }
    var aligns: [TableAlignment] = []
    for cell in l.split(separator: 0x7C, omittingEmptySubsequences: false) {
        let c = trimmed(cell)
        guard c.contains(0x2D) else { return nil }
        let left = c.first == 0x3A, right = c.last == 0x3A
        let dashes = c.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
        guard !dashes.isEmpty, dashes.allSatisfy({ $0 == 0x2D }) else { return nil }
        aligns.append(left && right ? .center : left ? .left : right ? .right : .none)
    }
    return aligns.isEmpty ? nil : aligns
}

private let tableMarker: StaticString = "<!--galley-table-->"
private let cellMarker: StaticString = "<!--galley-cell-->"
private let leadMarker: StaticString = "<!--galley-lead-->"
private let trailMarker: StaticString = "<!--galley-trail-->"

/// A table found before rendering, with its cells parsed in the shared auxiliary document.
struct PreparedTable {
    var layout: TableLayout
    var lead: [Node] = []
    var trail: [Node] = []
    var cells: [Node?] = []
    var guarded: [Bool] = []
    /// Cells with no inline syntax at all, written as text without a parse (most cells in practice).
    var plain: [[UInt8]?] = []
    /// The cell index of each cell sent to the auxiliary document, in order.
    var parsed: [Int] = []
}

extension HTMLRenderer {
    /// Finds every table among `paragraphs` (and setext headings) and parses all their cells in one auxiliary cmark
    /// document (with the page's link definitions), kept alive until rendering ends.
    mutating func prepareTables(_ paragraphs: [Node]) {
        var found: [(Node, PreparedTable)] = []
        var needsParse = false
        // The cells' text; the page's reference definitions go in front only when some cell is parsed
        // (finding them scans the whole page, and most pages have no table).
        var text: [UInt8] = []
        let tableLine = Array("\(tableMarker)\n\n\(leadMarker)\n".utf8)
        let cellLine = Array("\(cellMarker)\n".utf8)
        for p in paragraphs {
            guard let layout = detectTable(p, source: ctx.source, kramdown: ctx.options.kramdown) else { continue }
            var table = PreparedTable(layout: layout)
            text.append(contentsOf: tableLine)
            for (k, l) in layout.leading.enumerated() {
                if k > 0 { text.append(0x0A) }
                text.append(contentsOf: l)
            }
            text.append(contentsOf: [0x0A, 0x0A])
            func addCell(_ c: [UInt8]) {
                if !ctx.parsesEveryTableCell && isPlainCell(c) {
                    table.plain.append(c)
                    table.guarded.append(false)
                    return
                }
                needsParse = true
                table.plain.append(nil)
                table.parsed.append(table.guarded.count)
                text.append(contentsOf: cellLine)
                let guardNeeded = cellNeedsGuard(c)
                if guardNeeded { text.append(contentsOf: [0xE2, 0x80, 0x8B]) } // U+200B keeps block syntax out
                table.guarded.append(guardNeeded)
                text.append(contentsOf: c)
                text.append(contentsOf: [0x0A, 0x0A])
            }
            let columns = layout.alignments.count
            for c in layout.header { addCell(c) }
            for row in layout.rows {
                for k in 0..<columns { addCell(k < row.count ? row[k] : []) }
            }
            if !layout.leading.isEmpty || !layout.trailing.isEmpty { needsParse = true }
            if !layout.trailing.isEmpty {
                text.append(contentsOf: Array("\(trailMarker)\n\n".utf8))
                for l in layout.trailing {
                    text.append(contentsOf: l)
                    text.append(0x0A)
                }
                text.append(0x0A)
            }
            table.cells = [Node?](repeating: nil, count: table.guarded.count)
            found.append((p, table))
        }
        guard !found.isEmpty else { return }
        guard needsParse else {
            for (p, table) in found { tables[p] = table }
            return
        }
        let aux = parseDocument(ctx.referenceDefinitions + [0x0A, 0x0A] + text, options: ctx.parseOptions)
        var t = -1
        var section = -2
        var child = firstChild(aux)
        while let c = child {
            child = nextSibling(c)
            if nodeType(c) == NodeType.htmlBlock {
                let lit = literalBytes(c)
                if startsWith(lit, cellMarker) { section += 1; continue }
                if startsWith(lit, leadMarker) { section = -1; continue }
                if startsWith(lit, trailMarker) { section = -3; continue }
                if startsWith(lit, tableMarker) { t += 1; section = -2; continue }
            }
            guard t >= 0 && t < found.count else { continue }
            if section == -1 {
                found[t].1.lead.append(c)
            } else if section == -3 {
                found[t].1.trail.append(c)
            } else if section >= 0, section < found[t].1.parsed.count, nodeType(c) == NodeType.paragraph {
                let cell = found[t].1.parsed[section]
                if found[t].1.cells[cell] == nil { found[t].1.cells[cell] = c }
            }
        }
        for (p, table) in found { tables[p] = table }
    }

    mutating func renderTable(_ table: PreparedTable, node: Node) {
        auxiliaryLine = startLine(node)
        defer { auxiliaryLine = nil }
        for n in table.lead { render(n) }
        out.cr()
        var attrs = blockAttrs.isEmpty ? nil : blockAttrs.removeValue(forKey: node)
        var hooked: [HTMLAttribute]? = nil
        if ctx.tableRenderer != nil, let a = attrs, a.pairs.contains(where: { MarkdownRenderer.tableHookKeys.contains($0.0) }) {
            hooked = a.pairs.map { HTMLAttribute(name: $0.0, value: $0.1) }
            attrs?.pairs = []
        }
        let start = out.count
        out.append("<table")
        attrs?.write(to: &out)
        out.append(">\n")
        let columns = table.layout.alignments.count
        var index = 0
        if !table.layout.header.isEmpty {   // kramdown's tables may have none
            out.append("<thead>\n<tr>\n")
            for k in 0..<columns {
                writeCell("th", table.layout.alignments[k], table, index)
                index += 1
            }
            out.append("</tr>\n</thead>\n")
        }
        if !table.layout.rows.isEmpty {
            out.append("<tbody>\n")
            for _ in table.layout.rows {
                out.append("<tr>\n")
                for k in 0..<columns {
                    writeCell("td", table.layout.alignments[k], table, index)
                    index += 1
                }
                out.append("</tr>\n")
            }
            out.append("</tbody>\n")
        }
        out.append("</table>\n")
        if let hooked, let hook = ctx.tableRenderer {
            func text(_ c: [UInt8]) -> String {
                var a = c.startIndex, b = c.endIndex
                while a < b, isSpaceByte(c[a]) { a += 1 }
                while b > a, isSpaceByte(c[b - 1]) { b -= 1 }
                return String(decoding: c[a..<b], as: UTF8.self)
            }
            let block = TableBlock(header: table.layout.header.map(text), rows: table.layout.rows.map { row in row.map(text) },
                                   line: startLine(node), attributes: hooked, html: String(decoding: out[start...], as: UTF8.self))
            if let replacement = hook(block) {
                out.removeSubrange(start...)
                out.append(contentsOf: Array(replacement.utf8))
            }
        }
        for n in table.trail { render(n) }
    }

    private mutating func writeCell(_ tag: StaticString, _ align: TableAlignment, _ table: PreparedTable, _ index: Int) {
        out.append(0x3C)
        out.append(tag)
        let kramdown = ctx.options.kramdown   // kramdown: `style="text-align: …"`, and a space in an empty cell
        switch align {
        case .none: break
        case .left: out.append(kramdown ? " style=\"text-align: left\"" : " align=\"left\"")
        case .center: out.append(kramdown ? " style=\"text-align: center\"" : " align=\"center\"")
        case .right: out.append(kramdown ? " style=\"text-align: right\"" : " align=\"right\"")
        }
        out.append(0x3E)
        let contentStart = out.count
        if let text = table.plain[index] {
            appendEscaped(&out, text)
            text.withUnsafeBufferPointer { countWords($0) }
        } else if let p = table.cells[index] {
            if table.guarded[index], let f = firstChild(p), nodeType(f) == NodeType.text, startsWith(literalBytes(f), "\u{200B}") { runSkip[f] = 3 }
            render(p, inner: true)
        }
        if kramdown && out.count == contentStart { out.append(0x20) }
        out.append("</")
        out.append(tag)
        out.append(">\n")
        inWord = false
    }
}

/// Does the cell hold only bytes without any inline meaning (no emphasis, code, links, escapes,
/// entities, smart punctuation, autolinks or strikethrough), so its HTML is the text itself?
/// A `.` between two digits (`944.5`) has none either: an ellipsis needs `..`, a `www.` link a `w`
/// before it, and an e-mail link an `@` (so a cell with a dot must have none). Decimal numbers are
/// most cells of a table of figures, and one of them sent its whole table through a second cmark parse
/// (115 M instructions in the 1000-post benchmark build).
func isPlainCell(_ c: [UInt8]) -> Bool {
    var dots = false
    for b in c {
        switch b {
        case 0x2E: dots = true
        case 0x00...0x1F, 0x21, 0x22, 0x26, 0x27, 0x2A, 0x2D, 0x3A, 0x3C, 0x3E, 0x5B...0x60, 0x7E: return false
        default: continue
        }
    }
    guard dots else { return true }
    @inline(__always) func digit(_ k: Int) -> Bool { k >= 0 && k < c.count && c[k] >= 0x30 && c[k] <= 0x39 }
    for k in c.indices where c[k] == 0x2E {
        guard digit(k - 1), digit(k + 1) else { return false }
    }
    return !c.contains(0x40)
}

/// Would this cell, alone on a line, start a block (heading, list, quote, fence, HTML, definition)?
private func cellNeedsGuard(_ c: [UInt8]) -> Bool {
    guard let f = c.first else { return false }
    switch f {
    case 0x23, 0x3E, 0x3C, 0x5B, 0x2D, 0x2B, 0x7E, 0x60, 0x3D, 0x30...0x39: return true
    case 0x2A, 0x5F:
        return c.count == 1 || c[1] == 0x20 || c[1] == 0x09 || c.allSatisfy({ $0 == f || $0 == 0x20 })
    default: return false
    }
}

/// Lines that may define link references (`[x]: /url`), with a following title line. `prefilter: false`
/// slices and tests every line (the tests' oracle for the byte prefilter).
func collectReferenceDefinitions(_ source: SourceText, prefilter: Bool = true) -> [UInt8] {
    var out: [UInt8] = []
    var l = 1
    let bytes = source.bytes, starts = source.lineStarts
    while l <= source.lineCount {
        // Only a line whose first byte after blanks and `>` is `[` can define one: the rest are passed on
        // their bytes, without a slice of each line (retained and released: most of this scan's time).
        var k = starts[l - 1]
        while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x3E || bytes[k] == 0x09 { k += 1 }
        guard !prefilter || k < bytes.count && bytes[k] == 0x5B else { l += 1; continue }
        var line = source.line(l)
        while let f = line.first, f == 0x20 || f == 0x3E || f == 0x09 { line = line.dropFirst() }
        if line.first == 0x5B, line.count > 3, line.firstIndex(of: 0x5D).map({ $0 + 1 < line.endIndex && line[$0 + 1] == 0x3A }) == true {
            out.append(contentsOf: line)
            out.append(0x0A)
            if l < source.lineCount {
                let next = trimmed(source.contentLine(l + 1, quotes: 8))
                if let f = next.first, f == 0x22 || f == 0x27 || f == 0x28 || next.isEmpty == false && line.count < 6 {
                    out.append(contentsOf: next)
                    out.append(0x0A)
                }
            }
            out.append(0x0A)
        }
        l += 1
    }
    return out
}

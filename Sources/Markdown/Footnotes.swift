#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// GFM footnotes. cmark would read `[^1]: https://x` as a link reference definition, so
/// definitions are cut out of the text before parsing and appended after a marker; references
/// are found in text runs. As on GitHub, a definition may sit in a block quote or list item:
/// its lines are dropped (a list item keeps its bare marker, as GitHub leaves an empty item),
/// and a line map keeps diagnostics on the author's line numbers.

struct FootnoteDefinition {
    var label: String
    /// Line of `[^label]:` in the Markdown body.
    var line: Int
}

/// The text cmark parses plus where footnote definitions went.
struct FootnoteSource {
    static let sectionMarker: StaticString = "<!--galley-footnotes-->"
    static let definitionMarker: StaticString = "<!--galley-fn:"
    /// Stands in for a definition that was a list item's only content, so the item stays (empty).
    static let itemPlaceholder: StaticString = "<!--galley-fn-item-->"

    var text: [UInt8]
    var definitions: [FootnoteDefinition] = []
    var labels: [String: Int] = [:]
    /// Body line of each parsed line (empty when no line was dropped or added).
    var lineMap: [Int] = []
    var duplicates: [FootnoteDefinition] = []

    var hasDefinitions: Bool { !definitions.isEmpty }
    func isDefined(_ label: String) -> Bool { labels[label] != nil }

    func bodyLine(_ line: Int) -> Int {
        line >= 1 && line <= lineMap.count ? lineMap[line - 1] : line
    }

    func isSectionMarker(_ lit: UnsafeBufferPointer<UInt8>) -> Bool {
        startsWith(lit, FootnoteSource.sectionMarker)
    }

    /// The definition index a `<!--galley-fn:N-->` block introduces.
    func definitionIndex(_ lit: UnsafeBufferPointer<UInt8>) -> Int? {
        guard startsWith(lit, FootnoteSource.definitionMarker) else { return nil }
        var n = 0
        var i = FootnoteSource.definitionMarker.utf8CodeUnitCount
        while i < lit.count, lit[i] >= 0x30 && lit[i] <= 0x39 { n = n * 10 + Int(lit[i] - 0x30); i += 1 }
        return n
    }

    /// Moves `[^label]: …` definitions (outside fenced code) to the end of the text.
    static func prepare(_ bytes: [UInt8], enabled: Bool) -> FootnoteSource {
        var result = FootnoteSource(text: bytes)
        guard enabled, bytes.withUnsafeBufferPointer({ containsBytes($0, "[^") }) else { return result }
        let ranges = lineRanges(bytes)
        /// Cut definitions in line order: lines `first..<end`, the first keeping its container
        /// markers (`kept`), plus the placeholder when a list item held the definition.
        var cuts: [(first: Int, end: Int, kept: Range<Int>, placeholder: Bool)] = []
        var bodies: [[ArraySlice<UInt8>]] = []
        var bodyLineNumbers: [[Int]] = []
        var fence: (UInt8, Int, Int)? = nil // fence character, length, quote depth
        var i = 0
        while i < ranges.count {
            let line = bytes[ranges[i]]
            // Cheap filter: only lines starting (after up to 3 spaces) with ` ~ [ > - * + or a digit matter.
            var k = line.startIndex
            while k < line.endIndex, k - line.startIndex < 4, line[k] == 0x20 { k += 1 }
            let firstByte: UInt8 = k < line.endIndex ? line[k] : 0
            if let f = fence {
                let (q, content) = stripQuotes(line, max: f.2)
                if q < f.2 || closesFence(content, (f.0, f.1)) { fence = nil }
                i += 1
                continue
            }
            switch firstByte {
            case 0x60, 0x7E, 0x5B, 0x3E: break
            case 0x2D, 0x2A, 0x2B, 0x30...0x39:
                // A list item matters only when `[^` follows its marker closely.
                let head = line[k..<min(line.endIndex, k + 16)]
                guard let b = head.firstIndex(of: 0x5B), b + 1 < line.endIndex, line[b + 1] == 0x5E else { i += 1; continue }
            default: i += 1; continue
            }
            let (quotes, content) = stripQuotes(line, max: Int.max)
            if let f = opensFence(content) {
                fence = (f.0, f.1, quotes)
                i += 1
                continue
            }
            let marker = listMarkerEnd(content)
            guard let (label, rest) = definitionStart(content[(marker ?? content.startIndex)...]) else { i += 1; continue }
            var body: [ArraySlice<UInt8>] = [trimmed(rest)]
            var numbers = [i + 1]
            var j = i + 1
            var lastBlank = false
            while j < ranges.count {
                let (q, l) = stripQuotes(bytes[ranges[j]], max: quotes)
                let blank = trimmed(l).isEmpty
                if q < quotes {
                    // Lazy continuation of the definition's paragraph only.
                    guard !lastBlank, !blank, !startsBlock(l) else { break }
                    body.append(l); numbers.append(j + 1); j += 1
                } else if blank {
                    body.append([]); numbers.append(j + 1); lastBlank = true; j += 1
                } else if indentation(l) >= 4 {
                    body.append(dedent(l, 4)); numbers.append(j + 1); lastBlank = false; j += 1
                } else if !lastBlank && definitionStart(l) == nil && !startsBlock(l) {
                    body.append(l); numbers.append(j + 1); j += 1
                } else {
                    break
                }
            }
            while body.count > 1, trimmed(body[body.count - 1]).isEmpty { body.removeLast(); numbers.removeLast(); j -= 1 }
            let start = ranges[i].lowerBound
            cuts.append((i, j, start..<(marker ?? content.startIndex), marker != nil))
            let def = FootnoteDefinition(label: label, line: i + 1)
            if result.labels[label] == nil {
                result.labels[label] = result.definitions.count
                result.definitions.append(def)
                bodies.append(body)
                bodyLineNumbers.append(numbers)
            } else {
                result.duplicates.append(def)
            }
            i = j
        }
        guard !cuts.isEmpty else { return result }
        // The kept lines, then the definitions after a marker; `lineMap` remembers where each came from.
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + 256)
        var map: [Int] = []
        map.reserveCapacity(ranges.count + 16)
        func add(_ l: ArraySlice<UInt8>, _ origin: Int) {
            if !map.isEmpty { text.append(0x0A) }
            text.append(contentsOf: l)
            map.append(origin)
        }
        /// Copies lines `from..<to` unchanged, in one piece.
        func copy(_ from: Int, _ to: Int) {
            guard from < to else { return }
            if !map.isEmpty { text.append(0x0A) }
            text.append(contentsOf: bytes[ranges[from].lowerBound..<ranges[to - 1].upperBound])
            map.append(contentsOf: (from + 1)...to)
        }
        var next = 0
        for cut in cuts {
            copy(next, cut.first)
            if !cut.kept.isEmpty {
                var marker = bytes[cut.kept]
                while let l = marker.last, l == 0x20 || l == 0x09 { marker = marker.dropLast() }
                add(cut.placeholder ? marker + Array(" \(itemPlaceholder)".utf8) : marker, cut.first + 1)
            }
            next = cut.end
        }
        copy(next, ranges.count)
        if map.isEmpty { add([], 1) }
        let lastLine = max(ranges.count, 1)
        if let (c, n, _) = fence { add([UInt8](repeating: c, count: n)[...], lastLine) } // close a fence left open at the end
        add([], lastLine)
        add(Array("\(sectionMarker)".utf8)[...], lastLine)
        add([], lastLine)
        for (d, body) in bodies.enumerated() {
            add(Array("\(definitionMarker)\(d)-->".utf8)[...], result.definitions[d].line)
            for (k, l) in body.enumerated() { add(l, bodyLineNumbers[d][k]) }
            add([], result.definitions[d].line)
        }
        text.append(0x0A)
        result.lineMap = map
        result.text = text
        return result
    }
}

func startsWith(_ lit: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
    let n = prefix.utf8CodeUnitCount
    guard lit.count >= n, let base = lit.baseAddress else { return false }
    return memcmp(base, prefix.utf8Start, n) == 0
}

/// Numbering of footnotes in order of first reference.
struct FootnoteState {
    var order: [String] = []
    var numbers: [String: Int] = [:]
    var referenceCounts: [String: Int] = [:]
}

extension HTMLRenderer {
    mutating func writeFootnoteReference(_ label: String) {
        let number: Int
        if let n = footnoteState.numbers[label] {
            number = n
        } else {
            footnoteState.order.append(label)
            number = footnoteState.order.count
            footnoteState.numbers[label] = number
        }
        let count = footnoteState.referenceCounts[label, default: 0] + 1
        footnoteState.referenceCounts[label] = count
        out.append("<sup class=\"footnote-ref\"><a href=\"#fn-")
        appendEscapedHref(&out, Array(label.utf8))
        out.append("\" id=\"fnref-")
        appendEscaped(&out, label)
        if count > 1 { out.appendString("-\(count)") }
        out.append("\" data-footnote-ref>")
        out.appendString(String(number))
        out.append("</a></sup>")
        headingCapture?.append(contentsOf: Array(String(number).utf8))
    }

    /// Renders the referenced definitions (appended after the marker) as GitHub does, and warns
    /// about definitions nobody refers to.
    mutating func renderFootnotes(_ document: Node) {
        let source = ctx.footnotes
        var bodies = [[Node]](repeating: [], count: source.definitions.count)
        var current: Int? = nil
        var seenMarker = false
        var child = footnoteSection ?? firstChild(document)
        while let c = child {
            child = nextSibling(c)
            if nodeType(c) == NodeType.htmlBlock {
                let lit = literalBytes(c)
                if !seenMarker { seenMarker = source.isSectionMarker(lit); continue }
                if let d = source.definitionIndex(lit), d < bodies.count { current = d; continue }
            }
            if seenMarker, let d = current { bodies[d].append(c) }
        }
        for dup in source.duplicates {
            diagnostics.append(MarkdownDiagnostic(severity: .warning, line: dup.line, column: 1,
                                                  message: "footnote [^\(dup.label)] is defined more than once; the first definition is used"))
        }
        if !footnoteState.order.isEmpty {
            out.cr()
            out.append("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
            var k = 0
            while k < footnoteState.order.count {
                let label = footnoteState.order[k]
                k += 1
                guard let d = source.labels[label] else { continue }
                out.append("<li id=\"fn-")
                appendEscaped(&out, label)
                out.append("\">\n")
                for node in bodies[d] { render(node) }
                let backrefs = backReferences(label, number: k)
                let closeP: [UInt8] = Array("</p>\n".utf8)
                if let lastNode = bodies[d].last, nodeType(lastNode) == NodeType.paragraph, out.count >= 5, Array(out.suffix(5)) == closeP {
                    out.removeLast(5)
                    out.append(0x20)
                    out.append(contentsOf: backrefs)
                    out.append("</p>\n")
                } else {
                    out.cr()
                    out.append(contentsOf: backrefs)
                    out.append(0x0A)
                }
                out.append("</li>\n")
            }
            out.append("</ol>\n</section>\n")
        }
        for def in source.definitions where footnoteState.numbers[def.label] == nil {
            diagnostics.append(MarkdownDiagnostic(severity: .warning, line: def.line, column: 1,
                                                  message: "footnote [^\(def.label)] is defined but never referenced"))
        }
    }

    private func backReferences(_ label: String, number: Int) -> [UInt8] {
        var out: [UInt8] = []
        let count = footnoteState.referenceCounts[label, default: 1]
        for r in 1...max(count, 1) {
            let suffix = r == 1 ? "" : "-\(r)"
            if r > 1 { out.append(0x20) }
            out.append("<a href=\"#fnref-")
            appendEscapedHref(&out, Array(label.utf8))
            out.appendString(suffix)
            out.append("\" class=\"footnote-backref\" data-footnote-backref data-footnote-backref-idx=\"")
            out.appendString("\(number)\(suffix)\" aria-label=\"Back to reference \(number)\(suffix)\">↩")
            if r > 1 { out.appendString("<sup class=\"footnote-ref\">\(r)</sup>") }
            out.append("</a>")
        }
        return out
    }
}

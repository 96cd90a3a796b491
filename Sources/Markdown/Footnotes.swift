#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// GFM footnotes. cmark would read `[^1]: https://x` as a link reference definition, so
/// definitions are cut out of the text before parsing (replaced by blank lines, keeping line
/// numbers) and appended after a marker; references are found in text runs.

struct FootnoteDefinition {
    var label: String
    /// Line of `[^label]:` in the Markdown body.
    var line: Int
}

/// The text cmark parses plus where footnote definitions went.
struct FootnoteSource {
    static let sectionMarker: StaticString = "<!--galley-footnotes-->"
    static let definitionMarker: StaticString = "<!--galley-fn:"

    var text: [UInt8]
    var definitions: [FootnoteDefinition] = []
    var labels: [String: Int] = [:]
    /// First parsed line that belongs to the appended definitions, and each appended line's body line.
    var appendedFrom = Int.max
    var appendedLines: [Int] = []
    var duplicates: [FootnoteDefinition] = []

    var hasDefinitions: Bool { !definitions.isEmpty }
    func isDefined(_ label: String) -> Bool { labels[label] != nil }

    func bodyLine(_ line: Int) -> Int {
        guard line >= appendedFrom else { return line }
        let k = line - appendedFrom
        return k < appendedLines.count ? appendedLines[k] : line
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

    /// Moves top-level `[^label]: …` definitions (outside fenced code) to the end of the text.
    static func prepare(_ bytes: [UInt8], enabled: Bool) -> FootnoteSource {
        var result = FootnoteSource(text: bytes)
        guard enabled, bytes.withUnsafeBufferPointer({ containsBytes($0, "[^") }) else { return result }
        // Line ranges (without the newline), found with memchr.
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buf in
            guard let base = buf.baseAddress else { ranges.append(0..<0); return }
            var from = 0
            while from <= buf.count {
                if from < buf.count, let hit = memchr(base + from, 0x0A, buf.count - from) {
                    let nl = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                    ranges.append(from..<nl)
                    from = nl + 1
                } else {
                    ranges.append(from..<buf.count)
                    break
                }
            }
        }
        var removed: [Range<Int>] = [] // line indices whose content moves to the end
        var bodies: [[ArraySlice<UInt8>]] = []
        var bodyLineNumbers: [[Int]] = []
        var fence: (UInt8, Int)? = nil
        var i = 0
        while i < ranges.count {
            let r = ranges[i]
            // Cheap filter: only lines starting (after up to 3 spaces) with ` ~ [ matter here.
            var k = r.lowerBound
            while k < r.upperBound, k - r.lowerBound < 4, bytes[k] == 0x20 { k += 1 }
            let firstByte: UInt8 = k < r.upperBound ? bytes[k] : 0
            if let f = fence {
                if firstByte == f.0 && closesFence(bytes[r], f) { fence = nil }
                i += 1
                continue
            }
            guard firstByte == 0x60 || firstByte == 0x7E || firstByte == 0x5B else { i += 1; continue }
            let line = bytes[r]
            if let f = opensFence(line) {
                fence = f
                i += 1
                continue
            }
            guard let (label, rest) = definitionStart(line) else { i += 1; continue }
            var body: [ArraySlice<UInt8>] = [trimmed(rest)]
            var numbers = [i + 1]
            var j = i + 1
            var lastBlank = false
            while j < ranges.count {
                let l = bytes[ranges[j]]
                if trimmed(l).isEmpty {
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
            removed.append(i..<j)
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
        guard !result.definitions.isEmpty || !result.duplicates.isEmpty else { return result }
        // The text with the definitions' lines left empty (line numbers stay the same).
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + 256)
        var copyFrom = 0
        for lines in removed {
            text.append(contentsOf: bytes[copyFrom..<ranges[lines.lowerBound].lowerBound])
            text.append(contentsOf: [UInt8](repeating: 0x0A, count: lines.count - 1))
            copyFrom = ranges[lines.upperBound - 1].upperBound
        }
        text.append(contentsOf: bytes[copyFrom...])
        let keptCount = ranges.count
        var lineNo = keptCount
        var mapped: [Int] = []
        func add(_ l: [UInt8], _ origin: Int) {
            text.append(0x0A)
            text.append(contentsOf: l)
            lineNo += 1
            mapped.append(origin)
        }
        let lastLine = max(ranges.count, 1)
        if let (c, n) = fence { add([UInt8](repeating: c, count: n), lastLine) } // close a fence left open at the end
        add([], lastLine)
        add(Array("\(sectionMarker)".utf8), lastLine)
        add([], lastLine)
        for (d, body) in bodies.enumerated() {
            add(Array("\(definitionMarker)\(d)-->".utf8), result.definitions[d].line)
            for (k, l) in body.enumerated() { add(Array(l), bodyLineNumbers[d][k]) }
            add([], result.definitions[d].line)
        }
        text.append(0x0A)
        result.appendedFrom = keptCount + 1
        result.appendedLines = mapped
        result.text = text
        return result
    }

    /// `[^label]:` with at most three spaces of indentation; returns the label and the rest of the line.
    static func definitionStart(_ line: ArraySlice<UInt8>) -> (String, ArraySlice<UInt8>)? {
        var l = line
        var spaces = 0
        while let f = l.first, f == 0x20, spaces < 4 { l = l.dropFirst(); spaces += 1 }
        guard spaces < 4, l.count >= 5, l[l.startIndex] == 0x5B, l[l.startIndex + 1] == 0x5E else { return nil }
        var j = l.startIndex + 2
        while j < l.endIndex, l[j] != 0x5D, !isSpaceByte(l[j]), l[j] != 0x5B { j += 1 }
        guard j < l.endIndex - 1, l[j] == 0x5D, l[j + 1] == 0x3A, j > l.startIndex + 2 else { return nil }
        return (String(decoding: l[(l.startIndex + 2)..<j], as: UTF8.self), l[(j + 2)...])
    }

    static func indentation(_ l: ArraySlice<UInt8>) -> Int {
        var n = 0
        for b in l {
            if b == 0x20 { n += 1 } else if b == 0x09 { n += 4 - n % 4 } else { break }
        }
        return n
    }

    static func dedent(_ l: ArraySlice<UInt8>, _ width: Int) -> ArraySlice<UInt8> {
        var l = l
        var n = 0
        while n < width, let f = l.first {
            if f == 0x20 { n += 1 } else if f == 0x09 { n += 4 - n % 4 } else { break }
            l = l.dropFirst()
        }
        return l
    }

    static func startsBlock(_ l: ArraySlice<UInt8>) -> Bool {
        let t = trimmed(l)
        guard let f = t.first else { return true }
        if f == 0x23 || f == 0x3E { return true }
        if opensFence(l) != nil { return true }
        if (f == 0x2D || f == 0x2A || f == 0x2B), t.count == 1 || t[t.startIndex + 1] == 0x20 { return true }
        return false
    }

    static func opensFence(_ line: ArraySlice<UInt8>) -> (UInt8, Int)? {
        guard indentation(line) < 4 else { return nil }
        let t = trimmed(line)
        guard let c = t.first, c == 0x60 || c == 0x7E else { return nil }
        let n = t.prefix(while: { $0 == c }).count
        guard n >= 3 else { return nil }
        if c == 0x60 && t.dropFirst(n).contains(0x60) { return nil }
        return (c, n)
    }

    static func closesFence(_ line: ArraySlice<UInt8>, _ fence: (UInt8, Int)) -> Bool {
        guard indentation(line) < 4 else { return false }
        let t = trimmed(line)
        let n = t.prefix(while: { $0 == fence.0 }).count
        return n >= fence.1 && n == t.count
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

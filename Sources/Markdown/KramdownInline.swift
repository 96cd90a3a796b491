#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Inline corners where kramdown reads text otherwise than CommonMark, evened out in the source before
/// cmark parses it (`MarkdownOptions.kramdown` only; lines keep their numbers):
///
/// - `<code>`, `<kbd>`, `<samp>` and `<var>` hold raw text in kramdown: `` <code>``Name``</code> `` keeps its
///   backticks, `*`/`_` stay, quotes stay straight. Their Markdown punctuation becomes character references,
///   which cmark reads as plain characters. Only an element opened and closed on one line is seen.
/// - An escaped `\_` or `\*` followed by one more (`\__FILE__`) starts emphasis in cmark that kramdown never
///   closes: that one is escaped too, so both print as written.
/// - `$$…$$` inside a paragraph is math: written `\(…\)`, its content as text (kramdown's MathJax output).
/// - A lone backtick between blanks is text in kramdown, not the start of a code span.
/// - kramdown's span extensions: `{::nomarkdown}…{:/}` writes its content as it is, `{::comment}…{:/}` nothing.
/// - A block element's tag amid a paragraph's text (`a <div>b</div>`, `markdownify` output in a
///   sentence) is text in kramdown: its `<` is escaped. Not where a line of the paragraph starts with `<`.
/// - kramdown's link destination ends at the `)` matching its `(`, escaped or not, so
///   `(…_(programming\)#Boxing)` is a link. The backslash of a `\)` closing a nested `(` is dropped: the
///   URL kramdown writes keeps it, and browsers read that `\` as `/` (a broken link); this keeps the author's.
/// - a quote right after `...` or an emphasis opener is decided by kramdown from what follows alone; where it
///   opens and cmark would close it, it is written as `&ldquo;`/`&lsquo;` (see `quoteAfterElement`).
enum KramdownInline {
    static let rawTags: [[UInt8]] = ["code", "kbd", "samp", "var"].map { Array($0.utf8) }

    /// The text with both corners evened out, or nil when it has neither (the common case, found by a scan).
    static func prepare(_ text: String) -> String? {
        var text = text
        guard text.withUTF8({ mayChange($0) }) else { return nil }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var fence: (UInt8, Int)? = nil
        var rawElement: [UInt8]? = nil   // inside <script>/<style>/<pre>/<textarea> lines
        var changed = false
        var htmlInParagraph = false   // a line of this run of lines starts with `<`: CommonMark may be in an HTML block
        for range in FootnoteSource.lineRanges(bytes) {
            let line = bytes[range]
            let t = trimmed(line)
            if t.isEmpty { htmlInParagraph = false } else if t.first == 0x3C { htmlInParagraph = true }
            if let f = fence {
                if let c = FootnoteSource.opensFence(line), c.0 == f.0, c.1 >= f.1, t.allSatisfy({ $0 == f.0 }) { fence = nil }
            } else if let c = FootnoteSource.opensFence(line) {
                fence = c
            } else if let raw = rawElement {
                if containsClose(line, raw) { rawElement = nil }
            } else if let raw = opensRawElement(t), !containsClose(line, raw) {
                rawElement = raw
            } else if !indentedFour(line) {
                let start = out.count
                if let folded = spanIALsAfterTags(line) {
                    fixLine(folded[...], into: &out, blockTags: !htmlInParagraph)
                    changed = true
                } else {
                    fixLine(line, into: &out, blockTags: !htmlInParagraph)
                }
                if !changed, out.count - start != line.count || !out[start...].elementsEqual(line) { changed = true }
                if range.upperBound < bytes.count { out.append(0x0A) }
                continue
            }
            out += line
            if range.upperBound < bytes.count { out.append(0x0A) }
        }
        return changed ? String(decoding: out, as: UTF8.self) : nil
    }

    /// Whether the text holds `<code`, `<kbd`, `<samp`, `<var` (as written), `\)`, `\__`, `\**` or a quote beside `...`: without one of them
    /// `prepare` changes nothing. Two memchr walks over the bytes: this runs on every kramdown document,
    /// and the generic `firstRange(of:)` searches it replaced took most of a Jekyll site's build.
    static func mayChange(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buf.baseAddress else { return false }
        if mayHaveQuoteCorner(buf) { return true }
        let n = buf.count
        var i = 0
        while i < n, let hit = memchr(base + i, 0x5C, n - i) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at + 1 < n, base[at + 1] == 0x29 { return true }
            if at + 2 < n, base[at + 1] == 0x5F || base[at + 1] == 0x2A, base[at + 2] == base[at + 1] { return true }
            i = at + 1
        }
        i = 0
        while i < n, let hit = memchr(base + i, 0x7B, n - i) {   // `{::`
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at + 2 < n, base[at + 1] == 0x3A, base[at + 2] == 0x3A { return true }
            if at > 0, at + 1 < n, base[at - 1] == 0x3E, base[at + 1] == 0x3A { return true }   // `</span>{: .x }`
            i = at + 1
        }
        i = 0
        while i < n, let hit = memchr(base + i, 0x24, n - i) {   // `$$`
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at + 1 < n, base[at + 1] == 0x24 { return true }
            i = at + 1
        }
        i = 0
        while i < n, let hit = memchr(base + i, 0x60, n - i) {   // ` between blanks
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at > 0, base[at - 1] == 0x20 || base[at - 1] == 0x09, at + 1 == n || base[at + 1] == 0x20 || base[at + 1] == 0x09 || base[at + 1] == 0x0A { return true }
            i = at + 1
        }
        i = 0
        while i < n, let hit = memchr(base + i, 0x2E, n - i) {   // `..."` or `"...`
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at + 2 < n, base[at + 1] == 0x2E, base[at + 2] == 0x2E {
                if at + 3 < n, base[at + 3] == 0x22 || base[at + 3] == 0x27 { return true }
                if at > 0, base[at - 1] == 0x22 || base[at - 1] == 0x27 { return true }
                i = at + 3
                continue
            }
            i = at + 1
        }
        i = 0
        for quote in [UInt8(0x22), 0x27] {   // `_"` or `*'` then punctuation or not ASCII
            i = 0
            while i < n, let hit = memchr(base + i, Int32(quote), n - i) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if at > 0, base[at - 1] == 0x5F || base[at - 1] == 0x2A, at + 1 < n, base[at + 1] >= 0x80 || base[at + 1].isASCIIPunctuation {
                    return true
                }
                i = at + 1
            }
        }
        i = 0
        while i < n, let hit = memchr(base + i, 0x3C, n - i) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at > 0, base[at - 1] != 0x0A, blockTagName(UnsafeBufferPointer(start: base + at + 1, count: min(14, n - at - 1))) { return true }
            if at > 0, base[at - 1] != 0x0A {   // ` markdown=` inside a tag amid text
                let tag = UnsafeBufferPointer(start: base + at, count: min(240, n - at))
                let end = tag.firstIndex(of: 0x3E) ?? tag.count
                if tag[..<end].firstRange(of: Array(" markdown=".utf8)) != nil { return true }
            }
            for name in rawTags where at + name.count < n {
                if name.withUnsafeBufferPointer({ memcmp(base + at + 1, $0.baseAddress!, name.count) == 0 }) { return true }
            }
            i = at + 1
        }
        return false
    }

    /// Whether the line's leading blanks reach column 4 (a tab goes to the next multiple of 4), as an
    /// indented code line's do: its text is code, left as written.
    static func indentedFour(_ line: ArraySlice<UInt8>) -> Bool {
        var column = 0
        for c in line {
            if c == 0x20 { column += 1 } else if c == 0x09 { column += 4 - column % 4 } else { return false }
            if column >= 4 { return true }
        }
        return false
    }

    /// Whether `line` holds `</` + `name`, in any case (bytes compared with their 0x20 bit set, as before).
    private static func containsClose(_ line: ArraySlice<UInt8>, _ name: [UInt8]) -> Bool {
        var k = line.startIndex
        while k + 2 + name.count <= line.endIndex {
            if line[k] == 0x3C, line[k + 1] | 0x20 == 0x2F,
               line[(k + 2)..<(k + 2 + name.count)].elementsEqual(name, by: { $0 | 0x20 == $1 | 0x20 }) { return true }
            k += 1
        }
        return false
    }

    /// `script` for a line starting `<script`, and so on for the elements whose content CommonMark keeps raw.
    private static func opensRawElement(_ t: ArraySlice<UInt8>) -> [UInt8]? {
        guard t.first == 0x3C else { return nil }
        for name in ["script", "style", "pre", "textarea"] {
            let n = Array(name.utf8)
            if t.dropFirst().starts(with: n, by: { $0 | 0x20 == $1 }) { return n }
        }
        return nil
    }

    /// One line with code spans skipped, raw elements' content referenced, nested `\)` in destinations fixed.
    static func fixLine(_ line: ArraySlice<UInt8>, into out: inout [UInt8], blockTags: Bool = false) {
        var i = line.startIndex
        let textStart = line.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? line.endIndex
        while i < line.endIndex {
            let b = line[i]
            if b == 0x5C, i + 1 < line.endIndex {   // an escape: both bytes as they are
                out += line[i...(i + 1)]; i += 2
                if unclosedOpenerAfterEscape(line, at: i) { out += [0x5C, line[i]]; i += 1 }
                continue
            }
            if b == 0x60, i > line.startIndex, line[i - 1] == 0x20 || line[i - 1] == 0x09,
               i + 1 == line.endIndex || line[i + 1] == 0x20 || line[i + 1] == 0x09 {
                out += [0x5C, 0x60]; i += 1; continue   // a lone ` between blanks: text in kramdown
            }
            if b == 0x24, i + 1 < line.endIndex, line[i + 1] == 0x24, let end = inlineMathEnd(line, from: i + 2) {
                out += Array(#"\\("#.utf8)
                for c in line[(i + 2)..<end] {
                    if c < 0x80, c != 0x20, !(c >= 0x30 && c <= 0x39), !((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A), c > 0x20 { out.append(0x5C) }
                    out.append(c)
                }
                out += Array(#"\\)"#.utf8)
                i = end + 2; continue
            }
            if b == 0x60 {   // a code span: to its closing run, untouched
                var j = i
                while j < line.endIndex, line[j] == 0x60 { j += 1 }
                let run = j - i
                var k = j, close: Int? = nil
                while k < line.endIndex {
                    if line[k] == 0x60 {
                        var e = k
                        while e < line.endIndex, line[e] == 0x60 { e += 1 }
                        if e - k == run { close = e; break }
                        k = e
                    } else { k += 1 }
                }
                let end = close ?? j
                out += line[i..<end]; i = end; continue
            }
            if b == 0x3C, let (name, contentStart) = rawOpenTag(line, i),
               let closeAt = findClose(line, from: contentStart, name: name) {
                out += line[i..<contentStart]
                for c in line[contentStart..<closeAt] { appendReferenced(&out, c) }
                i = closeAt
                continue
            }
            if b == 0x3C, blockTags, i > textStart, blockTagName(line[(i + 1)...]) {
                // A block tag amid text: text in kramdown, its quotes straight.
                let end = line[i...].firstIndex(of: 0x3E).map { $0 + 1 } ?? i + 1
                out.append(0x5C)
                for c in line[i..<end] {
                    if c == 0x22 { out += Array("&quot;".utf8) } else if c == 0x27 { out += Array("&#39;".utf8) } else { out.append(c) }
                }
                i = end
                continue
            }
            if b == 0x3C, i > textStart, let (end, kept) = withoutMarkdownAttribute(line, i) {
                out += kept   // `<span markdown="1">` amid text: its content is Markdown anyway; the attribute goes
                i = end
                continue
            }
            if b == 0x7B, let (end, raw) = spanExtension(line, i) {
                if let raw { for c in raw { appendReferenced(&out, c) } }   // nomarkdown: as written; comment: nothing
                i = end
                continue
            }
            if let at = quoteAfterElement(line, i) {   // `..."_`, `_"...`: see quoteAfterElement
                out += line[i..<at]
                out += Array((line[at] == 0x22 ? "&ldquo;" : "&lsquo;").utf8)
                i = at + 1
                continue
            }
            if b == 0x5D, i + 1 < line.endIndex, line[i + 1] == 0x28 {
                i = copyDestination(line, from: i, into: &out)
                continue
            }
            if let mark = quoteCorner(line, i) {   // kramdown's own quote rules: see KramdownQuoteRules
                out += mark; i += 1; continue
            }
            out.append(b)
            i += 1
        }
    }

    /// Whether `line[at]` is a lone `_`/`*` right after an escaped one (`\__FILE__`, `\**x**`) that kramdown
    /// leaves as text: its emphasis never closes, as a closing `_` that starts exactly `__` does not count
    /// there. cmark matches it with the first `__` (`_<em>FILE</em>_`), so it is escaped too. kramdown looks
    /// for the closer to the paragraph's end; this looks to the line's.
    static func unclosedOpenerAfterEscape(_ line: ArraySlice<UInt8>, at i: Int) -> Bool {
        guard i < line.endIndex, i > line.startIndex + 1, line[i - 1] == line[i], line[i - 2] == 0x5C,
              line[i] == 0x5F || line[i] == 0x2A else { return false }
        let c = line[i]
        func at(_ k: Int) -> UInt8 { k < line.endIndex ? line[k] : 0x20 }
        guard at(i + 1) != c, at(i + 1) != 0x20, at(i + 1) != 0x09 else { return false }
        var k = i + 2
        while k < line.endIndex {
            guard line[k] == c else { k += 1; continue }
            if at(k + 1) == c && at(k + 2) != c { k += 2; continue }   // `__`: not a closer (a strong inside, or text)
            let before = line[k - 1], after = at(k + 1)
            let alnum = (after | 0x20 >= 0x61 && after | 0x20 <= 0x7A) || (after >= 0x30 && after <= 0x39)
            if before != 0x20 && before != 0x09 && !(c == 0x5F && alnum) { return false }
            k += 1
        }
        return true
    }

    /// kramdown's block-level elements (less `pre`, whose lines this pass leaves alone): their tags amid a
    /// paragraph's text are written as text there ("Found block HTML tag in span-level text").
    static let blockTagNames: Set<[UInt8]> = Set([
        "address", "article", "aside", "applet", "body", "blockquote", "caption", "col", "colgroup", "dd", "div", "dl", "dt",
        "fieldset", "figcaption", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html",
        "head", "iframe", "legend", "menu", "li", "main", "map", "nav", "ol", "optgroup", "p", "section", "summary", "table",
        "tbody", "td", "th", "thead", "tfoot", "tr", "ul",
    ].map { Array($0.utf8) })

    /// Whether `rest` (after a `<`) is a block element's opening or closing tag: `p>`, `div class…`, `/p>`.
    static func blockTagName<C: Collection>(_ rest: C) -> Bool where C.Element == UInt8 {
        var s = rest[...]
        if s.first == 0x2F { s = s.dropFirst() }
        var name: [UInt8] = []
        for c in s {
            if (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || (c >= 0x30 && c <= 0x39) {
                name.append(c | 0x20 == c ? c : c | 0x20)
                if name.count > 10 { return false }
            } else {
                return !name.isEmpty && (c == 0x3E || c == 0x20 || c == 0x2F || c == 0x09) && blockTagNames.contains(name)
            }
        }
        return false
    }

    /// Whether `i` is inside an HTML tag begun earlier on the line (a `<` and a letter with no `>` since).
    static func insideTag(_ line: ArraySlice<UInt8>, _ i: Int) -> Bool {
        var k = i - 1
        while k >= line.startIndex {
            if line[k] == 0x3E { return false }
            if line[k] == 0x3C, k + 1 < line.endIndex, line[k + 1] == 0x2F || (line[k + 1] | 0x20 >= 0x61 && line[k + 1] | 0x20 <= 0x7A) { return true }
            k -= 1
        }
        return false
    }

    /// The opening tag at `i` without its ` markdown="1"` / `"span"` attribute, and where the tag ends; nil
    /// when it has none.
    private static func withoutMarkdownAttribute(_ line: ArraySlice<UInt8>, _ i: Int) -> (Int, [UInt8])? {
        guard let gt = line[i...].firstIndex(of: 0x3E) else { return nil }
        let tag = line[i..<gt]
        for value in ["1", "span"] {
            for q in ["\"", "'"] {
                let attr = Array(" markdown=\(q)\(value)\(q)".utf8)
                if let r = tag.firstRange(of: attr) { return (gt + 1, Array(tag[..<r.lowerBound]) + Array(tag[r.upperBound...]) + [0x3E]) }
            }
        }
        return nil
    }

    /// kramdown's span extensions at `i`: `{::nomarkdown}…{:/}` (its content, raw) or `{::comment}…{:/}`
    /// (nothing), the closing tag also `{:/nomarkdown}` / `{:/comment}`; where it ends.
    private static func spanExtension(_ line: ArraySlice<UInt8>, _ i: Int) -> (Int, ArraySlice<UInt8>?)? {
        for (name, keep) in [("nomarkdown", true), ("comment", false)] {
            let open = Array("{::\(name)}".utf8)
            guard line[i...].starts(with: open) else { continue }
            let from = i + open.count
            for close in [Array("{:/}".utf8), Array("{:/\(name)}".utf8)] {
                if let r = line[from...].firstRange(of: close) { return (r.upperBound, keep ? line[from..<r.lowerBound] : nil) }
            }
        }
        return nil
    }

    /// Where the `$$` closing inline math opened before `from` starts, when its content is not empty.
    private static func inlineMathEnd(_ line: ArraySlice<UInt8>, from: Int) -> Int? {
        var k = from
        while k + 1 < line.endIndex {
            if line[k] == 0x24, line[k + 1] == 0x24 { return k > from ? k : nil }
            k += 1
        }
        return nil
    }

    /// `<code …>` at `i`: the tag's name and where its content starts.
    private static func rawOpenTag(_ line: ArraySlice<UInt8>, _ i: Int) -> ([UInt8], Int)? {
        for name in rawTags {
            let after = i + 1 + name.count
            guard after < line.endIndex, line[(i + 1)..<after].elementsEqual(name, by: { $0 | 0x20 == $1 }),
                  line[after] == 0x3E || line[after] == 0x20 else { continue }
            guard let gt = line[after...].firstIndex(of: 0x3E) else { return nil }
            return (name, gt + 1)
        }
        return nil
    }

    private static func findClose(_ line: ArraySlice<UInt8>, from: Int, name: [UInt8]) -> Int? {
        let needle = Array("</".utf8) + name + [0x3E]
        var k = from
        while k + needle.count <= line.endIndex {
            if line[k] == 0x3C, line[k..<(k + needle.count)].elementsEqual(needle, by: { $0 | 0x20 == $1 | 0x20 }) { return k }
            k += 1
        }
        return nil
    }

    /// Markdown punctuation as a numeric character reference; tags and entities (`<`, `>`, `&`) stay.
    @inline(__always) private static func appendReferenced(_ out: inout [UInt8], _ c: UInt8) {
        switch c {
        case 0x60, 0x2A, 0x5F, 0x5B, 0x5D, 0x5C, 0x7E, 0x22, 0x27, 0x2D, 0x2E, 0x21, 0x3A, 0x40:
            out.append(0x26); out.append(0x23)   // "&#", the decimal code, ";"
            if c >= 100 { out.append(0x30 + c / 100) }
            out.append(0x30 + c / 10 % 10); out.append(0x30 + c % 10); out.append(0x3B)
        default:
            out.append(c)
        }
    }

    /// Copies `](destination…` from `i`, dropping the backslash of a `\)` that closes a nested `(`;
    /// returns where copying stopped.
    private static func copyDestination(_ line: ArraySlice<UInt8>, from i: Int, into out: inout [UInt8]) -> Int {
        out += line[i...(i + 1)]
        var k = i + 2
        var depth = 0
        while k < line.endIndex {
            let c = line[k]
            if c == 0x20 || c == 0x09 || c == 0x3C { break }
            if c == 0x5C, k + 1 < line.endIndex {
                if line[k + 1] == 0x29, depth > 0 { depth -= 1; out.append(0x29) } else { out += line[k...(k + 1)] }
                k += 2
                continue
            }
            if c == 0x28 { depth += 1 } else if c == 0x29 { if depth == 0 { break }; depth -= 1 }
            out.append(c)
            k += 1
        }
        return k
    }
}

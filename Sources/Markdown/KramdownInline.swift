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
        for range in FootnoteSource.lineRanges(bytes) {
            let line = bytes[range]
            let t = trimmed(line)
            if let f = fence {
                if let c = FootnoteSource.opensFence(line), c.0 == f.0, c.1 >= f.1, t.allSatisfy({ $0 == f.0 }) { fence = nil }
            } else if let c = FootnoteSource.opensFence(line) {
                fence = c
            } else if let raw = rawElement {
                if containsClose(line, raw) { rawElement = nil }
            } else if let raw = opensRawElement(t), !containsClose(line, raw) {
                rawElement = raw
            } else if !(line.prefix(4).allSatisfy { $0 == 0x20 } && line.count >= 4) {
                let start = out.count
                fixLine(line, into: &out)
                if !changed, out.count - start != line.count || !out[start...].elementsEqual(line) { changed = true }
                if range.upperBound < bytes.count { out.append(0x0A) }
                continue
            }
            out += line
            if range.upperBound < bytes.count { out.append(0x0A) }
        }
        return changed ? String(decoding: out, as: UTF8.self) : nil
    }

    /// Whether the text holds `<code`, `<kbd`, `<samp`, `<var` (as written), `\)`, or a quote beside `...`: without one of them
    /// `prepare` changes nothing. Two memchr walks over the bytes: this runs on every kramdown document,
    /// and the generic `firstRange(of:)` searches it replaced took most of a Jekyll site's build.
    static func mayChange(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buf.baseAddress else { return false }
        let n = buf.count
        var i = 0
        while i < n, let hit = memchr(base + i, 0x5C, n - i) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at + 1 < n, base[at + 1] == 0x29 { return true }
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
        while i < n, let hit = memchr(base + i, 0x3C, n - i) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            for name in rawTags where at + name.count < n {
                if name.withUnsafeBufferPointer({ memcmp(base + at + 1, $0.baseAddress!, name.count) == 0 }) { return true }
            }
            i = at + 1
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
    static func fixLine(_ line: ArraySlice<UInt8>, into out: inout [UInt8]) {
        var i = line.startIndex
        while i < line.endIndex {
            let b = line[i]
            if b == 0x5C, i + 1 < line.endIndex {   // an escape: both bytes as they are
                out += line[i...(i + 1)]; i += 2; continue
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
            out.append(b)
            i += 1
        }
    }

    /// Whether `i` is inside an HTML tag begun earlier on the line (a `<` and a letter with no `>` since).
    private static func insideTag(_ line: ArraySlice<UInt8>, _ i: Int) -> Bool {
        var k = i - 1
        while k >= line.startIndex {
            if line[k] == 0x3E { return false }
            if line[k] == 0x3C, k + 1 < line.endIndex, line[k + 1] == 0x2F || (line[k + 1] | 0x20 >= 0x61 && line[k + 1] | 0x20 <= 0x7A) { return true }
            k -= 1
        }
        return false
    }

    /// kramdown decides a quote right after one of its elements (the `…` of `...`, an emphasis opener) from
    /// what follows alone, and opens it where cmark's flanking rules close it: `..."` followed by `_`, `*_`…
    /// and a non-blank, or by ASCII punctuation that a word boundary follows (kramdown 2.4: `_f..."_` is
    /// `<em>f…“</em>`); `_"...` / `*"...` at a word start (`<em>“…i”</em>`). The quote at `at` then opens.
    private static func quoteAfterElement(_ line: ArraySlice<UInt8>, _ i: Int) -> Int? {
        let end = line.endIndex
        func isQuote(_ k: Int) -> Bool { k < end && (line[k] == 0x22 || line[k] == 0x27) }
        func isWord(_ k: Int) -> Bool { k < end && (line[k] >= 0x80 || line[k] == 0x5F || (line[k] | 0x20 >= 0x61 && line[k] | 0x20 <= 0x7A) || (line[k] >= 0x30 && line[k] <= 0x39)) }
        func isPunct(_ c: UInt8) -> Bool { (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60) || (c >= 0x7B && c <= 0x7E) }
        let b = line[i]
        guard b == 0x2E || b == 0x5F || b == 0x2A else { return nil }
        if b == 0x2E, i + 3 < end, line[i + 1] == 0x2E, line[i + 2] == 0x2E, isQuote(i + 3), i == line.startIndex || line[i - 1] != 0x2E {
            let q = i + 3, n = q + 1
            guard n < end, isPunct(line[n]) else { return nil }   // elsewhere cmark agrees
            var run = n
            while run < end, run - n < 2, line[run] == 0x5F || line[run] == 0x2A { run += 1 }
            if run > n, run < end, line[run] != 0x20, line[run] != 0x09 { return insideTag(line, i) ? nil : q }        // [_*]{1,2}\S: opens
            let dots = n + 2 < end && line[n + 1] == 0x2E && line[n + 2] == 0x2E
            let boundaryAfter = isWord(n) != isWord(n + 1)
            if !dots && !boundaryAfter { return nil }   // punctuation, no word boundary: closes, as cmark
            return insideTag(line, i) ? nil : q   // attribute values as written
        }
        if b == 0x5F || b == 0x2A, isQuote(i + 1), i + 4 < end, line[i + 2] == 0x2E, line[i + 3] == 0x2E, line[i + 4] == 0x2E,
           i == line.startIndex || line[i - 1] == 0x20 || line[i - 1] == 0x28 {
            return insideTag(line, i) ? nil : i + 1
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

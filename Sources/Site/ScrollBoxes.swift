#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextBytes

/// Boxes that may scroll sideways must be reachable from the keyboard (WCAG 2.1.1; axe's
/// `scrollable-region-focusable`): a code block's `<pre>` gets `tabindex="0"`, a table is wrapped
/// in a focusable, labelled region that scrolls in its place, and a task list's checkbox gets a
/// name. Done on the rendered page HTML, so the Markdown renderer's output stays cmark-gfm's.
/// Byte level, jumping from `<` to `<`: it runs on every page of every build.
enum ScrollBoxes {
    static func apply(_ html: String) -> String {
        var none: [CodeRegions.Region] = []
        return apply(html, code: &none)
    }

    /// `apply`, jumping over the page's highlighted code (`code`, sorted), which holds no tag but `<span>`;
    /// `code` is moved to where its regions are in the result.
    static func apply(_ html: String, code: inout [CodeRegions.Region]) -> String {
        // One pass, no pre-check: a page without any of these tags is given back as it is, uncopied.
        var text = html
        let found = text.withUTF8 { Self.edits(in: $0, skipping: code.map(\.range)) }
        guard !found.isEmpty else { return html }
        if !code.isEmpty {
            var e = 0, delta = 0
            for k in code.indices {
                while e < found.count, found[e].range.upperBound <= code[k].range.lowerBound {
                    delta += found[e].bytes.count - found[e].range.count
                    e += 1
                }
                code[k].range = (code[k].range.lowerBound + delta)..<(code[k].range.upperBound + delta)
            }
        }
        // The page written once, in runs between the edits, into a string of its final size. The runs are slices
        // of the page (every edit starts and ends at an ASCII byte, so at a character boundary): appending them
        // copies without checking the UTF-8 again, which a byte buffer turned into a String had to do.
        let total = found.reduce(text.utf8.count) { $0 + $1.bytes.count - $1.range.count }
        var out = String()
        out.reserveCapacity(total)
        let u = text.utf8   // contiguous UTF-8 after `withUTF8`: offsets to indexes in constant time
        func at(_ k: Int) -> String.Index { u.index(u.startIndex, offsetBy: k) }
        var copied = 0
        for e in found {
            if e.range.lowerBound > copied { out.append(contentsOf: text[at(copied)..<at(e.range.lowerBound)]) }
            out.append(String(decoding: e.bytes, as: UTF8.self))
            copied = e.range.upperBound
        }
        if u.count > copied { out.append(contentsOf: text[at(copied)...]) }
        return out
    }

    /// One rewrite: `range` of the page's bytes becomes `bytes` (an empty range inserts).
    struct Edit {
        var range: Range<Int>
        var bytes: [UInt8]
    }

    /// The rewrites of a page, in order.
    /// `skipping`: sorted ranges with no `<` but that of `<span` and `</span>` (highlighted code).
    static func edits(in b: UnsafeBufferPointer<UInt8>, skipping: [Range<Int>] = []) -> [Edit] {
        var edits: [Edit] = []
        var tables = 0
        let n = b.count
        guard let base = b.baseAddress else { return [] }
        func at(_ k: Int, _ s: StaticString) -> Bool {
            let m = s.utf8CodeUnitCount
            guard k + m <= n else { return false }
            return s.withUTF8Buffer { p in memcmp(base + k, p.baseAddress!, m) == 0 }
        }
        func tag(_ k: Int, _ name: StaticString) -> Bool {
            let m = name.utf8CodeUnitCount
            guard at(k, name), k + m < n else { return false }
            let c = b[k + m]
            return c == 0x20 || c == 0x3E || c == 0x0A || c == 0x09
        }
        func bytes(_ s: StaticString) -> [UInt8] { s.withUTF8Buffer { Array($0) } }
        var i = 0
        var skip = 0
        while i < n {
            guard let p = CodeRegions.nextByte(0x3C, in: base, from: i, end: n, stop: n, skipping: skipping, skip: &skip) else { break }
            i = p
            // Only `<pr`, `<ta`, `<fi`, `</t` and `<in` open a tag rewritten here (a highlighted page's `<span`
            // and `</span>` are passed on their second and third bytes).
            guard i + 2 < n else { break }
            let second = b[i + 1], third = b[i + 2]
            guard (second == 0x70 && third == 0x72) || (second == 0x74 && third == 0x61) || (second == 0x66 && third == 0x69)
                    || (second == 0x2F && third == 0x74) || (second == 0x69 && third == 0x6E) else { i += 1; continue }
            if tag(i, "<pre") {
                var end = i
                while end < n, b[end] != 0x3E { end += 1 }
                let has = ("tabindex" as StaticString).withUTF8Buffer { findBytes(base + i, end - i, $0.baseAddress!, 8) != nil }
                if !has { edits.append(Edit(range: end..<end, bytes: bytes(" tabindex=\"0\""))) }
                i = end
            } else if tag(i, "<table") {
                tables += 1
                edits.append(Edit(range: i..<i, bytes: Array("<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Table \(tables)\">".utf8)))
                i += 1
            } else if at(i, "<figure><img src=\""), let wide = wideImage(b, from: i + 8) {
                // A diagram wider than a phone's column shrinks until its text is unreadable: it links to
                // its own file, which opens at full size (and zooms).
                var out = bytes("<figure class=\"figure-wide\"><a class=\"figure-full\" href=\"")
                out += UnsafeBufferPointer(rebasing: b[wide.src])
                out += bytes("\">")
                out += UnsafeBufferPointer(rebasing: b[(i + 8)...wide.end])
                out += bytes("</a>")
                edits.append(Edit(range: i..<(wide.end + 1), bytes: out))
                i = wide.end + 1
            } else if at(i, "</table>") {
                edits.append(Edit(range: i..<(i + 8), bytes: bytes("</table></div>")))
                i += 8
            } else if at(i, "<input type=\"checkbox\" disabled=\"\" />") {
                edits.append(Edit(range: i..<(i + 37), bytes: bytes("<input type=\"checkbox\" disabled=\"\" aria-label=\"To do\" />")))
                i += 37
            } else if at(i, "<input type=\"checkbox\" disabled=\"\" checked=\"\" />") {
                edits.append(Edit(range: i..<(i + 48), bytes: bytes("<input type=\"checkbox\" disabled=\"\" checked=\"\" aria-label=\"Done\" />")))
                i += 48
            } else {
                i += 1
            }
        }
        return edits
    }

    /// Widths above this shrink to under two thirds on a 360 px phone (a 328 px column).
    static let wideImage = 480

    /// The `src` value's range and the closing `>` of an `<img …>` starting at `k`, when its `width`
    /// is wider than `wideImage`.
    static func wideImage(_ b: UnsafeBufferPointer<UInt8>, from k: Int) -> (src: Range<Int>, end: Int)? {
        var end = k
        while end < b.count, b[end] != 0x3E { end += 1 }
        guard end < b.count else { return nil }
        let tag = String(decoding: UnsafeBufferPointer(rebasing: b[k...end]), as: UTF8.self)
        guard let w = tag.range(of: " width=\""), let srcStart = tag.range(of: "src=\"") else { return nil }
        let digits = tag[w.upperBound...].prefix { $0.isNumber }
        guard let width = Int(digits), width > wideImage else { return nil }
        let value = tag[srcStart.upperBound...].prefix { $0 != "\"" }
        let start = k + tag.utf8.distance(from: tag.startIndex, to: srcStart.upperBound)
        return (start..<(start + value.utf8.count), end)
    }
}

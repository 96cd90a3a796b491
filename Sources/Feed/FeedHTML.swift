import Foundation

/// Makes post HTML safe to embed in a feed: readers have no base URL, XML knows only
/// five entity names, and XML 1.0 forbids most control characters.
public enum FeedHTML {
    /// Attributes holding URLs that readers fetch or follow.
    static let urlAttributes: Set<String> = ["href", "src", "srcset", "poster", "cite", "action", "background"]

    /// Bit ((length − 3) × 8 + first letter's low 3 bits) set for each URL attribute (3 to 10 letters long):
    /// a cheap filter, the set decides.
    static let urlAttributeShapes: UInt64 = urlAttributes.reduce(0) { bits, name in
        bits | (1 << UInt64((name.utf8.count - 3) * 8 + Int(name.utf8.first! & 7)))
    }

    static let scriptTag = Array("script".utf8)
    static let styleTag = Array("style".utf8)

    /// One URL-bearing attribute found in HTML, with the byte range of its value.
    struct Attribute {
        var name: String
        var value: String
        var valueRange: Range<Int>
        var quoted: Bool
    }

    /// Scans tags in `bytes` and reports every URL attribute. Skips comments, `<script>`,
    /// `<style>` and text (so code samples showing `<a href>` as `&lt;a` are untouched).
    static func scanURLAttributes(_ bytes: [UInt8], _ visit: (Attribute) -> Void) {
        bytes.withUnsafeBufferPointer { scanURLAttributes($0, visit) }
    }

    /// The scanner itself, over raw bytes: feeds carry whole posts, and most of a post's tags are
    /// highlighting spans, so text is skipped with memchr and bounds are checked by hand.
    static func scanURLAttributes(_ bytes: UnsafeBufferPointer<UInt8>, _ visit: (Attribute) -> Void) {
        guard let base = bytes.baseAddress else { return }
        let n = bytes.count
        var i = 0
        // Read once, not per attribute (each read of a `static let` was a `swift_once` call, measured).
        let shapes = urlAttributeShapes, names = urlAttributes, script = scriptTag, style = styleTag
        @inline(__always) func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 || c == 12 }
        @inline(__always) func lower(_ c: UInt8) -> UInt8 { (c >= 65 && c <= 90) ? c + 32 : c }
        @inline(__always) func isLetter(_ c: UInt8) -> Bool { let l = lower(c); return l >= 97 && l <= 122 }
        /// The next `byte` at or after `from`, or nil.
        func next(_ byte: UInt8, from: Int) -> Int? {
            guard from < n, let p = memchr(base + from, Int32(byte), n - from) else { return nil }
            return UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
        }
        /// The eight bytes at `at` (the caller checked the length), and those of an 8-byte literal.
        @inline(__always) func word(_ at: Int) -> UInt64 { UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) }
        func word(_ s: StaticString) -> UInt64 { UnsafeRawPointer(s.utf8Start).loadUnaligned(as: UInt64.self) }
        // `<span class="` and `<span style="` as two overlapping words each (bytes 0–7 and 5–12): comparing words
        // instead of calling memcmp twice per span was a visible share of the scan (measured).
        let spanCl = word("<span cl"), spanSt = word("<span st"), classQuote = word(" class=\""), styleQuote = word(" style=\"")
        func find(_ needle: [UInt8], from: Int, caseInsensitive: Bool) -> Int? {
            guard needle.count <= n else { return nil }
            var j = from
            while j + needle.count <= n {
                var k = 0
                while k < needle.count, (caseInsensitive ? lower(base[j + k]) : base[j + k]) == needle[k] { k += 1 }
                if k == needle.count { return j }
                j += 1
            }
            return nil
        }
        while i < n {
            guard let lt = next(60 /* < */, from: i) else { return }
            i = lt
            guard i + 1 < n else { return }
            if base[i + 1] == 33 /* ! */ {
                if i + 3 < n, base[i + 2] == 45, base[i + 3] == 45 {
                    i = (find(Array("-->".utf8), from: i + 4, caseInsensitive: false) ?? n - 3) + 3
                } else {
                    i = (next(62, from: i + 2) ?? n - 1) + 1
                }
                continue
            }
            guard isLetter(base[i + 1]) else { i += 1; continue }
            // A highlighted span, `<span class="…">` or `<span style="…">` (two thirds of a post's tags): its one
            // attribute is no URL attribute, so the tag is passed over as the loop below would, without reading it.
            if base[i + 1] == 115 /* s */, i + 14 <= n, case let head = word(i), case let tail = word(i + 5),
               (head == spanCl && tail == classQuote) || (head == spanSt && tail == styleQuote),
               let quote = next(34, from: i + 13), quote + 1 < n, base[quote + 1] == 62 /* > */ {
                i = quote + 2
                continue
            }
            var j = i + 1
            while j < n, !isSpace(base[j]), base[j] != 62, base[j] != 47 { j += 1 }
            let tagStart = i + 1, tagCount = j - tagStart
            func tagIs(_ name: [UInt8]) -> Bool {
                guard tagCount == name.count else { return false }
                for k in 0..<tagCount where lower(base[tagStart + k]) != name[k] { return false }
                return true
            }
            // Attributes.
            while j < n {
                while j < n, isSpace(base[j]) || base[j] == 47 { j += 1 }
                guard j < n, base[j] != 62 else { break }
                let nameStart = j
                while j < n, !isSpace(base[j]), base[j] != 61, base[j] != 62, base[j] != 47 || j == nameStart { j += 1 }
                let nameLength = j - nameStart
                // Most attributes (`class` or `style` on every highlighted span) cannot be a URL attribute: decided on
                // length and first letter before any string is made.
                let maybeURL = nameLength >= 3 && nameLength <= 10
                    && shapes & (1 << UInt64((nameLength - 3) * 8 + Int(lower(base[nameStart]) & 7))) != 0
                var k = j
                while k < n, isSpace(base[k]) { k += 1 }
                guard k < n, base[k] == 61 /* = */ else { continue }
                k += 1
                while k < n, isSpace(base[k]) { k += 1 }
                guard k < n else { j = k; break }
                var range: Range<Int>
                var quoted = false
                if base[k] == 34 || base[k] == 39 {
                    let e = next(base[k], from: k + 1) ?? n
                    range = (k + 1)..<e
                    quoted = true
                    j = min(e + 1, n)
                } else {
                    var e = k
                    while e < n, !isSpace(base[e]), base[e] != 62 { e += 1 }
                    range = k..<e
                    j = e
                }
                guard maybeURL else { continue }
                let name = String(unsafeUninitializedCapacity: nameLength) { buf in
                    for m in 0..<nameLength { buf[m] = lower(base[nameStart + m]) }
                    return nameLength
                }
                if names.contains(name) {
                    let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                    visit(Attribute(name: name, value: value, valueRange: range, quoted: quoted))
                }
            }
            i = j + 1
            if tagIs(script) || tagIs(style) {
                var close: [UInt8] = [60, 47]
                for k in 0..<tagCount { close.append(lower(base[tagStart + k])) }
                i = find(close, from: i, caseInsensitive: true) ?? n
            }
        }
    }

    /// Every URL in href/src/srcset-like attributes (srcset split into its candidates).
    public static func urls(in html: String) -> [String] {
        var out: [String] = []
        // Read in place: copying a post's HTML into an array first was a visible share of validating its item.
        var copy = html
        copy.withUTF8 { bytes in scanURLAttributes(bytes) { attr in
            if attr.name == "srcset" {
                out += srcsetCandidates(attr.value).map(\.url)
            } else {
                out.append(decodeAttributeEntities(attr.value))
            }
        } }
        return out
    }

    /// Rewrites every relative URL attribute to an absolute URL against `base`.
    /// `mailto:`, `data:`, `https:` and other absolute references stay as they are.
    public static func absolutizeURLs(in html: String, base: String) -> String {
        absolutizeURLsNoting(in: html, base: base).html
    }

    /// `absolutizeURLs`, whether it changed anything, and whether every value it wrote is safe in a CDATA section
    /// (no `]]>`, CR or character XML forbids). Each written value sits between quotes, so no `]]>` can form across
    /// its ends: when `html` was plain CDATA and the values are safe, the result is plain CDATA too.
    static func absolutizeURLsNoting(in html: String, base: String) -> (html: String, edited: Bool, insertsCDATASafe: Bool) {
        guard let resolver = FeedURL.Base(base) else { return (html, false, true) }
        var edits: [(Range<Int>, String, Bool)] = []
        // Scanned in place (most posts' URLs are absolute already and nothing is copied at all).
        var copy = html
        let count = copy.withUTF8 { bytes in scanURLAttributes(bytes) { attr in
            let new: String
            if attr.name == "srcset" {
                new = srcsetCandidates(attr.value).map { c in
                    resolver.resolve(c.url) + (c.descriptor.isEmpty ? "" : " " + c.descriptor)
                }.joined(separator: ", ")
            } else {
                let v = attr.value.trimmingASCIIWhitespace()
                new = FeedURL.isAbsolute(v) ? v : resolver.resolve(v)
            }
            if new != attr.value { edits.append((attr.valueRange, new, attr.quoted)) }
        }; return bytes.count }
        guard !edits.isEmpty else { return (html, false, true) }
        var safe = true
        // Built as a String from UTF-8 slices of `html` (cut next to ASCII quotes, `=` or spaces, so on scalar
        // boundaries, which a Substring of the UTF-8 view keeps; `html[…]` would round to Characters): decoding a byte
        // array back (`String(decoding:)`, which validates every byte) was a third of this function, measured.
        var out = ""
        out.reserveCapacity(count + edits.count * 32)
        let utf8 = html.utf8
        func at(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var pos = 0
        for (range, value, quoted) in edits {
            out += Substring(utf8[at(pos)..<at(range.lowerBound)])
            let written = quoted ? value : value.replacingOccurrences(of: "\"", with: "&quot;")
            if safe, !written.isEmpty, !XMLText.isPlainCDATA(written) { safe = false }
            if quoted {
                out += written
            } else {
                out += "\""
                out += written
                out += "\""
            }
            pos = range.upperBound
        }
        out += Substring(utf8[at(pos)...])
        return (out, true, safe)
    }

    struct SrcsetCandidate { var url: String; var descriptor: String }

    /// Splits a `srcset` value as the HTML spec does: a URL runs to whitespace, trailing
    /// commas end it, and a descriptor runs to the next comma.
    static func srcsetCandidates(_ value: String) -> [SrcsetCandidate] {
        let s = Array(value.unicodeScalars)
        var out: [SrcsetCandidate] = []
        var i = 0
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
        while i < s.count {
            while i < s.count, isSpace(s[i]) || s[i] == "," { i += 1 }
            guard i < s.count else { break }
            var url = String.UnicodeScalarView()
            while i < s.count, !isSpace(s[i]) { url.append(s[i]); i += 1 }
            var u = String(url)
            var descriptor = ""
            if u.hasSuffix(",") {
                while u.hasSuffix(",") { u.removeLast() }
            } else {
                var d = String.UnicodeScalarView()
                while i < s.count, s[i] != "," { d.append(s[i]); i += 1 }
                descriptor = String(d).trimmingASCIIWhitespace()
            }
            if !u.isEmpty { out.append(SrcsetCandidate(url: u, descriptor: descriptor)) }
        }
        return out
    }

    /// `&amp;` in attribute values means `&`; enough decoding to judge a URL.
    static func decodeAttributeEntities(_ s: String) -> String {
        guard s.utf8.contains(38) else { return s }
        return s.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'")
    }

    /// Replaces HTML named references (`&nbsp;`, `&mdash;`…) with numeric ones (`&#160;`),
    /// keeping the five XML names. Unknown names are left alone: escaped as text they are harmless.
    /// Numeric references to characters XML 1.0 forbids are removed; returns how many.
    public static func numericEntities(in html: String) -> (html: String, removed: Int) {
        var copy = html
        return copy.withUTF8 { bytes in
            // Text between references is skipped with memchr: a byte-at-a-time search (and `utf8.contains` before it)
            // was most of this function, measured.
            guard let base = bytes.baseAddress else { return (html, 0) }
            let n = bytes.count
            func nextAmpersand(_ from: Int) -> Int {
                guard from < n, let p = memchr(base + from, 38 /* & */, n - from) else { return n }
                return UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
            }
            var i = nextAmpersand(0)
            guard i < n else { return (html, 0) }
            var out: [UInt8] = []
            out.reserveCapacity(n)
            var removed = 0
            var copied = 0   // bytes before this were handled; runs without entities are copied whole
            while i < n {
                guard bytes[i] == 38 /* & */ else { i = nextAmpersand(i); continue }
                var j = i + 1
                while j < n, j - i <= 34, (bytes[j] >= 48 && bytes[j] <= 57) || (bytes[j] | 32 >= 97 && bytes[j] | 32 <= 122) || bytes[j] == 35 { j += 1 }
                guard j < n, bytes[j] == 59 /* ; */, j > i + 1 else { i += 1; continue }
                let name = UnsafeBufferPointer(rebasing: bytes[(i + 1)..<j])
                // The five XML entities (most of a code block's references) stay as they are.
                if isXMLEntity(name) { i = j + 1; continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
                if name[0] == 35 /* # */ {
                    let digits = String(decoding: UnsafeBufferPointer(rebasing: name.dropFirst()), as: UTF8.self)
                    let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                    if let v = value, let scalar = Unicode.Scalar(v), !XMLText.isLegal(scalar) {
                        removed += 1
                    } else {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i...j]))
                    }
                } else if let value = HTMLEntities.table[String(decoding: name, as: UTF8.self)] {
                    for scalar in value.unicodeScalars { out += Array("&#\(scalar.value);".utf8) }
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i...j]))
                }
                i = j + 1
                copied = i
            }
            if copied == 0 { return (html, removed) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<n]))
            return (String(decoding: out, as: UTF8.self), removed)
        }
    }

    /// `amp`, `lt`, `gt`, `quot` or `apos`, compared as bytes (no string is made per reference).
    @inline(__always)
    private static func isXMLEntity(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        switch name.count {
        case 2: return (name[0] == 108 || name[0] == 103) && name[1] == 116                       // lt gt
        case 3: return name[0] == 97 && name[1] == 109 && name[2] == 112                          // amp
        case 4: return (name[0] == 113 && name[1] == 117 && name[2] == 111 && name[3] == 116)     // quot
                    || (name[0] == 97 && name[1] == 112 && name[2] == 111 && name[3] == 115)      // apos
        default: return false
        }
    }
}

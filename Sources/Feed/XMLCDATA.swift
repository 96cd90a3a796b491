import Foundation
import TextBytes

/// The CDATA sections of an item, checked by Galley rather than by libxml2, which parses the rest.
///
/// libxml2 2.9's push parser reads a CDATA section a byte at a time three times (searching for `]]>`,
/// checking each character, counting lines and columns): on the 1000-post benchmark that was four fifths of
/// its time, about 40 ms of a build. A section holds no markup, so its rules are few (XML 1.0 §2.7): valid
/// UTF-8, only XML characters, no `]]>` (it ends at the first). Those are checked here; libxml2 parses the item
/// with each section's text reduced to its line feeds and last line, so every line and column is the same, and the tree gets
/// the sections' texts back (`XMLTree.parse(placeholder:…)`).
struct CDATASections {
    /// One text per run of adjacent sections (`…]]><![CDATA[…`), which libxml2 joins into one node.
    var texts: [String]
    /// Each run's placeholder text, which libxml2's node must hold.
    var placeholderTexts: [[UInt8]]
    /// The item with each section's text reduced to its line feeds and its last line: every line outside the
    /// sections reads as it did, so lines and columns are found in this text as in the item.
    var placeholder: [UInt8]

    /// Nil when the item has none, when a section is not closed or breaks a rule above, holds a carriage return
    /// (XML turns CR LF into LF, so the text would not be the bytes), or when the item has a comment or a
    /// processing instruction (text that could hide `<![CDATA[`): then libxml2 reads it all.
    /// One pass: `memchr` for the next `<` outside sections and for `]` inside them (rare in a post's HTML).
    init?(_ item: UnsafeBufferPointer<UInt8>) {
        self.init(item) { payload in
            // Decoding repairs bad UTF-8 with U+FFFD: the text is the bytes exactly when they were valid.
            let text = stringFromUTF8(payload)
            guard text.utf8.count == payload.count,
                  text.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, payload.baseAddress!, payload.count) == 0 }) ?? false
            else { return nil }
            return text
        }
    }

    /// The sections of a String's bytes, which are valid UTF-8: a section's text is a copy of the String's slice
    /// (a section starts and ends next to ASCII bytes, on scalar boundaries) instead of a decode of its bytes,
    /// which was two fifths of this scan on the 1000-post benchmark (measured), or `known` itself when the section
    /// holds its bytes exactly (no copy at all). The same texts as `init(_:)`'s.
    init?(_ item: String, known: String? = nil) {
        let utf8 = item.utf8
        let made = utf8.withContiguousStorageIfAvailable { bytes in
            CDATASections(bytes) { payload in
                if let known, known.utf8.count == payload.count,
                   known.utf8.withContiguousStorageIfAvailable({ $0.count == 0 || memcmp($0.baseAddress!, payload.baseAddress!, $0.count) == 0 }) == true {
                    return known
                }
                let lower = utf8.index(utf8.startIndex, offsetBy: payload.baseAddress! - bytes.baseAddress!)
                return String(Substring(utf8[lower..<utf8.index(lower, offsetBy: payload.count)]))
            }
        }
        guard let made, let made else { return nil }
        self = made
    }

    /// `text` makes a section's text from its bytes (already checked to hold only XML characters), nil when they
    /// are not its UTF-8.
    private init?(_ item: UnsafeBufferPointer<UInt8>, text: (UnsafeBufferPointer<UInt8>) -> String?) {
        guard let base = item.baseAddress else { return nil }
        let n = item.count
        @inline(__always) func has(_ at: Int, _ s: StaticString) -> Bool {
            at + s.utf8CodeUnitCount <= n && memcmp(base + at, s.utf8Start, s.utf8CodeUnitCount) == 0
        }
        @inline(__always) func next(_ byte: UInt8, from: Int) -> Int? {
            guard from < n, let hit = memchr(base + from, Int32(byte), n - from) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
        var texts: [String] = [], placeholderTexts: [[UInt8]] = [], placeholder: [UInt8] = []
        placeholder.reserveCapacity(n / 8)
        var copied = 0, runEnd = -1, at = 0
        while let lt = next(UInt8(ascii: "<"), from: at) {
            if has(lt, "<!--") || has(lt, "<?") { return nil }
            guard has(lt, "<![CDATA[") else { at = lt + 1; continue }
            let body = lt + 9
            var end = body
            while true {
                guard let close = next(UInt8(ascii: "]"), from: end) else { return nil }
                if has(close, "]]>") { end = close; break }
                end = close + 1
            }
            let payload = UnsafeBufferPointer(start: base + body, count: end - body)
            guard Self.onlyXMLCharacters(payload), let text = text(payload) else { return nil }
            let lastLine = UnsafeBufferPointer(rebasing: payload[((payload.lastIndex(of: 10) ?? -1) + 1)...])
            let stands = Array(repeating: 10, count: XMLTree.newlines(payload)) + Array(lastLine)
            placeholder.append(contentsOf: UnsafeBufferPointer(rebasing: item[copied..<body]))
            placeholder.append(contentsOf: stands)
            if lt == runEnd {
                texts[texts.count - 1] += text
                placeholderTexts[placeholderTexts.count - 1] += stands
            } else {
                texts.append(text)
                placeholderTexts.append(stands)
            }
            copied = end
            at = end + 3
            runEnd = at
        }
        guard !texts.isEmpty else { return nil }
        placeholder.append(contentsOf: UnsafeBufferPointer(rebasing: item[copied...]))
        (self.texts, self.placeholderTexts, self.placeholder) = (texts, placeholderTexts, placeholder)
    }

    /// No control character but tab and line feed (carriage return sends the item to libxml2), no U+FFFE or U+FFFF.
    /// Sixteen bytes (two words) a step, with exact per-byte masks (no carry crosses a byte); a step holding 0xEF,
    /// and the short tail, are looked at byte by byte. (Swift's `SIMD32` compares ran ~40 times slower, measured;
    /// two words a step instead of one halve the loop's own instructions.)
    static func onlyXMLCharacters(_ u: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = u.baseAddress else { return true }
        let n = u.count
        let high: UInt64 = 0x8080_8080_8080_8080, ef: UInt64 = 0xEFEF_EFEF_EFEF_EFEF
        let raw = UnsafeRawPointer(p)
        var i = 0
        while i + 16 <= n {
            let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            let y = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
            // Tab and line feed are allowed: looked for only in a step with some byte below 0x20 (a post's lines are
            // tens of bytes long, so most steps have none), and U+FFFE/U+FFFF only in a step with a non-ASCII byte.
            let bx = ByteScan.below0x20(x), by = ByteScan.below0x20(y)
            if bx | by != 0, ByteScan.controls(x, below: bx) | ByteScan.controls(y, below: by) != 0 { return false }
            if (x | y) & high != 0, ByteScan.zeroBytes(x ^ ef) | ByteScan.zeroBytes(y ^ ef) != 0, !bytewise(p, from: i, to: i + 16, n) { return false }
            i += 16
        }
        return bytewise(p, from: i, to: n, n)
    }

    /// The same test on `p[from..<to]` (a U+FFFE or U+FFFF may start there and end up to two bytes past `to`).
    static func bytewise(_ p: UnsafePointer<UInt8>, from: Int, to: Int, _ n: Int) -> Bool {
        var i = from
        while i < to {
            let c = p[i]
            if c < 0x20 && c != 9 && c != 10 { return false }
            if c == 0xEF, i + 2 < n, p[i + 1] == 0xBF, p[i + 2] == 0xBE || p[i + 2] == 0xBF { return false }
            i += 1
        }
        return true
    }
}

/// Hands the sections' texts to `XMLTree.convert` in document order, checking that each CDATA node libxml2 made
/// is the placeholder of the next run.
struct CDATASubstitution {
    let sections: CDATASections
    var next = 0
    var mismatch = false

    mutating func text(forPlaceholder bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard next < sections.texts.count, bytes.elementsEqual(sections.placeholderTexts[next]) else {
            mismatch = true
            return nil
        }
        next += 1
        return sections.texts[next - 1]
    }

    var complete: Bool { !mismatch && next == sections.texts.count }
}

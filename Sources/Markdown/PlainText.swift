import TextBytes
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain text from our own HTML, for excerpts in meta tags and feeds: tags dropped (footnote
/// markers with their numbers), entities decoded, whitespace collapsed.
func plainText(fromHTML html: [UInt8]) -> String {
    html.withUnsafeBufferPointer { plainText(fromHTML: $0) }
}

/// A part of the HTML whose text is given instead of read from it: a code block, whose highlighted
/// HTML has a tag every few characters while its source is at hand in the renderer.
struct TextInstead {
    var range: Range<Int>
    var text: UnsafeBufferPointer<UInt8>
}

/// Runs of ordinary bytes are copied whole, into a String's own storage: the search index reads the
/// text of every page, tens of megabytes on a big site. `instead`: sorted, not overlapping, each
/// starting at a tag; their text is block-level and has its white space collapsed like the rest.
func plainText(fromHTML html: UnsafeBufferPointer<UInt8>, instead: [TextInstead] = []) -> String {
    let n = html.count
    guard let p = html.baseAddress, n > 0 else { return "" }
    let capacity = n + instead.reduce(0) { $0 + $1.text.count }   // the text is never longer than its sources
    return plainTextByteClass.withUnsafeBufferPointer { byteClass in
        // Into bytes, then a String by `stringFromUTF8`: a String written in place is validated byte
        // by byte once it holds one curly quote, which cost a third as much as making the text.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { out in
            let q = out.baseAddress!
            var o = 0, i = 0
            var pendingSpace = false
            let supRef: StaticString = "<sup class=\"footnote-ref\">"
            let supEnd: StaticString = "</sup>"
            @inline(__always) func put(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
                if pendingSpace && o > 0 { q[o] = 0x20; o += 1 }
                pendingSpace = false
                (q + o).update(from: bytes, count: count)
                o += count
            }
            var next = 0
            while i < n {
                // Up to the next part given instead, or the end.
                let end = next < instead.count ? instead[next].range.lowerBound : n
                if i >= end {
                    let t = instead[next].text
                    pendingSpace = true
                    var k = 0
                    while k < t.count {
                        if isSpaceByte(t[k]) { pendingSpace = true; k += 1; continue }
                        var j = k + 1
                        while j < t.count {
                            j = codeRun(t.baseAddress!, from: j, to: t.count)
                            guard j < t.count else { break }
                            if !isSpaceByte(t[j]) { j += 1; continue }
                            if t[j] == 0x20, j + 1 < t.count, !isSpaceByte(t[j + 1]) { j += 2; continue }
                            break
                        }
                        put(t.baseAddress! + k, j - k)
                        k = j
                    }
                    pendingSpace = true
                    i = max(i, instead[next].range.upperBound)
                    next += 1
                    continue
                }
                let b = p[i]
                switch byteClass[Int(b)] {
                case 0:
                    // Text up to a tag, an entity or white space other than one space between words.
                    var j = i + 1
                    while j < end {
                        j = textRun(p, from: j, to: end)
                        guard j < end else { break }
                        if byteClass[Int(p[j])] == 0 { j += 1; continue }
                        if p[j] == 0x20, j + 1 < end, byteClass[Int(p[j + 1])] == 0 { j += 2; continue }
                        break
                    }
                    put(p + i, j - i)
                    i = j
                case 1:
                    pendingSpace = true
                    i += 1
                case 2:
                    if startsWith(html, at: i, supRef) {
                        var j = i + supRef.utf8CodeUnitCount
                        while j < end, !startsWith(html, at: j, supEnd) { j += 1 }
                        i = min(j + supEnd.utf8CodeUnitCount, end)
                        continue
                    }
                    // Block-level tags separate words.
                    // To the tag's `>` by memchr (links carry long attributes): 8 % of the time.
                    var j = end
                    if i + 1 < end, let gt = memchr(p + i + 1, 0x3E, end - i - 1) { j = p.distance(to: gt.assumingMemoryBound(to: UInt8.self)) }
                    var k = i + 1
                    while k < j, p[k] == 0x2F { k += 1 }
                    var e = k
                    while e < j, isAlnumByte(p[e]) { e += 1 }
                    if !isInlineTagName(UnsafeBufferPointer(start: p + k, count: e - k)) { pendingSpace = true }
                    i = min(j + 1, end)
                default:  // &
                    var j = i + 1
                    while j < end, j - i < 12, p[j] != 0x3B, !isSpaceByte(p[j]) { j += 1 }
                    if j < end, p[j] == 0x3B {
                        let name = UnsafeBufferPointer(start: p + i + 1, count: j - i - 1)
                        if let c = commonEntity(name) {
                            withUnsafePointer(to: c) { put($0, 1) }
                            i = j + 1
                            continue
                        }
                        if let decoded = decodeEntity(ArraySlice(name)) {
                            decoded.withUnsafeBufferPointer { put($0.baseAddress!, $0.count) }
                            i = j + 1
                            continue
                        }
                    }
                    put(p + i, 1)
                    i += 1
                }
            }
            return stringFromUTF8(UnsafeBufferPointer(start: q, count: o))
        }
    }
}

/// Where a run of text from `start` may stop: at the first byte below 0x20 (white space, and the
/// rare control character), `<` or `&`, or a space followed by one of those or by another space;
/// the caller's byte loop decides there. Prose is long runs of words and single spaces: this made
/// the function about a fifth faster.
///
/// Eight bytes are tested once: the flags of the bytes one on are those of the same eight shifted a
/// byte, and the first of the next eight (tested again from one byte on, it was 60 instructions a step).
@inline(__always)
private func textRun(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    @inline(__always) func stops(_ x: UInt64) -> UInt64 { maybeBelow(x, 0x20) | maybeHasByte(x, 0x3C) | maybeHasByte(x, 0x26) }
    let raw = UnsafeRawPointer(p)
    var j = start
    if j + 16 <= end {
        let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self))
        var stop = stops(x), space = maybeHasByte(x, 0x20)
        repeat {
            let y = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j + 8, as: UInt64.self))
            let stopNext = stops(y), spaceNext = maybeHasByte(y, 0x20)
            let after = ((stop | space) &>> 8) | ((stopNext | spaceNext) &<< 56)
            let marked = stop | (space & after)
            if marked != 0 { return j + marked.trailingZeroBitCount >> 3 }
            stop = stopNext
            space = spaceNext
            j += 8
        } while j + 16 <= end
    }
    return firstFlagged(p, from: j, to: end) { x, next in
        stops(x) | (maybeHasByte(x, 0x20) & (stops(next) | maybeHasByte(next, 0x20)))
    }
}

/// `textRun` for a code block's source, where only white space stops a run: at the first byte up to
/// 0x20 that is not a space, or a space followed by one. (A space's test flags a false hit only at a
/// `!` right after a space, which is never white space, so masking with it loses no stop.) A third
/// of the plain text's time went on code byte by byte.
@inline(__always)
private func codeRun(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
    firstFlagged(p, from: start, to: end) { x, next in
        let space = maybeHasByte(x, 0x20)
        return (maybeBelow(x, 0x21) & ~space) | (space & maybeBelow(next, 0x21))
    }
}

/// Eight bytes a step from `start`, the first byte `flags` marks, given the eight bytes there and
/// the eight from one byte on; near `end`, where it stops looking. The flags may mark bytes after
/// a true hit, never before one, and never miss one, so the first mark is safe to stop at.
@inline(__always)
private func firstFlagged(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int, _ flags: (UInt64, UInt64) -> UInt64) -> Int {
    let raw = UnsafeRawPointer(p)
    var j = start
    while j + 9 <= end {
        let x = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j, as: UInt64.self))
        let next = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j + 1, as: UInt64.self))
        let marked = flags(x, next)
        if marked != 0 { return j + marked.trailingZeroBitCount >> 3 }
        j += 8
    }
    return j
}

/// 0: text, 1: white space, 2: `<`, 3: `&`.
private let plainTextByteClass: [UInt8] = (0..<256).map { b in
    if isSpaceByte(UInt8(b)) { return 1 }
    return b == 0x3C ? 2 : b == 0x26 ? 3 : 0
}

/// The entities our own HTML writes for text: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`.
@inline(__always) private func commonEntity(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
    switch name.count {
    case 2 where name[1] == 0x74:  // lt, gt
        return name[0] == 0x6C ? 0x3C : name[0] == 0x67 ? 0x3E : nil
    case 3 where name[0] == 0x61 && name[1] == 0x6D && name[2] == 0x70: return 0x26
    case 3 where name[0] == 0x23 && name[1] == 0x33 && name[2] == 0x39: return 0x27
    case 4 where name[0] == 0x71 && name[1] == 0x75 && name[2] == 0x6F && name[3] == 0x74: return 0x22
    default: return nil
    }
}

@inline(__always) private func startsWith(_ s: UnsafeBufferPointer<UInt8>, at i: Int, _ prefix: StaticString) -> Bool {
    let len = prefix.utf8CodeUnitCount
    guard i + len <= s.count else { return false }
    let p = prefix.utf8Start
    for k in 0..<len where s[i + k] != p[k] { return false }
    return true
}

/// Tags that do not separate words (`a`, `em`, `code`, …), compared ASCII case-insensitively: the
/// name's bytes, lowercased, packed into an integer (first byte lowest) and matched in one switch.
/// (A list searched per tag was a fifth of this function's time.)
@inline(__always) private func isInlineTagName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard name.count >= 1 && name.count <= 6 else { return false }
    var key: UInt64 = 0
    for k in 0..<name.count { key |= UInt64(name[k] | 0x20) << (8 * k) }
    switch key {
    case 0x61, 0x62, 0x69,                                  // a b i
         0x6D65,                                            // em
         0x6C6564, 0x64626B, 0x627573, 0x707573,            // del kbd sub sup
         0x72626261, 0x65646F63, 0x6B72616D, 0x6E617073,    // abbr code mark span
         0x6C6C616D73, 0x676E6F727473:                      // small strong
        return true
    default:
        return false
    }
}

/// The named and numeric entities excerpts decode (internal: the tests' reference `plainText` uses it too).
func decodeEntity(_ name: ArraySlice<UInt8>) -> [UInt8]? {
    let s = String(decoding: name, as: UTF8.self)
    switch s {
    case "amp": return [0x26]
    case "lt": return [0x3C]
    case "gt": return [0x3E]
    case "quot": return [0x22]
    case "apos": return [0x27]
    case "nbsp": return [0xC2, 0xA0]
    default:
        guard s.hasPrefix("#") else { return nil }
        let digits = s.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        guard let v = value, let scalar = Unicode.Scalar(v) else { return nil }
        return Array(String(Character(scalar)).utf8)
    }
}

/// The text of rendered HTML, for indexes outside this module (search) where the renderer's own
/// `MarkdownDocument.text` is not at hand: tags dropped, entities decoded.
public enum PlainText {
    public static func of(html: String) -> String {
        var html = html
        return html.withUTF8 { plainText(fromHTML: $0) }
    }
}

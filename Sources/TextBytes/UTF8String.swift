#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `String(decoding:as: UTF8.self)` for large, mostly-ASCII buffers, with the same result.
///
/// The standard library checks a buffer for all-ASCII a word at a time, but as soon as one byte
/// is not ASCII it validates the whole buffer byte by byte (~9 instructions a byte, measured).
/// A page of HTML usually has a handful of non-ASCII characters (typographic quotes), so we
/// convert the ASCII stretches (the fast check) and the short non-ASCII runs apart and join them.
/// A non-ASCII run always starts and ends next to an ASCII byte, which ends every UTF-8
/// sequence, so decoding (and repairing) runs one by one gives the same characters as the whole.
/// Dense non-ASCII text goes back to one conversion of the rest.
public func stringFromUTF8(_ buf: UnsafeBufferPointer<UInt8>) -> String {
    guard let p = buf.baseAddress else { return "" }
    let n = buf.count
    var i = nextNonASCII(p, from: 0, n)
    if i == n || n < 1024 { return String(decoding: buf, as: UTF8.self) }
    var result = String()
    result.reserveCapacity(n)
    var asciiStart = 0
    var runs = 0
    while i < n {
        var j = i + 1
        while j < n && p[j] >= 0x80 { j += 1 }
        if i > asciiStart { result.append(String(decoding: UnsafeBufferPointer(start: p + asciiStart, count: i - asciiStart), as: UTF8.self)) }
        runs += 1
        if runs > 64 && runs * 256 > j {
            result.append(String(decoding: UnsafeBufferPointer(start: p + i, count: n - i), as: UTF8.self))
            return result
        }
        result.append(String(decoding: UnsafeBufferPointer(start: p + i, count: j - i), as: UTF8.self))
        asciiStart = j
        i = nextNonASCII(p, from: j, n)
    }
    if n > asciiStart { result.append(String(decoding: UnsafeBufferPointer(start: p + asciiStart, count: n - asciiStart), as: UTF8.self)) }
    return result
}

/// The first index at or after `from` holding a byte ≥ 0x80 (or `n`), eight bytes at a time.
@inlinable @inline(__always)
public func nextNonASCII(_ p: UnsafePointer<UInt8>, from: Int, _ n: Int) -> Int {
    var i = from
    while i + 8 <= n {
        if UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
        i += 8
    }
    while i < n && p[i] < 0x80 { i += 1 }
    return i
}

/// The high bit of each byte of `x` that equals `b` is set; a byte just above a match may be flagged
/// too (the borrow), but a match is never missed, so zero means "`b` is not among these eight bytes".
/// Lets scanners skip eight bytes at a time while none of the bytes they stop at is there.
@inlinable @inline(__always)
public func maybeHasByte(_ x: UInt64, _ b: UInt8) -> UInt64 {
    let t = x ^ (0x0101_0101_0101_0101 &* UInt64(b))
    return (t &- 0x0101_0101_0101_0101) & ~t & 0x8080_8080_8080_8080
}

/// The high bit of each byte of `x` below `b` (at most 0x80) is set; as with `maybeHasByte`, a byte
/// just above a hit may be flagged too, but a hit is never missed.
@inlinable @inline(__always)
public func maybeBelow(_ x: UInt64, _ b: UInt8) -> UInt64 {
    (x &- 0x0101_0101_0101_0101 &* UInt64(b)) & ~x & 0x8080_8080_8080_8080
}

/// Where `needle` first is in `hay`: memchr to each candidate first byte, then memcmp.
public func findBytes(_ hay: UnsafePointer<UInt8>, _ count: Int, _ needle: UnsafePointer<UInt8>, _ length: Int) -> Int? {
    guard length > 0, count >= length else { return length == 0 ? 0 : nil }
    var i = 0
    let last = count - length
    while i <= last {
        guard let p = memchr(hay + i, Int32(needle[0]), last - i + 1) else { return nil }
        let at = hay.distance(to: p.assumingMemoryBound(to: UInt8.self))
        if memcmp(hay + at, needle, length) == 0 { return at }
        i = at + 1
    }
    return nil
}

/// Whether `text` contains `needle`, comparing UTF-8 bytes. `String.contains` with a String
/// argument goes through Foundation and UTF-16 for any text that is not ASCII: on rendered pages it
/// cost more than the search it answered.
public func containsBytes(_ text: String, _ needle: StaticString) -> Bool {
    var text = text
    return text.withUTF8 { hay in
        needle.withUTF8Buffer { n in
            guard let h = hay.baseAddress, let p = n.baseAddress, n.count > 0, hay.count >= n.count else { return n.count == 0 }
            return findBytes(h, hay.count, p, n.count) != nil
        }
    }
}

/// `text` with every `target` replaced by `replacement`, by bytes (memchr and memcmp): the generic
/// `firstRange(of:)` walk this replaces was a third of a Jekyll build on a large multilingual site.
public func replacingBytes(_ text: String, _ target: String, with replacement: String) -> String {
    let hay = Array(text.utf8), needle = Array(target.utf8), with = Array(replacement.utf8)
    guard !needle.isEmpty else { return text }
    var out: [UInt8] = []
    var i = 0
    hay.withUnsafeBufferPointer { h in
        needle.withUnsafeBufferPointer { n in
            guard let hb = h.baseAddress, let nb = n.baseAddress else { return }
            while i < h.count, let at = findBytes(hb + i, h.count - i, nb, n.count) {
                if out.isEmpty { out.reserveCapacity(h.count) }
                out += h[i..<(i + at)]
                out += with
                i += at + n.count
            }
        }
    }
    if out.isEmpty && i == 0 { return text }
    out += hay[i...]
    return String(decoding: out, as: UTF8.self)
}

/// Where `needle` first is in `hay` at or after `from`, by bytes; nil when it is not there.
public func findBytes(_ hay: [UInt8], _ needle: [UInt8], from: Int = 0) -> Int? {
    guard from <= hay.count else { return nil }
    return hay.withUnsafeBufferPointer { h in
        needle.withUnsafeBufferPointer { n in
            guard let hb = h.baseAddress, let nb = n.baseAddress else { return needle.isEmpty ? from : nil }
            return findBytes(hb + from, h.count - from, nb, n.count).map { $0 + from }
        }
    }
}

/// Where `needle` first is in `text`, found by bytes (Foundation's `range(of:)` goes through UTF-16
/// for any text that is not ASCII). The range is on character boundaries when `needle` starts and ends
/// with whole characters, as every caller's does.
public func byteRange(of needle: String, in text: String) -> Range<String.Index>? {
    let hay = Array(text.utf8)
    guard let at = findBytes(hay, Array(needle.utf8)) else { return nil }
    let u = text.utf8
    let start = u.index(u.startIndex, offsetBy: at)
    return start..<u.index(start, offsetBy: needle.utf8.count)
}

/// The lines of `text` (split at `\n`, empty ones kept), found by bytes: `split(separator:)` on a String
/// walks Characters, which was a sixth of a Jekyll build on a multilingual site.
public func lineSlices(_ text: String) -> [Substring] {
    var out: [Substring] = []
    let u = text.utf8
    var start = u.startIndex
    var i = u.startIndex
    while i != u.endIndex {
        if u[i] == 0x0A {
            out.append(text[start..<i])
            start = u.index(after: i)
        }
        i = u.index(after: i)
    }
    out.append(text[start..<u.endIndex])
    return out
}

/// `s` for an XML text node or a double-quoted attribute (`&`, `<`, `>`, `"`); returned as it is when it
/// holds none of them, as most labels and numbers do.
public func escapedForXML(_ s: String) -> String {
    if !s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) { return s }
    var o = ""
    for c in s {
        switch c {
        case "&": o += "&amp;"
        case "<": o += "&lt;"
        case ">": o += "&gt;"
        case "\"": o += "&quot;"
        default: o.append(c)
        }
    }
    return o
}

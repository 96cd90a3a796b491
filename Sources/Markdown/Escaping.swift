import TextBytes
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Byte-level escaping that matches cmark's houdini escapers exactly, so our
/// output stays byte-identical to `cmark_render_html`.

/// Appends `s` to `out`, escaping `&`, `<`, `>` and `"` (cmark's escape_html, secure = 0).
/// Eight bytes at a time while none of the four is there (most text), byte by byte otherwise.
@inline(__always)
func appendEscaped(_ out: inout [UInt8], _ s: UnsafeBufferPointer<UInt8>) {
    guard let base = s.baseAddress else { return }
    let n = s.count
    var start = 0
    var i = 0
    while i < n {
        while i + 8 <= n {
            let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if maybeHasByte(x, 0x26) | maybeHasByte(x, 0x3C) | maybeHasByte(x, 0x3E) | maybeHasByte(x, 0x22) != 0 { break }
            i += 8
        }
        let stop = min(i + 8, n)
        while i < stop {
            let b = base[i]
            if b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 {
                if i > start { out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: i - start)) }
                switch b {
                case 0x26: out.append("&amp;")
                case 0x3C: out.append("&lt;")
                case 0x3E: out.append("&gt;")
                default: out.append("&quot;")
                }
                start = i + 1
            }
            i += 1
        }
    }
    if n > start { out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: n - start)) }
}

func appendEscaped(_ out: inout [UInt8], _ s: [UInt8]) {
    s.withUnsafeBufferPointer { appendEscaped(&out, $0) }
}

func appendEscaped(_ out: inout [UInt8], _ s: String) {
    var s = s
    s.withUTF8 { appendEscaped(&out, $0) }
}

/// Characters cmark's houdini_escape_href leaves alone (alphanumerics and `-_.+!*(),%#@?=;:/,+$~`).
@inline(__always)
private func hrefSafe(_ b: UInt8) -> Bool {
    switch b {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    case 0x21, 0x23, 0x24, 0x25, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x3A, 0x3B, 0x3D, 0x3F, 0x40, 0x5F, 0x7E:
        return true
    default: return false
    }
}

/// Appends a URL the way cmark does: `&` and `'` as entities, unsafe bytes as `%XX`.
func appendEscapedHref(_ out: inout [UInt8], _ s: UnsafeBufferPointer<UInt8>) {
    @inline(__always) func hex(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x37 + v }
    for b in s {
        if hrefSafe(b) {
            out.append(b)
        } else if b == 0x26 {
            out.append("&amp;")
        } else if b == 0x27 {
            out.append("&#x27;")
        } else {
            out.append(0x25)
            out.append(hex(b >> 4))
            out.append(hex(b & 0xF))
        }
    }
}

func appendEscapedHref(_ out: inout [UInt8], _ s: [UInt8]) {
    s.withUnsafeBufferPointer { appendEscapedHref(&out, $0) }
}

/// cmark's scan_dangerous_url: `javascript:`, `vbscript:`, `file:` and `data:` (except a few image types),
/// blanked out when raw HTML is not allowed.
func isDangerousURL(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
    func hasPrefix(_ p: String) -> Bool {
        let pb = Array(p.utf8)
        guard s.count >= pb.count else { return false }
        for (i, c) in pb.enumerated() {
            var b = s[i]
            if b >= 0x41 && b <= 0x5A { b += 32 }
            if b != c { return false }
        }
        return true
    }
    if hasPrefix("data:image/png") || hasPrefix("data:image/gif") || hasPrefix("data:image/jpeg") || hasPrefix("data:image/webp") {
        return false
    }
    return hasPrefix("javascript:") || hasPrefix("vbscript:") || hasPrefix("file:") || hasPrefix("data:")
}

extension Array where Element == UInt8 {
    @inline(__always)
    mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { self.append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func appendString(_ s: String) {
        self.append(contentsOf: s.utf8)
    }

    /// cmark's `cr()`: a newline unless the output is empty or already ends with one.
    @inline(__always)
    mutating func cr() {
        if let last = self.last, last != 0x0A { self.append(0x0A) }
    }
}

@inline(__always) func isSpaceByte(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C || b == 0x0B }
@inline(__always) func isAlnumByte(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) }
@inline(__always) func isASCIIPunct(_ b: UInt8) -> Bool {
    (b >= 0x21 && b <= 0x2F) || (b >= 0x3A && b <= 0x40) || (b >= 0x5B && b <= 0x60) || (b >= 0x7B && b <= 0x7E)
}

/// Does `hay` contain `needle`? (memmem; used once per document for feature gates).
func containsBytes(_ hay: UnsafeBufferPointer<UInt8>, _ needle: String) -> Bool {
    guard let base = hay.baseAddress, hay.count > 0 else { return false }
    let n = Array(needle.utf8)
    guard let first = n.first, hay.count >= n.count else { return false }
    var from = 0
    while from + n.count <= hay.count,
          let hit = memchr(base + from, Int32(first), hay.count - from - n.count + 1) {
        let i = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
        if memcmp(base + i, n, n.count) == 0 { return true }
        from = i + 1
    }
    return false
}

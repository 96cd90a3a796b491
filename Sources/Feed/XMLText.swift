/// Escaping for XML and JSON text: one place decides what may appear in a feed.
enum XMLText {
    /// XML 1.0 `Char`: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF.
    static func isLegal(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v >= 0x20 { return v <= 0xD7FF || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000 }
        return v == 0x9 || v == 0xA || v == 0xD
    }

    /// Byte-level view of `isLegal` on UTF-8: C0 controls other than tab/LF/CR are single bytes,
    /// U+FFFE/U+FFFF are EF BF BE/BF; surrogates cannot occur in a Swift String.
    @inline(__always)
    static func illegalLength(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let c = b[i]
        if c < 0x20 { return c == 9 || c == 10 || c == 13 ? 0 : 1 }
        if c == 0xEF, i + 2 < b.count, b[i + 1] == 0xBF, b[i + 2] == 0xBE || b[i + 2] == 0xBF { return 3 }
        return 0
    }

    /// Removes characters XML 1.0 forbids; returns the text and how many were removed.
    static func removingIllegal(_ s: String) -> (String, Int) {
        var copy = s
        return copy.withUTF8 { b in
            var i = 0
            var removed = 0
            var out: [UInt8]? = nil
            while i < b.count {
                let n = illegalLength(b, i)
                if n > 0 {
                    if out == nil { out = Array(b[0..<i]) }
                    removed += 1
                    i += n
                } else {
                    out?.append(b[i])
                    i += 1
                }
            }
            guard let out else { return (s, 0) }
            return (String(decoding: out, as: UTF8.self), removed)
        }
    }

    /// Escapes for element text and double-quoted attributes. Escaping `>` means `]]>`
    /// can never appear, and dropping illegal characters keeps the document well-formed
    /// even if a caller skipped sanitising. Works on UTF-8 bytes: feeds carry whole posts.
    static func escape(_ s: String) -> String {
        var copy = s
        return copy.withUTF8 { b in
            // First pass: the exact length of the result (escapes add bytes, illegal characters remove them).
            var length = b.count
            var changed = false
            var i = 0
            while i < b.count {
                switch b[i] {
                case 38, 62, 60: length += b[i] == 38 ? 4 : 3; changed = true   // &amp; &gt; &lt;
                case 34, 13: length += b[i] == 34 ? 5 : 4; changed = true       // &quot; &#13;
                default:
                    let n = illegalLength(b, i)
                    if n > 0 { length -= n; i += n; changed = true; continue }
                }
                i += 1
            }
            if !changed { return s }
            return String(unsafeUninitializedCapacity: length) { out in
                var o = 0
                @inline(__always) func put(_ bytes: StaticString) {
                    bytes.withUTF8Buffer { for x in $0 { out[o] = x; o += 1 } }
                }
                var i = 0
                while i < b.count {
                    let c = b[i]
                    switch c {
                    case 38: put("&amp;")
                    case 60: put("&lt;")
                    case 62: put("&gt;")
                    case 34: put("&quot;")
                    case 13: put("&#13;")
                    default:
                        let n = illegalLength(b, i)
                        if n > 0 { i += n; continue }
                        out[o] = c; o += 1
                    }
                    i += 1
                }
                return o
            }
        }
    }

    /// A JSON string literal. `/` is not escaped; `<`, `>`, `&` are left as is (JSON Feed readers parse JSON, not HTML);
    /// U+2028/U+2029 are escaped so the output is also valid JavaScript.
    static func jsonString(_ s: String) -> String {
        var copy = s
        return copy.withUTF8 { b in
            var out: [UInt8] = [34]
            out.reserveCapacity(b.count + 2)
            let hex = Array("0123456789abcdef".utf8)
            func u(_ v: UInt32) { out += [92, 117, hex[Int(v >> 12 & 15)], hex[Int(v >> 8 & 15)], hex[Int(v >> 4 & 15)], hex[Int(v & 15)]] }
            var i = 0
            while i < b.count {
                let c = b[i]
                switch c {
                case 34: out += [92, 34]
                case 92: out += [92, 92]
                case 10: out += [92, 110]
                case 13: out += [92, 114]
                case 9: out += [92, 116]
                case 0..<0x20, 0x7F: u(UInt32(c))
                case 0xC2 where i + 1 < b.count && b[i + 1] >= 0x80 && b[i + 1] <= 0x9F:  // C1 controls
                    u(UInt32(b[i + 1])); i += 1
                case 0xE2 where i + 2 < b.count && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9):  // U+2028/9
                    u(b[i + 2] == 0xA8 ? 0x2028 : 0x2029); i += 2
                default: out.append(c)
                }
                i += 1
            }
            out.append(34)
            return String(decoding: out, as: UTF8.self)
        }
    }
}

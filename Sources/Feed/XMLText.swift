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
            // Most texts have nothing to remove: find the first byte that could start an illegal character.
            var i = ByteScan.next(b, from: 0, 0xEF, 0xEF)
            while i < b.count, illegalLength(b, i) == 0 { i = ByteScan.next(b, from: i + 1, 0xEF, 0xEF) }
            if i == b.count { return (s, 0) }
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

    /// `removingIllegal(s)`, and when nothing is removed whether `s` is plain CDATA (`isPlainCDATA`), from the one
    /// scan: it stops at every byte either looks at (C0 controls, `]`, 0xEF). Nil after a removal.
    static func removingIllegalNotingCDATA(_ s: String) -> (String, Int, plainCDATA: Bool?) {
        var copy = s
        let plain = copy.withUTF8 { b -> Bool? in
            var plain = b.count > 0
            var i = ByteScan.next(b, from: 0, 93, 0xEF)
            while i < b.count {
                let c = b[i]
                if c == 93 {   // ]
                    if i + 2 < b.count, b[i + 1] == 93, b[i + 2] == 62 { plain = false }
                } else if illegalLength(b, i) > 0 {
                    return nil
                } else if c == 13 {
                    plain = false
                }
                i = ByteScan.next(b, from: i + 1, 93, 0xEF)
            }
            return plain
        }
        guard let plain else {
            let (clean, removed) = removingIllegal(s)
            return (clean, removed, nil)
        }
        return (s, 0, plain)
    }

    /// Escapes for element text and double-quoted attributes. Escaping `>` means `]]>`
    /// can never appear, and dropping illegal characters keeps the document well-formed
    /// even if a caller skipped sanitising. Works on UTF-8 bytes: feeds carry whole posts.
    static func escape(_ s: String) -> String {
        var copy = s
        return escapeTable.withUnsafeBufferPointer { table in copy.withUTF8 { b in
            let n = b.count
            // First pass: the exact length of the result (escapes add bytes, illegal characters remove them).
            // Most bytes need nothing: one table lookup each.
            var length = n
            var changed = false
            var i = 0
            while i < n {
                let c = b[i]
                if !table[Int(c)] { i += 1; continue }
                switch c {
                case 38: length += 4; changed = true                 // &amp;
                case 60, 62: length += 3; changed = true             // &lt; &gt;
                case 34: length += 5; changed = true                 // &quot;
                case 13: length += 4; changed = true                 // &#13;
                default:
                    let k = illegalLength(b, i)
                    if k > 0 { length -= k; i += k; changed = true; continue }
                }
                i += 1
            }
            if !changed { return s }
            return String(unsafeUninitializedCapacity: length) { out in
                let base = out.baseAddress!, src = b.baseAddress!
                var o = 0, run = 0, i = 0
                @inline(__always) func flush() {
                    if i > run { (base + o).update(from: src + run, count: i - run); o += i - run }
                }
                @inline(__always) func put(_ bytes: StaticString) {
                    let count = bytes.utf8CodeUnitCount
                    (base + o).update(from: bytes.utf8Start, count: count); o += count
                }
                while i < n {
                    let c = b[i]
                    if !table[Int(c)] { i += 1; continue }
                    var skip = 1
                    switch c {
                    case 38: flush(); put("&amp;")
                    case 60: flush(); put("&lt;")
                    case 62: flush(); put("&gt;")
                    case 34: flush(); put("&quot;")
                    case 13: flush(); put("&#13;")
                    default:
                        let k = illegalLength(b, i)
                        if k == 0 { i += 1; continue }
                        flush(); skip = k
                    }
                    i += skip
                    run = i
                }
                flush()
                return o
            }
        } }
    }

    /// Element text as a CDATA section, for HTML content: markup written as is instead of growing by a
    /// quarter with `&lt;` and `&quot;`, and read back by parsers in one piece. `]]>` is split across two
    /// sections. Text with a CR or a character XML forbids is escaped instead (a CR inside CDATA would
    /// be read back as LF); so is empty text.
    static func cdata(_ s: String) -> String {
        isPlainCDATA(s) ? "<![CDATA[" + s + "]]>" : splitOrEscaped(s)
    }

    /// `cdata` for the text `isPlainCDATA` refuses: empty (given back), with a CR or an illegal character
    /// (escaped), or with `]]>` (split across sections).
    private static func splitOrEscaped(_ s: String) -> String {
        var copy = s
        return cdataTable.withUnsafeBufferPointer { table in copy.withUTF8 { b in
            let n = b.count
            guard n > 0 else { return s }
            var terminators = 0
            var i = 0
            while i < n {
                let c = b[i]
                if !table[Int(c)] { i += 1; continue }
                if c == 93 {   // ]
                    if i + 2 < n, b[i + 1] == 93, b[i + 2] == 62 { terminators += 1 }
                } else if c == 13 || illegalLength(b, i) > 0 {
                    return escape(s)
                }
                i += 1
            }
            let open: StaticString = "<![CDATA[", close: StaticString = "]]>", split: StaticString = "]]]]><![CDATA[>"
            let length = n + open.utf8CodeUnitCount + close.utf8CodeUnitCount + terminators * (split.utf8CodeUnitCount - 3)
            return String(unsafeUninitializedCapacity: length) { out in
                let base = out.baseAddress!, src = b.baseAddress!
                var o = 0
                @inline(__always) func put(_ bytes: StaticString) {
                    (base + o).update(from: bytes.utf8Start, count: bytes.utf8CodeUnitCount); o += bytes.utf8CodeUnitCount
                }
                put(open)
                var run = 0, i = 0
                while i < n {
                    if b[i] == 93, i + 2 < n, b[i + 1] == 93, b[i + 2] == 62 {
                        (base + o).update(from: src + run, count: i - run); o += i - run
                        put(split)
                        i += 3
                        run = i
                    } else {
                        i += 1
                    }
                }
                (base + o).update(from: src + run, count: n - run); o += n - run
                put(close)
                return o
            }
        } }
    }

    /// `cdata(s)` appended to `o`: a post's HTML is copied once, into the item, instead of into a section first.
    /// `plain`, when given, is `isPlainCDATA(s)` already known. True when `s` went in as one section holding it as it is.
    @discardableResult
    static func appendCDATA(_ s: String, to o: inout String, plain: Bool? = nil) -> Bool {
        if plain ?? isPlainCDATA(s) {
            o += "<![CDATA["
            o += s
            o += "]]>"
            return true
        }
        o += splitOrEscaped(s)
        return false
    }

    /// Whether `s` goes into one CDATA section as it is: not empty, with no `]]>`, no CR and no character XML forbids
    /// (what makes `cdata` split or escape). Most posts: their bytes are ruled out eight at a time.
    static func isPlainCDATA(_ s: String) -> Bool {
        guard !s.isEmpty else { return false }
        var copy = s
        return copy.withUTF8 { b in
            var i = ByteScan.next(b, from: 0, 93, 0xEF)
            while i < b.count {
                let c = b[i]
                if c == 93 {   // ]
                    if i + 2 < b.count, b[i + 1] == 93, b[i + 2] == 62 { return false }
                } else if c == 13 || illegalLength(b, i) > 0 {
                    return false
                }
                i = ByteScan.next(b, from: i + 1, 93, 0xEF)
            }
            return true
        }
    }

    /// Bytes `cdata` must look at: `]`, C0 controls (CR among them) and 0xEF.
    private static let cdataTable: [Bool] = (0..<256).map { c in c == 93 || c < 0x20 || c == 0xEF }

    /// Bytes `escape` must look at: the five it escapes, C0 controls, and 0xEF (U+FFFE/U+FFFF start with it).
    private static let escapeTable: [Bool] = (0..<256).map { c in
        c == 38 || c == 60 || c == 62 || c == 34 || c < 0x20 || c == 0xEF
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

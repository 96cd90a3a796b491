/// Escaping for XML and JSON text: one place decides what may appear in a feed.
enum XMLText {
    /// XML 1.0 `Char`: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF.
    static func isLegal(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v >= 0x20 { return v <= 0xD7FF || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000 }
        return v == 0x9 || v == 0xA || v == 0xD
    }

    /// Removes characters XML 1.0 forbids; returns the text and how many were removed.
    static func removingIllegal(_ s: String) -> (String, Int) {
        guard s.unicodeScalars.contains(where: { !isLegal($0) }) else { return (s, 0) }
        var out = String.UnicodeScalarView()
        var removed = 0
        for c in s.unicodeScalars {
            if isLegal(c) { out.append(c) } else { removed += 1 }
        }
        return (String(out), removed)
    }

    /// Escapes for element text and double-quoted attributes. Escaping `>` means `]]>`
    /// can never appear, and dropping illegal characters keeps the document well-formed
    /// even if a caller skipped sanitising.
    static func escape(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "\r": out.append(contentsOf: "&#13;".unicodeScalars)
            default: if isLegal(c) { out.append(c) }
            }
        }
        return String(out)
    }

    /// A JSON string literal. `/` is not escaped; `<`, `>`, `&` are left as is (JSON Feed readers parse JSON, not HTML);
    /// U+2028/U+2029 are escaped so the output is also valid JavaScript.
    static func jsonString(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for c in s.unicodeScalars {
            switch c {
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\u{2028}": out.append(contentsOf: "\\u2028".unicodeScalars)
            case "\u{2029}": out.append(contentsOf: "\\u2029".unicodeScalars)
            default:
                if c.value < 0x20 || (c.value >= 0x7F && c.value <= 0x9F) {
                    let hex = String(c.value, radix: 16)
                    out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
                } else {
                    out.append(c)
                }
            }
        }
        out.append("\"")
        return String(out)
    }
}

/// Escapes text for XML character data and attribute values.
func xmlEscape(_ s: String) -> String {
    XMLText.escape(s)
}

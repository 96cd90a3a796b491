/// JSON syntax alone (RFC 8259), without building values: a search index is a few thousand JSON
/// files with hundreds of thousands of numbers, and `JSONParser` made a Double and a String for each.
extension JSONParser {
    /// The first syntax error, or nil for well-formed JSON.
    static func syntaxError(_ data: [UInt8]) -> JSONSyntaxError? {
        var p = JSONParser(bytes: data)
        do {
            if let bad = firstInvalidUTF8(data) {
                p.i = bad
                for k in 0..<bad where data[k] == 10 { p.line += 1; p.lineStart = k + 1 }
                throw p.fail("invalid UTF-8")
            }
            p.skipSpace()
            try p.skipValue(depth: 0)
            p.skipSpace()
            if p.i < p.b.count { throw p.fail("unexpected data after the top-level value") }
            return nil
        } catch let e as JSONSyntaxError {
            return e
        } catch {
            return JSONSyntaxError(message: "\(error)", line: 0, column: 0)
        }
    }

    /// Offset of the first byte that does not begin or continue a well-formed UTF-8 sequence.
    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        if String(validating: b, as: UTF8.self) != nil { return nil }  // the fast, common answer
        var i = 0
        while i < b.count {
            let c = b[i]
            let n: Int
            switch c {
            case 0..<0x80: i += 1; continue
            case 0xC2...0xDF: n = 1
            case 0xE0...0xEF: n = 2
            case 0xF0...0xF4: n = 3
            default: return i
            }
            guard i + n < b.count, String(validating: b[i...(i + n)], as: UTF8.self) != nil else { return i }
            i += n + 1
        }
        return nil
    }

    /// A UTF-8 byte order mark is skipped (and does not count as a column).
    init(bytes: [UInt8]) {
        b = bytes
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
    }

    mutating func skipValue(depth: Int) throws {
        guard depth < 512 else { throw fail("nesting too deep") }
        guard i < b.count else { throw fail("unexpected end of data") }
        switch b[i] {
        case UInt8(ascii: "{"):
            i += 1
            skipSpace()
            if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return }
            while true {
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                try skipString()
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after key") }
                i += 1
                skipSpace()
                try skipValue(depth: depth + 1)
                skipSpace()
                guard i < b.count else { throw fail("unterminated object") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; return }
                throw fail("expected ',' or '}' in object")
            }
        case UInt8(ascii: "["):
            i += 1
            skipSpace()
            if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return }
            while true {
                skipSpace()
                try skipValue(depth: depth + 1)
                skipSpace()
                guard i < b.count else { throw fail("unterminated array") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "]") { i += 1; return }
                throw fail("expected ',' or ']' in array")
            }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try skipNumber()
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    mutating func skipNumber() throws {
        let start = i
        func digits() -> Int { let s = i; while i < b.count, b[i] >= 48, b[i] <= 57 { i += 1 }; return i - s }
        if i < b.count, b[i] == UInt8(ascii: "-") { i += 1 }
        guard i < b.count, b[i] >= 48, b[i] <= 57 else { i = start; throw fail("unexpected character") }
        if b[i] == 48 { i += 1 } else { _ = digits() }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("a digit must follow the decimal point") }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("a digit must follow the exponent") }
        }
    }

    mutating func skipString() throws {
        i += 1  // opening quote
        while true {
            guard i < b.count else { throw fail("unterminated string") }
            let c = b[i]
            if c == 34 { i += 1; return }
            if c < 0x20 { throw fail("control character in string (must be escaped)") }
            i += 1
            guard c == 92 else { continue }
            guard i < b.count else { throw fail("unterminated escape") }
            let e = b[i]
            i += 1
            switch e {
            case 34, 92, 47, 98, 102, 110, 114, 116: break
            case 117:
                let v = try hex4()
                if v >= 0xD800, v < 0xDC00 {
                    guard i + 1 < b.count, b[i] == 92, b[i + 1] == 117 else { throw fail("lone surrogate in \\u escape") }
                    i += 2
                    let low = try hex4()
                    guard low >= 0xDC00, low < 0xE000 else { throw fail("invalid surrogate pair") }
                } else if v >= 0xDC00, v < 0xE000 {
                    throw fail("lone surrogate in \\u escape")
                }
            default: throw fail("invalid escape")
            }
        }
    }
}

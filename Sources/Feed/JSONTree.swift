import Foundation

/// A JSON value with the line and column where it starts, so JSON Feed findings point
/// at the offending item (JSONSerialization gives neither).
struct JSONNode {
    enum Value {
        case string(String), number(Double), bool(Bool), null
        case array([JSONNode])
        /// Members in document order (duplicate keys kept, so they can be reported).
        case object([(key: String, value: JSONNode)])
    }
    var value: Value
    var line: Int
    var column: Int

    subscript(key: String) -> JSONNode? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }

    var string: String? { if case .string(let s) = value { return s }; return nil }
    var array: [JSONNode]? { if case .array(let a) = value { return a }; return nil }
    var isObject: Bool { if case .object = value { return true }; return false }
}

struct JSONSyntaxError: Error {
    var message: String
    var line: Int
    var column: Int
}

/// A strict RFC 8259 parser over UTF-8 bytes.
struct JSONParser {
    let b: [UInt8]
    var i = 0
    var line = 1
    var lineStart = 0

    init(_ data: Data) { self.init(bytes: [UInt8](data)) }

    static func parse(_ data: Data) -> Result<JSONNode, JSONSyntaxError> {
        var p = JSONParser(data)
        do {
            p.skipSpace()
            let v = try p.value(depth: 0)
            p.skipSpace()
            if p.i < p.b.count { throw p.fail("unexpected data after the top-level value") }
            return .success(v)
        } catch let e as JSONSyntaxError {
            return .failure(e)
        } catch {
            return .failure(JSONSyntaxError(message: "\(error)", line: 0, column: 0))
        }
    }

    func fail(_ msg: String) -> JSONSyntaxError {
        JSONSyntaxError(message: msg, line: line, column: i - lineStart + 1)
    }

    mutating func skipSpace() {
        while i < b.count {
            switch b[i] {
            case 10: line += 1; i += 1; lineStart = i
            case 32, 9, 13: i += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws -> JSONNode {
        guard depth < 512 else { throw fail("nesting too deep") }
        guard i < b.count else { throw fail("unexpected end of data") }
        let (l, c) = (line, i - lineStart + 1)
        func node(_ v: JSONNode.Value) -> JSONNode { JSONNode(value: v, line: l, column: c) }
        switch b[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(key: String, value: JSONNode)] = []
            skipSpace()
            if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return node(.object(members)) }
            while true {
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
                let key = try string()
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after key") }
                i += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < b.count else { throw fail("unterminated object") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; return node(.object(members)) }
                throw fail("expected ',' or '}' in object")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSONNode] = []
            skipSpace()
            if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return node(.array(items)) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard i < b.count else { throw fail("unterminated array") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "]") { i += 1; return node(.array(items)) }
                throw fail("expected ',' or ']' in array")
            }
        case UInt8(ascii: "\""):
            return node(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return node(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return node(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return node(.null)
        default:
            let start = i
            try skipNumber()  // RFC 8259's grammar (no `01`, no `1.`), which Double alone would accept
            guard let d = Double(String(decoding: b[start..<i], as: UTF8.self)) else {
                i = start
                throw fail("unexpected character")
            }
            return node(.number(d))
        }
    }

    mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= b.count, Array(b[i..<(i + w.count)]) == w else { throw fail("invalid literal") }
        i += w.count
    }

    mutating func string() throws -> String {
        i += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard i < b.count else { throw fail("unterminated string") }
            let c = b[i]
            if c == 34 { i += 1; break }
            if c < 0x20 { throw fail("control character in string (must be escaped)") }
            if c != 92 { out.append(c); i += 1; continue }
            i += 1
            guard i < b.count else { throw fail("unterminated escape") }
            let e = b[i]
            i += 1
            switch e {
            case 34: out.append(34)
            case 92: out.append(92)
            case 47: out.append(47)
            case 98: out.append(8)
            case 102: out.append(12)
            case 110: out.append(10)
            case 114: out.append(13)
            case 116: out.append(9)
            case 117:
                var v = try hex4()
                if v >= 0xD800, v < 0xDC00, i + 1 < b.count, b[i] == 92, b[i + 1] == 117 {
                    i += 2
                    let low = try hex4()
                    guard low >= 0xDC00, low < 0xE000 else { throw fail("invalid surrogate pair") }
                    v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(v) else { throw fail("lone surrogate in \\u escape") }
                out += Array(String(Character(scalar)).utf8)
            default: throw fail("invalid escape")
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("invalid UTF-8 in string") }
        return s
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= b.count, let v = UInt32(String(decoding: b[i..<(i + 4)], as: UTF8.self), radix: 16) else { throw fail("invalid \\u escape") }
        i += 4
        return v
    }
}

import Foundation

/// Liquid's `Expression.parse`: markup (already cut out by a tag's regex or the strict parser) to an `Expr`.
/// Both parsers end here, as in Ruby, so `a[b[0]]` and `1.2.3` mean what they mean in Jekyll.
enum ExpressionParser {
    /// Deeper bracket nesting than this reads as nil (Ruby would recurse; we guard the stack).
    static let maxDepth = 64

    static func parse(_ markup: Substring?, depth: Int = 0) -> Expr? {
        guard let markup else { return nil }
        let m = rubyStrip(markup)
        if m.count >= 1, let f = m.first, f == "\"" || f == "'", m.last == f {
            return .literal(.string(m.count >= 2 ? String(m.dropFirst().dropLast()) : ""))
        }
        let bytes = Array(m.utf8)
        if isInteger(bytes) {
            if let i = Int(String(m)) { return .literal(.int(i)) }
            return .literal(.double(Double(String(m)) ?? 0))
        }
        if let (a, b) = rangeParts(m) {
            let start = parse(a, depth: depth + 1), end = parse(b, depth: depth + 1)
            if case .literal(let x) = start ?? .literal(.null), case .literal(let y) = end ?? .literal(.null) {
                return .range(.literal(.int(rubyToI(x))), .literal(.int(rubyToI(y))))
            }
            return .range(start ?? .literal(.null), end ?? .literal(.null))
        }
        if isFloat(bytes) { return .literal(.double(rubyToF(m))) }
        switch m {
        case "", "nil", "null": return .literal(.null)
        case "true": return .literal(.bool(true))
        case "false": return .literal(.bool(false))
        case "blank", "empty": return .literal(.string(""))
        default: break
        }
        guard depth < maxDepth else { return .literal(.null) }
        return .lookup(variableLookup(m, depth: depth))
    }

    /// `Condition.parse_expression`: `empty`/`blank` as written are method literals, else `parse`.
    static func parseCondition(_ markup: Substring?) -> Expr? {
        if markup == "empty" { return .methodLiteral(blank: false) }
        if markup == "blank" { return .methodLiteral(blank: true) }
        return parse(markup)
    }

    /// `VariableLookup.new`: scan `\[[^\]]+\]|[\w-]+\??`; the first piece names the variable.
    static func variableLookup(_ m: Substring, depth: Int) -> VariableLookup {
        let pieces = scanVariablePieces(m)
        var name = VariableLookup.Name.none
        var keys: [VariableLookup.Key] = []
        for (i, piece) in pieces.enumerated() {
            let bracketed = piece.first == "[" && piece.last == "]" && piece.count >= 2
            if i == 0 {
                if bracketed {
                    let inner = parse(piece.dropFirst().dropLast(), depth: depth + 1)
                    if case .literal(.string(let s)) = inner { name = .fixed(s) } else { name = .dynamic(inner ?? .literal(.null)) }
                } else {
                    name = .fixed(String(piece))
                }
            } else if bracketed {
                keys.append(.bracket(parse(piece.dropFirst().dropLast(), depth: depth + 1) ?? .literal(.null)))
            } else {
                let s = String(piece)
                keys.append(.dot(s, command: s == "size" || s == "first" || s == "last"))
            }
        }
        return VariableLookup(name: name, keys: keys, source: String(m))
    }

    static func scanVariablePieces(_ m: Substring) -> [Substring] {
        var out: [Substring] = []
        var i = m.startIndex
        while i < m.endIndex {
            let c = m[i]
            if c == "[" {
                let after = m.index(after: i)
                if let close = m[after...].firstIndex(of: "]"), close > after {
                    out.append(m[i...close])
                    i = m.index(after: close)
                    continue
                }
            }
            if isWordOrDash(c) {
                var j = i
                while j < m.endIndex, isWordOrDash(m[j]) { j = m.index(after: j) }
                if j < m.endIndex, m[j] == "?" { j = m.index(after: j) }
                out.append(m[i..<j])
                i = j
                continue
            }
            i = m.index(after: i)
        }
        return out
    }

    /// `\A\(\s*(?>(\S+)\s*\.\.)\s*(\S+)\s*\)\z`
    static func rangeParts(_ m: Substring) -> (Substring, Substring)? {
        guard m.first == "(", m.last == ")", m.count >= 2 else { return nil }
        let b = Array(m.utf8)
        var i = 1
        while i < b.count, isSpace(b[i]) { i += 1 }
        var runEnd = i
        while runEnd < b.count, !isSpace(b[runEnd]) { runEnd += 1 }
        guard runEnd > i else { return nil }
        // The atomic group takes the longest \S+ that is followed by \s*.. .
        var firstEnd = -1, afterDots = -1
        var e = runEnd
        while e > i {
            var k = e
            if e == runEnd { while k < b.count, isSpace(b[k]) { k += 1 } }
            if k + 1 < b.count, b[k] == 0x2E, b[k + 1] == 0x2E { firstEnd = e; afterDots = k + 2; break }
            e -= 1
        }
        guard firstEnd > 0 else { return nil }
        var j = afterDots
        while j < b.count, isSpace(b[j]) { j += 1 }
        var last = b.count - 1 // the closing paren
        while last > j, isSpace(b[last - 1]) { last -= 1 }
        guard last > j, !b[j..<last].contains(where: isSpace) else { return nil }
        let u = m.utf8
        func sub(_ x: Int, _ y: Int) -> Substring {
            Substring(u[u.index(u.startIndex, offsetBy: x)..<u.index(u.startIndex, offsetBy: y)])
        }
        return (sub(i, firstEnd), sub(j, last))
    }

    static func isInteger(_ b: [UInt8]) -> Bool {
        var i = 0
        if i < b.count, b[i] == 0x2D { i += 1 }
        guard i < b.count else { return false }
        return b[i...].allSatisfy(isDigit)
    }

    /// `\A(-?\d[\d\.]+)\z`
    static func isFloat(_ b: [UInt8]) -> Bool {
        var i = 0
        if i < b.count, b[i] == 0x2D { i += 1 }
        guard i + 1 < b.count, isDigit(b[i]) else { return false }
        return b[(i + 1)...].allSatisfy { isDigit($0) || $0 == 0x2E }
    }

    /// Ruby `String#to_f` for what `isFloat` accepts: the leading `-?\d+(\.\d+)?`.
    static func rubyToF(_ m: Substring) -> Double {
        var s = ""
        var seenDot = false
        for c in m {
            if c == "-" && s.isEmpty { s.append(c); continue }
            if c.isASCII && c.isNumber { s.append(c); continue }
            if c == ".", !seenDot { seenDot = true; s.append(c); continue }
            break
        }
        if s.hasSuffix(".") { s.removeLast() }
        return Double(s) ?? 0
    }

    /// Ruby's `to_i` on a literal (static range ends).
    static func rubyToI(_ v: Value) -> Int {
        switch v {
        case .int(let i): return i
        case .double(let d): return d.isFinite ? Int(d.rounded(.towardZero)) : 0
        case .string(let s): if case .int(let i) = Value.parseNumber(s) { return i } else { return 0 }
        default: return 0
        }
    }

    static func rubyStrip(_ s: Substring) -> Substring {
        var a = s.startIndex, b = s.endIndex
        while a < b, let u = s[a].asciiValue, isSpace(u) || u == 0 { a = s.index(after: a) }
        while b > a, let u = s[s.index(before: b)].asciiValue, isSpace(u) || u == 0 { b = s.index(before: b) }
        return s[a..<b]
    }
}

@inline(__always) func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
@inline(__always) func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
@inline(__always) func isWordByte(_ c: UInt8) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
}
@inline(__always) func isWordOrDash(_ c: Character) -> Bool {
    guard let a = c.asciiValue else { return false }
    return isWordByte(a) || a == 0x2D
}

/// Ruby's `strip` whitespace: NUL, \t, \n, \v, \f, \r and space (ASCII only, unlike `isWhitespace`).
@inline(__always) func isRubySpace(_ c: Character) -> Bool {
    guard let a = c.asciiValue else { return false }
    return a == 0 || a == 0x20 || (a >= 0x09 && a <= 0x0D)
}

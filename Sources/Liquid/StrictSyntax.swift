import Foundation

/// Liquid 5.4's strict lexer and parser (`Liquid::Lexer`, `Liquid::Parser`). As in Ruby, it validates markup and
/// hands normalized expression text to `ExpressionParser`, so strict and lax parses mean the same thing.
struct StrictParser {
    enum Kind: String, Sendable {
        case comparison, string, number, id, dotdot, pipe, dot, colon, comma
        case open_square, close_square, open_round, close_round, question, dash, end_of_string
    }
    struct Token {
        let kind: Kind
        let text: String
    }
    /// A strict-parser rejection; the caller turns it into a warning or an error with a location.
    struct Failure: Error {
        let message: String
    }

    private(set) var tokens: [Token] = []
    private(set) var p = 0

    init(_ markup: String) throws(Failure) {
        tokens = try Self.tokenize(Array(markup.utf8))
    }

    static func tokenize(_ b: [UInt8]) throws(Failure) -> [Token] {
        var out: [Token] = []
        var i = 0
        func text(_ a: Int, _ e: Int) -> String { String(decoding: b[a..<e], as: UTF8.self) }
        while i < b.count {
            while i < b.count, isSpace(b[i]) { i += 1 }
            if i >= b.count { break }
            let c = b[i]
            let n: UInt8 = i + 1 < b.count ? b[i + 1] : 0
            // ==|!=|<>|<=?|>=?|contains(?=\s)
            if (c == 0x3D && n == 0x3D) || (c == 0x21 && n == 0x3D) || (c == 0x3C && n == 0x3E) {
                out.append(Token(kind: .comparison, text: text(i, i + 2))); i += 2; continue
            }
            if c == 0x3C || c == 0x3E {
                let len = n == 0x3D ? 2 : 1
                out.append(Token(kind: .comparison, text: text(i, i + len))); i += len; continue
            }
            if c == 0x63, i + 8 < b.count, text(i, i + 8) == "contains", isSpace(b[i + 8]) {
                out.append(Token(kind: .comparison, text: "contains")); i += 8; continue
            }
            if c == 0x27 || c == 0x22, let close = b[(i + 1)...].firstIndex(of: c) {
                out.append(Token(kind: .string, text: text(i, close + 1))); i = close + 1; continue
            }
            // -?\d+(\.\d+)?
            var j = i
            if c == 0x2D { j += 1 }
            if j < b.count, isDigit(b[j]) {
                while j < b.count, isDigit(b[j]) { j += 1 }
                if j + 1 < b.count, b[j] == 0x2E, isDigit(b[j + 1]) {
                    j += 1
                    while j < b.count, isDigit(b[j]) { j += 1 }
                }
                out.append(Token(kind: .number, text: text(i, j))); i = j; continue
            }
            // [a-zA-Z_][\w-]*\??
            if (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F {
                j = i + 1
                while j < b.count, isWordByte(b[j]) || b[j] == 0x2D { j += 1 }
                if j < b.count, b[j] == 0x3F { j += 1 }
                out.append(Token(kind: .id, text: text(i, j))); i = j; continue
            }
            if c == 0x2E, n == 0x2E { out.append(Token(kind: .dotdot, text: "..")); i += 2; continue }
            let special: Kind? = switch c {
            case 0x7C: .pipe
            case 0x2E: .dot
            case 0x3A: .colon
            case 0x2C: .comma
            case 0x5B: .open_square
            case 0x5D: .close_square
            case 0x28: .open_round
            case 0x29: .close_round
            case 0x3F: .question
            case 0x2D: .dash
            default: nil
            }
            guard let special else {
                var k = i + 1
                while k < b.count, b[k] & 0xC0 == 0x80 { k += 1 }
                throw Failure(message: "Unexpected character \(text(i, k))")
            }
            out.append(Token(kind: special, text: text(i, i + 1)))
            i += 1
        }
        out.append(Token(kind: .end_of_string, text: ""))
        return out
    }

    // MARK: Parser

    @discardableResult
    mutating func consume(_ kind: Kind? = nil) throws(Failure) -> String {
        let t = tokens[min(p, tokens.count - 1)]
        if let kind, t.kind != kind {
            throw Failure(message: "Expected \(kind.rawValue) but found \(t.kind.rawValue)")
        }
        p += 1
        return t.text
    }

    mutating func consumeIf(_ kind: Kind) -> String? {
        guard p < tokens.count, tokens[p].kind == kind else { return nil }
        p += 1
        return tokens[p - 1].text
    }

    mutating func id(_ s: String) -> Bool {
        guard p < tokens.count, tokens[p].kind == .id, tokens[p].text == s else { return false }
        p += 1
        return true
    }

    func look(_ kind: Kind, _ ahead: Int = 0) -> Bool {
        p + ahead < tokens.count && tokens[p + ahead].kind == kind
    }

    /// An expression, as normalized text for `ExpressionParser`.
    mutating func expression(depth: Int = 0) throws(Failure) -> String {
        guard depth < ExpressionParser.maxDepth else { throw Failure(message: "Expression nested too deeply") }
        let t = tokens[min(p, tokens.count - 1)]
        switch t.kind {
        case .id:
            let s = try consume()
            return s + (try lookups(depth: depth))
        case .open_square:
            var s = try consume()
            s += try expression(depth: depth + 1)
            s += try consume(.close_square)
            return s + (try lookups(depth: depth))
        case .string, .number:
            return try consume()
        case .open_round:
            try consume()
            let first = try expression(depth: depth + 1)
            try consume(.dotdot)
            let last = try expression(depth: depth + 1)
            try consume(.close_round)
            return "(\(first)..\(last))"
        default:
            throw Failure(message: "[:\(t.kind.rawValue), \(Value.rubyQuoted(t.text))] is not a valid expression")
        }
    }

    /// A filter argument, maybe `key: expression`.
    mutating func argument() throws(Failure) -> String {
        var s = ""
        if look(.id), look(.colon, 1) {
            s += try consume()
            s += try consume()
            s += " "
        }
        return s + (try expression())
    }

    mutating func lookups(depth: Int) throws(Failure) -> String {
        var s = ""
        while true {
            if look(.open_square) {
                s += try consume()
                s += try expression(depth: depth + 1)
                s += try consume(.close_square)
            } else if look(.dot) {
                s += try consume()
                s += try consume(.id)
            } else {
                return s
            }
        }
    }

    // MARK: Tag markup

    /// `Variable#strict_parse`.
    static func variable(_ markup: String, loc: SourceLoc) throws(Failure) -> Output {
        var p = try StrictParser(markup)
        if p.look(.end_of_string) { return Output(expr: nil, filters: [], loc: loc) }
        let name = ExpressionParser.parse(Substring(try p.expression()))
        var filters: [FilterCall] = []
        while p.consumeIf(.pipe) != nil {
            let fname = try p.consume(.id)
            var args: [String] = []
            if p.consumeIf(.colon) != nil {
                args.append(try p.argument())
                while p.consumeIf(.comma) != nil { args.append(try p.argument()) }
            }
            filters.append(Lax.filterCall(fname, args))
        }
        try p.consume(.end_of_string)
        return Output(expr: name, filters: filters, loc: loc)
    }

    /// `If#strict_parse`: comparisons joined by and/or (right-nested).
    static func condition(_ markup: String) throws(Failure) -> Condition {
        var p = try StrictParser(markup)
        var parts: [(Condition, Bool?)] = []
        var c = try p.comparison()
        while true {
            if p.id("and") { parts.append((c, true)) } else if p.id("or") { parts.append((c, false)) } else { break }
            c = try p.comparison()
        }
        try p.consume(.end_of_string)
        var result = c
        for (cond, isAnd) in parts.reversed() { result = cond.with(child: result, isAnd: isAnd!) }
        return result
    }

    mutating func comparison() throws(Failure) -> Condition {
        let a = ExpressionParser.parseCondition(Substring(try expression()))
        if let op = consumeIf(.comparison) {
            let b = ExpressionParser.parseCondition(Substring(try expression()))
            return Condition(left: a, op: Lax.operatorFor(op), right: b)
        }
        return Condition(left: a, op: nil, right: nil)
    }

    struct ForParts {
        var variable: String
        var collection: String
        var reversed: Bool
        var attributes: [(String, String)]
    }

    /// `For#strict_parse`.
    static func forLoop(_ markup: String) throws(Failure) -> ForParts {
        var p = try StrictParser(markup)
        let variable = try p.consume(.id)
        guard p.id("in") else { throw Failure(message: "For loops require an 'in' clause") }
        let collection = try p.expression()
        let reversed = p.id("reversed")
        var attributes: [(String, String)] = []
        while p.look(.id), p.look(.colon, 1) {
            let attribute: String
            if p.id("limit") { attribute = "limit" } else if p.id("offset") { attribute = "offset" } else {
                throw Failure(message: "Invalid attribute in for loop. Valid attributes are limit and offset")
            }
            try p.consume()
            attributes.append((attribute, try p.expression()))
        }
        try p.consume(.end_of_string)
        return ForParts(variable: variable, collection: collection, reversed: reversed, attributes: attributes)
    }
}

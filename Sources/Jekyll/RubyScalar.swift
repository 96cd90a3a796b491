import Foundation
import Liquid

/// Psych's `ScalarScanner#tokenize` (Ruby 3.1, Psych 4): how a plain YAML scalar becomes a Ruby value.
enum RubyScalar {
    enum Token { case value(Value), symbol }

    static func tokenize(_ s: String, timeZone: TimeZone) -> Token {
        if s.isEmpty { return .value(.null) }
        let b = Array(s.utf8)
        if wordLike(b) || b.contains(0x0A) {
            if b.count > 5 { return .value(.string(s)) }
            let lower = s.lowercased()
            if let f = lower.first, !"ytonf~".contains(f) { return .value(.string(s)) }
            if s == "~" || lower == "null" { return .value(.null) }
            if ["yes", "true", "on"].contains(lower) { return .value(.bool(true)) }
            if ["no", "false", "off"].contains(lower) { return .value(.bool(false)) }
            return .value(.string(s))
        }
        if let t = RubyTime.psychTimestamp(s, timeZone: timeZone) { return .value(t) }
        if let d = psychDate(b) { return .value(.string(d)) }
        let lower = s.lowercased()
        if lower == ".inf" || lower == "+.inf" { return .value(.double(.infinity)) }
        if lower == "-.inf" { return .value(.double(-.infinity)) }
        if lower == ".nan" { return .value(.double(.nan)) }
        if b.count >= 2, b[0] == 0x3A { return .symbol }
        if let v = sexagesimal(s) { return .value(v) }
        if isFloat(b) {
            if s == "." || s == "+." || s == "-." { return .value(.string(s)) }
            // Ruby: Float(s.gsub(/[,_]|\.([Ee]|$)/, '\1'))
            var t = s.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "_", with: "")
            if t.hasSuffix(".") { t.removeLast() }
            t = t.replacingOccurrences(of: ".e", with: "e").replacingOccurrences(of: ".E", with: "E")
            if t.hasPrefix(".") || t.hasPrefix("-.") || t.hasPrefix("+.") { t = t.replacingOccurrences(of: ".", with: "0.") }
            if let d = Double(t) { return .value(.double(d)) }
            return .value(.string(s))
        }
        if let i = integer(s) { return .value(.int(i)) }
        return .value(.string(s))
    }

    /// `^[^\d.:-]?[[:alpha:]_\s!@#$%^&*(){}<>|/\\~;=]+` at the start (Ruby's `^` also after a newline,
    /// but strings with newlines take this branch anyway).
    static func wordLike(_ b: [UInt8]) -> Bool {
        func inClass(_ i: Int) -> Bool {
            guard i < b.count else { return false }
            let c = b[i]
            if c >= 0x80 { return isAlphaAt(b, i) }
            if (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) { return true }
            return "_ \t\r\n\u{0B}\u{0C}!@#$%^&*(){}<>|/\\~;=".utf8.contains(c)
        }
        if inClass(0) { return true }
        guard !b.isEmpty else { return false }
        let c = b[0]
        let excluded = (c >= 0x30 && c <= 0x39) || c == 0x2E || c == 0x3A || c == 0x2D
        if excluded { return false }
        // One arbitrary leading character, then the class.
        let width = c < 0x80 ? 1 : (c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2)
        return inClass(width)
    }

    private static func isAlphaAt(_ b: [UInt8], _ i: Int) -> Bool {
        let s = String(decoding: b[i...].prefix(4), as: UTF8.self)
        guard let ch = s.unicodeScalars.first else { return false }
        return CharacterSet.letters.contains(ch)
    }

    /// `^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$`, valid as a calendar date: Ruby's Date,
    /// which Liquid prints as `YYYY-MM-DD`.
    static func psychDate(_ b: [UInt8]) -> String? {
        let parts = b.split(separator: 0x2D, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts.allSatisfy({ $0.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) else { return nil }
        let y = Int(String(decoding: parts[0], as: UTF8.self))!
        let m = Int(String(decoding: parts[1], as: UTF8.self))!
        let d = Int(String(decoding: parts[2], as: UTF8.self))!
        guard (0...12).contains(m), (0...31).contains(d), RubyTime.isValidDate(y, m, d) else { return nil }
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    /// `1:30` → 5400, `12:30:00` → 45000 (base 60, Psych's reading of YAML 1.1).
    static func sexagesimal(_ s: String) -> Value? {
        var body = Substring(s)
        var sign = 1
        if body.first == "-" { sign = -1; body = body.dropFirst() } else if body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let head = parts[0]
        guard let f = head.first, f.isASCII, f.isNumber, head.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "_" }) else { return nil }
        var fraction: Substring?
        var tail = Array(parts.dropFirst())
        if let last = tail.last, let dot = last.firstIndex(of: ".") {
            fraction = last[last.index(after: dot)...]
            tail[tail.count - 1] = last[..<dot]
            guard fraction!.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "_" }) else { return nil }
        }
        for p in tail {
            guard (1...2).contains(p.count), p.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            if p.count == 2, p.first! > "5" { return nil }
        }
        let all = [head] + tail
        let n = all.count
        if let fraction {
            var total = 0.0
            for (e, part) in all.enumerated() {
                var v = Double(part.replacingOccurrences(of: "_", with: "")) ?? 0
                if e == n - 1 { v = Double("\(part).\(fraction.replacingOccurrences(of: "_", with: ""))") ?? v }
                total += v * pow(60, Double(abs(e - 2)))
            }
            return .double(Double(sign) * total)
        }
        var total = 0
        for (e, part) in all.enumerated() {
            total += (Int(part.replacingOccurrences(of: "_", with: "")) ?? 0) * Int(pow(60, Double(abs(e - 2))))
        }
        return .int(sign * total)
    }

    /// `^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?)$`
    static func isFloat(_ b: [UInt8]) -> Bool {
        var i = 0
        if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
        if i < b.count, b[i] >= 0x30 && b[i] <= 0x39 {
            while i < b.count, (b[i] >= 0x30 && b[i] <= 0x39) || b[i] == 0x5F || b[i] == 0x2C { i += 1 }
        }
        guard i < b.count, b[i] == 0x2E else { return false }
        i += 1
        while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
        if i < b.count, b[i] == 0x65 || b[i] == 0x45 {
            i += 1
            guard i < b.count, b[i] == 0x2B || b[i] == 0x2D else { return false }
            i += 1
            let start = i
            while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
            guard i > start else { return false }
        }
        return i == b.count
    }

    /// Psych's INTEGER: base 2 (`0b`), 8 (leading 0), 10 (`,` and `_` between digits), 16 (`0x`).
    static func integer(_ s: String) -> Int? {
        var t = Substring(s)
        var negative = false
        if t.first == "-" || t.first == "+" { negative = t.first == "-"; t = t.dropFirst() }
        guard !t.isEmpty else { return nil }
        func digits(_ body: Substring, radix: Int, allowed: (Character) -> Bool) -> Int? {
            guard !body.isEmpty, body.allSatisfy({ allowed($0) || $0 == "_" || $0 == "," }) else { return nil }
            let clean = body.filter { $0 != "_" && $0 != "," }
            guard !clean.isEmpty, let v = Int(clean, radix: radix) else { return nil }
            return negative ? -v : v
        }
        if t.hasPrefix("0b") { return digits(t.dropFirst(2), radix: 2) { $0 == "0" || $0 == "1" } }
        if t.hasPrefix("0x") { return digits(t.dropFirst(2), radix: 16) { $0.isHexDigit } }
        if t == "0" { return 0 }
        if t.hasPrefix("0") { return digits(t.dropFirst(), radix: 8) { ("0"..."7").contains($0) } }
        // [1-9](?:[0-9]|,[0-9]|_[0-9])*
        let chars = Array(t)
        guard let f = chars.first, ("1"..."9").contains(f) else { return nil }
        var i = 1
        while i < chars.count {
            if chars[i].isASCII, chars[i].isNumber { i += 1; continue }
            if (chars[i] == "," || chars[i] == "_"), i + 1 < chars.count, chars[i + 1].isASCII, chars[i + 1].isNumber { i += 2; continue }
            return nil
        }
        guard let v = Int(chars.filter { $0 != "," && $0 != "_" }.map(String.init).joined()) else { return nil }
        return negative ? -v : v
    }

    /// Ruby's `Float#to_s` for the common cases (`1.0`, `0.5`, `1.0e+20`).
    static func floatString(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        if d == d.rounded(), abs(d) < 1e16 { return String(format: "%.1f", d) }
        return "\(d)"
    }
}

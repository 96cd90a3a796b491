import Foundation

/// Ruby Liquid's rules for values: what is true, how a value prints, how two compare, how a key is looked up.
/// Everything here answers as Liquid 5.4 under Ruby 3 does, so a Jekyll theme behaves the same.
extension Value {
    /// Only nil and false are falsy (an empty string or array is true, unlike JavaScript or Python).
    public var isTruthy: Bool {
        switch self {
        case .null, .bool(false): return false
        default: return true
        }
    }

    public var isNil: Bool { if case .null = self { return true } else { return false } }

    /// What `{{ value }}` writes: Ruby's `to_s`, except that an array is joined without separator (nested
    /// arrays flattened) as Liquid's output does.
    public var liquidString: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return Value.rubyFloat(d)
        case .string(let s): return s
        case .array(let a):
            var out = ""
            for v in a { out += v.liquidString }
            return out
        case .hash: return rubyInspect
        case .range(let r): return "\(r.lowerBound)..\(r.upperBound)"
        case .date(let d, let offset): return Value.rubyTime(d, utcOffset: offset)
        case .drop(let d): return d.liquidString ?? Value.hash(d.asHash).rubyInspect
        }
    }

    /// Ruby's `inspect` (what Liquid prints for a hash, and the `inspect` filter): `{"a"=>1, "b"=>[nil, true]}`.
    public var rubyInspect: String {
        switch self {
        case .null: return "nil"
        case .string(let s): return Value.rubyQuoted(s)
        case .array(let a): return "[" + a.map(\.rubyInspect).joined(separator: ", ") + "]"
        case .hash(let h): return h.isEmpty ? "{}" : "{" + h.pairs.map { Value.rubyQuoted($0.key) + "=>" + $0.value.rubyInspect }.joined(separator: ", ") + "}"
        case .drop(let d): return Value.hash(d.asHash).rubyInspect
        default: return liquidString
        }
    }

    /// Ruby's `String#inspect` for the characters themes meet (quotes, backslashes, control characters, `#{`).
    static func rubyQuoted(_ s: String) -> String {
        var out = "\""
        var previous: Character = " "
        for ch in s {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{1B}": out += "\\e"
            case "{" where previous == "#", "$" where previous == "#", "@" where previous == "#":
                out.removeLast(); out += "\\#"; out.append(ch)
            default:
                if let a = ch.asciiValue, a < 0x20 || a == 0x7F {
                    out += a == 0x07 ? "\\a" : a == 0x08 ? "\\b" : a == 0x0B ? "\\v" : a == 0x0C ? "\\f"
                        : "\\u" + String(a, radix: 16, uppercase: true).leftPadded(to: 4)
                } else if ch.unicodeScalars.contains(where: Value.isUnprintable) {
                    // Ruby escapes what Onigmo deems unprintable: controls, line/paragraph separators, unassigned.
                    for u in ch.unicodeScalars {
                        if Value.isUnprintable(u) {
                            let hex = String(u.value, radix: 16, uppercase: true)
                            out += u.value > 0xFFFF ? "\\u{" + hex + "}" : "\\u" + hex.leftPadded(to: 4)
                        } else { out.unicodeScalars.append(u) }
                    }
                } else { out.append(ch) }
            }
            previous = ch
        }
        return out + "\""
    }

    static func isUnprintable(_ u: Unicode.Scalar) -> Bool {
        switch u.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: return true
        default: return false
        }
    }

    /// Ruby's `Float#to_s`: shortest round-trip digits, `.0` on whole numbers, exponent form below 1e-4 and
    /// from 1e15 (`1.0e+15`, `1.0e-05`).
    public static func rubyFloat(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        if d == 0 { return d.sign == .minus ? "-0.0" : "0.0" }
        // Swift's description gives the shortest round-trip digits; take them and the decimal exponent.
        var text = "\(abs(d))"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        var digits = text.replacingOccurrences(of: ".", with: "")
        let pointAt = (text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) } ?? text.count) + exponent
        // Strip leading zeros (0.001 → "0001"), moving the point.
        var decpt = pointAt
        while digits.count > 1, digits.first == "0" { digits.removeFirst(); decpt -= 1 }
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        let sign = d < 0 ? "-" : ""
        if decpt < -3 || decpt > 15 {
            let e = decpt - 1
            let mantissa = String(digits.first!) + "." + (digits.count > 1 ? String(digits.dropFirst()) : "0")
            return sign + mantissa + "e" + (e < 0 ? "-" : "+") + String(abs(e)).leftPadded(to: 2)
        }
        if decpt <= 0 { return sign + "0." + String(repeating: "0", count: -decpt) + digits }
        if decpt >= digits.count { return sign + digits + String(repeating: "0", count: decpt - digits.count) + ".0" }
        let cut = digits.index(digits.startIndex, offsetBy: decpt)
        return sign + digits[..<cut] + "." + digits[cut...]
    }

    /// Ruby's `Time#to_s`: `2016-01-29 08:00:00 +0000`.
    public static func rubyTime(_ date: Date, utcOffset: Int) -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(secondsFromGMT: utcOffset) ?? TimeZone(identifier: "UTC")!
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { String(n ?? 0).leftPadded(to: 2) }
        let sign = utcOffset < 0 ? "-" : "+"
        let off = abs(utcOffset)
        return "\(String(c.year ?? 0).leftPadded(to: 4))-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)):\(two(c.second)) "
            + sign + two(off / 3600) + two(off % 3600 / 60)
    }
}

extension LiquidDrop {
    /// The drop's keys and values as a hash (for printing, `jsonify`, `for` over it).
    public var asHash: LiquidHash {
        var h = LiquidHash()
        for k in keys { h[k] = value(forKey: k) ?? .null }
        return h
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

import Foundation

/// Numbers as people write them in benchmark tables, and as a chart prints them.
enum ChartNumber {
    /// `1234`, `1,234`, `1 234`, `12.5`, `-3`, `1e6`, `12 ms` or `12ms` (when `unit` is ms), `12%`. Nil otherwise.
    static func parse(_ text: String, unit: String?) -> Double? {
        var s = text.trimmingCharacters(in: CharacterSet(charactersIn: " \t\u{A0}"))
        if let unit, !unit.isEmpty, s.hasSuffix(unit) { s = String(s.dropLast(unit.count)).trimmingCharacters(in: CharacterSet(charactersIn: " \t\u{A0}")) }
        if s.hasSuffix("%") { s = String(s.dropLast()).trimmingCharacters(in: CharacterSet(charactersIn: " ")) }
        if s.hasPrefix("+") { s.removeFirst() }
        // Thousands separators: commas only in groups of three (1,234,567), thin or non-breaking spaces.
        let groups = s.split(separator: ",", omittingEmptySubsequences: false)
        if groups.count > 1 {
            guard groups.dropFirst().allSatisfy({ $0.prefix(while: { $0.isNumber }).count == 3 && ($0.count == 3 || $0.dropFirst(3).first == ".") }),
                  let first = groups.first, (1...4).contains(first.count) else { return nil }
            s = groups.joined()
        }
        s = s.replacingOccurrences(of: "\u{202F}", with: "").replacingOccurrences(of: "\u{A0}", with: "")
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isNumber || "-.eE+".contains($0)) }), let v = Double(s), v.isFinite else { return nil }
        return v
    }

    /// The magnitudes a chart draws: beyond them the arithmetic of scales and positions (differences,
    /// powers of ten, subnormal steps) stops being exact enough to place anything.
    static let largest = 1e300, smallest = 1e-300

    /// An error for a number a chart cannot draw (nil when it can), at the cell or option that wrote it.
    static func rangeError(_ v: Double, text: String, line: Int, column: Int) -> ChartError? {
        let a = abs(v)
        guard a > largest || (a != 0 && a < smallest) else { return nil }
        return ChartError("`\(text)` is too \(a > largest ? "large" : "small") to draw", hint: "a chart draws 0 and sizes from 1e-300 to 1e300; change the unit", line: line, column: column)
    }

    /// Ticks and labels: thousands separators, no trailing zeros, at most `decimals` decimals (negative:
    /// the step's power of ten, for ticks of huge values). Numbers
    /// whose digits do not fit an Int64 (≥ 1e15) or need more than 9 decimals are written as `2.5e18`.
    static func format(_ v: Double, decimals: Int) -> String {
        guard v.isFinite else { return v.isNaN ? "?" : v < 0 ? "−∞" : "∞" }
        let a = abs(v)
        if a >= 1e15 || (decimals > 9 && a != 0) {
            let exponent = Int(floor(log10(a)))
            return scientific(v, digits: max(0, min(14, exponent + min(decimals, 400))))
        }
        let d = max(0, min(decimals, 9))
        let scale = pow(10.0, Double(d))
        let rounded = (v * scale).rounded() / scale
        let negative = rounded < 0
        var whole = String(Int64(abs(rounded).rounded(.down)))
        var frac = ""
        if d > 0 {
            let f = Int64((abs(rounded) - abs(rounded).rounded(.down)) * scale + 0.5)
            frac = String(f)
            frac = String(repeating: "0", count: max(0, d - frac.count)) + frac
            while frac.hasSuffix("0") { frac.removeLast() }
        }
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole = String(whole.dropLast(3))
        }
        grouped = whole + grouped
        return (negative && (grouped != "0" || !frac.isEmpty) ? "−" : "") + grouped + (frac.isEmpty ? "" : "." + frac)
    }

    /// `2.5e18`, `−1e−300`: `digits` digits after the point at most, trailing zeros dropped.
    static func scientific(_ v: Double, digits: Int) -> String {
        let text = String(format: "%.\(digits)e", abs(v))           // "2.500e+18"
        guard let e = text.firstIndex(of: "e") else { return text }
        var mantissa = String(text[..<e])
        if mantissa.contains(".") {
            while mantissa.hasSuffix("0") { mantissa.removeLast() }
            if mantissa.hasSuffix(".") { mantissa.removeLast() }
        }
        let exponent = Int(text[text.index(after: e)...]) ?? 0
        return (v < 0 ? "−" : "") + mantissa + "e" + (exponent < 0 ? "−" : "") + String(abs(exponent))
    }

    /// A value printed on its own (a bar label, the description): about three significant digits.
    static func format(_ v: Double) -> String {
        let a = abs(v)
        guard a.isFinite else { return format(v, decimals: 0) }
        if a >= 1e15 || (a != 0 && a < 1e-9) { return scientific(v, digits: 2) }
        return format(v, decimals: a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : a == 0 ? 0 : max(2, Int(-floor(log10(a))) + 2))
    }
}

/// Tick positions a reader can read at a glance: steps of 1, 2 or 5 times a power of ten.
struct Scale {
    var lo: Double
    var hi: Double
    var ticks: [Double]
    /// Decimals of the labels: minus the step's power of ten (negative for steps of 10 and more).
    var decimals: Int
    var log: Bool

    /// A linear scale covering `min…max` with about `count` ticks. Any finite range gives at most
    /// `count * 3` ticks: a step too small to move a value (1e16 to 1e16 + 2) is widened to one that does.
    static func linear(min: Double, max: Double, count: Int = 5) -> Scale {
        var a = min, b = max
        if !(a.isFinite && b.isFinite) || a > b { a = 0; b = 1 }
        let ulp = Swift.max(a.magnitude.ulp, b.magnitude.ulp)
        if b - a < ulp * 64 * Double(count) {
            if a == 0 && b == 0 { b = 1 } else if a >= 0 { a = 0 } else if b <= 0 { b = 0 } else { a = -1; b = 1 }
        }
        let raw = b / Double(count) - a / Double(count)        // no overflow at ±1e308
        let magnitude = pow(10, floor(log10(raw)))
        let norm = raw / magnitude
        let step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude
        let first = floor(a / step + 1e-9), last = ceil(b / step - 1e-9)
        let n = Swift.min(Int(Swift.max(0, last - first)), count * 3)
        let ticks = (0...n).map { i -> Double in
            let t = (first + Double(i)) * step
            return abs(t) < step / 1e6 ? 0 : t
        }
        return Scale(lo: first * step, hi: (first + Double(n)) * step, ticks: ticks, decimals: Int(-floor(log10(step) + 1e-9)), log: false)
    }

    /// Powers of ten covering `min…max` (both > 0); over a dozen decades, every second, fifth… one is labelled.
    static func logarithmic(min: Double, max: Double) -> Scale {
        let lo = floor(log10(min) + 1e-9), hi = Swift.max(ceil(log10(max) - 1e-9), lo + 1)
        let every = Swift.max(1, ((hi - lo) / 12).rounded(.up))
        let ticks = stride(from: lo, through: hi, by: every).map { pow(10, $0) }
        return Scale(lo: pow(10, lo), hi: pow(10, hi), ticks: ticks, decimals: Int(Swift.max(0, -lo)), log: true)
    }

    /// 0…1 position of `v` along the scale (0 when the scale has no length, never NaN).
    func fraction(_ v: Double) -> Double {
        let f = log ? (log10(v) - log10(lo)) / (log10(hi) - log10(lo)) : (v / 2 - lo / 2) / (hi / 2 - lo / 2)
        return f.isFinite ? f : 0
    }

    func label(_ v: Double) -> String { ChartNumber.format(v, decimals: decimals) }
}

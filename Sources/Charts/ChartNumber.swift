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

    /// Ticks and labels: thousands separators, no trailing zeros, at most `decimals` decimals.
    static func format(_ v: Double, decimals: Int) -> String {
        let scale = pow(10.0, Double(decimals))
        let rounded = (v * scale).rounded() / scale
        let negative = rounded < 0
        var whole = String(Int64(abs(rounded).rounded(.down)))
        var frac = ""
        if decimals > 0 {
            let f = Int64((abs(rounded) - abs(rounded).rounded(.down)) * scale + 0.5)
            frac = String(f)
            frac = String(repeating: "0", count: max(0, decimals - frac.count)) + frac
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

    /// A value printed on its own (a bar label, the description): about three significant digits.
    static func format(_ v: Double) -> String {
        let a = abs(v)
        return format(v, decimals: a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : a == 0 ? 0 : max(2, Int(-floor(log10(a))) + 2))
    }
}

/// Tick positions a reader can read at a glance: steps of 1, 2 or 5 times a power of ten.
struct Scale {
    var lo: Double
    var hi: Double
    var ticks: [Double]
    var decimals: Int
    var log: Bool

    /// A linear scale covering `min…max` with about `count` ticks.
    static func linear(min: Double, max: Double, count: Int = 5) -> Scale {
        var a = min, b = max
        if a == b { if a == 0 { b = 1 } else if a > 0 { a = 0 } else { b = 0 } }
        let raw = (b - a) / Double(count)
        let magnitude = pow(10, floor(log10(raw)))
        let norm = raw / magnitude
        let step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude
        let lo = floor(a / step + 1e-9) * step, hi = ceil(b / step - 1e-9) * step
        var ticks: [Double] = []
        var t = lo
        while t <= hi + step / 2 { ticks.append(abs(t) < step / 1e6 ? 0 : t); t += step }
        return Scale(lo: lo, hi: hi, ticks: ticks, decimals: Swift.max(0, Int(-floor(log10(step) + 1e-9))), log: false)
    }

    /// Powers of ten covering `min…max` (both > 0).
    static func logarithmic(min: Double, max: Double) -> Scale {
        let lo = floor(log10(min) + 1e-9), hi = Swift.max(ceil(log10(max) - 1e-9), lo + 1)
        let ticks = stride(from: lo, through: hi, by: 1).map { pow(10, $0) }
        return Scale(lo: pow(10, lo), hi: pow(10, hi), ticks: ticks, decimals: Int(Swift.max(0, -lo)), log: true)
    }

    /// 0…1 position of `v` along the scale.
    func fraction(_ v: Double) -> Double {
        if log { return (log10(v) - log10(lo)) / (log10(hi) - log10(lo)) }
        return (v - lo) / (hi - lo)
    }

    func label(_ v: Double) -> String { ChartNumber.format(v, decimals: decimals) }
}

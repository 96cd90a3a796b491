import Foundation

// Liquid 5.4's math filters. `Utils.to_number` turns floats (and "1.5" strings) into BigDecimal, so
// `0.1 | plus: 0.2` is 0.3 and `3 | times: 1.1` is 3.3: decimal arithmetic, printed back as a Float.
// Integers stay integers (Ruby's floored `/` and `%`).

/// A number as Liquid's math filters hold it: an Integer, a BigDecimal, or a non-finite Float.
enum FilterNumber {
    case int(Int)
    case decimal(Decimal)
    /// Infinity or NaN (BigDecimal keeps them; Decimal cannot).
    case float(Double)

    init(_ v: Value) {
        switch v {
        case .int(let i): self = .int(i)
        case .double(let d): self = FilterNumber.fromDouble(d)
        case .string(let s):
            switch Value.parseNumber(s) {
            case .int(let i): self = .int(i)
            case .double(let d): self = FilterNumber.fromDouble(d)
            default: self = .int(0)
            }
        default: self = .int(0)  // Ruby: nil, true, arrays, hashes, times have no to_number.
        }
    }

    static func fromDouble(_ d: Double) -> FilterNumber {
        guard d.isFinite else { return .float(d) }
        if let dec = Decimal(string: Value.rubyFloat(d), locale: posix) { return .decimal(dec) }
        return .float(d)
    }

    static let posix = Locale(identifier: "en_US_POSIX")

    var asDouble: Double {
        switch self {
        case .int(let i): return Double(i)
        case .float(let d): return d
        case .decimal(let d): return FilterNumber.double(d)
        }
    }

    var asDecimal: Decimal? {
        switch self {
        case .int(let i): return Decimal(i)
        case .decimal(let d): return d
        case .float: return nil
        }
    }

    static func double(_ d: Decimal) -> Double {
        if d.isNaN { return .nan }
        return Double(d.description) ?? NSDecimalNumber(decimal: d).doubleValue
    }

    /// The filter's result: BigDecimal becomes Float (`result.to_f`).
    var value: Value {
        switch self {
        case .int(let i): return .int(i)
        case .float(let d): return .double(d)
        case .decimal(let d): return .double(FilterNumber.double(d))
        }
    }

    func compare(_ other: FilterNumber) -> Int {
        if case .int(let a) = self, case .int(let b) = other { return a < b ? -1 : a == b ? 0 : 1 }
        if let a = asDecimal, let b = other.asDecimal { return a < b ? -1 : a == b ? 0 : 1 }
        let a = asDouble, b = other.asDouble
        return a < b ? -1 : a == b ? 0 : 1
    }

    enum Operation { case plus, minus, times, divide, modulo }

    func apply(_ op: Operation, _ other: FilterNumber) throws(LiquidError) -> FilterNumber {
        if case .int(let a) = self, case .int(let b) = other {
            switch op {
            case .plus: let (r, o) = a.addingReportingOverflow(b); if !o { return .int(r) }
            case .minus: let (r, o) = a.subtractingReportingOverflow(b); if !o { return .int(r) }
            case .times: let (r, o) = a.multipliedReportingOverflow(by: b); if !o { return .int(r) }
            case .divide, .modulo:
                if b == 0 { throw FilterSupport.error("divided by 0") }
                if a == Int.min && b == -1 { return op == .divide ? .float(-Double(a)) : .int(0) }
                var q = a / b, r = a % b
                if r != 0 && ((r < 0) != (b < 0)) { q -= 1; r += b }
                return .int(op == .divide ? q : r)
            }
            // Integer overflow: Ruby would use a Bignum; a Float is the nearest we print.
            return FilterNumber.float(Double(a)).floatApply(op, Double(b))
        }
        if let a = asDecimal, let b = other.asDecimal {
            switch op {
            case .plus: return .decimal(a + b)
            case .minus: return .decimal(a - b)
            case .times: return .decimal(a * b)
            case .divide:
                if b.isZero {
                    if case .int = other, case .int = self { throw FilterSupport.error("divided by 0") }
                    return .float(a.isZero ? .nan : (a < 0) == (b.sign == .minus) ? .infinity : -.infinity)
                }
                return .decimal(a / b)
            case .modulo:
                if b.isZero { throw FilterSupport.error("divided by 0") }
                var quotient = a / b
                var floored = Decimal()
                NSDecimalRound(&floored, &quotient, 0, .down)
                return .decimal(a - b * floored)
            }
        }
        return floatApply(op, other.asDouble)
    }

    private func floatApply(_ op: Operation, _ b: Double) -> FilterNumber {
        let a = asDouble
        switch op {
        case .plus: return .float(a + b)
        case .minus: return .float(a - b)
        case .times: return .float(a * b)
        case .divide: return .float(a / b)
        case .modulo:
            let r = a.truncatingRemainder(dividingBy: b)
            return .float(r != 0 && (r < 0) != (b < 0) ? r + b : r)
        }
    }
}

enum MathFilters {
    static func operation(_ op: FilterNumber.Operation) -> LiquidFilter {
        FilterSupport.make(1, 1) { (input, args, _, _) throws(LiquidError) in
            try FilterNumber(input).apply(op, FilterNumber(args[0])).value
        }
    }

    static func integerPart(_ n: FilterNumber, _ mode: NSDecimalNumber.RoundingMode) throws(LiquidError) -> Value {
        switch n {
        case .int: return n.value
        case .float(let d):
            throw FilterSupport.error(d.isNaN ? "NaN" : d < 0 ? "-Infinity" : "Infinity")
        case .decimal(var d):
            var r = Decimal()
            NSDecimalRound(&r, &d, 0, mode)
            return integerValue(r)
        }
    }

    static func integerValue(_ d: Decimal) -> Value {
        let text = d.description
        if let i = Int(text) { return .int(i) }
        return .double(Double(text) ?? 0)
    }

    static let round = FilterSupport.make(0, 1) { (input, args, _, _) throws(LiquidError) -> Value in
        let digitsArg = args.first ?? .int(0)
        let digits: Int
        switch FilterNumber(digitsArg) {
        case .int(let i): digits = i
        case .decimal(let d): digits = Int(FilterNumber.double(d))
        case .float: digits = 0
        }
        // BigDecimal#round(n) answers an Integer for n <= 0 (and `n == 0` makes the filter do so too).
        let argIsZero = digits <= 0
        let number = FilterNumber(input)
        switch number {
        case .int(let i):
            guard digits < 0 else { return .int(i) }
            if digits < -18 { return .int(0) }
            var p = 1
            for _ in 0..<(-digits) { p *= 10 }
            let r = (abs(i) + p / 2) / p * p
            return .int(i < 0 ? -r : r)
        case .float(let d):
            if argIsZero { throw FilterSupport.error(d.isNaN ? "NaN" : d < 0 ? "-Infinity" : "Infinity") }
            return .double(d)
        case .decimal(var d):
            var r = Decimal()
            NSDecimalRound(&r, &d, max(-127, min(127, digits)), .plain)
            return argIsZero ? integerValue(r) : .double(FilterNumber.double(r))
        }
    }

    static let all: [String: LiquidFilter] = [
        "plus": operation(.plus),
        "minus": operation(.minus),
        "times": operation(.times),
        "divided_by": operation(.divide),
        "modulo": operation(.modulo),
        "abs": FilterSupport.unary { input in
            switch FilterNumber(input) {
            case .int(let i): return i == Int.min ? .double(-Double(i)) : .int(abs(i))
            case .decimal(let d): return .double(abs(FilterNumber.double(d)))
            case .float(let d): return .double(abs(d))
            }
        },
        "ceil": FilterSupport.unary { (input) throws(LiquidError) in try integerPart(FilterNumber(input), .up) },
        "floor": FilterSupport.unary { (input) throws(LiquidError) in try integerPart(FilterNumber(input), .down) },
        "round": round,
        "at_least": FilterSupport.make(1, 1) { (input, args, _, _) in
            let limit = FilterNumber(args[0]), n = FilterNumber(input)
            return (limit.compare(n) > 0 ? limit : n).value
        },
        "at_most": FilterSupport.make(1, 1) { (input, args, _, _) in
            let limit = FilterNumber(args[0]), n = FilterNumber(input)
            return (limit.compare(n) < 0 ? limit : n).value
        },
    ]
}

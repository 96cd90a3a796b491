import Foundation

// What the filter files share: errors, arity checks as Ruby reports them, Ruby's `to_s`, Liquid's
// `InputIterator`, `item[property]`, `Integer()`, and Ruby's `eql?` for `uniq`.

enum FilterSupport {
    /// A filter's error: Ruby's exception message, without the "Liquid error: " the engine prints before it.
    static func error(_ message: String) -> LiquidError {
        LiquidError(message)
    }

    /// Wraps a filter body with Ruby's argument-count check. Counts include the input, and keyword arguments
    /// count as one more positional argument (Liquid passes them as a trailing hash), as Ruby reports them:
    /// "wrong number of arguments (given 1, expected 2)".
    static func make(_ minArgs: Int, _ maxArgs: Int?,
                     _ body: @escaping @Sendable (Value, [Value], LiquidHash, LiquidFilterContext) throws(LiquidError) -> Value)
        -> LiquidFilter {
        return { (input: Value, args: [Value], keywords: LiquidHash, context: LiquidFilterContext) throws(LiquidError) -> Value in
            let given = args.count + (keywords.isEmpty ? 0 : 1)
            if given < minArgs || (maxArgs.map { given > $0 } ?? false) {
                let expected: String
                if let maxArgs {
                    expected = maxArgs == minArgs ? "\(minArgs + 1)" : "\(minArgs + 1)..\(maxArgs + 1)"
                } else {
                    expected = "\(minArgs + 1)+"
                }
                throw error("wrong number of arguments (given \(given + 1), expected \(expected))")
            }
            return try body(input, args, keywords, context)
        }
    }

    /// A filter of the input alone.
    static func unary(_ body: @escaping @Sendable (Value) throws(LiquidError) -> Value) -> LiquidFilter {
        make(0, 0) { (input, _, _, _) throws(LiquidError) in try body(input) }
    }

    /// Liquid's `InputIterator`: arrays flattened, a hash as one item, ranges enumerated, nil as nothing,
    /// anything else as a one-item array (`Array(x)`).
    static func items(_ input: Value) -> [Value] {
        switch input {
        case .array(let a):
            if !a.contains(where: { if case .array = $0 { return true } else { return false } }) { return a }
            var out: [Value] = []
            flatten(a, into: &out)
            return out
        case .null: return []
        case .range(let r): return r.map { .int($0) }
        default: return [input]
        }
    }

    static func flatten(_ a: [Value], into out: inout [Value]) {
        for v in a {
            if case .array(let inner) = v { flatten(inner, into: &out) } else { out.append(v) }
        }
    }

    /// What Ruby's `item[property]` does for the standard filters (`map`, `where`, `sort`, `uniq`, `compact`).
    enum Subscript {
        case value(Value)
        /// The item has no `[]` (nil, booleans, floats, times, ranges): Liquid returns nil from the filter.
        case noMethod
    }

    static func subscriptItem(_ item: Value, _ property: Value) throws(LiquidError) -> Subscript {
        switch item {
        case .hash(let h):
            if case .string(let k) = property { return .value(h[k] ?? .null) }
            return .value(.null)
        case .drop(let d):
            return .value(d.value(forKey: property.rubyToS) ?? .null)
        case .array(let a):
            switch property {
            case .int(let i):
                let j = i < 0 ? a.count + i : i
                return .value(a.indices.contains(j) ? a[j] : .null)
            case .double(let d) where d.isFinite:
                return try subscriptItem(item, .int(Int(d)))
            default: throw propertyError(property)
            }
        case .string(let s):
            switch property {
            case .string(let p): return .value(s.contains(p) || p.isEmpty ? .string(p) : .null)
            case .int(let i):
                let chars = Array(s)
                let j = i < 0 ? chars.count + i : i
                return .value(chars.indices.contains(j) ? .string(String(chars[j])) : .null)
            default: throw propertyError(property)
            }
        case .int(let n):
            if case .int(let bit) = property { return .value(.int(bit < 0 ? 0 : bit >= 63 ? (n < 0 ? 1 : 0) : (n >> bit) & 1)) }
            throw propertyError(property)
        default:
            return .noMethod
        }
    }

    static func propertyError(_ property: Value) -> LiquidError {
        error("cannot select the property '\(property.rubyToS)'")
    }

    /// Liquid's `Utils.to_integer`: integers as they are, anything else through Ruby's `Integer(x.to_s)`.
    static func toInteger(_ v: Value) throws(LiquidError) -> Int {
        if case .int(let i) = v { return i }
        guard let i = rubyInteger(v.rubyToS) else { throw error("invalid integer") }
        return i
    }

    /// Ruby's `Integer(string)`: surrounding whitespace, a sign, `0x`/`0b`/`0o`/`0` prefixes, single
    /// underscores between digits. Nil when Ruby raises.
    static func rubyInteger(_ s: String) -> Int? {
        var b = Array(s.utf8)
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }
        while let l = b.last, isSpace(l) || l == 0 { b.removeLast() }
        var i = 0
        while i < b.count, isSpace(b[i]) { i += 1 }
        var negative = false
        if i < b.count, b[i] == 0x2B || b[i] == 0x2D { negative = b[i] == 0x2D; i += 1 }
        var radix = 10
        if i + 1 < b.count, b[i] == 0x30 {
            switch b[i + 1] | 0x20 {
            case 0x78: radix = 16; i += 2
            case 0x62: radix = 2; i += 2
            case 0x6F: radix = 8; i += 2
            case 0x64: radix = 10; i += 2
            default: radix = 8; i += 1
            }
        }
        guard i < b.count else { return radix == 8 && b.last == 0x30 ? 0 : nil }
        var n = 0
        var lastWasDigit = false
        while i < b.count {
            let c = b[i]
            if c == 0x5F {
                if !lastWasDigit { return nil }
                lastWasDigit = false
            } else {
                let d: Int
                switch c {
                case 0x30...0x39: d = Int(c - 0x30)
                case 0x61...0x7A: d = Int(c - 0x61) + 10
                case 0x41...0x5A: d = Int(c - 0x41) + 10
                default: return nil
                }
                if d >= radix { return nil }
                let (m, o1) = n.multipliedReportingOverflow(by: radix)
                let (a, o2) = m.addingReportingOverflow(d)
                if o1 || o2 { return nil }
                n = a
                lastWasDigit = true
            }
            i += 1
        }
        if !lastWasDigit { return nil }
        return negative ? -n : n
    }

    /// Ruby's `to_i` on a value (Jekyll's `to_integer`): strings read leading digits, floats truncate.
    static func rubyToI(_ v: Value) -> Value {
        switch v {
        case .int: return v
        case .double(let d):
            if d.isNaN || d.isInfinite { return v }
            return Double(Int.min) <= d && d < Double(Int.max) ? .int(Int(d)) : .double(d.rounded(.towardZero))
        case .string(let s): return Value.parseInteger(s)
        case .null: return .int(0)
        case .date(let d, _): return .int(Int(d.timeIntervalSince1970.rounded(.down)))
        default: return v
        }
    }
}

extension Value {
    /// Ruby's `to_s`: like `liquidString`, except that arrays and hashes print as `inspect` does.
    public var rubyToS: String {
        switch self {
        case .string(let s): return s
        case .array, .hash: return rubyInspect
        default: return liquidString
        }
    }

    /// `to_s.empty?` without building the string: a date, number or boolean is never empty (the date
    /// filters ask this of every page's dates, and printing a date to ask was most of their cost).
    public var rubyToSIsEmpty: Bool {
        switch self {
        case .null: return true
        case .string(let s): return s.isEmpty
        case .bool, .int, .double, .date, .range, .array, .hash: return false
        case .drop: return rubyToS.isEmpty
        }
    }

    /// Ruby's `String#to_i`: leading whitespace, a sign, digits with single underscores; 0 otherwise.
    static func parseInteger(_ s: String) -> Value {
        var n = 0
        var negative = false
        var started = false
        var any = false
        var previousUnderscore = false
        for c in s.utf8 {
            if !started {
                if c == 0x20 || (c >= 0x09 && c <= 0x0D) { continue }
                started = true
                if c == 0x2D || c == 0x2B { negative = c == 0x2D; continue }
            }
            if c >= 0x30 && c <= 0x39 {
                let (m, o1) = n.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(Int(c - 0x30))
                if o1 || o2 { return .double(Double(s.trimmingCharacters(in: .whitespaces)) ?? 0) }
                n = a
                any = true
                previousUnderscore = false
            } else if c == 0x5F && any && !previousUnderscore {
                previousUnderscore = true
            } else { break }
        }
        return .int(negative ? -n : n)
    }
}

/// Ruby's `eql?`/`hash` for `uniq`: 1 and 1.0 differ, strings and collections by content, drops by identity.
struct FilterEqlKey: Hashable {
    let value: Value

    static func == (a: FilterEqlKey, b: FilterEqlKey) -> Bool { eql(a.value, b.value) }

    static func eql(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x == y
        case (.double(let x), .double(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { eql($0, $1) }
        case (.hash(let x), .hash(let y)):
            return x.count == y.count && x.pairs.allSatisfy { p in y[p.key].map { eql(p.value, $0) } ?? false }
        case (.int, _), (.double, _), (_, .int), (_, .double), (.array, _), (.hash, _): return false
        default: return a.liquidEquals(b)
        }
    }

    func hash(into hasher: inout Hasher) { FilterEqlKey.feed(value, into: &hasher) }

    static func feed(_ v: Value, into h: inout Hasher) {
        switch v {
        case .null: h.combine(0)
        case .bool(let b): h.combine(1); h.combine(b)
        case .int(let i): h.combine(2); h.combine(i)
        case .double(let d): h.combine(3); h.combine(d.isNaN ? Double.nan.bitPattern : d.bitPattern)
        case .string(let s): h.combine(4); h.combine(s)
        case .array(let a): h.combine(5); h.combine(a.count); for x in a { feed(x, into: &h) }
        case .hash(let x): h.combine(6); h.combine(x.count)  // order-independent equality: hash the size only
        case .range(let r): h.combine(7); h.combine(r.lowerBound); h.combine(r.upperBound)
        case .date(let d, _): h.combine(8); h.combine(d)
        case .drop(let d): h.combine(9); h.combine(ObjectIdentifier(d))
        }
    }
}

/// A thread-safe memo table (formats, zones, compiled patterns): filled once per key, read many times.
final class FilterCache<Key: Hashable & Sendable, Object>: @unchecked Sendable {
    private var storage: [Key: Object] = [:]
    private let lock = NSLock()

    func value(_ key: Key, make: () -> Object) -> Object {
        lock.lock()
        defer { lock.unlock() }
        if let v = storage[key] { return v }
        let v = make()
        // A bound against unbounded growth, above a large site's URL count (`absolute_url` keeps one per page).
        if storage.count > 65_536 { storage.removeAll() }
        storage[key] = v
        return v
    }
}

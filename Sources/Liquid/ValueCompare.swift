import Foundation

/// How Liquid compares values (`==`, `<`, `contains`), looks up keys, and reads numbers — Ruby's rules.
extension Value {
    /// Ruby `==`: 1 == 1.0, "1" != 1, arrays and hashes by content, drops by identity.
    public func liquidEquals(_ other: Value) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.int(let a), .double(let b)): return Double(a) == b
        case (.double(let a), .int(let b)): return a == Double(b)
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.liquidEquals($1) }
        case (.hash(let a), .hash(let b)):
            return a.count == b.count && a.pairs.allSatisfy { p in b[p.key].map { p.value.liquidEquals($0) } ?? false }
        case (.range(let a), .range(let b)): return a == b
        case (.date(let a, _), .date(let b, _)): return a == b
        case (.drop(let a), .drop(let b)): return a === b
        case (.drop(let d), .string(let s)), (.string(let s), .drop(let d)): return d.equalsItsString && d.liquidString == s
        default: return false
        }
    }

    /// Liquid's `empty` literal: strings, arrays and hashes with nothing in them.
    public var isLiquidEmpty: Bool {
        switch self {
        case .string(let s): return s.isEmpty
        case .array(let a): return a.isEmpty
        case .hash(let h): return h.isEmpty
        default: return false
        }
    }

    /// Liquid's `blank` literal (ActiveSupport's `blank?`): nil, false, whitespace-only strings, empty collections.
    public var isLiquidBlank: Bool {
        switch self {
        case .null, .bool(false): return true
        case .string(let s): return s.allSatisfy(\.isWhitespace)
        case .array(let a): return a.isEmpty
        case .hash(let h): return h.isEmpty
        default: return false
        }
    }

    /// The outcome of `<`, `>`, `<=`, `>=` between two values.
    public enum Ordering: Sendable, Equatable {
        /// Comparable: negative, zero or positive, as Ruby's `<=>`.
        case ordered(Int)
        /// One side cannot be compared (nil, a hash, an array): the condition is false, no error.
        case incomparable
        /// Ruby raises (`comparison of Integer with String failed`): Jekyll stops the build with this message.
        case error(String)
    }

    public func liquidCompare(_ other: Value) -> Ordering {
        func cmp<T: Comparable>(_ a: T, _ b: T) -> Ordering { .ordered(a < b ? -1 : a == b ? 0 : 1) }
        switch (self, other) {
        case (.int(let a), .int(let b)): return cmp(a, b)
        case (.int(let a), .double(let b)): return cmp(Double(a), b)
        case (.double(let a), .int(let b)): return cmp(a, Double(b))
        case (.double(let a), .double(let b)): return a.isNaN || b.isNaN ? .error("comparison of Float with Float failed") : cmp(a, b)
        case (.string(let a), .string(let b)): return Value.compareBytes(a, b)
        case (.date(let a, _), .date(let b, _)): return cmp(a, b)
        case (.null, _), (_, .null), (.hash, _), (_, .hash), (.array, _), (.bool, _), (.drop, _), (.range, _): return .incomparable
        default: return .error("comparison of \(rubyClass) with \(other.rubyComparisonOperand) failed")
        }
    }

    /// Ruby's String `<=>`: byte order.
    static func compareBytes(_ a: String, _ b: String) -> Ordering {
        var x = a, y = b
        return x.withUTF8 { p in y.withUTF8 { q in
            let n = min(p.count, q.count)
            let r = n == 0 ? 0 : memcmp(p.baseAddress!, q.baseAddress!, n)
            if r != 0 { return .ordered(r < 0 ? -1 : 1) }
            return .ordered(p.count < q.count ? -1 : p.count == q.count ? 0 : 1)
        } }
    }

    /// The Ruby class name Liquid's error messages use.
    public var rubyClass: String {
        switch self {
        case .null: return "NilClass"
        case .bool(let b): return b ? "TrueClass" : "FalseClass"
        case .int: return "Integer"
        case .double: return "Float"
        case .string: return "String"
        case .array: return "Array"
        case .hash: return "Hash"
        case .range: return "Range"
        case .date: return "Time"
        case .drop: return "Drop"
        }
    }

    /// How Ruby names the right-hand side in "comparison of X with Y failed": numbers and nil by value.
    private var rubyComparisonOperand: String {
        switch self {
        case .int, .double, .null, .bool: return rubyInspect
        default: return rubyClass
        }
    }

    /// `contains`: substring for strings (right side printed), element for arrays, key for hashes.
    public func liquidContains(_ other: Value) -> Bool {
        switch self {
        case .string(let s):
            if case .null = other { return false }
            let needle = other.liquidString
            return FilterText.contains(s, needle)
        case .array(let a): return a.contains { $0.liquidEquals(other) }
        case .hash(let h): if case .string(let k) = other { return h[k] != nil } else { return false }
        case .drop(let d): if case .string(let k) = other { return d.value(forKey: k) != nil } else { return false }
        case .range(let r): if case .int(let i) = other { return r.contains(i) } else { return false }
        default: return false
        }
    }

    /// `a.key`, `a[key]`, `a[0]`. `command` is true for a dot lookup, where `size`, `first` and `last` work
    /// on arrays, strings and hashes that have no such key (`a["size"]` never does).
    public func lookup(_ key: Value, command: Bool = false) -> Value? {
        switch (self, key) {
        case (.hash(let h), .string(let k)):
            if let v = h[k] { return v }
            if command, k == "size" { return .int(h.count) }
            if command, k == "first", let p = h.pairs.first { return .array([.string(p.key), p.value]) }
            return nil
        case (.drop(let d), .string(let k)):
            if let v = d.value(forKey: k) { return v }
            return nil
        case (.array(let a), .int(let i)):
            let j = i < 0 ? a.count + i : i
            return a.indices.contains(j) ? a[j] : nil
        case (.array(let a), .double(let d)):
            return Value.array(a).lookup(.int(Int(d)), command: command)
        case (.array(let a), .string(let k)) where command:
            switch k {
            case "size": return .int(a.count)
            case "first": return a.first ?? .null
            case "last": return a.last ?? .null
            default: return nil
            }
        case (.string(let s), .string("size")) where command: return .int(s.count)
        case (.range(let r), .string(let k)) where command:
            switch k {
            case "size": return .int(r.count)
            case "first": return .int(r.lowerBound)
            case "last": return .int(r.upperBound)
            default: return nil
            }
        case (.range(let r), .int(let i)):
            return Value.array(r.map { .int($0) }).lookup(.int(i))
        default: return nil
        }
    }

    /// Liquid's `Utils.to_number` for math filters: numbers as they are, `"1.5"` a float, `"12abc"` 12, else 0.
    public var liquidNumber: Value {
        switch self {
        case .int, .double: return self
        case .string(let s): return Value.parseNumber(s)
        case .bool, .null, .array, .hash, .range, .drop: return .int(0)
        case .date(let d, _): return .int(Int(d.timeIntervalSince1970))
        }
    }

    /// Ruby: `/\A-?\d+\.\d+\z/` (after strip) reads as a float; anything else as `to_i` (leading digits, else 0).
    public static func parseNumber(_ raw: String) -> Value {
        let s = raw.trimmingCharacters(in: .whitespaces)
        let b = Array(s.utf8)
        var i = 0
        if i < b.count, b[i] == 0x2D { i += 1 }
        let intStart = i
        while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
        if i > intStart, i < b.count, b[i] == 0x2E {
            var j = i + 1
            while j < b.count, b[j] >= 0x30, b[j] <= 0x39 { j += 1 }
            if j > i + 1, j == b.count, let d = Double(s) { return .double(d) }
        }
        // to_i: optional sign (+ or -), digits, underscores between digits allowed by Ruby.
        var k = 0
        let t = Array(raw.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.utf8)
        var negative = false
        if k < t.count, t[k] == 0x2D || t[k] == 0x2B { negative = t[k] == 0x2D; k += 1 }
        var n = 0
        var any = false
        while k < t.count {
            if t[k] >= 0x30, t[k] <= 0x39 {
                let (m, o1) = n.multipliedReportingOverflow(by: 10)
                let (a, o2) = m.addingReportingOverflow(Int(t[k] - 0x30))
                if o1 || o2 { return .double(Double(String(decoding: t, as: UTF8.self)) ?? 0) }
                n = a; any = true
            } else if t[k] == 0x5F, any, k + 1 < t.count, t[k + 1] >= 0x30, t[k + 1] <= 0x39 {
                // Ruby allows 1_000.
            } else { break }
            k += 1
        }
        return .int(negative ? -n : n)
    }
}

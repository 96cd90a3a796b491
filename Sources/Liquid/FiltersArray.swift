import Foundation

// Liquid 5.4's array filters (and `default`), over Liquid's InputIterator: arrays flattened, a hash as one
// item. Sorting is stable, as Ruby's `sort` is on glibc (qsort_r is a merge sort there).

enum ArrayFilters {
    /// Ruby's `a <=> b` for the values sort meets; nil where Ruby answers nil (incomparable).
    static func spaceship(_ a: Value, _ b: Value) -> Int? {
        switch (a, b) {
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double), (.string, .string), (.date, .date):
            if case .ordered(let o) = a.liquidCompare(b) { return o }
            return nil
        case (.array(let x), .array(let y)):
            for (p, q) in zip(x, y) {
                guard let o = spaceship(p, q) else { return nil }
                if o != 0 { return o }
            }
            return x.count < y.count ? -1 : x.count == y.count ? 0 : 1
        case (.null, .null): return 0
        case (.bool(let x), .bool(let y)): return x == y ? 0 : nil
        default: return a.liquidEquals(b) ? 0 : nil
        }
    }

    /// Sorts stably with a comparator that may fail (Ruby raises from inside `sort`).
    static func sorted(_ items: [Value], _ compare: (Value, Value) throws(LiquidError) -> Int) throws(LiquidError) -> [Value] {
        var failure: LiquidError?
        let result = items.sorted { x, y in
            if failure != nil { return false }
            do throws(LiquidError) { return try compare(x, y) < 0 } catch { failure = error; return false }
        }
        if let failure { throw failure }
        return result
    }

    /// Liquid's `nil_safe_compare`: nils last, other incomparable pairs an error.
    static func nilSafeCompare(_ a: Value, _ b: Value) throws(LiquidError) -> Int {
        if let o = spaceship(a, b) { return o }
        if a.isNil { return 1 }
        if b.isNil { return -1 }
        throw FilterSupport.error("cannot sort values of incompatible types")
    }

    /// Ruby's `casecmp` on `to_s`: ASCII letters folded, then byte order.
    static func casecmp(_ a: String, _ b: String) -> Int {
        var x = a, y = b
        return x.withUTF8 { p in y.withUTF8 { q in
            let n = min(p.count, q.count)
            for i in 0..<n {
                var c = p[i], d = q[i]
                if c >= 0x41 && c <= 0x5A { c |= 0x20 }
                if d >= 0x41 && d <= 0x5A { d |= 0x20 }
                if c != d { return c < d ? -1 : 1 }
            }
            return p.count < q.count ? -1 : p.count == q.count ? 0 : 1
        } }
    }

    static func nilSafeCasecmp(_ a: Value, _ b: Value) -> Int {
        if !a.isNil && !b.isNil { return casecmp(a.rubyToS, b.rubyToS) }
        return a.isNil ? 1 : -1
    }

    /// `item[property]` for every item, or nil when an item has no `[]` (then the filter returns nil).
    static func properties(_ items: [Value], _ property: Value) throws(LiquidError) -> [Value]? {
        var out: [Value] = []
        out.reserveCapacity(items.count)
        for item in items {
            switch try FilterSupport.subscriptItem(item, property) {
            case .value(let v): out.append(v)
            case .noMethod: return nil
            }
        }
        return out
    }

    static func sortFilter(natural: Bool) -> LiquidFilter {
        FilterSupport.make(0, 1) { (input, args, _, _) throws(LiquidError) -> Value in
            let items = FilterSupport.items(input)
            if items.isEmpty { return .array([]) }
            let property = args.first ?? .null
            if property.isNil {
                return .array(natural ? try sorted(items) { a, b in nilSafeCasecmp(a, b) } : try sorted(items, nilSafeCompare))
            }
            // `ary.all? { |el| el.respond_to?(:[]) }`, else the filter returns nil.
            guard let keys = try properties(items, property) else { return .null }
            let indices = Array(items.indices)
            var failure: LiquidError?
            let order = indices.sorted { i, j in
                if failure != nil { return false }
                if natural { return nilSafeCasecmp(keys[i], keys[j]) < 0 }
                do throws(LiquidError) { return try nilSafeCompare(keys[i], keys[j]) < 0 } catch { failure = error; return false }
            }
            if let failure { throw failure }
            return .array(order.map { items[$0] })
        }
    }

    static func uniq(_ items: [Value], by keys: [Value]) -> [Value] {
        var seen = Set<FilterEqlKey>()
        var out: [Value] = []
        for (item, key) in zip(items, keys) where seen.insert(FilterEqlKey(value: key)).inserted { out.append(item) }
        return out
    }

    static let all: [String: LiquidFilter] = [
        "join": FilterSupport.make(0, 1) { input, args, _, _ in
            let glue = args.first.map(\.rubyToS) ?? " "
            return .string(FilterSupport.items(input).map(\.rubyToS).joined(separator: glue))
        },
        "first": FilterSupport.unary { input in
            switch input {
            case .array(let a): return a.first ?? .null
            case .range(let r): return .int(r.lowerBound)
            case .hash(let h): return h.pairs.first.map { .array([.string($0.key), $0.value]) } ?? .null
            default: return .null
            }
        },
        "last": FilterSupport.unary { input in
            switch input {
            case .array(let a): return a.last ?? .null
            case .range(let r): return .int(r.upperBound)
            default: return .null
            }
        },
        "reverse": FilterSupport.unary { input in .array(FilterSupport.items(input).reversed()) },
        "concat": FilterSupport.make(1, 1) { (input, args, _, _) throws(LiquidError) -> Value in
            guard case .array(let other) = args[0] else { throw FilterSupport.error("concat filter requires an array argument") }
            return .array(FilterSupport.items(input) + other)
        },
        "map": FilterSupport.make(1, 1) { (input, args, _, _) throws(LiquidError) -> Value in
            let property = args[0]
            var out: [Value] = []
            for item in FilterSupport.items(input) {
                if case .string("to_liquid") = property { out.append(item); continue }
                switch try FilterSupport.subscriptItem(item, property) {
                case .value(let v): out.append(v)
                case .noMethod: out.append(.null)
                }
            }
            return .array(out)
        },
        "sort": sortFilter(natural: false),
        "sort_natural": sortFilter(natural: true),
        "uniq": FilterSupport.make(0, 1) { (input, args, _, _) throws(LiquidError) -> Value in
            let items = FilterSupport.items(input)
            guard let property = args.first, !property.isNil else { return .array(uniq(items, by: items)) }
            if items.isEmpty { return .array([]) }
            guard let keys = try properties(items, property) else { return .null }
            return .array(uniq(items, by: keys))
        },
        "compact": FilterSupport.make(0, 1) { (input, args, _, _) throws(LiquidError) -> Value in
            let items = FilterSupport.items(input)
            guard let property = args.first, !property.isNil else { return .array(items.filter { !$0.isNil }) }
            if items.isEmpty { return .array([]) }
            guard let keys = try properties(items, property) else { return .null }
            return .array(zip(items, keys).filter { !$0.1.isNil }.map(\.0))
        },
        "where": FilterSupport.make(1, 2) { (input, args, _, _) throws(LiquidError) -> Value in
            let items = FilterSupport.items(input)
            if items.isEmpty { return .array([]) }
            let property = args[0]
            let target = args.count > 1 ? args[1] : .null
            var out: [Value] = []
            for item in items {
                switch try FilterSupport.subscriptItem(item, property) {
                case .noMethod: return .null
                case .value(let v):
                    if target.isNil ? v.isTruthy : v.liquidEquals(target) { out.append(item) }
                }
            }
            return .array(out)
        },
        "sum": FilterSupport.make(0, 1) { (input, args, _, _) throws(LiquidError) -> Value in
            let items = FilterSupport.items(input)
            if items.isEmpty { return .int(0) }
            let property = args.first ?? .null
            var total = FilterNumber.int(0)
            for item in items {
                var v = item
                if !property.isNil {
                    switch try FilterSupport.subscriptItem(item, property) {
                    case .value(let x): v = x
                    case .noMethod: v = .int(0)
                    }
                }
                for x in FilterSupport.items(v) {
                    total = try total.apply(.plus, FilterNumber(x))
                }
            }
            return total.value
        },
        "default": FilterSupport.make(0, 2) { input, args, keywords, _ in
            let fallback = args.first ?? .string("")
            let allowFalse = keywords["allow_false"]?.isTruthy ?? false
            let missing = allowFalse ? input.isNil : !input.isTruthy
            return missing || input.isLiquidEmpty ? fallback : input
        },
    ]
}

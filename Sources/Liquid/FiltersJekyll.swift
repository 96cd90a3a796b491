import Foundation

// Jekyll 4.3's filters that need no site (lib/jekyll/filters.rb, filters/date_filters.rb,
// filters/grouping_filters.rb): where/find (comparing `to_s`), the *_exp forms, group_by, sort with nils,
// the array helpers, the date_to_* formats.

enum JekyllCollectionFilters {
    /// Jekyll's `item_property`: `item[property]` (dotted paths walk hashes; a step without `[]` gives
    /// false), then `parse_sort_input` (numeric-looking values become numbers).
    static func itemProperty(_ item: Value, _ property: String) throws(LiquidError) -> Value {
        func read(_ data: Value, _ key: String) throws(LiquidError) -> Value {
            switch data {
            case .hash(let h): return h[key] ?? .null
            case .drop(let d): return d.value(forKey: key) ?? .null
            case .string(let s): return s.contains(key) ? .string(key) : .null
            case .array, .int: throw FilterSupport.error("no implicit conversion of String into Integer")
            default: throw FilterSupport.error("undefined method `[]' for \(FilterJSON.inspect(data)):\(data.rubyClass)")
            }
        }
        var v: Value
        if !property.contains(".") {
            v = try read(item, property)
        } else {
            // `data.respond_to?(:[]) && data[key]`: a step without `[]` gives false.
            v = item
            for key in FilterText.split(property, ".") {
                switch v {
                case .hash, .drop, .string, .array, .int: v = try read(v, key)
                default: v = .bool(false)
                }
            }
        }
        return parseSortInput(v)
    }

    static func itemProperties(_ items: [Value], _ property: String) throws(LiquidError) -> [Value] {
        var out: [Value] = []
        out.reserveCapacity(items.count)
        for item in items { out.append(try itemProperty(item, property)) }
        return out
    }

    /// `INTEGER_LIKE` → to_i, `FLOAT_LIKE` → to_f, on the value's `to_s`.
    static func parseSortInput(_ v: Value) -> Value {
        switch v {
        case .int, .double, .null, .bool, .date, .array, .hash, .drop: return v
        default: break
        }
        let s = v.rubyToS
        let b = Array(s.utf8)
        var i = 0, e = b.count
        while i < e, FilterText.isSpace(b[i]) { i += 1 }
        while e > i, FilterText.isSpace(b[e - 1]) { e -= 1 }
        var j = i
        if j < e, b[j] == 0x2D { j += 1 }
        let digitsStart = j
        while j < e, b[j] >= 0x30, b[j] <= 0x39 { j += 1 }
        let intDigits = j - digitsStart
        if intDigits > 0 && j == e { return Value.parseInteger(s) }
        var floatLike = false
        if intDigits > 0, j < e, b[j] == 0x2E {
            j += 1
            while j < e, b[j] >= 0x30, b[j] <= 0x39 { j += 1 }
            floatLike = j == e
        } else if intDigits == 0, j < e, b[j] == 0x2E {
            j += 1
            let fracStart = j
            while j < e, b[j] >= 0x30, b[j] <= 0x39 { j += 1 }
            floatLike = j == e && j > fracStart
        }
        guard floatLike else { return v }
        var text = String(decoding: b[i..<e], as: UTF8.self)
        if text.hasSuffix(".") { text += "0" }
        if text.hasPrefix("-.") { text = "-0" + text.dropFirst() } else if text.hasPrefix(".") { text = "0" + text }
        return .double(Double(text) ?? 0)
    }

    /// `compare_property_vs_target` for a target that is not nil: `to_s` equality, an array property
    /// matching when any element does.
    static func matches(_ property: Value, _ target: Value) -> Bool {
        if target.isNil { return property.isNil }
        let t = target.rubyToS
        switch property {
        case .string(let s): return s == t
        case .null: return false
        case .array(let a): return a.contains { $0.rubyToS == t }
        case .hash(let h): return h.pairs.contains { Value.array([.string($0.key), $0.value]).rubyToS == t }
        default: return property.rubyToS == t
        }
    }

    /// The items Jekyll's where/find/*_exp walk: an array, a hash's values, a range; nil when the input
    /// has no `select` (the filter returns its input).
    static func selectable(_ input: Value) -> [Value]? {
        switch input {
        case .array(let a): return a
        case .hash(let h): return h.pairs.map(\.value)
        case .range(let r): return r.map { .int($0) }
        default: return nil
        }
    }

    static func groupable(_ input: Value) -> [Value]? {
        switch input {
        case .array(let a): return a
        case .hash(let h): return h.pairs.map { .array([.string($0.key), $0.value]) }
        case .range(let r): return r.map { .int($0) }
        default: return nil
        }
    }

    static func grouped(_ keys: [Value], _ items: [Value]) -> Value {
        var order: [FilterEqlKey] = []
        var groups: [FilterEqlKey: [Value]] = [:]
        for (k, item) in zip(keys, items) {
            let key = FilterEqlKey(value: k)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(item)
        }
        return .array(order.map { k in
            let members = groups[k]!
            return .hash(LiquidHash([("name", k.value), ("items", .array(members)), ("size", .int(members.count))]))
        })
    }

    /// Ruby's `<=>` failing inside `sort`: "comparison of String with 1 failed".
    static func comparisonError(_ a: Value, _ b: Value) -> LiquidError {
        let right: String
        switch b {
        case .int, .double, .null, .bool: right = b.rubyInspect
        default: right = b.rubyClass
        }
        return FilterSupport.error("comparison of \(a.rubyClass) with \(right) failed")
    }

    static func jekyllSort(_ input: Value, _ args: [Value]) throws(LiquidError) -> Value {
        if input.isNil { throw FilterSupport.error("Cannot sort a null object.") }
        let items: [Value]
        switch input {
        case .array(let a): items = a
        case .hash(let h): items = h.pairs.map { .array([.string($0.key), $0.value]) }
        case .range(let r): items = r.map { .int($0) }
        default: throw FilterSupport.error("undefined method `sort' for \(input.rubyInspect):\(input.rubyClass)")
        }
        let property = args.first ?? .null
        if property.isNil {
            // Report an incomparable pair in array order, as Ruby's merge sort meets it.
            var failure: LiquidError?
            let order = items.indices.sorted { i, j in
                if failure != nil { return false }
                guard let o = ArrayFilters.spaceship(items[i], items[j]) else {
                    failure = comparisonError(items[min(i, j)], items[max(i, j)])
                    return false
                }
                return o < 0
            }
            if let failure { throw failure }
            return .array(order.map { items[$0] })
        }
        let nils = args.count > 1 ? args[1] : .string("first")
        let order: Int
        switch nils {
        case .string("first"): order = -1
        case .string("last"): order = 1
        default:
            throw FilterSupport.error("Invalid nils order: '\(nils.rubyToS)' is not a valid nils order. It must be 'first' or 'last'.")
        }
        let name = property.rubyToS
        let keys = try itemProperties(items, name)
        let sortedIndices = items.indices.sorted { i, j in
            let a = keys[i], b = keys[j]
            if !a.isNil && b.isNil { return -order < 0 }
            if a.isNil && !b.isNil { return order < 0 }
            if let o = ArrayFilters.spaceship(a, b) { return o < 0 }
            return Value.compareBytes(a.rubyToS, b.rubyToS) == .ordered(-1)
        }
        return .array(sortedIndices.map { items[$0] })
    }

    static let filters: [String: LiquidFilter] = [
        "where": FilterSupport.make(2, 2) { (input, args, _, _) throws(LiquidError) -> Value in
            let property = args[0], target = args[1]
            if !property.isTruthy { return input }
            if case .array = target { return input }
            if case .hash = target { return input }
            guard let items = selectable(input) else { return input }
            let name = property.rubyToS
            let keys = try itemProperties(items, name)
            return .array(zip(items, keys).filter { matches($0.1, target) }.map(\.0))
        },
        "find": FilterSupport.make(2, 2) { (input, args, _, _) throws(LiquidError) -> Value in
            let property = args[0], target = args[1]
            if !property.isTruthy { return input }
            if case .array = target { return input }
            if case .hash = target { return input }
            guard let items = selectable(input) else { return input }
            let name = property.rubyToS
            for item in items where matches(try itemProperty(item, name), target) { return item }
            return .null
        },
        "where_exp": FilterSupport.make(2, 2) { (input, args, _, context) throws(LiquidError) -> Value in
            guard let items = selectable(input) else { return input }
            let name = args[0].rubyToS, expression = args[1].rubyToS
            var out: [Value] = []
            for item in items where try context.evaluate(expression, binding: name, to: item).isTruthy { out.append(item) }
            return .array(out)
        },
        "find_exp": FilterSupport.make(2, 2) { (input, args, _, context) throws(LiquidError) -> Value in
            guard let items = selectable(input) else { return input }
            let name = args[0].rubyToS, expression = args[1].rubyToS
            for item in items where try context.evaluate(expression, binding: name, to: item).isTruthy { return item }
            return .null
        },
        "group_by": FilterSupport.make(1, 1) { (input, args, _, _) throws(LiquidError) -> Value in
            guard let items = groupable(input) else { return input }
            let name = args[0].rubyToS
            return grouped(try itemProperties(items, name).map { .string($0.rubyToS) }, items)
        },
        "group_by_exp": FilterSupport.make(2, 2) { (input, args, _, context) throws(LiquidError) -> Value in
            guard let items = groupable(input) else { return input }
            let name = args[0].rubyToS, expression = args[1].rubyToS
            var keys: [Value] = []
            for item in items { keys.append(try context.evaluate(expression, binding: name, to: item)) }
            return grouped(keys, items)
        },
        "sort": FilterSupport.make(0, 2) { (input, args, _, _) throws(LiquidError) -> Value in try jekyllSort(input, args) },
        "pop": FilterSupport.make(0, 1) { (input, args, _, _) throws(LiquidError) -> Value in
            guard case .array(var a) = input else { return input }
            let n = args.isEmpty ? 1 : try FilterSupport.toInteger(args[0])
            if n < 0 { throw FilterSupport.error("negative array size") }
            a.removeLast(min(n, a.count))
            return .array(a)
        },
        "shift": FilterSupport.make(0, 1) { (input, args, _, _) throws(LiquidError) -> Value in
            guard case .array(var a) = input else { return input }
            let n = args.isEmpty ? 1 : try FilterSupport.toInteger(args[0])
            if n < 0 { throw FilterSupport.error("negative array size") }
            a.removeFirst(min(n, a.count))
            return .array(a)
        },
        "push": FilterSupport.make(1, 1) { input, args, _, _ in
            guard case .array(let a) = input else { return input }
            return .array(a + [args[0]])
        },
        "unshift": FilterSupport.make(1, 1) { input, args, _, _ in
            guard case .array(let a) = input else { return input }
            return .array([args[0]] + a)
        },
        "sample": FilterSupport.make(0, 1) { input, args, _, _ in
            guard case .array(let a) = input else { return input }
            let n = args.isEmpty ? 1 : ((try? FilterSupport.toInteger(args[0])) ?? 1)
            if n == 1 { return a.randomElement() ?? .null }
            return .array(Array(a.shuffled().prefix(max(0, n))))
        },
        "to_integer": FilterSupport.unary { (input) throws(LiquidError) -> Value in
            switch input {
            case .bool(let b): return .int(b ? 1 : 0)
            case .array, .hash, .range, .drop:
                throw FilterSupport.error("undefined method `to_i' for \(input.rubyInspect):\(input.rubyClass)")
            default: return FilterSupport.rubyToI(input)
            }
        },
        "array_to_sentence_string": FilterSupport.make(0, 1) { input, args, _, _ in
            let connector = args.first?.rubyToS ?? "and"
            guard case .array(let a) = input else { return input.isNil ? .string("") : .string(input.rubyToS) }
            switch a.count {
            case 0: return .string("")
            case 1: return .string(a[0].rubyToS)
            case 2: return .string("\(a[0].rubyToS) \(connector) \(a[1].rubyToS)")
            default:
                return .string(rubyJoin(Array(a.dropLast()), ", ") + ", \(connector) " + a[a.count - 1].rubyToS)
            }
        },
        "normalize_whitespace": FilterSupport.unary { input in .string(FilterWords.normalizeWhitespace(input.rubyToS)) },
        "number_of_words": FilterSupport.make(0, 1) { input, args, _, _ in
            .int(FilterWords.count(input.rubyToS, mode: args.first.flatMap { $0.isNil ? nil : $0.rubyToS }))
        },
        "slugify": FilterSupport.make(0, 1) { input, args, _, context in
            if input.isNil { return .null }
            let mode = args.first.flatMap { $0.isNil ? nil : $0.rubyToS }
            let slug = FilterSlug.slugify(input.rubyToS, mode: mode)
            if slug.isEmpty, ["raw", "default", "pretty", "ascii", "latin", nil].contains(mode) {
                context.warn("Empty `slug` generated for '\(input.rubyToS)'.")
            }
            return .string(slug)
        },
        "jsonify": FilterSupport.unary { (input) throws(LiquidError) -> Value in .string(try FilterJSON.jsonify(input)) },
        "inspect": FilterSupport.unary { input in .string(FilterEncoding.xmlEscape(FilterJSON.inspect(input))) },
    ]

    /// Ruby's `Array#join`: nested arrays joined with the same separator, nil as "".
    static func rubyJoin(_ a: [Value], _ sep: String) -> String {
        a.map { if case .array(let inner) = $0 { return rubyJoin(inner, sep) } else { return $0.rubyToS } }.joined(separator: sep)
    }
}

enum DateFilters {
    /// Liquid's `date`: strftime on what `Utils.to_date` makes of the input; the input unchanged when that
    /// fails or the format is empty.
    static let date = FilterSupport.make(1, 1) { (input, args, _, context) throws(LiquidError) -> Value in
        let format = args[0].rubyToS
        if format.isEmpty { return input }
        guard let t = DateParsing.toDate(input, zone: context.options.timeZone) else { return input }
        return .string(try Strftime.format(t, format))
    }

    /// Jekyll's `time(input)`: to_date, then `localtime`; "Invalid Date" when it is not a date.
    static func time(_ input: Value, _ context: LiquidFilterContext) throws(LiquidError) -> RubyTime {
        let zone = context.options.timeZone
        // A date (every `page.date`) keeps only its instant: `localtime` shows it in the site's zone.
        if case .date(let d, _) = input { return RubyTime.local(d, zone: zone) }
        guard let t = DateParsing.toDate(input, zone: zone) else {
            throw FilterSupport.error("Invalid Date: '\(FilterJSON.inspect(input))' is not a valid datetime.")
        }
        return t.localtime(zone)
    }

    static func ordinal(_ n: Int) -> String {
        if (11...13).contains(n) { return "th" }
        switch n % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    static func stringify(_ month: String) -> LiquidFilter {
        FilterSupport.make(0, 2) { (input, args, _, context) throws(LiquidError) -> Value in
            if input.rubyToSIsEmpty { return input }
            let t = try time(input, context)
            let type = args.first ?? .null, style = args.count > 1 ? args[1] : .null
            if case .string("ordinal") = type {
                let day = t.fields.day
                let ordinalDay = "\(day)\(ordinal(day))"
                if case .string("US") = style { return .string(try Strftime.format(t, "\(month) \(ordinalDay), %Y")) }
                return .string(try Strftime.format(t, "\(ordinalDay) \(month) %Y"))
            }
            return .string(try Strftime.format(t, "%d \(month) %Y"))
        }
    }

    static let xmlschema = FilterSupport.make(0, 0) { (input, _, _, context) throws(LiquidError) -> Value in
        if input.rubyToSIsEmpty { return input }
        let t = try time(input, context)
        if !t.isUTC, let s = Strftime.xmlschema(t) { return .string(s) }
        return .string(try Strftime.format(t, t.isUTC ? "%Y-%m-%dT%H:%M:%SZ" : "%Y-%m-%dT%H:%M:%S%:z"))
    }

    static let rfc822 = FilterSupport.make(0, 0) { (input, _, _, context) throws(LiquidError) -> Value in
        if input.rubyToSIsEmpty { return input }
        let t = try time(input, context)
        return .string(try Strftime.format(t, t.isUTC ? "%a, %d %b %Y %H:%M:%S -0000" : "%a, %d %b %Y %H:%M:%S %z"))
    }
}

/// Liquid 5.4's standard filters, by name.
public enum StandardFilters {
    public static let all: [String: LiquidFilter] = {
        var all: [String: LiquidFilter] = [:]
        for table in [MathFilters.all, StringFilters.all, ArrayFilters.all, FilterEncoding.standard] {
            all.merge(table) { _, new in new }
        }
        all["date"] = DateFilters.date
        return all
    }()
}

/// Jekyll 4.3's filters that need no site (to be registered over the standard ones: Jekyll's `where` and
/// `sort` replace Liquid's). `relative_url`/`absolute_url` read `JekyllURLSettings` from the register
/// "jekyll.urls". markdownify, smartify, sassify and scssify belong to the Jekyll module.
public enum JekyllFilters {
    public static let pure: [String: LiquidFilter] = {
        var all: [String: LiquidFilter] = [:]
        for table in [JekyllCollectionFilters.filters, FilterEncoding.jekyll, FilterURL.filters] {
            all.merge(table) { _, new in new }
        }
        all["date_to_string"] = DateFilters.stringify("%b")
        all["date_to_long_string"] = DateFilters.stringify("%B")
        all["date_to_xmlschema"] = DateFilters.xmlschema
        all["date_to_rfc822"] = DateFilters.rfc822
        return all
    }()
}

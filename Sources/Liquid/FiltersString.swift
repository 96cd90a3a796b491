import Foundation

// Liquid 5.4's string filters, with Ruby's String semantics (`split`, `strip`, `gsub` replacement escapes).

enum FilterText {
    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    /// `strip`/`lstrip`/`rstrip`: ASCII whitespace and NUL.
    static func strip(_ s: String, left: Bool = true, right: Bool = true) -> String {
        let u = s.utf8
        var start = u.startIndex, end = u.endIndex
        if left { while start < end, isSpace(u[start]) || u[start] == 0 { start = u.index(after: start) } }
        if right {
            while end > start {
                let p = u.index(before: end)
                if isSpace(u[p]) || u[p] == 0 { end = p } else { break }
            }
        }
        if start == u.startIndex && end == u.endIndex { return s }
        return String(s[start..<end])
    }

    /// `String#split(pattern, limit)` with a string pattern: " " splits awk-style (runs of whitespace,
    /// leading whitespace ignored), "" splits into characters; trailing empty strings are dropped unless a
    /// limit is given.
    static func split(_ s: String, _ pattern: String, limit: Int = 0) -> [String] {
        if s.isEmpty { return [] }
        var out: [String] = []
        let bytes = Array(s.utf8)
        func piece(_ a: Int, _ b: Int) -> String { String(decoding: bytes[a..<b], as: UTF8.self) }
        if pattern == " " {
            var i = 0
            let n = bytes.count
            while true {
                while i < n, isSpace(bytes[i]) { i += 1 }
                if i >= n { break }
                if limit > 0 && out.count == limit - 1 { out.append(piece(i, n)); return out }
                let start = i
                while i < n, !isSpace(bytes[i]) { i += 1 }
                out.append(piece(start, i))
            }
            return out
        }
        if pattern.isEmpty {
            for ch in s.unicodeScalars {  // Ruby's characters are code points
                if limit > 0 && out.count == limit - 1 {
                    let used = out.reduce(0) { $0 + $1.utf8.count }
                    out.append(piece(used, bytes.count))
                    return out
                }
                out.append(String(ch))
            }
        } else {
            let p = Array(pattern.utf8)
            var start = 0
            bytes.withUnsafeBufferPointer { h in
                p.withUnsafeBufferPointer { n in
                    while !(limit > 0 && out.count == limit - 1), let hit = firstIndex(of: n, in: h, from: start) {
                        out.append(piece(start, hit))
                        start = hit + n.count
                    }
                }
            }
            out.append(piece(start, bytes.count))
        }
        if limit == 0 { while out.last?.isEmpty == true { out.removeLast() } }
        return out
    }

    /// Byte offsets of non-overlapping occurrences of `needle` (an empty needle matches between characters).
    static func occurrences(of needle: [UInt8], in hay: [UInt8], first: Bool = false) -> [Int] {
        var found: [Int] = []
        if needle.isEmpty {
            var i = 0
            while i <= hay.count {
                found.append(i)
                if first { break }
                i += 1
                while i < hay.count, hay[i] & 0xC0 == 0x80 { i += 1 }
            }
            return found
        }
        return hay.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                var i = 0
                while let hit = firstIndex(of: n, in: h, from: i) {
                    found.append(hit)
                    if first { break }
                    i = hit + n.count
                }
                return found
            }
        }
    }

    /// The first byte offset at or after `start` where `needle` (not empty) occurs in `hay`: `memchr` for
    /// the needle's least common byte (in HTML and English; `<` and spaces are everywhere), then `memcmp`,
    /// since layouts pass whole pages through dozens of `replace`, `remove` and `split` calls
    /// (just-the-docs' compress layout: ~150 per page, needles like `</div>`).
    static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let h = hay.baseAddress, let n = needle.baseAddress, !needle.isEmpty else { return nil }
        let count = needle.count, last = hay.count - count  // the last offset where the needle fits
        var pick = 0
        for k in 1..<count where commonness(n[k]) < commonness(n[pick]) { pick = k }
        let byte = Int32(n[pick])
        var i = start
        while i <= last {
            guard let p = memchr(h + i + pick, byte, last - i + 1) else { return nil }
            let at = (UnsafeRawPointer(p) - UnsafeRawPointer(h)) - pick
            if memcmp(h + at, n, count) == 0 { return at }
            i = at + 1
        }
        return nil
    }

    /// A rough rank of how often a byte appears in HTML pages: higher is more common.
    private static func commonness(_ b: UInt8) -> Int {
        switch b {
        case 0x20, 0x0A: return 40
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: "/"): return 30
        case UInt8(ascii: "e"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "o"),
             UInt8(ascii: "s"), UInt8(ascii: "r"), UInt8(ascii: "l"), UInt8(ascii: "c"): return 20
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "-"): return 10
        default: return 0
        }
    }

    /// Whether `needle` occurs in `hay`, bytewise (Ruby's `String#include?` on UTF-8 text).
    static func contains(_ hay: String, _ needle: String) -> Bool {
        if needle.isEmpty { return true }
        var h = hay, n = needle
        return h.withUTF8 { hb in n.withUTF8 { nb in firstIndex(of: nb, in: hb, from: 0) != nil } }
    }

    /// `gsub`/`sub` with a string pattern: the replacement still reads `\0`, `\&`, `` \` ``, `\'`, `\\`
    /// and `\1`…`\9` (empty: a string pattern has no groups).
    static func replace(_ s: String, _ pattern: String, _ replacement: String, first: Bool) -> String {
        let hay = Array(s.utf8), needle = Array(pattern.utf8)
        let hits = occurrences(of: needle, in: hay, first: first)
        if hits.isEmpty { return s }
        let rep = Array(replacement.utf8)
        let plain = !rep.contains(0x5C)
        var out: [UInt8] = []
        out.reserveCapacity(hay.count + hits.count * max(0, rep.count - needle.count))
        var last = 0
        for h in hits {
            out.append(contentsOf: hay[last..<h])
            if plain {
                out.append(contentsOf: rep)
            } else {
                var i = 0
                while i < rep.count {
                    let c = rep[i]
                    if c == 0x5C, i + 1 < rep.count {
                        let e = rep[i + 1]
                        switch e {
                        case 0x30, 0x26: out.append(contentsOf: needle)  // \0 \&
                        case 0x60: out.append(contentsOf: hay[0..<h])  // \`
                        case 0x27: out.append(contentsOf: hay[(h + needle.count)...])  // \'
                        case 0x5C: out.append(0x5C)
                        case 0x31...0x39: break
                        default: out.append(c); out.append(e)
                        }
                        i += 2
                    } else {
                        out.append(c)
                        i += 1
                    }
                }
            }
            last = h + needle.count
        }
        out.append(contentsOf: hay[last...])
        return String(decoding: out, as: UTF8.self)
    }

    /// `gsub(/\r?\n/, with)`.
    static func replaceNewlines(_ s: String, with replacement: String) -> String {
        guard s.utf8.contains(0x0A) else { return s }
        var out: [UInt8] = []
        let rep = Array(replacement.utf8)
        let b = Array(s.utf8)
        var i = 0
        while i < b.count {
            if b[i] == 0x0D, i + 1 < b.count, b[i + 1] == 0x0A { out.append(contentsOf: rep); i += 2; continue }
            if b[i] == 0x0A { out.append(contentsOf: rep) } else { out.append(b[i]) }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Ruby's `str[offset, length]` on characters; nil where Ruby answers nil.
    static func slice<C: RandomAccessCollection>(_ c: C, _ offset: Int, _ length: Int) -> C.SubSequence? where C.Index == Int {
        let count = c.count
        var start = offset
        if start < 0 { start += count; if start < 0 { return nil } }
        if start > count || length < 0 { return nil }
        let end = start + min(length, count - start)
        return c[(c.startIndex + start)..<(c.startIndex + end)]
    }

    /// `strip_html`: script, style blocks and comments out, then every `<…>`.
    static func stripHTML(_ s: String) -> String {
        let b = Array(s.utf8)
        guard b.contains(0x3C) else { return s }
        func find(_ needle: String, from: Int, in bytes: [UInt8]) -> Int? {
            let n = Array(needle.utf8)
            var i = from
            while i + n.count <= bytes.count {
                if bytes[i] == n[0] && bytes[i..<(i + n.count)].elementsEqual(n) { return i }
                i += 1
            }
            return nil
        }
        func hasPrefix(_ p: String, at i: Int, in bytes: [UInt8]) -> Bool {
            let n = Array(p.utf8)
            return i + n.count <= bytes.count && bytes[i..<(i + n.count)].elementsEqual(n)
        }
        var pass1: [UInt8] = []
        pass1.reserveCapacity(b.count)
        var i = 0
        outer: while i < b.count {
            if b[i] == 0x3C {
                for (open, close) in [("<script", "</script>"), ("<!--", "-->"), ("<style", "</style>")] where hasPrefix(open, at: i, in: b) {
                    if let e = find(close, from: i + open.utf8.count, in: b) {
                        i = e + close.utf8.count
                        continue outer
                    }
                }
            }
            pass1.append(b[i])
            i += 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(pass1.count)
        i = 0
        while i < pass1.count {
            if pass1[i] == 0x3C, let e = pass1[(i + 1)...].firstIndex(of: 0x3E) {
                i = e + 1
                continue
            }
            out.append(pass1[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Ruby's `capitalize`: first character upper (title) case, the rest lower case.
    static func capitalize(_ s: String) -> String {
        guard let first = s.unicodeScalars.first else { return s }
        let rest = String(s.unicodeScalars.dropFirst())
        return first.properties.titlecaseMapping + rest.lowercased()
    }
}

enum StringFilters {
    static func string(_ body: @escaping @Sendable (String) -> String) -> LiquidFilter {
        FilterSupport.unary { input in .string(body(input.rubyToS)) }
    }

    static let all: [String: LiquidFilter] = [
        "downcase": string { $0.lowercased() },
        "upcase": string { $0.uppercased() },
        "capitalize": string(FilterText.capitalize),
        "strip": string { FilterText.strip($0) },
        "lstrip": string { FilterText.strip($0, right: false) },
        "rstrip": string { FilterText.strip($0, left: false) },
        "strip_html": string(FilterText.stripHTML),
        "strip_newlines": string { FilterText.replaceNewlines($0, with: "") },
        "newline_to_br": string { FilterText.replaceNewlines($0, with: "<br />\n") },
        "append": FilterSupport.make(1, 1) { input, args, _, _ in .string(input.rubyToS + args[0].rubyToS) },
        "prepend": FilterSupport.make(1, 1) { input, args, _, _ in .string(args[0].rubyToS + input.rubyToS) },
        "replace": FilterSupport.make(1, 2) { input, args, _, _ in
            .string(FilterText.replace(input.rubyToS, args[0].rubyToS, args.count > 1 ? args[1].rubyToS : "", first: false))
        },
        "replace_first": FilterSupport.make(1, 2) { input, args, _, _ in
            .string(FilterText.replace(input.rubyToS, args[0].rubyToS, args.count > 1 ? args[1].rubyToS : "", first: true))
        },
        "replace_last": FilterSupport.make(2, 2) { input, args, _, _ in
            .string(replaceLast(input.rubyToS, args[0].rubyToS, args[1].rubyToS))
        },
        "remove": FilterSupport.make(1, 1) { input, args, _, _ in
            .string(FilterText.replace(input.rubyToS, args[0].rubyToS, "", first: false))
        },
        "remove_first": FilterSupport.make(1, 1) { input, args, _, _ in
            .string(FilterText.replace(input.rubyToS, args[0].rubyToS, "", first: true))
        },
        "remove_last": FilterSupport.make(1, 1) { input, args, _, _ in
            .string(replaceLast(input.rubyToS, args[0].rubyToS, ""))
        },
        "split": FilterSupport.make(1, 1) { input, args, _, _ in
            .array(FilterText.split(input.rubyToS, args[0].rubyToS).map { .string($0) })
        },
        "truncate": FilterSupport.make(0, 2) { (input, args, _, _) throws(LiquidError) -> Value in
            if input.isNil { return .null }
            let s = input.rubyToS
            let length = args.count > 0 ? try FilterSupport.toInteger(args[0]) : 50
            let ellipsis = args.count > 1 ? args[1].rubyToS : "..."
            // Ruby counts code points, not grapheme clusters.
            let keep = max(0, length - ellipsis.unicodeScalars.count)
            guard s.unicodeScalars.count > length else { return .string(s) }
            return .string(String(String.UnicodeScalarView(s.unicodeScalars.prefix(keep))) + ellipsis)
        },
        "truncatewords": FilterSupport.make(0, 2) { (input, args, _, _) throws(LiquidError) -> Value in
            if input.isNil { return .null }
            let s = input.rubyToS
            var words = args.count > 0 ? try FilterSupport.toInteger(args[0]) : 15
            if words <= 0 { words = 1 }
            if words >= Int(Int32.max) { throw FilterSupport.error("integer \(words) too big for truncatewords") }
            var list = FilterText.split(s, " ", limit: words + 1)
            if list.count <= words { return .string(s) }
            list.removeLast()
            return .string(list.joined(separator: " ") + (args.count > 1 ? args[1].rubyToS : "..."))
        },
        "slice": FilterSupport.make(1, 2) { (input, args, _, _) throws(LiquidError) -> Value in
            let offset = try FilterSupport.toInteger(args[0])
            let length = args.count > 1 ? try FilterSupport.toInteger(args[1]) : 1
            if case .array(let a) = input {
                return .array(FilterText.slice(a, offset, length).map(Array.init) ?? [])
            }
            let s = input.rubyToS
            if s.utf8.count == s.unicodeScalars.count {  // ASCII: slice bytes
                return .string(FilterText.slice(Array(s.utf8), offset, length).map { String(decoding: $0, as: UTF8.self) } ?? "")
            }
            let scalars = Array(s.unicodeScalars)
            return .string(FilterText.slice(scalars, offset, length).map { String(String.UnicodeScalarView($0)) } ?? "")
        },
        "size": FilterSupport.unary { input in
            switch input {
            case .string(let s): return .int(s.unicodeScalars.count)
            case .array(let a): return .int(a.count)
            case .hash(let h): return .int(h.count)
            case .range(let r): return .int(r.count)
            case .int: return .int(8)  // Integer#size: bytes in a machine word
            case .drop: return .int(0)
            default: return .int(0)
            }
        },
    ]

    static func replaceLast(_ s: String, _ pattern: String, _ replacement: String) -> String {
        let hay = Array(s.utf8), needle = Array(pattern.utf8)
        var at: Int?
        if needle.isEmpty { at = hay.count } else {
            var i = hay.count - needle.count
            while i >= 0 {
                if hay[i] == needle[0] && hay[i..<(i + needle.count)].elementsEqual(needle) { at = i; break }
                i -= 1
            }
        }
        guard let at else { return s }
        return String(decoding: hay[..<at] + Array(replacement.utf8) + hay[(at + needle.count)...], as: UTF8.self)
    }
}

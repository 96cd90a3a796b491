import Foundation

/// A reader for the front matter nearly every file has — top-level `key: value` lines with plain,
/// quoted or `[flow, list]` scalars, and `- item` lists — giving exactly what `YAMLDocument.parse` gets
/// from Yams (values, types, line and column), at a fraction of the cost (Yams builds a node tree,
/// resolves every scalar by regular expressions and reads the environment on each parse).
/// It answers nil whenever it is not certain: anything else (anchors, block scalars, nesting, escapes,
/// continuation lines, tabs, duplicate keys, numbers it would have to guess about, errors) goes to Yams.
enum SimpleYAML {
    static func parse(_ yaml: String, lineOffset: Int) -> YAMLDocument? {
        var yaml = yaml
        return yaml.withUTF8 { parse(bytes: $0, lineOffset: lineOffset) }
    }

    private static func parse(bytes b: UnsafeBufferPointer<UInt8>, lineOffset: Int) -> YAMLDocument? {
        // Characters libyaml rejects or reads specially (tabs, CR, controls, BOM, C1) are left to Yams.
        var ascii = true
        for c in b {
            if c >= 0x80 { ascii = false; continue }
            if (c < 0x20 && c != 0x0A) || c == 0x7F { return nil }
        }
        if !ascii {
            for u in String(decoding: b, as: UTF8.self).unicodeScalars {
                let v = u.value
                // C1 controls (U+0085 is a line break to libyaml), BOM, non-characters, U+2028/2029 line breaks.
                if (v >= 0x80 && v <= 0x9F) || v == 0xFEFF || v == 0xFFFE || v == 0xFFFF || v == 0x2028 || v == 0x2029 { return nil }
            }
        }
        // Lines as byte ranges.
        var lines: [Range<Int>] = []
        var start = 0
        for i in 0..<b.count where b[i] == 0x0A {
            lines.append(start..<i)
            start = i + 1
        }
        lines.append(start..<b.count)

        var doc = YAMLDocument()
        var keys = Set<String>()
        var l = 0
        while l < lines.count {
            let r = lines[l]
            if isBlankOrComment(b, r) { l += 1; continue }
            // `key:` at column 1.
            guard let first = r.first.map({ b[$0] }), isLetter(first) || first == 0x5F else { return nil }
            var i = r.lowerBound + 1
            while i < r.upperBound, isLetter(b[i]) || isDigit(b[i]) || b[i] == 0x5F || b[i] == 0x2D { i += 1 }
            guard i < r.upperBound, b[i] == 0x3A, i - r.lowerBound <= 100 else { return nil }
            let key = String(decoding: UnsafeBufferPointer(rebasing: b[r.lowerBound..<i]), as: UTF8.self)
            guard keys.insert(key).inserted else { return nil }
            i += 1
            let line = l + 1 + lineOffset
            if i < r.upperBound && b[i] != 0x20 { return nil }
            while i < r.upperBound && b[i] == 0x20 { i += 1 }
            if i < r.upperBound && b[i] != 0x23 {
                // A value on the key's line.
                let column = i - r.lowerBound + 1
                let value: YAMLValue
                if b[i] == 0x5B {
                    guard let v = flowList(b, i + 1, r.upperBound) else { return nil }
                    value = v
                } else {
                    guard let (v, end) = scalar(b, i, r.upperBound, flow: false), restIsComment(b, end, r.upperBound) else { return nil }
                    value = v
                }
                doc.values.append((key, value, line, column))
                l += 1
                // A following indented line would continue or nest under this value.
                if l < lines.count, let f = lines[l].first, b[f] == 0x20 { return nil }
                continue
            }
            // No value on the line: a block list must follow, `- item` per line, all at one indent.
            l += 1
            var items: [YAMLValue] = []
            var indent: Int?
            var mark: (Int, Int)?
            while l < lines.count {
                let s = lines[l]
                if isBlankOrComment(b, s) { l += 1; continue }
                var j = s.lowerBound
                while j < s.upperBound && b[j] == 0x20 { j += 1 }
                guard j < s.upperBound, b[j] == 0x2D, j + 1 < s.upperBound, b[j + 1] == 0x20 else { break }
                let n = j - s.lowerBound
                if let indent, indent != n { return nil }
                indent = n
                if mark == nil { mark = (l + 1 + lineOffset, n + 1) }
                var k = j + 2
                while k < s.upperBound && b[k] == 0x20 { k += 1 }
                guard k < s.upperBound, b[k] != 0x23, b[k] != 0x5B,
                      let (v, end) = scalar(b, k, s.upperBound, flow: false), restIsComment(b, end, s.upperBound) else { return nil }
                items.append(v)
                l += 1
            }
            // `key:` with nothing after it (null) or a list deeper inside: Yams knows where those start.
            guard let mark, !items.isEmpty else { return nil }
            if l < lines.count, let f = lines[l].first, b[f] == 0x20 { return nil }
            doc.values.append((key, .list(items), mark.0, mark.1))
        }
        return doc
    }

    private static func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// Empty, spaces only, or a comment starting at column 1 or after spaces.
    private static func isBlankOrComment(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        var i = r.lowerBound
        while i < r.upperBound && b[i] == 0x20 { i += 1 }
        if i == r.upperBound { return true }
        return b[i] == 0x23 && i == r.lowerBound
    }

    /// Nothing but spaces, or spaces and then a `#` comment.
    private static func restIsComment(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int) -> Bool {
        var i = from
        while i < end && b[i] == 0x20 { i += 1 }
        return i == end || (b[i] == 0x23 && i > from)
    }

    /// `[a, "b", c]` on one line, then nothing or a comment.
    private static func flowList(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int) -> YAMLValue? {
        var items: [YAMLValue] = []
        var i = from
        while i < end && b[i] == 0x20 { i += 1 }
        if i < end && b[i] == 0x5D { return restIsComment(b, i + 1, end) ? .list([]) : nil }
        while true {
            guard i < end, let (v, after) = scalar(b, i, end, flow: true) else { return nil }
            items.append(v)
            i = after
            while i < end && b[i] == 0x20 { i += 1 }
            guard i < end else { return nil }
            if b[i] == 0x5D { return restIsComment(b, i + 1, end) ? .list(items) : nil }
            guard b[i] == 0x2C else { return nil }
            i += 1
            while i < end && b[i] == 0x20 { i += 1 }
        }
    }

    /// A quoted or plain scalar starting at `from`; returns it and where it ends.
    private static func scalar(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ end: Int, flow: Bool) -> (YAMLValue, Int)? {
        let c = b[from]
        if c == 0x22 {   // "…" without escapes
            var i = from + 1
            while i < end && b[i] != 0x22 {
                if b[i] == 0x5C { return nil }
                i += 1
            }
            guard i < end else { return nil }
            return (.string(text(b, from + 1, i)), i + 1)
        }
        if c == 0x27 {   // '…' with '' for a quote
            var bytes: [UInt8] = []
            var i = from + 1
            while true {
                guard i < end else { return nil }
                if b[i] == 0x27 {
                    if i + 1 < end && b[i + 1] == 0x27 { bytes.append(0x27); i += 2; continue }
                    break
                }
                bytes.append(b[i]); i += 1
            }
            return (.string(String(decoding: bytes, as: UTF8.self)), i + 1)
        }
        // Plain: up to ` #`, the line's end, or in a list `,` / `]`. `: ` and indicators go to Yams.
        var i = from
        var last = from   // end of the text without trailing spaces
        while i < end {
            let x = b[i]
            if x == 0x23 && i > from && b[i - 1] == 0x20 { break }
            if flow && (x == 0x2C || x == 0x5D) { break }
            if flow && (x == 0x5B || x == 0x7B || x == 0x7D) { return nil }
            if x == 0x3A && (i + 1 == end || b[i + 1] == 0x20 || (flow && (b[i + 1] == 0x2C || b[i + 1] == 0x5D))) { return nil }
            if x != 0x20 { last = i + 1 }
            i += 1
        }
        guard last > from, let v = plain(text(b, from, last)) else { return nil }
        return (v, last)
    }

    private static func text(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: b[from..<to]), as: UTF8.self)
    }

    /// What `YAMLValue(Node)` makes of a plain scalar under Yams' default resolver without timestamps,
    /// or nil where that takes more than these rules (underscores, radix prefixes, signs, base 60).
    static func plain(_ s: String) -> YAMLValue? {
        // Yams' Bool reading ignores case (`tRUE` is true), its null reading does not.
        if s.utf8.count <= 5 {
            switch s.lowercased() {
            case "true", "yes", "on": return .bool(true)
            case "false", "no", "off": return .bool(false)
            default: break
            }
        }
        switch s {
        case "null", "Null", "NULL", "~": return .null
        default: break
        }
        let u = s.utf8
        guard let f = u.first else { return nil }
        // Neither Int nor Double reads text starting with a letter, `/` or any non-ASCII character, even in base 60.
        if isLetter(f) || f == 0x2F || f >= 0x80 { return .string(s) }
        guard isDigit(f), !u.contains(0x5F) else { return nil }
        if s == "0" { return .int(0) }
        if f == 0x30 { return nil }
        if u.contains(0x3A) {
            // Base 60 (`1:30`) when every part is a number; leave anything that might be to Yams.
            // Split on bytes: a part holding any byte of a `:` with a mark after it (not split there on Characters)
            // is not numeric either way, and the Character split cost 9.7 k instructions a date.
            let numeric = u.split(separator: 0x3A, omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy { isDigit($0) || $0 == 0x2E || $0 == 0x65 || $0 == 0x45 || $0 == 0x2B || $0 == 0x2D }
            }
            return numeric ? nil : .string(s)
        }
        if let i = Int(s) { return .int(i) }
        if u.allSatisfy(isDigit) { return nil }   // too large for Int: Yams' own Double reading
        if let d = Double(s) { return .double(d) }
        return .string(s)
    }
}

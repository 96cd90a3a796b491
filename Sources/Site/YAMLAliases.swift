/// A bound on what YAML aliases expand to. Nine levels of `&b [*a, *a, …]` (the "billion laughs") ran for
/// over a minute and took 13.6 GB before it was stopped: anchors are cheap to write and aliases copy them.
/// Front matter and site.yml never need more than a few hundred values, so the expansion is estimated from
/// the text before YAML is parsed, and a document past the bound is an error at the alias that crossed it.
enum YAMLAliases {
    /// Values an expansion may reach. Real front matter has dozens; a bomb has billions.
    static let limit = 100_000

    struct Excess: Equatable {
        var line: Int      // 1-based, in the YAML text
        var column: Int
        var alias: String
        var total: Int
    }

    private struct Anchor {
        var name: String
        var start: Int   // byte offset after the anchor token
        var end: Int     // end of the anchored node's text
        var size = 1
    }

    /// The alias at which the values reachable through aliases pass `limit`, if any.
    static func firstExcess(_ yaml: String, limit: Int = YAMLAliases.limit) -> Excess? {
        var copy = yaml
        return copy.withUTF8 { b -> Excess? in
            guard b.contains(0x2A) else { return nil }   // no `*`: no alias
            let tokens = scan(b)
            guard tokens.contains(where: { !$0.isAnchor }) else { return nil }
            var anchors: [String: Anchor] = [:]
            var order: [Anchor] = []
            for t in tokens where t.isAnchor {
                let a = Anchor(name: t.name, start: t.end, end: nodeEnd(b, after: t.end, lineIndent: t.lineIndent))
                order.append(a)
            }
            // Sizes in order of definition: an alias refers to an anchor defined before it.
            var total = 0
            for t in tokens {
                if t.isAnchor {
                    guard var a = order.first(where: { $0.start == t.end }) else { continue }
                    a.size = 1 + tokens.filter { !$0.isAnchor && $0.offset >= a.start && $0.offset < a.end }
                        .reduce(0) { sum, alias in min(limit + 1, sum + (anchors[alias.name]?.size ?? 1)) }
                    anchors[a.name] = a
                    continue
                }
                total = min(Int.max / 2, total + (anchors[t.name]?.size ?? 1))
                if total > limit {
                    let (line, column) = position(of: t.offset, in: b)
                    return Excess(line: line, column: column, alias: t.name, total: total)
                }
            }
            return nil
        }
    }

    private struct Token {
        var isAnchor: Bool
        var name: String
        var offset: Int    // of `&` or `*`
        var end: Int       // after the name
        var lineIndent: Int
    }

    /// `&name` and `*name` outside quotes and comments, where YAML allows a node to start.
    private static func scan(_ b: UnsafeBufferPointer<UInt8>) -> [Token] {
        var out: [Token] = []
        var i = 0
        var lineStart = 0
        var quote: UInt8 = 0
        while i < b.count {
            let c = b[i]
            if c == 0x0A { lineStart = i + 1; quote = 0; i += 1; continue }
            if quote != 0 { if c == quote { quote = 0 }; i += 1; continue }
            if c == 0x22 || c == 0x27 { quote = c; i += 1; continue }
            if c == 0x23, i == lineStart || b[i - 1] == 0x20 {   // a comment runs to the end of the line
                while i < b.count, b[i] != 0x0A { i += 1 }
                continue
            }
            if c == 0x26 || c == 0x2A {
                let before: UInt8 = i > lineStart ? b[i - 1] : 0x20
                if before == 0x20 || before == 0x5B || before == 0x7B || before == 0x2C || before == 0x09 {
                    var j = i + 1
                    while j < b.count, ![0x20, 0x0A, 0x0D, 0x09, 0x2C, 0x5D, 0x7D].contains(b[j]) { j += 1 }
                    if j > i + 1 {
                        var indent = 0
                        while lineStart + indent < b.count, b[lineStart + indent] == 0x20 { indent += 1 }
                        out.append(Token(isAnchor: c == 0x26, name: String(decoding: UnsafeBufferPointer(rebasing: b[(i + 1)..<j]), as: UTF8.self),
                                         offset: i, end: j, lineIndent: indent))
                        i = j
                        continue
                    }
                }
            }
            i += 1
        }
        return out
    }

    /// Where the node anchored just before `offset` ends: a flow collection to its closing bracket, a
    /// value on the same line to the line's end, else the following lines indented deeper (or list items
    /// at the same indentation).
    private static func nodeEnd(_ b: UnsafeBufferPointer<UInt8>, after offset: Int, lineIndent: Int) -> Int {
        var i = offset
        while i < b.count, b[i] == 0x20 { i += 1 }
        if i < b.count, b[i] == 0x5B || b[i] == 0x7B {
            var depth = 0
            var quote: UInt8 = 0
            while i < b.count {
                let c = b[i]
                if quote != 0 { if c == quote { quote = 0 } } else if c == 0x22 || c == 0x27 { quote = c }
                else if c == 0x5B || c == 0x7B { depth += 1 }
                else if c == 0x5D || c == 0x7D { depth -= 1; if depth == 0 { return i + 1 } }
                i += 1
            }
            return b.count
        }
        var lineEnd = i
        while lineEnd < b.count, b[lineEnd] != 0x0A { lineEnd += 1 }
        if (i..<lineEnd).contains(where: { b[$0] != 0x20 && b[$0] != 0x0D }) && b[i] != 0x23 { return lineEnd }
        // A block node: the lines below that are part of it.
        var end = lineEnd
        var next = lineEnd + 1
        while next < b.count {
            var indent = 0
            while next + indent < b.count, b[next + indent] == 0x20 { indent += 1 }
            var e = next
            while e < b.count, b[e] != 0x0A { e += 1 }
            let blank = next + indent >= e
            let listItem = next + indent < b.count && b[next + indent] == 0x2D
            if !blank && !(indent > lineIndent || (indent == lineIndent && listItem)) { break }
            end = e
            next = e + 1
        }
        return end
    }

    private static func position(of offset: Int, in b: UnsafeBufferPointer<UInt8>) -> (Int, Int) {
        var line = 1, column = 1
        for i in 0..<offset {
            if b[i] == 0x0A { line += 1; column = 1 } else if b[i] & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}

/// GFM strikethrough: `~~` and `~` delimiter runs paired across the text runs of one parent, with
/// the same flanking rules as emphasis, so `~~a *b* c~~` works and `a ~~ b` does not. An opener pairs
/// only with a closer of its own length; kramdown (`MarkdownOptions.kramdown`) knows only `~~`.

extension HTMLRenderer {
    mutating func pairStrikethrough(_ parent: Node) {
        struct Delim { var run: Node; var offset: Int; var length: Int; var canOpen: Bool; var canClose: Bool }
        var delims: [Delim] = []
        let single = !ctx.options.kramdown
        var child = firstChild(parent)
        while let c = child {
            guard nodeType(c) == NodeType.text else { child = nextSibling(c); continue }
            var last = c
            var tilde = memchrFound(literalBytes(c), 0x7E)
            while let n = nextSibling(last), nodeType(n) == NodeType.text {
                last = n
                if !tilde { tilde = memchrFound(literalBytes(n), 0x7E) }
            }
            child = nextSibling(last)
            guard tilde else { continue }
            let bytes = runBytes(c, last: last)
            guard bytes.count >= 2 else { continue }
            // Neighbouring nodes count as punctuation (they start/end with `*`, `` ` ``, `[`…), breaks as space.
            func outside(_ n: Node?) -> UInt8 {
                guard let n else { return 0x20 }
                let t = nodeType(n)
                return t == NodeType.softBreak || t == NodeType.lineBreak ? 0x20 : 0x2A
            }
            let before = outside(previousSibling(c))
            let after = outside(nextSibling(last))
            var i = 0
            while i < bytes.count {
                guard bytes[i] == 0x7E else { i += 1; continue }
                var j = i
                while j < bytes.count, bytes[j] == 0x7E { j += 1 }
                if j - i == 2 || (single && j - i == 1) {
                    let prev = i > 0 ? bytes[i - 1] : before
                    let next = j < bytes.count ? bytes[j] : after
                    let prevSpace = isSpaceByte(prev), nextSpace = isSpaceByte(next)
                    let prevPunct = isASCIIPunct(prev), nextPunct = isASCIIPunct(next)
                    let left = !nextSpace && (!nextPunct || prevSpace || prevPunct)
                    let right = !prevSpace && (!prevPunct || nextSpace || nextPunct)
                    if left || right { delims.append(Delim(run: c, offset: i, length: j - i, canOpen: left, canClose: right)) }
                }
                i = j
            }
        }
        guard delims.count >= 2 else { return }
        var openers: [Int] = []
        var marks: [Node: [DelMark]] = [:]
        for (k, d) in delims.enumerated() {
            if d.canClose, let at = openers.lastIndex(where: { delims[$0].length == d.length }) {
                let o = openers[at]
                openers.removeSubrange(at...)
                marks[delims[o].run, default: []].append(DelMark(offset: delims[o].offset, opens: true, length: d.length))
                marks[d.run, default: []].append(DelMark(offset: d.offset, opens: false, length: d.length))
            } else if d.canOpen {
                openers.append(k)
            }
        }
        for (run, list) in marks { delMarks[run] = list.sorted { $0.offset < $1.offset } }
    }
}

/// A paired strikethrough delimiter: where it is in its text run, whether it opens, and its length.
struct DelMark {
    var offset: Int
    var opens: Bool
    var length: Int
}

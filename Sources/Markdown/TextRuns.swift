import TextBytes
/// Text runs: cmark splits text at special characters, so adjacent text nodes are joined
/// and scanned once for the inline extensions (strikethrough, autolinks, footnote
/// references, task markers, inline IAL).

extension HTMLRenderer {
    /// Renders the run of text siblings starting at `first`; returns the last node consumed.
    mutating func renderTextRun(_ first: Node) -> Node {
        var last = first
        while let n = nextSibling(last), nodeType(n) == NodeType.text { last = n }
        let lit = literalBytes(first)
        let extensions = ctx.options.extensions
        if let marks = ctx.quoteMarks { return renderQuotedRun(first, last: last, marks) }
        // Fast path: one node, nothing special around it.
        if last == first && runSkip.isEmpty && runLimit.isEmpty && delMarks.isEmpty && !needsScan(lit, extensions) && !mayBeTask(first) {
            appendEscaped(&out, lit)
            countWords(lit)
            headingCapture?.append(contentsOf: lit)
            return last
        }
        if last == first {
            emitRun(lit, first: first)
        } else {
            let buf = joinedRun(first, last)
            buf.withUnsafeBufferPointer { emitRun($0, first: first) }
            scratch = buf
        }
        return last
    }

    /// The literals of `first` through `last` joined in the reused buffer, taken out of self so
    /// `emitRun` can mutate self (give it back with `scratch = buf`).
    private mutating func joinedRun(_ first: Node, _ last: Node) -> [UInt8] {
        var buf = scratch
        scratch = []
        buf.removeAll(keepingCapacity: true)
        var n: Node? = first
        while let cur = n {
            buf.append(contentsOf: literalBytes(cur))
            if cur == last { break }
            n = nextSibling(cur)
        }
        return buf
    }

    /// A run in a document whose language has its own quote marks. cmark joins a quote it made into the
    /// text around it, so the “ ” of a run are taken as its own unless the author typed curly quotes in
    /// that block's source (a German writer's „…“ ends with the same “): that block keeps what it has.
    /// `flush` writes the language's marks at the noted offsets; an attribute list's quoted values,
    /// skipped or read before, keep theirs.
    private mutating func renderQuotedRun(_ first: Node, last: Node, _ marks: (open: [UInt8], close: [UInt8])) -> Node {
        let buf = joinedRun(first, last)
        runQuotes.removeAll(keepingCapacity: true)
        if buf.count >= 3 && !blockHasTypedQuotes(first) {
            var i = 0
            while i + 2 < buf.count {
                if buf[i] == 0xE2 && buf[i + 1] == 0x80 && (buf[i + 2] == 0x9C || buf[i + 2] == 0x9D) {
                    runQuotes.append((i, buf[i + 2] == 0x9C))
                    i += 3
                } else {
                    i += 1
                }
            }
        }
        buf.withUnsafeBufferPointer { emitRun($0, first: first) }
        runQuotes.removeAll(keepingCapacity: true)
        scratch = buf
        return last
    }

    /// Whether the source lines of the block holding `node` have a typed “ or ” (table cells, parsed
    /// apart: whether the document has any).
    private mutating func blockHasTypedQuotes(_ node: Node) -> Bool {
        guard ctx.hasTypedQuotes else { return false }
        if auxiliaryLine != nil { return true }
        var block: Node = node
        while nodeType(block) >= NodeType.text, let p = parentNode(block) { block = p }
        if let known = typedQuoteBlocks[block] { return known }
        let lines = ctx.source.lineStarts
        let from = lines[max(0, min(startLine(block) - 1, lines.count - 1))]
        let to = endLine(block) < lines.count ? lines[endLine(block)] : ctx.source.bytes.count
        var typed = false
        var i = from
        let b = ctx.source.bytes
        while i + 2 < to {
            if b[i] == 0xE2 && b[i + 1] == 0x80 && (b[i + 2] == 0x9C || b[i + 2] == 0x9D) { typed = true; break }
            i += 1
        }
        typedQuoteBlocks[block] = typed
        return typed
    }

    @inline(__always) private func needsScan(_ s: UnsafeBufferPointer<UInt8>, _ extensions: Bool) -> Bool {
        guard extensions else { return false }
        let footnotes = ctx.footnotes.hasDefinitions
        let tildes = ctx.hasTildes
        let links = !ctx.options.kramdown   // kramdown's GFM parser makes no links of bare URLs and addresses
        guard let base = s.baseAddress else { return false }
        let n = s.count
        var i = 0
        while i < n {
            // Skip eight bytes at a time while none of `:`, `w`, `[`, `~` is among them.
            while i + 8 <= n {
                let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                var hit = links ? maybeHasByte(x, 0x3A) | maybeHasByte(x, 0x77) | maybeHasByte(x, 0x40) : 0
                if footnotes { hit |= maybeHasByte(x, 0x5B) }
                if tildes { hit |= maybeHasByte(x, 0x7E) }
                if hit != 0 { break }
                i += 8
            }
            let stop = min(i + 8, n)
            while i < stop {
                switch base[i] {
                case 0x3A: if links && i + 2 < n && base[i + 1] == 0x2F && base[i + 2] == 0x2F { return true } // "://"
                case 0x77: if links && i + 3 < n && base[i + 1] == 0x77 && base[i + 2] == 0x77 && base[i + 3] == 0x2E { return true } // "www."
                case 0x40: if links && i > 0 && i + 1 < n { return true } // an e-mail address

                case 0x5B: if footnotes { return true }
                case 0x7E: if tildes { return true }
                default: break
                }
                i += 1
            }
        }
        return false
    }

    /// Is `node` the first text of a list item's first paragraph (where `[ ]` / `[x]` may start)?
    @inline(__always) private func mayBeTask(_ node: Node) -> Bool {
        guard ctx.options.extensions, ctx.hasBrackets, previousSibling(node) == nil,
              let p = parentNode(node), nodeType(p) == NodeType.paragraph, previousSibling(p) == nil,
              let item = parentNode(p), nodeType(item) == NodeType.item else { return false }
        return true
    }

    /// `<a href="scheme+text">text</a>` for an extended autolink.
    private mutating func writeAutolink(_ text: UnsafeBufferPointer<UInt8>, scheme: StaticString) {
        out.append("<a href=\"")
        out.append(scheme)
        appendEscapedHref(&out, text)
        out.append("\">")
        appendEscaped(&out, text)
        out.append("</a>")
    }

    private mutating func emitRun(_ s: UnsafeBufferPointer<UInt8>, first: Node) {
        var i = runSkip.isEmpty ? 0 : (runSkip.removeValue(forKey: first) ?? 0)
        let end = runLimit.isEmpty ? s.count : min(runLimit.removeValue(forKey: first) ?? s.count, s.count)
        guard i < end else { return }
        let visible = UnsafeBufferPointer(rebasing: s[i..<end])
        countWords(visible)
        if headingCapture != nil, !runQuotes.isEmpty, let marks = ctx.quoteMarks {
            headingCapture!.append(contentsOf: headingText(s, i, end, marks))
        } else {
            headingCapture?.append(contentsOf: visible)
        }
        // Strikethrough pairs are worked out for the whole parent at its first run with a `~`.
        if ctx.hasTildes && memchrFound(UnsafeBufferPointer(rebasing: s[i..<end]), 0x7E), let parent = parentNode(first),
           !pairedParents.contains(parent) {
            pairedParents.insert(parent)
            pairStrikethrough(parent)
        }
        let marks = delMarks.isEmpty ? [] : (delMarks.removeValue(forKey: first) ?? [])
        var markIndex = 0
        if i == 0 && mayBeTask(first) && end >= 4 && s[0] == 0x5B && s[2] == 0x5D && (s[3] == 0x20 || s[3] == 0x09)
            && (s[1] == 0x20 || s[1] == 0x78 || s[1] == 0x58) {
            if ctx.options.kramdown {   // kramdown's GFM parser: its classes, and the blank after `]` dropped
                out.append(s[1] == 0x20 ? "<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled=\"disabled\" />"
                           : "<input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled=\"disabled\" checked=\"checked\" />")
                i = 4
            } else {
                out.append(s[1] == 0x20 ? "<input type=\"checkbox\" disabled=\"\" />" : "<input type=\"checkbox\" disabled=\"\" checked=\"\" />")
                i = 3
            }
        }
        let extensions = ctx.options.extensions
        let footnotes = ctx.footnotes.hasDefinitions
        let links = !ctx.options.kramdown
        var chunk = i
        while markIndex < marks.count && marks[markIndex].offset < i { markIndex += 1 }
        while i < end {
            if markIndex < marks.count && marks[markIndex].offset == i {
                flush(s, chunk, i)
                out.append(marks[markIndex].opens ? "<del>" : "</del>")
                i += marks[markIndex].length
                markIndex += 1
                chunk = i
                continue
            }
            let b = s[i]
            if extensions {
                if b == 0x5B && footnotes && linkDepth == 0 && i + 2 < end && s[i + 1] == 0x5E, let (label, next) = footnoteLabel(s, i, end),
                   ctx.footnotes.isDefined(label) {
                    flush(s, chunk, i)
                    writeFootnoteReference(label)
                    i = next
                    chunk = i
                    continue
                }
                if linkDepth == 0 && b == 0x40 && links, let (start, mailEnd) = emailAutolinkAt(s, i, from: chunk, end) {
                    flush(s, chunk, start)
                    writeAutolink(UnsafeBufferPointer(rebasing: s[start..<mailEnd]), scheme: "mailto:")
                    i = mailEnd
                    chunk = i
                    continue
                }
                if linkDepth == 0 && links && (b == 0x77 || b == 0x68 || b == 0x66), let (linkEnd, www) = autolinkAt(s, i, end, previous: i > 0 ? s[i - 1] : 0x20) {
                    flush(s, chunk, i)
                    writeAutolink(UnsafeBufferPointer(rebasing: s[i..<linkEnd]), scheme: www ? "http://" : "")
                    i = linkEnd
                    chunk = i
                    continue
                }
            }
            i += 1
        }
        flush(s, chunk, end)
        // Marks at the very end of the run.
        while markIndex < marks.count && marks[markIndex].offset >= end {
            out.append(marks[markIndex].opens ? "<del>" : "</del>")
            markIndex += 1
        }
    }

    @inline(__always) private mutating func flush(_ s: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
        guard to > from else { return }
        if !runQuotes.isEmpty, let marks = ctx.quoteMarks { flushQuoted(s, from, to, marks); return }
        appendEscaped(&out, UnsafeBufferPointer(rebasing: s[from..<to]))
    }

    /// `[^label]` at `i`: the label and the index after `]`.
    private func footnoteLabel(_ s: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> (String, Int)? {
        var j = i + 2
        while j < end, s[j] != 0x5D, !isSpaceByte(s[j]), s[j] != 0x5B { j += 1 }
        guard j < end, s[j] == 0x5D, j > i + 2 else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: s[(i + 2)..<j]), as: UTF8.self), j + 1)
    }


    /// kramdown span IAL right after an image, link or emphasis: `![a](b){:.wide}`.
    mutating func attachInlineIAL(_ node: Node) {
        guard let next = nextSibling(node), nodeType(next) == NodeType.text else { return }
        let lit = literalBytes(next)
        guard lit.count >= 2, lit[0] == 0x7B, lit[1] == 0x3A else { return }
        var last = next
        while let n = nextSibling(last), nodeType(n) == NodeType.text { last = n }
        let bytes = runBytes(next, last: last)
        switch parseIAL(bytes) {
        case .attributes(let attrs, let length):
            var merged = inlineAttrs[node] ?? Attributes()
            merged.merge(attrs)
            inlineAttrs[node] = merged
            runSkip[next] = length
        case .invalid(let why):
            let (line, col) = locate(bytes, near: node)
            warn(line: line, column: col, "invalid attribute list, left as text: \(why)")
        case .none:
            break
        }
    }

    /// Best-effort source position of `text` inside the block that contains `node`.
    func locate(_ text: [UInt8], near node: Node) -> (Int, Int) {
        // Table cells live in an auxiliary document: report the table's first line.
        if let line = auxiliaryLine { return (line, 1) }
        var block: Node = node
        while nodeType(block) >= NodeType.text, let p = parentNode(block) { block = p }
        let first = max(startLine(block), 1)
        let last = max(endLine(block), first)
        // Smart punctuation changes quotes, so match only the plain ASCII start of the text.
        let needle = Array(text.prefix(while: { $0 != 0x0A && $0 < 0x80 && $0 != 0x22 && $0 != 0x27 }).prefix(24))
        if !needle.isEmpty {
            for l in first...min(last, ctx.source.lineCount) {
                let line = Array(ctx.source.line(l))
                if line.count >= needle.count {
                    for c in 0...(line.count - needle.count) where line[c] == needle[0] && Array(line[c..<(c + needle.count)]) == needle {
                        return (l, c + 1)
                    }
                }
            }
        }
        return (first, max(startColumn(block), 1))
    }
}

/// GFM extended autolinks at `i`: `www.` or `http(s)://` after a boundary, a valid domain,
/// then everything up to whitespace or `<`, minus trailing punctuation. Returns the end and
/// whether it is a `www.` link (needing `http://`).
func autolinkAt(_ s: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int, previous: UInt8) -> (Int, Bool)? {
    // GFM allows start, whitespace, `*`, `_`, `~`, `(`; we also allow opening quotes (straight or curly).
    guard isSpaceByte(previous) || previous == 0x2A || previous == 0x5F || previous == 0x7E || previous == 0x28
        || previous == 0x22 || previous == 0x27 || previous == 0x9C || previous == 0x98 else { return nil }
    func has(_ p: StaticString, at k: Int) -> Bool {
        let n = p.utf8CodeUnitCount
        guard k + n <= end else { return false }
        let pb = p.utf8Start
        for j in 0..<n where s[k + j] != pb[j] { return false }
        return true
    }
    var domainStart: Int
    let www: Bool
    if s[i] == 0x77 {
        guard has("www.", at: i) else { return nil }
        domainStart = i
        www = true
    } else if has("https://", at: i) {
        domainStart = i + 8
        www = false
    } else if has("http://", at: i) {
        domainStart = i + 7
        www = false
    } else if has("ftp://", at: i) {
        domainStart = i + 6
        www = false
    } else {
        return nil
    }
    // Domain: segments of alphanumerics, `-`, `_` (or non-ASCII) separated by periods.
    var k = domainStart
    var segments = 0
    var underscoreInLast = false, underscoreInPrevious = false
    var segmentLength = 0
    while k < end {
        let b = s[k]
        if isAlnumByte(b) || b == 0x2D || b >= 0x80 || b == 0x5F {
            if b == 0x5F { underscoreInLast = true }
            segmentLength += 1
        } else if b == 0x2E && segmentLength > 0 && k + 1 < end && (isAlnumByte(s[k + 1]) || s[k + 1] >= 0x80 || s[k + 1] == 0x2D || s[k + 1] == 0x5F) {
            segments += 1
            underscoreInPrevious = underscoreInLast
            underscoreInLast = false
            segmentLength = 0
        } else {
            break
        }
        k += 1
    }
    guard segmentLength > 0, segments >= (www ? 1 : 0), k > domainStart, !underscoreInLast, !underscoreInPrevious else { return nil }
    // Path: up to whitespace or `<`.
    while k < end, !isSpaceByte(s[k]), s[k] != 0x3C { k += 1 }
    // Trailing punctuation, unbalanced `)` and entity-like `&x;` are not part of the link.
    var e = k
    while e > domainStart {
        let b = s[e - 1]
        if b == 0x3F || b == 0x21 || b == 0x2E || b == 0x2C || b == 0x3A || b == 0x2A || b == 0x5F || b == 0x7E || b == 0x27 || b == 0x22 {
            e -= 1
        } else if b == 0x29 {
            var open = 0, close = 0
            for j in i..<e { if s[j] == 0x28 { open += 1 } else if s[j] == 0x29 { close += 1 } }
            if close > open { e -= 1 } else { break }
        } else if e - 3 > domainStart, s[e - 3] == 0xE2, s[e - 2] == 0x80, b == 0x9D || b == 0x99 {
            e -= 3 // closing curly quote from smart punctuation
        } else if b == 0x3B {
            var j = e - 2
            while j > domainStart, isAlnumByte(s[j]) { j -= 1 }
            if j < e - 2 && s[j] == 0x26 { e = j } else { break }
        } else {
            break
        }
    }
    guard e > domainStart else { return nil }
    return (e, www)
}

/// GFM extended e-mail autolinks around the `@` at `at`: a local part of alphanumerics, `.`, `-`, `_`, `+`
/// (not before `from`, where text was already written), then a domain of alphanumerics, `-`, `_` in at
/// least two period-separated parts, not ending in `-` or `_`; a trailing `.` is not part of it.
/// Returns the address's start and end.
func emailAutolinkAt(_ s: UnsafeBufferPointer<UInt8>, _ at: Int, from: Int, _ end: Int) -> (Int, Int)? {
    var start = at
    while start > from {
        let b = s[start - 1]
        guard isAlnumByte(b) || b == 0x2E || b == 0x2D || b == 0x5F || b == 0x2B else { break }
        start -= 1
    }
    guard start < at else { return nil }
    // Not the tail of a longer word that had other characters (a URL's user part is matched as a URL).
    if start > 0, s[start - 1] == 0x2F || s[start - 1] == 0x3A { return nil }
    var k = at + 1
    var periods = 0
    var last: UInt8 = 0
    while k < end {
        let b = s[k]
        if isAlnumByte(b) || b == 0x2D || b == 0x5F {
            last = b
        } else if b == 0x2E, k + 1 < end, isAlnumByte(s[k + 1]) || s[k + 1] == 0x2D || s[k + 1] == 0x5F, last != 0x2E, k > at + 1 {
            periods += 1
            last = b
        } else {
            break
        }
        k += 1
    }
    guard periods > 0, k > at + 1, last != 0x2D, last != 0x5F, last != 0x2E else { return nil }
    return (start, k)
}

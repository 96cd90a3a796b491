/// Heading ids the way Jekyll's kramdown (GFM input) makes them, so old `#anchors` keep working.

/// Hands out kramdown-GFM ids: the first `foo` is `foo`, then `foo-1`, `foo-2`…
struct HeadingIDGenerator {
    private var counts: [String: Int] = [:]

    /// kramdown-parser-gfm's generate_gfm_header_id: lowercase, keep word characters
    /// (letters, marks, digits, connector punctuation), spaces and `-`, then spaces → `-`.
    static func slug(_ text: String) -> String {
        var text = text
        if let ascii = text.withUTF8({ buf -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(buf.count)
            for b in buf {
                if b >= 0x80 { return nil }
                if b >= 0x41 && b <= 0x5A { out.append(b + 32) } else if b == 0x20 { out.append(0x2D) } else if isAlnumByte(b) || b == 0x2D || b == 0x5F { out.append(b) }
            }
            return String(decoding: out, as: UTF8.self)
        }) {
            return ascii
        }
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                out.append("-")
            } else if scalar == "-" || isWordScalar(scalar) {
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII {
            let v = s.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || v == 0x5F
        }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    /// The id for a heading whose source text is `text`, counting duplicates as kramdown does.
    mutating func id(for text: String) -> String {
        var base = HeadingIDGenerator.slug(text)
        if base.isEmpty { base = "section" }
        let n = counts[base, default: -1] + 1
        counts[base] = n
        return n == 0 ? base : "\(base)-\(n)"
    }

    /// Registers an explicit `{#id}` so a later generated duplicate is numbered.
    mutating func reserve(_ id: String) {
        if counts[id] == nil { counts[id] = 0 }
    }
}

/// The heading's text as written in the source (what kramdown uses for ids): ATX markers,
/// closing `#`s and a trailing `{#id}` removed; setext lines joined by spaces.
func headingSourceText(_ node: Node, source: SourceText) -> String {
    let first = startLine(node)
    let last = endLine(node)
    let quotes = quoteDepth(node)
    if last > first {
        // Setext: the text lines, without the `===`/`---` underline. cmark's end line is not always the
        // underline (it can be the line after), so stop at the first underline-only line instead.
        var parts: [String] = []
        for l in first...last {
            let text = trimmed(source.contentLine(l, quotes: quotes))
            if l > first, isSetextUnderline(text) { break }
            parts.append(String(decoding: text, as: UTF8.self))
        }
        return stripHeaderIDSuffix(parts.joined(separator: " "))
    }
    var line = source.line(first)
    let col = startColumn(node)
    if col >= 1, col - 1 <= line.count { line = line.dropFirst(col - 1) } else { line = source.contentLine(first, quotes: quotes) }
    while let f = line.first, f == 0x20 || f == 0x09 { line = line.dropFirst() }
    while let f = line.first, f == 0x23 { line = line.dropFirst() }
    line = trimmed(line)
    // Closing sequence: trailing #s preceded by a blank (or making up the whole text).
    var end = line.endIndex
    while end > line.startIndex, line[end - 1] == 0x23 { end -= 1 }
    if end < line.endIndex {
        if end == line.startIndex { line = line[line.startIndex..<line.startIndex] } else if line[end - 1] == 0x20 || line[end - 1] == 0x09 {
            line = trimmed(line[line.startIndex..<end])
        }
    }
    return stripHeaderIDSuffix(String(decoding: line, as: UTF8.self))
}

/// A line of only `=` or only `-` (spaces around allowed): a setext heading's underline.
private func isSetextUnderline(_ line: ArraySlice<UInt8>) -> Bool {
    guard let c = line.first, c == 0x3D || c == 0x2D else { return false }
    var seenSpace = false
    for b in line {
        if b == 0x20 || b == 0x09 { seenSpace = true; continue }
        if b != c || seenSpace { return false }
    }
    return true
}

private func stripHeaderIDSuffix(_ s: String) -> String {
    guard s.utf8.last == 0x7D else { return s }
    var bytes = Array(s.utf8)
    let cut = bytes.withUnsafeBufferPointer { trailingHeaderID($0)?.keep }
    if let cut { bytes.removeSubrange(cut...) }
    return String(decoding: bytes, as: UTF8.self)
}

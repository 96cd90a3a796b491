// Splitting a table row into its cells, before any inline parsing.

/// Splits a row at every unescaped pipe, as GFM does before any inline parsing (so a pipe
/// inside a code span splits too); `\|` becomes `|`, in code spans as well.
/// With `codeSpans` (kramdown), a code span is copied whole, pipes and backslashes in it included.
func splitRow(_ line: ArraySlice<UInt8>, codeSpans: Bool = false) -> [[UInt8]] {
    var l = trimmed(line)
    if l.first == 0x7C { l = l.dropFirst() }
    var cells: [[UInt8]] = []
    cells.reserveCapacity(8)   // one allocation for most rows, not one per doubling
    // A cell is copied once, as a slice of the line, when it holds no escape (most cells); `escaped`
    // collects a cell's bytes only from its first backslash on. Byte-by-byte appends were 5,900
    // instructions a row (38 M a 1000-post build).
    var escaped: [UInt8] = []
    var hasEscape = false
    var segment = l.startIndex
    var i = l.startIndex
    var endedWithPipe = false
    func finish(_ end: Int) {
        if hasEscape {
            escaped += l[segment..<end]
            cells.append(Array(trimmed(escaped[...])))
            escaped.removeAll(keepingCapacity: true)
            hasEscape = false
        } else {
            cells.append(Array(trimmed(l[segment..<end])))
        }
    }
    while i < l.endIndex {
        let b = l[i]
        endedWithPipe = false
        if codeSpans, b == 0x60, let end = codeSpanEnd(l, i) {
            i = end
            continue
        }
        if b == 0x5C, i + 1 < l.endIndex {
            // An escaped byte never splits; only the backslash before a pipe goes.
            escaped += l[segment..<i]
            hasEscape = true
            if l[i + 1] != 0x7C { escaped.append(b) }
            escaped.append(l[i + 1])
            i += 2
            segment = i
            continue
        }
        if b == 0x7C {
            finish(i)
            segment = i + 1
            endedWithPipe = true
        }
        i += 1
    }
    if !endedWithPipe || cells.isEmpty { finish(l.endIndex) }
    return cells
}

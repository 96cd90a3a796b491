/// Row reading for kramdown's tables (`detectTable(_:source:kramdown:)`): kramdown splits a row at pipes
/// outside code spans, and takes a paragraph whose every line holds such a pipe for a table.

/// The end of the code span whose opening backticks are at `i`, when a run as long closes it.
func codeSpanEnd(_ l: ArraySlice<UInt8>, _ i: Int) -> Int? {
    var j = i
    while j < l.endIndex, l[j] == 0x60 { j += 1 }
    let run = j - i
    var k = j
    while k < l.endIndex {
        guard l[k] == 0x60 else { k += 1; continue }
        var e = k
        while e < l.endIndex, l[e] == 0x60 { e += 1 }
        if e - k == run { return e }
        k = e
    }
    return nil
}

/// Whether the line holds a `|` that is neither escaped nor inside a code span.
func hasPipeOutsideCode(_ l: ArraySlice<UInt8>) -> Bool {
    var i = l.startIndex
    while i < l.endIndex {
        if l[i] == 0x5C { i += 2; continue }
        if l[i] == 0x60, let end = codeSpanEnd(l, i) { i = end; continue }
        if l[i] == 0x7C { return true }
        i += 1
    }
    return false
}

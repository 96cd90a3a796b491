/// kramdown's list items run on to the next blank line: the lines right after an item's first line belong to
/// it even when not indented, so a fenced block, an ATX heading or a quote written there (a step's command under
/// "1. Install the gems.") is inside the item. CommonMark ends the list at such a line: the code sits between
/// two lists, the second numbered on (`<ol start="3">`).
///
/// `prepare` indents those lines to the item's content column before cmark reads them: from the first line
/// that starts a fence, a heading or a quote up to the next blank line or list item. A fence that a blank line
/// cuts before it closes is left alone (kramdown reads it as text there). Lines keep their numbers.
enum KramdownLazyItems {
    static func prepare(_ text: String) -> String? {
        guard text.utf8.contains(0x60) || text.utf8.contains(0x7E) || text.utf8.contains(0x23) || text.utf8.contains(0x3E) else { return nil }
        let bytes = Array(text.utf8)
        let lines = FootnoteSource.lineRanges(bytes)
        var indentBy = [Int](repeating: 0, count: lines.count)
        var fence: (UInt8, Int)? = nil
        var column: Int? = nil      // the content column of the item the current lines belong to
        var lazyBlocks = false      // a block has started in the item's unindented lines
        var i = 0
        while i < lines.count {
            let line = bytes[lines[i]]
            defer { i += 1 }
            if let f = fence {
                if FootnoteSource.closesFence(line, f) { fence = nil }
                continue
            }
            if trimmed(line).isEmpty { column = nil; lazyBlocks = false; continue }
            if let end = FootnoteSource.listMarkerEnd(line), !isThematicBreak(line) {
                column = end - line.startIndex
                lazyBlocks = false
                if let f = FootnoteSource.opensFence(line[end...]) { fence = f }
                continue
            }
            let indent = FootnoteSource.indentation(line)
            guard let c = column, indent < c else {
                if let f = FootnoteSource.opensFence(line) { fence = f }
                continue
            }
            if let f = FootnoteSource.opensFence(line) {
                // The fence moves into the item only if it closes before a blank line, as kramdown reads it.
                var j = i + 1
                while j < lines.count, !trimmed(bytes[lines[j]]).isEmpty, !FootnoteSource.closesFence(bytes[lines[j]], f) { j += 1 }
                guard j < lines.count, !trimmed(bytes[lines[j]]).isEmpty else { fence = f; column = nil; continue }
                for k in i...j { indentBy[k] = c }
                lazyBlocks = true
                i = j
                continue
            }
            let t = trimmed(line)
            if lazyBlocks || t.first == 0x3E || isATXHeading(t) {
                indentBy[i] = c
                lazyBlocks = true
            }
        }
        guard indentBy.contains(where: { $0 > 0 }) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        for (n, range) in lines.enumerated() {
            if indentBy[n] > 0 { out += [UInt8](repeating: 0x20, count: indentBy[n]) }
            out += bytes[range]
            if range.upperBound < bytes.count { out.append(0x0A) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isATXHeading(_ t: ArraySlice<UInt8>) -> Bool {
        let hashes = t.prefix { $0 == 0x23 }.count
        guard (1...6).contains(hashes) else { return false }
        let rest = t.dropFirst(hashes)
        return rest.isEmpty || rest.first == 0x20 || rest.first == 0x09
    }

    /// `* * *`, `- - -`: a rule, not an item.
    private static func isThematicBreak(_ line: ArraySlice<UInt8>) -> Bool {
        let marks = line.filter { $0 != 0x20 && $0 != 0x09 }
        guard marks.count >= 3, let m = marks.first, m == 0x2A || m == 0x2D || m == 0x5F else { return false }
        return marks.allSatisfy { $0 == m }
    }
}

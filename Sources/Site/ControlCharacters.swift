/// Control characters in a post's text (pasted from a terminal, a PDF, a word processor): illegal in
/// XML, so feeds would drop them, and errors in HTML, which `galley check` reports. They are taken out
/// of the Markdown once, before anything is made of it, so page, feeds and search agree, with one
/// warning per line at the first of them.
enum ControlCharacters {
    /// C0 controls but tab, line feed and carriage return; DEL; U+FFFE and U+FFFF.
    @inline(__always)
    static func isControl(_ v: UInt32) -> Bool {
        (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0x7F || v == 0xFFFE || v == 0xFFFF
    }

    struct Found: Sendable, Equatable {
        var line: Int
        var column: Int
        var count: Int
        var first: UInt32
    }

    /// `text` without control characters, and where they were (1-based lines, columns in Characters).
    /// Returns `text` itself, and nothing found, when there is none (checked on bytes first).
    static func removing(from text: String) -> (text: String, found: [Found]) {
        @inline(__always) func suspect(_ b: UInt8) -> Bool { (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) || b == 0x7F || b == 0xBF }
        // A plain loop over the bytes: `utf8.contains { }` was 1 % of a cold build's CPU.
        // `suspect` without branches, in blocks of 64 bytes with no exit inside one, so the compiler can vectorise
        // it (the loop that returned at the first suspect byte went a byte at a time: 2 % of the render phase).
        let hasAny = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var k = 0
            while k < bytes.count {
                let end = min(k + 64, bytes.count)
                var any: UInt8 = 0
                for i in k..<end {
                    let b = bytes[i]
                    any |= (b < 0x20 ? 1 : 0) & (b != 0x09 ? 1 : 0) & (b != 0x0A ? 1 : 0) & (b != 0x0D ? 1 : 0) | (b == 0x7F ? 1 : 0) | (b == 0xBF ? 1 : 0)
                }
                if any != 0 { return true }
                k = end
            }
            return false
        } ?? text.utf8.contains(where: suspect)
        guard hasAny else { return (text, []) }   // (0xBF: the last byte of U+FFFE/U+FFFF, a cheap first filter)
        var out = String.UnicodeScalarView()
        var found: [Found] = []
        var line = 1, column = 1
        for s in text.unicodeScalars {
            if s == "\n" { line += 1; column = 1; out.append(s); continue }
            if isControl(s.value) {
                if let last = found.last, last.line == line { found[found.count - 1].count += 1 }
                else { found.append(Found(line: line, column: column, count: 1, first: s.value)) }
                continue
            }
            out.append(s)
            column += 1
        }
        return found.isEmpty ? (text, []) : (String(out), found)
    }
}

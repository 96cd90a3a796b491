import Foundation

/// Words as the index stores them and the reader's query is matched against them: lowercased and
/// without accents (`Economía` → `economia`), split at anything that is not a letter or a digit.
/// search.js folds queries the same way (NFD, drop combining marks, lowercase).
public enum Terms {
    /// Longer runs (hashes, base64) are not words anyone types.
    public static let maxLength = 40

    /// The folded words of `text`, in order.
    public static func words(_ text: String) -> [String] {
        var out: [String] = []
        forEachWord(text) { out.append(String(decoding: $0, as: UTF8.self)) }
        return out
    }

    /// Counts the folded words of `text` (the same words as `words`).
    static func count(_ text: String, field: UInt8 = 0, into counter: inout WordCounter) {
        forEachWord(text) { counter.add($0, field: field) }
    }

    /// Each folded word's bytes. ASCII, Latin-1 letters and the punctuation of typeset text (dashes,
    /// curly quotes, no-break spaces) are handled byte by byte; a word with any other character goes
    /// through Foundation's folding. Words longer than `maxLength` are skipped.
    static func forEachWord(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { u in
            var word = [UInt8](repeating: 0, count: maxLength * 2 + 8)
            word.withUnsafeMutableBufferPointer { w in
                var n = 0, start = 0, slow = false
                func flush(_ end: Int) {
                    defer { n = 0; slow = false }
                    if slow {
                        for f in foldedWords(String(decoding: UnsafeBufferPointer(rebasing: u[start..<end]), as: UTF8.self)) {
                            var f = f
                            f.withUTF8 { if $0.count <= maxLength * 2 { body($0) } }
                        }
                    } else if n > 0, n <= maxLength {
                        body(UnsafeBufferPointer(rebasing: w[0..<n]))
                    }
                }
                func put(_ b: UInt8, at i: Int) {
                    if n == 0 && !slow { start = i }
                    if n < w.count { w[n] = b }
                    n += 1
                }
                let count = u.count
                var i = 0
                while i < count {
                    let b = u[i]
                    if b < 0x80 {
                        switch b {
                        case 0x30...0x39, 0x61...0x7A: put(b, at: i)
                        case 0x41...0x5A: put(b + 32, at: i)
                        default: flush(i)
                        }
                        i += 1
                        continue
                    }
                    let b1 = i + 1 < count ? u[i + 1] : 0
                    let b2 = i + 2 < count ? u[i + 2] : 0
                    if b == 0xC3, let folded = latin1[Int(b1 & 0x3F)] {
                        if folded.isEmpty { flush(i) } else {
                            let begin = i
                            for f in folded { put(f, at: begin) }
                        }
                        i += 2
                    } else if b == 0xC2, !latin1Supplement(b1) {
                        flush(i); i += 2  // no-break space, «», ·, ©…: not letters
                    } else if b == 0xE2, b1 == 0x80 || (b1 == 0x81 && b2 < 0xB0) {
                        flush(i); i += 3  // U+2000–U+206F: spaces, dashes, quotes, ellipsis
                    } else {
                        if n == 0 && !slow { start = i }
                        slow = true
                        i += 1
                        while i < count, u[i] & 0xC0 == 0x80 { i += 1 }
                    }
                }
                flush(count)
            }
        }
    }

    /// U+00C0–U+00FF folded: the letter's base (`é` → `e`), the lowercase of letters without one
    /// (`Æ` → `æ`), empty for × and ÷. Indexed by the second UTF-8 byte's low six bits.
    static let latin1: [[UInt8]?] = {
        let bases = "aaaaaa\u{e6}ceeeeiiii\u{f0}nooooo\u{d7}\u{f8}uuuuy\u{fe}\u{df}aaaaaa\u{e6}ceeeeiiii\u{f0}nooooo\u{f7}\u{f8}uuuuy\u{fe}y"
        return bases.unicodeScalars.map { c in
            c == "\u{d7}" || c == "\u{f7}" ? [] : Array(String(c).utf8)
        }
    }()

    /// In U+0080–U+00BF, the letters and digits (ª µ º ¹ ² ³ ¼ ½ ¾): those words take the slow path.
    static func latin1Supplement(_ second: UInt8) -> Bool {
        [0xAA, 0xB5, 0xBA, 0xB2, 0xB3, 0xB9, 0xBC, 0xBD, 0xBE].contains(second)
    }

    /// Folds a non-ASCII run and splits it at non-alphanumeric characters (`—`, `’`, `€`…).
    static func foldedWords(_ run: String) -> [String] {
        let folded = fold(run)
        return folded.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// Case and accent folding of one string, as the index stores it.
    public static func fold(_ s: String) -> String {
        let decomposed = s.decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for u in decomposed.unicodeScalars where !(0x300...0x36F).contains(u.value) && u.properties.generalCategory != .nonspacingMark {
            scalars.append(u)
        }
        return String(scalars).lowercased()
    }

    /// The shard a term belongs to: its first two characters (one for one-character terms).
    public static func shardKey(_ term: String) -> String { String(term.prefix(2)) }

    /// A file name for a shard key that any server and any URL can carry: its UTF-8 bytes in hex.
    public static func fileName(_ key: String) -> String {
        key.utf8.map { String(format: "%02x", $0) }.joined()
    }
}

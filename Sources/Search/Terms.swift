import Foundation

/// Words as the index stores them and the reader's query is matched against them: lowercased and
/// without accents (`Economía` → `economia`), split at anything that is not a letter or a digit.
/// search.js folds queries the same way (NFD, drop combining marks, lowercase).
public enum Terms {
    /// Longer runs (hashes, base64) are not words anyone types.
    public static let maxLength = 40

    /// The folded words of `text`, in order. ASCII text (most of an engineering blog) is folded byte
    /// by byte; a word with other characters goes through Foundation's folding.
    public static func words(_ text: String) -> [String] {
        var out: [String] = []
        var word: [UInt8] = []
        var ascii = true
        func flush() {
            defer { word.removeAll(keepingCapacity: true); ascii = true }
            guard !word.isEmpty else { return }
            if ascii {
                if word.count <= maxLength { out.append(String(decoding: word, as: UTF8.self)) }
            } else {
                for w in foldedWords(String(decoding: word, as: UTF8.self)) where w.utf8.count <= maxLength * 2 { out.append(w) }
            }
        }
        for b in text.utf8 {
            switch b {
            case 0x30...0x39, 0x61...0x7A: word.append(b)
            case 0x41...0x5A: word.append(b + 32)
            case 0x80...: word.append(b); ascii = false
            default: flush()
            }
        }
        flush()
        return out
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

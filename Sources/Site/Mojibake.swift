import TextBytes

/// Text that was UTF-8, read as Windows-1252 and saved again as UTF-8: `â€œ` for `“`, `Ã©` for `é`.
/// Found per source line, with the text it was meant to be, so the warning can show the repair.
enum Mojibake {
    struct Found: Equatable, Sendable {
        var line: Int
        var column: Int
        var text: String
        var repaired: String
    }

    /// Windows-1252's characters for bytes 0x80–0x9F (nil where the code page has none).
    private static let high: [Character: UInt8] = {
        let table: [UInt8: Character] = [0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ",
                                         0x89: "‰", 0x8A: "Š", 0x8B: "‹", 0x8C: "Œ", 0x8E: "Ž", 0x91: "‘", 0x92: "’", 0x93: "“",
                                         0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9A: "š", 0x9B: "›",
                                         0x9C: "œ", 0x9E: "ž", 0x9F: "Ÿ"]
        return Dictionary(uniqueKeysWithValues: table.map { ($1, $0) })
    }()

    /// The Windows-1252 byte a character stands for, if any (undefined bytes pass through as U+0080–U+009F).
    private static func byte(_ c: Character) -> UInt8? {
        if let b = high[c] { return b }
        guard c.unicodeScalars.count == 1, let v = c.unicodeScalars.first?.value, v >= 0x80, v <= 0xFF else { return nil }
        return UInt8(v)
    }

    /// Runs that decode as UTF-8 once turned back into bytes: a lead byte (Â–ô) and its continuation bytes.
    static func repair(_ line: Substring) -> (String, changed: Bool) {
        let chars = Array(line)
        var out = ""
        var changed = false
        var i = 0
        while i < chars.count {
            if let lead = byte(chars[i]), lead >= 0xC2, lead <= 0xF4 {
                let need = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1
                var bytes = [lead]
                var j = i + 1
                while bytes.count <= need, j < chars.count, let b = byte(chars[j]), b >= 0x80, b <= 0xBF { bytes.append(b); j += 1 }
                if bytes.count == need + 1, let s = String(validating: bytes, as: UTF8.self) {
                    out += s; i = j; changed = true; continue
                }
            }
            out.append(chars[i]); i += 1
        }
        return (out, changed)
    }

    /// Each line of `text` that holds double-encoded characters, with its repair.
    static func find(in text: String) -> [Found] {
        // Quick exit on bytes: every such text has one of Â Ã Ä Å â ã ä å (UTF-8 C3 82–85, C3 A2–A5) or a
        // C1 control (C2 80–9F). This runs over every document of every build.
        var copy = text
        guard copy.withUTF8({ mayBeDoubleEncoded($0) }) else { return [] }
        var found: [Found] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let (fixed, changed) = repair(line)
            // A C1 control left after repair (U+0080–U+009F) is the same mistake with no way back: report it too.
            guard changed || fixed.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) else { continue }
            let first = changed ? zip(line, fixed).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
                : line.firstIndex { $0.unicodeScalars.contains { (0x80...0x9F).contains($0.value) } }.map { line.distance(from: line.startIndex, to: $0) } ?? 0
            found.append(Found(line: n + 1, column: first + 1, text: String(line), repaired: fixed))
        }
        return found
    }

    /// Whether `b` has one of the byte pairs every double-encoded text has. ASCII runs are passed eight
    /// bytes a step (no pair starts at an ASCII byte): a byte at a time, this was 1.5 % of the render phase.
    static func mayBeDoubleEncoded(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = b.baseAddress else { return false }
        let n = b.count
        var i = nextNonASCII(p, from: 0, n)
        while i + 1 < n {
            if isPairStart(p[i], p[i + 1]) { return true }
            i = nextNonASCII(p, from: i + 1, n)
        }
        return false
    }

    /// Â Ã Ä Å â ã ä å (UTF-8 C3 82–85, C3 A2–A5) or a C1 control (C2 80–9F).
    @inline(__always)
    static func isPairStart(_ a: UInt8, _ b: UInt8) -> Bool {
        (a == 0xC3 && ((0x82...0x85).contains(b) || (0xA2...0xA5).contains(b))) || (a == 0xC2 && (0x80...0x9F).contains(b))
    }

    /// `text` with every double-encoded run repaired.
    static func repaired(_ text: String) -> String {
        guard !find(in: text).isEmpty else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { repair($0).0 }.joined(separator: "\n")
    }
}

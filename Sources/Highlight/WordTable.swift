/// What a reserved word means: its own class, and optionally the class of the identifier after it
/// (`func name` → nf, `class Name` → nc, `let x` → nv).
struct WordInfo: Sendable {
    var cls: TokenClass
    var next: TokenClass?
}

/// An open-addressing table from ASCII words to `WordInfo`, probed straight from the input bytes
/// so identifiers never become Strings in the hot path.
struct WordTable: Sendable {
    private var slots: [Int32]          // index into entries, -1 empty
    private var bytes: [UInt8] = []
    private var entries: [(start: Int32, len: Int32, info: WordInfo)] = []
    private let mask: Int

    init(_ groups: [(String, TokenClass, TokenClass?)]) {
        var words: [(String, WordInfo)] = []
        for (list, cls, next) in groups {
            for w in list.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                words.append((String(w), WordInfo(cls: cls, next: next)))
            }
        }
        var size = 16
        while size < words.count * 3 { size <<= 1 }
        mask = size - 1
        slots = Array(repeating: -1, count: size)
        for (w, info) in words {
            let u = Array(w.utf8)
            if lookup(u) != nil { continue } // first definition wins
            let h = WordTable.hash(u, 0, u.count)
            var s = h & mask
            while slots[s] >= 0 { s = (s + 1) & mask }
            slots[s] = Int32(entries.count)
            entries.append((Int32(bytes.count), Int32(u.count), info))
            bytes.append(contentsOf: u)
        }
    }

    @inline(__always) static func hash(_ p: some RandomAccessCollection<UInt8>, _ start: Int, _ len: Int) -> Int {
        var h: UInt32 = 2166136261
        var k = p.index(p.startIndex, offsetBy: start)
        for _ in 0..<len { h = (h ^ UInt32(p[k])) &* 16777619; k = p.index(after: k) }
        return Int(h >> 3)
    }

    private func lookup(_ u: [UInt8]) -> WordInfo? {
        u.withUnsafeBufferPointer { lookup($0, 0, u.count) }
    }

    /// The entry for `b[start..<end]`, if that is a word of the table.
    @inline(__always) func lookup(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> WordInfo? {
        let len = end - start
        if len > 40 || entries.isEmpty { return nil }
        var h: UInt32 = 2166136261
        for k in start..<end { h = (h ^ UInt32(b[k])) &* 16777619 }
        var s = Int(h >> 3) & mask
        return slots.withUnsafeBufferPointer { sl in
            bytes.withUnsafeBufferPointer { by in
                while true {
                    let e = Int(sl[s])
                    if e < 0 { return nil }
                    let entry = entries[e]
                    if Int(entry.len) == len {
                        var same = true
                        let o = Int(entry.start)
                        for j in 0..<len where by[o + j] != b[start + j] { same = false; break }
                        if same { return entry.info }
                    }
                    s = (s + 1) & mask
                }
            }
        }
    }

    func contains(_ word: String) -> Bool { lookup(Array(word.utf8)) != nil }
}

/// What a reserved word means: its own class, and optionally the class of the identifier after it
/// (`func name` → nf, `class Name` → nc, `let x` → nv).
struct WordInfo: Sendable {
    var cls: TokenClass
    var next: TokenClass?
}

/// An open-addressing table from ASCII words to `WordInfo`, probed straight from the input bytes
/// so identifiers never become Strings in the hot path. A word's first 8 bytes, packed into one integer,
/// are its hash input and most of its comparison: one load instead of a loop over the bytes.
struct WordTable: Sendable {
    private struct Entry: Sendable {
        var key: UInt64         // the first min(len, 8) bytes, little-endian, zero-padded
        var start: Int32        // the bytes after the first 8, in `bytes`
        var len: Int32
        var info: WordInfo
    }
    private var slots: [Int32]          // index into entries, -1 empty
    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    private let mask: Int
    /// Longer identifiers cannot be words: they skip the probe.
    private var maxLen = 0

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
            if u.isEmpty || u.count > 40 || lookup(u) != nil { continue } // first definition wins
            let key = u.withUnsafeBufferPointer { WordTable.pack($0, 0, u.count) }
            var s = WordTable.hash(key, u.count) & mask
            while slots[s] >= 0 { s = (s + 1) & mask }
            slots[s] = Int32(entries.count)
            entries.append(Entry(key: key, start: Int32(bytes.count), len: Int32(u.count), info: info))
            if u.count > 8 { bytes.append(contentsOf: u[8...]) }
            maxLen = max(maxLen, u.count)
        }
    }

    /// The first min(len, 8) bytes at `start` as a little-endian integer, zero-padded.
    @inline(__always) static func pack(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ len: Int) -> UInt64 {
        if start + 8 <= b.count {
            let v = UInt64(littleEndian: UnsafeRawPointer(b.baseAddress! + start).loadUnaligned(as: UInt64.self))
            return len >= 8 ? v : v & ((1 &<< UInt64(len &* 8)) &- 1)
        }
        var v: UInt64 = 0
        for k in 0..<min(len, 8) { v |= UInt64(b[start + k]) &<< UInt64(k &* 8) }
        return v
    }

    @inline(__always) static func hash(_ key: UInt64, _ len: Int) -> Int {
        Int(truncatingIfNeeded: ((key ^ UInt64(len)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }

    private func lookup(_ u: [UInt8]) -> WordInfo? {
        u.withUnsafeBufferPointer { lookup($0, 0, u.count) }
    }

    /// The entry for `b[start..<end]`, if that is a word of the table.
    @inline(__always) func lookup(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> WordInfo? {
        let len = end - start
        if len > maxLen || len <= 0 { return nil }
        let key = WordTable.pack(b, start, len)
        var s = WordTable.hash(key, len) & mask
        return slots.withUnsafeBufferPointer { sl in
            entries.withUnsafeBufferPointer { en in
                while true {
                    let e = Int(sl[s])
                    if e < 0 { return nil }
                    let entry = en[e]
                    if entry.key == key && Int(entry.len) == len {
                        if len <= 8 { return entry.info }
                        let same = bytes.withUnsafeBufferPointer { by in
                            let o = Int(entry.start) - 8
                            for j in 8..<len where by[o + j] != b[start + j] { return false }
                            return true
                        }
                        if same { return entry.info }
                    }
                    s = (s + 1) & mask
                }
            }
        }
    }

    func contains(_ word: String) -> Bool { lookup(Array(word.utf8)) != nil }
}

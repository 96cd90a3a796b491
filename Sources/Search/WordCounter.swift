/// Counts the folded words of a text without making a String per word: a page of 2,000 words has
/// a few hundred distinct ones, and only those become Strings. Open addressing over FNV-1a hashes,
/// the words' bytes kept in one buffer. (A `[String: Int]` per word was most of the index's cost.)
struct WordCounter {
    private var arena: [UInt8] = []
    private var slots: [Int32]          // index into entries + 1; 0 = empty
    private var entries: [(hash: UInt64, start: Int32, length: Int32, count: Int32, fields: UInt8)] = []
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    /// Adds one word (already folded): a body word counts once more; a word of another field
    /// (`field` a bit: title, headings, tags) marks the word as in that field.
    mutating func add(_ word: UnsafeBufferPointer<UInt8>, field: UInt8 = 0) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in word { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        var i = Int(truncatingIfNeeded: h ^ (h >> 29)) & mask
        while true {
            let slot = Int(slots[i])
            if slot == 0 { break }
            let e = entries[slot - 1]
            if e.hash == h, Int(e.length) == word.count,
               arena.withUnsafeBufferPointer({ a in memcmpEqual(a.baseAddress! + Int(e.start), word.baseAddress!, word.count) }) {
                if field == 0 { entries[slot - 1].count += 1 } else { entries[slot - 1].fields |= field }
                return
            }
            i = (i + 1) & mask
        }
        entries.append((h, Int32(arena.count), Int32(word.count), field == 0 ? 1 : 0, field))
        arena.append(contentsOf: word)
        slots[i] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for (n, e) in entries.enumerated() {
            var i = Int(truncatingIfNeeded: e.hash ^ (e.hash >> 29)) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = Int32(n + 1)
        }
    }

    /// Each distinct word once, with how often it was in the body and the fields it was in.
    func counts() -> [(word: String, count: Int, fields: UInt8)] {
        entries.map { e in
            (String(decoding: arena[Int(e.start)..<Int(e.start + e.length)], as: UTF8.self), Int(e.count), e.fields)
        }
    }
}

@inline(__always)
private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    for k in 0..<n where a[k] != b[k] { return false }
    return true
}

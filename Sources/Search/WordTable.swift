/// A word as the index's tables key it: its first 16 bytes as two little-endian integers (zero
/// padded), its length, where its bytes start in an arena when it is longer than 16 (-1 else), and
/// its hash (made once, when a page's words are counted; the merge reuses it). Nearly every word
/// fits the integers, so comparing two words is comparing three numbers.
struct PackedWord: Equatable {
    var low: UInt64
    var high: UInt64
    var hash: UInt64
    var length: Int32
    var start: Int32

    /// A word's two integers, from a buffer that can be read for 16 bytes whatever the word's
    /// length: the bytes past the word are masked off.
    @inline(__always)
    static func key(_ word: UnsafeBufferPointer<UInt8>) -> (low: UInt64, high: UInt64) {
        let raw = UnsafeRawPointer(word.baseAddress!), n = word.count
        var low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        var high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if n < 16 {
            if n <= 8 {
                high = 0
                if n < 8 { low &= (1 &<< UInt64(n * 8)) &- 1 }
            } else {
                high &= (1 &<< UInt64((n - 8) * 8)) &- 1
            }
        }
        return (low, high)
    }

    /// The hash of a word: its two integers and length mixed, then any bytes past the 16th.
    @inline(__always)
    static func hash(_ low: UInt64, _ high: UInt64, _ n: Int, _ bytes: UnsafePointer<UInt8>) -> UInt64 {
        var h = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: n)
        h = (h ^ (h &>> 31)) &* 0x94D0_49BB_1331_11EB
        if n > 16 { for k in 16..<n { h = (h ^ UInt64(bytes[k])) &* 0x100_0000_01b3 } }
        return h
    }
}

/// A set of words, each with a dense number in order of first appearance, for the index's hot loop
/// (looking up every word of every page) and for merging the runs' terms. No String is made per
/// word. (A `[String: Int]` per word was most of the index's cost.) A struct over a pointer, not a
/// class: a class's properties are checked for exclusive access at run time, which cost more than
/// the lookups. One thread uses a table.
struct WordTable {
    /// One open-addressing slot: the word's key, its number + 1 (0: empty), and the number of the
    /// term's latest posting, for `Postings` (-1: none yet). 24 bytes: no length, as a word has no
    /// zero byte, so words under 16 bytes are told apart by their zero-padded key alone.
    struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var id: Int32 = 0
        var posting: Int32 = -1
    }

    private(set) var words: [PackedWord] = []
    /// The bytes of words longer than 16.
    private(set) var arena: [UInt8] = []
    private var slots: UnsafeMutablePointer<Slot>
    private var size: Int
    private var shift: UInt64            // slot = hash >> shift: the hash's high bits are its best
    /// Frees the slots when the table goes (copies of a table share them: do not copy one).
    private let owner: Owner

    private final class Owner {
        var slots: UnsafeMutablePointer<Slot>?
        deinit { slots?.deallocate() }
    }

    init(capacity: Int) {
        var bits: UInt64 = 4
        while (1 << bits) < capacity * 2 { bits += 1 }
        size = 1 << bits
        shift = 64 - bits
        slots = .allocate(capacity: size)
        slots.initialize(repeating: Slot(), count: size)
        owner = Owner()
        owner.slots = slots
    }

    var count: Int { words.count }

    /// The slot of a word (added if new: its `id` is then `count`), given its key, its hash and its
    /// bytes (read past the 16th only). The pointer is good until the next call.
    @inline(__always)
    mutating func slot(_ low: UInt64, _ high: UInt64, _ n: Int, hash h: UInt64, _ bytes: UnsafePointer<UInt8>) -> UnsafeMutablePointer<Slot> {
        let s = slots, mask = size &- 1
        var i = Int(truncatingIfNeeded: h &>> shift)
        while true {
            let p = s + i
            if p.pointee.id == 0 { break }
            if p.pointee.low == low, p.pointee.high == high, n < 16 || sameLong(Int(p.pointee.id) - 1, bytes, n) {
                return p
            }
            i = (i + 1) & mask
        }
        return insert(PackedWord(low: low, high: high, hash: h, length: Int32(truncatingIfNeeded: n), start: -1), at: i, bytes)
    }

    /// Adds a word at an empty slot (growing first when the table is half full).
    private mutating func insert(_ word: PackedWord, at empty: Int, _ bytes: UnsafePointer<UInt8>) -> UnsafeMutablePointer<Slot> {
        var word = word
        let n = Int(word.length)
        if n > 16 {
            word.start = Int32(arena.count)
            arena.append(contentsOf: UnsafeBufferPointer(start: bytes, count: n))
        }
        var i = empty
        if (words.count + 1) * 2 > size {
            grow()
            i = Int(truncatingIfNeeded: word.hash &>> shift)
            while slots[i].id != 0 { i = (i + 1) & (size - 1) }
        }
        words.append(word)
        slots[i] = Slot(low: word.low, high: word.high, id: Int32(words.count))
        return slots + i
    }

    /// Whether word `e`, whose first 16 bytes match, has this length and these bytes past its 16th.
    private func sameLong(_ e: Int, _ bytes: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        guard Int(words[e].length) == n else { return false }
        guard n > 16 else { return true }
        let start = Int(words[e].start)
        return arena.withUnsafeBufferPointer { a in
            for k in 16..<n where a[start + k] != bytes[k] { return false }
            return true
        }
    }

    private mutating func grow() {
        let old = slots, oldSize = size
        size *= 2
        shift -= 1
        slots = .allocate(capacity: size)
        slots.initialize(repeating: Slot(), count: size)
        let mask = size - 1
        for j in 0..<oldSize where old[j].id != 0 {
            var i = Int(truncatingIfNeeded: words[Int(old[j].id) - 1].hash &>> shift)
            while slots[i].id != 0 { i = (i + 1) & mask }
            slots[i] = old[j]
        }
        old.deallocate()
        owner.slots = slots
    }
}

/// Words as plain values, for handing from one thread's table to another's.
struct WordList: Sendable {
    var words: [PackedWord] = []
    var arena: [UInt8] = []

    /// A word's bytes: its arena bytes, or its two integers laid out in memory.
    @inline(__always)
    func withBytes<R>(_ e: Int, _ body: (UnsafePointer<UInt8>) -> R) -> R {
        let w = words[e]
        if w.start >= 0 { return arena.withUnsafeBufferPointer { body($0.baseAddress! + Int(w.start)) } }
        var pair = (w.low.littleEndian, w.high.littleEndian)
        return withUnsafeBytes(of: &pair) { body($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
    }

    func string(_ e: Int) -> String {
        withBytes(e) { String(decoding: UnsafeBufferPointer(start: $0, count: Int(words[e].length)), as: UTF8.self) }
    }
}

extension WordTable {
    var list: WordList { WordList(words: words, arena: arena) }
}

/// `Scorer.langs` compiled once into flat tables, so scoring a line reads it once instead of once per
/// feature: a substring feature is only tried where its first two bytes occur, a line prefix (suffix) only
/// when its first (last) byte matches, and a word costs one hash probe for every language at once.
/// Feature indices keep the order of `Scorer.langs` (language, then feature), which is the order the
/// hand-written scorer summed weights in, so every sum is the same floating-point value as before.
struct DetectTables: Sendable {
    /// Per feature: language, weight, pattern bytes (`start..<start+length` in `bytes`).
    var lang: [Int] = [], weight: [Double] = [], start: [Int] = [], length: [Int] = []
    var bytes: [UInt8] = []
    /// Prefix and whole-line features by first byte, suffix features by last byte:
    /// bucket `b` is `first[b]..<first[b + 1]` of `members`.
    var prefix = Buckets(), suffix = Buckets(), whole = Buckets()
    /// Substring features of one byte by that byte, and of two or more by their first two bytes (`b0 << 8 | b1`):
    /// a line's byte pair names exactly the features that may start there. Tried by first byte alone, every byte
    /// of a line ran through a dozen candidates (most of `effectiveScores`' time).
    var singleByte = Buckets(), bytePair = PairBuckets()
    /// Features that always hit (an empty prefix or suffix) and the flag features (`v p x k < V`).
    var always: [Int] = [], flags: [(feature: Int, kind: UInt8)] = []
    /// Whole words: open addressing on FNV-1a, `slots` hold word ids (-1 empty); word `w` is
    /// `wordStart[w]..<wordStart[w]+wordLength[w]` of `wordBytes` and adds `hits[hitStart[w]..<hitStart[w + 1]]`.
    var slots: [Int] = [], wordHash: [UInt64] = [], wordStart: [Int] = [], wordLength: [Int] = [], wordBytes: [UInt8] = []
    var hitStart: [Int] = [0], hits: [(lang: Int, weight: Double)] = []

    struct Buckets: Sendable {
        var first = [Int](repeating: 0, count: 257)
        var members: [Int] = []

        /// Counting sort of `(key byte, feature)` pairs, features ascending within a bucket.
        init(_ pairs: [(UInt8, Int)] = []) {
            for (b, _) in pairs { first[Int(b) + 1] += 1 }
            for b in 0..<256 { first[b + 1] += first[b] }
            var next = first
            members = [Int](repeating: 0, count: pairs.count)
            for (b, f) in pairs { members[next[Int(b)]] = f; next[Int(b)] += 1 }
        }
    }

    /// `Buckets` keyed by two bytes: bucket `k` is `first[k]..<first[k + 1]` of `members`.
    struct PairBuckets: Sendable {
        var first = [Int32](repeating: 0, count: 65537)
        var members: [Int] = []
        /// Bit `k` set when bucket `k` is not empty: 8 kB that stay in the L1 cache, where `first` (256 kB) missed it for
        /// nearly every byte pair of every line, to learn that no feature starts there (a few hundred pairs of 65,536 start one).
        var occupied = [UInt64](repeating: 0, count: 1024)

        init(_ pairs: [(Int, Int)] = []) {
            for (k, _) in pairs { first[k + 1] += 1 }
            for k in 0..<65536 { first[k + 1] += first[k] }
            var next = first
            members = [Int](repeating: 0, count: pairs.count)
            for (k, f) in pairs { members[Int(next[k])] = f; next[k] += 1 }
            for (k, _) in pairs { occupied[k >> 6] |= 1 << UInt64(k & 63) }
        }

        /// Whether bucket `key` may hold a feature (`first[key] < first[key + 1]`).
        @inline(__always) func mayHold(_ key: Int) -> Bool { occupied[key >> 6] & (1 << UInt64(key & 63)) != 0 }
    }

    static let shared = DetectTables(Scorer.langs, Scorer.wordIndex)

    /// `shared` behind one reference. `Scorer.effectiveScores` reads the tables in a closure made for every
    /// line, and each closure captured a copy of this struct: two dozen arrays retained and released per line.
    final class Reference: Sendable {
        let tables: DetectTables
        init(_ tables: DetectTables) { self.tables = tables }
    }
    static let reference = Reference(shared)

    init(_ langs: [Scorer.Lang], _ words: [String: [(Int, Double)]]) {
        var sub: [(UInt8, Int)] = [], pre: [(UInt8, Int)] = [], suf: [(UInt8, Int)] = [], eq: [(UInt8, Int)] = []
        for (i, l) in langs.enumerated() {
            for f in l.features {
                let id = lang.count
                lang.append(i); weight.append(f.weight); start.append(bytes.count); length.append(f.pattern.count)
                bytes += f.pattern
                let p = f.pattern
                switch f.kind {
                // An empty substring never hits; an empty prefix or suffix always does; no line is empty.
                case "s": if let b = p.first { sub.append((b, id)) }
                case "^": if let b = p.first { pre.append((b, id)) } else { always.append(id) }
                case "$": if let b = p.last { suf.append((b, id)) } else { always.append(id) }
                case "=": if let b = p.first { eq.append((b, id)) }
                case "v", "p", "x", "k", "<", "V": flags.append((id, f.kind.asciiValue!))
                default: break
                }
            }
        }
        prefix = Buckets(pre); suffix = Buckets(suf); whole = Buckets(eq)
        singleByte = Buckets(sub.filter { length[$0.1] == 1 })
        bytePair = PairBuckets(sub.filter { length[$0.1] >= 2 }.map { (Int(bytes[start[$0.1]]) << 8 | Int(bytes[start[$0.1] + 1]), $0.1) })
        // Sorted keys: the table does not depend on dictionary order.
        let keys = words.keys.sorted()
        var size = 64
        while size < keys.count * 4 { size *= 2 }
        slots = [Int](repeating: -1, count: size)
        for key in keys {
            let u = Array(key.utf8)
            let id = wordHash.count
            let h = DetectTables.hash(u[...])
            wordHash.append(h); wordStart.append(wordBytes.count); wordLength.append(u.count); wordBytes += u
            hits += words[key]!.map { (lang: $0.0, weight: $0.1) }
            hitStart.append(hits.count)
            var s = Int(truncatingIfNeeded: h) & (size - 1)
            while slots[s] >= 0 { s = (s + 1) & (size - 1) }
            slots[s] = id
        }
    }

    @inline(__always) static func hash<C: Collection<UInt8>>(_ bytes: C) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// Word id of `u[from..<to]`, or -1 when no language lists it. Keys hold only ASCII here, so byte
    /// equality is the String equality the dictionary used.
    @inline(__always) func word(_ u: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        let h = DetectTables.hash(UnsafeBufferPointer(rebasing: u[from..<to]))
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: h) & mask
        while true {
            let id = slots[s]
            if id < 0 { return -1 }
            if wordHash[id] == h && wordLength[id] == to - from {
                var k = 0
                let o = wordStart[id]
                while k < to - from && wordBytes[o + k] == u[from + k] { k += 1 }
                if k == to - from { return id }
            }
            s = (s + 1) & mask
        }
    }

    /// Whether feature `f`'s pattern occurs in `u` at `at` (bounds checked). `known`: its first bytes are already
    /// known to match (2 for a feature of `bytePair`'s bucket found at that pair: every candidate at every byte
    /// pair of a line comes through here, so the comparison starts at the third).
    @inline(__always) func matches(_ f: Int, _ u: UnsafeBufferPointer<UInt8>, at: Int, count n: Int, known: Int = 0) -> Bool {
        let m = length[f]
        if at < 0 || at + m > n { return false }
        return bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return m == 0 }
            let p = base + start[f]
            var j = known
            while j < m && p[j] == u[at + j] { j += 1 }
            return j == m
        }
    }

    /// Whether any word key holds a non-ASCII byte (then byte equality would not be String equality).
    var asciiKeys: Bool { wordBytes.allSatisfy { $0 < 0x80 } }
}

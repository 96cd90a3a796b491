import Foundation

/// Multinomial logistic regression over each line's tokens, neighbouring token pairs and indentation plus
/// the hand-written scores (`DetectModelData`, fitted by Benchmarks/highlight/learn_weights.py on the tuning
/// half of sampled real code). It answers only when its top probability clears the threshold of the
/// snippet's line-count band, so it abstains rather than guess; languages it has no class for (too little
/// real code to learn from) keep the hand-written verdict.
enum Model {
    static let classes = DetectModelData.classes
    static let k = classes.count
    static let other = classes.firstIndex(of: "other") ?? -1
    /// Names the model can answer with (a hand-written verdict outside them stands).
    static let covered = Set(classes)

    /// Index in `Scorer.langs` of each hand-written score the weights expect (-1 when missing).
    static let handIndex: [Int] = DetectModelData.hand.map { name in Scorer.langs.firstIndex { $0.name == name } ?? -1 }

    /// The data file's alphabet: '#'...'~' without the backslash, 'P' is zero.
    static func level(_ c: UInt8) -> Double {
        let i = Int(c) - 35 - (c > 92 ? 1 : 0)
        return Double(i - 45)
    }

    /// Key hash → row of `weights`. Decoded once, on first use, straight from the bytes of
    /// `DetectModelData.table` (no substrings: it has tens of thousands of entries, and a build waits
    /// for it on the first unlabeled fence; `galley highlight --detect` pays it on every call).
    /// A row is the k cells' levels (`level(_:) ` as Int8, `rowStride` apart): a quarter of the Floats' bytes, so
    /// more of the table stays in cache; `cellWeights` turns a level back into the very Float it was. `masks[r]` has
    /// bit c set where row r's cell c is not zero: most cells are, and adding their +0.0 changes no sum.
    static let table: (index: KeyTable, weights: [Int8], masks: [UInt32]) = {
        var entries: [(UInt64, Int32)] = []
        var source = DetectModelData.table
        let (weights, masks) = source.withUTF8 { text in
            // Entries end at a tab or a line break: at most this many. The rows are written in place, once (appending
            // cell by cell, each through `level`'s Double, was most of the decode, and a build waited for it: 3.5 ms).
            let lines = text.reduce(0) { $0 + ($1 == 10 || $1 == 9 ? 1 : 0) } + 1
            entries.reserveCapacity(lines)
            var masks: [UInt32] = []
            masks.reserveCapacity(lines)
            let levels = (0...255).map { Int8(truncatingIfNeeded: Int(level(UInt8($0)))) }
            let weights = [Int8](unsafeUninitializedCapacity: lines * rowStride) { w, filled in
                var start = 0, rows = 0
                let n = text.count
                while start < n {
                    var end = start
                    while end < n, text[end] != 9, text[end] != 10 { end += 1 }
                    // An entry is "key cells": the key may hold spaces, the k cells never do.
                    if end - start > k, text[end - k - 1] == 32 {
                        var h = offset
                        for i in start..<(end - k - 1) { h = mix(h, text[i]) }
                        entries.append((h, Int32(rows)))
                        let row = rows * rowStride
                        var mask: UInt32 = 0
                        for c in 0..<k {
                            let v = levels[Int(text[end - k + c])]
                            w[row + c] = v
                            if v != 0 { mask |= 1 << UInt32(c) }
                        }
                        for c in k..<rowStride { w[row + c] = 0 }
                        masks.append(mask)
                        rows += 1
                    }
                    start = end + 1
                }
                filled = rows * rowStride
            }
            return (weights, masks)
        }
        return (KeyTable(entries), weights, masks)
    }()

    /// Bytes between rows of `table.weights`: k rounded up to a power of two, so a row never spans more cache lines than it must.
    static let rowStride: Int = { var s = 1; while s < k { s *= 2 }; return s }()
    /// The weight of each level, offset by 45 (the lowest level), computed as the table's Floats always were.
    static let cellWeights: [Float] = (-45...45).map { Float(Double($0) * DetectModelData.step) }
    /// `Float(log1p(Double(n)))` for each count a row can reach (200 lines and the tab): a log1p call per distinct row
    /// was a twentieth of `probabilities`.
    static let countWeights: [Float] = (0...201).map { Float(log1p(Double($0))) }

    /// Open addressing over a power-of-two array, for the one lookup per token of every line. A slot holds a row, and
    /// the row's key sits in `keys`: 4-byte slots make the array a quarter of the 16-byte key-and-row slots (128 kB, not
    /// 512 kB), and most keys of a fence are in no row, answered by an empty home slot without touching the keys.
    struct KeyTable {
        private var slots: [Int32]
        /// Each row's key (a key given twice keeps its last row; the earlier row is then in no slot).
        private var keys: [UInt64]
        private let shift: UInt64
        /// Distinct keys.
        private(set) var count = 0
        /// One more than the largest row.
        private(set) var rowCount = 0

        /// A key given twice keeps its last row.
        init(_ entries: [(UInt64, Int32)]) {
            var bits: UInt64 = 4
            while (1 << bits) < entries.count * 2 { bits += 1 }
            shift = 64 - bits
            slots = Array(repeating: -1, count: 1 << bits)
            rowCount = entries.reduce(0) { max($0, Int($1.1) + 1) }
            keys = Array(repeating: 0, count: rowCount)
            let mask = (1 << Int(bits)) - 1
            for (h, r) in entries {
                var i = slot(h)
                while slots[i] >= 0, keys[Int(slots[i])] != h { i = (i + 1) & mask }
                if slots[i] < 0 { count += 1 }
                slots[i] = r
                keys[Int(r)] = h
            }
        }

        @inline(__always) private func slot(_ h: UInt64) -> Int { Int(truncatingIfNeeded: (h &* 0x9e37_79b9_7f4a_7c15) >> shift) }

        /// `self[h] ?? -1` for every key. The home slots are read first in a loop without branches on what they
        /// hold, so their cache misses overlap; only keys whose home slot holds another key probe further.
        func rows(_ wanted: [UInt64]) -> [Int32] {
            var out = [Int32](repeating: -1, count: wanted.count)
            slots.withUnsafeBufferPointer { s in
                keys.withUnsafeBufferPointer { k in
                    out.withUnsafeMutableBufferPointer { o in
                        // -2: the home slot holds another key, look further.
                        for (j, h) in wanted.enumerated() {
                            let r = s[slot(h)]
                            o[j] = r < 0 ? -1 : (k[Int(r)] == h ? r : -2)
                        }
                    }
                }
            }
            for j in 0..<out.count where out[j] == -2 { out[j] = self[wanted[j]] ?? -1 }
            return out
        }

        subscript(_ h: UInt64) -> Int32? {
            slots.withUnsafeBufferPointer { s in
                keys.withUnsafeBufferPointer { k in
                    let mask = s.count - 1
                    var i = slot(h)
                    while true {
                        let r = s[i]
                        if r < 0 { return nil }
                        if k[Int(r)] == h { return r }
                        i = (i + 1) & mask
                    }
                }
            }
        }
    }

    /// Rows: log(1 + score) per hand-written language, then log(1 - score), then log(lines); k columns.
    static let handWeights: [Double] = DetectModelData.handWeights.flatMap { row in row.utf8.map { level($0) * DetectModelData.handStep } }

    static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always) static func mix(_ h: UInt64, _ b: UInt8) -> UInt64 { (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    static func hash<C: Collection<UInt8>>(_ bytes: C) -> UInt64 { bytes.reduce(offset, mix) }

    @inline(__always) static func isWord(_ c: UInt8) -> Bool { (c | 0x20) &- 97 < 26 || c == 95 }
    /// `!#$%&*+-./:;<=>?@^|~\\`
    @inline(__always) static func isSymbol(_ c: UInt8) -> Bool {
        switch c {
        case 33, 35, 36, 37, 38, 42, 43, 45, 46, 47, 58, 59, 60, 61, 62, 63, 64, 94, 124, 126, 92: return true
        default: return false
        }
    }
    /// Brackets, comma and quotes.
    @inline(__always) static func isSingle(_ c: UInt8) -> Bool {
        switch c {
        case 40, 41, 123, 125, 91, 93, 44, 34, 39, 96: return true
        default: return false
        }
    }

    /// Hashes of a trimmed line's keys (learn_weights.py `line_keys`): tokens (a number is `0`), `^` + the
    /// first token, neighbouring pairs `a b`, `$` + a closing punctuation byte. `spans` holds token ranges
    /// (a number as -1..<-1).
    static func lineKeys(_ u: UnsafeBufferPointer<UInt8>, spans: inout [(Int, Int)], into out: inout [UInt64]) {
        var carry: UInt64 = 0
        lineKeys(u, spans: &spans, carry: &carry, into: &out)
    }

    /// The same plus `^^a b` (the first two tokens), `>a b` (the previous line's last token, this line's
    /// first; `carry` holds `>a ` between lines, 0 before the first), `^a$z` (first and last token), `$$z`
    /// (the last token) and identifier shapes (`#C` camelCase, `#S` snake_case, `#U` ALL_CAPS, `#_` a
    /// leading underscore).
    static func lineKeys(_ u: UnsafeBufferPointer<UInt8>, spans: inout [(Int, Int)], carry: inout UInt64, into out: inout [UInt64]) {
        spans.removeAll(keepingCapacity: true)
        var i = 0
        let n = u.count
        while i < n {
            let c = u[i]
            let start = i
            if isWord(c) {
                i += 1
                while i < n, isWord(u[i]) || isDigit(u[i]) { i += 1 }
            } else if isDigit(c) {
                while i < n, isWord(u[i]) || isDigit(u[i]) || u[i] == 46 { i += 1 }
                spans.append((-1, -1))
                continue
            } else if isSymbol(c) {
                i += 1
                while i < n, i - start < 3, isSymbol(u[i]) { i += 1 }
            } else if isSingle(c) {
                i += 1
            } else {
                i += 1
                continue
            }
            if i - start <= 24 { spans.append((start, i)) }
        }
        func fold(_ h: UInt64, _ s: (Int, Int)) -> UInt64 {
            if s.0 < 0 { return mix(h, 48) }
            var h = h
            for k in s.0..<s.1 { h = mix(h, u[k]) }
            return h
        }
        for (a, s) in spans.enumerated() {
            let h = fold(offset, s)
            out.append(h)
            if a == 0 { out.append(fold(mix(offset, 94), s)) }
            if a + 1 < spans.count { out.append(fold(mix(h, 32), spans[a + 1])) }
            if s.0 >= 0 && isWord(u[s.0]) { shapeKeys(u, s, into: &out) }
        }
        if spans.count >= 2 { out.append(fold(mix(fold(mix(mix(offset, 94), 94), spans[0]), 32), spans[1])) }
        if let first = spans.first, let last = spans.last {
            if carry != 0 { out.append(fold(carry, first)) }
            carry = mix(fold(mix(offset, 62), last), 32)
            // How the line opens and closes together (`def … )` is Ruby, `def … :` Python), and its last token.
            out.append(fold(mix(fold(mix(offset, 94), first), 36), last))
            out.append(fold(mix(mix(offset, 36), 36), last))
        }
        if let last = u.last, !(isWord(last) || isDigit(last)), last < 128 { out.append(mix(mix(offset, 36), last)) }
    }

    static let shapes = (camel: hash("#C".utf8), snake: hash("#S".utf8), caps: hash("#U".utf8), under: hash("#_".utf8))

    /// Shape keys of an identifier token (learn_weights.py `shape`).
    @inline(__always) static func shapeKeys(_ u: UnsafeBufferPointer<UInt8>, _ s: (Int, Int), into out: inout [UInt64]) {
        var lower = false, upper = false, camel = false, snake = false
        var prev: UInt8 = 0
        for k in s.0..<s.1 {
            let c = u[k]
            let isLower = c &- 97 < 26, isUpper = c &- 65 < 26
            if isLower { lower = true; if prev == 95 { snake = true } }
            if isUpper { upper = true; if prev &- 97 < 26 { camel = true } }
            prev = c
        }
        if camel { out.append(shapes.camel) }
        if snake && u[s.0] != 95 { out.append(shapes.snake) }
        if upper && !lower && s.1 - s.0 >= 3 { out.append(shapes.caps) }
        if u[s.0] == 95 { out.append(shapes.under) }
    }

    static let tabKey = hash("~t".utf8)
    static let spaceKeys = (0...8).map { hash("~i\($0)".utf8) }

    /// `~t` for a tab, `~iN` for N (1...8) leading spaces.
    static func indentKey(_ raw: Substring) -> UInt64? {
        // On the line's bytes (stepping the Substring's view cost ~250 instructions a line); -1 for the tab.
        let w = Output.bytes(raw) { u -> Int in
            var w = 0
            for c in u {
                if c == 9 && w == 0 { return -1 }
                if c != 32 { break }
                w += 1
            }
            return w
        }
        if w < 0 { return tabKey }
        return (1...8).contains(w) ? spaceKeys[w] : nil
    }

    /// Class probabilities for the lines and the hand-written scores (`Scorer.effectiveScores`).
    static func probabilities(_ lines: [Substring], raws: [Substring], hand: [Double]) -> [Double] {
        let (index, weights, masks) = table
        // Every line's keys first, then their slots touched in one loop of independent loads, then the probes: the
        // table is larger than the caches, and probing key by key waited for one miss at a time (most of this
        // function's time went to those waits).
        var keys: [UInt64] = [], ends: [Int] = [], spans: [(Int, Int)] = []
        keys.reserveCapacity(lines.count * 24)
        ends.reserveCapacity(min(lines.count, 200))
        spans.reserveCapacity(32)
        var carry: UInt64 = 0, tabs = false
        var buffer: [UInt8] = []
        for (li, line) in lines.prefix(200).enumerated() {
            line.withBytes(&buffer) { lineKeys($0, spans: &spans, carry: &carry, into: &keys) }
            // Tab indentation counts once per snippet: it is a project's habit more than a language's.
            if li < raws.count, let h = indentKey(raws[li]) { if h == tabKey { tabs = true } else { keys.append(h) } }
            ends.append(keys.count)
        }
        let found = index.rows(keys)
        // Each hit as `row << 8 | line` (at most 200 lines; the tab row as line 255, which no line is), sorted by
        // row with a stable sort that leaves each row's lines in order: a row counts once per line, so its count is
        // the number of line changes in its run. Marking rows in a table of every row (`seen`) cleared 50 kB per fence.
        var hits: [Int32] = []
        hits.reserveCapacity(keys.count + 1)
        var a = 0
        for (li, end) in ends.enumerated() {
            while a < end {
                if found[a] >= 0 { hits.append(found[a] << 8 | Int32(li)) }
                a += 1
            }
        }
        if tabs, let r = index[tabKey] { hits.append(r << 8 | 255) }
        radixSort(&hits, from: 8)
        var z = DetectModelData.bias
        // The same sums in the same order, on buffers: the bounds-checked loop over k classes per key was most
        // of this function's own time.
        z.withUnsafeMutableBufferPointer { zb in
            weights.withUnsafeBufferPointer { wb in
                cellWeights.withUnsafeBufferPointer { cell in
                    // Each distinct row copied out first, in a loop of independent loads the CPU overlaps, then summed
                    // from the copy: summing straight from the table waited for its misses one row at a time.
                    var counts: [Int] = [], offsets: [Int] = []
                    // Room for a row per hit (growing them row by row was ~3% of this function).
                    counts.reserveCapacity(hits.count)
                    offsets.reserveCapacity(hits.count)
                    var a = 0
                    while a < hits.count {
                        let row = hits[a] >> 8
                        var b = a + 1, n = 1
                        while b < hits.count && hits[b] >> 8 == row {
                            if hits[b] != hits[b - 1] { n += 1 }
                            b += 1
                        }
                        counts.append(n)
                        offsets.append(Int(row))
                        a = b
                    }
                    var nonzero = [UInt32](repeating: 0, count: offsets.count)
                    let gathered = [Int8](unsafeUninitializedCapacity: offsets.count * rowStride) { g, n in
                        for (j, r) in offsets.enumerated() {
                            (g.baseAddress! + j * rowStride).initialize(from: wb.baseAddress! + r * rowStride, count: rowStride)
                            nonzero[j] = masks[r]
                        }
                        n = offsets.count * rowStride
                    }
                    gathered.withUnsafeBufferPointer { g in
                        for (j, n) in counts.enumerated() {
                            let x = n < countWeights.count ? countWeights[n] : Float(log1p(Double(n)))
                            let o = j * rowStride
                            // Only the non-zero cells: a zero cell adds +0.0, which leaves every sum as it was (no sum is
                            // -0.0: each starts from a non-zero bias, and x * cell is never -0.0).
                            var m = nonzero[j]
                            while m != 0 {
                                let c = m.trailingZeroBitCount
                                zb[c] += Double(x * cell[Int(g[o + c]) &+ 45])
                                m &= m &- 1
                            }
                        }
                    }
                }
            }
        }
        let hn = handIndex.count
        for (j, i) in handIndex.enumerated() where i >= 0 && i < hand.count {
            let s = hand[i]
            let x = log1p(abs(s)), row = (s >= 0 ? j : hn + j) * k
            if x > 0 { for c in 0..<k { z[c] += x * handWeights[row + c] } }
        }
        let lx = log(Double(max(1, lines.count))), row = 2 * hn * k
        for c in 0..<k { z[c] += lx * handWeights[row + c] }
        let top = z.max() ?? 0
        var p = z.map { exp($0 - top) }
        let sum = p.reduce(0, +)
        for c in 0..<k { p[c] /= sum }
        return p
    }

    /// `rows.sort()` by bytes, least significant first (rows are table rows, never negative): the same order, as
    /// for any sort of integers. The library's merge sort was a twentieth of detection's CPU.
    /// `from`: the bits below it are left out of the key (the sort is stable: equal keys keep their order).
    static func radixSort(_ rows: inout [Int32], from: Int32 = 0) {
        guard rows.count > 1, let top = rows.max() else { return }
        var other = [Int32](repeating: 0, count: rows.count)
        var shift = from
        // On buffers, with one count table for every pass: the bounds-checked arrays and a fresh table per pass were
        // most of the sort's time.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 257) { counts in
            while shift < 32 && top >> shift > 0 {
                rows.withUnsafeBufferPointer { src in
                    other.withUnsafeMutableBufferPointer { dst in
                        counts.initialize(repeating: 0)
                        for r in src { counts[Int((r >> shift) & 0xFF) + 1] += 1 }
                        for b in 0..<256 { counts[b + 1] += counts[b] }
                        for r in src {
                            let b = Int((r >> shift) & 0xFF)
                            dst[counts[b]] = r
                            counts[b] += 1
                        }
                    }
                }
                swap(&rows, &other)
                shift += 8
            }
        }
    }

    /// Classes that make one answer (a C header read as C++ is not wrong): thresholds apply to their sum.
    static let families: [[String]] = [["c", "cpp"], ["javascript", "typescript"], ["html", "xml"]]
    /// Per class, the classes of its family (itself included).
    static let family: [[Int]] = classes.indices.map { c in
        let names = families.first { $0.contains(classes[c]) } ?? [classes[c]]
        return names.compactMap { classes.firstIndex(of: $0) }
    }

    /// The model's answer, or nil when the top class is `other` or its family's probability is under the
    /// threshold of the snippet's line-count band.
    /// The hand-written features' own verdict (`handPick`, a clear winner there) stands when the model gives
    /// its family at least this probability; otherwise the model's top class needs its band's threshold.
    static let agreeing = 0.25

    static func decide(_ lines: [Substring], raws: [Substring], hand: [Double], handPick: String? = nil) -> Detection? {
        decide(probabilities(lines, raws: raws, hand: hand), lineCount: lines.count, handPick: handPick)
    }

    /// The same on probabilities already computed (detection with context reuses them to weigh candidates).
    static func decide(_ p: [Double], lineCount: Int, handPick: String? = nil) -> Detection? {
        if let pick = handPick, let c = classes.firstIndex(of: pick) {
            let share = family[c].reduce(0) { $0 + p[$1] }
            if share >= agreeing { return Detection(language: pick, confidence: min(0.99, share)) }
        }
        guard let best = p.indices.max(by: { p[$0] < p[$1] }), best != other else { return nil }
        let band = DetectModelData.bands.firstIndex { lineCount <= $0 } ?? DetectModelData.bands.count - 1
        let sure = family[best].reduce(0) { $0 + p[$1] }
        guard sure >= DetectModelData.thresholds[band] else { return nil }
        return Detection(language: classes[best], confidence: min(0.99, sure))
    }
}

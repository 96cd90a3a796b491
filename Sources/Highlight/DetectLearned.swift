/// Learned token weights (see `DetectLearnedData`, made by Benchmarks/highlight/learn_weights.py from
/// the tuning half of sampled real code). They adjust the hand-written scores rather than replace them:
/// each covered language loses what it trails the learned favourite by, and the favourite gains a
/// capped share of its lead only where the hand-written features already found some evidence, so a
/// language without a learned column (too little real code here to learn from) keeps its own say.
enum Learned {
    /// Index in `Scorer.langs` of each learned column.
    static let columns: [Int] = DetectLearnedData.languages.map { name in
        Scorer.langs.firstIndex { $0.name == (Scorer.canonical[name] ?? name) } ?? -1
    }

    /// Token hash → offset of its weights in `weights`.
    static let table: (index: [UInt64: Int], weights: [Double]) = {
        var index: [UInt64: Int] = [:]
        var weights: [Double] = []
        let k = DetectLearnedData.languages.count
        for line in DetectLearnedData.table.split(separator: "\n") {
            for entry in line.split(separator: "\t") {
                guard let sp = entry.lastIndex(of: " ") else { continue }
                let token = Array(entry[..<sp].utf8)
                let cells = Array(entry[entry.index(after: sp)...].utf8)
                guard cells.count == k else { continue }
                index[hash(token[...])] = weights.count
                for c in cells { weights.append(Double(Int(c) - 78) * DetectLearnedData.step) }
            }
        }
        return (index, weights)
    }()

    @inline(__always) static func hash(_ bytes: ArraySlice<UInt8>, prefix: UInt8 = 0) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        if prefix != 0 { h = (h ^ UInt64(prefix)) &* 0x100_0000_01b3 }
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

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

    /// Hashes of a line's tokens, each once (the tokenizer of learn_weights.py).
    static func tokens(_ u: [UInt8], into out: inout [UInt64]) {
        out.removeAll(keepingCapacity: true)
        var i = 0, first = true
        let n = u.count
        func add(_ h: UInt64) { if !out.contains(h) { out.append(h) } }
        while i < n {
            let c = u[i]
            var start = -1
            if isWord(c) {
                start = i; i += 1
                while i < n, isWord(u[i]) || isDigit(u[i]) { i += 1 }
            } else if isDigit(c) {
                while i < n, isWord(u[i]) || isDigit(u[i]) || u[i] == 46 { i += 1 }
            } else if isSymbol(c) {
                start = i; i += 1
                while i < n, i - start < 3, isSymbol(u[i]) { i += 1 }
            } else if isSingle(c) {
                start = i; i += 1
            } else {
                i += 1
            }
            guard start >= 0, i - start <= 24 else { continue }
            let tok = u[start..<i]
            if first { first = false; add(hash(tok, prefix: 94)) }
            add(hash(tok))
        }
        if let last = u.last, !(isWord(last) || isDigit(last)) { add(hash([last][...], prefix: 36)) }
    }

    /// Learned log-likelihood per learned column, summed over lines.
    static func scores(_ lines: [Substring]) -> [Double] {
        let k = columns.count
        var s = Array(repeating: 0.0, count: k)
        let (index, weights) = table
        var hashes: [UInt64] = []
        hashes.reserveCapacity(64)
        for line in lines.prefix(200) {
            tokens(Array(line.utf8), into: &hashes)
            for h in hashes {
                guard let o = index[h] else { continue }
                for j in 0..<k { s[j] += weights[o + j] }
            }
        }
        return s
    }

    /// By `Scorer.langs` index: how far each covered language trails the learned favourite (< 0), and
    /// for the favourite its lead over the runner-up (> 0).
    static func penalties(_ lines: [Substring]) -> [Double] {
        let s = scores(lines)
        var out = Array(repeating: 0.0, count: Scorer.langs.count)
        guard let top = s.indices.max(by: { s[$0] < s[$1] }) else { return out }
        var second = -Double.infinity
        for j in s.indices where j != top { second = max(second, s[j]) }
        for (j, i) in columns.enumerated() where i >= 0 { out[i] = j == top ? s[j] - second : s[j] - s[top] }
        return out
    }
}

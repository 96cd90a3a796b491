/// "Did you mean …?": the closest known name to a mistyped one, if it is close enough to be a typo.
enum Suggest {
    /// The candidate nearest to `word` by edit distance (a swap of two neighbours counts once), when the
    /// distance is at most a third of the word's length (at least 1); nil when nothing is that close.
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for c in candidates where c != word {
            let d = distance(w, Array(c.lowercased()))
            if d <= max(1, w.count / 3), d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { cur[j] = min(cur[j], prev2[j - 2] + 1) }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}

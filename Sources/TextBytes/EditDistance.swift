/// Edit distance for "did you mean …?" hints (front matter keys, chart options, iTunes categories).
public enum EditDistance {
    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps
    /// (`tgas` → `tags` is one edit, the typo people make).
    public static func osa(_ a: [Character], _ b: [Character]) -> Int {
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

    public static func osa(_ a: String, _ b: String) -> Int { osa(Array(a), Array(b)) }
}

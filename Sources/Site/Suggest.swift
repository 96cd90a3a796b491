import TextBytes

/// "Did you mean …?": the closest known name to a mistyped one, if it is close enough to be a typo.
public enum Suggest {
    /// The candidate nearest to `word` by edit distance (a swap of two neighbours counts once), when the
    /// distance is at most a third of the word's length (at least 1); nil when nothing is that close.
    public static func nearest(_ word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for c in candidates where c != word {
            let d = EditDistance.osa(w, Array(c.lowercased()))
            if d <= max(1, w.count / 3), d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }
}

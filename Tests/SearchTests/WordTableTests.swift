import Testing
import TestSupport
@testable import Search

/// The byte-level fast paths of the index (eight bytes a step, words as two integers) against plain
/// definitions, on generated text.
@Suite struct WordTableTests {
    /// What `Terms.words` must give: Foundation's folding, split at what is not a letter or digit.
    static func reference(_ s: String) -> [String] {
        Terms.fold(s).split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init).filter { $0.utf8.count <= Terms.maxLength }
    }

    /// Words of every length around the 8- and 16-byte steps and the 40-byte limit, mixed with
    /// Latin-1 letters and typeset punctuation, near the end of the text and away from it. Words
    /// with other characters (Foundation's path) stand alone, as their length limit is counted apart.
    @Test func wordsOnGeneratedTextMatchFoundationFolding() {
        var rng = SplitMix(seed: 23)
        let joined = ["a", "Zeta", "x9", "0", "HTTP2", "kotlin", "Swift", "q", String(repeating: "w", count: 7), String(repeating: "E", count: 9),
                      "é", "Ñ", "ß", "Øre", "—", "’", "\u{00A0}", " ", "  ", "\n", ".", "-", "_", "(", "\"", "1.5", "<"]
        let alone = ["東京", "ﬁne", "e\u{0301}clair", "Ελληνικά", "ªb"]
        for _ in 0..<3000 {
            var s = ""
            for _ in 0..<rng.below(50) {
                if rng.below(12) == 0 { s += " " + alone[rng.below(alone.count)] + " " } else { s += joined[rng.below(joined.count)] }
            }
            #expect(Terms.words(s) == Self.reference(s), "\(s.debugDescription)")
        }
    }

    /// A page's table counts each distinct word once with how often it came, also for words longer
    /// than the 16 bytes kept as integers (told apart by their arena bytes) and through many growths.
    @Test func tableCountsEveryWordAsADictionaryWould() {
        var rng = SplitMix(seed: 29)
        let stems = ["a", "ab", "abcdefgh", "abcdefghi", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopr",
                     String(repeating: "z", count: 40), "x1", "東京", "économie"]
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<rng.below(600) {
                text += stems[rng.below(stems.count)] + (rng.below(3) == 0 ? String(rng.below(50)) : "") + " "
            }
            var expected: [String: Int] = [:]
            for w in Terms.words(text) { expected[w, default: 0] += 1 }
            var table = WordTable(capacity: 4)
            Terms.count(text, into: &table)
            let counters = table.counters()
            var got: [String: Int] = [:]
            for e in 0..<table.count { got[table.list.string(e)] = Int(counters[e].count) }
            #expect(got == expected)
        }
    }

    /// The size a shard is split by is the size written.
    @Test func shardSizeIsTheSizeWritten() {
        let postings = SearchIndex.Postings(start: [0, 2, 5, 5], doc: [0, 7, 1, 2, 300], score: [1, 1000, 12, 3, 10])
        typealias T = SearchIndex.TermID
        for terms in [[T(term: "b", id: 1), T(term: "a\"x", id: 0)], [T(term: "only", id: 0)], [T(term: "none", id: 2)], []] {
            #expect(SearchIndex.shardSize(terms, postings) == SearchIndex.shard(terms, postings).count)
        }
    }
}

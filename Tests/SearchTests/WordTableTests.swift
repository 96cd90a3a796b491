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

    /// The separators after a short ASCII word are passed in the word's own eight-byte step
    /// (`Terms.separatorsEnd`): runs of ASCII punctuation and white space of every length, ending at
    /// a word, at a non-ASCII letter or separator that may join or end the next word, or at the text's end.
    @Test func separatorRunsAfterShortWordsMatchFoundationFolding() {
        var rng = SplitMix(seed: 37)
        let words = ["a", "to", "the", "Swift", "x86", "caf", "HTTP2", "seven77", "abcdefghij", "abcdefghijklmno", "Z"]
        let separators = [" ", ", ", ". ", ".\n", " -- ", "()", "\",\"", "  ", "\t\t\t", "!?", "        ", "=> ", "/", ".\n\n\n\n\n\n\n"]
        let after = ["é", "’", "—", "\u{00A0}", "µ", "✔", "東", "ß"]
        for _ in 0..<4000 {
            var s = ""
            for _ in 0..<rng.below(40) {
                s += words[rng.below(words.count)]
                switch rng.below(6) {
                // A non-ASCII character then a separator: words joined past 40 bytes count their limit apart (see above).
                case 0: s += after[rng.below(after.count)] + separators[rng.below(separators.count)]
                case 1: s += separators[rng.below(separators.count)] + after[rng.below(after.count)] + " "
                default: s += separators[rng.below(separators.count)]
                }
            }
            #expect(Terms.words(s) == Self.reference(s), "\(s.debugDescription)")
        }
    }

    /// Counting in runs and merging gives each (term, document) its body count (saturating at 255)
    /// and fields, as a dictionary would: also for words longer than the 16 bytes kept as integers
    /// (told apart by their arena bytes), through many table growths, and for terms that recur in
    /// documents far apart (a posting closed long after it was opened).
    @Test func postingsCountEveryWordAsADictionaryWould() {
        var rng = SplitMix(seed: 29)
        let stems = ["a", "ab", "abcdefgh", "abcdefghi", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopr",
                     String(repeating: "z", count: 40), "x1", "東京", "économie"]
        func text(_ words: Int) -> String {
            (0..<words).map { _ in stems[rng.below(stems.count)] + (rng.below(3) == 0 ? String(rng.below(50)) : "") }.joined(separator: " ")
        }
        for round in 0..<20 {
            var docs = (0..<(1 + rng.below(40))).map { _ in
                SearchDocument(url: "/", title: text(rng.below(4)), tags: (0..<rng.below(3)).map { _ in text(1) },
                               headings: (0..<rng.below(3)).map { _ in text(2) }, text: text(rng.below(400)))
            }
            if round == 0 { docs[0].text += String(repeating: " ab", count: 300) }   // a count past 255
            struct Key: Hashable { var term: String, doc: Int32 }
            var expected: [Key: (count: Int, fields: UInt8)] = [:]
            for (d, doc) in docs.enumerated() {
                let fields: [(String, UInt8)] = [(doc.text, 0), (doc.title, 1)] + doc.headings.map { ($0, 2) } + doc.tags.map { ($0, 4) }
                for (field, bit) in fields {
                    for w in Terms.words(field) {
                        let k = Key(term: w, doc: Int32(d))
                        var e = expected[k] ?? (0, 0)
                        if bit == 0 { e.count = min(e.count + 1, 255) } else { e.fields |= bit }
                        expected[k] = e
                    }
                }
            }
            // Runs of a few documents, so a run's table (starting small) grows several times.
            var ranges: [Range<Int>] = [], at = 0
            while at < docs.count { let n = min(docs.count - at, 1 + rng.below(6)); ranges.append(at..<(at + n)); at += n }
            let runs = ranges.map { Postings.Run(docs, $0) }
            var counted: [Key: (count: Int, fields: UInt8)] = [:]
            for run in runs {
                for p in run.postings {
                    let k = Key(term: run.terms.string(Int(p.term)), doc: p.doc)
                    #expect(counted[k] == nil, "one posting per term and document")
                    counted[k] = (Int(p.count), p.fields)
                }
            }
            #expect(counted.count == expected.count)
            for (k, e) in expected { #expect(counted[k].map { $0 == e } == true, "\(k)") }
            // Merged: every term once, its documents ascending, each with the score of its counts.
            let merged = Postings(merging: runs)
            #expect(Set((0..<merged.terms.words.count).map { merged.terms.string($0) }).count == merged.terms.words.count)
            var scored = 0
            for t in 0..<merged.terms.words.count {
                let term = merged.terms.string(t), range = Int(merged.start[t])..<Int(merged.start[t + 1])
                #expect(zip(range.dropLast(), range.dropFirst()).allSatisfy { merged.doc[$0] < merged.doc[$1] })
                for i in range {
                    guard let e = expected[Key(term: term, doc: merged.doc[i])] else { Issue.record("\(term) not in \(merged.doc[i])"); continue }
                    let p = Postings.Posting(term: 0, doc: 0, count: UInt8(e.count), fields: e.fields)
                    #expect(merged.score[i] == Postings.score(p))
                    scored += 1
                }
            }
            #expect(scored == expected.count)
        }
    }

    /// The size a shard is split by is the size written, and stopping early keeps its side of the limit.
    @Test func shardSizeIsTheSizeWritten() {
        let postings = Postings(start: [0, 2, 5, 5], doc: [0, 7, 1, 2, 300], score: [1, 1000, 12, 3, 10])
        typealias T = SearchIndex.TermID
        for terms in [[T(term: "b", id: 1), T(term: "a\"x", id: 0)], [T(term: "only", id: 0)], [T(term: "none", id: 2)], []] {
            let size = SearchIndex.shard(terms, postings).count
            #expect(SearchIndex.shardSize(terms, postings) == size)
            // Counting that stops past a limit still tells which side of it the size is on.
            for above in [0, 5, 12, size - 1, size, size + 1] {
                #expect((SearchIndex.shardSize(terms, postings, above: above) > above) == (size > above), "\(terms) above \(above)")
            }
        }
    }
}

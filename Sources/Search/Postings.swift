/// Every term's postings (a document and its score), counted in one pass over the documents.
///
/// Documents are counted in runs of consecutive documents, a run to a thread, each in one table of
/// its terms: a word is looked up once per occurrence, and its first occurrence in a document opens
/// that document's posting. The runs' terms are then merged into one numbering. (A table per page,
/// merged afterwards, looked every word up twice and filled and emptied a table per page; a small
/// table per page in front of the run's measured slower still.)
struct Postings {
    /// Each term's postings: `doc[i]` and `score[i]` for `i` in `start[term]..<start[term + 1]`,
    /// documents ascending.
    var start: [Int32], doc: [Int32], score: [Int32]
    /// The terms, numbered as `start` is.
    var terms = WordList()

    init(start: [Int32], doc: [Int32], score: [Int32], terms: WordList = WordList()) {
        self.start = start
        self.doc = doc
        self.score = score
        self.terms = terms
    }

    /// One term in one document: how often it is in the body (up to 255: scores cap it far lower)
    /// and the fields it is in (bits: 1 title, 2 headings, 4 tags).
    struct Posting {
        var term: Int32
        var doc: Int32
        var count: UInt8
        var fields: UInt8
    }

    /// The terms and postings of a run of consecutive documents, in document order.
    struct Run: Sendable {
        var terms = WordList()
        var postings: [Posting] = []

        init() {}

        init(_ docs: [SearchDocument], _ range: Range<Int>) {
            var table = WordTable(capacity: 1024)
            postings.reserveCapacity(range.count * 256)
            for d in range {
                let doc = docs[d], n = Int32(truncatingIfNeeded: d)
                add(doc.text, doc: n, field: 0, &table)
                add(doc.title, doc: n, field: 1, &table)
                for h in doc.headings { add(h, doc: n, field: 2, &table) }
                for t in doc.tags { add(t, doc: n, field: 4, &table) }
            }
            // The counts of each term's last posting are still in its slot.
            postings.withUnsafeMutableBufferPointer { p in
                table.forEachSlot { s in
                    if s.pointee.doc != 0 { Self.close(s, in: p) }
                }
            }
            terms = table.list
        }

        /// Counts the words of one field of document `doc`. A term's counts for the document it is
        /// in are kept in its slot, and written to the posting when the next document opens one.
        private mutating func add(_ text: String, doc: Int32, field: UInt8, _ table: inout WordTable) {
            Terms.forEachWord(text) { word, low, high in
                let n = word.count, bytes = word.baseAddress!
                let s = table.slot(low, high, n, hash: PackedWord.hash(low, high, n, bytes), bytes)
                if s.pointee.doc != doc &+ 1 {
                    if s.pointee.doc != 0 { postings.withUnsafeMutableBufferPointer { Self.close(s, in: $0) } }
                    s.pointee.doc = doc &+ 1
                    s.pointee.posting = Int32(truncatingIfNeeded: postings.count)
                    s.pointee.count = 0
                    s.pointee.fields = 0
                    postings.append(Posting(term: s.pointee.id &- 1, doc: doc, count: 0, fields: 0))
                }
                if field == 0 { s.pointee.count &+= s.pointee.count < 255 ? 1 : 0 } else { s.pointee.fields |= field }
            }
        }

        @inline(__always)
        private static func close(_ s: UnsafeMutablePointer<WordTable.Slot>, in p: UnsafeMutableBufferPointer<Posting>) {
            let at = Int(s.pointee.posting)
            p[at].count = s.pointee.count
            p[at].fields = s.pointee.fields
        }
    }

    /// The score of a term in a document: see `SearchIndex.Weight`.
    @inline(__always)
    static func score(_ p: Posting) -> Int32 {
        var score = min(Int32(p.count), Int32(SearchIndex.Weight.bodyCap))
        if p.fields & 1 != 0 { score += Int32(SearchIndex.Weight.title) }
        if p.fields & 2 != 0 { score += Int32(SearchIndex.Weight.heading) }
        if p.fields & 4 != 0 { score += Int32(SearchIndex.Weight.tag) }
        return score
    }

    /// The runs' terms in one numbering (in order of first appearance), and every posting by term:
    /// runs are in document order, so each term's documents come out ascending.
    init(merging runs: [Run]) {
        var all = WordTable(capacity: runs.map(\.terms.words.count).max() ?? 16)
        let numbers: [[Int32]] = runs.map { run in
            run.terms.words.indices.map { e in
                let w = run.terms.words[e]
                return run.terms.withBytes(e) { all.slot(w.low, w.high, Int(w.length), hash: w.hash, $0) }.pointee.id &- 1
            }
        }
        var start = [Int32](repeating: 0, count: all.count + 1)
        for (run, number) in zip(runs, numbers) {
            for p in run.postings { start[Int(number[Int(p.term)]) + 1] &+= 1 }
        }
        for t in 0..<all.count { start[t + 1] &+= start[t] }
        let total = Int(start[all.count])
        var fill = start
        var doc = [Int32](repeating: 0, count: total)
        var score = doc
        doc.withUnsafeMutableBufferPointer { doc in
            score.withUnsafeMutableBufferPointer { score in
                for (run, number) in zip(runs, numbers) {
                    for p in run.postings {
                        let t = Int(number[Int(p.term)]), at = Int(fill[t])
                        fill[t] = Int32(truncatingIfNeeded: at + 1)
                        doc[at] = p.doc
                        score[at] = Self.score(p)
                    }
                }
            }
        }
        self.start = start
        self.doc = doc
        self.score = score
        terms = all.list
    }

    /// Consecutive document ranges to count on their own: several per core, so cores finish together.
    static func runs(_ count: Int, cores: Int) -> [Range<Int>] {
        let n = max(1, min(count, cores * 4))
        return (0..<n).map { k in (count * k / n)..<(count * (k + 1) / n) }
    }
}

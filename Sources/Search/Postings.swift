/// Every term's postings (a document and its score), counted in one pass over the documents.
///
/// Documents are counted in runs of consecutive documents, a run to a thread, each in one table of
/// its terms: a word is looked up once per occurrence; its first occurrence in a document opens
/// that document's posting, where the later ones count. The runs' terms are then merged into one
/// numbering. (A table per page, merged afterwards, looked every word up twice and filled and
/// emptied a table per page; a small table per page in front of the run's measured slower still.)
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
            var state = State()
            var scan = WordScan()
            defer { state.open.deallocate(); scan.deallocate() }
            postings.reserveCapacity(range.count * 256)
            for d in range {
                let doc = docs[d]
                state.begin(document: Int32(truncatingIfNeeded: d), first: Int32(truncatingIfNeeded: postings.count))
                state.field = 0
                scan.forEachWord(doc.text, into: &state)
                state.field = 1
                scan.forEachWord(doc.title, into: &state)
                state.field = 2
                for h in doc.headings { scan.forEachWord(h, into: &state) }
                state.field = 4
                for t in doc.tags { scan.forEachWord(t, into: &state) }
                postings.append(contentsOf: UnsafeBufferPointer(start: state.open, count: state.openCount))
            }
            terms = state.table.list
        }

        /// The counting state of a run: its table of terms, and the postings of the document being
        /// counted, which stay in this small buffer (and in cache) until the document is done.
        private struct State: WordSink {
            var table = WordTable(capacity: 1024)
            /// The field being counted: 0 the body, else its bit (1 title, 2 headings, 4 tags).
            var field: UInt8 = 0
            var open = UnsafeMutablePointer<Posting>.allocate(capacity: 1024)
            var capacity = 1024
            var openCount = 0
            /// The number its first posting will have in the run: a slot's posting from here on is this document's.
            var first: Int32 = 0
            var doc: Int32 = 0

            mutating func begin(document: Int32, first: Int32) {
                doc = document
                self.first = first
                openCount = 0
            }

            /// Counts a word of the current field: a term's first word in the document opens its
            /// posting, the rest count in that posting.
            @inline(__always)
            mutating func word(_ word: UnsafeBufferPointer<UInt8>, _ low: UInt64, _ high: UInt64) {
                let n = word.count, bytes = word.baseAddress!
                let s = table.slot(low, high, n, hash: PackedWord.hash(low, high, n, bytes), bytes)
                let k: Int
                if s.pointee.posting >= first {
                    k = Int(s.pointee.posting &- first)
                } else {
                    if openCount == capacity { grow() }
                    k = openCount
                    open[k] = Posting(term: s.pointee.id &- 1, doc: doc, count: 0, fields: 0)
                    openCount += 1
                    s.pointee.posting = first &+ Int32(truncatingIfNeeded: k)
                }
                let p = open + k
                if field == 0 { p.pointee.count &+= p.pointee.count < 255 ? 1 : 0 } else { p.pointee.fields |= field }
            }

            mutating func grow() {
                let larger = UnsafeMutablePointer<Posting>.allocate(capacity: capacity * 2)
                larger.moveInitialize(from: open, count: openCount)
                open.deallocate()
                open = larger
                capacity *= 2
            }
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
        let numbers = runs.map { Self.number($0, $0.terms.words.indices, into: &all) }
        var start = [Int32](repeating: 0, count: all.count + 1)
        // Through buffer pointers: every posting of the site passes both loops (checked subscripts were
        // a third of the merge).
        start.withUnsafeMutableBufferPointer { start in
            for (run, number) in zip(runs, numbers) {
                number.withUnsafeBufferPointer { number in
                    run.postings.withUnsafeBufferPointer { postings in
                        for p in postings { start[Int(number[Int(p.term)]) + 1] &+= 1 }
                    }
                }
            }
        }
        self.init(counts: start, terms: all.list) { fill, doc, score in
            fill.withUnsafeMutableBufferPointer { fill in
                for (run, number) in zip(runs, numbers) {
                    number.withUnsafeBufferPointer { number in
                        run.postings.withUnsafeBufferPointer { postings in
                            for p in postings {
                                let t = Int(number[Int(p.term)]), at = Int(fill[t])
                                fill[t] = Int32(truncatingIfNeeded: at + 1)
                                doc[at] = p.doc
                                score[at] = Self.score(p)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Only `terms[r]` of each run `r` (its terms in the shard groups a save rewrites, ascending), read
    /// through the run's postings by term: merging every posting of the site to keep a few groups' was
    /// most of the index's time in a session at 5000 posts. A kept term gets its postings from every run.
    init(merging runs: [CountedRun], terms wanted: [[Int32]]) {
        var all = WordTable(capacity: max(16, wanted.map(\.count).max() ?? 16))
        let numbers = zip(runs, wanted).map { counted, list in Self.number(counted.run, list.lazy.map { Int($0) }, into: &all) }
        var start = [Int32](repeating: 0, count: all.count + 1)
        for (counted, (list, number)) in zip(runs, zip(wanted, numbers)) {
            for (e, t) in zip(list, number) {
                start[Int(t) + 1] &+= counted.termStart[Int(e) + 1] &- counted.termStart[Int(e)]
            }
        }
        self.init(counts: start, terms: all.list) { fill, doc, score in
            for (counted, (list, number)) in zip(runs, zip(wanted, numbers)) {
                counted.run.postings.withUnsafeBufferPointer { postings in
                    for (e, t) in zip(list, number) {
                        var at = Int(fill[Int(t)])
                        for k in Int(counted.termStart[Int(e)])..<Int(counted.termStart[Int(e) + 1]) {
                            let p = postings[Int(counted.termPostings[k])]
                            doc[at] = p.doc
                            score[at] = Self.score(p)
                            at += 1
                        }
                        fill[Int(t)] = Int32(truncatingIfNeeded: at)
                    }
                }
            }
        }
    }

    /// The numbers in `all` (added where new) of the run's terms `terms`, in their order.
    private static func number(_ run: Run, _ terms: some Sequence<Int>, into all: inout WordTable) -> [Int32] {
        terms.map { e in
            let w = run.terms.words[e]
            return run.terms.withBytes(e) { all.slot(w.low, w.high, Int(w.length), hash: w.hash, $0) }.pointee.id &- 1
        }
    }

    /// `counts[t + 1]`: term `t`'s postings. Turns them into offsets, sizes the posting arrays and lets `fill`
    /// place each posting at its term's next offset (`fill` gets the offsets to advance, and the arrays).
    private init(counts: [Int32], terms: WordList,
                 fill place: (inout [Int32], UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>) -> Void) {
        var start = counts
        let n = start.count - 1
        for t in 0..<n { start[t + 1] &+= start[t] }
        var fill = start
        var doc = [Int32](repeating: 0, count: Int(start[n]))
        var score = doc
        doc.withUnsafeMutableBufferPointer { doc in
            score.withUnsafeMutableBufferPointer { score in place(&fill, doc, score) }
        }
        self.init(start: start, doc: doc, score: score, terms: terms)
    }

    /// Consecutive document ranges to count on their own: several per core, so cores finish together.
    /// Each starts at a multiple of `aligned` (the documents that share a fragment file stay in one run).
    /// With `most`, a run holds about that many documents at most (at least one file): a session recounts
    /// the run of an edited document, and eight runs on two cores made that an eighth of the site.
    static func runs(_ count: Int, cores: Int, aligned: Int = 1, most: Int? = nil) -> [Range<Int>] {
        let groups = (count + aligned - 1) / aligned
        let bounded = most.map { (groups * aligned + max($0, aligned) - 1) / max($0, aligned) } ?? 0
        let n = max(1, min(groups, max(cores * 4, bounded)))
        return (0..<n).map { k in min(count, groups * k / n * aligned)..<min(count, groups * (k + 1) / n * aligned) }
    }
}

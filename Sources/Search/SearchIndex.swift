import Foundation

/// A search index split so a reader downloads only what a query needs (Pagefind's idea): a small
/// manifest, then the shard of each query word's first letters, then the fragments of the results
/// shown. All JSON, served as static files.
///
/// - `manifest.json`: version, a content id (for cache busting), the number of documents, and the
///   two-letter keys whose shards were split by a third letter.
/// - `t/<hex of key>.json`: `{"term":[doc, score, doc, score…]}`, doc numbers delta-coded, ascending.
/// - `d/<doc>.json`: what a result shows: URL, title, date, tags and the text snippets are cut from.
public struct SearchIndex: Sendable {
    public struct File: Sendable {
        /// Relative to the index folder.
        public var path: String
        public var data: Data
    }

    public var files: [File]
    public var documentCount: Int
    public var termCount: Int

    /// Score parts: a word in the title outranks any number in headings, which outrank tags, which
    /// outrank any number in the body (capped), so the ranking is title > headings > tags > body.
    public enum Weight {
        public static let title = 1000, heading = 100, tag = 30, bodyCap = 10
    }

    /// A two-letter shard larger than this is split by the third letter (`the` would otherwise ride
    /// along with every query starting `th`).
    public static let splitAbove = 8_192
    /// Snippets come from the first this many bytes of a page's text.
    public static let textLimit = 24_000

    public static func build(_ docs: [SearchDocument]) -> SearchIndex {
        // Each document on its own, on all cores: its words and scores, and its fragment file.
        let slots = Slots<(words: ScoredWords, fragment: File, hash: UInt64)>(
            count: docs.count, empty: (ScoredWords(), File(path: "", data: Data()), 0))
        DispatchQueue.concurrentPerform(iterations: docs.count) { i in
            let data = fragment(docs[i])
            slots.base[i] = (scores(docs[i]), File(path: "d/\(i).json", data: data), ContentHash.of(data))
        }
        let perDoc = slots.take()
        // Merging and writing shards: in partitions by a term's first byte, so a shard (and its split)
        // lies in one partition and the partitions run on all cores.
        let parts = Slots<(files: [(File, UInt64)], split: [String], terms: Int)>(count: partitions, empty: ([], [], 0))
        let words = perDoc.map(\.words)
        DispatchQueue.concurrentPerform(iterations: partitions) { part in
            parts.base[part] = shards(words, partition: part)
        }
        var files: [(File, UInt64)] = []
        var split: [String] = []
        var termCount = 0
        for p in parts.take() {
            files += p.files
            split += p.split
            termCount += p.terms
        }
        files.sort { $0.0.path < $1.0.path }
        split.sort()
        files += perDoc.map { ($0.fragment, $0.hash) }
        // The content id: every file's path and content hash, in order.
        var id = ContentHash()
        for (f, h) in files {
            id.add(f.path)
            id.add(h)
        }
        var manifest = "{\"version\":1,\"id\":\"\(id.hex)\",\"docs\":\(docs.count),\"split\":["
        manifest += split.map(JSON.string).joined(separator: ",") + "]}\n"
        return SearchIndex(files: [File(path: "manifest.json", data: Data(manifest.utf8))] + files.map(\.0),
                           documentCount: docs.count, termCount: termCount)
    }

    /// Terms are merged in this many partitions, by the low bits of their first byte (a power of two).
    static let partitions = 8

    /// A document's distinct words, each with its score, grouped by partition: those of partition `p`
    /// are `bounds[p]..<bounds[p + 1]`.
    struct ScoredWords: Sendable {
        var list = WordList()
        var scores: [Int32] = []
        var bounds: [Int32] = []

        func range(_ partition: Int) -> Range<Int> { Int(bounds[partition])..<Int(bounds[partition + 1]) }
    }

    /// The shard files (with their content hashes) of the terms whose first byte falls in `partition`.
    static func shards(_ perDoc: [ScoredWords], partition: Int) -> (files: [(File, UInt64)], split: [String], terms: Int) {
        // Every posting of the partition, by term, docs ascending, each term's in one run of two flat
        // arrays: a first pass numbers the terms and counts their postings, a second fills the runs.
        var terms = WordTable(capacity: 1024)
        var termOf: [Int32] = []            // each posting's term, in page order
        termOf.reserveCapacity(perDoc.reduce(0) { $0 + $1.range(partition).count })
        var counts: [Int32] = []
        for page in perDoc {
            page.list.words.withUnsafeBufferPointer { words in
                for e in page.range(partition) {
                    let w = words[e]
                    let t = Int(page.list.withBytes(e) { terms.slot(w.low, w.high, Int(w.length), hash: w.hash, $0) }.pointee.id) - 1
                    if t == counts.count { counts.append(0) }
                    counts.withUnsafeMutableBufferPointer { $0[t] &+= 1 }
                    termOf.append(Int32(truncatingIfNeeded: t))
                }
            }
        }
        var start = [Int32](repeating: 0, count: counts.count + 1)
        for t in counts.indices { start[t + 1] = start[t] + counts[t] }
        var doc = [Int32](repeating: 0, count: termOf.count)
        var score = doc
        var fill = start
        fill.withUnsafeMutableBufferPointer { fill in
            doc.withUnsafeMutableBufferPointer { doc in
                score.withUnsafeMutableBufferPointer { score in
                    termOf.withUnsafeBufferPointer { termOf in
                        var k = 0
                        for (d, page) in perDoc.enumerated() {
                            page.scores.withUnsafeBufferPointer { scores in
                                for e in page.range(partition) {
                                    let t = Int(termOf[k]), at = Int(fill[t])
                                    k += 1
                                    doc[at] = Int32(truncatingIfNeeded: d)
                                    score[at] = scores[e]
                                    fill[t] = Int32(truncatingIfNeeded: at + 1)
                                }
                            }
                        }
                    }
                }
            }
        }
        let postings = Postings(start: start, doc: doc, score: score)
        let list = terms.list
        var byKey: [String: [TermID]] = [:]
        for t in 0..<terms.count {
            let term = list.string(t)
            byKey[Terms.shardKey(term), default: []].append(TermID(term: term, id: t))
        }
        var files: [(File, UInt64)] = []
        var split: [String] = []
        func add(_ key: String, _ data: Data) {
            files.append((File(path: "t/\(Terms.fileName(key)).json", data: data), ContentHash.of(data)))
        }
        for (key, list) in byKey {
            let long = list.filter { Terms.length($0.term) > 2 }
            if Terms.length(key) == 2, !long.isEmpty, shardSize(list, postings) > splitAbove {
                split.append(key)
                add(key, shard(list.filter { Terms.length($0.term) <= 2 }, postings))
                var sub: [String: [TermID]] = [:]
                for t in long { sub[Terms.prefix(t.term, 3), default: []].append(t) }
                for (k3, ts) in sub { add(k3, shard(ts, postings)) }
            } else {
                add(key, shard(list, postings))
            }
        }
        return (files, split, terms.count)
    }

    /// A term and its number in `Postings` (a struct, not a tuple: arrays and dictionaries of tuples
    /// look their type up at run time, thousands of times per shard).
    struct TermID {
        var term: String
        var id: Int
    }

    /// Each term's postings: `doc[i]` and `score[i]` for `i` in `start[term]..<start[term + 1]`.
    struct Postings {
        var start: [Int32], doc: [Int32], score: [Int32]
    }

    /// Each term of a document with its score.
    static func scores(_ doc: SearchDocument) -> ScoredWords {
        var table = WordTable(capacity: 512)
        Terms.count(doc.text, into: &table)
        Terms.count(doc.title, field: 1, into: &table)
        for h in doc.headings { Terms.count(h, field: 2, into: &table) }
        for t in doc.tags { Terms.count(t, field: 4, into: &table) }
        // Grouped by partition (a counting sort), so a partition reads only its own words.
        let mask = UInt64(partitions - 1)
        var bounds = [Int32](repeating: 0, count: partitions + 1)
        for w in table.words { bounds[Int(w.low & mask) + 1] += 1 }
        for p in 0..<partitions { bounds[p + 1] += bounds[p] }
        var fill = bounds
        var words = table.words
        var scores = [Int32](repeating: 0, count: words.count)
        for (e, c) in table.counters().enumerated() {
            var score = min(Int(c.count), Weight.bodyCap)
            if c.fields & 1 != 0 { score += Weight.title }
            if c.fields & 2 != 0 { score += Weight.heading }
            if c.fields & 4 != 0 { score += Weight.tag }
            let w = table.words[e], at = Int(fill[Int(w.low & mask)])
            fill[Int(w.low & mask)] += 1
            words[at] = w
            scores[at] = Int32(score)
        }
        return ScoredWords(list: WordList(words: words, arena: table.arena), scores: scores, bounds: bounds)
    }

    /// `{"term":[doc, score…]}`, terms sorted, doc numbers as differences from the previous one.
    /// Written through a pointer into a buffer sized for the worst case: a shard is mostly numbers,
    /// hundreds of thousands of them in an index.
    static func shard(_ terms: [TermID], _ postings: Postings) -> Data {
        let sorted = terms.sorted { $0.term < $1.term }
        let names = sorted.map { JSON.string($0.term) }
        var capacity = 3
        for (t, name) in zip(sorted, names) {
            capacity += name.utf8.count + 4 + Int(postings.start[t.id + 1] - postings.start[t.id]) * 22
        }
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let out = buffer.baseAddress!
            var i = 0
            out[i] = UInt8(ascii: "{"); i += 1
            for (n, (t, name)) in zip(sorted, names).enumerated() {
                if n > 0 { out[i] = UInt8(ascii: ","); i += 1 }
                for b in name.utf8 { out[i] = b; i += 1 }
                out[i] = UInt8(ascii: ":"); out[i + 1] = UInt8(ascii: "["); i += 2
                var last: Int32 = 0
                let run = Int(postings.start[t.id])..<Int(postings.start[t.id + 1])
                for p in run {
                    if p > run.lowerBound { out[i] = UInt8(ascii: ","); i += 1 }
                    writeDecimal(UInt32(postings.doc[p] - last), out, &i)
                    out[i] = UInt8(ascii: ","); i += 1
                    writeDecimal(UInt32(postings.score[p]), out, &i)
                    last = postings.doc[p]
                }
                out[i] = UInt8(ascii: "]"); i += 1
            }
            out[i] = UInt8(ascii: "}"); out[i + 1] = 10; i += 2
            count = i
        }
        return Data(bytes)
    }

    /// The size `shard` writes, counted without writing it (to decide on a split).
    static func shardSize(_ terms: [TermID], _ postings: Postings) -> Int {
        var size = 3 + max(terms.count - 1, 0)
        for t in terms {
            size += JSON.string(t.term).utf8.count + 3
            var last: Int32 = 0
            let run = Int(postings.start[t.id])..<Int(postings.start[t.id + 1])
            size += max(run.count * 2 - 1, 0)
            for p in run {
                size += decimalWidth(UInt32(postings.doc[p] - last)) + decimalWidth(UInt32(postings.score[p]))
                last = postings.doc[p]
            }
        }
        return size
    }

    @inline(__always)
    private static func decimalWidth(_ value: UInt32) -> Int {
        var width = 1, v = value
        while v >= 10 { width += 1; v /= 10 }
        return width
    }

    @inline(__always)
    private static func writeDecimal(_ value: UInt32, _ out: UnsafeMutablePointer<UInt8>, _ i: inout Int) {
        let width = decimalWidth(value)
        var v = value
        var k = i + width - 1
        repeat {
            out[k] = 48 + UInt8(v % 10)
            v /= 10
            k -= 1
        } while v > 0
        i += width
    }

    static func fragment(_ doc: SearchDocument) -> Data {
        var text = doc.text
        if text.utf8.count > textLimit {
            // Cut at a character boundary at or before the limit (never inside a UTF-8 sequence).
            let all = Array(text.utf8)
            var end = textLimit
            while end > 0, (all[end] & 0xC0) == 0x80 { end -= 1 }
            text = String(decoding: all[..<end], as: UTF8.self)
        }
        var out = JSONBytes()
        out.bytes.reserveCapacity(text.utf8.count + 256)
        out.raw("{\"u\":"); out.string(doc.url)
        out.raw(",\"t\":"); out.string(doc.title)
        out.raw(",\"d\":"); out.string(doc.date)
        out.raw(",\"g\":[")
        for (i, tag) in doc.tags.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(tag)
        }
        out.raw("],\"x\":"); out.string(text)
        out.raw("}\n")
        return Data(out.bytes)
    }
}

import Foundation

/// A search index split so a reader downloads only what a query needs (Pagefind's idea): a small
/// manifest, then the shard of each query word's first letters, then the fragments of the results
/// shown. All JSON, served as static files.
///
/// - `manifest.json`: version, a content id (for cache busting), the number of documents, how many
///   documents share a fragment file (`per`), and the two-letter keys whose shards were split by a
///   third letter.
/// - `t/<hex of key>.json`: `{"term":[doc, score, doc, score…]}`, doc numbers delta-coded, ascending.
/// - `d/<doc / per>.json`: an array of what each result shows: URL, title, date, tags and the text
///   snippets are cut from (document `doc` is at `doc % per`).
public struct SearchIndex: Sendable {
    public struct File: Sendable {
        /// Relative to the index folder.
        public var path: String
        public var data: Data
    }

    public var files: [File]
    /// The paths of `files` made anew by an incremental build (every path in a clean one).
    public var made: [String] = []
    /// The places in `files` whose files differ from the last build's (given to `build` as `reusing`),
    /// when the other places hold the same files as then; nil when the list was made anew.
    public var remade: [Int]? = nil
    public var documentCount: Int
    /// The terms this build merged: every term of the site in a clean build, those of the rewritten
    /// shard groups in a session's save.
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
    /// Fragments of consecutive documents share a file up to about this many bytes (the largest a
    /// single fragment gets): short posts then cost a reader no more per result than a long one, and
    /// the build writes one file for several (each is a file to create, or compare and link, on
    /// every build).
    public static let fragmentFileBytes = textLimit
    /// At most this many documents share a fragment file.
    public static let maxPerFile = 64

    public static func build(_ docs: [SearchDocument]) -> SearchIndex { build(docs, prints: nil, reusing: nil).index }

    /// With `prints` (each document's identity: equal prints, equal documents), the build also
    /// returns what the next one can reuse, and reuses what `old` holds for documents unchanged at
    /// the same numbers. `SearchIndex.made` names the files made anew (the others are as before).
    /// At most about this many documents to a run when the build keeps what the next can reuse.
    /// (A save recounts its edited document's run: 64 documents to a run were 4 ms of a one-post save.)
    static let runDocuments = 16

    public static func build(_ docs: [SearchDocument], prints: [Int]?, reusing given: SearchIndexReuse?)
        -> (index: SearchIndex, reuse: SearchIndexReuse?) {
        let sizes = FragmentSizes(docs, prints: prints, reusing: given)
        let per = sizes.per
        let old = prints != nil && given?.per == per ? given : nil
        /// The documents of `range` are those `old` was made from, at the same numbers.
        func unchanged(_ range: Range<Int>) -> Bool {
            guard let old, let prints, range.upperBound <= old.prints.count else { return false }
            return prints[range] == old.prints[range]
        }
        // Runs of consecutive documents: their words counted into postings, on all cores, where `old`
        // has no run of the same documents. Likewise the fragment files (a run starts where a file does).
        let runs = Postings.runs(docs.count, cores: ProcessInfo.processInfo.activeProcessorCount, aligned: per,
                                 most: prints == nil ? nil : runDocuments)
        var keptRuns = [CountedRun?](repeating: nil, count: runs.count)
        if let old {
            for (r, range) in runs.enumerated() {
                if let kept = old.run(startingAt: range.lowerBound), kept.range == range, unchanged(range) { keptRuns[r] = kept }
            }
        }
        let recount = runs.indices.filter { keptRuns[$0] == nil }
        let fragmentCount = (docs.count + per - 1) / per
        let oldFragments = old?.listing.fragmentCount ?? 0
        let remake = (0..<fragmentCount).filter { i in
            let slice = i * per..<min(i * per + per, docs.count)
            guard let old, i < oldFragments, min(slice.lowerBound + per, old.prints.count) == slice.upperBound else { return true }
            return !unchanged(slice)
        }
        let recounted = Slots<CountedRun>(count: recount.count, empty: CountedRun(range: 0..<0, run: Postings.Run(), prints: false))
        let madeFragments = Slots<(File, UInt64)>(count: remake.count, empty: (File(path: "", data: Data()), 0))
        DispatchQueue.concurrentPerform(iterations: recount.count + remake.count) { k in
            if k < recount.count {
                let range = runs[recount[k]]
                recounted.base[k] = CountedRun(range: range, run: Postings.Run(docs, range), prints: prints != nil)
            } else {
                let i = remake[k - recount.count]
                let data = fragmentFile(docs[i * per..<min(i * per + per, docs.count)])
                madeFragments.base[k - recount.count] = (File(path: "d/\(i).json", data: data), ContentHash.of(data))
            }
        }
        let newRuns = recounted.take()
        for (k, r) in recount.enumerated() { keptRuns[r] = newRuns[k] }
        let countedRuns = keptRuns.map { $0! }
        // The shard groups that can differ: those a recounted run adds other postings to (all, when
        // a run's documents moved).
        var changed: Set<String>? = old == nil ? nil : []
        for run in newRuns {
            if let before = old?.run(startingAt: run.range.lowerBound), before.range == run.range {
                changed?.formUnion(run.changedGroups(since: before))
            } else {
                changed = nil
            }
        }
        // A save merges only the terms of the groups it rewrites (every run holds their group numbers then).
        var wanted: [[Int32]]? = nil
        if let changed {
            let lists = countedRuns.map { $0.terms(in: changed) }
            if lists.allSatisfy({ $0 != nil }) { wanted = lists.map { $0! } }
        }
        let postings = wanted.map { Postings(merging: countedRuns, terms: $0) }
            ?? Postings(merging: countedRuns.map(\.run))
        // Shards in partitions by a term's first byte, so a shard (and its split) lies in one
        // partition and the partitions are written on all cores.
        var grouped = [[Int]](repeating: [], count: partitions)
        let mask = UInt64(partitions - 1)
        for (t, w) in postings.terms.words.enumerated() { grouped[Int(w.low & mask)].append(t) }
        let byPartition = grouped, only = changed
        let parts = Slots<[String: ShardGroup]>(count: partitions, empty: [:])
        DispatchQueue.concurrentPerform(iterations: partitions) { part in
            parts.base[part] = shards(byPartition[part], postings, only: only)
        }
        var madeGroups: [String: ShardGroup] = [:]
        for part in parts.take() { madeGroups.merge(part) { a, _ in a } }
        let fragmentsMade = madeFragments.take()
        var made: [String] = ["manifest.json"]
        for group in madeGroups.values { made += group.files.map(\.0.path) }
        made += fragmentsMade.map(\.0.path)
        // A save's files take the places of the last build's (the list is not made and sorted again).
        var listed = Listing()
        let replaced = changed.map { listed.replace(old!.listing, changed: $0, groups: madeGroups, fragments: zip(remake, fragmentsMade),
                                                    fragmentCount: fragmentCount) } ?? false
        if !replaced {
            var groups = changed == nil ? [:] : old?.listing.groups ?? [:]
            for key in changed ?? [] { groups[key] = nil }
            groups.merge(madeGroups) { _, b in b }
            var fragments = [(File, UInt64)?](repeating: nil, count: fragmentCount)
            for (i, f) in zip(remake, fragmentsMade) { fragments[i] = f }
            listed = Listing(groups: groups, fragments: fragments.enumerated().map { i, f in
                f ?? old!.listing.fragment(i)
            })
        }
        // The content id: every file's path and content hash, in order.
        var id = ContentHash()
        for k in 1..<listed.files.count {
            id.add(listed.files[k].path)
            id.add(listed.hashes[k])
        }
        var manifest = "{\"version\":2,\"id\":\"\(id.hex)\",\"docs\":\(docs.count),\"per\":\(per),\"split\":["
        manifest += listed.split.map(JSON.string).joined(separator: ",") + "]}\n"
        listed.files[0] = File(path: "manifest.json", data: Data(manifest.utf8))
        var index = SearchIndex(files: listed.files, documentCount: docs.count, termCount: postings.terms.words.count)
        index.made = made
        index.remade = listed.remade
        guard let prints else { return (index, nil) }
        var reuse = SearchIndexReuse()
        reuse.prints = prints
        reuse.documents = docs
        reuse.per = per
        reuse.sizes = sizes
        reuse.runs = countedRuns
        listed.remade = nil
        reuse.listing = listed
        reuse.countedDocuments = newRuns.reduce(0) { $0 + $1.range.count }
        reuse.madeGroups = madeGroups.count
        reuse.postingsRead = wanted == nil ? countedRuns.reduce(0) { $0 + $1.run.postings.count } : postings.doc.count
        reuse.madeFragmentFiles = remake.count
        return (index, reuse)
    }

    /// Shards are written in this many partitions, by the low bits of a term's first byte (a power of two).
    static let partitions = 8

    /// The shard groups (with their files' content hashes) of `terms` (numbers in `postings`),
    /// which share a partition: every shard key's terms are among them. Only the groups in `only`
    /// when given.
    static func shards(_ terms: [Int], _ postings: Postings, only: Set<String>? = nil) -> [String: ShardGroup] {
        var byKey: [String: [TermID]] = [:]
        // With `only` (a save's few groups), a term is skipped by its first bytes when they are ASCII, without
        // making its String: making one for every term of the site was most of a save's index time.
        let asciiKeys: Set<UInt16>? = only.map { keys in
            Set(keys.compactMap { k -> UInt16? in
                let b = Array(k.utf8)
                guard (1...2).contains(b.count), b.allSatisfy({ $0 < 0x80 }) else { return nil }
                return UInt16(b[0]) | (b.count == 2 ? UInt16(b[1]) << 8 : 0)
            })
        }
        // ASCII terms (nearly all) by their first two bytes, which are their first two characters: their
        // keys and lengths come without looking at their Strings character by character (a fifth of the shards' time).
        var byCode: [UInt16: [TermID]] = [:]
        for t in terms {
            let w = postings.terms.words[t]
            if w.length <= 16, (w.low | w.high) & 0x8080_8080_8080_8080 == 0 {
                let code = UInt16(truncatingIfNeeded: w.low & (w.length >= 2 ? 0xFFFF : 0xFF))
                if let asciiKeys, !asciiKeys.contains(code) { continue }
                byCode[code, default: []].append(TermID(term: postings.terms.string(t), id: t, length: Int(w.length)))
                continue
            }
            if let asciiKeys {
                let b0 = UInt8(w.low & 0xFF), b1 = UInt8((w.low >> 8) & 0xFF), b2 = UInt8((w.low >> 16) & 0xFF)
                // Three ASCII bytes: the first two characters are the first two bytes (no combining mark follows).
                if b0 < 0x80, b1 < 0x80, b2 < 0x80 {
                    let code = UInt16(b0) | (w.length >= 2 ? UInt16(b1) << 8 : 0)
                    if !asciiKeys.contains(code) { continue }
                }
            }
            let term = postings.terms.string(t)
            let key = Terms.shardKey(term)
            if let only, !only.contains(key) { continue }
            byKey[key, default: []].append(TermID(term: term, id: t))
        }
        for (code, list) in byCode {
            let key = code < 0x100 ? String(UnicodeScalar(UInt8(code))) : String(decoding: [UInt8(code & 0xFF), UInt8(code >> 8)], as: UTF8.self)
            if let only, !only.contains(key) { continue }
            byKey[key, default: []].append(contentsOf: list)
        }
        var groups: [String: ShardGroup] = [:]
        func file(_ key: String, _ data: Data) -> (File, UInt64) {
            (File(path: "t/\(Terms.fileName(key)).json", data: data), ContentHash.of(data))
        }
        for (key, list) in byKey {
            let long = list.filter { $0.length > 2 }
            if Terms.length(key) == 2, !long.isEmpty, shardSize(list, postings, above: splitAbove) > splitAbove {
                var files = [file(key, shard(list.filter { $0.length <= 2 }, postings))]
                var sub: [String: [TermID]] = [:]
                for t in long { sub[Terms.prefix(t.term, 3), default: []].append(t) }
                for (k3, ts) in sub { files.append(file(k3, shard(ts, postings))) }
                groups[key] = ShardGroup(files: files, split: true)
            } else {
                groups[key] = ShardGroup(files: [file(key, shard(list, postings))], split: false)
            }
        }
        return groups
    }

    /// A term and its number in `Postings` (a struct, not a tuple: arrays and dictionaries of tuples
    /// look their type up at run time, thousands of times per shard).
    struct TermID {
        var term: String
        var id: Int
        /// Its characters (`Terms.length`).
        var length: Int

        init(term: String, id: Int) { self.init(term: term, id: id, length: Terms.length(term)) }

        init(term: String, id: Int, length: Int) {
            self.term = term
            self.id = id
            self.length = length
        }
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
        // Written into a buffer Data then owns, shrunk to size (not copied: see `JSONBytes`).
        let out = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
        var i = 0
        out[i] = UInt8(ascii: "{"); i += 1
        for (n, (t, name)) in zip(sorted, names).enumerated() {
            if n > 0 { out[i] = UInt8(ascii: ","); i += 1 }
            for b in name.utf8 { out[i] = b; i += 1 }
            out[i] = UInt8(ascii: ":"); out[i + 1] = UInt8(ascii: "["); i += 2
            var last: Int32 = 0
            let run = Int(postings.start[t.id])..<Int(postings.start[t.id + 1])
            postings.doc.withUnsafeBufferPointer { doc in postings.score.withUnsafeBufferPointer { score in
                for p in run {
                    if p > run.lowerBound { out[i] = UInt8(ascii: ","); i += 1 }
                    writeDecimal(UInt32(doc[p] - last), out, &i)
                    out[i] = UInt8(ascii: ","); i += 1
                    writeDecimal(UInt32(score[p]), out, &i)
                    last = doc[p]
                }
            } }
            out[i] = UInt8(ascii: "]"); i += 1
        }
        out[i] = UInt8(ascii: "}"); out[i + 1] = 10; i += 2
        let fitted = realloc(out, i) ?? UnsafeMutableRawPointer(out)
        return Data(bytesNoCopy: fitted, count: i, deallocator: .free)
    }

    /// The size `shard` writes, counted without writing it (to decide on a split). Counting stops
    /// once the size is past `above` (the shards that get split hold most postings).
    static func shardSize(_ terms: [TermID], _ postings: Postings, above: Int = .max) -> Int {
        var size = 3 + max(terms.count - 1, 0)
        for t in terms {
            size += quotedLength(t.term) + 3
            var last: Int32 = 0
            let run = Int(postings.start[t.id])..<Int(postings.start[t.id + 1])
            size += max(run.count * 2 - 1, 0)
            for p in run {
                size += decimalWidth(UInt32(postings.doc[p] - last)) + decimalWidth(UInt32(postings.score[p]))
                last = postings.doc[p]
            }
            if size > above { return size }
        }
        return size
    }

    /// `JSON.string(term).utf8.count` without making it: a term's bytes and its quotes when none needs
    /// an escape (a term is letters and digits), else the escaped string's length.
    static func quotedLength(_ term: String) -> Int {
        var plain = true, count = 0
        for b in term.utf8 {
            if b < 0x20 || b == 0x22 || b == 0x5C || b == 0xE2 { plain = false }
            count += 1
        }
        return plain ? count + 2 : JSON.string(term).utf8.count
    }

    /// Digits by comparison, not division: shards are mostly small numbers, hundreds of thousands.
    @inline(__always)
    private static func decimalWidth(_ v: UInt32) -> Int {
        if v < 10 { return 1 }
        if v < 100 { return 2 }
        if v < 1000 { return 3 }
        if v < 10_000 { return 4 }
        var width = 5, rest = v / 100_000
        while rest > 0 { width += 1; rest /= 10 }
        return width
    }

    @inline(__always)
    private static func writeDecimal(_ value: UInt32, _ out: UnsafeMutablePointer<UInt8>, _ i: inout Int) {
        if value < 10 { out[i] = 48 &+ UInt8(truncatingIfNeeded: value); i += 1; return }
        // Two digits (most doc-number differences) without the width loop.
        if value < 100 {
            out[i] = 48 &+ UInt8(truncatingIfNeeded: value / 10)
            out[i + 1] = 48 &+ UInt8(truncatingIfNeeded: value % 10)
            i += 2
            return
        }
        let width = decimalWidth(value)
        var v = value
        var k = i + width - 1
        repeat {
            out[k] = 48 &+ UInt8(truncatingIfNeeded: v % 10)
            v /= 10
            k -= 1
        } while v > 0
        i += width
    }

    /// How many consecutive documents share a fragment file (see `FragmentSizes.per`).
    static func perFile(_ docs: [SearchDocument]) -> Int { FragmentSizes(docs, prints: nil, reusing: nil).per }

    /// About the bytes of a document's fragment (before escaping), without writing it.
    static func fragmentSize(_ doc: SearchDocument) -> Int {
        min(doc.text.utf8.count, textLimit) + doc.url.utf8.count + doc.title.utf8.count + doc.date.utf8.count
            + doc.tags.reduce(0) { $0 + $1.utf8.count + 3 } + 32
    }

    /// `[fragment, fragment…]` of consecutive documents.
    static func fragmentFile(_ docs: ArraySlice<SearchDocument>) -> Data {
        var out = JSONBytes(capacity: docs.reduce(2) { $0 + fragmentSize($1) + 64 })
        out.byte(UInt8(ascii: "["))
        for (n, doc) in docs.enumerated() {
            if n > 0 { out.byte(UInt8(ascii: ",")) }
            fragment(doc, into: &out)
        }
        out.raw("]\n")
        return out.take()
    }

    static func fragment(_ doc: SearchDocument, into out: inout JSONBytes) {
        var text = doc.text
        if text.utf8.count > textLimit {
            // Cut at a character boundary at or before the limit (never inside a UTF-8 sequence).
            let all = Array(text.utf8)
            var end = textLimit
            while end > 0, (all[end] & 0xC0) == 0x80 { end -= 1 }
            text = String(decoding: all[..<end], as: UTF8.self)
        }
        out.raw("{\"u\":"); out.string(doc.url)
        out.raw(",\"t\":"); out.string(doc.title)
        out.raw(",\"d\":"); out.string(doc.date)
        out.raw(",\"g\":[")
        for (i, tag) in doc.tags.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(tag)
        }
        out.raw("],\"x\":"); out.string(text)
        out.byte(UInt8(ascii: "}"))
    }
}

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
        // Tokenizing: on all cores, each document into its own slot.
        let slots = Slots<[(term: String, score: Int)]>(count: docs.count, empty: [])
        DispatchQueue.concurrentPerform(iterations: docs.count) { i in slots.base[i] = scores(docs[i]) }
        let perDoc = slots.take()
        // Merging and writing shards: in partitions by a term's first byte, so a shard (and its split)
        // lies in one partition and the partitions run on all cores.
        let partitions = 8
        let parts = Slots<(files: [File], split: [String], terms: Int)>(count: partitions, empty: ([], [], 0))
        DispatchQueue.concurrentPerform(iterations: partitions) { part in
            parts.base[part] = shards(perDoc, partition: part, of: partitions)
        }
        var files: [File] = []
        var split: [String] = []
        var termCount = 0
        for p in parts.take() {
            files += p.files
            split += p.split
            termCount += p.terms
        }
        files.sort { $0.path < $1.path }
        split.sort()
        let fragments = Slots<Data>(count: docs.count, empty: Data())
        DispatchQueue.concurrentPerform(iterations: docs.count) { i in fragments.base[i] = fragment(docs[i]) }
        for (i, data) in fragments.take().enumerated() { files.append(File(path: "d/\(i).json", data: data)) }
        var hasher = FNV()
        for f in files { hasher.add(f.path); hasher.add(f.data) }
        var manifest = "{\"version\":1,\"id\":\"\(hasher.hex)\",\"docs\":\(docs.count),\"split\":["
        manifest += split.map(JSON.string).joined(separator: ",") + "]}\n"
        files.insert(File(path: "manifest.json", data: Data(manifest.utf8)), at: 0)
        return SearchIndex(files: files, documentCount: docs.count, termCount: termCount)
    }

    /// The shard files of the terms whose first byte falls in `partition`.
    static func shards(_ perDoc: [[(term: String, score: Int)]], partition: Int, of partitions: Int) -> (files: [File], split: [String], terms: Int) {
        var postings: [String: [Int]] = [:]
        for (i, terms) in perDoc.enumerated() {
            for (term, score) in terms where Int(term.utf8.first ?? 0) % partitions == partition {
                Self.append(i, score, to: &postings[term, default: []])
            }
        }
        var byKey: [String: [String]] = [:]
        for term in postings.keys { byKey[Terms.shardKey(term), default: []].append(term) }
        var files: [File] = []
        var split: [String] = []
        for (key, terms) in byKey {
            let whole = shard(terms, postings)
            let long = terms.filter { $0.count > 2 }
            if whole.count > splitAbove, key.count == 2, !long.isEmpty {
                split.append(key)
                files.append(File(path: "t/\(Terms.fileName(key)).json", data: shard(terms.filter { $0.count <= 2 }, postings)))
                var sub: [String: [String]] = [:]
                for t in long { sub[String(t.prefix(3)), default: []].append(t) }
                for (k3, ts) in sub { files.append(File(path: "t/\(Terms.fileName(k3)).json", data: shard(ts, postings))) }
            } else {
                files.append(File(path: "t/\(Terms.fileName(key)).json", data: whole))
            }
        }
        return (files, split, postings.count)
    }

    /// One lookup per posting: the pair goes into the array in place.
    private static func append(_ doc: Int, _ score: Int, to list: inout [Int]) {
        list.append(doc)
        list.append(score)
    }

    /// Each term of a document with its score.
    static func scores(_ doc: SearchDocument) -> [(term: String, score: Int)] {
        var counter = WordCounter(capacity: 512)
        Terms.count(doc.text, into: &counter)
        Terms.count(doc.title, field: 1, into: &counter)
        for h in doc.headings { Terms.count(h, field: 2, into: &counter) }
        for t in doc.tags { Terms.count(t, field: 4, into: &counter) }
        return counter.counts().map { w in
            var score = min(w.count, Weight.bodyCap)
            if w.fields & 1 != 0 { score += Weight.title }
            if w.fields & 2 != 0 { score += Weight.heading }
            if w.fields & 4 != 0 { score += Weight.tag }
            return (w.word, score)
        }
    }

    static func shard(_ terms: [String], _ postings: [String: [Int]]) -> Data {
        var out = JSONBytes()
        out.byte(UInt8(ascii: "{"))
        for (n, term) in terms.sorted().enumerated() {
            if n > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(term)
            out.byte(UInt8(ascii: ":"))
            out.byte(UInt8(ascii: "["))
            let p = postings[term]!
            var last = 0
            var k = 0
            while k < p.count {
                if k > 0 { out.byte(UInt8(ascii: ",")) }
                out.int(p[k] - last)
                out.byte(UInt8(ascii: ","))
                out.int(p[k + 1])
                last = p[k]
                k += 2
            }
            out.byte(UInt8(ascii: "]"))
        }
        out.byte(UInt8(ascii: "}"))
        out.byte(10)
        return Data(out.bytes)
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

/// JSON written byte by byte: the index is ten megabytes of text and hundreds of thousands of
/// numbers, and building Strings for them was a third of the index's cost.
struct JSONBytes {
    var bytes: [UInt8] = []

    mutating func byte(_ b: UInt8) { bytes.append(b) }
    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
    mutating func int(_ n: Int) {
        if n < 0 { bytes.append(UInt8(ascii: "-")); int(-n); return }
        if n < 10 { bytes.append(48 + UInt8(n)); return }
        var digits: [UInt8] = []
        var v = n
        while v > 0 { digits.append(48 + UInt8(v % 10)); v /= 10 }
        bytes.append(contentsOf: digits.reversed())
    }
    /// A string literal; U+2028/U+2029 escaped too, so a fragment is also valid JavaScript.
    mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { u in
            var i = 0
            let n = u.count
            while i < n {
                // Runs that need no escape go in one copy.
                var j = i
                while j < n, u[j] >= 0x20, u[j] != 0x22, u[j] != 0x5C, u[j] != 0xE2 { j += 1 }
                if j > i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[i..<j])); i = j; continue }
                let b = u[i]
                switch b {
                case UInt8(ascii: "\""): bytes.append(92); bytes.append(b)
                case 92: bytes.append(92); bytes.append(92)
                case 10: bytes.append(92); bytes.append(UInt8(ascii: "n"))
                case 13: bytes.append(92); bytes.append(UInt8(ascii: "r"))
                case 9: bytes.append(92); bytes.append(UInt8(ascii: "t"))
                case 0..<0x20:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(b >> 4)], hex[Int(b & 15)]])
                case 0xE2 where i + 2 < n && u[i + 1] == 0x80 && (u[i + 2] == 0xA8 || u[i + 2] == 0xA9):
                    bytes.append(contentsOf: Array("\\u202".utf8))
                    bytes.append(u[i + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                    i += 2
                default: bytes.append(b)
                }
                i += 1
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

enum JSON {
    static func string(_ s: String) -> String {
        var out = JSONBytes()
        out.string(s)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

/// A stable content id (Swift's `Hasher` is seeded per process).
struct FNV {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ s: String) { for b in s.utf8 { step(b) } }
    mutating func add(_ d: Data) { d.withUnsafeBytes { for b in $0 { step(b) } } }
    private mutating func step(_ b: UInt8) { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
    var hex: String { String(value, radix: 16) }
}

/// One slot per document, written by one thread each.
private struct Slots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
    let count: Int
    init(count: Int, empty: T) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: empty, count: count)
    }
    func take() -> [T] {
        defer { base.deinitialize(count: count); base.deallocate() }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }
}

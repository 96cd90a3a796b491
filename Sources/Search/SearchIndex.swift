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
        // Tokenizing is most of the work: on all cores, each document into its own slot.
        let slots = Slots(count: docs.count)
        DispatchQueue.concurrentPerform(iterations: docs.count) { i in slots.base[i] = scores(docs[i]) }
        let perDoc = slots.take()
        var postings: [String: [Int]] = [:]
        for (i, terms) in perDoc.enumerated() {
            for (term, score) in terms { postings[term, default: []].append(contentsOf: [i, score]) }
        }
        var byKey: [String: [String]] = [:]
        for term in postings.keys { byKey[Terms.shardKey(term), default: []].append(term) }
        var files: [File] = []
        var split: [String] = []
        for (key, terms) in byKey.sorted(by: { $0.key < $1.key }) {
            let whole = shard(terms, postings)
            let long = terms.filter { $0.count > 2 }
            if whole.count > splitAbove, key.count == 2, !long.isEmpty {
                split.append(key)
                files.append(File(path: "t/\(Terms.fileName(key)).json", data: shard(terms.filter { $0.count <= 2 }, postings)))
                var sub: [String: [String]] = [:]
                for t in long { sub[String(t.prefix(3)), default: []].append(t) }
                for (k3, ts) in sub.sorted(by: { $0.key < $1.key }) {
                    files.append(File(path: "t/\(Terms.fileName(k3)).json", data: shard(ts, postings)))
                }
            } else {
                files.append(File(path: "t/\(Terms.fileName(key)).json", data: whole))
            }
        }
        for (i, doc) in docs.enumerated() { files.append(File(path: "d/\(i).json", data: fragment(doc))) }
        var hasher = FNV()
        for f in files { hasher.add(f.path); hasher.add(f.data) }
        var manifest = "{\"version\":1,\"id\":\"\(hasher.hex)\",\"docs\":\(docs.count),\"split\":["
        manifest += split.map(JSON.string).joined(separator: ",") + "]}\n"
        files.insert(File(path: "manifest.json", data: Data(manifest.utf8)), at: 0)
        return SearchIndex(files: files, documentCount: docs.count, termCount: postings.count)
    }

    /// Each term of a document with its score.
    static func scores(_ doc: SearchDocument) -> [String: Int] {
        var s: [String: Int] = [:]
        for w in Set(Terms.words(doc.title)) { s[w, default: 0] += Weight.title }
        for w in Set(doc.headings.flatMap(Terms.words)) { s[w, default: 0] += Weight.heading }
        for w in Set(doc.tags.flatMap(Terms.words)) { s[w, default: 0] += Weight.tag }
        var body: [String: Int] = [:]
        for w in Terms.words(doc.text) { body[w, default: 0] += 1 }
        for (w, n) in body { s[w, default: 0] += min(n, Weight.bodyCap) }
        return s
    }

    static func shard(_ terms: [String], _ postings: [String: [Int]]) -> Data {
        var out = "{"
        for (n, term) in terms.sorted().enumerated() {
            if n > 0 { out += "," }
            out += JSON.string(term) + ":["
            let p = postings[term]!
            var last = 0
            var k = 0
            while k < p.count {
                if k > 0 { out += "," }
                out += "\(p[k] - last),\(p[k + 1])"
                last = p[k]
                k += 2
            }
            out += "]"
        }
        return Data((out + "}\n").utf8)
    }

    static func fragment(_ doc: SearchDocument) -> Data {
        var text = doc.text
        if text.utf8.count > textLimit {
            let cut = text.utf8.index(text.utf8.startIndex, offsetBy: textLimit)
            text = String(text[..<(text.index(cut, offsetBy: 0, limitedBy: text.endIndex) ?? text.endIndex)])
        }
        let tags = doc.tags.map(JSON.string).joined(separator: ",")
        let json = "{\"u\":\(JSON.string(doc.url)),\"t\":\(JSON.string(doc.title)),\"d\":\(JSON.string(doc.date)),\"g\":[\(tags)],\"x\":\(JSON.string(text))}\n"
        return Data(json.utf8)
    }
}

/// JSON string literals, written directly (the index is many small strings; JSONEncoder per string costs more).
enum JSON {
    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}

/// A stable content id (Swift's `Hasher` is seeded per process).
struct FNV {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ s: String) { for b in s.utf8 { step(b) } }
    mutating func add(_ d: Data) { for b in d { step(b) } }
    private mutating func step(_ b: UInt8) { value = (value ^ UInt64(b)) &* 0x100_0000_01b3 }
    var hex: String { String(value, radix: 16) }
}

/// One slot per document, written by one thread each.
private struct Slots: @unchecked Sendable {
    let base: UnsafeMutablePointer<[String: Int]>
    let count: Int
    init(count: Int) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: [:], count: count)
    }
    func take() -> [[String: Int]] {
        defer { base.deinitialize(count: count); base.deallocate() }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }
}

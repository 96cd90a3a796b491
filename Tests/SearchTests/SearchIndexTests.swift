import Foundation
import Testing
@testable import Search

@Test func termsAreFoldedAndSplitAsSearchJSDoes() {
    #expect(Terms.words("Economía de la Ñandú-API") == ["economia", "de", "la", "nandu", "api"])
    #expect(Terms.words("don't  Swift6.3 naïve—café") == ["don", "t", "swift6", "3", "naive", "cafe"])
    #expect(Terms.words("Größe 東京") == ["große", "東京"])
    #expect(Terms.words(String(repeating: "a", count: 41) + " ok") == ["ok"])  // no hash-like runs
    #expect(Terms.shardKey("benchmark") == "be")
    #expect(Terms.fileName("be") == "6265")
    #expect(Terms.fileName("東") == "e69db1")
}

/// The index as a reader's browser gets it: manifest, shards and fragments, parsed back.
struct BuiltIndex {
    let files: [String: Data]
    init(_ docs: [SearchDocument]) {
        files = Dictionary(uniqueKeysWithValues: SearchIndex.build(docs).files.map { ($0.path, $0.data) })
    }
    func json(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: #require(files[path], "no \(path)"))
    }
    var manifest: [String: Any] { (try? json("manifest.json")) as? [String: Any] ?? [:] }

    /// What search.js does for a result: its entry in the fragment file it shares with its neighbours.
    func fragment(_ doc: Int) throws -> [String: Any] {
        let per = try #require(manifest["per"] as? Int)
        let file = try #require(try json("d/\(doc / per).json") as? [Any])
        return try #require(file[doc % per] as? [String: Any])
    }

    /// What search.js does for one word: the shard of its first letters (three when split), every
    /// term it begins, doc → best score (an exact term counts double).
    func lookup(_ word: String) throws -> [(doc: Int, score: Int)] {
        let split = manifest["split"] as? [String] ?? []
        let two = String(word.prefix(2))
        let key = split.contains(two) && word.count > 2 ? String(word.prefix(3)) : two
        guard files["t/\(Terms.fileName(key)).json"] != nil else { return [] }
        let shard = try #require(try json("t/\(Terms.fileName(key)).json") as? [String: [Int]])
        var best: [Int: Int] = [:]
        for (term, p) in shard where term.hasPrefix(word) {
            var doc = 0
            for k in stride(from: 0, to: p.count, by: 2) {
                doc += p[k]
                best[doc] = max(best[doc] ?? 0, term == word ? p[k + 1] * 2 : p[k + 1])
            }
        }
        return best.map { ($0.key, $0.value) }.sorted { ($1.score, $0.doc) < ($0.score, $1.doc) }
    }
}

@Test func rankingIsTitleThenHeadingsThenTagsThenBody() throws {
    let body = String(repeating: "benchmarks and more benchmarks ", count: 50)
    let index = BuiltIndex([
        SearchDocument(url: "/body/", title: "Notes", text: body),
        SearchDocument(url: "/tag/", title: "Other", tags: ["Benchmarks"], text: "plain"),
        SearchDocument(url: "/heading/", title: "Third", headings: ["Benchmark results"], text: "plain"),
        SearchDocument(url: "/title/", title: "Benchmarking Galley", text: "nothing else"),
        SearchDocument(url: "/none/", title: "Unrelated", text: "bench press"),
    ])
    let hits = try index.lookup("benchm")
    #expect(hits.map(\.doc) == [3, 2, 1, 0], "\(hits)")  // prefix: `bench` alone (doc 4) is not a match
    #expect(try index.lookup("bench").map(\.doc).contains(4))
    #expect(index.manifest["docs"] as? Int == 5)
}

@Test func accentsAndCaseFoldInTheIndex() throws {
    let index = BuiltIndex([SearchDocument(url: "/es/", title: "Economía del rendimiento", text: "Los números.")])
    #expect(try index.lookup("economia").map(\.doc) == [0])
    #expect(try index.lookup("numeros").map(\.doc) == [0])
}

@Test func bigShardsAreSplitByTheirThirdLetter() throws {
    let words = (0..<3000).map { "th\(String($0, radix: 26).map { Character(UnicodeScalar(UInt8($0.asciiValue! % 26 + 97))) }.map(String.init).joined())" }
    let docs = (0..<20).map { SearchDocument(url: "/\($0)/", title: "Doc \($0)", text: words.joined(separator: " ") + " th the") }
    let index = BuiltIndex(docs)
    let split = try #require(index.manifest["split"] as? [String])
    #expect(split.contains("th"))
    let two = try #require(try index.json("t/\(Terms.fileName("th")).json") as? [String: [Int]])
    #expect(Set(two.keys) == ["th"], "the two-letter shard keeps only the two-letter term")
    #expect(try index.lookup("the").count == 20)
    for file in index.files where file.key.hasPrefix("t/") {
        #expect(file.value.count <= SearchIndex.splitAbove || file.key.count > "t/7468.json".count, "\(file.key): \(file.value.count) bytes")
    }
}

@Test func fragmentsCarryWhatAResultShows() throws {
    let text = "Line one\n\"quoted\" \\ back\u{2028}sep\u{1}ctl"
    let index = BuiltIndex([SearchDocument(url: "/a/", title: "T \"q\"", date: "6 March 2026", tags: ["swift"], text: text)])
    let d = try index.fragment(0)
    #expect(d["u"] as? String == "/a/")
    #expect(d["t"] as? String == "T \"q\"")
    #expect(d["d"] as? String == "6 March 2026")
    #expect(d["g"] as? [String] == ["swift"])
    #expect(d["x"] as? String == text)
    let raw = String(decoding: index.files["d/0.json"]!, as: UTF8.self)
    #expect(!raw.contains("\u{2028}"), "U+2028 is escaped, so the file is also valid JavaScript")
}

@Test func shortDocumentsShareFragmentFilesAndLongOnesDoNot() throws {
    // 300 notes of about 400 bytes: many to a file, each found where search.js looks for it.
    let notes = (0..<300).map { n in
        SearchDocument(url: "/note/\(n)/", title: "Note \(n)", text: String(repeating: "word\(n) ", count: 50))
    }
    let index = BuiltIndex(notes)
    let per = try #require(index.manifest["per"] as? Int)
    #expect(per > 8 && per <= SearchIndex.maxPerFile && per & (per - 1) == 0, "per = \(per)")
    let fragmentFiles = index.files.keys.filter { $0.hasPrefix("d/") }
    #expect(fragmentFiles.count == (300 + per - 1) / per)
    for n in 0..<300 {
        let d = try index.fragment(n)
        #expect(d["u"] as? String == "/note/\(n)/")
        #expect((d["x"] as? String)?.hasPrefix("word\(n) ") == true)
    }
    for path in fragmentFiles {
        #expect(index.files[path]!.count <= 2 * SearchIndex.fragmentFileBytes, "\(path): \(index.files[path]!.count) bytes")
    }
    #expect(try index.lookup("word299").map(\.doc) == [299])
    // Posts as long as the limit: one to a file.
    let long = (0..<5).map { SearchDocument(url: "/\($0)/", title: "Long", text: String(repeating: "x ", count: SearchIndex.textLimit / 2)) }
    #expect(BuiltIndex(long).manifest["per"] as? Int == 1)
    #expect(BuiltIndex(long).files.keys.filter { $0.hasPrefix("d/") }.count == 5)
}

@Test func runsCoverEveryDocumentOnceAndStartAtAFileBoundary() {
    for (count, per) in [(0, 1), (1, 1), (7, 4), (1000, 2), (1000, 64), (33, 64), (5, 1), (5000, 4)] {
        for most in [nil, 64] as [Int?] {
            let runs = Postings.runs(count, cores: 2, aligned: per, most: most)
            #expect(runs.first?.lowerBound == 0)
            #expect(runs.last?.upperBound == count)
            for (a, b) in zip(runs, runs.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
            for r in runs where !r.isEmpty { #expect(r.lowerBound % per == 0, "\(count), \(per): \(runs)") }
            // Bounded runs stay near the bound (a run is at least one file of `per` documents).
            if let most { for r in runs { #expect(r.count <= 2 * max(most, per), "\(count), \(per): \(r)") } }
        }
    }
}

@Test func theIndexIsDeterministicAndItsIdFollowsTheContent() throws {
    let docs = [SearchDocument(url: "/a/", title: "A", text: "alpha beta"), SearchDocument(url: "/b/", title: "B", text: "gamma")]
    let one = SearchIndex.build(docs).files, two = SearchIndex.build(docs).files
    #expect(one.map(\.path) == two.map(\.path))
    #expect(one.map(\.data) == two.map(\.data))
    var changed = docs
    changed[1].text = "delta"
    let id = { (files: [SearchIndex.File]) in
        (try? JSONSerialization.jsonObject(with: files.first { $0.path == "manifest.json" }!.data) as? [String: Any])?["id"] as? String
    }
    #expect(id(one) != nil)
    #expect(id(one) != id(SearchIndex.build(changed).files))
}

/// The byte-level fast path gives exactly what Foundation's folding and splitting give (and what
/// search.js does in the browser), for every Latin-1 character and typeset punctuation.
@Test func fastPathMatchesFoundationFolding() {
    func reference(_ s: String) -> [String] {
        Terms.fold(s).split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init).filter { $0.utf8.count <= Terms.maxLength }
    }
    var samples: [String] = []
    for v in 0xA0...0xFF { samples.append("Ab\(Character(UnicodeScalar(v)!))cD x\(Character(UnicodeScalar(v)!)) \(Character(UnicodeScalar(v)!))") }
    samples += ["“Smart” quotes — and ‘don’t’… 5 €", "Ça coûte « 5 € » à Zürich", "naïve Øresund Æsir ÞORN straße",
                "東京 and Ελληνικά, ﬁne ligature", "x\u{00A0}y\u{202F}z", "e\u{0301}clair", "ªº µs ²³"]
    for s in samples { #expect(Terms.words(s) == reference(s), "\(s)") }
}

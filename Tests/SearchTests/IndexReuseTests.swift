import Foundation
import Testing
import TestSupport
@testable import Search

/// `galley serve` rebuilds the index from the last one: the result must be a clean build's, byte
/// for byte, and a one-document edit must count and write only what that document is in.
struct IndexReuseTests {
    static func documents(_ n: Int, seed: UInt64) -> [SearchDocument] {
        var rng = SplitMix(seed: seed)
        let words = ["ledger", "kotlin", "checkpoint", "the", "thread", "theme", "cache", "shard", "swift", "replica",
                     "merge", "drain", "actor", "naïve", "東京", "benchmark", "latency", "profile", "buffer", "queue"]
        return (0..<n).map { i in
            let text = (0..<(200 + Int(rng.next() % 400))).map { _ in words[Int(rng.next() % UInt64(words.count))] }
            return SearchDocument(url: "/p/\(i)/", title: "Post \(i) \(words[i % words.count])", date: "1 May 2026",
                                  tags: [words[(i * 7) % words.count]], headings: ["On \(words[(i * 3) % words.count])"],
                                  text: text.joined(separator: " "))
        }
    }

    func same(_ a: SearchIndex, _ b: SearchIndex) {
        #expect(a.files.map(\.path) == b.files.map(\.path))
        for (x, y) in zip(a.files, b.files) where x.data != y.data { Issue.record("\(x.path) differs from a clean build") }
    }

    @Test func anEditRecountsOneRunAndWritesOnlyWhatChanged() {
        var docs = Self.documents(200, seed: 3)
        let prints = Array(0..<docs.count)
        let (first, kept) = SearchIndex.build(docs, prints: prints, reusing: nil)
        #expect(kept?.countedDocuments == docs.count)

        // Document 57 gets a new word and loses its old text: its run, its fragment file, the shard groups its words are in.
        docs[57].text = "zebrafish quorum " + docs[57].text.dropFirst(40)
        var edited = prints
        edited[57] = 1_000
        let (again, reuse) = SearchIndex.build(docs, prints: edited, reusing: kept)
        same(again, SearchIndex.build(docs))
        let runs = Postings.runs(docs.count, cores: ProcessInfo.processInfo.activeProcessorCount, aligned: reuse!.per,
                                 most: SearchIndex.runDocuments)
        #expect(reuse!.countedDocuments == runs.first { $0.contains(57) }!.count)
        #expect(reuse!.countedDocuments <= max(SearchIndex.runDocuments, reuse!.per) * 2)
        #expect(reuse!.madeFragmentFiles == 1)
        // Only the terms of the groups rewritten are merged (the titles' numbers, each its own group, are not).
        #expect(again.termCount < first.termCount / 2, "\(again.termCount) of \(first.termCount) terms merged")
        // … and only their postings are read: not every run's, to keep a few groups'.
        #expect(reuse!.postingsRead < kept!.postingsRead / 4, "\(reuse!.postingsRead) of \(kept!.postingsRead) postings read")
        let made = Set(again.made)
        #expect(made.contains("t/\(Terms.fileName("ze")).json") && made.contains("t/\(Terms.fileName("qu")).json"))
        #expect(made.count < again.files.count / 4, "\(made.count) of \(again.files.count) files made anew")
        // Every file not made anew has the bytes it had before.
        let before = Dictionary(uniqueKeysWithValues: first.files.map { ($0.path, $0.data) })
        for f in again.files where !made.contains(f.path) { #expect(before[f.path] == f.data, "\(f.path)") }

        // Nothing changed: nothing counted, only the manifest made.
        let (still, none) = SearchIndex.build(docs, prints: edited, reusing: reuse)
        same(still, again)
        #expect(none!.countedDocuments == 0 && none!.madeGroups == 0 && still.made == ["manifest.json"])

        // A new first document moves every number: all of it is made anew, still as a clean build.
        docs.insert(SearchDocument(url: "/new/", title: "New", text: "fresh words"), at: 0)
        let (moved, all) = SearchIndex.build(docs, prints: [2_000] + edited, reusing: none)
        same(moved, SearchIndex.build(docs))
        #expect(all!.countedDocuments == docs.count)
    }

    /// A save writes only its groups, picked by a term's first bytes when they are plain ASCII: words whose
    /// second character carries a combining mark (`ab\u{301}…`) or that start beyond ASCII go the long way.
    @Test func anEditWithMarkedAndWideWordsIsACleanBuild() {
        var docs = Self.documents(300, seed: 9)
        let prints = Array(0..<docs.count)
        let (_, kept) = SearchIndex.build(docs, prints: prints, reusing: nil)
        docs[120].text = "ab\u{301}solute cafe\u{301} Ωmega ünïcode 東京タワー zz " + docs[120].text
        var edited = prints
        edited[120] = 5_000
        let (again, reuse) = SearchIndex.build(docs, prints: edited, reusing: kept)
        same(again, SearchIndex.build(docs))
        #expect(reuse!.madeGroups > 0 && reuse!.madeGroups < again.files.count / 2)
        docs[121].text = "zz only " + docs[121].text
        edited[121] = 5_001
        let (third, _) = SearchIndex.build(docs, prints: edited, reusing: reuse)
        same(third, SearchIndex.build(docs))
    }

    /// A save whose groups keep their files puts the files made anew at the last build's places: every
    /// other place holds the file it held, and the list is a clean build's.
    @Test func aSaveReplacesItsFilesInPlace() {
        var docs = Self.documents(200, seed: 5)
        let prints = Array(0..<docs.count)
        let (first, kept) = SearchIndex.build(docs, prints: prints, reusing: nil)
        docs[90].text += " kotlin kotlin cache"
        var edited = prints
        edited[90] = 900
        let (again, reuse) = SearchIndex.build(docs, prints: edited, reusing: kept)
        same(again, SearchIndex.build(docs))
        let remade = try! #require(again.remade)
        #expect(remade.contains(0) && remade.count < again.files.count / 4)
        for k in again.files.indices where !remade.contains(k) {
            #expect(again.files[k].path == first.files[k].path && again.files[k].data == first.files[k].data)
        }
        // A group that gains a file (a new word splits nothing here, but a new group is a new place): made anew.
        docs[91].text += " zzyzx"
        edited[91] = 901
        let (third, _) = SearchIndex.build(docs, prints: edited, reusing: reuse)
        same(third, SearchIndex.build(docs))
        #expect(third.remade == nil)
    }

    /// The fragment sizes kept between builds move the median as a clean build's do: edits that make
    /// short documents long, one at a time, change how many share a fragment file exactly when a clean build does.
    @Test func editsThatMoveTheMedianSizeChangePerAsACleanBuild() {
        var docs = (0..<24).map { SearchDocument(url: "/n/\($0)/", title: "Note \($0)", text: "short note \($0)") }
        var prints = Array(0..<docs.count)
        var (_, reuse) = SearchIndex.build(docs, prints: prints, reusing: nil)
        var pers: Set<Int> = []
        for n in 0..<docs.count {
            docs[n].text = String(repeating: "a long body of words ", count: 200 + 40 * n)
            prints[n] = 1_000 + n
            let (index, next) = SearchIndex.build(docs, prints: prints, reusing: reuse)
            same(index, SearchIndex.build(docs))
            #expect(next!.per == SearchIndex.perFile(docs))
            pers.insert(next!.per)
            reuse = next
        }
        #expect(pers.count > 1)
    }

    /// Documents are taken again by print: at their place, or (moved) among the places whose print differs.
    @Test func documentsAreTakenAgainByPrint() {
        let docs = Self.documents(10, seed: 2)
        let (_, kept) = SearchIndex.build(docs, prints: Array(0..<10), reusing: nil)
        let same = kept!.documents(for: Array(0..<10))
        #expect(same.missing.isEmpty && same.documents == docs)
        var edited = Array(0..<10)
        edited[4] = 44
        let one = kept!.documents(for: edited)
        #expect(one.missing == [4] && one.documents.count == 10)
        let moved = kept!.documents(for: [77] + Array(0..<10))
        #expect(moved.missing == [0] && Array(moved.documents.dropFirst()) == docs)
        let fewer = kept!.documents(for: Array(1..<10))
        #expect(fewer.missing.isEmpty && fewer.documents == Array(docs.dropFirst()))
    }

    @Test func aWordThatLeavesTheLastDocumentOfAGroupRemovesItsShard() {
        var docs = Self.documents(40, seed: 9)
        docs[5].text += " xylophone"
        let (_, kept) = SearchIndex.build(docs, prints: Array(0..<40), reusing: nil)
        docs[5].text = String(docs[5].text.dropLast(" xylophone".count))
        var prints = Array(0..<40)
        prints[5] = 99
        let (again, _) = SearchIndex.build(docs, prints: prints, reusing: kept)
        same(again, SearchIndex.build(docs))
        #expect(!again.files.contains { $0.path == "t/\(Terms.fileName("xy")).json" })
    }
}

/// Documents share their fields' storage between copies; setting a field on one copy leaves the others as they were.
@Suite struct SearchDocumentValueTests {
    @Test func aCopyChangesAlone() {
        let a = SearchDocument(url: "/a/", title: "A", date: "6 March 2026", tags: ["x"], headings: ["H"], text: "Body.")
        var b = a
        #expect(a == b)
        b.text = "Other."
        b.tags.append("y")
        #expect(a.text == "Body." && a.tags == ["x"])
        #expect(b.text == "Other." && b.tags == ["x", "y"] && b.url == "/a/" && b.headings == ["H"] && b.date == "6 March 2026")
        #expect(a != b)
        #expect(SearchDocument(url: "/a/", title: "A", date: "6 March 2026", tags: ["x"], headings: ["H"], text: "Body.") == a)
    }
}

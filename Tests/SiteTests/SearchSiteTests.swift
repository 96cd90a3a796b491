import Foundation
import Testing
@testable import Site

/// The search index as `galley build` writes it: its files go to disk from the index's own task,
/// while pages are still being made, and are read back here as search.js reads them.
@Suite struct SearchSiteTests {
    static func notes(_ count: Int) -> [String: String] {
        var files: [String: String] = [:]
        for n in 0..<count {
            files["content/posts/2026-03-\(String(format: "%02d", n % 28 + 1))-note-\(n).md"] =
                "---\ntitle: Note \(n)\n---\nA short note about quill\(n)wort.\n"
        }
        return files
    }

    func json(_ site: FixtureSite, _ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: #require(site.data(path), "no \(path)"))
    }

    @Test func everyPostIsFoundByItsOwnWordInTheFileSearchJSReads() async throws {
        let site = try FixtureSite(files: Self.notes(40))
        defer { site.cleanUp() }
        let first = try await site.build()
        let manifest = try #require(try json(site, "search/manifest.json") as? [String: Any])
        #expect(manifest["docs"] as? Int == 40)
        let per = try #require(manifest["per"] as? Int)
        #expect(per > 1, "short notes share fragment files")
        let shard = try #require(try json(site, "search/t/7175.json") as? [String: [Int]])   // "qu"
        for n in 0..<40 {
            let postings = try #require(shard["quill\(n)wort"], "quill\(n)wort")
            #expect(postings.count == 2, "one document")
            let doc = postings[0]
            let file = try #require(try json(site, "search/d/\(doc / per).json") as? [[String: Any]])
            #expect(file[doc % per]["t"] as? String == "Note \(n)")
            #expect((file[doc % per]["u"] as? String)?.hasSuffix("/blog/note-\(n)") == true)
        }
        // Nothing changed: every file of the index is taken over as it was.
        let again = try await site.build()
        #expect(again.unchanged == again.files, "\(again.unchanged) of \(again.files)")
        #expect(first.files == again.files)
    }

    @Test func aFileOfTheSitesOwnAtAnIndexPathWins() async throws {
        var files = Self.notes(3)
        files["content/search/manifest.json"] = "{\"mine\":true}\n"
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.text("search/manifest.json") == "{\"mine\":true}\n")
        #expect(site.exists("search/t/7175.json"), "the rest of the index is written")
    }
}

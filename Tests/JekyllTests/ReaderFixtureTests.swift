import Foundation
import Testing
import Liquid
import Site
@testable import Jekyll

/// The reader against what Jekyll 4.3.1 wrote for Fixtures/reader-site (see reader-site-expected.txt).
@Suite struct ReaderFixtureTests {
    static func fixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    }

    static func expected(_ name: String) throws -> [String] {
        let text = try String(contentsOf: fixture(name), encoding: .utf8)
        // The Sass source map is the renderer's output, not a reader decision.
        return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.hasSuffix(".css.map") }
    }

    static func read(future: Bool = false, drafts: Bool = false) throws -> JekyllSiteSource {
        try JekyllReader.read(source: fixture("reader-site"), drafts: drafts, future: future,
                              now: Date(timeIntervalSince1970: 1_800_000_000))
    }

    static func outputPaths(_ site: JekyllSiteSource) -> [String] {
        let paths = site.renderables.compactMap(\.outputPath) + site.staticFiles.compactMap(\.outputPath)
        return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    @Test func outputPathsMatchJekyll() throws {
        #expect(Self.outputPaths(try Self.read()) == (try Self.expected("reader-site-expected.txt")))
    }

    @Test func futureOutputPathsMatchJekyll() throws {
        #expect(Self.outputPaths(try Self.read(future: true)) == (try Self.expected("reader-site-expected-future.txt")))
    }

    func post(_ site: JekyllSiteSource, _ suffix: String) throws -> JekyllDocument {
        try #require(site.posts.first { $0.relativePath.hasSuffix(suffix) })
    }

    @Test func timesWithoutOffsetAreUTCShownInTheSiteZone() throws {
        let site = try Self.read()
        let leap = try post(site, "2016-02-29-leap.md")
        #expect(leap.date == ISO8601DateFormatter().date(from: "2016-02-29T08:00:00Z"))
        #expect(leap.utcOffset == -5 * 3600)
        #expect(leap.url == "/2016/02/29/leap.html")
        let late = try post(site, "2025-09-15-late.md")
        #expect(late.url == "/2025/09/14/late.html")
        #expect(late.utcOffset == -4 * 3600)
        let unpadded = try post(site, "2016-1-5-unpadded.md")
        #expect(unpadded.dateValue.map { if case .date(let d, let o) = $0 { return RubyTime.rubyString(d, utcOffset: o) }; return "" } == "2016-01-05 00:00:00 -0500")
        #expect(unpadded.slug == "unpadded")
    }

    @Test func postsAreSortedNewestFirstAndCarryJekyllsKeys() throws {
        let site = try Self.read()
        let dates = site.posts.compactMap(\.date)
        #expect(dates == dates.sorted(by: >))
        let nested = try post(site, "2016-04-01-nested.md")
        #expect(nested.categories == ["blog"])
        #expect(nested.id == "/blog/2016/04/01/nested")
        #expect(nested.layout == "post")
        #expect(nested.frontMatter["author"]?.yamlStringValue == "site-author")
        #expect(nested.title == "Nested")
        #expect(Array(nested.frontMatter.keys.prefix(2)) == ["draft", "categories"])
        let tags = try post(site, "2016-03-13-tags.md")
        #expect(tags.tags == ["a", "b"])
        #expect(tags.categories == ["One", "one", "Two"])
        let noFrontMatter = try post(site, "2016-01-06-no-front-matter.md")
        #expect(noFrontMatter.bodyLine == 1)
        let dup = try post(site, "2016-03-12-dup.md")
        #expect(dup.title == "Second")
        #expect(site.diagnostics.contains { $0.file == "_posts/2016-03-12-dup.md" && $0.line == 3 && $0.severity == .warning })
        let crlf = try post(site, "2016-03-23-crlf.md")
        #expect(crlf.title == "CRLF")
        #expect(crlf.bodyLine == 4)
    }

    @Test func pagesDefaultsAndPublishing() throws {
        let site = try Self.read()
        let contact = try #require(site.pages.first { $0.relativePath == "contact/index.md" })
        // `/contact` in a scope never matches: Jekyll compares it with the path as written.
        #expect(contact.layout == "default")
        #expect(contact.dir == "/contact/")
        let alpha = try #require(site.pages.first { $0.relativePath == "projects/alpha.md" })
        #expect(alpha.url == "/work/alpha/")
        #expect(!site.pages.contains { $0.relativePath == "unpublished-page.md" })
        let broken = try #require(site.pages.first { $0.relativePath == "broken-yaml.md" })
        #expect(broken.frontMatter["title"] == nil)
        #expect(site.diagnostics.contains { $0.file == "broken-yaml.md" && $0.line == 2 && $0.column == 8 })
        let unicode = try #require(site.pages.first { $0.name == "ünï page.md" })
        #expect(unicode.url == "/%C3%BCn%C3%AF%20page.html")
        let style = try #require(site.pages.first { $0.name == "style.scss" })
        #expect(style.outputExt == ".css")
    }

    @Test func collectionsSortingAndOutput() throws {
        let site = try Self.read()
        #expect(site.collectionDocuments["docs"]?.map(\.name) == ["two.md", "one.md", "three.md"])
        #expect(site.collectionDocuments["guides"]?.map(\.name) == ["b.md", "a.md"])
        #expect(site.collectionDocuments["authors"]?.map(\.outputPath) == [nil])
        let dated = try #require(site.collectionDocuments["recipes"]?.first { $0.name == "2020-05-01-dated.md" })
        #expect(dated.slug == "dated")
        #expect(dated.title == "Dated")
        #expect(dated.id == "/cooking/dated")   // File.dirname of "/cooking/2020-05-01-dated/"
        let photo = try #require(site.staticFiles.first { $0.name == "photo.jpg" })
        #expect(photo.collection == "recipes")
        #expect(photo.url == "/cooking/photo.jpg")
        #expect(site.staticFiles.first { $0.name == "pic.png" }?.outputPath == nil)
        #expect(site.diagnostics.contains { $0.message.contains("'weight' not defined in _docs/three.md") })
    }

    @Test func dataFiles() throws {
        let site = try Self.read()
        guard case .hash(let data) = site.data else { Issue.record("data is not a hash"); return }
        guard case .array(let members)? = data["members"], case .hash(let ann) = members[0], case .hash(let bob) = members[1] else {
            Issue.record("members"); return
        }
        #expect(ann["born"]?.yamlStringValue == "1990-05-01")
        if case .bool(true)? = bob["active"] {} else { Issue.record("yes is true in Psych") }
        guard case .array(let prices)? = data["prices"], case .hash(let pear) = prices[1] else { Issue.record("prices"); return }
        #expect(pear["item"]?.yamlStringValue == "pear, green")
        #expect(pear["price"]?.isYAMLNull == true)
        #expect(data["my_file"] != nil)
        if case .hash(let team)? = data["team"], case .hash(let leads)? = team["leads"] {
            #expect(leads["lead"]?.yamlStringValue == "Ann")
        } else { Issue.record("nested data folder") }
        if case .array(let rows)? = data["table"], case .hash(let row) = rows[0] { #expect(row["b"]?.yamlStringValue == "2") } else { Issue.record("tsv") }
        #expect(site.layouts["post"]?.frontMatter["layout"]?.yamlStringValue == "default")
    }

    /// `site.static_files` and `site.pages` as a Jekyll page listing `path`, `dir` and `name` printed them.
    @Test func staticFilesAndPagesInJekyllsOrder() throws {
        let site = try Self.read()
        #expect(site.staticFiles.map(\.relativePath) == [
            "/.well-known/security.txt", "/_headers", "/assets/css/site.css", "/assets/img/logo.png", "/assets/private/img.txt",
            "/sub/kept.txt", "/vendor/js/app.js", "_recipes/photo.jpg", "_authors/pic.png",
        ])
        #expect(site.staticFiles.map(\.basename) == ["security", "_headers", "site", "logo", "img", "kept", "app", "photo", "pic"])
        let pages = site.pages.map { "\($0.relativePath)|\($0.dir)|\($0.name)" }
        #expect(pages == [
            "about.md|/|about.md", "projects/alpha.md|/work/alpha/|alpha.md", "broken-yaml.md|/|broken-yaml.md",
            "data.json|/api/|data.json", "feed.xml|/|feed.xml", "index.html|/|index.html", "contact/index.md|/contact/|index.md",
            "nodot.md|/|nodot.md", "assets/private/page.md|/assets/private/|page.md", "plain-permalink.md|/|plain-permalink.md",
            "pretty-page.md|/pretty-page/|pretty-page.md", "style.scss|/|style.scss", "symbol.md|/|symbol.md", "ünï page.md|/|ünï page.md",
        ])
    }

    @Test func draftsAreDatedByModificationTime() throws {
        let site = try Self.read(drafts: true)
        let draft = try #require(site.drafts.first)
        #expect(draft.kind == .draft)
        #expect(draft.date == draft.modificationTime)
        #expect(draft.frontMatter["draft"].map { if case .bool(true) = $0 { return true }; return false } == true)
    }
}

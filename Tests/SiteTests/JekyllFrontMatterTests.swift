import Foundation
import Testing
@testable import Site

/// Front matter Jekyll accepts, read as Jekyll reads it: a key given twice (the last wins), unpadded
/// dates and file names, `author` as a list.
@Suite struct JekyllFrontMatterTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func duplicateKeyLastWinsWithOneWarningAtItsLine() async throws {
        let post = "---\ntitle: A\ntags: x\ndescription: >\n  folded\ntags: y\n---\nBody.\n"
        let site = try FixtureSite(files: ["content/posts/2016-01-29-a.md": post])
        defer { site.cleanUp() }
        let report = try await site.build()
        let dup = report.warnings.filter { $0.message.contains("`tags` is given again") }
        #expect(dup.count == 1)
        #expect(dup.first?.file == "content/posts/2016-01-29-a.md")
        #expect(dup.first?.line == 6)
        #expect(dup.first?.hint?.contains("line 3") == true)
        #expect(dup.first?.description.contains("folded") == false)
        let page = try #require(site.html("blog/a.html"))
        #expect(page.strings("//ul[@class='tags']/li/a") == ["y"])
        #expect(site.exists("tags/y/index.html") && !site.exists("tags/x/index.html"))
    }

    @Test func duplicateKeyInATemplateWarnsOnceAtItsLine() async throws {
        let template = "---\ntitle: a\nnote: x\ntitle: b\n---\n<p>{{ content }}</p>\n"
        let site = try FixtureSite(files: ["templates/partials/aside.liquid": template])
        defer { site.cleanUp() }
        let report = try await site.build()
        let dup = report.warnings.filter { $0.message.contains("`title` is given again") }
        #expect(dup.count == 1)
        #expect(dup.first?.file == "templates/partials/aside.liquid" && dup.first?.line == 4)
        #expect(dup.first?.hint != nil)
    }

    @Test func duplicateKeyInSiteYMLAndNestedOne() async throws {
        // site.yml: the last `title` wins, with the warning at line 2 of site.yml.
        let site = try FixtureSite(files: ["site.yml": "title: Old\n" + FixtureSite.siteYML])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.contains { $0.file == "site.yml" && $0.line == 2 && $0.message.contains("`title` is given again") })
        #expect(site.html("index.html")?.string("//a[@class='home']") == "Fixture Blog")
        // Nested duplicates stay an error, but at their line, naming the key, without the YAML dumped.
        guard case .failure(let d) = YAMLDocument.parse("title: a\nparams:\n  mood: x\n  mood: y\n", file: "content/y.md", lineOffset: 1) else {
            Issue.record("expected an error"); return
        }
        #expect(d.line >= 4 && d.message.contains("`mood`") && !d.message.contains("title: a"))
    }

    @Test func unpaddedDatesAndFileNames() async throws {
        let site = try FixtureSite(files: [
            "site.yml": FixtureSite.siteYML.replacingOccurrences(of: "permalink: /blog/:title", with: "permalink: /:year/:month/:day/:title/"),
            "content/posts/2016-1-29-a.md": "---\ntitle: A\ndate: 2016-02-29 8:00:00\n---\nA.\n",
            "content/posts/2016-1-5-b.md": "---\ntitle: B\n---\nB.\n",
            "content/posts/2016-01-06-c.md": "---\ntitle: C\ndate: 2016-1-7\n---\nC.\n",
        ])
        defer { site.cleanUp() }
        _ = try await site.build()
        let a = try #require(site.html("2016/02/29/a/index.html"))
        #expect(a.string("//time/@datetime") == "2016-02-29T08:00:00+00:00")
        let b = try #require(site.html("2016/01/05/b/index.html"))
        #expect(b.string("//time/@datetime") == "2016-01-05T00:00:00+00:00")
        #expect(site.html("2016/01/07/c/index.html")?.string("//time/@datetime") == "2016-01-07T00:00:00+00:00")
        #expect(SiteDates.fileNameDate("2016-1-5", timeZone: utc)?.rest == "")
        #expect(SiteDates.fileNameDate("2016-1-5x", timeZone: utc) == nil)
        #expect(SiteDates.fileNameDate("16-1-5-x", timeZone: utc) == nil)
        #expect(SiteDates.parse("2016-1-5 8:00", timeZone: utc) == SiteDates.parse("2016-01-05T08:00:00Z", timeZone: utc))
        #expect(SiteDates.parse("2016-1-5 8:0", timeZone: utc) == nil)
    }

    @Test func authorListGivesEveryName() async throws {
        let post = "---\ntitle: A\nauthor: [Ada, Grace]\n---\nA.\n"
        let site = try FixtureSite(files: [
            "content/posts/2016-01-29-a.md": post,
            "content/posts/2016-01-30-b.md": "---\ntitle: B\nauthor:\n  - {name: Ada}\n  - Grace\n---\nB.\n",
            "templates/post.liquid": "---\nlayout: base\n---\n<p class=\"a\">{{ page.author.name }}</p><ul>{% for a in page.authors %}<li>{{ a.name }}</li>{% endfor %}</ul>",
        ])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(!report.warnings.contains { $0.file.hasPrefix("content/") })
        for name in ["blog/a.html", "blog/b.html"] {
            let page = try #require(site.html(name))
            #expect(page.string("//p[@class='a']") == "Ada, Grace")
            #expect(page.strings("//ul/li") == ["Ada", "Grace"])
        }
        // A list of something else is an error at its line.
        try site.write("content/posts/2016-01-29-a.md", "---\ntitle: A\nauthor: [[x]]\n---\nA.\n")
        let failure = await site.failure()
        #expect(failure?.diagnostics.contains { $0.line == 3 && $0.message.contains("`author` items") } == true)
    }
}

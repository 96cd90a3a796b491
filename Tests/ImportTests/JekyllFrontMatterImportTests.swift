import Foundation
import Testing
import Import
import Site

/// Front matter and dates as Jekyll reads them, carried through `galley import jekyll` and a build:
/// the issue's repro (unpadded dates, a duplicate key, `author` as a list, a UTC time, `<!--more-->`).
@Suite struct JekyllFrontMatterImportTests {
    static let files: [String: String] = [
        "_config.yml": """
        title: JI
        url: "https://ji.example.com"
        permalink: /:year/:title/
        timezone: America/New_York
        excerpt_separator: "<!--more-->"
        """,
        "_posts/2016-1-29-a.md": """
        ---
        title: A
        date: 2016-1-29 8:00:00
        author: [ada, grace]
        tags: x
        tags: y
        ---
        Intro <!--more--> rest. See {% post_url 2016-1-05-b %}.
        """,
        "_posts/2016-1-05-b.md": "---\ntitle: B\ndate: 2025-09-15 10:00:00\n---\nB body.\n",
        "_posts/2016-1-06-c.md": "---\ntitle: C\nexcerpt_separator: \"[[cut]]\"\n---\nFirst part [[cut]] second part.\n",
    ]

    static func iso(_ s: String) -> Date? { ISO8601DateFormatter().date(from: s) }

    @Test func importedDatesKeepTheirInstantsInFeeds() async throws {
        let jekyll = try TempTree(files: Self.files)
        let dest = TempTree.scratch()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        let report = try await JekyllImport(source: jekyll.root, destination: dest, theme: .galley).run()
        // The UTC time is written with New York's offset (summer: -0400, winter: -0500), and listed.
        #expect(text(dest, "content/posts/2016-1-05-b.md").contains("date: 2025-09-15 06:00:00 -0400\n"))
        #expect(text(dest, "content/posts/2016-1-29-a.md").contains("date: 2016-01-29 03:00:00 -0500\n"))
        #expect(report.leftovers.contains { $0.file == "content/posts/2016-1-05-b.md" && $0.line == 3 && $0.why.contains("UTC") })
        #expect(!report.leftovers.contains { $0.text.contains("excerpt_separator") && $0.why == "setting not carried over" })

        let built = try await SiteBuilder(options: BuildOptions(siteDirectory: dest, now: fixedNow)).build()
        #expect(built.posts == 3)
        let out = dest.appendingPathComponent("public")
        // Atom: each entry's <updated> is the instant Jekyll had (10:00 UTC, 08:00 UTC).
        let atom = text(out, "atom.xml")
        let entries = matches(#"(?s)<entry>(.*?)</entry>"#, in: atom)
        func updated(_ title: String) -> Date? {
            entries.first { $0.contains("<title>\(title)</title>") || $0.contains(">\(title)</title>") }
                .flatMap { matches(#"<updated>([^<]+)</updated>"#, in: $0).first }.flatMap(Self.iso)
        }
        #expect(updated("B") == Self.iso("2025-09-15T10:00:00Z"))
        #expect(updated("A") == Self.iso("2016-01-29T08:00:00Z"))
        // RSS: the same instants in <pubDate>.
        let rss = text(out, "feed.xml")
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let pubDates = Set(matches(#"<pubDate>([^<]+)</pubDate>"#, in: rss).compactMap(f.date(from:)))
        #expect(pubDates.contains(Self.iso("2025-09-15T10:00:00Z")!) && pubDates.contains(Self.iso("2016-01-29T08:00:00Z")!))
        // URLs from the dates as Jekyll shows them; the unpadded file name's date is not in the slug.
        #expect(exists(out, "2025/b/index.html") && exists(out, "2016/a/index.html") && exists(out, "2016/c/index.html"))
        let a = text(out, "2016/a/index.html")
        #expect(a.contains("href=\"/2025/b/\""))
        #expect(a.contains("ada, grace"))
        #expect(matches(#"href="/tags/([^/"]+)/""#, in: a).contains("y") && !matches(#"href="/tags/([^/"]+)/""#, in: a).contains("x"))
        #expect(built.warnings.filter { $0.message.contains("`tags` is given again") }.map { "\($0.file):\($0.line)" } == ["content/posts/2016-1-29-a.md:6"])
    }

    @Test func excerptSeparatorsBecomeGalleyMarkers() async throws {
        var files = Self.files
        files["_config.yml"] = "title: JI\nurl: https://ji.example.com\npermalink: /:year/:title/\nexcerpt_separator: \"<!-- cut -->\"\n"
        files["_posts/2016-1-29-a.md"] = "---\ntitle: A\n---\nIntro <!-- cut --> rest.\n"
        let jekyll = try TempTree(files: files)
        let dest = TempTree.scratch()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        let report = try await JekyllImport(source: jekyll.root, destination: dest, theme: .galley).run()
        #expect(text(dest, "content/posts/2016-1-29-a.md").contains("Intro <!--more--> rest."))
        #expect(text(dest, "content/posts/2016-1-06-c.md").contains("# excerpt_separator:"))
        #expect(report.leftovers.contains { $0.file == "content/posts/2016-1-06-c.md" && $0.line == 5 && $0.why.contains("excerpt separator") })
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: dest, now: fixedNow)).build()
        let atom = text(dest.appendingPathComponent("public"), "atom.xml")
        let summaries = matches(#"(?s)<summary[^>]*>(.*?)</summary>"#, in: atom)
        #expect(summaries.contains { $0.contains("Intro") && !$0.contains("rest") })
        #expect(summaries.contains { $0.contains("First part") && !$0.contains("second part") })
    }

    @Test func postURLIsResolvedWhenBuilding() async throws {
        var files = Self.files
        files["_posts/2016-1-06-c.md"] = "---\ntitle: C\n---\nSee [b]({% post_url 2016-1-05-b %}).\n"
        files["about.md"] = "---\ntitle: About\n---\n<a href=\"{% post_url 2016-1-05-b %}\">b</a>\n\nAt `{% post_url 2016-1-05-b %}`.\n"
        let jekyll = try TempTree(files: files)
        let dest = TempTree.scratch()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        _ = try await JekyllImport(source: jekyll.root, destination: dest, theme: .galley).run()
        // In a link: the post's file, which the build resolves; as bare text: a link to that file showing
        // the URL (as Jekyll shows it); in a code span: the URL alone.
        #expect(text(dest, "content/posts/2016-1-06-c.md").contains("See [b](2016-1-05-b.md)."))
        #expect(text(dest, "content/about.md").contains("<a href=\"posts/2016-1-05-b.md\">b</a>"))
        #expect(text(dest, "content/about.md").contains("At `/2025/b/`."))
        #expect(text(dest, "content/posts/2016-1-29-a.md").contains("See [/2025/b/](2016-1-05-b.md)."))
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: dest, now: fixedNow)).build()
        let out = dest.appendingPathComponent("public")
        #expect(matches(#"<a href="([^"]+)">b</a>"#, in: text(out, "2016/c/index.html")) == ["/2025/b/"])
        #expect(matches(#"<a href="([^"]+)">b</a>"#, in: text(out, "about.html")) == ["/2025/b/"])
        // The permalink corrected after the import: the links follow.
        let yml = text(dest, "site.yml").replacingOccurrences(of: "permalink: \"/:year/:title/\"", with: "permalink: /posts/:title/")
        #expect(yml.contains("permalink: /posts/:title/"))
        try Data(yml.utf8).write(to: dest.appendingPathComponent("site.yml"))
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: dest, now: fixedNow)).build()
        #expect(matches(#"<a href="([^"]+)">b</a>"#, in: text(out, "posts/c/index.html")) == ["/posts/b/"])
        #expect(matches(#"<a href="([^"]+)">b</a>"#, in: text(out, "about.html")) == ["/posts/b/"])
        #expect(matches(#"<a href="([^"]+)">/2025/b/</a>"#, in: text(out, "posts/a/index.html")) == ["/posts/b/"])
    }
}

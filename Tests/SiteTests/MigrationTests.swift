import Foundation
import Testing
@testable import Site

/// What a site moved from Jekyll relies on: drafts kept out, layouts that fall back, list pages where
/// `paginate_path` says, Liquid reported where it was written, excerpts whose links still resolve.
@Suite struct MigrationTests {
    @Test func draftsAreNotReadWithoutTheFlag() async throws {
        // A draft that would fail to load (no front matter, no date) cannot fail a build it is not part of.
        let site = try FixtureSite(files: ["content/drafts/README.md": "# The Drafts Section\n", "content/posts/2026-01-01-a.md": "---\ntitle: A\n---\nA.\n"])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.heldBack.map(\.source) == ["content/drafts/README.md"])
        #expect(!site.exists("README/index.html") && !site.exists("blog/README.html"))
        // With --drafts it builds, titled from its file name as Jekyll does.
        _ = try await site.build(drafts: true, future: true)   // an undated draft is dated by its file: today
        #expect(site.text("blog/README.html")?.contains("<h1 class=\"title\">README</h1>") == true)
    }

    @Test func unknownLayoutWarnsAndFallsBack() async throws {
        let site = try FixtureSite(files: ["content/cv.md": "---\nlayout: cv\ntitle: CV\n---\n# CV\n", "content/about.md": "---\nlayout: paeg\n---\nHi.\n"])
        defer { site.cleanUp() }
        let report = try await site.build()
        let messages = report.warnings.map(\.description)
        #expect(messages.contains { $0.hasPrefix("content/cv.md:2:1: warning: unknown layout `cv`; the page uses the `page` template") })
        #expect(messages.contains { $0.hasPrefix("content/about.md:2:1: warning: unknown layout `paeg`") && $0.contains("did you mean `page`?") })
        #expect(site.text("cv.html")?.contains("<h1 class=\"title\">CV</h1>") == true)
        // --strict: the same warning fails the build, and the output stays as it was.
        let before = site.snapshot()
        var options = BuildOptions(siteDirectory: site.root, now: Date(timeIntervalSince1970: 1_790_000_000))
        options.strict = true
        await #expect(throws: BuildFailure.self) { try await SiteBuilder(options: options).build() }
        #expect(site.snapshot() == before)
    }

    @Test func paginatePathMovesThePostList() async throws {
        var files: [String: String] = ["site.yml": FixtureSite.siteYML + "\npaginate_path: /blog/page-:num/\n"]
        for i in 1...5 { files["content/posts/2026-01-0\(i)-p\(i).md"] = "---\ntitle: P\(i)\n---\nBody \(i).\n" }
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.html("blog/index.html")?.strings("//ol/li/a/@href") == ["/blog/p5", "/blog/p4"])
        #expect(site.html("blog/page-2/index.html")?.strings("//ol/li/a/@href") == ["/blog/p3", "/blog/p2"])
        #expect(site.html("blog/page-3/index.html")?.strings("//a[@class='prev-page']/@href") == ["/blog/page-2/"])
        #expect(site.html("blog/index.html")?.strings("//a[@class='next-page']/@href") == ["/blog/page-2/"])
        #expect(!site.exists("index.html") && !site.exists("page/2/index.html"))
        #expect(site.text("sitemap.xml")?.contains("<loc>https://blog.example.org/blog/</loc>") == true)
    }

    @Test func listPageURLs() {
        #expect(SiteConfig.listPageURL("/page/:num/", 1) == "/" && SiteConfig.listPageURL("/page/:num/", 3) == "/page/3/")
        #expect(SiteConfig.listPageURL("/page:num/", 1) == "/" && SiteConfig.listPageURL("/page:num/", 2) == "/page2/")
        for pattern in ["/page/:num/", "/:num/:num/", "/p:nu/:num", ":num", "/é/:num/", "/:nu", ""] {
            #expect(SiteConfig.listPageURL(pattern, 12) == pattern.replacingOccurrences(of: ":num", with: "12"), "\(pattern)")
        }
        #expect(SiteConfig.listPageURL("/blog/page-:num/", 1) == "/blog/" && SiteConfig.listPageURL("/blog/page-:num/", 2) == "/blog/page-2/")
        #expect(SiteConfig.listPageURL("/tags/x/page/:num/", 1) == "/tags/x/")
        #expect(SiteConfig.paginatePattern("blog/page-:num") == "/blog/page-:num/")
        #expect(SiteConfig.paginatePattern("/blog/") == nil && SiteConfig.paginatePattern("/../:num/") == nil)
    }

    @Test func badPaginatePathAndDateFormatAreErrorsAtTheirLine() async throws {
        let site = try FixtureSite(files: ["site.yml": FixtureSite.siteYML + "\npaginate_path: /blog/\ndate_format: \"%Q %Y\"\n"])
        defer { site.cleanUp() }
        let failure = try #require(await site.failure())
        let messages = failure.errors.map(\.description)
        #expect(messages.contains { $0.hasPrefix("site.yml:9:16: error: `paginate_path` must be a site path holding `:num`") })
        #expect(messages.contains { $0.hasPrefix("site.yml:10:14: error: `date_format` uses `%Q`") })
    }

    @Test func aPageOnThePostListWarnsNamingBoth() async throws {
        let site = try FixtureSite(files: ["content/index.md": "---\ntitle: CV\n---\nMe.\n", "content/posts/2026-01-01-a.md": "---\ntitle: A\n---\nA.\n"])
        defer { site.cleanUp() }
        let report = try await site.build()
        let warning = try #require(report.warnings.first { $0.file == "content/index.md" })
        #expect(warning.description.hasPrefix("content/index.md:1:1: warning: this page replaces page 1 of the post list (templates/home.liquid) at /"))
        #expect(warning.hint?.contains("paginate_path: /blog/page-:num/") == true)
        #expect(site.text("index.html")?.contains("Me.") == true)
        #expect(site.text("sitemap.xml")?.components(separatedBy: "<loc>https://blog.example.org/</loc>").count == 2)
    }

    @Test func liquidIsReportedAtItsLineNotInCode() async throws {
        let body = """
        ---
        title: L
        ---
        Hi {{ site.author }} and `{{ in code }}`.

        ```
        {% include in-a-fence.html %}
        ```

            {% not code either: after a paragraph? no, a blank line: indented code %}
        Shown on purpose: \\{{ x }}. {% include social.html %}
        """
        let found = LiquidScan.find(in: body)
        #expect(found.map { "\($0.line):\($0.column) \($0.text)" } == ["4:4 {{ site.author }}", "10:5 {% not code either: after a paragraph? no, a blank line: indented code %}",
                                                                     "11:29 {% include social.html %}"])
        let site = try FixtureSite(files: ["content/posts/2026-01-01-l.md": body])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.map { "\($0.line):\($0.column)" } == ["4:4", "10:5", "11:29"])
        #expect(site.text("blog/l.html")?.contains("Shown on purpose: {{ x }}.") == true)
    }

    @Test func excerptLinksResolveFromThePost() {
        let html = ##"<p>See <a href="./hello">this</a>, <a href="../x/">that</a>, <a href="#n1">note</a>, <a href="/abs">abs</a>, <a href="https://e.org/">ext</a> <img src="img/a.png" alt=""></p>"##
        let out = ExcerptLinks.rootRelative(html, pageURL: "/blog/2026/post/")
        #expect(out == ##"<p>See <a href="/blog/2026/post/hello">this</a>, <a href="/blog/2026/x/">that</a>, <a href="/blog/2026/post/#n1">note</a>, <a href="/abs">abs</a>, <a href="https://e.org/">ext</a> <img src="/blog/2026/post/img/a.png" alt=""></p>"##)
        #expect(ExcerptLinks.resolve("hello", against: "/blog/post") == "/blog/hello")
        #expect(ExcerptLinks.resolve("mailto:a@b.c", against: "/blog/post") == "mailto:a@b.c")
    }

    @Test func dateFormatsAsStrftime() {
        let d = Date(timeIntervalSince1970: 1_767_312_000)   // 2026-01-02T00:00:00Z, a Friday
        let utc = TimeZone(identifier: "UTC")!
        #expect(DateFormat.format(d, "%b %-d, %Y", utc) == "Jan 2, 2026")
        #expect(DateFormat.format(d, "%A %d %B %y, day %j, %I %p %%", utc) == "Friday 02 January 26, day 002, 12 AM %")
        #expect(DateFormat.firstUnsupported("%b %-d, %Y") == nil && DateFormat.firstUnsupported("%Y %Q") == "%Q")
    }

    @Test func templatedAssetsAreWarnedAbout() async throws {
        let site = try FixtureSite(files: ["content/blog/feed/index.xml": "---\nlayout: null\n---\n<rss>{% for p in site.posts %}{% endfor %}</rss>\n",
                                           "content/plain.xml": "<?xml version=\"1.0\"?><a/>\n"])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.map { "\($0.file):\($0.line)" } == ["content/blog/feed/index.xml:1"])
    }

    @Test func suggestions() {
        #expect(Suggest.nearest("paeg", in: ["page", "post", "home"]) == "page")
        #expect(Suggest.nearest("tgas", in: ["tags", "title"]) == "tags")
        #expect(Suggest.nearest("zebra", in: ["page", "post"]) == nil)
    }
}

/// Front matter a build does not read is a typo until declared: said once, at its line.
@Suite struct FrontMatterKeyTests {
    @Test func typosAreWarnedWithASuggestion() async throws {
        let site = try FixtureSite(files: ["content/posts/2026-01-01-a.md": "---\ntitle: A\ntgas: [swift]\ndraf: true\nparams:\n  mood: calm\n---\nA.\n"])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.map(\.description).map { $0.components(separatedBy: "\n")[0] } == [
            "content/posts/2026-01-01-a.md:3:1: warning: unknown front matter key `tgas`; did you mean `tags`?",
            "content/posts/2026-01-01-a.md:4:1: warning: unknown front matter key `draf`; did you mean `draft`?",
        ])
    }

    @Test func declaredKeysAndParamsAreQuietAndReachTemplates() async throws {
        var files = ["content/posts/2026-01-01-a.md": "---\ntitle: A\nnotice: Outdated\nparams:\n  mood: calm\n---\nA.\n",
                     "site.yml": FixtureSite.siteYML + "\nfront_matter_keys: [notice]\n"]
        files["templates/post.liquid"] = "---\nlayout: base\n---\n<p class=\"n\">{{ page.params.notice }}/{{ page.params.mood }}|{{ page.mood }}</p>"
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(site.text("blog/a.html")?.contains("<p class=\"n\">Outdated/calm|calm</p>") == true)
    }

    @Test func authorMapAndEmptyDescription() async throws {
        let site = try FixtureSite(files: ["content/posts/2026-01-01-a.md": "---\ntitle: A\nauthor: {name: Grace Hopper}\ndescription: \"\"\n---\nThe excerpt.\n",
                                           "templates/post.liquid": "---\nlayout: base\n---\n<p class=\"a\">{{ page.author.name }}|{{ page.description }}</p>"])
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.text("blog/a.html")?.contains("<p class=\"a\">Grace Hopper|The excerpt.</p>") == true)
    }
}

/// Text saved through the wrong encoding once: one warning per source line, showing the repair.
@Suite struct MojibakeTests {
    static let post = "---\ntitle: Q\n---\nShe said â€œhiâ€\u{9d} and left.\n\nCafÃ© is fine. So is “this”.\n"

    @Test func reportedOncePerLineAtTheSource() async throws {
        #expect(Mojibake.find(in: "plain “text” é") == [])
        #expect(Mojibake.repair("CafÃ© â€™").0 == "Café ’")
        let site = try FixtureSite(files: ["content/posts/2026-01-01-q.md": Self.post])
        defer { site.cleanUp() }
        let report = try await site.build()
        // Two lines, two warnings: not one per feed the post is in.
        #expect(report.warnings.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "content/posts/2026-01-01-q.md:4:10: text looks double-encoded (UTF-8 read as Windows-1252); meant: She said “hi” and left.",
            "content/posts/2026-01-01-q.md:6:4: text looks double-encoded (UTF-8 read as Windows-1252); meant: Café is fine. So is “this”.",
        ])
        #expect(site.text("blog/q.html")?.contains("â€œ") == true)
    }

    @Test func repairedInTheOutputWhenAsked() async throws {
        let site = try FixtureSite(files: ["content/posts/2026-01-01-q.md": Self.post,
                                           "site.yml": FixtureSite.siteYML + "\nmarkdown:\n  repair_encoding: true\n"])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty)
        let page = try #require(site.text("blog/q.html"))
        #expect(page.contains("She said “hi” and left.") && page.contains("Café is fine."))
        #expect(try String(contentsOf: site.root.appendingPathComponent("content/posts/2026-01-01-q.md"), encoding: .utf8) == Self.post)
    }
}

/// kramdown attribute lists where kramdown allows them, and one table of contents.
@Suite struct AttributeListBuildTests {
    static let site = ["site.yml": "title: T\nurl: https://t.example\npermalink: /blog/:title/\n"]

    @Test func aCodeBlockIALReachesTheHighlightedBlock() async throws {
        var files = Self.site
        files["content/posts/2026-01-01-a.md"] = "---\ntitle: A\n---\n{: .note}\nLead paragraph.\n\n```swift\nlet x = 1\n```\n{: .wide #listing}\n"
        let site = try FixtureSite(files: files, withDefaults: false)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let page = try #require(site.text("blog/a/index.html"))
        #expect(page.contains("<p class=\"note\">Lead paragraph.</p>"))
        #expect(page.contains("<div class=\"language-swift highlighter-rouge wide\" id=\"listing\" data-lang=\"swift\">"))
    }

    @Test func oneTableOfContentsAndTocFalse() async throws {
        var files = Self.site
        let headings = "## One\n\nText.\n\n## Two\n\nText.\n"
        files["content/posts/2026-01-01-own.md"] = "---\ntitle: Own\n---\n* toc\n{:toc}\n\n" + headings
        files["content/posts/2026-01-02-theme.md"] = "---\ntitle: Theme\n---\n" + headings
        files["content/posts/2026-01-03-none.md"] = "---\ntitle: None\ntoc: false\n---\n" + headings
        let site = try FixtureSite(files: files, withDefaults: false)
        defer { site.cleanUp() }
        _ = try await site.build()
        func boxes(_ p: String) -> Int { (site.text(p) ?? "").components(separatedBy: "<details class=\"toc\"").count - 1 }
        func inline(_ p: String) -> Int { (site.text(p) ?? "").components(separatedBy: "id=\"markdown-toc\"").count - 1 }
        #expect(boxes("blog/own/index.html") == 0 && inline("blog/own/index.html") == 1)
        #expect(boxes("blog/theme/index.html") == 1)
        #expect(boxes("blog/none/index.html") == 0)
    }
}

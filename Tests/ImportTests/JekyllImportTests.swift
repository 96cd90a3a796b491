import Foundation
import Testing
import Import
import Site

/// A small Jekyll site, imported and built: its URLs must be the ones Jekyll's permalink rules give.
@Suite struct JekyllImportTests {
    static let files: [String: String] = [
        "_config.yml": """
        title: Old Blog
        description: Written with Jekyll
        url: "https://old.example.com"
        baseurl: ""
        author: Grace
        timezone: UTC
        permalink: /blog/:title
        exclude: [scripts]
        """,
        "_posts/2019-05-04-first-post.md": """
        ---
        layout: post
        title: First post
        categories: [Engineering, Swift]
        ---
        Code:

        {% highlight ruby linenos %}
        def hello = puts "hi"
        {% endhighlight %}

        See [the next one]({% post_url 2019-06-01-second %}) and ![logo]({{ site.baseurl }}/assets/logo.png){:class="img-responsive"}.

        {% include figure.html src="x.png" %}
        """,
        "_posts/2019-06-01-second.markdown": "---\ntitle: Second\ncategories: notes\n---\nBody {{ site.title }}.\n",
        "_drafts/unfinished.md": "---\ntitle: Unfinished\n---\nLater.\n",
        "about.md": "---\nlayout: page\ntitle: About\npermalink: /about/\n---\nAbout me.\n",
        "index.html": "---\nlayout: default\n---\n{% for post in site.posts %}{{ post.title }}{% endfor %}\n",
        "_layouts/post.html": "<html>{{ content }}</html>",
        "assets/logo.png": "PNG",
        "CNAME": "old.example.com",
        "Gemfile": "source 'https://rubygems.org'",
        "scripts/deploy.sh": "echo deploy",
        "README.md": "# Repo readme without front matter",
    ]

    func importFixture() async throws -> (TempTree, URL, JekyllImport.Report) {
        let jekyll = try TempTree(files: Self.files)
        let dest = TempTree.scratch()
        let report = try await JekyllImport(source: jekyll.root, destination: dest, theme: .galley).run()
        return (jekyll, dest, report)
    }

    @Test func importedSiteKeepsJekyllURLs() async throws {
        let (jekyll, dest, report) = try await importFixture()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        #expect(report.posts == 2 && report.drafts == 1 && report.pages == 1)
        let built = try await SiteBuilder(options: BuildOptions(siteDirectory: dest, now: fixedNow)).build()
        #expect(built.posts == 2)
        let out = dest.appendingPathComponent("public")
        // permalink /blog/:title → blog/<slug>.html, linked /blog/<slug>; pages keep their permalink.
        for path in ["blog/first-post.html", "blog/second.html", "about/index.html", "assets/logo.png", "CNAME"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path), "\(path)")
        }
        for path in ["Gemfile", "scripts/deploy.sh", "README.html", "_layouts/post.html"] {
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path), "\(path)")
        }
        let post = text(out, "blog/first-post.html")
        // {% post_url %} became the Galley URL of that post.
        #expect(post.contains("<a href=\"/blog/second\">the next one</a>"))
        #expect(post.contains("src=\"/assets/logo.png\""))
        // The highlight block became a fenced code block.
        #expect(post.contains("language-ruby"))
        #expect(matches(#"(?s)language-ruby.*?<code[^>]*>(.*?)</code>"#, in: post).first?.contains("hello") == true)
    }

    @Test func unconvertedLiquidIsListedAndKept() async throws {
        let (jekyll, dest, report) = try await importFixture()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        let include = try #require(report.leftovers.first { $0.text.contains("include figure.html") })
        #expect(include.file == "content/posts/2019-05-04-first-post.md" && include.line == 14)
        // `{{ site.title }}` has a value in _config.yml: replaced, not left.
        #expect(!report.leftovers.contains { $0.text == "{{ site.title }}" })
        #expect(try String(contentsOf: dest.appendingPathComponent("content/posts/2019-06-01-second.markdown"), encoding: .utf8).contains("Body Old Blog."))
        #expect(report.leftovers.contains { $0.file == "index.html" })
        let text = try String(contentsOf: dest.appendingPathComponent("content/posts/2019-05-04-first-post.md"), encoding: .utf8)
        #expect(text.contains("{% include figure.html src=\"x.png\" %}"))
        #expect(text.contains("```ruby linenos\ndef hello"))
        #expect(!text.contains("{% highlight"))
        // Nothing is lost: theme files and the Liquid home page are kept aside.
        #expect(FileManager.default.fileExists(atPath: dest.appendingPathComponent("jekyll-leftovers/_layouts/post.html").path))
        #expect(FileManager.default.fileExists(atPath: dest.appendingPathComponent("jekyll-leftovers/README.md").path))
        // Unlike `galley init`, an import writes no deploy workflow: the blog's own publishing stays its own.
        #expect(!FileManager.default.fileExists(atPath: dest.appendingPathComponent(".github").path))
    }

    @Test func jekyllDefaultPermalinkStyleIsKept() async throws {
        var files = Self.files
        files["_config.yml"] = "title: Dated\nurl: https://d.example.com\n"
        let jekyll = try TempTree(files: files)
        let dest = TempTree.scratch()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        _ = try await JekyllImport(source: jekyll.root, destination: dest, theme: .galley).run()
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: dest, now: fixedNow)).build()
        // Jekyll's `date` style: /:categories/:year/:month/:day/:title:output_ext, categories lowercased.
        let out = dest.appendingPathComponent("public")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("engineering/swift/2019/05/04/first-post.html").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("notes/2019/06/01/second.html").path))
    }
}

/// The importer reads nothing through a link out of the Jekyll site, and says what it skipped.
@Suite struct JekyllImportLinkTests {
    @Test func linksOutOfTheSourceAreListedNotRead() async throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("galley-outside-\(UUID().uuidString).md")
        try Data("---\ntitle: T\n---\nSECRET-TOKEN-42\n".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let jekyll = try TempTree(files: ["_config.yml": "title: J\n", "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nA\n"])
        let dest = TempTree.scratch()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        try FileManager.default.createSymbolicLink(atPath: jekyll.root.appendingPathComponent("_posts/2020-01-02-leak.md").path, withDestinationPath: outside.path)
        let report = try await JekyllImport(source: jekyll.root, destination: dest, theme: .galley).run()
        #expect(report.posts == 1)
        #expect(report.leftovers.contains { $0.file == "_posts/2020-01-02-leak.md" && $0.why.hasPrefix("symbolic link to") })
        let all = FileManager.default.subpaths(atPath: dest.path) ?? []
        #expect(!all.contains { (try? String(contentsOf: dest.appendingPathComponent($0), encoding: .utf8))?.contains("SECRET-TOKEN-42") == true })
    }
}

/// Jekyll's default theme (minima): `index.md` with `layout: home` is the post list.
@Suite struct MinimaHomeTests {
    @Test func aHomeLayoutIndexGivesWayToTheHomePage() async throws {
        let jekyll = try TempTree(files: ["_config.yml": "title: M\nurl: https://m.example\ntheme: minima\n",
                                          "index.md": "---\nlayout: home\n---\n",
                                          "_posts/2020-01-01-a.md": "---\ntitle: A\n---\nA\n"])
        let dest = TempTree.scratch()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        let report = try await JekyllImport(source: jekyll.root, destination: dest, theme: .galley).run()
        #expect(report.pages == 0 && report.leftovers.contains { $0.file == "index.md" && $0.why.contains("layout: home") })
        let built = try await SiteBuilder(options: BuildOptions(siteDirectory: dest, now: fixedNow)).build()
        #expect(built.warnings.isEmpty, "\(built.warnings)")
        #expect(text(dest.appendingPathComponent("public"), "index.html").contains("2020/01/01/a.html"))
    }
}

/// jekyll-series style `series:` front matter carries over as it is: Galley reads the same key.
@Suite struct JekyllSeriesTests {
    @Test func seriesIsKeptAndNotListedAsUnknown() async throws {
        let part = { (title: String, order: Int) in "---\nlayout: post\ntitle: \(title)\nseries: Offline-first sync\nseries_order: \(order)\n---\nText.\n" }
        let jekyll = try TempTree(files: ["_config.yml": "title: J\nurl: https://j.example\n",
                                          "_includes/series.html": "{% if page.series %}Part of {{ page.series }}{% endif %}",
                                          "_layouts/post.html": "<html>{% include series.html %}{{ content }}</html>",
                                          "_posts/2020-01-01-one.md": part("One", 1), "_posts/2020-01-02-two.md": part("Two", 2)])
        let dest = TempTree.scratch()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        let report = try await JekyllImport(source: jekyll.root, destination: dest, theme: .galley).run()
        #expect(!report.leftovers.contains { $0.text.hasPrefix("`series") }, "\(report.leftovers)")
        #expect(!text(dest, "site.yml").contains("series"))
        #expect(text(dest, "content/posts/2020-01-02-two.md").contains("series: Offline-first sync\nseries_order: 2\n"))
        let built = try await SiteBuilder(options: BuildOptions(siteDirectory: dest, now: fixedNow)).build()
        #expect(built.warnings.isEmpty, "\(built.warnings)")
        #expect(text(dest.appendingPathComponent("public"), "2020/01/02/two.html").contains("<span class=\"series-part\">Part 2 of 2</span>"))
    }
}

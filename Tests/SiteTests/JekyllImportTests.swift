import Foundation
import Testing
@testable import Site

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

    func importFixture() throws -> (FixtureSite, URL, JekyllImport.Report) {
        let jekyll = try FixtureSite(files: Self.files, withDefaults: false)
        let dest = FileManager.default.temporaryDirectory.appendingPathComponent("galley-import-\(UUID().uuidString)")
        let report = try JekyllImport(source: jekyll.root, destination: dest).run()
        return (jekyll, dest, report)
    }

    @Test func importedSiteKeepsJekyllURLs() async throws {
        let (jekyll, dest, report) = try importFixture()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        #expect(report.posts == 2 && report.drafts == 1 && report.pages == 1)
        let built = try await SiteBuilder(options: BuildOptions(siteDirectory: dest, now: Date(timeIntervalSince1970: 1_790_000_000))).build()
        #expect(built.posts == 2)
        let out = dest.appendingPathComponent("public")
        // permalink /blog/:title → blog/<slug>.html, linked /blog/<slug>; pages keep their permalink.
        for path in ["blog/first-post.html", "blog/second.html", "about/index.html", "assets/logo.png", "CNAME"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path), "\(path)")
        }
        for path in ["Gemfile", "scripts/deploy.sh", "README.html", "_layouts/post.html"] {
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path), "\(path)")
        }
        let post = try #require(HTMLDocument(try Data(contentsOf: out.appendingPathComponent("blog/first-post.html"))))
        // {% post_url %} became the Galley URL of that post.
        #expect(post.strings("//a/@href").contains("/blog/second"))
        #expect(post.strings("//img/@src").contains("/assets/logo.png"))
        // The highlight block became a fenced code block.
        #expect(post.strings("//div[contains(@class,'language-ruby')]//code").first?.contains("def hello") == true)
    }

    @Test func unconvertedLiquidIsListedAndKept() throws {
        let (jekyll, dest, report) = try importFixture()
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        let include = try #require(report.leftovers.first { $0.text.contains("include figure.html") })
        #expect(include.file == "content/posts/2019-05-04-first-post.md" && include.line == 14)
        #expect(report.leftovers.contains { $0.text == "{{ site.title }}" && $0.file == "content/posts/2019-06-01-second.markdown" })
        #expect(report.leftovers.contains { $0.file == "index.html" })
        let text = try String(contentsOf: dest.appendingPathComponent("content/posts/2019-05-04-first-post.md"), encoding: .utf8)
        #expect(text.contains("{% include figure.html src=\"x.png\" %}"))
        #expect(text.contains("```ruby linenos\ndef hello"))
        #expect(!text.contains("{% highlight"))
        // Nothing is lost: theme files and the Liquid home page are kept aside.
        #expect(FileManager.default.fileExists(atPath: dest.appendingPathComponent("jekyll-leftovers/_layouts/post.html").path))
        #expect(FileManager.default.fileExists(atPath: dest.appendingPathComponent("jekyll-leftovers/README.md").path))
    }

    @Test func jekyllDefaultPermalinkStyleIsKept() async throws {
        var files = Self.files
        files["_config.yml"] = "title: Dated\nurl: https://d.example.com\n"
        let jekyll = try FixtureSite(files: files, withDefaults: false)
        let dest = FileManager.default.temporaryDirectory.appendingPathComponent("galley-import-\(UUID().uuidString)")
        defer { jekyll.cleanUp(); try? FileManager.default.removeItem(at: dest) }
        _ = try JekyllImport(source: jekyll.root, destination: dest).run()
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: dest, now: Date(timeIntervalSince1970: 1_790_000_000))).build()
        // Jekyll's `date` style: /:categories/:year/:month/:day/:title:output_ext, categories lowercased.
        let out = dest.appendingPathComponent("public")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("engineering/swift/2019/05/04/first-post.html").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("notes/2019/06/01/second.html").path))
    }

    @Test func jekyllConfigIsReadWithoutSiteYML() async throws {
        // Posts copied into content/posts of a folder that only has a Jekyll _config.yml build with Jekyll's URLs.
        var files = FixtureSite.templates
        files["_config.yml"] = "title: Plain Jekyll\nurl: https://p.example.com\nbaseurl: /blog\npermalink: pretty\n"
        files["content/posts/2020-02-02-hello.md"] = "---\ntitle: Hello\ncategories: [News]\n---\nHi.\n"
        let site = try FixtureSite(files: files, withDefaults: false)
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.exists("news/2020/02/02/hello/index.html"))
        #expect(site.html("index.html")?.strings("//ol/li/a/@href") == ["/blog/news/2020/02/02/hello/"])
    }
}

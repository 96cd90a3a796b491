import Foundation
import Testing
@testable import Site

/// Liquid templates: typos are warnings at their template line (once, however many pages), errors name
/// the template, and an ejected template edited with Liquid's filters and tags shows what it says.
@Suite struct TemplateModelTests {
    static let posts: [String: String] = [
        "content/posts/2026-01-01-a.md": "---\ntitle: A\ntags: [x]\nseries: S\n---\nA.\n",
        "content/posts/2026-01-02-b.md": "---\ntitle: B\ntags: [x, y]\ncategories: [one, two]\nseries: S\nupdated: 2026-02-01\nnotice: Old.\n---\nB.\n\n## H\n\n```swift\nlet b = 1\n```\n",
        "content/posts/2026-01-03-c.md": "---\ntitle: C\nlang: es\n---\nC.\n",
        "content/about.md": "---\ntitle: About\n---\nAbout.\n",
    ]

    @Test func theBuiltInThemeReadsOnlyTheModel() async throws {
        var files = Self.posts
        files["site.yml"] = "title: T\nurl: https://example.org/blog\npaginate: 2\n"
        let site = try FixtureSite(files: files, withDefaults: false)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        // Categories are separated in the text, not only by CSS: screen readers and copied text get "one, two".
        #expect(site.text("2026/01/02/b/index.html")?.contains(">one</a>, <a href=\"/blog/categories/two/\">two</a>") == true)
    }

    @Test func typosAreWarnedOnceAtTheirTemplateLine() async throws {
        var files = Self.posts
        files["templates/page.liquid"] = "---\nlayout: base\n---\n<h1>{{ page.titel }}</h1>\n<p>{{ page.title | upcas }}</p>"
        files["templates/post.liquid"] = "---\nlayout: base\n---\n<h1>{{ page.titel }}</h1>"
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.map { "\($0.file):\($0.line):\($0.column) \($0.message) (\($0.hint ?? ""))" } == [
            "templates/page.liquid:4:5 undefined variable titel (did you mean `title`?)",
            "templates/page.liquid:5:4 undefined filter upcas (did you mean `upcase`?)",
            "templates/post.liquid:4:5 undefined variable titel (did you mean `title`?)",
        ])
    }

    @Test func anEjectedPostTemplateEditedWithLiquidShowsIt() async throws {
        var files = Self.posts
        files["site.yml"] = "title: T\nurl: https://example.org\n"
        let site = try FixtureSite(files: files, withDefaults: false)
        defer { site.cleanUp() }
        _ = try Scaffold.ejectTheme(siteDirectory: site.root, names: ["post"])
        let path = site.root.appendingPathComponent("templates/post.liquid")
        var text = try String(contentsOf: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "<h1 class=\"p-name\">{{ page.title | escape }}</h1>", with: """
        {% assign shout = page.title | upcase | append: "!" %}<h1 class="p-name">{{ shout }}</h1>
        {% if page.tags.size > 1 %}<p class="many">{{ page.tags | map: "name" | join: "+" }}</p>{% endif %}
        """)
        try text.write(to: path, atomically: true, encoding: .utf8)
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let b = try #require(site.text("2026/01/02/b/index.html"))
        #expect(b.contains("<h1 class=\"p-name\">B!</h1>") && b.contains("<p class=\"many\">x+y</p>"))
        #expect(site.text("2026/01/01/a/index.html")?.contains("class=\"many\"") == false)
    }

    @Test func mustacheTemplatesAreOneErrorNamingThem() async throws {
        let site = try FixtureSite(files: ["templates/post.mustache": "{{<base}}{{/base}}", "templates/partials/x.mustache": "x",
                                           "content/a.md": "A"])
        defer { site.cleanUp() }
        let failure = try #require(await site.failure())
        #expect(failure.errors.count == 1)
        let e = try #require(failure.errors.first)
        #expect(e.message.contains("templates/partials/x.mustache, templates/post.mustache"))
        #expect(e.hint?.contains("README.md, \"Templates from before Liquid\"") == true)
    }

    @Test func aPartialIncludingItselfIsAnErrorNamingTheChain() async throws {
        let site = try FixtureSite(files: ["templates/partials/loop.liquid": "<x>{% include loop.liquid %}</x>",
                                           "templates/page.liquid": "---\nlayout: base\n---\n{% include loop.liquid %}",
                                           "content/a.md": "A", "content/b.md": "B"])
        defer { site.cleanUp() }
        let failure = try #require(await site.failure())
        #expect(failure.errors.count == 1, "\(failure.errors)")
        let e = try #require(failure.errors.first)
        #expect(e.file == "templates/partials/loop.liquid" && e.message.contains("includes itself"), "\(e)")
        #expect(e.hint?.contains("templates/page.liquid:4:1") == true, "\(e)")
    }

    @Test func layoutsInACircleAreAnError() async throws {
        let site = try FixtureSite(files: ["templates/base.liquid": "---\nlayout: page\n---\n{{ content }}",
                                           "templates/page.liquid": "---\nlayout: base\n---\n{{ content }}", "content/a.md": "A"])
        defer { site.cleanUp() }
        let failure = try #require(await site.failure())
        #expect(failure.errors.contains { $0.message.contains("base → page → base") && $0.line == 2 }, "\(failure.errors)")
    }

    @Test func relativeURLKeepsOneBasePath() async throws {
        let site = try FixtureSite(files: ["site.yml": FixtureSite.siteYML.replacingOccurrences(of: "https://blog.example.org", with: "https://example.org/blog"),
                                           "templates/page.liquid": "---\nlayout: base\n---\n<a class=\"r\" href=\"{{ page.url | relative_url }}\">{{ \"/x/\" | absolute_url }}</a>",
                                           "content/about.md": "---\ntitle: About\npermalink: /about/\n---\nA"])
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.text("about/index.html")?.contains("<a class=\"r\" href=\"/blog/about/\">https://example.org/blog/x/</a>") == true)
    }
}

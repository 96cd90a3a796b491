import CLibXML2
import Foundation
import Import
import Site
import Testing

/// A Jekyll site with a theme of its own (layouts, an include, data, Sass), imported with `theme: .own` (the
/// default) and built: the pages show the theme's markup, at Jekyll's URLs.
@Suite struct JekyllOwnThemeTests {
    static let files: [String: String] = [
        "_config.yml": """
        title: Own Theme
        url: "https://own.example.com"
        greeting: Hello there
        plugins: [jekyll-seo-tag]
        defaults:
          - scope: {path: "", type: posts}
            values: {layout: post}
        """,
        "_layouts/default.html": """
        <!DOCTYPE html>
        <html><head>{% seo %}{% include head.html %}</head>
        <body><header class="site-header">{{ site.title }} — {{ site.greeting }}</header>
        <nav>{% for p in site.pages %}{% if p.title %}<a class="nav" href="{{ p.url | relative_url }}">{{ p.title }}</a>{% endif %}{% endfor %}</nav>
        <main>{{ content }}</main></body></html>
        """,
        "_layouts/post.html": """
        ---
        layout: default
        ---
        <article class="post"><h1 class="post-title">{{ page.title }}</h1>{% for t in page.tags %}<span class="tag">{{ t }}</span>{% endfor %}{{ content }}</article>
        """,
        "_includes/head.html": "<link rel=\"stylesheet\" href=\"{{ '/assets/css/style.css' | relative_url }}\">",
        "_data/links.yml": "- {name: Home, url: /}\n- {name: Blog, url: /blog/}\n",
        "_posts/2020-01-02-hello.md": "---\ntitle: Hello\ntags: [swift, web]\n---\nFirst *post*.\n",
        "about.md": "---\nlayout: default\ntitle: About\npermalink: /about/\n---\nAbout me.\n",
        "links.html": "---\nlayout: default\n---\n{% for l in site.data.links %}<a class=\"data\" href=\"{{ l.url }}\">{{ l.name }}</a>{% endfor %}\n{% highlight swift %}\nlet x = 1\n{% endhighlight %}\n",
        "assets/css/style.scss": "---\n---\n$c: red;\nbody { color: $c; }\n",
    ]

    /// Text of every element matching `xpath` in the HTML file at `path`.
    func texts(_ path: URL, _ xpath: String) throws -> [String] {
        let data = try Data(contentsOf: path)
        let doc = data.withUnsafeBytes { raw in
            htmlReadMemory(raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(data.count), nil, "utf-8",
                           Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue))
        }
        guard let doc else { return [] }
        defer { xmlFreeDoc(doc) }
        guard let ctx = xmlXPathNewContext(doc) else { return [] }
        defer { xmlXPathFreeContext(ctx) }
        guard let result = xmlXPathEvalExpression(xpath, ctx) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval else { return [] }
        return (0..<Int(set.pointee.nodeNr)).compactMap { i in
            guard let node = set.pointee.nodeTab[i], let c = xmlNodeGetContent(node) else { return nil }
            defer { free(c) }
            return String(cString: c).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test func theThemeCarriesOverAtTheSameURLs() async throws {
        let source = try TempTree(files: Self.files)
        let site = TempTree.scratch()
        defer { source.cleanUp(); try? FileManager.default.removeItem(at: site) }
        let report = try await JekyllImport(source: source.root, destination: site).run()
        #expect(report.theme == .own)
        #expect(report.templates == 3)
        #expect(!report.leftovers.contains { $0.kind == .urlChanges }, "\(report.leftovers.filter { $0.kind == .urlChanges })")
        #expect(exists(site, "templates/default.liquid"))
        #expect(exists(site, "templates/partials/head.html.liquid"))
        #expect(exists(site, "data/links.yml"))
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site, now: fixedNow)).build()
        let out = site.appendingPathComponent("public")

        // Jekyll's URLs: the post in the `date` style, the page at its permalink, the HTML page as it was.
        let post = out.appendingPathComponent("2020/01/02/hello.html")
        #expect(try texts(post, "//article[@class='post']/h1[@class='post-title']") == ["Hello"])
        #expect(try texts(post, "//span[@class='tag']") == ["swift", "web"])
        #expect(try texts(post, "//header[@class='site-header']") == ["Own Theme — Hello there"])
        #expect(try texts(post, "//article//em") == ["post"])
        #expect(try texts(post, "//head/title") == ["Hello | Own Theme"])
        #expect(text(out, "2020/01/02/hello.html").contains("<link rel=\"stylesheet\" href=\"/assets/css/style.css\">"))
        let about = out.appendingPathComponent("about/index.html")
        #expect(try texts(about, "//nav/a[@class='nav']") == ["About"])
        #expect(try texts(about, "//main/p") == ["About me."])
        // A page whose body runs Liquid (over `site.data`) still does.
        #expect(try texts(out.appendingPathComponent("links.html"), "//a[@class='data']") == ["Home", "Blog"])
        // …and its `{% highlight %}` example is highlighted as Jekyll writes it, not dropped.
        #expect(try texts(out.appendingPathComponent("links.html"), "//figure[@class='highlight']/pre/code[@data-lang='swift']") == ["let x = 1"])
        #expect(!report.leftovers.contains { $0.text.contains("highlight") }, "\(report.leftovers)")
        // The Sass, compiled at import, at its URL; no pages of Galley's own.
        #expect(text(out, "assets/css/style.css").contains("color: red"))
        #expect(!exists(out, "tags/index.html"))
        #expect(!exists(out, "archive/index.html"))
    }

    @Test func galleyThemeIsStillThere() async throws {
        let source = try TempTree(files: Self.files)
        let site = TempTree.scratch()
        defer { source.cleanUp(); try? FileManager.default.removeItem(at: site) }
        let report = try await JekyllImport(source: source.root, destination: site, theme: .galley).run()
        #expect(report.theme == .galley)
        #expect(exists(site, "jekyll-leftovers/_layouts/default.liquid") || exists(site, "jekyll-leftovers/_layouts/default.html"))
        #expect(!exists(site, "templates/default.liquid"))
    }
}

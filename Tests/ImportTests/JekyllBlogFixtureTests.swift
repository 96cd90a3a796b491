import Check
import Foundation
import Import
import Site
import Testing

/// `Fixtures/jekyll-blog`: a Jekyll blog written by us with every construct a real one moved over with:
/// a CV front page with kramdown raw-HTML blocks and a Liquid layout, `paginate_path: /blog/page-:num/`,
/// a Liquid feed template at /blog/feed/index.xml, Sass and JS with front matter, drafts without front
/// matter, setext headings, relative links in excerpts, `notice:`, `date_format`, `default_lang`.
/// Imported and built with no hand edits; assertions are on the bytes written.
@Suite struct JekyllBlogFixtureTests {
    struct Imported {
        let source: TempTree
        let site: URL
        let report: JekyllImport.Report
        let build: BuildReport
        var out: URL { site.appendingPathComponent("public") }
        func cleanUp() { source.cleanUp(); try? FileManager.default.removeItem(at: site) }
    }

    func importAndBuild() async throws -> Imported {
        let source = try TempTree(fixture: "jekyll-blog")
        let site = TempTree.scratch()
        let report = try await JekyllImport(source: source.root, destination: site, theme: .galley).run()
        let build = try await SiteBuilder(options: BuildOptions(siteDirectory: site, now: fixedNow)).build()
        return Imported(source: source, site: site, report: report, build: build)
    }

    @Test func everyURLIsKept() async throws {
        let s = try await importAndBuild()
        defer { s.cleanUp() }
        // Jekyll's `pretty` style (/:categories/:year/:month/:day/:title/), categories as written, lowercased.
        let urls = ["index.html", "about/index.html", "images/pixel.gif",
                    "2010/05/01/hello-world/index.html", "deep dives/2012/03/10/chain-of-responsibility/index.html",
                    "deep dives/2013/07/01/deep-dive-two/index.html", "2026/01/02/kotlin-flows/index.html",
                    "2020/01/01/filler-1/index.html", "2020/06/01/filler-6/index.html", "2011/02/03/html-post/index.html",
                    "blog/index.html", "blog/page-2/index.html", "blog/feed/index.xml", "feed.xml"]
        for url in urls { #expect(exists(s.out, url), "\(url)") }
        // The CV keeps the front page, its raw HTML read as kramdown read it: the element whole (no code
        // block from the indented divs), Markdown again on the line after the iframe.
        let cv = text(s.out, "index.html")
        #expect(cv.contains("<div class=\"skillset\">\n    <div class=\"skill\">Swift</div>\n\n    <div class=\"skill\">Kotlin</div>\n"))
        #expect(cv.contains("</iframe>\n<p>Watch my <strong>talk</strong> above.</p>") && !cv.contains("<pre"))
        // The post list is where paginate_path put it, five a page.
        let blog = text(s.out, "blog/index.html")
        #expect(matches(#"<h2><a href="([^"]+)""#, in: blog) == ["/2026/01/02/kotlin-flows/", "/2020/06/01/filler-6/", "/2020/05/01/filler-5/",
                                                                 "/2020/04/01/filler-4/", "/2020/03/01/filler-3/"])
        #expect(blog.contains("href=\"/blog/page-2/\""))
        #expect(text(s.out, "blog/page-2/index.html").contains("href=\"/blog/\""))
        // A post Jekyll read as HTML is one here too (Liquid resolved).
        #expect(text(s.out, "2011/02/03/html-post/index.html").contains("<p>Some <em>HTML</em> from the Ana's engineering notes days.</p>"))
        // Nothing the user did not publish, nothing raw.
        for path in ["drafts", "README.html", "css/main.scss", "js/all.js", "blog/feed/index.html"] { #expect(!exists(s.out, path), "\(path)") }
        let all = try FileManager.default.subpathsOfDirectory(atPath: s.out.path).filter { $0.hasSuffix(".html") || $0.hasSuffix(".xml") }
        for path in all {
            let t = text(s.out, path)
            #expect(!t.contains("Half done") && !t.contains("The Drafts Section"), "draft in \(path)")
            #expect(!t.contains("{% for"), "Liquid in \(path)")
        }
        // The sitemap lists / once and no 404 page.
        let sitemap = text(s.out, "sitemap.xml")
        #expect(sitemap.components(separatedBy: "<loc>https://ana.example.org/</loc>").count == 2)
        #expect(sitemap.contains("<loc>https://ana.example.org/blog/</loc>"))
        #expect(!sitemap.contains("404"))
    }

    @Test func subscribersKeepTheirFeed() async throws {
        let s = try await importAndBuild()
        defer { s.cleanUp() }
        let feed = text(s.out, "blog/feed/index.xml")
        #expect(feed.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\""))
        #expect(feed.contains("<atom:link href=\"https://ana.example.org/blog/feed/index.xml\" rel=\"self\""))
        #expect(feed.components(separatedBy: "<item>").count - 1 == 11)   // every post: fewer than feed.items (20)
        #expect(feed.contains("<title>Kotlin flows for Swift developers</title>"))
        #expect(s.report.feeds == ["/blog/feed/index.xml"])
        let problems = await SiteChecker().check(paths: [s.out.appendingPathComponent("blog/feed/index.xml")])
        #expect(problems.filter { $0.severity == .error }.isEmpty, "\(problems)")
    }

    @Test func theBuildSaysWhatItCannotShow() async throws {
        let s = try await importAndBuild()
        defer { s.cleanUp() }
        // One warning: the include the import could not resolve, at the line the user wrote.
        #expect(s.build.warnings.map(\.description) == [
            "content/index.md:19:21: warning: Liquid is not run; `{% include social_links.html %}` shows as text\n"
            + "  hint: Galley does not run Liquid: write the value itself, or `\\{% include social_links.html %}` to show it as text on purpose",
        ])
        // Simple Liquid was resolved at import; {% raw %} text shows as written, with no warning.
        let about = text(s.out, "about/index.html")
        #expect(about.contains("About About. Written by Ana Ruiz; {{ x }} stays as text."))
        #expect(s.build.heldBack.map(\.source) == ["content/drafts/README.md", "content/drafts/half-done-idea.md"])
    }

    @Test func theImportListsWhatItLeftBehind() async throws {
        let s = try await importAndBuild()
        defer { s.cleanUp() }
        let lines = s.report.leftovers.map(\.description)
        func listed(_ prefix: String, _ fragment: String) -> Bool { lines.contains { $0.hasPrefix(prefix) && $0.contains(fragment) } }
        #expect(listed("_config.yml:18:", "`twitter_username` (read by _includes/social_links.html, _layouts/default.html)"))
        #expect(listed("content/index.md:2:", "the page uses Galley's `page` template: layout: cv"))
        // `notice:` is shown by Galley's post template now (a callout above the post), so it is not a leftover.
        #expect(!listed("content/posts/2012-03-10-chain-of-responsibility.md:5:", "`notice`"))
        let chain = text(s.out, "deep dives/2012/03/10/chain-of-responsibility/index.html")
        #expect(chain.contains("<p>This post is outdated; see the 2024 follow-up.</p></blockquote>"))
        // `redirect_from:` is carried over: the old URL gets a redirect page, and `_redirects` a 301.
        #expect(!listed("content/about.md:4:", "`redirect_from`"))
        #expect(text(s.out, "me/index.html").contains("<meta http-equiv=\"refresh\" content=\"0; url=/about/\">"))
        #expect(text(s.out, "_redirects").contains("/me/ /about/ 301"))
        #expect(listed("css/main.scss:", "not copied to the output"))
        #expect(listed("js/all.js:", "not copied to the output"))
        #expect(listed("blog/feed/index.xml:", "replaced by Galley's RSS feed at the same URL, /blog/feed/index.xml"))
        #expect(listed("content/index.md:19:", "{% include social_links.html %}"))
        let yml = text(s.site, "site.yml")
        for line in ["paginate: 5", "paginate_path: \"/blog/page-:num/\"", "date_format: \"%b %-d, %Y\"",
                     "fallback_language: \"swift\"", "html_blocks: kramdown", "- {path: \"/blog/feed/index.xml\", format: rss}"] {
            #expect(yml.contains(line), "\(line)")
        }
    }

    @Test func oldAnchorsKeepWorkingAndTheSiteChecksClean() async throws {
        let s = try await importAndBuild()
        defer { s.cleanUp() }
        // The ids Jekyll's kramdown gave (read off Jekyll 4.3.1's build of this fixture).
        let chain = text(s.out, "deep dives/2012/03/10/chain-of-responsibility/index.html")
        #expect(chain.contains("<h2 id=\"intro-to-the-cor-pattern\">") && chain.contains("<h1 id=\"title-two\">"))
        #expect(text(s.out, "2026/01/02/kotlin-flows/index.html").contains("<h3 id=\"\u{FE0F}-safety--ethics\">"))
        // `galley check` on the whole output: every page, feed, link and anchor.
        let problems = await SiteChecker().check(paths: [s.out])
        #expect(problems.filter { $0.severity == .error }.isEmpty, "\(problems)")
    }

    @Test func defaultLangIsAHintNotABlanketLabel() async throws {
        let s = try await importAndBuild()
        defer { s.cleanUp() }
        func languages(_ path: String) -> [String] { matches(#"<div class="language-([a-z-]+) highlighter-rouge""#, in: text(s.out, path)) }
        // Two lines alone in a post with no other code: too short to detect, and the hint (kramdown's
        // default_lang: swift) is a prior between close guesses, not a label: it stays plain (issue 33).
        #expect(languages("2010/05/01/hello-world/index.html") == ["plaintext"])
        // Detected as themselves; lldb output stays plain (Jekyll coloured all of these as Swift).
        #expect(languages("deep dives/2012/03/10/chain-of-responsibility/index.html") == ["swift", "objective-c", "plaintext"])
        #expect(languages("2026/01/02/kotlin-flows/index.html") == ["kotlin"])
    }

    @Test func datesLinksAndCategoriesReadAsBefore() async throws {
        let s = try await importAndBuild()
        defer { s.cleanUp() }
        // date_format "%b %-d, %Y", with the names of the post's language (`lang: es`; Jekyll wrote English ones).
        #expect(text(s.out, "2026/01/02/kotlin-flows/index.html").contains(">ene 2, 2026</time>"))
        #expect(text(s.out, "2026/01/02/kotlin-flows/index.html").contains("<html lang=\"es\">"))
        // An excerpt's relative links resolve from the post's URL on every list page.
        let page2 = text(s.out, "blog/page-2/index.html")
        #expect(page2.contains("href=\"/2010/05/01/hello-world/\""))
        #expect(page2.contains("href=\"/deep%20dives/2012/03/10/chain-of-responsibility/#intro-to-the-cor-pattern\""))
        // `category: Deep Dives` is one category, as in Jekyll.
        #expect(exists(s.out, "categories/deep-dives/index.html"))
        #expect(!exists(s.out, "categories/deep/index.html"))
    }
}

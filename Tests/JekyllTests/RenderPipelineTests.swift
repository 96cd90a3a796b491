import Foundation
import Testing
@testable import Jekyll
import Liquid
import Site

/// The render pipeline on small sites made in the test: errors and where they point, layouts, excerpts,
/// tags, plugins, and that a failed build leaves the previous output alone.
@Suite struct RenderPipelineTests {
    static let config = "title: T\ntimezone: UTC\n"

    @Test func liquidErrorPointsAtTheFileLineAfterFrontMatter() async throws {
        let site = try RenderFixture.site([
            "_config.yml": Self.config,
            "a.md": "---\ntitle: A\n---\nfine\n\n{{ 'x' | no_such_filter: }\n",
            "b.html": "---\n---\n{% include missing.html %}\n",
        ])
        guard case .failure(let failure) = await RenderFixture.build(site) else { Issue.record("build succeeded"); return }
        let files = failure.errors.map(\.file)
        #expect(files.contains("a.md"))
        #expect(files.contains("b.html"), "every error of the build is reported together")
        let b = try #require(failure.errors.first { $0.file == "b.html" })
        #expect(b.line == 3)
        #expect(b.message.contains("missing.html"))
    }

    @Test func errorInsideAnIncludeNamesTheChain() async throws {
        let site = try RenderFixture.site([
            "_config.yml": Self.config,
            "_includes/outer.html": "<p>\n{% include inner.html %}</p>\n",
            "_includes/inner.html": "line one\n{% if %}\n",
            "page.html": "---\n---\n\n{% include outer.html %}\n",
        ])
        guard case .failure(let failure) = await RenderFixture.build(site) else { Issue.record("build succeeded"); return }
        let e = try #require(failure.errors.first)
        #expect(e.file == "_includes/inner.html")
        #expect(e.line == 2)
        #expect(e.hint?.contains("page.html:4") == true, "\(e)")
    }

    @Test func anIncludeFailingOnManyPagesIsOneError() async throws {
        let site = try RenderFixture.site([
            "_config.yml": Self.config,
            "_includes/inner.html": "line one\n{{ 1 | divided_by: 0 }}\n",
            "c.html": "---\n---\n\n{% include inner.html %}\n",
            "a.html": "---\n---\n\n{% include inner.html %}\n",
            "b.html": "---\n---\n\n{% include inner.html %}\n",
        ])
        guard case .failure(let failure) = await RenderFixture.build(site) else { Issue.record("build succeeded"); return }
        let errors = failure.errors.filter { $0.file == "_includes/inner.html" }
        #expect(errors.count == 1, "\(failure.errors)")
        // Named by the first including page by path, whatever order the pages rendered in.
        #expect(errors.first?.hint?.contains("a.html:4") == true, "\(errors)")
        #expect(errors.first?.hint?.hasSuffix("(and 2 more pages)") == true, "\(errors)")
    }

    @Test func failedBuildLeavesPreviousOutput() async throws {
        let site = try RenderFixture.site(["_config.yml": Self.config, "index.html": "---\n---\nv1\n"])
        _ = try await RenderFixture.build(site).get()
        try "---\n---\n{% post_url 2020-01-01-nope %}\n".write(to: site.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        guard case .failure = await RenderFixture.build(site) else { Issue.record("build succeeded"); return }
        let kept = try String(contentsOf: site.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(kept == "v1\n")
    }

    @Test func layoutsChainWithMergedLayoutData() async throws {
        let site = try RenderFixture.site([
            "_config.yml": Self.config,
            "_layouts/base.html": "---\ncolor: red\nsize: big\n---\n[{{ layout.color }} {{ layout.size }}]{{ content }}[/base]",
            "_layouts/inner.html": "---\nlayout: base\ncolor: blue\n---\n<i>{{ layout.color }}</i>{{ content }}",
            "p.md": "---\nlayout: inner\n---\n{% assign v = 1 %}*x* {{ layout.color }}",
        ])
        _ = try await RenderFixture.build(site).get()
        let out = try String(contentsOf: site.appendingPathComponent("_site/p.html"), encoding: .utf8)
        #expect(out == "[blue big]<i>blue</i><p><em>x</em> blue</p>\n[/base]")
    }

    @Test func highlightTagWritesRougeFigure() async throws {
        let site = try RenderFixture.site([
            "_config.yml": Self.config,
            "c.html": "---\n---\n{% highlight ruby %}\nputs 1\n{% endhighlight %}|{% highlight text linenos %}\na\nb\n{% endhighlight %}",
        ])
        _ = try await RenderFixture.build(site).get()
        let out = try String(contentsOf: site.appendingPathComponent("_site/c.html"), encoding: .utf8)
        #expect(out.hasPrefix("<figure class=\"highlight\"><pre><code class=\"language-ruby\" data-lang=\"ruby\">"))
        #expect(out.contains("1</span></code></pre></figure>|"))
        #expect(out.contains("<table class=\"rouge-table\"><tbody><tr><td class=\"gutter gl\"><pre class=\"lineno\">1\n2\n</pre></td><td class=\"code\"><pre>a\nb\n</pre></td></tr></tbody></table></code></pre></figure>"))
    }

    @Test func codeSpansCarryRougeClassUnlessHighlightingIsOff() async throws {
        // Jekyll 4.3.1: <p>Some <code class="language-plaintext highlighter-rouge">code</code> here.</p>; with
        // `highlighter: none`: <p>Some <code>code</code> here.</p>
        for (extra, expected) in [("", "<code class=\"language-plaintext highlighter-rouge\">code</code>"), ("highlighter: none\n", "<code>code</code>")] {
            let site = try RenderFixture.site(["_config.yml": Self.config + extra, "a.md": "---\n---\nSome `code` here.\n"])
            _ = try await RenderFixture.build(site).get()
            let out = try String(contentsOf: site.appendingPathComponent("_site/a.html"), encoding: .utf8)
            #expect(out == "<p>Some \(expected) here.</p>\n")
        }
    }

    @Test func fencedCodeWrapperHasOnlyRougeClasses() async throws {
        // Jekyll 4.3.1: <div class="language-sh highlighter-rouge"><div class="highlight"><pre class="highlight"><code>gem …
        // (the tokens inside are Rouge's; Galley's lexers colour some words otherwise).
        let site = try RenderFixture.site(["_config.yml": Self.config, "a.md": "---\n---\n```sh\ngem install x\n```\n"])
        _ = try await RenderFixture.build(site).get()
        let out = try String(contentsOf: site.appendingPathComponent("_site/a.html"), encoding: .utf8)
        #expect(out.hasPrefix("<div class=\"language-sh highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>gem "))
    }

    @Test func markdownReaderWarningsReachTheBuildAtTheirFileLine() async throws {
        // kramdown reads `markdown="1"` on a block element inside raw HTML; Galley keeps the element raw and
        // says so, at the line in the file (front matter counted).
        let site = try RenderFixture.site([
            "_config.yml": Self.config,
            "a.md": "---\ntitle: A\n---\ntext\n\n<div class=\"note\">\n  <div markdown=\"1\">\n  Use `x`.\n  </div>\n</div>\n",
        ])
        let report = try await RenderFixture.build(site).get()
        #expect(report.warnings.contains { $0.file == "a.md" && $0.line == 7 && $0.message.contains("`markdown=` inside raw HTML") && $0.hint != nil })
    }

    @Test func unreadKramdownExtensionWarnsAtTheFileLine() async throws {
        // kramdown applies `{::options … /}`; Galley reads toc_levels only, leaves the line out as kramdown
        // does, and names the other options at the source line (front matter counted), with a hint.
        let site = try RenderFixture.site([
            "_config.yml": Self.config,
            "d.md": "---\ntitle: d\n---\nIntro\n\n{::options parse_block_html=\"true\" /}\n\nText\n",
        ])
        let report = try await RenderFixture.build(site).get()
        #expect(report.warnings.contains { $0.file == "d.md" && $0.line == 6 && $0.column == 1 && $0.message.contains("`parse_block_html`") && $0.hint != nil },
                "\(report.warnings)")
    }

    @Test func rubyPluginTagFailsNamingThePlugin() async throws {
        let site = try RenderFixture.site([
            "_config.yml": Self.config + "plugins: [jekyll-unknown-thing]\n",
            "_plugins/shout.rb": "module S\n  class Shout < Liquid::Tag\n  end\nend\nLiquid::Template.register_tag('shout', S::Shout)\n",
            "index.html": "---\n---\n{% shout hi %}\n",
        ])
        guard case .failure(let failure) = await RenderFixture.build(site) else { Issue.record("build succeeded"); return }
        #expect(failure.errors.contains { $0.message.contains("_plugins/shout.rb") && $0.file == "index.html" && $0.line == 3 })
        #expect(failure.diagnostics.contains { $0.severity == .warning && $0.message.contains("jekyll-unknown-thing") })
        #expect(failure.diagnostics.contains { $0.severity == .warning && $0.file == "_plugins/shout.rb" && $0.message.contains("`shout`") })
    }

    /// jekyll-coffeescript is not run: a `.coffee` page is written as Jekyll writes it without the plugin, never as
    /// CoffeeScript under the `.js` name a page loads, and the warning says so.
    @Test func coffeeScriptIsWrittenAsItIsNotUnderItsScriptName() async throws {
        let site = try RenderFixture.site([
            "_config.yml": Self.config + "plugins: [jekyll-coffeescript]\n",
            "assets/app.coffee": "---\n---\nclass A\n  hi: -> 1\n",
        ])
        let report = try await RenderFixture.build(site).get()
        let files = RenderFixture.files(in: site.appendingPathComponent("_site"))
        #expect(files.contains("assets/app.coffee") && !files.contains("assets/app.js"), "\(files)")
        #expect(report.warnings.contains { $0.message.contains("jekyll-coffeescript") && $0.message.contains("app.js") && $0.hint != nil })
    }

    /// A Gemfile's `github-pages` is GitHub's list of plugin versions: the warning says what is not added (its
    /// defaults), not that a plugin of that name is missing.
    @Test func githubPagesGemSaysWhatIsNotAdded() async throws {
        let site = try RenderFixture.site([
            "_config.yml": Self.config,
            "Gemfile": "source \"https://rubygems.org\"\ngem \"github-pages\", group: :jekyll_plugins\n",
            "index.md": "---\n---\nHello.\n",
        ])
        let report = try await RenderFixture.build(site).get()
        let pages = report.warnings.filter { $0.message.contains("github-pages") }
        #expect(pages.count == 1, "\(report.warnings)")
        #expect(pages.first?.message.contains("turns on by itself") == true && pages.first?.hint != nil)
        #expect(!pages.contains { $0.message.contains("Galley does not run; its tags") })
    }

    @Test func pluginHookAddsPagesVariablesAndFiles() async throws {
        struct Stamp: JekyllPlugin {
            var name: String { "stamp" }
            func generate(_ site: inout JekyllSiteSource) throws -> [SiteDiagnostic] {
                site.pages.append(JekyllSiteSource.generatedPage(path: "stamp.xml", url: "/stamp.xml",
                                                                 body: "<n>{{ site.posts | size }}</n>", source: site.config.source))
                return []
            }
            func variables(for document: JekyllDocument, site: JekyllSiteView) -> LiquidHash { LiquidHash([("stamp", "S")]) }
            func files(site: JekyllSiteView) throws -> [OutputFile] {
                [OutputFile(path: "extra.txt", data: Data("\(site.posts.count)".utf8), source: name)]
            }
        }
        let site = try RenderFixture.site([
            "_config.yml": Self.config,
            "_posts/2020-01-01-a.md": "---\n---\nA",
            "index.html": "---\n---\n{{ stamp }}",
        ])
        var options = JekyllBuildOptions(source: site)
        options.plugins = [Stamp()]
        _ = try await JekyllBuilder(options: options).build()
        let out = site.appendingPathComponent("_site")
        #expect(try String(contentsOf: out.appendingPathComponent("stamp.xml"), encoding: .utf8) == "<n>1</n>")
        #expect(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8) == "S")
        #expect(try String(contentsOf: out.appendingPathComponent("extra.txt"), encoding: .utf8) == "1")
    }

    /// jekyll-paginate 1.1 as Jekyll 4.3.1 runs it (expected text taken from its output).
    @Test func paginateSplitsPostsOverCopiesOfTheIndex() async throws {
        var files = ["_config.yml": Self.config + "paginate: 2\npaginate_path: \"/blog/page:num/\"\nplugins: [jekyll-paginate]\n",
                     "blog/index.html": "---\n---\n{{ paginator.page }}/{{ paginator.total_pages }}:{% for p in paginator.posts %}{{ p.title }},{% endfor %}"
                         + "prev={{ paginator.previous_page_path }} next={{ paginator.next_page_path }} n={{ paginator.total_posts }}\n"]
        for i in 1...5 { files["_posts/2020-01-0\(i)-p\(i).md"] = "---\ntitle: Post \(i)\n---\nBody \(i)\n" }
        let site = try RenderFixture.site(files)
        _ = try await RenderFixture.build(site).get()
        func page(_ path: String) throws -> String { try String(contentsOf: site.appendingPathComponent("_site/" + path), encoding: .utf8) }
        #expect(try page("blog/index.html") == "1/3:Post 5,Post 4,prev= next=/blog/page2/ n=5\n")
        #expect(try page("blog/page2/index.html") == "2/3:Post 3,Post 2,prev=/blog/ next=/blog/page3/ n=5\n")
        #expect(try page("blog/page3/index.html") == "3/3:Post 1,prev=/blog/page2/ next= n=5\n")
    }

    /// A `paginate_path` without a trailing slash (rubyonrails.org's `/blog/page/:num`): the copies are still
    /// folders with an index.html, their page.url ends in a slash, the paginator's paths are as written.
    @Test func paginatePathWithoutSlashWritesFolders() async throws {
        var files = ["_config.yml": Self.config + "paginate: 2\npaginate_path: \"/blog/page/:num\"\nplugins: [jekyll-paginate]\n",
                     "blog/index.html": "---\n---\n{{ page.url }} {{ paginator.page }}/{{ paginator.total_pages }}:{% for p in paginator.posts %}{{ p.title }},{% endfor %}"
                         + "prev={{ paginator.previous_page_path }} next={{ paginator.next_page_path }}\n"]
        for i in 1...5 { files["_posts/2020-01-0\(i)-p\(i).md"] = "---\ntitle: Post \(i)\n---\nBody\n" }
        let site = try RenderFixture.site(files)
        _ = try await RenderFixture.build(site).get()
        func page(_ path: String) throws -> String { try String(contentsOf: site.appendingPathComponent("_site/" + path), encoding: .utf8) }
        #expect(try page("blog/index.html") == "/blog/ 1/3:Post 5,Post 4,prev= next=/blog/page/2\n")
        #expect(try page("blog/page/2/index.html") == "/blog/page/2/ 2/3:Post 3,Post 2,prev=/blog/ next=/blog/page/3\n")
        #expect(try page("blog/page/3/index.html") == "/blog/page/3/ 3/3:Post 1,prev=/blog/page/2 next=\n")
    }

    @Test func excerptSourceClosesOpenBlocksAndKeepsReferences() {
        let body = "Intro {% if x %}a\n\nb{% endif %}\n\nSee [ref].\n\n[ref]: /r\n"
        #expect(ExcerptSource.extract(body, separator: "\n\n") == "Intro {% if x %}a\n{% endif %}")
        #expect(ExcerptSource.extract("One [ref].\n\nTwo\n\n[ref]: /r", separator: "\n\n") == "One [ref].\n\n[ref]: /r")
        #expect(ExcerptSource.extract("no separator", separator: "\n\n") == "no separator")
    }

    @Test func smartifyQuotesDashesAndKeepsTags() {
        #expect(Smartypants.convert("Use \"Jekyll\" --- it's <code>\"x\"</code>...") == "Use \u{201C}Jekyll\u{201D} \u{2014} it\u{2019}s <code>\"x\"</code>\u{2026}")
    }
}

import Foundation
import Testing
@testable import Site

/// The typed renderer (FastMustache over TemplateValue) must give swift-mustache's bytes.
@Suite struct FastTemplateTests {
    /// Loads `templates` (name → text) as a site would.
    static func load(_ templates: [String: String]) throws -> TemplateSet {
        let site = try FixtureSite(files: Dictionary(uniqueKeysWithValues: templates.map { ("templates/\($0.key).mustache", $0.value) }), withDefaults: false)
        defer { site.cleanUp() }
        let sink = DiagnosticSink()
        return try #require(TemplateSet.load(siteDirectory: site.root, diagnostics: sink), "\(sink.all)")
    }

    static func both(_ set: TemplateSet, _ name: String, _ value: TemplateValue) throws -> (fast: String, mustache: String) {
        let fast = try #require(set.fast, "typed renderer refused the templates")
        let f = try #require(try fast.render(name, value))
        return (f, set.library.render(value.any, withTemplate: name) ?? "<nil>")
    }

    static let context: TemplateValue = .map([
        "site": .map(["title": .string("Tom & Jerry's <blog>"), "year": .int(2026), "menu": .maps([
            ["title": .string("Home"), "url": .string("/")], ["title": .string("About \"us\""), "url": .string("/about/")]])]),
        "page": .map(["title": .string("Café <b>"), "isPost": .bool(true), "draft": .bool(false), "ratio": .double(0.5),
                      "count": .int(0), "empty": .string(""), "none": .list([]),
                      "tags": .maps([["name": .string("a<b"), "url": .string("/t/a/")], ["name": .string("é&'"), "url": .string("/t/e/")],
                                     ["name": .string("c"), "url": .string("/t/c/")]]),
                      "content": .string("<p>raw & \"html\"</p>\n<p>two</p>\n"),
                      "combining": .string("<\u{301}x & y\u{301}>"),
                      "crlf": .string("a\r\n"), "nl": .string("line1\nline2\n")]),
        "posts": .list([.string("x"), .string("y")]),
    ])

    @Test func variablesSectionsAndEscapingMatch() throws {
        let templates = [
            "t": """
            {{site.title}} {{{site.title}}} {{&site.title}} {{site.year}} {{page.ratio}} {{page.isPost}} {{page.missing}}x
            {{#page.tags}}<a href="{{url}}">{{name}}</a>{{^last()}}, {{/last()}}{{#first()}}[first]{{/first()}}{{index()}}{{/page.tags}}
            {{^page.none}}no items{{/page.none}}{{#page.none}}never{{/page.none}}
            {{#page.isPost}}post{{/page.isPost}}{{^page.draft}}published{{/page.draft}}{{#page.draft}}draft{{/page.draft}}
            {{#page.empty}}empty string is truthy{{/page.empty}}{{#page.count}}zero is truthy {{.}}{{/page.count}}
            {{#page}}{{title}} {{site.title}} {{.title}}|{{/page}}
            {{#posts}}{{.}}:{{title}}{{site.year}};{{/posts}}
            {{page.combining}} {{page.crlf}} {{page.nl}}
            {{#first(page.tags)}}{{name}}{{/first(page.tags)}} {{#last(page.tags)}}{{name}}{{/last(page.tags)}}
            {{count(page.tags)}} {{#empty(page.none)}}none{{/empty(page.none)}} {{uppercased(page.title)}} {{lowercased(site.title)}}
            {{capitalized(page.title)}} {{reversed(page.title)}} {{plusone(site.year)}} {{minusone(site.year)}} {{#even(site.year)}}even{{/even(site.year)}}
            {{#reversed(page.tags)}}{{name}}{{/reversed(page.tags)}} {{#first(reversed(page.tags))}}{{name}}{{/first(reversed(page.tags))}}
            {{^empty(.)}}ctx{{/empty(.)}} {{#page.title}}{{.}}{{/page.title}} {{empty(page.title)}} {{equalzero(page.count)}}
            {{page.title.length}} {{page.tags.count}} {{site.menu.title}} {{#site.menu}}{{title}}={{url}} {{/site.menu}}
            """,
        ]
        let set = try Self.load(templates)
        let (fast, mustache) = try Self.both(set, "t", Self.context)
        #expect(fast == mustache)
        #expect(fast.contains("Tom &amp; Jerry&#39;s &lt;blog&gt;"))
    }

    @Test func partialsLayoutsBlocksAndIndentationMatch() throws {
        let templates = [
            "base": "<html>\n<title>{{$title}}{{site.title}}{{/title}}</title>\n<body>\n  {{$main}}default main{{/main}}\n</body>\n</html>\n",
            "partials/item": "<li>\n{{name}}\n</li>\n",
            "partials/list": "<ul>\n  {{#page.tags}}\n  {{>partials/item}}\n  {{/page.tags}}\n</ul>\n",
            "page": "{{<base}}\n{{$title}}{{page.title}} · {{site.title}}{{/title}}\n{{$main}}\n<h1>{{page.title}}</h1>\n  {{>partials/list}}\n{{{page.nl}}}\n  {{page.crlf}}\n  {{>partials/list}}\n{{/main}}\n{{/base}}\n",
            "outer": "{{<page}}{{$title}}outer title{{/title}}{{/page}}",
            "plain": "before\n  {{>partials/item}}\nafter {{$missing}}fallback{{/missing}}\n",
        ]
        let set = try Self.load(templates)
        for name in templates.keys {
            let (fast, mustache) = try Self.both(set, name, Self.context)
            #expect(fast == mustache, "\(name)")
        }
    }

    @Test func listsAndMapsAsTextFallBackToSwiftMustache() throws {
        let set = try Self.load(["t": "{{page.none}} {{#site.menu}}{{.}}{{/site.menu}}"])
        #expect(throws: FastMustache.Unsupported.self) { _ = try set.fast?.render("t", Self.context) }
        // TemplateSet.render still answers, through swift-mustache.
        #expect(set.render("t", Self.context) == set.library.render(Self.context.any, withTemplate: "t"))
    }

    @Test func escapingMatchesSwiftMustacheCharacterByCharacter() {
        let samples = ["", "plain", "<>&\"'", "a<b>c", "é<", "<é", "<\u{301}", "x&\u{200D}y", "\u{0600}<", "👍🏽&👍", "'\"'", "&amp;", "a\r\n<"]
        for s in samples {
            var out = ""
            HTMLEscape.append(s, to: &out)
            #expect(out == HTMLEscape.characterEscape(s), "\(s.debugDescription)")
            // And the same as swift-mustache's own escaping, through a template.
        }
    }

    @Test func defaultThemeBuildsTheSameBytesWithEitherRenderer() async throws {
        var files = Dictionary(uniqueKeysWithValues: DefaultTheme.files.map { ("templates/\($0.key)", $0.value) })
        files["site.yml"] = FixtureSite.siteYML + "\nmenu:\n  - title: About\n    url: /about/\n"
        files["content/about.md"] = "---\ntitle: About <us>\nparams_x: 1\n---\n# About\n\nText & more.\n"
        for i in 1...7 {
            files["content/posts/2026-0\(i)-0\(i)-post-\(i).md"] = """
            ---
            title: "Post \(i): <quotes> & 'more'"
            tags: [swift, "c++", perf\(i % 3)]
            categories: [Engineering]
            description: Post number \(i) & friends
            \(i % 2 == 0 ? "image: /images/p.png" : "updated: 2026-08-0\(i)")
            ---
            Intro paragraph with *emphasis* for post \(i).

            ## A heading

            ```swift
            let x = \(i)
            ```
            """
        }
        let site = try FixtureSite(files: files, withDefaults: false)
        defer { site.cleanUp() }
        let sink = DiagnosticSink()
        let set = try #require(TemplateSet.load(siteDirectory: site.root, diagnostics: sink))
        #expect(set.fast != nil, "the default theme should render with the typed renderer")
        _ = try await site.build()
        let fast = site.snapshot()
        try FileManager.default.removeItem(at: site.output)
        _ = try await TemplateSet.$swiftMustacheOnly.withValue(true) { try await site.build() }
        let slow = site.snapshot()
        #expect(fast.count > 10 && fast.keys.sorted() == slow.keys.sorted())
        for (path, data) in fast where slow[path] != data {
            Issue.record("\(path) differs between the typed renderer and swift-mustache")
        }
    }
}

import Foundation
import Testing
@testable import Jekyll
import Liquid
import Site

/// jemoji. Debian packages neither jemoji nor html-pipeline, so there is no Ruby oracle here: the expected
/// strings follow jemoji 0.13's source and spec (`spec/jemoji_spec.rb`: `:+1:` becomes
/// `<img class="emoji" title=":+1:" alt=":+1:" src="https://github.githubassets.com/images/icons/emoji/unicode/1f44d.png" height="20" width="20">`)
/// and html-pipeline 2's EmojiFilter (attribute order, `pre`/`code`/`tt` skipped, `File.join` of the root).
@Suite struct EmojiPluginTests {
    static let thumbs = "<img class=\"emoji\" title=\":+1:\" alt=\":+1:\" src=\"https://github.githubassets.com/images/icons/emoji/unicode/1f44d.png\" height=\"20\" width=\"20\">"

    @Test func tableHasGemojiAliases() throws {
        let table = EmojiEntry.byAlias
        #expect(table.count == 1913)
        #expect(table["+1"]?.characters == "\u{1F44D}" && table["thumbsup"]?.stem == "1f44d")
        // gemoji's image name drops U+FE0F and U+200D from the code points.
        let heart = try #require(table["heart"])
        #expect(heart.characters == "\u{2764}\u{FE0F}" && heart.stem == "2764")
        #expect(table["family_man_woman_boy"]?.stem == "1f468-1f469-1f466")
        #expect(table["no_such_emoji"] == nil)
    }

    @Test func aliasesReplacedOutsideCodeAndUnknownLeft() {
        let root = EmojiPlugin.githubAssetRoot
        #expect(EmojiPlugin.process("<p>:+1:</p>", root: root) == "<p>\(Self.thumbs)</p>")
        #expect(EmojiPlugin.process("<p>a :+1: <code>:+1:</code> <pre>:smile:</pre> <tt>:+1:</tt> :nope: :+1:</p>", root: root)
            == "<p>a \(Self.thumbs) <code>:+1:</code> <pre>:smile:</pre> <tt>:+1:</tt> :nope: \(Self.thumbs)</p>")
        // Colons without a known alias between them: untouched, not even re-serialised.
        #expect(EmojiPlugin.process("<p class='x'>at 10:30: :Smile: ::</p>", root: root) == "<p class='x'>at 10:30: :Smile: ::</p>")
        // A colon that ends an unknown name can start a known one; case matters.
        #expect(EmojiPlugin.process("<p>x:y:+1:</p>", root: root) == "<p>x:y\(Self.thumbs)</p>")
    }

    @Test func canonicalTagsSkipReserialising() {
        for tag in ["<p>", "</p>", "<a href=\"x\" class=\"y\">", "<h1 id=\"a-b\">", "<div data-x=\"1 2\">"] {
            #expect(PluginHTML.isCanonical(tag[...]) && PluginHTML.serialize(tag[...]) == tag)
        }
        for (tag, out) in [("<P>", "<p>"), ("<br/>", "<br>"), ("<a href='x'>", "<a href=\"x\">"), ("<a  href=\"x\">", "<a href=\"x\">"),
                           ("<a href=\"?a&b\">", "<a href=\"?a&amp;b\">"), ("<input disabled>", "<input disabled>"), ("</P >", "</p>")] {
            #expect(!PluginHTML.isCanonical(tag[...]) || tag == out)
            #expect(PluginHTML.serialize(tag[...]) == out)
        }
    }

    @Test func assetRootFromConfigOrEnvironment() {
        #expect(EmojiPlugin.assetRoot(nil, environment: [:]) == "https://github.githubassets.com/images/icons/")
        #expect(EmojiPlugin.assetRoot(nil, environment: ["ASSET_HOST_URL": "https://assets.github.vm/"]) == "https://assets.github.vm/images/icons/")
        #expect(EmojiPlugin.assetRoot(nil, environment: ["ASSET_HOST_URL": ""]) == "https://github.githubassets.com/images/icons/")
        let config: Value = .hash(LiquidHash([("src", "http://mine.club/")]))
        #expect(EmojiPlugin.assetRoot(config, environment: ["ASSET_HOST_URL": "https://x"]) == "http://mine.club/")
        // File.join adds the separator a root without a trailing slash lacks.
        #expect(EmojiPlugin.imageTag(alias: "+1", stem: "1f44d", root: "http://mine.club").contains("src=\"http://mine.club/emoji/unicode/1f44d.png\""))
    }

    @Test func siteBuildEmojifiesHTMLOnly() async throws {
        let site = try RenderFixture.site([
            "_config.yml": "title: T\ntimezone: UTC\nplugins: [jemoji]\nemoji:\n  src: http://mine.club/\n"
                + "collections:\n  docs:\n    output: true\n  secret: {}\n",
            "_layouts/default.html": "<html><head><title>:+1:</title></head><body class=\"a\">\n{{ content }}</body></html>\n",
            "_posts/2014-03-08-code-block.md": "---\nlayout: default\n---\n\n```ruby\nputs \":smile: every day\"\n```\n\n:+1: and :not_an_emoji:\n",
            "index.md": "---\n---\n:+1:",
            "_docs/file.md": "---\n---\n:+1:",
            "_docs/plain.txt": "---\n---\n:+1:",
            "_secret/file.md": "---\n---\n:+1:",
            "filter.txt": "---\n---\n{{ ':+1: :nope:' | emojify }}",
        ])
        _ = try await RenderFixture.build(site).get()
        func read(_ path: String) throws -> String { try String(contentsOf: site.appendingPathComponent("_site/" + path), encoding: .utf8) }
        let mine = Self.thumbs.replacingOccurrences(of: "https://github.githubassets.com/images/icons/", with: "http://mine.club/")
        let post = try read("2014/03/08/code-block.html")
        #expect(post.hasPrefix("<html><head><title>:+1:</title></head><body class=\"a\">\n"), "only the body is processed")
        #expect(post.contains("<p>\(mine) and :not_an_emoji:</p>"))
        #expect(post.contains("&quot;:smile: every day&quot;") || post.contains("\":smile: every day\""))
        #expect(!post.contains("title=\":smile:\""))
        #expect(try read("index.html") == "<p>\(mine)</p>\n")
        #expect(try read("docs/file.html") == "<p>\(mine)</p>\n")
        #expect(try read("docs/plain.txt") == ":+1:")
        #expect(try read("filter.txt") == "\(mine) :nope:")
    }
}

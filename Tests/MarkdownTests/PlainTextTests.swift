import Testing
import TestSupport
@testable import Markdown

/// `MarkdownOptions.plainText`: the renderer's own text, with code blocks taken from their source,
/// equals the text read back from the HTML it wrote (what the search index used to read).
@Suite struct PlainTextTests {
    /// Like a highlighter: a span around each space-separated piece, entities for `<`, `&`, `"`.
    static let highlighting: CodeBlockRenderer = { block in
        let pieces = block.code.split(separator: " ", omittingEmptySubsequences: false)
        let code = pieces.map { "<span class=\"k\">" + escapeHTML(String($0)) + "</span>" }.joined(separator: " ")
        return "<div class=\"highlight\"><pre class=\"highlight\" tabindex=\"0\"><code>" + code + "</code></pre></div>\n"
    }

    @Test func textEqualsTheTextOfTheHTML() {
        var rng = SplitMix(seed: 19)
        let blocks = ["Some *emphasis* and `co<de>` here, “quoted”.\n", "```swift\nlet a = b < c && d > \"e\"\n  indented\tline &amp;\n```\n",
                      "A [link](/x/) & more.[^1]\n", "[^1]: The note with `code`.\n", "    indented code\n    second\n",
                      "> quote with **bold**\n>\n> ```\n> quoted code\n> ```\n", "| a | b |\n|---|---|\n| 1 | `2` |\n", "# Heading {#h}\n",
                      "- item one\n- item two\n\n  ```sh\n  nested code\n  ```\n", "<div>raw <em>html</em></div>\n",
                      "```swift tab=\"Swift\"\nlet x = 1\n```\n```kotlin tab=\"Kotlin\"\nval x = 1\n```\n", "```\n\n  leading blank\n\n```\n",
                      "Text with&nbsp;entity and <sup>2</sup>.\n",
                      // White space the eight-byte steps must stop at: doubled, tabs, CR, form feed, `!` after a space.
                      "```\nif !ready  &&  !done {\r\n\treturn value!\u{0C}y }   \n  !!  ! !a  a long line of words to cover whole eight-byte steps\n```\n"]
        var options = MarkdownOptions()
        options.plainText = true
        for hook in [Self.highlighting, nil] {
            let renderer = MarkdownRenderer(options: options, codeBlockRenderer: hook)
            for _ in 0..<300 {
                var md = ""
                for _ in 0..<(1 + rng.below(8)) { md += blocks[rng.below(blocks.count)] + "\n" }
                let doc = renderer.render(md)
                #expect(doc.text == plainText(fromHTML: Array(doc.html.utf8)), "\(md)")
            }
        }
        #expect(MarkdownRenderer().render("word").text == nil, "off by default: no text, no cost")
    }
}

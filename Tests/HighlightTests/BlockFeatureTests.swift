import Testing
@testable import Highlight

/// Code block chrome: wrapper, line numbers, highlighted lines, title, diff-<lang>, inline styles, themes.
@Suite struct BlockFeatureTests {
    let h = Highlighter()

    @Test func rougeWrapper() {
        let block = h.highlight("let x = 1\n", language: "swift")
        #expect(block.html.hasPrefix("<div class=\"language-swift highlighter-rouge\" data-lang=\"swift\"><div class=\"highlight\"><pre class=\"highlight\"><code>"))
        #expect(block.html.hasSuffix("</code></pre></div></div>\n"))
        #expect(block.html.contains("<span class=\"kd\">let</span> <span class=\"nv\">x</span>"))
        #expect(block.language == "swift" && block.languageKnown)
    }

    @Test func lineNumbersAreCSSCountersNotText() {
        let block = h.highlight("a\nb\nc\n", language: "plaintext", options: HighlightOptions(lineNumbers: true, highlightedLines: [2]))
        #expect(block.html.contains("<pre class=\"highlight numbered\">"))
        #expect(block.html.contains("<span class=\"line\">a</span>\n<span class=\"line hll\">b</span>\n<span class=\"line\">c</span>\n"))
        // No digits were added to the code: copying it gives the code only.
        #expect(InvariantTests.plain(block.html) == Array("a\nb\nc\n".utf8))
        let css = Highlighter.css(theme: "galley")!
        #expect(css.contains("counter-increment: line") && css.contains("user-select: none"))
    }

    @Test func spansNeverCrossLinesInLineMode() {
        let code = "/* one\ntwo */\nlet s = \"\"\"\nx\n\"\"\"\n"
        let html = h.highlight(code, language: "swift", options: HighlightOptions(highlightedLines: [1])).html
        for line in html.split(separator: "\n").dropLast() where line.contains("class=\"line") {
            let u = Array(line.utf8)
            #expect(InvariantTests.count(u, "<span") == InvariantTests.count(u, "</span>"), "\(line)")
        }
    }

    @Test func titleAndLabel() {
        let html = h.highlight("x", language: "swift", options: HighlightOptions(title: "Store <1>.swift")).html
        #expect(html.contains("<div class=\"code-title\">Store &lt;1&gt;.swift</div>"))
        #expect(html.contains("data-lang=\"swift\""))
    }

    @Test func diffWithLanguage() {
        let code = " let a = 1\n-let b = 2\n+let b = 3\n"
        let block = h.highlight(code, language: "diff-swift")
        #expect(block.language == "diff-swift")
        #expect(block.html.contains("<span class=\"line gd\"><span class=\"gd\">-</span><span class=\"kd\">let</span>"))
        #expect(block.html.contains("<span class=\"line gi\"><span class=\"gi\">+</span><span class=\"kd\">let</span>"))
        let plain = h.highlight("-a\n+b\n", language: "diff").html
        #expect(plain.contains("<span class=\"gd\">-a\n</span><span class=\"gi\">+b\n</span>"))
    }

    @Test func inlineStylesForFeeds() {
        let html = h.highlight("let x = \"s\"\n", language: "swift", options: HighlightOptions(inlineStyles: true)).html
        #expect(!html.contains("class=\"kd\""))
        #expect(html.contains("<span style=\"color:"))
        #expect(html.contains("<pre class=\"highlight\" style=\"background-color:"))
    }

    @Test func themes() {
        #expect(Highlighter.themeNames.contains("galley"))
        let css = Highlighter.css(theme: "galley")!
        #expect(css.contains("@media (prefers-color-scheme: dark)"))
        #expect(css.contains(".highlight .k { color: var(--hl-k)"))
        #expect(css.contains(".highlight .kd { color: var(--hl-kd)") || css.contains(".highlight .kd {"))
        #expect(Highlighter.css(theme: "galley-dark")!.contains(".highlight .s2 {"))
        #expect(Highlighter.css(theme: "nope") == nil)
    }

    @Test func languageListAndLookups() {
        let names = Highlighter.languages.map(\.name)
        #expect(names.count >= 35)
        for needed in ["swift", "kotlin", "java", "objective-c", "c", "cpp", "csharp", "go", "rust", "python", "ruby", "javascript", "typescript", "jsx", "tsx", "dart", "groovy", "scala", "php", "bash", "console", "powershell", "json", "yaml", "toml", "xml", "html", "css", "scss", "sql", "diff", "dockerfile", "makefile", "markdown", "graphql", "protobuf", "ini", "plaintext"] {
            #expect(names.contains(needed), "\(needed)")
        }
        #expect(Highlighter.language(forExtension: "kts")?.name == "kotlin")
        #expect(h.highlightSpans("x", language: "nope") == nil)
    }
}

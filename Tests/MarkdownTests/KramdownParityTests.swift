import Testing
@testable import Markdown

/// Families of differences found comparing real Jekyll sites' output with Galley's. Each expected string
/// is kramdown 2.4.0's output with Jekyll's options (GFM input, `hard_wrap: false`, smart quotes), pasted
/// from running it on the Markdown beside it; compared with whitespace between tags taken out.
@Suite struct KramdownParityTests {
    @Test(arguments: [
        // A line starting with a span-level element is paragraph text in kramdown (smart quotes and all),
        // not the start of a raw HTML block as in CommonMark.
        ("spanTagLinesInMarkdownBlock", "<aside markdown=\"1\" class=\"q\">\n  <img src=\"a.png\" alt=\"A\" />\n  <i>\n  I am the \"inventor\"...really\n  </i>\n</aside>\n",
         "<aside class=\"q\">\n  <p><img src=\"a.png\" alt=\"A\" />\n  <i>\n  I am the “inventor”…really\n  </i></p>\n</aside>\n"),
        ("spanTagLineWithSpanIAL", "<span class=\"fs-6\">\n[Big](https://x.com){: .btn }\n</span>\n",
         "<p><span class=\"fs-6\">\n<a href=\"https://x.com\" class=\"btn\">Big</a>\n</span></p>\n"),
        // Inside a block element (raw) and in code, nothing changes.
        ("spanTagInRawBlock", "<div>\n<span>\"raw\"</span>\n</div>\n",
         "<div>\n<span>\"raw\"</span>\n</div>\n"),
        // A class on a quote or a paragraph is only a class (no callout title), and `[!NOTE]` is text.
        ("classesAreNotCallouts", "{: .warning }\n> A \"quote\"\n\nText\n{: .warning }\n\n> [!NOTE]\n> x\n",
         "<blockquote class=\"warning\">\n  <p>A “quote”</p>\n</blockquote>\n\n<p class=\"warning\">Text</p>\n\n<blockquote>\n  <p>[!NOTE]\nx</p>\n</blockquote>\n"),
        // `markdown="1"` on `<p>` reads spans only: a line starting `- ` is a dash, not a list.
        ("spanContentHasNoBlocks", "<aside markdown=\"1\" class=\"pquote\">\n  <img src=\"a.png\" class=\"pquote-avatar\" alt=\"avatar\" />\n  Some text here.\n  <p markdown=\"1\" class=\"pquote-credit\">\n- @mavris, [\"x\"](https://e.com)\n  </p>\n</aside>\n",
         "<aside class=\"pquote\">\n  <p><img src=\"a.png\" class=\"pquote-avatar\" alt=\"avatar\" />\n  Some text here.</p>\n  <p class=\"pquote-credit\">\n- @mavris, <a href=\"https://e.com\">“x”</a>\n  </p>\n</aside>\n"),
        // A quote right after `...` or an emphasis opener, as kramdown decides it (from what follows).
        ("quotesAfterEllipsis", "a...\" b\n\nc...\"x\n\nd...\") e\n\n_f...\"_\n\n*g...\"*\n\nh...'s\n\n_\"...i\"_ j\n\n*\"...k\"* l\n\nm...\"\n",
         "<p>a…” b</p>\n\n<p>c…“x</p>\n\n<p>d…”) e</p>\n\n<p><em>f…“</em></p>\n\n<p><em>g…”</em></p>\n\n<p>h…’s</p>\n\n<p><em>“…i”</em> j</p>\n\n<p><em>“…k”</em> l</p>\n\n<p>m…”</p>\n"),
        ("quotesAfterEmphasisOpener", "_\"¿Qué pasos?\"_ a\n\nb _\"¡X!\"_\n\nc *\"'Nie' jest\"* d\n\n_\"(x)\"_ e\n\n_\"a\"_ f\n\n_\"(-)\"_ g\n",
         "<p><em>“¿Qué pasos?”</em> a</p>\n\n<p>b <em>“¡X!”</em></p>\n\n<p>c <em>“‘Nie’ jest”</em> d</p>\n\n<p><em>“(x)”</em> e</p>\n\n<p><em>“a”</em> f</p>\n\n<p><em>”(-)”</em> g</p>\n"),
        // A span IAL right after an inline HTML element's end tag goes on the element (just-the-docs' labels).
        ("spanIALAfterHTMLElement", "b <span>New</span>{: .label } c <a href=\"/x\">y</a>{: #z}\n\n`<span>x</span>{: .y}`\n",
         "<p>b <span class=\"label\">New</span> c <a href=\"/x\" id=\"z\">y</a></p>\n\n<p><code>&lt;span&gt;x&lt;/span&gt;{: .y}</code></p>\n"),
        // Table cells: alignment as a style, an empty cell holds a space (kramdown 2.4).
        ("tableAlignmentAndEmptyCells", "| a |  | c |\n|:-:|--:|---|\n| x |  | |\n",
         "<table>\n  <thead>\n    <tr>\n      <th style=\"text-align: center\">a</th>\n      <th style=\"text-align: right\"> </th>\n      <th>c</th>\n    </tr>\n  </thead>\n  <tbody>\n    <tr>\n      <td style=\"text-align: center\">x</td>\n      <td style=\"text-align: right\"> </td>\n      <td> </td>\n    </tr>\n  </tbody>\n</table>\n"),
        ("quotesInTagsAndCodeStay", "<a title=\"wait...\">x</a> `c...\"_`",
         "<p><a title=\"wait...\">x</a> <code>c...\"_</code></p>\n"),
        // A line that is only a block IAL ends its paragraph and applies to the lines before it (just-the-docs'
        // typography page); kramdown 2.4 with hard_wrap off.
        ("ialLineEndsParagraph", "Font size 1\n{: .fs-1 }\nFont size 2\n{: .fs-2 }\nFont size 3\n\n<div markdown=\"1\">\nWeight 300\n{: .fw-300 }\nWeight 400\n{: .fw-400 }\n</div>\n\na\n{: #x .y }\nb\nc\n",
         "<p class=\"fs-1\">Font size 1</p>\n<p class=\"fs-2\">Font size 2</p>\n<p>Font size 3</p>\n\n<div>\n  <p class=\"fw-300\">Weight 300</p>\n  <p class=\"fw-400\">Weight 400</p>\n</div>\n\n<p id=\"x\" class=\"y\">a</p>\n<p>b\nc</p>\n"),
        // `{::options toc_levels="2..3" /}` writes nothing and limits the table of contents (kramdown 2.4).
        ("optionsTocLevels", "{::options toc_levels=\"2..3\" /}\n\n* toc\n{:toc}\n\n# A\n\n## B\n\n### C\n\n#### D\n",
         "\n<ul id=\"markdown-toc\">\n  <li><a href=\"#b\" id=\"markdown-toc-b\">B</a>\n    <ul>\n      <li><a href=\"#c\" id=\"markdown-toc-c\">C</a></li>\n    </ul>\n  </li>\n</ul>\n\n<h1 id=\"a\">A</h1>\n\n<h2 id=\"b\">B</h2>\n\n<h3 id=\"c\">C</h3>\n\n<h4 id=\"d\">D</h4>\n"),
        // Task lists: kramdown's classes on the list and on all its items; no blank after the box.
        ("taskList", "- [ ] hello\n- [x] done\n- plain\n",
         "<ul class=\"task-list\">\n  <li class=\"task-list-item\"><input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled=\"disabled\" />hello</li>\n  <li class=\"task-list-item\"><input type=\"checkbox\" class=\"task-list-item-checkbox\" disabled=\"disabled\" checked=\"checked\" />done</li>\n  <li class=\"task-list-item\">plain</li>\n</ul>\n"),
    ])
    func matchesKramdown(name: String, markdown: String, kramdown: String) {
        let doc = render(markdown, KramdownTests.options)
        #expect(KramdownTests.normalized(doc.html) == KramdownTests.normalized(kramdown), "\(name)")
        #expect(!doc.html.contains("galley-span"), "\(name)")
    }

    @Test func spanTagLineInCodeStaysCode() {
        // kramdown 2.4: <pre><code>&lt;i&gt;\n"code"\n</code></pre>
        let out = html("```\n<i>\n\"code\"\n```\n", KramdownTests.options)
        #expect(out.contains("<code>&lt;i&gt;\n&quot;code&quot;\n</code>"))
        #expect(!out.contains("galley-span"))
    }

    @Test func spanContentKeepsInlineMarkup() {
        // kramdown 2.4: <p>\n<em>a</em> <strong>b</strong> <code>c</code>\n# d\n1. e\n</p>
        #expect(html("<p markdown=\"1\">\n*a* **b** `c`\n# d\n1. e\n</p>", KramdownTests.options)
                == "<p>\n<em>a</em> <strong>b</strong> <code>c</code>\n# d\n1. e\n</p>\n")
    }

    @Test func headingsInsideMarkdownBlocksGetKramdownsBasicIDs() {
        // kramdown 2.4 (GFM input): the GFM ids outside; kramdown's ASCII ids inside `markdown="1"` elements:
        // zażółć-a, za-a, za-b, section, section-1, in-list, then فهم outside again.
        let md = "## Zażółć a\n\n<div dir=\"rtl\" markdown=\"1\">\n\n## Zażółć a\n\n## 1 Zażółć b\n\n## فهم\n\n## فهم\n\n* x\n\n  ## In list\n\n</div>\n\n## فهم\n"
        let ids = render(md, KramdownTests.options).html.split(separator: "id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(ids == ["zażółć-a", "za-a", "za-b", "section", "section-1", "in-list", "فهم"])
    }

    @Test func unreadKramdownSyntaxWarnsOnceAtItsLine() {
        // kramdown 2.4 writes <dl><dt>Term</dt><dd>Desc</dd></dl> (read here too: KramdownDefinitionTests) and
        // applies `{::options}`; Galley reads toc_levels (no warning), names other options, and writes other
        // extensions as text, saying so once, not inside code.
        let doc = render("Term\n: Desc\n\nT2\n: D2\n\n{::options toc_levels=\"2..4\" /}\n\n{::options auto_ids=\"false\" /}\n\n{::foo}\n\n```\n{::options x /}\n```\n", KramdownTests.options)
        let unread = doc.diagnostics.filter { $0.message.contains("not applied") || $0.message.contains("not read") }
        #expect(unread.map(\.line) == [9, 11])
        #expect(!doc.html.contains("toc_levels") && !doc.html.contains("auto_ids"))
        #expect(doc.html.contains("<dl>"))
        #expect(render("```\n{::options x /}\n```\n", KramdownTests.options).diagnostics.isEmpty)
        #expect(render("{::comment}\nx\n{:/comment}\n", KramdownTests.options).diagnostics.isEmpty)
    }

    @Test func tableOfContentsKeepsTheOrderedListType() {
        // kramdown 2.4: <ol id="markdown-toc">\n  <li><a href="#a" id="markdown-toc-a">A</a>    <ol>\n
        //   <li><a href="#b" id="markdown-toc-b">B</a></li>\n    </ol>\n  </li>\n  <li><a href="#c" …>C</a></li>\n</ol>
        let out = html("1. TOC\n{:toc}\n\n## A\n### B\n## C\n", KramdownTests.options)
        #expect(out.hasPrefix("<ol id=\"markdown-toc\">\n<li><a href=\"#a\" id=\"markdown-toc-a\">A</a>\n<ol>\n<li><a href=\"#b\""))
        #expect(!out.contains("<ul"))
        // An unordered one stays unordered.
        #expect(html("* TOC\n{:toc}\n\n## A\n", KramdownTests.options).hasPrefix("<ul id=\"markdown-toc\">"))
    }

    @Test func galleySitesKeepCalloutsAndTaskBoxes() {
        #expect(html("{: .warning }\n> A").contains("callout-title"))
        #expect(html("- [ ] a").contains("<input type=\"checkbox\" disabled=\"\" /> a"))
    }
}

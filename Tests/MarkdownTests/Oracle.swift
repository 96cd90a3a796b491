import CCmark
import Testing
import TestSupport
@testable import Markdown
#if canImport(Glibc)
import Glibc
#endif

/// cmark's own renderer, the reference for everything without extension syntax.
func cmarkHTML(_ markdown: String, smart: Bool = true, unsafe: Bool = true, hardBreaks: Bool = false) -> String {
    var opts = CMARK_OPT_DEFAULT
    if smart { opts |= CMARK_OPT_SMART }
    if unsafe { opts |= CMARK_OPT_UNSAFE }
    if hardBreaks { opts |= CMARK_OPT_HARDBREAKS }
    let bytes = Array(markdown.utf8)
    return bytes.withUnsafeBufferPointer { buf in
        buf.baseAddress.map { base in
            base.withMemoryRebound(to: CChar.self, capacity: buf.count) { p in
                guard let out = cmark_markdown_to_html(p, buf.count, opts) else { return "" }
                defer { free(out) }
                return String(cString: out)
            }
        } ?? ""
    }
}

/// A code block hook that prints what cmark prints, so code blocks can be compared too.
let cmarkCodeBlock: CodeBlockRenderer = { block in
    let lang = block.info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
    let open = lang.map { "<pre><code class=\"language-\(escapeHTML($0))\">" } ?? "<pre><code>"
    return open + escapeHTML(block.code) + "</code></pre>\n"
}

/// Ours with heading ids off (cmark has none) and cmark-style code blocks.
func oursForOracle(_ markdown: String, smart: Bool = true, unsafe: Bool = true, hardBreaks: Bool = false) -> String {
    let options = MarkdownOptions(smartPunctuation: smart, allowRawHTML: unsafe, hardBreaks: hardBreaks, headingIDs: false)
    return MarkdownRenderer(options: options, codeBlockRenderer: cmarkCodeBlock).render(markdown).html
}

/// Hand-written CommonMark cases without extension syntax (no `|`, `~~`, bare URLs, `[^`, `{:`, `[ ]` items).
let oracleCorpus: [String] = [
    "", "\n", "Hello *world*", "# Heading\n\nText", "Setext\n======\n\nAnd two\n---------",
    "## Trailing hashes ##", "#  Extra   spaces  #", "####### not a heading", "#hashtag",
    "- a\n- b\n- c", "- a\n\n- b\n\n- c", "1. one\n2. two\n3. three", "3) start\n4) next", "7. seven\n\n   para in item",
    "- a\n  - b\n    - c\n      - d", "- loose\n\n  second para\n- tight?", "* star\n+ plus\n- minus",
    "1. a\n\n   - nested\n   - list\n\n2. b", "- [link](http://example.com)\n- `code`",
    "> quote\ncontinued lazily", "> a\n>\n> b", "> > nested\n> > quote", "> - list in quote\n> - two",
    ">     code in quote", "- > quote in list\n  > more", "> # heading in quote",
    "    indented code\n    second line", "\tTab code", "```\nfenced\n```", "```swift\nlet x = 1 < 2 && y\n```",
    "~~~ ruby startline=3\ndef x; end\n~~~", "````\n```\nnested fence\n```\n````", "```\nunclosed fence",
    "``` \nspace info\n```", "```a&amp;b\nentity info\n```",
    "<div>\n*not emphasis*\n</div>", "<div>\n\n*emphasis*\n\n</div>", "<!-- comment -->\ntext", "<?php echo 1; ?>",
    "<script>\nvar a = 1 < 2;\n</script>", "<pre>\n  pre *text*\n</pre>", "<details>\n<summary>Sum</summary>\n\nBody\n</details>",
    "<figure><img src=\"a.png\"></figure>", "<iframe src=\"https://example.com/embed\"></iframe>",
    "Inline <span class=\"x\">html</span> here", "a <b>bold</b> and <!-- c --> and <?pi ?>",
    "&amp; &copy; &AElig; &Dcaron; &frac34; &HilbertSpace; &DifferentialD; &ClockwiseContourIntegral; &ngE;",
    "&#35; &#1234; &#992; &#0; &#X22; &#XD06; &#xcab;", "&nbsp &x; &#; &#x; &#87654321; &ThisIsNotDefined; &hi?;",
    "`&ouml;`", "[foo](/f&ouml;&ouml; \"f&ouml;&ouml;\")",
    "[foo]\n\n[foo]: /url \"title\"", "[Foo Bar]\n\n[foo bar]: /url", "[foo][bar]\n\n[bar]: /url 'single'",
    "[foo]: /url\n\n[foo][]", "[a]\n\n[a]:\n/next-line\n\"title\"", "[x]: <my url>\n\n[x]", "[ref]: /u (paren title)\n\n[ref]",
    "line one  \nline two", "line one\\\nline two", "soft\nbreak", "trailing spaces   \n", "hard at end  ",
    "`code`", "`` code with ` backtick ``", "` `` `", "```\ninline? no\n```", "`a\nb`", "``` not closed", "`foo   bar\nbaz`",
    "<http://example.com/a?b=c&d=e>", "<mailto:foo@bar.example>", "<foo@bar.example.com>", "<made:up>", "<not an autolink>",
    "![alt](img.png)", "![alt *emph*](img.png \"Title\")", "![a](b 'c')", "![nested ![x](y)](z)", "[![img](i.png)](/link)",
    "*a* _b_ **c** __d__", "***strong emph***", "*a **b** c*", "**a *b* c**", "_foo_bar_", "foo*bar*", "* not a list*",
    "**unclosed", "*a _b* c_", "a * b * c", "__proto__", "snake_case_word", "*(*foo*)*", "**foo \"*bar*\" foo**",
    "\"smart quotes\" and 'single' -- en --- em ...", "It's John's \"book\"", "'quoted' \"double 'nested'\"",
    "\\*not emphasized\\* \\[ \\] \\` \\\\ \\#", "\\\nbackslash newline", "foo\\bar", "[link with \\] bracket](/u)",
    "---", "***", "___", "- - -", " ***", "Text\n***\nMore", "Para\n- list right after", "Para\n1. list right after",
    "Para\n2. not a list", "a\n    not code", "[link](/uri \"title\")", "[link](</my uri>)", "[link](/url 'title \"and\" title')",
    "[link](javascript:alert(1))", "![x](javascript:alert(1))", "[d](data:image/png;base64,AAA)", "[d](data:text/html,x)",
    "[link](/url?q=a b)", "[link](/u\\)rl)", "[a](<b)c>)", "[link](#fragment)", "[link](/föö \"ä\")", "[](./empty)",
    "[link [nested] brackets](/u)", "[unmatched", "]", "[a](b", "*[a*](b)", "[*a*](b)", "[`code`](x)",
    "Tabs\tinside\ttext", "  Leading spaces", "Trailing\t", "Ünïcödé façade — “already curly”",
    "Emoji 🌍 and 💰 text", "CJK 日本語の文章", "Hebrew עברית", "a\r\nb\r\n", "line\rcarriage",
    "1. a\n1. b\n1. c", "0. zero", "123456789. big", "1234567890. too big", "- a\n-\n- c", "-\n  foo",
    "- a\n - b\n  - c\n   - d\n    - e", "10. ten\n11. eleven", "- a\n\n\n- b", "* a\n*\n\n* c",
    "- ```\n  code in item\n  ```\n- next", "1. ```\n   x\n   ```", "> ```\n> code\n> ```", "- a\n  > b\n  ```\n  c\n  ```\n- d",
    "<div>\nunclosed div", "</div>\ntext", "<table><tr><td>\n\n*x*\n\n</td></tr></table>", "<style>p{color:red}</style>\n*a*",
    "Heading with `code`\n---", "# *emph* and [link](/x)", "# Heading #####", "## ", "#", "# #",
    "a  \n  b", "Multiple\n\n\n\nblank lines", "Last line no newline", String(repeating: "word ", count: 50),
    // More nasty cases: definitions, HTML block kinds, list starts, laziness, escapes in URLs.
    "[Foo]: /a\n[foo]: /b\n\n[FOO]", "[a]: /u 'title\n\nwith blank'\n\n[a]", "[a]:\n\n[a]", "  [indented]: /x\n\n[indented]",
    "[ẞ]: /sharp\n\n[ss]", "[link](/a%20b \"t&amp;t\")", "[l](<a&b> 'x')", "[l](/u?a=1&b=2)", "![i](/p\\(1\\).png)",
    "<textarea>\n*x*\n\n</textarea>", "<!--\n\ncomment with blank\n\n-->", "<![CDATA[\nx < y\n]]>", "<!DOCTYPE html>",
    "<del>*inline del*</del>", "<custom-tag attr='v'>\n*md*\n</custom-tag>", "<a href=\"x\">\n*x*\n</a>",
    "- a\n+ b\n* c", "1. a\n2) b", "2. two\n\n   3. nested start", "- \n  blank first line item", "-   four spaces\n\n    continued",
    "> lazy\n- not lazy list", "> a\n> - b\nc", "- a\n> b", "1.  x\n\n        code in item", "-\tTab after marker",
    "*\\**", "**\\***", "_a_b_c_", "*foo`*`", "[foo`]`](/u)", "`<a href=\"`\">`", "<a href=\"`\">`", "**a**b**c**",
    "a\u{00A0}*b*\u{00A0}c", "\"Hello,\" she said. 'Bye...'", "5' 10\" tall", "1990's -- 2000's --- now", "--- ... -- .",
    "&#x1F600; &#128512; &amp;amp; &#xD800;", "\\&amp; \\&#35;", "[&amp;](/&amp;)", "<https://x.y/a&amp;b>", "<http://a.b/<>",
    "Setext with *emph*\n===\nnext", "Two\nline setext\n---", "> quote\n---", "- item\n---", "Para\n    ===",
]

@Suite struct OracleTests {
    @Test(arguments: [(true, true, false), (false, true, false), (true, false, false), (false, false, true)])
    func handWrittenCorpus(smart: Bool, unsafe: Bool, hardBreaks: Bool) {
        #expect(oracleCorpus.count >= 200)
        var mismatches = 0
        for md in oracleCorpus {
            let expected = cmarkHTML(md, smart: smart, unsafe: unsafe, hardBreaks: hardBreaks)
            let actual = oursForOracle(md, smart: smart, unsafe: unsafe, hardBreaks: hardBreaks)
            if expected != actual {
                mismatches += 1
                Issue.record("oracle mismatch for \(md.debugDescription)\ncmark: \(expected.debugDescription)\nours:  \(actual.debugDescription)")
            }
        }
        #expect(mismatches == 0)
    }

    /// Documents stitched from the corpus with a fixed-seed generator: containers around
    /// fragments, fragments next to each other, so interactions get compared too.
    @Test func generatedDocuments() {
        var rng = SplitMix(seed: 0x6A11E7)
        let wrappers: [(String) -> String] = [
            { $0 },
            { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n") },
            { "- " + $0.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ") },
            { "1. " + $0.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n   ") },
            { $0 + "\n" },
        ]
        var mismatches = 0
        for _ in 0..<600 {
            var doc = ""
            for _ in 0..<Int(rng.next() % 6 + 1) {
                let fragment = oracleCorpus[Int(rng.next() % UInt64(oracleCorpus.count))]
                let wrapped = wrappers[Int(rng.next() % UInt64(wrappers.count))](fragment)
                doc += wrapped + (rng.next() % 3 == 0 ? "\n" : "\n\n")
            }
            let expected = cmarkHTML(doc)
            let actual = oursForOracle(doc)
            if expected != actual {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("generated mismatch for \(doc.debugDescription)\ncmark: \(expected.debugDescription)\nours:  \(actual.debugDescription)")
                }
            }
        }
        #expect(mismatches == 0)
    }
}

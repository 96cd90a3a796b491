import Testing
import Foundation
@testable import Site

/// The byte scans run over every rendered page (scroll boxes, links to Markdown sources) and over each post
/// before an unlabelled fence (the paragraph detection reads).
@Suite struct RenderScanTests {
    /// The page's bytes, to tell a page given back as it was from a copy.
    static func storage(_ s: String) -> UnsafePointer<UInt8>? { s.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil }

    @Test func pagesWithNothingToRewriteAreNotCopied() {
        let html = String(repeating: "<p>Some <span class=\"k\">let</span> x &lt; y, <a href=\"/a/\">a</a></p>\n", count: 40)
            + "<div class=\"language-swift highlighter-rouge\"><pre tabindex=\"1\"><code>x</code></pre></div>\n"
        let out = ScrollBoxes.apply(html)
        #expect(out == html)
        #expect(Self.storage(out) == Self.storage(html))
    }

    @Test func rewritesEachTagOnce() {
        let html = "<table>\n<tr><td>a</td></tr>\n</table>\n<pre class=\"highlight\"><code><span>&lt;</span></code></pre>"
            + "<input type=\"checkbox\" disabled=\"\" /><input type=\"checkbox\" disabled=\"\" checked=\"\" /><table><tr></tr></table>"
        let expected = "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Table 1\"><table>\n<tr><td>a</td></tr>\n</table></div>\n"
            + "<pre class=\"highlight\" tabindex=\"0\"><code><span>&lt;</span></code></pre>"
            + "<input type=\"checkbox\" disabled=\"\" aria-label=\"To do\" /><input type=\"checkbox\" disabled=\"\" checked=\"\" aria-label=\"Done\" />"
            + "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Table 2\"><table><tr></tr></table></div>"
        #expect(ScrollBoxes.apply(html) == expected)
        #expect(ScrollBoxes.apply("<pre") == "<pre")                       // no tag end: not `<pre ` or `<pre>`
        #expect(ScrollBoxes.apply("<pre>") == "<pre tabindex=\"0\">")
    }

    @Test func sourceLinkEndingsAreFound() {
        for yes in ["<a href=\"a.md\">", "x.md#top\"", "y.md?x", "b.markdown\"", "c.markdown#x", "d.markdown?", "E.MD\"", "F.MD#"] {
            #expect(SourceLinks.mayNameSource("text " + yes + " more"), "\(yes)")
            #expect(SourceLinks.mayNameSource(yes + ""), "\(yes)")
        }
        for no in ["README.md is a file", "a.mdx\"", "a.markdow\"", "a.MD?", "a.Md\"", ".md", "x.", "a.markdown", "é.m"] {
            #expect(!SourceLinks.mayNameSource(no), "\(no)")
        }
    }

    @Test func blankTrimSkipsOnlyLinesFoundationLeavesAlone() {
        let lines = ["", " ", "\t", "plain", " lead", "trail ", "\ttab\t", "\u{00A0}nbsp\u{00A0}", "\u{3000}ideo", "é end", "end é",
                     "x\r", "\u{2003}em\u{2003}", "a \u{0301}", "mid space ok", "\u{200B}zw",
                     "  \t ", "   indented code", "trailing  \t", " \u{00A0}x", "x\u{00A0} ", " é ", "\t\u{0301}a", " a\u{0301} ",
                     " \u{2003} ", "\u{00A0}", " \r ", "  - item  ", "\t\t\u{3000}"]
        for l in lines {
            let s = Substring("<" + l + ">").dropFirst().dropLast()
            #expect(CodeContext.trimmedBlanks(s) == Substring(s.trimmingCharacters(in: .whitespaces)), "\(l.debugDescription)")
        }
    }

    @Test func proseIsTheParagraphBeforeTheFence() {
        let body = "# Title\n\nFirst paragraph.\n\nOne line,\n  two lines.\n\n```\ncode\n```\nafter\n"
        #expect(CodeContext.prose(before: 8, in: body) == "One line, two lines.")
        #expect(CodeContext.prose(before: 4, in: body) == "First paragraph.")
        #expect(CodeContext.prose(before: 1, in: body) == "")
        // A fence past the end reads the last lines; at most six lines of a paragraph, the nearest ones.
        let long = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        #expect(CodeContext.prose(before: 11, in: long) == "line 5 line 6 line 7 line 8 line 9 line 10")
        #expect(CodeContext.prose(before: 50, in: long) == "line 5 line 6 line 7 line 8 line 9 line 10")
        #expect(CodeContext.prose(before: 3, in: "a\nb\n```\n") == "a b")
        #expect(CodeContext.prose(before: 3, in: "```\nx\n") == "x")
    }
}

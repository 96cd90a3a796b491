import Foundation
import Testing
@testable import Highlight

@Suite struct InlineStylesTests {
    let h = Highlighter()
    let code = "let x = \"a\\(b)\" // hi\nfunc f() {}\n"

    /// Same colours as highlighting in inline mode, read off the class-based HTML.
    @Test func matchesInlineModeColours() {
        let classes = h.highlight(code, language: "swift").html
        let converted = Highlighter.inlineStyles(in: "<p>before</p>\n" + classes + "<p>after</p>")
        let direct = h.highlight(code, language: "swift", options: HighlightOptions(inlineStyles: true)).html
        #expect(converted.hasPrefix("<p>before</p>\n") && converted.hasSuffix("<p>after</p>"))
        #expect(!converted.contains("class=\"kd\"") && !converted.contains("class=\"c1\""))
        // Every style the direct inline rendering uses appears, in the same order.
        func styles(_ s: String) -> [Substring] {
            s.split(separator: "style=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        }
        #expect(styles(converted) == styles(direct))
        // The text is untouched: removing tags gives the same characters.
        func text(_ s: String) -> String {
            var out = "", inTag = false
            for c in s { if c == "<" { inTag = true } else if c == ">" { inTag = false } else if !inTag { out.append(c) } }
            return out
        }
        #expect(text(converted) == "before\n" + text(classes) + "after")
        // Spans without a style are dropped as inline mode drops them: the block is the same bytes.
        #expect(converted == "<p>before</p>\n" + direct + "<p>after</p>")
    }

    @Test func lineMarkersAndNestingSurvive() {
        let classes = h.highlight(code, language: "swift", options: HighlightOptions(lineNumbers: true, highlightedLines: [2])).html
        let converted = Highlighter.inlineStyles(in: classes)
        func count(_ s: String, _ part: String) -> Int { s.components(separatedBy: part).count - 1 }
        #expect(count(converted, "<span") == count(converted, "</span>"))
        #expect(converted.contains("hll"))
    }

    @Test func leavesOtherMarkupAlone() {
        let html = "<span class=\"k\">not code</span><pre><code>plain</code></pre>"
        #expect(Highlighter.inlineStyles(in: html) == html)
    }
}

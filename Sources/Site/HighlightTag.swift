import Foundation
import Highlight
import Liquid
import Markdown

/// Jekyll's `{% highlight lang [linenos] %}…{% endhighlight %}`, for Jekyll folders and for Galley templates
/// (a Jekyll theme carried by `galley import jekyll` keeps its highlighted examples).
public enum HighlightTag {
    public static let tag = LiquidTag(body: .rendered, render: render)

    /// `{% highlight lang [linenos] %}…{% endhighlight %}` as Jekyll 4.3 writes it with Rouge:
    /// `<figure class="highlight"><pre><code class="language-x" data-lang="x">…</code></pre></figure>`.
    static func render(_ markup: String, _ body: String?, _ context: LiquidTagContext) throws(LiquidError) -> String {
        let words = markup.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first, first.allSatisfy({ $0.isLetter || $0.isNumber || ".+#_-".contains($0) }) else {
            throw LiquidError("Syntax Error in tag 'highlight' while parsing the following markup: \(markup)",
                              hint: "Valid syntax: highlight <lang> [linenos]")
        }
        let lang = first.lowercased()
        let options = words.dropFirst().joined(separator: " ")
        let lineNumbers = options.range(of: #"(^|\s)linenos(\s|=|$)"#, options: .regularExpression) != nil
        var code = body ?? ""
        while code.hasPrefix("\n") || code.hasPrefix("\r") { code.removeFirst() }
        while code.hasSuffix("\n") || code.hasSuffix("\r") { code.removeLast() }
        let html = rouge(code, lang: lang, lineNumbers: lineNumbers)
        let attributes = "class=\"language-\(lang.replacingOccurrences(of: "+", with: "-"))\" data-lang=\"\(lang)\""
        var inner = html
        if inner.hasSuffix("\n") { inner.removeLast() }
        return "<figure class=\"highlight\"><pre><code \(attributes)>\(inner)</code></pre></figure>"
    }

    /// Rouge's HTML formatter (spans only), or its table formatter for `linenos`.
    static func rouge(_ code: String, lang: String, lineNumbers: Bool) -> String {
        let text = code + "\n"   // Rouge lexes with a final newline
        let spans = Highlighter().highlightHTML(text, language: lang) ?? escapeHTML(text)
        guard lineNumbers else { return spans }
        let count = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        let numbers = (1...max(count, 1)).map(String.init).joined(separator: "\n") + "\n"
        return "<table class=\"rouge-table\"><tbody><tr><td class=\"gutter gl\"><pre class=\"lineno\">\(numbers)</pre></td>"
            + "<td class=\"code\"><pre>\(spans)</pre></td></tr></tbody></table>"
    }
}

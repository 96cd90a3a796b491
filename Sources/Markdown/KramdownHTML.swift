import TextBytes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// kramdown's reading of raw HTML blocks, for sites written against kramdown (every Jekyll site).
///
/// CommonMark ends an HTML block at the first blank line, so a `<div>` whose children are separated by
/// blank lines falls apart (indented children become code blocks), and it runs a block on past its end
/// tag, so a Markdown line right after a one-line `<iframe …></iframe>` stays raw text. kramdown keeps a
/// block element whole up to its matching end tag and reads Markdown again on the next line.
///
/// `protect` replaces each such element with an HTML comment of as many lines (cmark passes it through,
/// and diagnostics keep their line numbers); `restore` puts the element back into the rendered HTML.
enum KramdownHTML {
    /// A raw HTML element at the start of a line, from its first line to the line of its matching end tag.
    struct Element: Equatable {
        var firstLine: Int   // 0-based
        var lastLine: Int
        var tag: String
        /// Whether CommonMark reads it differently: a blank line inside, or a Markdown line right after it.
        var blankInside: Int?
        var markdownAfter: Int?
        /// A line of HTML, indented 4 spaces after a blank line, that CommonMark reads as a code block.
        var htmlBecomesCode: Int?
        /// The value of kramdown's `markdown` attribute on the opening tag (`1`, `block`, `span`, `0`), lowercased.
        var markdown: String?
        /// The line before the element is a non-blank line starting with `<` (CommonMark may still be inside
        /// that line's HTML block, so a `<script>` there ends at its first blank line).
        var afterHTMLLine = false
        /// A line inside, after the first, with a `markdown` attribute (kramdown reads it; we keep it raw and say so).
        var nestedMarkdown: Int?
        /// CommonMark starts no HTML block at its first line (`<video …></video>`: not a CommonMark block
        /// name, and more than one tag on the line), so it would be a paragraph; kramdown's is a block.
        var paragraphInCommonMark = false
        /// Another block element follows on the line where this one ends (`<p>a</p><p>b</p>`): kramdown
        /// writes each on a line of its own (`splitSiblings`).
        var siblingsOnLastLine = false

        /// Whether CommonMark would read it otherwise than kramdown. `<script>`, `<style>`, `<pre>` and
        /// `<textarea>` starting a block already run to their end tag in CommonMark.
        var differs: Bool {
            if markdown != nil || nestedMarkdown != nil { return true }
            if KramdownHTML.rawTextTags.contains(tag) { return blankInside != nil && afterHTMLLine }
            return blankInside != nil || markdownAfter != nil || paragraphInCommonMark || siblingsOnLastLine
        }
    }

    /// kramdown's block-level elements (its HTML parser's list, less those CommonMark reads the same way).
    static let blockTags: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "canvas", "caption", "center", "colgroup", "dd", "details", "dialog",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hgroup", "iframe", "legend", "li", "main", "map", "math", "menu", "nav", "noscript", "object", "ol", "p", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "video", "audio", "svg",
    ]

    /// The names that start a CommonMark HTML block of kind 6, whatever follows the tag on its line.
    static let commonMarkBlockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup", "dd",
        "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset",
        "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu",
        "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "section", "source", "summary", "table",
        "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    /// Elements whose content both CommonMark (HTML block kind 1) and kramdown keep as raw text.
    static let rawTextTags: Set<String> = ["script", "style", "pre", "textarea"]

    @inline(__always) static func isElementTag(_ name: String) -> Bool { blockTags.contains(name) || rawTextTags.contains(name) }

    /// Whether some line starts (after up to 3 spaces) with `<` and a block tag name: a byte scan, so the
    /// line-by-line reading runs only for the few documents that can hold such an element (code fences
    /// with HTML in them still pass; `elements` skips fences).
    static func mayHaveBlockElement(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { b in
            var i = 0
            while i < b.count {
                var j = i
                while j < b.count, j - i < 4, b[j] == 0x20 { j += 1 }
                if j < b.count, b[j] == 0x3C {
                    var k = j + 1
                    var name: [UInt8] = []
                    while k < b.count, name.count < 12, (b[k] | 0x20 >= 0x61 && b[k] | 0x20 <= 0x7A) || (b[k] >= 0x30 && b[k] <= 0x39) {
                        name.append(b[k] | 0x20); k += 1
                    }
                    if !name.isEmpty, isElementTag(String(decoding: name, as: UTF8.self)) { return true }
                }
                // Next line.
                guard let nl = memchr(b.baseAddress! + i, 0x0A, b.count - i) else { return false }
                i = UnsafePointer<UInt8>(nl.assumingMemoryBound(to: UInt8.self)) - b.baseAddress! + 1
            }
            return false
        }
    }

    /// Every top-level raw HTML element that has a matching end tag, outside fenced code.
    static func elements(in lines: [Substring], range: Range<Int>? = nil) -> [Element] {
        let range = range ?? 0..<lines.count
        var out: [Element] = []
        var fence: (Character, Int)?
        var i = range.lowerBound
        while i < range.upperBound {
            let line = lines[i]
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            if indent < 4, let c = body.first, c == "`" || c == "~" {
                let run = body.prefix { $0 == c }.count
                if run >= 3 {
                    if let f = fence { if f.0 == c && run >= f.1 { fence = nil } } else { fence = (c, run) }
                    i += 1; continue
                }
            }
            if fence != nil { i += 1; continue }
            // A block-level tag at a line start begins an HTML block (it may interrupt a paragraph too).
            if indent < 4, body.first == "<", let tag = openingTag(body), isElementTag(tag),
               let end = matchingEnd(tag, lines, from: i, upTo: range.upperBound) {
                var element = Element(firstLine: i, lastLine: end, tag: tag)
                element.markdown = markdownAttribute(in: body)?.value
                element.nestedMarkdown = ((i + 1)..<(end + 1)).first { lines[$0].contains("markdown=") && markdownAttribute(in: lines[$0]) != nil }
                element.afterHTMLLine = i > range.lowerBound && lines[i - 1].drop { $0 == " " }.first == "<"
                if !commonMarkBlockTags.contains(tag), !rawTextTags.contains(tag) {
                    let t = body.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
                    element.paragraphInCommonMark = !(t.first == ">" && body.filter { $0 == "<" }.count == 1)
                }
                if !rawTextTags.contains(tag), lines[end].contains("><") || lines[end].contains("> <") {
                    element.siblingsOnLastLine = splitSiblings(lines[i...end].joined(separator: "\n")) != nil
                }
                element.blankInside = (i...end).first { n in lines[n].allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
                // The CommonMark idiom — a blank line, then Markdown, inside a `<div>` — is meant; what breaks is
                // HTML indented 4 spaces after a blank line, which CommonMark turns into a code block.
                element.htmlBecomesCode = (i...end).first { n in
                    n > i && lines[n - 1].allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
                        && lines[n].hasPrefix("    ") && lines[n].drop { $0 == " " }.first == "<"
                }
                if end + 1 < range.upperBound, !lines[end + 1].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }),
                   !startsHTMLBlock(lines[end + 1].drop { $0 == " " }) {
                    element.markdownAfter = end + 1
                }
                out.append(element)
                i = end + 1
                continue
            }
            i += 1
        }
        return out
    }

    /// Whether a line after an element goes on as HTML in kramdown: anything starting with `<` but a span
    /// element's tag (`<a href…>…</a> from …` is a paragraph there).
    private static func startsHTMLBlock(_ body: Substring) -> Bool {
        guard body.first == "<" else { return false }
        guard let tag = openingTag(body) else { return true }
        return isElementTag(tag) || commonMarkBlockTags.contains(tag)
    }

    /// `div` of `<div class="x">`, lowercased; nil for closing tags, comments and non-names.
    static func openingTag(_ s: Substring) -> String? {
        let name = s.dropFirst().prefix { $0.isLetter || $0.isNumber }
        guard !name.isEmpty, name.first!.isLetter else { return nil }
        let after = s.dropFirst(1 + name.count).first
        guard after == nil || after == " " || after == ">" || after == "/" || after == "\t" else { return nil }
        return name.lowercased()
    }

    /// The line holding the end tag that closes the `tag` opened at `lines[from]` (nested ones counted).
    private static func matchingEnd(_ tag: String, _ lines: [Substring], from: Int, upTo limit: Int) -> Int? {
        var depth = 0
        let open = "<" + tag, close = "</" + tag
        for n in from..<limit {
            var rest = Substring(lines[n].lowercased())
            while let r = rest.firstIndex(of: "<") {
                let s = rest[r...]
                if s.hasPrefix(close), let c = s.dropFirst(close.count).first, c == ">" || c == " " {
                    depth -= 1
                    if depth == 0 { return n }
                } else if s.hasPrefix(open), let c = s.dropFirst(open.count).first, c == ">" || c == " " || c == "/" || c == "\t" {
                    let tagEnd = s.firstIndex(of: ">")
                    let selfClosing = tagEnd.map { s[s.index(before: $0)] == "/" } ?? false
                    if !selfClosing { depth += 1 } else if depth == 0 { return n }
                }
                rest = s.dropFirst()
            }
            if depth == 0 { return nil }   // the first line opened nothing (a void element or a stray tag)
        }
        return nil
    }

    /// Warnings for a document read the CommonMark way where kramdown would read it otherwise (1-based lines).
    static func differences(_ text: String) -> [MarkdownDiagnostic] {
        guard mayHaveBlockElement(text) else { return [] }
        let lines = lineSlices(text)
        var out: [MarkdownDiagnostic] = []
        for e in elements(in: lines) {
            if let value = e.markdown {
                out.append(MarkdownDiagnostic(severity: .warning, line: e.firstLine + 1, column: 1,
                                              message: "`markdown=\"\(value)\"` on `<\(e.tag)>` is kramdown's; CommonMark ignores it and writes the attribute out. Set `markdown.html_blocks: kramdown`, or leave a blank line after the opening tag to have Markdown read inside"))
            } else if rawTextTags.contains(e.tag) {
                if let blank = e.blankInside, e.afterHTMLLine {
                    out.append(MarkdownDiagnostic(severity: .warning, line: blank + 1, column: 1,
                                                  message: "this blank line ends `<\(e.tag)>` early: it follows an HTML line, so CommonMark reads it inside that line's block, which stops here; kramdown keeps the element whole. Add a blank line before `<\(e.tag)>`, or set `markdown.html_blocks: kramdown`"))
                }
            } else if let code = e.htmlBecomesCode {
                out.append(MarkdownDiagnostic(severity: .warning, line: code + 1, column: 1,
                                              message: "this indented HTML inside `<\(e.tag)>` follows a blank line, so CommonMark shows it as a code block; kramdown keeps the element whole. Set `markdown.html_blocks: kramdown`, or remove the blank line or the indentation"))
            } else if let after = e.markdownAfter {
                out.append(MarkdownDiagnostic(severity: .warning, line: after + 1, column: 1,
                                              message: "this line follows raw HTML `<\(e.tag)>` with no blank line, so it is kept as raw text (CommonMark); kramdown reads it as Markdown. Add a blank line before it, or set `markdown.html_blocks: kramdown`"))
            }
        }
        return out
    }
}

import TextBytes
import CCmark
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Options that change how Markdown becomes HTML. Site settings map onto these.
public struct MarkdownOptions: Sendable, Hashable {
    /// Curly quotes, en/em dashes and ellipses (cmark's smart option).
    public var smartPunctuation: Bool
    /// Pass raw HTML through (authors embed `<figure>`, `<details>`); off replaces it with a comment.
    public var allowRawHTML: Bool
    /// Render soft line breaks as `<br />`.
    public var hardBreaks: Bool
    /// Add an anchor link inside each heading (theme option).
    public var headingAnchors: Bool
    /// Give headings kramdown-style `id`s (off only to compare with plain cmark output).
    public var headingIDs: Bool
    /// GFM tables, strikethrough, task lists, extended autolinks and footnotes.
    public var extensions: Bool
    /// Raw HTML blocks read as kramdown reads them (whole up to the matching end tag, Markdown again on
    /// the next line), for sites written against kramdown; off: CommonMark, with a warning where they differ.
    public var kramdownHTMLBlocks = false
    /// Read the Markdown as Jekyll's kramdown reads it (the GFM parser, as Jekyll configures it), for
    /// Jekyll sites; a Galley site follows CommonMark and GFM. On: raw HTML as with `kramdownHTMLBlocks`
    /// (and `markdown="1"`), only `~~` strikes through, a list item followed by a blank line alone gets
    /// `<p>`, `<code>`/`<kbd>`/`<samp>`/`<var>` content is not Markdown, `\)` may end a link destination's
    /// nested parentheses, and `tagFilter` is never applied (kramdown has none).
    public var kramdown = false
    /// GFM's tagfilter: `<script>`, `<iframe>`, `<style>`, `<textarea>`, `<title>`, `<xmp>`, `<noembed>`,
    /// `<noframes>` and `<plaintext>` in raw HTML are shown as text, for sites publishing text they did not write.
    public var tagFilter = false
    /// An image alone in its paragraph with a title (`![alt](x.png "Caption")`) becomes a `<figure>`
    /// with the title as its `<figcaption>`.
    public var figures = false
    /// `loading="lazy" decoding="async"` on every image but the first (likely above the fold).
    public var lazyImages = false
    /// Warn about images without alt text, unless marked decorative with `{: role="presentation"}`.
    public var altTextWarnings = false
    /// The marks `"…"` becomes with smart punctuation (the page's language: « » in French, „ “ in German).
    public var quotes = QuoteStyle.english
    /// Callout titles by kind (`NOTE`, `TIP`, `IMPORTANT`, `WARNING`, `CAUTION`) in the page's
    /// language; English for a kind without one.
    public var calloutTitles: [String: String] = [:]
    /// The class every code span gets (Jekyll's kramdown with Rouge: `language-plaintext highlighter-rouge`).
    public var codeSpanClass: String? = nil
    /// The heading levels a `{:toc}` lists (kramdown's `toc_levels`; a page's `{::options toc_levels="2..4" /}`).
    public var tocLevels: ClosedRange<Int> = 1...6
    /// Also make `MarkdownDocument.text`, the body as plain text (for a search index). Made from the
    /// HTML while it is at hand, with code blocks as written rather than read back from their
    /// highlighted HTML (most of a technical page's bytes and nearly all of its tags).
    public var plainText = false

    /// Raw HTML read as kramdown reads it (either switch).
    var readsHTMLAsKramdown: Bool { kramdownHTMLBlocks || kramdown }
    /// The tag filter, which kramdown never applies.
    var filtersTags: Bool { tagFilter && !kramdown }

    public init(smartPunctuation: Bool = true, allowRawHTML: Bool = true, hardBreaks: Bool = false, headingAnchors: Bool = false,
                headingIDs: Bool = true, extensions: Bool = true) {
        self.smartPunctuation = smartPunctuation
        self.allowRawHTML = allowRawHTML
        self.hardBreaks = hardBreaks
        self.headingAnchors = headingAnchors
        self.headingIDs = headingIDs
        self.extensions = extensions
    }
}

/// A fenced or indented code block, handed to the code block hook.
public struct CodeBlock: Sendable, Hashable {
    /// The code, exactly as written (ends with a newline, as cmark gives it).
    public var code: String
    /// The first word of the info string (`swift` in "```swift {3} title=\"a.swift\""), nil when absent.
    public var language: String?
    /// The whole info string.
    public var info: String
    /// `key=value` / `key="value"` attributes and bare flags (`linenos` → "") from the info string.
    public var attributes: [String: String]
    /// 1-based line numbers to highlight, from `{3,5-7}`.
    public var highlightedLines: Set<Int>
    /// 1-based line of the block's opening fence in the Markdown body.
    public var line: Int
    /// HTML attributes from a kramdown IAL after the block (`{: .wide #listing}`), for the wrapper.
    public var htmlAttributes: [HTMLAttribute]

    public init(code: String, language: String?, info: String = "", attributes: [String: String] = [:], highlightedLines: Set<Int> = [], line: Int = 1,
                htmlAttributes: [HTMLAttribute] = []) {
        self.code = code
        self.language = language
        self.info = info
        self.attributes = attributes
        self.highlightedLines = highlightedLines
        self.line = line
        self.htmlAttributes = htmlAttributes
    }
}

/// One HTML attribute, in the order the author wrote it.
public struct HTMLAttribute: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Turns a code block into its full HTML (wrapper included).
public typealias CodeBlockRenderer = @Sendable (CodeBlock) -> String

/// A GFM table whose attribute list asks for something else too (`{: chart="bar"}`): its cells as
/// typed, the attributes, and the table's own HTML, for a hook that draws it (charts).
public struct TableBlock: Sendable {
    public var header: [String]
    public var rows: [[String]]
    /// Body line of the header row; row `i` is on `line + 2 + i`.
    public var line: Int
    public var attributes: [HTMLAttribute]
    /// The table as it would be written (without the attributes the hook reads).
    public var html: String
}

/// Returns the HTML to write instead of the table (nil: the table as is). Asked only for tables
/// carrying one of `MarkdownRenderer.tableHookKeys`.
public typealias TableBlockRenderer = @Sendable (TableBlock) -> String?

/// A warning or error found while rendering, with a position in the Markdown body (1-based).
public struct MarkdownDiagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable { case warning, error }
    public var severity: Severity
    public var line: Int
    public var column: Int
    public var message: String
    /// What to do about it.
    public var hint: String?
    public init(severity: Severity, line: Int, column: Int, message: String, hint: String? = nil) {
        self.severity = severity
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }
}

/// What the image hook found for an image's URL.
public enum ImageFile: Sendable, Hashable {
    /// Its size in CSS pixels: written as `width` and `height` so the page keeps room for it while it loads.
    case size(width: Int, height: Int)
    /// A file that exists but whose size cannot be read (the reason, as a phrase): a warning at the image.
    case unreadable(String)
    /// Nothing to say: an external URL, a file made by the build, or a missing one (reported elsewhere).
    case unknown
}

/// Looks up the file behind an image URL, as written in the Markdown (relative URLs unresolved).
public typealias ImageFileHook = @Sendable (String) -> ImageFile

/// A heading of the rendered document, for tables of contents.
public struct Heading: Sendable, Hashable {
    public var level: Int
    public var id: String
    public var text: String
    public init(level: Int, id: String, text: String) {
        self.level = level
        self.id = id
        self.text = text
    }
}

/// What rendering one Markdown document produced.
public struct MarkdownDocument: Sendable {
    public var html: String
    /// The part before `<!--more-->`, or the first paragraph.
    public var excerptHTML: String
    /// `excerptHTML` as plain text (for descriptions, meta tags, feeds).
    public var excerptText: String
    public var headings: [Heading]
    public var wordCount: Int
    public var diagnostics: [MarkdownDiagnostic]
    /// The document placed its own table of contents (`{:toc}`): a theme should not add another.
    public var hasTableOfContents = false
    /// The body as plain text, footnotes included, tables of contents not (`MarkdownOptions.plainText`).
    public var text: String?
    /// Where the code block hook's HTML went in `html`, one range of UTF-8 offsets per call of the last
    /// render, in call order: lets later passes skip code they know to hold nothing for them. A pass that
    /// rewrites `html` may leave these stale, so a user compares the bytes before relying on one.
    public var codeBlockRanges: [Range<Int>] = []

    public init(html: String, excerptHTML: String, excerptText: String, headings: [Heading] = [], wordCount: Int = 0, diagnostics: [MarkdownDiagnostic] = []) {
        self.html = html
        self.excerptHTML = excerptHTML
        self.excerptText = excerptText
        self.headings = headings
        self.wordCount = wordCount
        self.diagnostics = diagnostics
    }
}


/// Parses Markdown with cmark and renders HTML from its AST.
public struct MarkdownRenderer: Sendable {
    public var options: MarkdownOptions
    public var codeBlockRenderer: CodeBlockRenderer {
        didSet { usesPlainCodeBlocks = false }
    }

    /// Attribute keys that send a table to `tableRenderer`.
    public static let tableHookKeys: Set<String> = ["chart"]
    public var tableRenderer: TableBlockRenderer?
    /// Sizes of image files, for `width` and `height` on images (Markdown and raw HTML `<img>`).
    public var imageFile: ImageFileHook?

    public init(options: MarkdownOptions = MarkdownOptions(), codeBlockRenderer: CodeBlockRenderer? = nil) {
        self.options = options
        self.codeBlockRenderer = codeBlockRenderer ?? MarkdownRenderer.plainCodeBlock
        self.usesPlainCodeBlocks = codeBlockRenderer == nil
    }

    /// Parse plain table cells too, for tests comparing the fast path with cmark.
    var parsesEveryTableCell = false

    /// True while `codeBlockRenderer` is the default (lets the renderer skip building Strings).
    private var usesPlainCodeBlocks: Bool

    /// The default hook: escaped code in the Jekyll + Rouge wrapper.
    public static let plainCodeBlock: CodeBlockRenderer = { block in
        rougeWrapper(block, codeHTML: escapeHTML(block.code))
    }

    /// Jekyll + Rouge's wrapper around already-highlighted code, so existing themes style it:
    /// `<div class="language-x highlighter-rouge"><div class="highlight"><pre class="highlight"><code>…`.
    /// IAL attributes of the block go on the outer `div` (classes appended).
    public static func rougeWrapper(_ block: CodeBlock, codeHTML: String) -> String {
        let lang = block.language.map { escapeHTML($0) } ?? "plaintext"
        var classes = "language-\(lang) highlighter-rouge"
        var extra = ""
        for a in block.htmlAttributes {
            if a.name == "class" { classes += " " + escapeHTML(a.value) } else { extra += " \(escapeHTML(a.name))=\"\(escapeHTML(a.value))\"" }
        }
        return "<div class=\"\(classes)\"\(extra)><div class=\"highlight\"><pre class=\"highlight\"><code>"
            + codeHTML + "</code></pre></div></div>\n"
    }

    /// A code block wrapper made by another hook (a highlighter) with the block's IAL attributes added to its
    /// outer element: classes appended to its `class`, other attributes after it (`{: .wide #listing}`).
    public static func addingAttributes(_ attributes: [HTMLAttribute], toWrapper html: String) -> String {
        guard !attributes.isEmpty, html.hasPrefix("<div class=\""), let close = html.dropFirst(12).firstIndex(of: "\"") else { return html }
        var classes = ""
        var extra = ""
        for a in attributes {
            if a.name == "class" { classes += " " + escapeHTML(a.value) } else { extra += " \(escapeHTML(a.name))=\"\(escapeHTML(a.value))\"" }
        }
        return String(html[..<close]) + classes + "\"" + extra + String(html[html.index(after: close)...])
    }

    /// Renders a Markdown body (front matter already removed).
    public func render(_ markdown: String) -> MarkdownDocument {
        guard options.allowRawHTML else { return renderCommonMark(markdown) }
        if options.readsHTMLAsKramdown {
            guard options.kramdown, let defined = KramdownDefinitions.prepare(markdown, inline: { renderSpan($0, in: markdown) }) else {
                return renderKramdownHTML(markdown)
            }
            var doc = renderKramdownHTML(defined.text)
            doc.html = KramdownDefinitions.markAbbreviations(doc.html, defined.abbreviations)
            doc.excerptHTML = KramdownDefinitions.markAbbreviations(doc.excerptHTML, defined.abbreviations)
            return doc
        }
        var doc = renderCommonMark(markdown)
        let differences = KramdownHTML.differences(markdown)
        if !differences.isEmpty { doc.diagnostics = (doc.diagnostics + differences).sorted { ($0.line, $0.column) < ($1.line, $1.column) } }
        return doc
    }

    /// A body with kramdown's HTML elements read as kramdown reads them (`markdown.html_blocks: kramdown`).
    private func renderKramdownHTML(_ markdown: String) -> MarkdownDocument {
        let protection = KramdownHTML.protectElements(markdown)
        var text = protection.text
        var spanLines: String? = nil
        if options.kramdown {
            text = KramdownLines.prepare(text) ?? text
            text = KramdownInline.prepare(text) ?? text
            text = KramdownLazyItems.prepare(text) ?? text
            spanLines = KramdownSpanLines.mark(text)
            if let spanLines { text = spanLines }
        }
        var renderer = self
        if let levels = protection.tocLevels { renderer.options.tocLevels = levels }
        var doc = renderer.renderCommonMark(text, basicIDLines: protection.blockContentLines)
        if spanLines != nil {
            doc.html = KramdownSpanLines.unmark(doc.html)
            doc.excerptHTML = KramdownSpanLines.unmark(doc.excerptHTML)
        }
        let unsupported = options.kramdown ? KramdownSpanLines.unsupported(markdown) : []
        if !unsupported.isEmpty {
            doc.diagnostics = (doc.diagnostics + unsupported).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        }
        guard !protection.items.isEmpty else { return doc }
        func original(_ item: KramdownHTML.Protected) -> String {
            switch item {
            case .html(let s): return s
            case .span(let open, let inner, let close): return open + renderSpan(inner, in: markdown) + close
            case .parts(let parts): return parts.map(original).joined()
            }
        }
        let originals = protection.items.map(original)
        doc.html = KramdownHTML.restore(doc.html, originals: originals)
        doc.excerptHTML = KramdownHTML.restore(doc.excerptHTML, originals: originals)
        if !protection.warnings.isEmpty {
            doc.diagnostics = (doc.diagnostics + protection.warnings).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        }
        return doc
    }

    /// The content of a `markdown="span"` element as inline HTML: rendered with the document's link
    /// definitions, the paragraph around it taken off; its blanks at either end kept.
    private func renderSpan(_ inner: String, in document: String) -> String {
        let lead = inner.prefix { $0.isWhitespace }, trail = inner.reversed().prefix { $0.isWhitespace }
        let body = KramdownSpanLines.inlineOnly(inner.trimmingCharacters())
        guard !body.isEmpty else { return inner }
        var options = self.options
        options.headingIDs = false
        var renderer = MarkdownRenderer(options: options)
        renderer.imageFile = imageFile
        let definitions = collectReferenceDefinitions(SourceText(Array(document.utf8)))
        var html = renderer.render(body + "\n\n" + String(decoding: definitions, as: UTF8.self)).html
        if html.hasPrefix("<p>"), html.hasSuffix("</p>\n"), html.utf8.count > 8,
           html.utf8.dropFirst(3).firstRange(of: "<p>".utf8) == nil {
            html = String(html.dropFirst(3).dropLast(5))
        } else if html.hasSuffix("\n") {
            html.removeLast()
        }
        return String(lead) + html + String(trail.reversed())
    }

    private func renderCommonMark(_ markdown: String, basicIDLines: [Range<Int>] = []) -> MarkdownDocument {
        let bytes = Array(markdown.utf8)
        let prepared = FootnoteSource.prepare(bytes, enabled: options.extensions)
        if let doc = render(prepared, basicIDLines) { return doc }
        // The footnote section was swallowed (e.g. by an unclosed HTML block): render without footnotes.
        return render(FootnoteSource.prepare(bytes, enabled: false), basicIDLines)!
    }

    /// One parse and render; cmark's memory is an arena dropped at the end (see ParseArena).
    private func render(_ prepared: FootnoteSource, _ basicIDLines: [Range<Int>]) -> MarkdownDocument? {
        withArena { renderInArena(prepared, basicIDLines) }
    }

    private func renderInArena(_ prepared: FootnoteSource, _ basicIDLines: [Range<Int>]) -> MarkdownDocument? {
        let source = SourceText(prepared.text)
        let ctx = DocumentContext(options: options, source: source, codeBlockRenderer: codeBlockRenderer, footnotes: prepared)
        ctx.basicIDLines = basicIDLines
        ctx.tableRenderer = tableRenderer
        ctx.imageFile = imageFile
        ctx.plainCodeBlocks = usesPlainCodeBlocks
        ctx.parsesEveryTableCell = parsesEveryTableCell
        let document = parseDocument(source.bytes, options: ctx.parseOptions)
        if options.kramdown && options.smartPunctuation { KramdownQuotes.adjust(document) }
        var r = HTMLRenderer(ctx: ctx)
        r.prepass(document)
        r.trackExcerpt = true
        r.stopAtFootnotes = prepared.hasDefinitions
        r.render(document)
        if prepared.hasDefinitions && !r.sawFootnoteSection { return nil }
        var excerpt: [UInt8] = []
        if let m = r.moreMarker {
            excerpt = Array(r.out[..<m])
            if r.moreInline {
                while let l = excerpt.last, l == 0x20 || l == 0x0A { excerpt.removeLast() }
                excerpt.append("</p>\n")
            }
        } else if let p = r.firstParagraph {
            excerpt = Array(r.out[p])
        }
        r.trackExcerpt = false
        let mainHeadings = r.headings.count
        if prepared.hasDefinitions { r.renderFootnotes(document) }
        var text: String?
        if options.plainText {  // before the tables of contents go in (they move the code blocks' ranges)
            let codes = r.codeTexts
            let ordered = zip(codes, codes.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound }
                && (codes.last?.range.upperBound ?? 0) <= r.out.count
            text = r.out.withUnsafeBufferPointer { plainText(fromHTML: $0, instead: ordered ? codes : []) }
        }
        r.insertTablesOfContents(mainHeadings: mainHeadings)
        let excerptHTML = excerpt.withUnsafeBufferPointer { stringFromUTF8($0) }
        let html = r.out.withUnsafeBufferPointer { stringFromUTF8($0) }
        var doc = MarkdownDocument(html: html, excerptHTML: excerptHTML,
                                   excerptText: plainText(fromHTML: excerpt), headings: r.headings, wordCount: r.words,
                                   diagnostics: r.diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
        doc.hasTableOfContents = !r.tocLists.isEmpty
        doc.text = text
        doc.codeBlockRanges = r.hookRanges
        return doc
    }
}

/// Escapes `&`, `<`, `>` and `"` for HTML text and attribute values.
public func escapeHTML(_ s: String) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count + 16)
    appendEscaped(&out, s)
    return String(decoding: out, as: UTF8.self)
}

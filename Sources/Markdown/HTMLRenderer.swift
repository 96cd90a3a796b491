import CCmark
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Facts about one parsed document that every render pass reads.
final class DocumentContext {
    let options: MarkdownOptions
    let source: SourceText
    let codeBlockRenderer: CodeBlockRenderer
    let parseOptions: Int32
    /// Feature gates from a cheap scan of the source, so plain documents pay nothing for extensions.
    let hasTildes: Bool
    let hasPipes: Bool
    let hasIAL: Bool
    let hasBrackets: Bool
    let footnotes: FootnoteSource
    /// The quote marks to write instead of cmark's “ ”, when the document's language has others and it has a `"`.
    let quoteMarks: (open: [UInt8], close: [UInt8])?
    /// The source has a typed “ or ” somewhere (then quotes are looked at block by block).
    let hasTypedQuotes: Bool
    /// The default code block hook is in use, so blocks can be written without building Strings.
    var plainCodeBlocks = false
    /// Send every table cell through cmark, plain ones too (the tests' reference for `isPlainCell`).
    var parsesEveryTableCell = false
    var tableRenderer: TableBlockRenderer?
    var imageFile: ImageFileHook?
    /// Body lines (0-based) inside `markdown="1"` block elements, whose headings get kramdown's basic ids.
    var basicIDLines: [Range<Int>] = []
    /// Lines that look like link reference definitions, for re-parsing table cells with the same links.
    lazy var referenceDefinitions: [UInt8] = collectReferenceDefinitions(source)

    init(options: MarkdownOptions, source: SourceText, codeBlockRenderer: @escaping CodeBlockRenderer, footnotes: FootnoteSource) {
        self.options = options
        self.source = source
        self.codeBlockRenderer = codeBlockRenderer
        self.parseOptions = cmarkParseOptions(options)
        self.footnotes = footnotes
        let ext = options.extensions
        var tildes = false, pipes = false, ial = false, brackets = false, straightQuote = false, typedQuotes = false
        let localQuotes = options.quotes != .english
        source.bytes.withUnsafeBufferPointer { buf in
            straightQuote = localQuotes && memchrFound(buf, 0x22)
            typedQuotes = straightQuote && (containsBytes(buf, "\u{201C}") || containsBytes(buf, "\u{201D}"))
            tildes = ext && (options.kramdown ? containsBytes(buf, "~~") : memchrFound(buf, 0x7E))
            pipes = ext && memchrFound(buf, 0x7C)
            ial = containsBytes(buf, "{:")
            brackets = memchrFound(buf, 0x5B)
        }
        hasTildes = tildes
        hasPipes = pipes
        hasIAL = ial
        hasBrackets = brackets
        quoteMarks = options.smartPunctuation && straightQuote ? options.quotes.replacement : nil
        hasTypedQuotes = typedQuotes
    }

    /// A line of the parsed text as a line of the Markdown body the caller gave us.
    func bodyLine(_ line: Int) -> Int { footnotes.bodyLine(line) }
}

/// Renders cmark's AST to HTML, byte-identical to `cmark_render_html` for plain CommonMark,
/// with our headings, code blocks, attributes and GFM extensions layered on.
struct HTMLRenderer {
    let ctx: DocumentContext
    var out: [UInt8] = []
    var diagnostics: [MarkdownDiagnostic] = []
    var headings: [Heading] = []
    var ids = HeadingIDGenerator()
    var blockAttrs: [Node: Attributes] = [:]
    var skipNodes: Set<Node> = []
    /// kramdown: a `{: …}` line inside a paragraph ends it; the soft break after that line closes the `<p>`
    /// and opens the next with these attributes (`BlockIAL.swift`).
    var paragraphSplits: [Node: Attributes?] = [:]
    /// Paragraphs with a kramdown notice class, written inside a callout quote (see Callouts.swift).
    var calloutParagraphs: Set<Node> = []
    var inlineAttrs: [Node: Attributes] = [:]
    /// Bytes to skip at the start / keep at most, per text run (keyed by its first node).
    var runSkip: [Node: Int] = [:]
    var runLimit: [Node: Int] = [:]
    /// Matched `~~` delimiters per text run: (offset in run, opens).
    var delMarks: [Node: [DelMark]] = [:]
    var footnoteState = FootnoteState()
    var linkDepth = 0
    var headingCapture: [UInt8]? = nil
    /// Excerpt bookkeeping (main document only).
    var trackExcerpt = false
    var firstParagraph: Range<Int>? = nil
    var moreMarker: Int? = nil
    var moreInline = false
    var words = 0
    var inWord = false
    /// Each code block's output range and source, for the plain text (`MarkdownOptions.plainText`).
    var codeTexts: [TextInstead] = []
    /// Where each call of the code block hook put its HTML in `out` (`MarkdownDocument.codeBlockRanges`).
    var hookRanges: [Range<Int>] = []
    var stopAtFootnotes = false
    /// Tables found by the pre-pass (their cells live in an auxiliary document in the same arena).
    var tables: [Node: PreparedTable] = [:]
    /// Set while rendering table cells (parsed elsewhere): the table's line, for diagnostics.
    var auxiliaryLine: Int? = nil
    var headingPending: [String] = []
    /// `{:toc}` lists, where their tables of contents go (output offset), and headings left out (`.no_toc`).
    var tocLists: Set<Node> = []
    /// Lists with a task item (kramdown marks all their items).
    var taskLists: Set<Node> = []
    var tocPositions: [(offset: Int, headingCount: Int, ordered: Bool)] = []
    var headingsWithoutTOC: Set<Int> = []
    /// Parents whose `~~` delimiters are already paired.
    var pairedParents: Set<Node> = []
    /// Reused buffer for joining text runs.
    var scratch: [UInt8] = []
    /// Smart quotes in the text run being written: (offset in the run, opens), when `ctx.quoteMarks` is set.
    var runQuotes: [(Int, Bool)] = []
    /// Blocks whose source has typed curly quotes (their quotes are left as they are).
    var typedQuoteBlocks: [Node: Bool] = [:]

    /// Images so far (all but the first get lazy loading); where the alt text of the open image starts;
    /// the image written as a figure, and the paragraphs that became figures.
    var imageCount = 0
    var altStart = 0
    var figureImage: Node? = nil
    var figureParagraphs: Set<Node> = []

    var sawFootnoteSection = false
    var footnoteSection: Node? = nil

    init(ctx: DocumentContext) {
        self.ctx = ctx
        ids.emptyAsKramdown = ctx.options.kramdown
        out.reserveCapacity(ctx.source.bytes.count * 2 + 256)
    }

    @inline(__always) static func isLeaf(_ t: UInt32) -> Bool {
        t == NodeType.text || t == NodeType.softBreak || t == NodeType.lineBreak || t == NodeType.code
            || t == NodeType.htmlInline || t == NodeType.codeBlock || t == NodeType.htmlBlock || t == NodeType.thematicBreak
    }

    /// Renders `root` and everything below it; `inner` leaves out the root's own tags (table cells).
    mutating func render(_ root: Node, inner: Bool = false) {
        guard let iter = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iter) }
        var plain: Node? = nil
        let unsafeHTML = ctx.options.allowRawHTML
        while true {
            let ev = cmark_iter_next(iter)
            if ev == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iter) else { break }
            let entering = ev == CMARK_EVENT_ENTER
            if inner && node == root { continue }
            if let p = plain {
                if node == p { plain = nil } else { renderPlain(node); continue }
            }
            let t = nodeType(node)
            if !skipNodes.isEmpty && skipNodes.contains(node) {
                if entering && !HTMLRenderer.isLeaf(t) { cmark_iter_reset(iter, node, CMARK_EVENT_EXIT) }
                continue
            }
            switch t {
            case NodeType.text:
                let last = renderTextRun(node)
                if last != node { cmark_iter_reset(iter, last, CMARK_EVENT_ENTER) }
            case NodeType.softBreak:
                if !paragraphSplits.isEmpty, let attrs = paragraphSplits.removeValue(forKey: node) {
                    out.append("</p>\n<p")
                    attrs?.write(to: &out)
                    out.append(0x3E)
                    inWord = false
                    continue
                }
                if ctx.options.hardBreaks { out.append("<br />\n") } else { out.append(0x0A) }
                inWord = false
                headingCapture?.append(0x20)
            case NodeType.lineBreak:
                out.append("<br />\n")
                inWord = false
                headingCapture?.append(0x20)
            case NodeType.code:
                let lit = literalBytes(node)
                if let c = ctx.options.codeSpanClass { out.append("<code class=\""); out.appendString(c); out.append("\">") } else { out.append("<code>") }
                appendEscaped(&out, lit)
                out.append("</code>")
                countWords(lit)
                headingCapture?.append(contentsOf: lit)
            case NodeType.htmlInline:
                let lit = literalBytes(node)
                if trackExcerpt && moreMarker == nil && isMoreMarker(lit, exact: true) {
                    moreMarker = out.count
                    moreInline = true
                }
                if unsafeHTML { appendRawHTMLWithImages(lit, node: node) } else { out.append("<!-- raw HTML omitted -->") }
            case NodeType.emph, NodeType.strong:
                let tag: StaticString = t == NodeType.emph ? "em" : "strong"
                if entering {
                    if ctx.hasIAL { attachInlineIAL(node) }
                    out.append(0x3C)
                    out.append(tag)
                    if !inlineAttrs.isEmpty, let a = inlineAttrs.removeValue(forKey: node) { a.write(to: &out) }
                    out.append(0x3E)
                } else {
                    out.append("</")
                    out.append(tag)
                    out.append(0x3E)
                }
            case NodeType.link:
                if entering {
                    if ctx.hasIAL { attachInlineIAL(node) }
                    linkDepth += 1
                    out.append("<a href=\"")
                    let url = cStringBytes(cmark_node_get_url(node))
                    if unsafeHTML || !isDangerousURL(url) { appendEscapedHref(&out, url) }
                    let title = cStringBytes(cmark_node_get_title(node))
                    if title.count > 0 {
                        out.append("\" title=\"")
                        appendEscaped(&out, title)
                    }
                    out.append(0x22)
                    if !inlineAttrs.isEmpty, let a = inlineAttrs.removeValue(forKey: node) { a.write(to: &out) }
                    out.append(0x3E)
                } else {
                    linkDepth -= 1
                    out.append("</a>")
                }
            case NodeType.image:
                if entering { openImage(node); plain = node } else { closeImage(node) }
            case NodeType.paragraph:
                if entering {
                    if !tables.isEmpty, let table = tables.removeValue(forKey: node) {
                        renderTable(table, node: node)
                        cmark_iter_reset(iter, node, CMARK_EVENT_EXIT)
                        continue
                    }
                    inWord = false
                    if !isTight(node) {
                        out.cr()
                        if trackExcerpt && firstParagraph == nil && isTopLevel(node) { firstParagraph = out.count..<out.count }
                        let attrs = blockAttrs.isEmpty ? nil : blockAttrs.removeValue(forKey: node)
                        if let attrs, !ctx.options.kramdown, let kind = attrs.classes.lazy.compactMap({ Self.paragraphNoticeClasses[$0] }).first {
                            openParagraphCallout(kind)
                            calloutParagraphs.insert(node)
                        }
                        figureImage = calloutParagraphs.contains(node) ? nil : figureCandidate(node)
                        if figureImage == nil { out.append("<p") } else { figureParagraphs.insert(node); out.append("<figure") }
                        attrs?.write(to: &out)
                        out.append(0x3E)
                    }
                } else {
                    inWord = false
                    if !isTight(node) {
                        if !figureParagraphs.isEmpty && figureParagraphs.remove(node) != nil { out.append("</figure>\n") } else { out.append("</p>\n") }
                        if !calloutParagraphs.isEmpty, calloutParagraphs.remove(node) != nil { out.append("</blockquote>\n") }
                        if trackExcerpt, let fp = firstParagraph, fp.isEmpty, isTopLevel(node) {
                            firstParagraph = fp.lowerBound..<out.count
                        }
                    }
                }
            case NodeType.heading:
                if entering && !tables.isEmpty, let table = tables.removeValue(forKey: node) {
                    renderTable(table, node: node)
                    cmark_iter_reset(iter, node, CMARK_EVENT_EXIT)
                    continue
                }
                renderHeading(node, entering: entering)
            case NodeType.list:
                if entering && !tocLists.isEmpty && tocLists.contains(node) {
                    out.cr()
                    tocPositions.append((out.count, headings.count, cmark_node_get_list_type(node) == CMARK_ORDERED_LIST))
                    cmark_iter_reset(iter, node, CMARK_EVENT_EXIT)
                    continue
                }
                if entering {
                    out.cr()
                    let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                    let start = Int(cmark_node_get_list_start(node))
                    if !ordered { out.append("<ul") } else if start == 1 || ctx.options.kramdown { out.append("<ol") } else {  // kramdown numbers every list from 1
                        out.append("<ol start=\"")
                        out.appendString(String(start))
                        out.append(0x22)
                    }
                    if ctx.options.kramdown && hasTaskItem(node) { taskLists.insert(node); out.append(" class=\"task-list\"") }
                    if !blockAttrs.isEmpty, let a = blockAttrs.removeValue(forKey: node) { a.write(to: &out) }
                    out.append(">\n")
                } else {
                    out.append(cmark_node_get_list_type(node) == CMARK_ORDERED_LIST ? "</ol>\n" : "</ul>\n")
                }
            case NodeType.item:
                if entering {
                    out.cr()
                    out.append("<li")
                    // kramdown marks every item of a list that holds a task.
                    if !taskLists.isEmpty, let list = parentNode(node), taskLists.contains(list) { out.append(" class=\"task-list-item\"") }
                    if !blockAttrs.isEmpty, let a = blockAttrs.removeValue(forKey: node) { a.write(to: &out) }
                    out.append(0x3E)
                } else {
                    out.append("</li>\n")
                }
            case NodeType.blockQuote:
                renderBlockQuote(node, entering: entering)
            case NodeType.codeBlock:
                renderCodeBlock(node)
            case NodeType.htmlBlock:
                let lit = literalBytes(node)
                if stopAtFootnotes && ctx.footnotes.isSectionMarker(lit) && isTopLevel(node) {
                    sawFootnoteSection = true
                    footnoteSection = node
                    cmark_iter_reset(iter, root, CMARK_EVENT_EXIT)
                    continue
                }
                if stopAtFootnotes && startsWith(lit, FootnoteSource.itemPlaceholder) { continue }
                out.cr()
                if trackExcerpt && moreMarker == nil && isTopLevel(node) && isMoreMarker(lit, exact: false) {
                    moreMarker = out.count
                }
                if unsafeHTML { appendRawHTMLWithImages(lit, node: node) } else { out.append("<!-- raw HTML omitted -->") }
                out.cr()
            case NodeType.thematicBreak:
                out.cr()
                out.append("<hr")
                if !blockAttrs.isEmpty, let a = blockAttrs.removeValue(forKey: node) { a.write(to: &out) }
                out.append(" />\n")
            default:
                break
            }
        }
    }

    /// Image alt text: literals only, escaped; breaks become spaces (as cmark does).
    private mutating func renderPlain(_ node: Node) {
        let t = nodeType(node)
        if t == NodeType.text || t == NodeType.code || t == NodeType.htmlInline {
            appendEscaped(&out, literalBytes(node))
        } else if t == NodeType.softBreak || t == NodeType.lineBreak {
            out.append(0x20)
        }
    }

    @inline(__always) private func isTight(_ paragraph: Node) -> Bool {
        guard let parent = parentNode(paragraph), let grand = parentNode(parent) else { return false }
        guard nodeType(grand) == NodeType.list else { return false }
        return ctx.options.kramdown ? kramdownBare(paragraph, item: parent, list: grand) : cmark_node_get_list_tight(grand) != 0
    }

    @inline(__always) func isTopLevel(_ node: Node) -> Bool {
        guard let p = parentNode(node) else { return false }
        return nodeType(p) == NodeType.document
    }

    private func isMoreMarker(_ lit: UnsafeBufferPointer<UInt8>, exact: Bool) -> Bool {
        guard lit.count >= 11, lit[0] == 0x3C, lit[4] == 0x6D, startsWith(lit, "<!--more-->") else { return false }
        return !exact || lit.count == 11
    }

    /// Words are runs of bytes other than space, tab, CR and LF. Eight bytes at a time: a word
    /// starts at a non-blank byte whose previous byte is blank (or, for the first, when not `inWord`).
    mutating func countWords(_ s: UnsafeBufferPointer<UInt8>) {
        guard let p = s.baseAddress else { return }
        let n = s.count
        var w = words
        var inside = inWord
        var i = 0
        while i + 8 <= n {
            let nonBlank = nonBlankMask(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            let previous = nonBlank << 8 | (inside ? 0x80 : 0)
            w += (nonBlank & ~previous).nonzeroBitCount
            inside = nonBlank >> 63 != 0
            i += 8
        }
        while i < n {
            let b = p[i]
            if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D {
                inside = false
            } else if !inside {
                inside = true
                w += 1
            }
            i += 1
        }
        words = w
        inWord = inside
    }

    /// The bytes of the text nodes `first…last` (siblings), joined.
    func runBytes(_ first: Node, last: Node) -> [UInt8] {
        var bytes: [UInt8] = []
        var n: Node? = first
        while let cur = n {
            bytes.append(contentsOf: literalBytes(cur))
            if cur == last { break }
            n = nextSibling(cur)
        }
        return bytes
    }

    mutating func warn(line: Int, column: Int, _ message: String, hint: String? = nil) {
        diagnostics.append(MarkdownDiagnostic(severity: .warning, line: ctx.bodyLine(line), column: column, message: message, hint: hint))
    }
}

/// The high bit of each byte of `x` set when that byte is not a space, tab, LF or CR (exact, no carries
/// between bytes: the low seven bits are added apart from the high one).
@inline(__always) func nonBlankMask(_ x: UInt64) -> UInt64 {
    let high: UInt64 = 0x8080_8080_8080_8080, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    // Exact per byte (the sums stay inside each byte): `(x & 0x7F) + 0x5F` reaches the high bit from 0x21 on,
    // `+ 0x60` from 0x20 on. Text nodes rarely hold a line break (cmark makes those nodes of their own), so
    // eight bytes are usually letters and spaces only: two tests instead of four (countWords was 71 M
    // instructions a build).
    let masked = x & low
    let atMostSpace = ~((masked &+ 0x5F5F_5F5F_5F5F_5F5F) | x) & high
    if atMostSpace == 0 { return high }
    if ~((masked &+ 0x6060_6060_6060_6060) | x) & high == 0 { return ~atMostSpace & high }
    @inline(__always) func nonZero(_ t: UInt64) -> UInt64 { (((t & low) &+ low) | t) & high }
    return nonZero(x ^ 0x2020_2020_2020_2020) & nonZero(x ^ 0x0A0A_0A0A_0A0A_0A0A)
        & nonZero(x ^ 0x0909_0909_0909_0909) & nonZero(x ^ 0x0D0D_0D0D_0D0D_0D0D)
}

func memchrFound(_ buf: UnsafeBufferPointer<UInt8>, _ byte: UInt8) -> Bool {
    guard let base = buf.baseAddress, buf.count > 0 else { return false }
    return memchr(base, Int32(byte), buf.count) != nil
}

extension String {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

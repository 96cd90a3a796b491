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

    public init(smartPunctuation: Bool = true, allowRawHTML: Bool = true, hardBreaks: Bool = false, headingAnchors: Bool = false) {
        self.smartPunctuation = smartPunctuation
        self.allowRawHTML = allowRawHTML
        self.hardBreaks = hardBreaks
        self.headingAnchors = headingAnchors
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

    public init(code: String, language: String?, info: String = "", attributes: [String: String] = [:], highlightedLines: Set<Int> = [], line: Int = 1) {
        self.code = code
        self.language = language
        self.info = info
        self.attributes = attributes
        self.highlightedLines = highlightedLines
        self.line = line
    }
}

/// Turns a code block into its full HTML (wrapper included).
public typealias CodeBlockRenderer = @Sendable (CodeBlock) -> String

/// A warning or error found while rendering, with a position in the Markdown body (1-based).
public struct MarkdownDiagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable { case warning, error }
    public var severity: Severity
    public var line: Int
    public var column: Int
    public var message: String
    public init(severity: Severity, line: Int, column: Int, message: String) {
        self.severity = severity
        self.line = line
        self.column = column
        self.message = message
    }
}

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
    public var codeBlockRenderer: CodeBlockRenderer

    public init(options: MarkdownOptions = MarkdownOptions(), codeBlockRenderer: CodeBlockRenderer? = nil) {
        self.options = options
        self.codeBlockRenderer = codeBlockRenderer ?? MarkdownRenderer.plainCodeBlock
    }

    /// The default hook: escaped code in the Jekyll + Rouge wrapper.
    public static let plainCodeBlock: CodeBlockRenderer = { block in
        let lang = block.language.map { escapeHTML($0) } ?? "plaintext"
        return "<div class=\"language-\(lang) highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>"
            + escapeHTML(block.code) + "</code></pre></div></div>\n"
    }

    /// Renders a Markdown body (front matter already removed).
    public func render(_ markdown: String) -> MarkdownDocument {
        // Placeholder until the AST renderer lands: cmark's own renderer.
        var opts = CMARK_OPT_DEFAULT
        if options.smartPunctuation { opts |= CMARK_OPT_SMART }
        if options.allowRawHTML { opts |= CMARK_OPT_UNSAFE }
        let html: String = markdown.withCString { ptr in
            guard let out = cmark_markdown_to_html(ptr, strlen(ptr), opts) else { return "" }
            defer { free(out) }
            return String(cString: out)
        }
        let excerpt = html.split(separator: "</p>", maxSplits: 1).first.map { $0 + "</p>\n" } ?? html
        return MarkdownDocument(html: html, excerptHTML: excerpt, excerptText: excerpt, wordCount: markdown.split(whereSeparator: { $0 == " " || $0 == "\n" }).count)
    }
}

/// Escapes `&`, `<`, `>` and `"` for HTML text and attribute values.
public func escapeHTML(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for c in s.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}

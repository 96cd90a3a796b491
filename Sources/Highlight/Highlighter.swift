/// Options for one highlighted block.
public struct HighlightOptions: Sendable, Hashable {
    /// Inline `style` attributes instead of classes (for feed readers that drop stylesheets).
    public var inlineStyles: Bool
    /// Show line numbers (not copied with the code).
    public var lineNumbers: Bool
    /// 1-based lines to mark.
    public var highlightedLines: Set<Int>
    /// A file title shown above the code (`title="Store.swift"`).
    public var title: String?
    /// What to do with a block that has no language.
    public var unlabeled: UnlabeledPolicy

    public init(inlineStyles: Bool = false, lineNumbers: Bool = false, highlightedLines: Set<Int> = [], title: String? = nil, unlabeled: UnlabeledPolicy = .auto) {
        self.inlineStyles = inlineStyles
        self.lineNumbers = lineNumbers
        self.highlightedLines = highlightedLines
        self.title = title
        self.unlabeled = unlabeled
    }
}

/// `highlight.unlabeled` site setting.
public enum UnlabeledPolicy: Sendable, Hashable {
    case auto
    case plaintext
    case language(String)
}

/// A language guess for unlabeled code.
public struct Detection: Sendable, Hashable {
    public var language: String
    public var confidence: Double
    public init(language: String, confidence: Double) {
        self.language = language
        self.confidence = confidence
    }
}

/// The result of highlighting a block.
public struct HighlightedBlock: Sendable, Hashable {
    /// Full HTML of the block, wrapper included.
    public var html: String
    /// Canonical name of the language used (`plaintext` when none).
    public var language: String
    /// False when the requested language is unknown (the caller warns).
    public var languageKnown: Bool
    public init(html: String, language: String, languageKnown: Bool) {
        self.html = html
        self.language = language
        self.languageKnown = languageKnown
    }
}

/// A pure-Swift syntax highlighter emitting Pygments/Rouge class names.
public struct Highlighter: Sendable {
    public init() {}

    /// Highlights `code` as a complete block in the Jekyll/Rouge wrapper.
    public func highlight(_ code: String, language: String?, options: HighlightOptions = HighlightOptions()) -> HighlightedBlock {
        let name = language ?? "plaintext"
        let html = "<div class=\"language-\(name) highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>"
            + Highlighter.escape(code) + "</code></pre></div></div>\n"
        return HighlightedBlock(html: html, language: name, languageKnown: language == nil)
    }

    /// Guesses the language of unlabeled code; nil when unsure.
    public func detect(_ code: String) -> Detection? { nil }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

extension Highlighter {
    /// Names of the built-in CSS themes.
    public static var themeNames: [String] { ["galley"] }

    /// CSS for a theme (Pygments/Rouge class selectors), nil for an unknown name.
    public static func css(theme: String) -> String? {
        theme == "galley" ? "/* syntax theme placeholder */\n" : nil
    }
}

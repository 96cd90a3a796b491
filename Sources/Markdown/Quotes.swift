/// The pair of marks smart punctuation turns `"…"` into. cmark always makes English “ ”; a site sets the
/// pair per document from the page's language. Only double quotes change: a single `'` is mostly an
/// apostrophe (`don't`, `l'été`), which stays ’ in every language.
public struct QuoteStyle: Sendable, Hashable {
    public var open: String
    public var close: String

    public init(open: String, close: String) {
        self.open = open
        self.close = close
    }

    /// English (and the default): “ ”.
    public static let english = QuoteStyle(open: "\u{201C}", close: "\u{201D}")
    /// French: « » with a narrow no-break space inside, so the marks never part from the words at a line end.
    public static let french = QuoteStyle(open: "\u{AB}\u{202F}", close: "\u{202F}\u{BB}")
    /// German (and Austrian): „ “, low then high.
    public static let german = QuoteStyle(open: "\u{201E}", close: "\u{201C}")
    /// « » without spaces: Spanish (the RAE's first choice), Italian and European Portuguese book typography,
    /// Swiss German.
    public static let guillemets = QuoteStyle(open: "\u{AB}", close: "\u{BB}")

    /// The pair for a BCP 47 tag (`fr`, `de-AT`, `pt-BR`). Brazilian Portuguese, the larger audience and the
    /// form `pt` alone usually means, writes “ ”; Portugal writes « ». Anything unknown gets English.
    public static func forLanguage(_ tag: String) -> QuoteStyle {
        let parts = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        let lang = parts.first.map(String.init) ?? ""
        let region = parts.dropFirst().first(where: { $0.count == 2 }).map(String.init)
        switch (lang, region) {
        case ("fr", _): return .french
        case ("de", "ch"): return .guillemets
        case ("de", _): return .german
        case ("es", _), ("it", _): return .guillemets
        case ("pt", "pt"): return .guillemets
        default: return .english
        }
    }

    /// The marks as bytes, nil for English (nothing to replace).
    var replacement: (open: [UInt8], close: [UInt8])? {
        self == .english ? nil : (Array(open.utf8), Array(close.utf8))
    }
}

extension HTMLRenderer {
    /// Writes `s[from..<to]` escaped, with the language's quote marks at the offsets in `runQuotes`.
    mutating func flushQuoted(_ s: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ marks: (open: [UInt8], close: [UInt8])) {
        Self.quoted(s, from, to, runQuotes, marks) { part, isMark in
            if isMark { out.append(contentsOf: part) } else { appendEscaped(&out, part) }
        }
    }

    /// The same text unescaped, for a heading's text in tables of contents (its id comes from the source).
    func headingText(_ s: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ marks: (open: [UInt8], close: [UInt8])) -> [UInt8] {
        var text: [UInt8] = []
        Self.quoted(s, from, to, runQuotes, marks) { part, _ in text.append(contentsOf: part) }
        return text
    }

    /// Calls `write` with the pieces of `s[from..<to]`: text, and each quote's replacement (`isMark`).
    private static func quoted(_ s: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ quotes: [(Int, Bool)],
                               _ marks: (open: [UInt8], close: [UInt8]), _ write: (UnsafeBufferPointer<UInt8>, Bool) -> Void) {
        var at = from
        for (offset, opens) in quotes where offset >= at && offset + 3 <= to {
            if offset > at { write(UnsafeBufferPointer(rebasing: s[at..<offset]), false) }
            (opens ? marks.open : marks.close).withUnsafeBufferPointer { write($0, true) }
            at = offset + 3
        }
        if to > at { write(UnsafeBufferPointer(rebasing: s[at..<to]), false) }
    }
}

import Foundation
import Liquid
import Markdown

/// BCP 47 language tags as pages use them: `es`, `pt-BR`, `zh-Hant-TW`, `es-419`.
enum LanguageTag {
    /// The tag in its usual case (`pt-br` → `pt-BR`), or nil when it is not a language tag.
    static func canonical(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        var out = [first.lowercased()]
        for (i, p) in parts.dropFirst().enumerated() {
            guard (1...8).contains(p.count), p.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if i == 0 && p.count == 4 && p.allSatisfy(\.isLetter) { out.append(p.prefix(1).uppercased() + p.dropFirst().lowercased()) }
            else if p.count == 2 && p.allSatisfy(\.isLetter) { out.append(p.uppercased()) }
            else { out.append(p.lowercased()) }
        }
        return out.joined(separator: "-")
    }

    /// What to say about a value that is not a tag.
    static func hint(for text: String) -> String {
        if text.contains("_"), let fixed = canonical(text.replacingOccurrences(of: "_", with: "-")) {
            return "language tags use `-`: write `\(fixed)`"
        }
        return "write a BCP 47 language tag such as `en`, `es` or `pt-BR`"
    }

    /// The warning for a language with no words: built in or from a file.
    static func unsupported(_ tag: String, file: String, line: Int, column: Int) -> SiteDiagnostic {
        .warning(file, line: line, column: column, "Galley has no words for `\(tag)`: the theme's words are in English",
                 hint: "built in: " + Words.builtIn.keys.sorted().joined(separator: ", ") + "; add i18n/\(tag).yml with the words (README.md, \"Languages\")")
    }

    /// The primary language subtag, lowercased (`pt-BR` → `pt`).
    static func primary(_ tag: String) -> String {
        String(tag.split(separator: "-").first ?? "").lowercased()
    }
}

/// Month and weekday names from the platform's locale data (ICU through Foundation), read once per language:
/// a `DateFormatter` costs milliseconds to make, and dates are formatted for thousands of pages.
struct DateNames: Sendable {
    let months: [String]
    let shortMonths: [String]
    /// Month names as they stand alone (headings), capitalised as a heading starts: `Marzo` in an archive.
    let monthHeadings: [String]
    let weekdays: [String]
    let shortWeekdays: [String]

    init(language tag: String) {
        let f = DateFormatter()
        f.locale = Locale(identifier: tag)
        f.calendar = Calendar(identifier: .gregorian)
        months = f.monthSymbols
        shortMonths = f.shortMonthSymbols
        monthHeadings = f.standaloneMonthSymbols.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        weekdays = f.weekdaySymbols
        shortWeekdays = f.shortWeekdaySymbols
    }

    /// English, for what must not change with a page's language: permalinks (`:long_month`), Jekyll's `%b`.
    static let english = DateNames(language: "en")
}

/// One language's words, date names and quote marks, made once per build and language.
final class LanguagePack: Sendable {
    /// The tag pages carry (`lang="pt-BR"`).
    let tag: String
    let words: [String: String]
    /// `words` for templates (`{{ t.min_read }}`), keys in order.
    let template: Value
    /// strftime pattern of `date.display` (site.yml's `date_format` wins over it).
    let dateFormat: String
    let names: DateNames
    let quotes: QuoteStyle
    /// Callout titles by kind (`WARNING` → "Advertencia"), for the Markdown renderer.
    let calloutTitles: [String: String]

    init(tag: String, words: [String: String], siteTitle: String) {
        self.tag = tag
        var w = words
        for (k, v) in w where v.contains("{site}") { w[k] = v.replacingOccurrences(of: "{site}", with: siteTitle) }
        self.words = w
        dateFormat = w["date_format"] ?? "%-d %B %Y"
        w["date_format"] = nil
        template = .hash(LiquidHash(w.keys.sorted().map { ($0, Value.string(w[$0]!)) }))
        names = tag == "en" ? .english : DateNames(language: tag)
        quotes = QuoteStyle.forLanguage(tag)
        var titles: [String: String] = [:]
        for kind in ["note", "tip", "important", "warning", "caution"] {
            if let title = w["callout_" + kind] ?? Words.english["callout_" + kind] { titles[kind.uppercased()] = title }
        }
        calloutTitles = titles
    }

    /// The phrase `key` with `{name}`-style placeholders filled in.
    func phrase(_ key: String, _ values: [String: String] = [:]) -> String {
        let s = words[key] ?? Words.english[key] ?? key
        guard !values.isEmpty, s.utf8.contains(UInt8(ascii: "{")) else { return s }
        // One pass over the phrase (Foundation's replacingOccurrences per value was a visible part of
        // every list page's cost); a `{name}` without a value stays as written.
        var out = "", rest = Substring(s)
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            out += rest[..<open]
            let after = rest[open...].dropFirst()
            if let close = after.utf8.firstIndex(of: UInt8(ascii: "}")), let v = values[String(after[..<close])] {
                out += v
                rest = after[close...].dropFirst()
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
    }
}

extension SiteConfig {
    /// The pack of a page in `tag`.
    func pack(_ tag: String) -> LanguagePack { languages.pack(tag, siteTitle: title) }
    /// The pack of the site's own language: list pages, the 404 page, search.
    var sitePack: LanguagePack { pack(language) }
}

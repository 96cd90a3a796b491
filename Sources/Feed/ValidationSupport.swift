import Foundation

/// Collects findings while rules walk a feed.
struct Findings {
    var list: [FeedDiagnostic] = []
    /// Whose feed this is: decides the severity of the rules Galley is stricter about than the W3C validator.
    var policy: FeedPolicy = .foreign
    /// Shared results of the text checks, when the caller validates many feeds with the same items.
    var memo: TextCheckMemo? = nil

    mutating func error(_ rule: String, _ message: String, line: Int, column: Int = 0) {
        list.append(FeedDiagnostic(severity: .error, rule: rule, message: message, line: line, column: column))
    }

    mutating func warning(_ rule: String, _ message: String, line: Int, column: Int = 0) {
        list.append(FeedDiagnostic(severity: .warning, rule: rule, message: message, line: line, column: column))
    }

    mutating func error(_ rule: String, _ message: String, at node: XMLElementNode) {
        error(rule, message, line: node.line, column: node.column)
    }

    mutating func warning(_ rule: String, _ message: String, at node: XMLElementNode) {
        warning(rule, message, line: node.line, column: node.column)
    }

    /// A rule the W3C feed validator only warns about: an error in feeds Galley writes (the message
    /// says it is Galley's own requirement), a warning in anyone else's feed.
    mutating func galleyRule(_ rule: String, _ message: String, line: Int, column: Int = 0) {
        switch policy {
        case .galley: error(rule, message + " (Galley requires this of the feeds it writes)", line: line, column: column)
        case .foreign: warning(rule, message, line: line, column: column)
        }
    }

    mutating func galleyRule(_ rule: String, _ message: String, at node: XMLElementNode) {
        galleyRule(rule, message, line: node.line, column: node.column)
    }
}

/// Checks shared by all three formats: text that readers would show wrongly.
enum TextChecks {
    /// C1 controls (U+0080–U+009F) are legal XML but almost always Windows-1252 bytes decoded as Latin-1.
    static func hasC1Control(_ s: String) -> Bool {
        // U+0080…U+009F are C2 80…C2 9F in UTF-8: memchr to each C2 byte, no scalar decoding.
        var copy = s
        return copy.withUTF8 { b in
            guard let base = b.baseAddress else { return false }
            var i = 0
            while i + 1 < b.count, let p = memchr(base + i, 0xC2, b.count - i - 1) {
                let at = UnsafePointer<UInt8>(p.assumingMemoryBound(to: UInt8.self)) - base
                if base[at + 1] >= 0x80 && base[at + 1] <= 0x9F { return true }
                i = at + 1
            }
            return false
        }
    }

    /// Whether the UTF-8 of `s` contains `byte` (memchr: post content is tens of kilobytes).
    static func containsByte(_ s: String, _ byte: UInt8) -> Bool {
        var copy = s
        return copy.withUTF8 { b in b.baseAddress.map { memchr($0, Int32(byte), b.count) != nil } ?? false }
    }

    /// UTF-8 decoded as Latin-1/Windows-1252 leaves tell-tale pairs: `Ã©`, `â€™`, `Â `.
    static func looksDoubleEncoded(_ s: String) -> Bool {
        // Every pattern starts with Ã, â, Â or ï, all of which are C3 xx in UTF-8: most text has no C3 byte.
        guard containsByte(s, 0xC3) else { return false }
        let scalars = Array(s.unicodeScalars)
        guard scalars.count >= 2 else { return false }
        for i in 0..<(scalars.count - 1) {
            let a = scalars[i].value, b = scalars[i + 1].value
            if a == 0xC3, (b >= 0x80 && b <= 0xBF) || [0x2018, 0x2019, 0x201A, 0x201C, 0x201D, 0x201E, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203A, 0x20AC, 0x2122, 0x0160, 0x0161, 0x0152, 0x0153, 0x017D, 0x017E, 0x0178, 0x0192, 0x02C6, 0x02DC].contains(b) { return true }
            if a == 0xE2, b == 0x20AC || b == 0x201A || b == 0x201E { return true }  // â€ …
            if a == 0xC2, b >= 0xA0, b <= 0xBF { return true }  // Â followed by a Latin-1 symbol
            if a == 0xEF, b == 0xBB, i + 2 < scalars.count, scalars[i + 2].value == 0xBF { return true }  // BOM as text
        }
        return false
    }

    /// HTML elements that show up in titles by mistake. A closed list, so generics in engineering
    /// titles (`Result<T, E>`, `Array<Element>`) are not mistaken for markup.
    static let htmlTags: Set<String> = ["a", "abbr", "b", "blockquote", "br", "center", "cite", "code", "del", "div", "em", "font",
                                        "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "iframe", "img", "ins", "kbd", "li", "mark",
                                        "ol", "p", "pre", "q", "s", "samp", "script", "small", "span", "strike", "strong", "style",
                                        "sub", "sup", "table", "td", "th", "time", "tr", "u", "ul", "var"]

    /// Plain-text fields showing markup: `<b>`, `</p>`, `<a href=…>` with a known HTML tag name.
    static func looksLikeHTML(_ s: String) -> Bool {
        let b = Array(s.utf8)
        var i = 0
        while i + 1 < b.count {
            if b[i] == 60 {
                var j = i + 1
                if b[j] == 47 { j += 1 }
                let start = j
                while j < b.count, (b[j] | 32 >= 97 && b[j] | 32 <= 122) || (b[j] >= 48 && b[j] <= 57) { j += 1 }
                if j > start, j < b.count, b[j] == 62 || b[j] == 32 || b[j] == 47,
                   htmlTags.contains(String(decoding: b[start..<j], as: UTF8.self).lowercased()),
                   b[j...].contains(62) {
                    return true
                }
            }
            i += 1
        }
        return false
    }

    /// Text escaped twice shows readers a literal `&amp;` or `&lt;`.
    static func looksDoubleEscaped(_ s: String) -> Bool {
        guard s.contains("&") else { return false }
        for entity in ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "&nbsp;"] where s.contains(entity) { return true }
        return false
    }

    /// Runs the encoding checks on one text value.
    static func check(_ text: String, field: String, line: Int, column: Int, digest: Int? = nil, into f: inout Findings) {
        let found = f.memo?.encodingChecks(text, digest: digest) { .init(c1: hasC1Control(text), mojibake: looksDoubleEncoded(text)) }
            ?? .init(c1: hasC1Control(text), mojibake: looksDoubleEncoded(text))
        guard found.c1 || found.mojibake else { return }
        // The same post text is in every feed that carries the post: one subject for all its copies.
        let subject = String(text.utf8.count) + ":" + String(text.hashValue, radix: 36)
        if found.c1 {
            f.warning("feed-c1-control", "\(field) contains C1 control characters (U+0080–U+009F), usually Windows-1252 text decoded wrongly", line: line, column: column)
            f.list[f.list.count - 1].subject = subject
        }
        if found.mojibake {
            f.warning("feed-mojibake", "\(field) looks double-encoded (UTF-8 read as Latin-1, e.g. \"Ã©\" for \"é\")", line: line, column: column)
            f.list[f.list.count - 1].subject = subject
        }
    }

    /// Relative references in HTML content, which readers resolve against nothing. A `#fragment`
    /// alone points within the item itself (footnotes), which every reader shows in place.
    static func relativeURLs(inHTML html: String, memo: TextCheckMemo? = nil, digest: Int? = nil) -> [String] {
        let compute = { FeedHTML.urls(in: html).filter { !FeedURL.isAbsolute($0) && !$0.isEmpty && !$0.hasPrefix("#") } }
        return memo?.relativeURLs(html, digest: digest, compute: compute) ?? compute()
    }
}

extension XMLElementNode {
    /// Every element in document order, this one first.
    func walk(_ visit: (XMLElementNode) -> Void) {
        visit(self)
        for c in children { c.walk(visit) }
    }
}

import Foundation
import TextBytes

/// Parses a written feed back (XML with libxml2, JSON with a position-tracking parser) and
/// checks it, so a feed that readers would reject fails the build instead of the reader.
/// How strictly to judge a feed. Galley's own feeds must carry a self link, 4-digit years and
/// unique ids; other people's feeds get the W3C feed validator's severities, so that a feed the
/// validator accepts is not failed by `galley check`.
public enum FeedPolicy: Sendable {
    /// Feeds `galley build` writes: Galley's stricter rules are errors.
    case galley
    /// Feeds found by `galley check`: what the W3C validator only warns about is a warning.
    case foreign
}

public enum FeedValidator {
    public enum Format: String, Sendable { case rss, atom, jsonFeed = "json", unknown }

    /// Validates an RSS (2.0, 0.9x, 1.0), Atom or JSON feed. `expectedSelfURL`, when given, must equal the feed's self link.
    /// Dates later than `now` + 1 day are warned about. Findings are sorted by line.
    /// `memo` lets many feeds sharing items (a site's feed and its term feeds) scan each item's text once.
    /// `layout` (how the writer joined the feed) with `trees` lets feeds sharing items parse each item once; the
    /// findings are the same as without them. `itemUses[i]`: how many feeds of the pass carry item `i`, so its
    /// tree is let go after the last.
    public static func validate(_ data: Data, expectedSelfURL: String? = nil, policy: FeedPolicy = .foreign, now: Date = Date(), memo: TextCheckMemo? = nil,
                                layout: FeedLayout? = nil, trees: XMLItemTrees? = nil, itemUses: [Int]? = nil) -> [FeedDiagnostic] {
        validate(data, expectedSelf: expectedSelfURL.map(SelfExpectation.url), policy: policy, now: now, memo: memo, layout: layout, trees: trees, itemUses: itemUses)
    }

    /// For feeds found in an output folder, where the site URL is unknown: the self link's
    /// path must end with the file's path inside the folder (e.g. `blog/feed.xml`).
    public static func validate(_ data: Data, publishedAtPath relativePath: String, now: Date = Date()) -> [FeedDiagnostic] {
        validate(data, expectedSelf: .pathSuffix(relativePath), policy: .foreign, now: now)
    }

    /// A feed found in an output folder, validated, and the links it carries (for `galley check`'s link
    /// pass), from one parse: parsing the feeds again for their links cost a fifth of the check.
    public static func validateWithLinks(_ data: Data, publishedAtPath relativePath: String, now: Date = Date()) -> (diagnostics: [FeedDiagnostic], links: FeedLinks) {
        var links = FeedLinks()
        let diagnostics = validate(data, expectedSelf: .pathSuffix(relativePath), policy: .foreign, now: now) { parsed in
            switch parsed {
            case .xml(let root): links = FeedLinks.extract(xml: root)
            case .json(let root): links = FeedLinks.extract(json: root)
            }
        }
        return (diagnostics, links)
    }

    enum Parsed {
        case xml(XMLElementNode)
        case json(JSONNode)
    }

    static func validate(_ data: Data, expectedSelf: SelfExpectation?, policy: FeedPolicy, now: Date, memo: TextCheckMemo? = nil,
                         layout: FeedLayout? = nil, trees: XMLItemTrees? = nil, itemUses: [Int]? = nil,
                         parsed: ((Parsed) -> Void)? = nil) -> [FeedDiagnostic] {
        var f = Findings()
        f.memo = memo
        f.policy = policy
        let firstByte = data.first { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        if let kind = foreignFormat(data) {
            // Starts with `{` like JSON, but calling it "malformed JSON" sends the author looking in the wrong place.
            f.error("file-format", "this is \(kind), not a feed (neither XML nor JSON)", line: 1, column: 1)
            return f.list
        }
        switch firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[") ? .jsonFeed : sniff(data) {
        case .jsonFeed:
            switch JSONParser.parse(data) {
            case .failure(let e): f.error("json-well-formed", e.message, line: e.line, column: e.column)
            case .success(let root):
                parsed?(.json(root))
                JSONFeedRules.check(root, expectedSelf: expectedSelf, now: now, into: &f)
            }
        default:
            prolog(data, into: &f)
            let spliced = layout.flatMap { layout in trees.flatMap { XMLTree.parse(data, layout: layout, trees: $0, uses: itemUses) } }
            switch spliced.map(Result.success) ?? XMLTree.parse(data, bulkCDATA: policy == .galley) {
            case .failure(let e):
                f.error("xml-well-formed", e.message, line: e.line, column: e.column)
            case .success(let root):
                parsed?(.xml(root))
                if root.name == "rss", root.namespace == nil {
                    RSSRules.check(root, expectedSelf: expectedSelf, now: now, into: &f)
                } else if root.name == "feed", root.namespace == AtomRules.ns {
                    AtomRules.check(root, expectedSelf: expectedSelf, now: now, into: &f)
                } else if root.name == "entry", root.namespace == AtomRules.ns {
                    AtomRules.check(entryDocument: root, now: now, into: &f)
                } else if RDFRules.isRDF(root) {
                    RDFRules.check(root, now: now, into: &f)
                } else {
                    f.error("feed-format-unknown", "root element <\(root.name)> is not RSS <rss>, RSS 1.0 <rdf:RDF> or Atom <feed>", at: root)
                }
            }
        }
        return f.list.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// A document format that is neither XML nor JSON, recognised by its signature (a word processor's
    /// RTF saved under a feed's name), or nil.
    static func foreignFormat(_ data: Data) -> String? {
        var head = Array(data.prefix(16))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        if head.starts(with: Array("{\\rtf".utf8)) { return "an RTF document (saved by a word processor; export the feed as plain text)" }
        if head.starts(with: Array("%PDF-".utf8)) { return "a PDF document" }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive (or a word processor's .docx)" }
        return nil
    }

    /// Only the syntax of a JSON file that is not a feed (a search index, data files): one error or none.
    public static func wellFormedJSON(_ data: Data) -> [FeedDiagnostic] {
        if let kind = foreignFormat(data) {
            var f = Findings()
            f.error("file-format", "this is \(kind), not JSON", line: 1, column: 1)
            return f.list
        }
        if let e = JSONParser.syntaxError([UInt8](data)) {
            var f = Findings()
            f.error("json-well-formed", e.message, line: e.line, column: e.column)
            return f.list
        }
        return []
    }

    /// Guesses the format from the first bytes, for files whose extension says little (`feed.json`, `index.xml`).
    public static func sniff(_ data: Data) -> Format {
        let head = data.prefix(2048)
        var bytes = Array(head)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.firstIndex(where: { $0 != 32 && $0 != 9 && $0 != 10 && $0 != 13 }) else { return .unknown }
        if bytes[first] == UInt8(ascii: "{") {
            // Keys may come in any order (Galley sorts them, so "version" is last): search the whole file.
            // Byte search: Foundation's Data.range(of:) was a visible share of checking a search index.
            let found = data.withUnsafeBytes { raw -> Bool in
                guard let p = raw.bindMemory(to: UInt8.self).baseAddress else { return false }
                return ("jsonfeed.org/version" as StaticString).withUTF8Buffer { findBytes(p, raw.count, $0.baseAddress!, $0.count) != nil }
            }
            return found ? .jsonFeed : .unknown
        }
        guard bytes[first] == UInt8(ascii: "<") else { return .unknown }
        if rssTagInASCII(bytes) { return .rss }
        let text = String(decoding: bytes, as: UTF8.self)
        if text.contains("<rss") { return .rss }
        if text.contains("RDF"), text.contains(RDFRules.rss10NS) || text.contains(RDFRules.rss090NS) { return .rss }
        if text.contains("<feed") && text.contains("http://www.w3.org/2005/Atom") { return .atom }
        return .unknown
    }

    /// Whether `<rss` is in `bytes` between ASCII bytes (or at an end): then it is whole Characters of the decoded
    /// text, and `sniff`'s `contains("<rss")` is true. Every feed Galley writes is sniffed; decoding its head to search
    /// it by Characters was a visible share of validating (measured). False leaves the answer to the general search.
    static func rssTagInASCII(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for i in 0...(bytes.count - 4) where bytes[i] == 60 && bytes[i + 1] == 114 && bytes[i + 2] == 115 && bytes[i + 3] == 115 {
            return (i == 0 || bytes[i - 1] < 0x80) && (i + 4 == bytes.count || bytes[i + 4] < 0x80)
        }
        return false
    }

    /// Nothing may precede the XML declaration (not even whitespace), and feeds should have one.
    static func prolog(_ data: Data, into f: inout Findings) {
        var bytes = Array(data.prefix(4096))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // UTF-16 (with its byte-order mark): look at the declaration in the file's own encoding.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { i in
                littleEndian ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
            }
            bytes = Array(String(decoding: units, as: UTF16.self).utf8)
        }
        netscapeDTD(bytes, into: &f)
        let decl = Array("<?xml".utf8)
        if bytes.starts(with: decl) {
            // XML 1.1 changes which characters are legal; feed readers expect 1.0.
            let head = String(decoding: bytes.prefix(200), as: UTF8.self)
            if let end = head.range(of: "?>"), !head[..<end.lowerBound].contains("version=\"1.0\""), !head[..<end.lowerBound].contains("version='1.0'") {
                f.error("xml-version", "the XML declaration must say version=\"1.0\"", line: 1, column: 1)
            }
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if let r = text.range(of: "<?xml ") {
            let before = text[..<r.lowerBound]
            let line = before.filter { $0 == "\n" }.count + 1
            f.error("xml-content-before-declaration", "the XML declaration must be the very first thing in the file (found \(before.allSatisfy(\.isWhitespace) ? "whitespace" : "content") before it)", line: line, column: 1)
        } else {
            f.warning("xml-declaration-missing", "feed has no <?xml version=\"1.0\" encoding=\"UTF-8\"?> declaration", line: 1, column: 1)
        }
    }
}

extension FeedValidator {
    static let doctype = Array("<!DOCTYPE".utf8)

    /// RSS 0.91's DTD at my.netscape.com has been gone since 2007: readers that fetch DTDs fail on it.
    static func netscapeDTD(_ head: [UInt8], into f: inout Findings) {
        // Most feeds have no DOCTYPE: a byte search says so without decoding the head and Foundation's `range(of:)`
        // (measured in a build's profile); an ASCII needle has no other spelling that `range(of:)` would match.
        guard findBytes(head, Self.doctype) != nil else { return }
        let text = String(decoding: head, as: UTF8.self)
        guard let doctype = text.range(of: "<!DOCTYPE"),
              let dtd = text[doctype.upperBound...].prefix(while: { $0 != ">" }).range(of: "my.netscape.com/publish/formats/rss-0.91.dtd") else { return }
        let line = text[..<dtd.lowerBound].filter { $0 == "\n" }.count + 1
        f.error("rss-deprecated-dtd", "the DOCTYPE names Netscape's RSS 0.91 DTD, which is no longer published; use http://www.rssboard.org/rss-0.91.dtd or leave the DOCTYPE out", line: line, column: 1)
    }
}

/// Where a feed's self link must point: an exact URL (the build knows it) or, for `galley check`
/// on a folder, a URL whose path ends with the file's path in that folder.
enum SelfExpectation: CustomStringConvertible {
    case url(String)
    case pathSuffix(String)

    func matches(_ href: String) -> Bool {
        switch self {
        case .url(let u): return href == u
        case .pathSuffix(let p):
            var path = Substring(href)
            if let i = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<i] }
            if let scheme = FeedURL.scheme(of: href), path.dropFirst(scheme.count + 1).hasPrefix("//") {
                let rest = path.dropFirst(scheme.count + 3)
                path = rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...]
            }
            let decoded = path.removingPercentEncoding ?? String(path)
            return decoded == "/" + p || decoded.hasSuffix("/" + p)
        }
    }

    var description: String {
        switch self {
        case .url(let u): return "\"\(u)\""
        case .pathSuffix(let p): return "a URL ending in \"/\(p)\""
        }
    }
}

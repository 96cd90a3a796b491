import Foundation

/// Everything a feed says about the site. Independent of Galley's site model.
public struct FeedChannel: Sendable, Hashable {
    public var title: String
    /// Absolute URL of the site (or of the tag page, for a per-tag feed).
    public var link: String
    public var description: String
    /// e.g. `en`, `en-us`.
    public var language: String?
    /// Absolute URL where this feed is published (`atom:link rel="self"`).
    public var feedURL: String
    public var author: FeedAuthor?
    /// Absolute URL of a channel image.
    public var imageURL: String?
    public var generator: String

    public init(title: String, link: String, description: String, language: String? = nil, feedURL: String, author: FeedAuthor? = nil, imageURL: String? = nil, generator: String = "Galley") {
        self.title = title
        self.link = link
        self.description = description
        self.language = language
        self.feedURL = feedURL
        self.author = author
        self.imageURL = imageURL
        self.generator = generator
    }
}

public struct FeedAuthor: Sendable, Hashable {
    public var name: String
    public var email: String?
    public var url: String?
    public init(name: String, email: String? = nil, url: String? = nil) {
        self.name = name
        self.email = email
        self.url = url
    }
}

/// A media file attached to an item (RSS `enclosure`).
public struct FeedEnclosure: Sendable, Hashable {
    /// Absolute URL.
    public var url: String
    /// Real byte length of the file.
    public var length: Int
    /// MIME type, e.g. `image/png`.
    public var mimeType: String
    public init(url: String, length: Int, mimeType: String) {
        self.url = url
        self.length = length
        self.mimeType = mimeType
    }
}

/// One post in a feed.
public struct FeedItem: Sendable, Hashable {
    /// Stable unique id; the absolute permalink for posts.
    public var id: String
    public var title: String
    /// Absolute URL of the post.
    public var link: String
    public var published: Date
    public var updated: Date?
    /// Plain-text summary.
    public var summary: String
    /// Full HTML content. Relative URLs are made absolute against `link` by the writers.
    public var contentHTML: String
    public var author: FeedAuthor?
    public var categories: [String]
    public var enclosure: FeedEnclosure?
    /// Where the item came from (a source file path), for warnings.
    public var sourcePath: String?
    /// The item's language when it differs from the feed's (`xml:lang` on an Atom entry, `language` on a
    /// JSON Feed item; RSS 2.0 has no place for it); nil when it is the feed's.
    public var language: String?
    /// Optional change token from the caller (e.g. a hash of the source file): when set,
    /// `FeedFragmentCache` compares it instead of hashing the whole item.
    public var revision: Int?

    public init(id: String, title: String, link: String, published: Date, updated: Date? = nil, summary: String, contentHTML: String, author: FeedAuthor? = nil, categories: [String] = [], enclosure: FeedEnclosure? = nil, sourcePath: String? = nil) {
        self.id = id
        self.title = title
        self.link = link
        self.published = published
        self.updated = updated
        self.summary = summary
        self.contentHTML = contentHTML
        self.author = author
        self.categories = categories
        self.enclosure = enclosure
        self.sourcePath = sourcePath
    }
}

/// Feed writing settings.
public struct FeedOptions: Sendable, Hashable {
    /// Include full HTML content (`content:encoded`, Atom `content`, JSON `content_html`).
    public var fullContent: Bool
    /// Zone whose UTC offset is written in dates (the instant is the same either way).
    /// Date-only front matter must already be resolved to an instant in the site's zone by the caller.
    public var timeZone: TimeZone
    /// Keep only the newest `maxItems` items (after sorting newest first); nil keeps all.
    public var maxItems: Int?
    public init(fullContent: Bool = true, timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!, maxItems: Int? = nil) {
        self.fullContent = fullContent
        self.timeZone = timeZone
        self.maxItems = maxItems
    }
}

/// A written feed plus what was fixed on the way (e.g. illegal characters removed).
public struct FeedOutput: Sendable, Hashable {
    /// The feed's bytes, as written to its file: the XML writers join them here directly (copying a site's
    /// feeds from a String into Data was a visible share of writing them).
    public var data: Data
    public var text: String { String(decoding: data, as: UTF8.self) }
    /// Warnings naming the item's `sourcePath` in `path`.
    public var diagnostics: [FeedDiagnostic]
    /// How `data` was joined from its items (XML feeds), so that validating many feeds that share items can
    /// parse each item once (`FeedValidator.validate(_:layout:…)`).
    public var layout: FeedLayout?
    public init(text: String, diagnostics: [FeedDiagnostic], layout: FeedLayout? = nil) {
        self.init(data: Data(text.utf8), diagnostics: diagnostics, layout: layout)
    }
    public init(data: Data, diagnostics: [FeedDiagnostic], layout: FeedLayout? = nil) {
        self.data = data
        self.diagnostics = diagnostics
        self.layout = layout
    }

    /// An XML feed joined from its head (`contextBytes` of it: see `FeedLayout`), its items and its closing tags,
    /// in storage of its final size: growing it item by item copied the feed's megabytes of content again at
    /// each doubling (measured).
    init(head: String, contextBytes: Int, items: [String], sections: [String?] = [], tail: String, diagnostics: [FeedDiagnostic]) {
        var data = Data(capacity: items.reduce(head.utf8.count + tail.utf8.count) { $0 + $1.utf8.count })
        func append(_ text: String) {
            var text = text
            text.withUTF8 { data.append($0) }
        }
        append(head)
        items.forEach(append)
        append(tail)
        self.init(data: data, diagnostics: diagnostics, layout: FeedLayout(contextBytes: contextBytes, headBytes: head.utf8.count, items: items, sections: sections))
    }
}

/// An XML feed as the writer joined it: a head, the items' texts, then only closing tags.
///
/// `contextBytes` is the head up to the end of the line holding the start tag of the element the items are
/// in (`<channel>`, or Atom's `<feed>`), with every namespace declaration in scope; the rest of the head
/// is that element's other children. An item parsed between that context and the closing tags parses as it
/// does in every feed with the same context, which is what lets a site's feed and its term feeds share the work.
public struct FeedLayout: Sendable, Hashable {
    public var contextBytes: Int
    public var headBytes: Int
    public var items: [String]
    /// Per item (or empty), the String its one CDATA section holds when the writer wrote one as it is (a post's
    /// content), else nil: parsing the item takes that String as the section's text, once the section's bytes are
    /// checked to be its bytes, instead of copying them out again (tens of kilobytes per post, measured).
    public var sections: [String?]
    public init(contextBytes: Int, headBytes: Int, items: [String], sections: [String?] = []) {
        self.contextBytes = contextBytes
        self.headBytes = headBytes
        self.items = items
        self.sections = sections
    }
}

/// A finding about a feed or a page; `line`/`column` are 1-based, 0 when unknown.
public struct FeedDiagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable { case warning, error }
    public var severity: Severity
    /// Stable rule identifier, e.g. `rss-pubdate-format`.
    public var rule: String
    public var message: String
    public var line: Int
    public var column: Int
    /// The file the finding is about when it is not the feed itself (e.g. a post's source).
    public var path: String?
    /// What the finding is about when copies of it are expected elsewhere (the text a text check
    /// faulted, as a hash): `galley check` reports such copies across feeds once.
    public var subject: String? = nil
    public init(severity: Severity, rule: String, message: String, line: Int = 0, column: Int = 0, path: String? = nil) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.line = line
        self.column = column
        self.path = path
    }
}

/// One page as the search index sees it. Plain values, no site model: the index can be built from
/// anything that has titles and text.
///
/// The fields live in one shared, immutable box: a session keeps every document between saves and
/// hands them to the next build, and copying six reference-counted fields per document per save was
/// a visible part of a one-post save at 5000 posts. Setting a field makes a new box (value semantics).
public struct SearchDocument: Sendable, Equatable {
    private final class Box: Sendable {
        let url: String, title: String, date: String
        let tags: [String], headings: [String]
        let text: String

        init(url: String, title: String, date: String, tags: [String], headings: [String], text: String) {
            self.url = url; self.title = title; self.date = date
            self.tags = tags; self.headings = headings; self.text = text
        }
    }

    private var box: Box

    public var url: String {
        get { box.url }
        set { box = Box(url: newValue, title: title, date: date, tags: tags, headings: headings, text: text) }
    }
    public var title: String {
        get { box.title }
        set { box = Box(url: url, title: newValue, date: date, tags: tags, headings: headings, text: text) }
    }
    /// As the page shows it (`6 March 2026`); empty for undated pages.
    public var date: String {
        get { box.date }
        set { box = Box(url: url, title: title, date: newValue, tags: tags, headings: headings, text: text) }
    }
    public var tags: [String] {
        get { box.tags }
        set { box = Box(url: url, title: title, date: date, tags: newValue, headings: headings, text: text) }
    }
    public var headings: [String] {
        get { box.headings }
        set { box = Box(url: url, title: title, date: date, tags: tags, headings: newValue, text: text) }
    }
    /// The body as plain text: what snippets are cut from.
    public var text: String {
        get { box.text }
        set { box = Box(url: url, title: title, date: date, tags: tags, headings: headings, text: newValue) }
    }

    public init(url: String, title: String, date: String = "", tags: [String] = [], headings: [String] = [], text: String) {
        box = Box(url: url, title: title, date: date, tags: tags, headings: headings, text: text)
    }

    public static func == (a: SearchDocument, b: SearchDocument) -> Bool {
        a.box === b.box || (a.url == b.url && a.title == b.title && a.date == b.date && a.tags == b.tags
                            && a.headings == b.headings && a.text == b.text)
    }
}

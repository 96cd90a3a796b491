/// One page as the search index sees it. Plain values, no site model: the index can be built from
/// anything that has titles and text.
public struct SearchDocument: Sendable, Equatable {
    public var url: String
    public var title: String
    /// As the page shows it (`6 March 2026`); empty for undated pages.
    public var date: String
    public var tags: [String]
    public var headings: [String]
    /// The body as plain text: what snippets are cut from.
    public var text: String

    public init(url: String, title: String, date: String = "", tags: [String] = [], headings: [String] = [], text: String) {
        self.url = url
        self.title = title
        self.date = date
        self.tags = tags
        self.headings = headings
        self.text = text
    }
}

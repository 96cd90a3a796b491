import Foundation
import Markdown

/// A document after Markdown rendering.
struct RenderedDocument: Sendable {
    var source: SourceDocument
    var html: String
    var excerptHTML: String
    var excerptText: String
    var headings: [Heading]
    var wordCount: Int

    /// Minutes at 230 words a minute, at least 1.
    var readingTime: Int { max(1, Int((Double(wordCount) / 230).rounded())) }
    var description: String { source.description ?? Self.shorten(excerptText, to: 200) }

    static func shorten(_ text: String, to limit: Int) -> String {
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard flat.count > limit else { return flat }
        let cut = flat.prefix(limit)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return cut[..<end] + "…"
    }
}

/// A tag or category with the posts that carry it (indexes into the sorted post list).
struct Term: Sendable {
    enum Kind: String, Sendable { case tag, category }
    var name: String
    var slug: String
    var kind: Kind
    /// Root-relative URL with base path, e.g. `/tags/swift/`.
    var url: String
    var posts: [Int]
}

/// One file of the finished site.
struct OutputFile: Sendable {
    /// Relative to the output folder.
    var path: String
    var data: Data
    /// Who made it, for duplicate-URL errors.
    var source: String
}

/// Everything templates can see, shared by all pages of one build.
/// `[String: Any]` is not Sendable; it is built once and only read afterwards.
struct SharedContext: @unchecked Sendable {
    let site: [String: Any]
}

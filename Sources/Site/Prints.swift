import Foundation
import TextBytes

/// Fingerprints of what one page shows of another, for `PageAssembler`'s page cache.
///
/// Each mirrors a `ContextBuilder` function field by field: `summary` for list entries, `link` for
/// neighbours and related posts. A field added there must be added here, or an edit that changes only
/// that field would leave other pages stale (the incremental-equivalence tests catch that).
enum Prints {
    /// `ContextBuilder.summary` without the terms: title, URL, excerpt, description, reading time, date.
    static func summary(_ source: SourceDocument, url: String, excerptHTML: String, excerptText: String, readingTime: Int) -> Int {
        var h = Hasher()
        text(source.title, &h)
        text(url, &h)
        text(excerptHTML, &h)
        text(excerptText, &h)
        text(source.description ?? "", &h)   // `description` is this, or made from `excerptText`
        h.combine(source.description == nil)
        h.combine(readingTime)
        h.combine(source.date)
        text(source.lang, &h)
        return h.finalize()
    }

    /// `ContextBuilder.link`: title and URL.
    static func link(title: String, url: String) -> Int {
        var h = Hasher()
        text(title, &h)
        text(url, &h)
        return h.finalize()
    }

    /// `ContextBuilder.termRefs` of one term: name, slug, URL, post count, kind.
    static func term(_ t: Term) -> Int {
        var h = Hasher()
        text(t.name, &h); text(t.slug, &h); text(t.url, &h)
        h.combine(t.posts.count)
        h.combine(t.kind.rawValue)
        return h.finalize()
    }

    /// The terms a document shows, in order.
    static func terms(_ indexes: [Int], _ termPrints: [Int]) -> Int {
        var h = Hasher()
        h.combine(indexes.count)
        for i in indexes { h.combine(termPrints[i]) }
        return h.finalize()
    }

    /// Hashes the UTF-8 bytes and the length: much cheaper than `String.hash(into:)`, which normalizes
    /// non-ASCII text first. Texts that differ only in normalization hash apart: a needless re-render, never a stale page.
    static func text(_ s: String, _ h: inout Hasher) {
        var s = s
        h.combine(s.withUTF8 { byteDigest(UnsafeRawBufferPointer($0)) })
        h.combine(s.utf8.count)
    }
}

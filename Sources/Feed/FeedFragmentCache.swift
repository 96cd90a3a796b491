import Foundation

/// Each item's text in each format, made once and reused by every feed it appears in.
///
/// A post tagged three ways appears in the site feed and in three term feeds, in three formats.
/// Cleaning and escaping its full HTML once per format instead of once per feed is most of the cost
/// of writing feeds. Share one cache only between feeds with the same channel author and options,
/// within one build: an item's text depends on those and on the item, which is keyed by its id.
public final class FeedFragmentCache: @unchecked Sendable {
    private let lock = NSLock()
    private var fragments: [String: (text: String, diagnostics: [FeedDiagnostic])] = [:]

    public init() {}

    /// The cached fragment of `id` in `format`, or `make()`'s result stored for next time.
    func fragment(_ format: String, _ id: String, make: () -> (String, [FeedDiagnostic])) -> (String, [FeedDiagnostic]) {
        let key = format + "\u{0}" + id
        lock.lock()
        if let hit = fragments[key] { lock.unlock(); return (hit.text, []) }
        lock.unlock()
        let made = make()
        lock.lock()
        fragments[key] = (made.0, made.1)
        lock.unlock()
        return made
    }

    /// Without a cache the item is cleaned and written each time.
    static func text(_ cache: FeedFragmentCache?, _ format: String, _ item: FeedItem,
                     _ write: (FeedItem) -> String) -> (String, [FeedDiagnostic]) {
        if let cache {
            return cache.fragment(format, item.id) {
                let (clean, diags) = FeedSanitizer.sanitize(item)
                return (write(clean), diags)
            }
        }
        let (clean, diags) = FeedSanitizer.sanitize(item)
        return (write(clean), diags)
    }
}

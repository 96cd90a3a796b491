import Foundation

/// Each item's text in each format, made once and reused by every feed it appears in.
///
/// A post tagged three ways appears in the site feed and in three term feeds, in three formats.
/// Cleaning and escaping its full HTML once per format instead of once per feed is most of the cost
/// of writing feeds. Share one cache only between feeds with the same channel author and options:
/// an item's text depends on those and on the item.
public final class FeedFragmentCache: @unchecked Sendable {
    private let lock = NSLock()
    /// By format and item id: the item's hash (all fields) when written, the text, its findings and its section's text
    /// (see `textNotingSection`).
    private var fragments: [String: (itemHash: Int, text: String, diagnostics: [FeedDiagnostic], section: String?)] = [:]
    /// By item id: the item cleaned for XML (the same for every format), so its HTML is scanned once.
    private var cleaned: [String: (itemHash: Int, item: FeedItem, diagnostics: [FeedDiagnostic], plainCDATA: Bool?)] = [:]

    /// Whether items cleaned for XML are kept for the other formats; a site writing one format has no use for them.
    public let keepsCleanedItems: Bool

    /// A cache may live across builds (`galley serve` keeps one): an entry is reused only while the
    /// item is equal in every field, so an edited post is written again.
    public init(keepsCleanedItems: Bool = true) { self.keepsCleanedItems = keepsCleanedItems }

    func fragment(_ format: String, _ item: FeedItem, make: () -> (String, [FeedDiagnostic], String?)) -> (String, [FeedDiagnostic], String?) {
        let key = format + "\u{0}" + item.id
        let itemHash = item.revision ?? item.hashValue
        lock.lock()
        if let hit = fragments[key], hit.itemHash == itemHash { lock.unlock(); return (hit.text, hit.diagnostics, hit.section) }
        lock.unlock()
        let made = make()
        lock.lock()
        fragments[key] = (itemHash, made.0, made.1, made.2)
        lock.unlock()
        return made
    }

    /// The item cleaned (`FeedSanitizer.sanitizeNotingCDATA`), made once per item.
    func sanitized(_ item: FeedItem) -> (FeedItem, [FeedDiagnostic], plainCDATA: Bool?) {
        let itemHash = item.revision ?? item.hashValue
        lock.lock()
        if let hit = cleaned[item.id], hit.itemHash == itemHash { lock.unlock(); return (hit.item, hit.diagnostics, hit.plainCDATA) }
        lock.unlock()
        let made = FeedSanitizer.sanitizeNotingCDATA(item)
        guard keepsCleanedItems else { return made }
        lock.lock()
        cleaned[item.id] = (itemHash, made.0, made.1, made.2)
        lock.unlock()
        return made
    }

    /// Without a cache the item is cleaned and written each time.
    /// `write` gets the cleaned item and whether its content is plain CDATA, when known.
    static func text(_ cache: FeedFragmentCache?, _ format: String, _ item: FeedItem,
                     _ write: (FeedItem, Bool?) -> String) -> (String, [FeedDiagnostic]) {
        let (text, diags, _) = textNotingSection(cache, format, item) { (write($0, $1), nil) }
        return (text, diags)
    }

    /// `text`, for writers that also say which String, if any, the text's one CDATA section holds (a post's content,
    /// written as it is): see `FeedLayout.sections`.
    static func textNotingSection(_ cache: FeedFragmentCache?, _ format: String, _ item: FeedItem,
                                  _ write: (FeedItem, Bool?) -> (String, String?)) -> (String, [FeedDiagnostic], String?) {
        if let cache {
            return cache.fragment(format, item) {
                let (clean, diags, plain) = cache.sanitized(item)
                let (text, section) = write(clean, plain)
                return (text, diags, section)
            }
        }
        let (clean, diags, plain) = FeedSanitizer.sanitizeNotingCDATA(item)
        let (text, section) = write(clean, plain)
        return (text, diags, section)
    }
}

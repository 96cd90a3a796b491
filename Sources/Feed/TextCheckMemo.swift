import Foundation
import TextBytes

/// Results of the per-text checks (C1 controls, mojibake, relative URLs in HTML), remembered by content.
///
/// A post's HTML appears in the site feed and in each of its term feeds, in every format; parsing each
/// feed back is cheap next to scanning that HTML again and again. Share one memo across the feeds of a
/// build (or a `galley serve` session): the checks depend on the text alone, so a hit is exact.
public final class TextCheckMemo: @unchecked Sendable {
    struct Key: Hashable {
        var count: Int
        var digest: Int
    }
    struct Encoding { var c1: Bool; var mojibake: Bool }

    private let lock = NSLock()
    private var encoding: [Key: Encoding] = [:]
    private var relative: [Key: [String]] = [:]
    private let itemLock = MadeOnce<Key>()
    private var items: [Key: RSSRules.ItemChecks] = [:]

    public init() {}

    /// A key from every byte of the text; nil for texts too short to be worth remembering.
    /// A word-at-a-time multiply–xor hash: every feed's texts are keyed on every validation,
    /// and SipHash over megabytes of post content was a visible share of a build.
    static func key(_ s: String) -> Key? {
        guard s.utf8.count >= 256 else { return nil }
        return s.utf8.withContiguousStorageIfAvailable { bytes in
            Key(count: bytes.count, digest: digest(UnsafeRawBufferPointer(bytes)))
        } ?? nil
    }

    static func digest(_ raw: UnsafeRawBufferPointer) -> Int { byteDigest(raw) }

    /// The digest of `s`'s bytes when it has 64 or more (what `ItemChecks.key` and `key` use), nil otherwise.
    static func digest(_ s: String) -> Int? {
        guard s.utf8.count >= 64 else { return nil }
        return s.utf8.withContiguousStorageIfAvailable { digest(UnsafeRawBufferPointer($0)) }
    }

    /// `key(s)`, with `digest` when the caller already has `digest(s)`.
    static func key(_ s: String, digest known: Int?) -> Key? {
        guard let known else { return key(s) }
        let count = s.utf8.count
        return count >= 256 ? Key(count: count, digest: known) : nil
    }

    func encodingChecks(_ s: String, digest: Int? = nil, compute: () -> Encoding) -> Encoding {
        remembered(s, digest: digest, in: \.encoding, compute: compute)
    }

    func relativeURLs(_ html: String, digest: Int? = nil, compute: () -> [String]) -> [String] {
        remembered(html, digest: digest, in: \.relative, compute: compute)
    }

    /// An RSS item's findings by `RSSRules.ItemChecks.key`, made on a miss. Feeds are validated in parallel and
    /// share items: a second thread asking for an item being checked waits for that check (tens of microseconds)
    /// rather than repeating it, so each item is checked once.
    func itemChecks(_ k: Key, compute: () -> RSSRules.ItemChecks) -> RSSRules.ItemChecks {
        itemLock.value(k, found: { items[k] }, make: compute, keep: { items[k] = $0; checked += 1 })
    }

    /// How many RSS items were checked (not found here), counted for tests of the work a build does.
    public var itemsChecked: Int { itemLock.locked { checked } }
    private var checked = 0

    /// The result for `s` from `table`, computed (outside the lock) and stored on a miss.
    private func remembered<V>(_ s: String, digest: Int?, in table: ReferenceWritableKeyPath<TextCheckMemo, [Key: V]>, compute: () -> V) -> V {
        guard let k = Self.key(s, digest: digest) else { return compute() }
        lock.lock()
        if let hit = self[keyPath: table][k] { lock.unlock(); return hit }
        lock.unlock()
        let made = compute()
        lock.lock(); self[keyPath: table][k] = made; lock.unlock()
        return made
    }

    /// Drops everything remembered (a long `serve` session calls this when the memo grows large).
    public func removeAll() {
        lock.lock(); encoding = [:]; relative = [:]; lock.unlock()
        itemLock.locked { items = [:] }
    }

    public var count: Int {
        let kept = itemLock.locked { items.count }
        lock.lock(); defer { lock.unlock() }; return encoding.count + relative.count + kept
    }
}

import Foundation

extension RSSRules {
    /// An RSS item's findings, kept by the item's content and layout so that an item repeated in the site feed
    /// and its term feeds (about 3,900 item slots for 1,000 posts), or unchanged between two saves in
    /// `galley serve`, is checked once: checking items was the largest part of validating after the parse (measured).
    struct ItemChecks: Sendable {
        /// In the order `checkItem` makes them; lines relative to the item's.
        var findings: [FeedDiagnostic] = []
        /// A date that is in the future unless `now` says otherwise, and where among `findings` its warning goes.
        var future: Future?
        /// A guid to look up among the feed's earlier items, and where among `findings` a repeat is reported.
        var guid: Guid?
        /// `TextChecks.check` of each element of the item, in `walk` order (lines relative to the item's): the feed's
        /// text pass replays them at the item's place instead of keying every copy's texts again (measured).
        var texts: [FeedDiagnostic] = []
        /// The item's findings in the feed-wide passes (lines relative to the item's), replayed at its place in each:
        /// `RSSStructure.check(item:)`, `RSSStructure.dublinCore`, `ITunesRules.check(item:)` and `FeedExtensions.visit`
        /// of its subtree. Checking them in every feed carrying the item was a visible share of validating (measured).
        var structure: [FeedDiagnostic] = []
        var dublinCore: [FeedDiagnostic] = []
        var itunes: [FeedDiagnostic] = []
        var extensions: [FeedDiagnostic] = []

        struct Future: Sendable { var at: Int; var date: Date; var line: Int; var column: Int; var name: String; var text: String }
        struct Guid: Sendable { var at: Int; var value: String; var line: Int; var column: Int }

        /// The findings at the item's place in this feed, in `checkItem`'s order, with the checks left as marks made now.
        func replay(itemLine: Int, guids: inout [String: Int], now: Date, into f: inout Findings) {
            var next = 0
            func add(upTo end: Int, _ f: inout Findings) {
                for var d in findings[next..<end] {
                    d.line += itemLine
                    f.list.append(d)
                }
                next = end
            }
            if let future {
                add(upTo: future.at, &f)
                if future.date > now.addingTimeInterval(86400) {
                    RSSRules.future(future.name, future.text, line: future.line + itemLine, column: future.column, into: &f)
                }
            }
            if let guid {
                add(upTo: guid.at, &f)
                let line = guid.line + itemLine
                if let first = guids[guid.value] {
                    f.error("rss-guid-duplicate", "guid \"\(guid.value)\" is also used by the item on line \(first)", line: line, column: guid.column)
                } else {
                    guids[guid.value] = line
                }
            }
            add(upTo: findings.count, &f)
        }

        /// One of the lists of the feed-wide passes (`texts`, `structure`, …) at the item's place in the feed.
        func replay(_ list: KeyPath<ItemChecks, [FeedDiagnostic]>, itemLine: Int, into f: inout Findings) {
            for var d in self[keyPath: list] {
                d.line += itemLine
                f.list.append(d)
            }
        }

        /// Everything the checks read: the item's `contentKey` (kept in the element when the parse made it once
        /// for every feed carrying the item) and the policy.
        static func key(_ item: XMLElementNode, policy: FeedPolicy) -> TextCheckMemo.Key {
            let content = item.itemKey ?? contentKey(item)
            var h = Hasher()
            h.combine(policy == .galley)
            h.combine(content.digest)
            return TextCheckMemo.Key(count: content.count, digest: h.finalize())
        }

        /// Each element's name, namespace, attributes, text, line (relative to the item's) and column. Long texts
        /// go through the memo's word-at-a-time digest.
        static func contentKey(_ item: XMLElementNode) -> TextCheckMemo.Key {
            var h = Hasher()
            var bytes = 0
            func add(_ n: XMLElementNode) {
                h.combine(n.name)
                h.combine(n.namespace)
                h.combine(n.line - item.line)
                h.combine(n.column)
                var attributes = 0
                for (k, v) in n.attributes {
                    var a = Hasher()
                    a.combine(k)
                    a.combine(v)
                    attributes = attributes &+ a.finalize()   // dictionary order varies: an order-free sum
                }
                h.combine(n.attributes.count)
                h.combine(attributes)
                let count = n.text.utf8.count
                bytes += count
                h.combine(count)
                if count >= 64, let digest = n.textDigest ?? TextCheckMemo.digest(n.text) {
                    h.combine(digest)
                } else {
                    h.combine(n.text)
                }
                h.combine(n.children.count)
                for c in n.children { add(c) }
            }
            add(item)
            return TextCheckMemo.Key(count: bytes, digest: h.finalize())
        }
    }
}

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

        /// `texts` at the item's place in the feed's text pass.
        func replayTexts(itemLine: Int, into f: inout Findings) {
            for var d in texts {
                d.line += itemLine
                f.list.append(d)
            }
        }

        /// Everything the checks read: each element's name, namespace, attributes, text, line (relative to the
        /// item's) and column, and the policy. Long texts go through the memo's word-at-a-time digest.
        static func key(_ item: XMLElementNode, policy: FeedPolicy) -> TextCheckMemo.Key {
            var h = Hasher()
            var bytes = 0
            h.combine(policy == .galley)
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

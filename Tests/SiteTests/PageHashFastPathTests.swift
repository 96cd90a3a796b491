import Foundation
import Liquid
import Testing
import TestSupport
@testable import Site

/// A page's hash is built on `ContextBuilder.blankPage` (every page key in place, nil) instead of being
/// reordered by `pageHash` after: the same keys in the same order with the same values, whatever is set.
@Suite struct PageHashFastPathTests {
    static func same(_ a: LiquidHash, _ b: LiquidHash) -> Bool {
        a.keys == b.keys && zip(a.orderedValues, b.orderedValues).allSatisfy { $0.rubyInspect == $1.rubyInspect }
            && b.keys.allSatisfy { a[$0]?.rubyInspect == b[$0]?.rubyInspect }
    }

    /// Random sequences of page keys and other keys (front matter, `path`), set and set again.
    @Test func blankPageMatchesReordering() {
        var rng = SplitMix(seed: 38)
        let others = ["path", "mood", "x", "a long front matter key", "ключ", "size", "layout2"]
        for round in 0..<500 {
            var general = LiquidHash(), fast = ContextBuilder.blankPage
            for step in 0..<rng.below(60) {
                let k = rng.below(3) == 0 ? others[rng.below(others.count)] : ContextBuilder.pageKeys[rng.below(ContextBuilder.pageKeys.count)]
                let v: Value = step % 3 == 0 ? .null : .string("\(round)-\(step)")
                general[k] = v
                fast[k] = v
            }
            #expect(Self.same(fast, ContextBuilder.pageHash(general)), "round \(round)")
        }
        #expect(Self.same(ContextBuilder.blankPage, ContextBuilder.pageHash(LiquidHash())))
        #expect(ContextBuilder.blankPage.keys == ContextBuilder.pageKeys)
    }

    /// Setting a page key at its `Slots` place gives what setting it by name gives, mixed with keys set by name;
    /// and the slots name the keys they stand for.
    @Test func slotsMatchNames() {
        let s = ContextBuilder.slots
        let named: [(String, Int)] = [("kind", s.kind), ("is_post", s.isPost), ("absolute_url", s.absoluteURL), ("content", s.content),
            ("has_code", s.hasCode), ("word_count", s.wordCount), ("headings", s.headings), ("show_toc", s.showTOC), ("notice", s.notice),
            ("source", s.source), ("updated", s.updated), ("display_updated", s.displayUpdated), ("author", s.author), ("authors", s.authors),
            ("image", s.image), ("params", s.params), ("previous", s.previous), ("next", s.next), ("related", s.related),
            ("series", s.series), ("layout", s.layout)] + s.entry.map { ($0.key, $0.slot) }
        for (k, slot) in named { #expect(ContextBuilder.blankPage.keys[slot] == k) }
        #expect(s.entry.map(\.key) == ContextBuilder.summaryKeyOrder)
        var rng = SplitMix(seed: 39)
        for round in 0..<300 {
            var general = ContextBuilder.blankPage, fast = ContextBuilder.blankPage
            for step in 0..<rng.below(40) {
                let v: Value = step % 4 == 0 ? .null : .string("\(round)-\(step)")
                if rng.below(4) == 0 {
                    let k = ["path", "mood", "ключ"][rng.below(3)]
                    general[k] = v
                    fast[k] = v
                } else {
                    let (k, slot) = named[rng.below(named.count)]
                    general[k] = v
                    fast.setValue(v, at: slot)
                }
            }
            #expect(Self.same(fast, general), "round \(round)")
        }
    }
}

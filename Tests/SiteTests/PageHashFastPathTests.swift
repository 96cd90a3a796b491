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
}

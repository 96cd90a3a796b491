import Foundation
import Testing
@testable import Liquid

/// `KeyIndex` (a large `LiquidHash`'s byte-hashed index) must find exactly the key `==` finds, canonical
/// equivalence included; `LiquidHash(_:values:)` must equal the hash built from the same pairs; and the
/// compiled plain strftime plan must write what `Strftime.plain` writes.
@Suite struct KeyIndexFastPathTests {
    static let spellings = ["K", "\u{212A}", "Kelvin", "\u{212A}elvin", "e\u{301}", "\u{e9}", "caf\u{e9}", "cafe\u{301}",
                            ";", "\u{37E}", "", "size", "ключ", "a key longer than sixteen bytes", "a key longer than sixteen byteS"]

    /// Every spelling against hashes of many keys (index on) and few (scan), inserted in random orders.
    @Test func indexFindsWhatEqualsFinds() {
        var seed: UInt64 = 11
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let filler = (0..<60).map { "k\($0)" } + ["title", "url", "date", "content", "page.x", "12345678", "123456789"]
        for round in 0..<400 {
            var h = LiquidHash()
            var order: [String] = []
            let n = 1 + next(round % 2 == 0 ? 8 : 70)
            for i in 0..<n {
                let k = next(3) == 0 ? Self.spellings[next(Self.spellings.count)] : filler[next(filler.count)]
                h[k] = .int(i)
                if !order.contains(where: { $0 == k }) { order.append(k) }
            }
            #expect(h.keys == order)
            for q in Self.spellings + filler + ["absent", "k60", "K "] {
                #expect(h.index(forKey: q) == order.firstIndex(of: q), "round \(round) key \(q)")
            }
            // Removing a key and adding others keeps the index right.
            if !order.isEmpty {
                let k = order[next(order.count)]
                h[k] = nil
                order.removeAll { $0 == k }
                for q in Self.spellings + filler { #expect(h.index(forKey: q) == order.firstIndex(of: q)) }
            }
        }
    }

    /// A hash from a key order and values equals the one from the same pairs, few keys and many.
    @Test func keyedInitMatchesPairs() {
        for keys in [["level", "id", "text"], ["name"], [], (0..<11).map { "k\($0)" }, (0..<40).map { "key\($0)" } + ["\u{212A}", "é"]] {
            let values = keys.indices.map { Value.int($0) }
            let order = LiquidKeyOrder(keys)
            var keyed = LiquidHash(order, values: values)
            var paired = LiquidHash(Array(zip(keys, values)))
            #expect(keyed.keys == paired.keys)
            #expect(keyed.pairs.map(\.value.rubyInspect) == paired.pairs.map(\.value.rubyInspect))
            for q in keys + Self.spellings + ["absent"] {
                #expect(keyed.index(forKey: q) == paired.index(forKey: q), "\(q)")
            }
            // Edits after: both grow and answer alike.
            for (i, k) in (Self.spellings + ["extra1", "extra2"]).enumerated() {
                keyed[k] = .int(1000 + i)
                paired[k] = .int(1000 + i)
            }
            #expect(keyed.keys == paired.keys)
            for q in keys + Self.spellings { #expect(keyed[q]?.rubyInspect == paired[q]?.rubyInspect) }
        }
    }

    /// The compiled plan against `Strftime.plain` and `Strftime.render`, plain formats and others.
    @Test func compiledPlanMatchesPlain() {
        let formats = ["%Y-%m-%d", "%Y", "%d/%m/%Y %H:%M:%S", "x%%y", "%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%dT%H:%M:%S%:z", "%-d",
                       "é %Y ✓", "", "%H%M%S", "%m%d", "plain text", "%y", "%^Y", "%b %e"]
        var planned = 0
        for seconds in [0, 59, 951_782_400, 1_709_210_096, 253_402_300_799, 253_402_300_800, -1, -62_135_596_800, -62_200_000_000] {
            for offset in [0, 3600, -34200] {
                let t = RubyTime(seconds: seconds, nanos: 0, offset: offset, zoneName: "", isUTC: offset == 0)
                for format in formats {
                    guard let compiled = Strftime.compiled(format) else { continue }
                    let reference = Strftime.plain(compiled.tokens, t.fields)
                    #expect(compiled.plain(t.fields) == reference, "\(format) \(seconds)")
                    if reference != nil { planned += 1 }
                    var general = ""
                    Strftime.render(compiled.tokens, t, t.fields, into: &general)
                    #expect((try? Strftime.format(t, format)) == general)
                }
            }
        }
        #expect(planned > 50)
    }
}

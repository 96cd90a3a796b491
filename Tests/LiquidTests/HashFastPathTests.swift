import Foundation
import Testing
@testable import Liquid

/// `LiquidHash` scans its keys while small and indexes them once large; either way it must answer as an
/// insertion-ordered dictionary (the model below, a Ruby Hash) does, across the switch from one to the other.
@Suite struct HashFastPathTests {
    /// The model: keys in insertion order and a dictionary.
    struct Model {
        var keys: [String] = []
        var values: [String: Value] = [:]

        mutating func set(_ k: String, _ v: Value?) {
            if let v {
                if values.updateValue(v, forKey: k) == nil { keys.append(k) }
            } else if values.removeValue(forKey: k) != nil {
                keys.removeAll { $0 == k }
            }
        }

        mutating func putFirst(_ order: [String], missing: Value) {
            var seen = Set<String>()
            let order = order.filter { seen.insert($0).inserted }
            let rest = keys.filter { !seen.contains($0) }
            for k in order where values[k] == nil { values[k] = missing }
            keys = order + rest
        }
    }

    static func same(_ h: LiquidHash, _ m: Model) -> Bool {
        guard h.keys == m.keys, h.count == m.keys.count, h.isEmpty == m.keys.isEmpty else { return false }
        for (i, p) in h.pairs.enumerated() {
            guard p.key == m.keys[i], p.value.rubyInspect == m.values[p.key]!.rubyInspect,
                  h.orderedValues[i].rubyInspect == p.value.rubyInspect else { return false }
        }
        return m.keys.allSatisfy { h[$0]?.rubyInspect == m.values[$0]?.rubyInspect }
    }

    /// Random sets, replacements, removals and `putFirst`s on few and many keys (both sides of the index).
    @Test func randomEditsMatchTheModel() {
        var rng = SplitMix(state: 31)
        let names = (0..<40).map { "k\($0)" } + ["", "size", "first", "a long key that is not a small string", "ключ", "é"]
        for round in 0..<300 {
            var h = LiquidHash(), m = Model()
            if round % 3 == 0 { h.reserveCapacity(Int(rng.next() % 30)) }
            let keysInPlay = 1 + Int(rng.next() % UInt64(round % 2 == 0 ? 6 : names.count))
            for step in 0..<(10 + Int(rng.next() % 80)) {
                let k = names[Int(rng.next() % UInt64(keysInPlay))]
                switch rng.next() % 10 {
                case 0, 1:
                    h[k] = nil; m.set(k, nil)
                case 2:
                    let order = (0..<Int(rng.next() % 12)).map { _ in names[Int(rng.next() % UInt64(names.count))] }
                    h.putFirst(LiquidKeyOrder(order), missing: .null); m.putFirst(order, missing: .null)
                default:
                    let v: Value = step % 2 == 0 ? .int(step) : .string("\(round)-\(step)")
                    h[k] = v; m.set(k, v)
                }
                #expect(Self.same(h, m), "round \(round) step \(step)")
                #expect(h[names.last!]?.rubyInspect == m.values[names.last!]?.rubyInspect)
                #expect(h["absent"] == nil)
            }
            // A copy edited apart leaves the original as it was.
            var copy = h
            copy["k0"] = .bool(true)
            copy["k1"] = nil
            #expect(Self.same(h, m))
        }
    }

    /// Built from pairs with repeated keys: the first place, the last value (as Ruby's `Hash[]`).
    @Test func pairsWithRepeatsKeepFirstPlaceLastValue() {
        for n in [3, 8, 9, 20] {
            let pairs = (0..<n).map { ("k\($0 % (n / 2 + 1))", Value.int($0)) }
            let h = LiquidHash(pairs)
            var m = Model()
            for (k, v) in pairs { m.set(k, v) }
            #expect(Self.same(h, m), "\(n)")
        }
    }

    /// A hash made from pairs (few and distinct: both arrays at once) equals one set pair by pair, duplicates
    /// and many keys included; `setValue(at:)` equals setting by name.
    @Test func pairsInitMatchesSettingEach() {
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let names = ["a", "b", "title", "url", "e\u{301}", "\u{e9}", "K", "\u{212A}", "ключ", "", "size", "a long key name here"]
        for round in 0..<3000 {
            let pairs: [(String, Value)] = (0..<next(12)).map { i in (names[next(names.count)], i % 3 == 0 ? .null : .int(round * 100 + i)) }
            var general = LiquidHash(), model = Model()
            for (k, v) in pairs { general[k] = v; model.set(k, v) }
            let fast = LiquidHash(pairs)
            #expect(Self.same(fast, model), "\(pairs.map(\.0))")
            #expect(fast.keys == general.keys)
            guard !fast.isEmpty else { continue }
            var byName = fast, bySlot = fast
            let k = fast.keys[next(fast.count)]
            byName[k] = .string("new")
            bySlot.setValue(.string("new"), at: fast.index(forKey: k)!)
            #expect(bySlot.keys == byName.keys && bySlot.pairs.map(\.value.rubyInspect) == byName.pairs.map(\.value.rubyInspect))
        }
    }
}

import Testing
@testable import Highlight

/// The byte and cache-friendly paths of highlighting and of the detection model against the code they stand in for.
@Suite struct HighlightFastPathTests {
    typealias Rng = DetectionEquivalenceTests.Rng

    @Test func classLabelMatchesScalarFilter() {
        var r = Rng(s: 0x0DDB_A11C_0FFE_E123)
        let pieces = ["swift", "objc", "c++", "C#", "diff-js", "x.y_z", "é", "\u{301}", "ª", "º", "\u{212A}", "ß", " ", "{", "\"", "<", "&", "1", "Ⅻ", "𝔸", "'", "/"]
        for _ in 0..<5000 {
            let raw = (0..<r.next(6)).map { _ in pieces[r.next(pieces.count)] }.joined()
            #expect(Highlighter.classLabel(raw) == Highlighter.characterClassLabel(raw), "\(Array(raw.unicodeScalars))")
        }
    }

    /// Every level of the model's table, as the Float the table held before it kept levels.
    @Test func cellWeightsAreTheTableFloats() {
        var text = DetectModelData.table
        var levels = Set<UInt8>()
        text.withUTF8 { u in
            var start = 0
            while start < u.count {
                var end = start
                while end < u.count, u[end] != 9, u[end] != 10 { end += 1 }
                if end - start > Model.k, u[end - Model.k - 1] == 32 { for i in (end - Model.k)..<end { levels.insert(u[i]) } }
                start = end + 1
            }
        }
        for c in levels {
            let level = Model.level(c)
            #expect((-45...45).contains(level))
            #expect(Model.cellWeights[Int(level) + 45].bitPattern == Float(level * DetectModelData.step).bitPattern)
        }
    }

    /// The batched lookup against one probe per key, on keys of the table and keys near them.
    @Test func keyRowsMatchProbes() {
        var r = Rng(s: 0xB5AD_4ECE_DA1C_E2A9)
        let index = Model.table.index
        let words = ["func", "let", "#C", "~t", "~i4", "val", "def", "^import", "SELECT", "x", "$$;", "fn main", "zz_top", "", "{", "=>"]
        var keys: [UInt64] = words.map { Model.hash($0.utf8) } + [0]
        for _ in 0..<20_000 { keys.append(UInt64(r.next(Int.max))) }
        for w in words { for b in 0..<64 { keys.append(Model.hash(w.utf8) ^ (1 << UInt64(b))) } }
        let rows = index.rows(keys)
        for (j, h) in keys.enumerated() { #expect(rows[j] == index[h] ?? -1) }
        #expect(rows.contains { $0 >= 0 })
    }
}

import Testing
@testable import Highlight

/// Byte paths of the context priors and the SQL check against the Character-level code they stand in front of,
/// on the awkward text of `DetectionEquivalenceTests` (CR LF, combining and prepended marks, the Kelvin sign).
@Suite struct DetectionPriorsFastPathTests {
    typealias Rng = DetectionEquivalenceTests.Rng

    /// `ContextPriors.suffix` is `String(text.suffix(n))`, also where a mark or a CR sits next to the cut.
    @Test func proseSuffixMatchesCharacters() {
        var r = Rng(s: 0xD1B5_4A32_D192_ED03)
        let ascii = "Run the following command in the terminal: "
        for round in 0..<6000 {
            var text = round % 3 == 0 ? String(repeating: ascii, count: 1 + r.next(8)) : ""
            text += DetectionEquivalenceTests.text(&r, r.next(60))
            if round % 2 == 0 { text += String(repeating: ascii, count: r.next(7)) }
            for n in [0, 1, 2, 7, 40, 240] {
                #expect(ContextPriors.suffix(text, n) == String(text.suffix(n)), "\(n) \(Array(text.unicodeScalars))")
            }
        }
    }

    /// The whole test `sqlShare` opened with, as it was: `maySQL` may only rule out first lines it rejects.
    static func opensSQL(_ line: Substring) -> Bool {
        let first = line.uppercased()
        return Structure.sqlBare.contains(first) || Structure.sqlOpeners.contains { first.hasPrefix($0) }
    }

    @Test func sqlGateKeepsEverySQLOpening() {
        var r = Rng(s: 0x8CB9_2BA7_2F3D_8DD7)
        let sql = ["select ", "SELECT", "insert ", "update ", "delete ", "create ", "alter ", "drop ", "with ", "begin", "--", "from", "where",
                   "group by", "order by", "having", "limit", "union all", "ſelect ", "\u{212A}ey", "Select\u{301} ", "s\u{301}elect "]
        for _ in 0..<20000 {
            var text = r.next(2) == 0 ? sql[r.next(sql.count)] : ""
            text += DetectionEquivalenceTests.text(&r, r.next(6))
            let line = Substring(text)
            if !Structure.maySQL(line) { #expect(!Self.opensSQL(line), "\(Array(text.unicodeScalars))") }
        }
        for b in UInt8(0)..<0x80 {
            for rest in ["ELECT x", "elect ", "", "\u{301}ELECT ", "-", "NSERT "] {
                let line = Substring(String(decoding: [b], as: UTF8.self) + rest)
                if !Structure.maySQL(line) { #expect(!Self.opensSQL(line), "\(b) \(rest)") }
            }
        }
    }

    /// `LineMask` answers as the byte searches it replaces: `Output.has` of every ASCII byte, and `isPlainASCII`.
    @Test func lineMaskMatchesByteSearch() {
        var r = Rng(s: 0x5851_F42D_4C95_7F2D)
        for _ in 0..<3000 {
            let line = Substring(DetectionEquivalenceTests.text(&r, r.next(12))).dropFirst(r.next(2))
            let m = LineMask(line)
            #expect(m.isPlainASCII == line.isPlainASCII)
            #expect(m.nonASCII == line.utf8.contains { $0 >= 0x80 })
            for b in UInt8(0)..<0x80 where m.has(b) != line.utf8.contains(b) { Issue.record("\(b) \(Array(line.unicodeScalars))") }
        }
    }

    /// `Output.diagnostic` with a mask and `Structure.opens` against the prefix tests they skip.
    @Test func maskedLineTestsMatch() {
        var r = Rng(s: 0x2F3D_8DD7_8CB9_2BA7)
        let heads = ["error: x", "error[E1]: y", "warning: ", "note: a", "src/a.rs:3:4: error: b", "x.ts(5,7): error TS1: c", "e: f.kt: (3, 5): d",
                     "@@ -1 +1 @@", "diff --git a b", "+++ b", "--- a/x", "Index: f", "```swift", "~~~", "<script>", "</style>", "\u{1FEF}\u{1FEF}\u{1FEF}"]
        for _ in 0..<20000 {
            var text = r.next(3) == 0 ? heads[r.next(heads.count)] : ""
            text += DetectionEquivalenceTests.text(&r, r.next(8))
            let line = Substring(text).dropFirst(r.next(2))
            #expect(Output.diagnostic(line, LineMask(line)) == Output.diagnostic(line), "\(Array(line.unicodeScalars))")
            for (firsts, prefixes) in [("@d+-I", ["@@ ", "diff --git", "+++ ", "--- a/", "Index: "]), ("`~", ["```", "~~~"]),
                                       ("<", ["<script", "</script>", "<style", "</style>"])] as [(StaticString, [StaticString])]
            where !Structure.opens(line, firsts) {
                for p in prefixes { #expect(!line.hasASCIIPrefix(p) && !line.hasPrefix(p.description), "\(Array(line.unicodeScalars))") }
            }
        }
    }
}

import Testing
import TestSupport
@testable import Search

/// The byte path for `µ ² ¼…` and the symbols of `Terms.Symbols` (`✔ → ─`) against the path they took
/// before, through Foundation's folding: the words, their bytes and the length limit must be the same.
@Suite struct TermsSymbolsTests {
    static func words(_ s: String, symbols: Bool) -> [[UInt8]] {
        var out: [[UInt8]] = []
        Terms.forEachWord(s, symbols: symbols) { word, _, _ in out.append(Array(word)) }
        return out
    }

    static func expectSame(_ s: String) {
        #expect(words(s, symbols: true) == words(s, symbols: false), "\(s.debugDescription)")
    }

    /// Every scalar of the symbol ranges and every letter or digit of U+0080–U+00BF, between
    /// words, at the ends, next to long words and before a mark that joins it.
    @Test func everySymbolAsFoundationFoldsIt() {
        let long = String(repeating: "k", count: 45)
        var scalars: [Unicode.Scalar] = [0xAA, 0xB5, 0xBA, 0xB2, 0xB3, 0xB9, 0xBC, 0xBD, 0xBE].map { Unicode.Scalar($0)! }
        for v in UInt32(0x2180)...0x27FF { scalars.append(Unicode.Scalar(v)!) }
        for c in scalars.map({ String($0) }) {
            for s in ["a\(c)b", c, "\(c)\(c)", "Zé\(c)9 x", "\(long)\(c)", "\(c)\(long) y", "\(c)\u{0301}a", "\(c)\u{0903}",
                      "\u{0D4E}\(c)", "東\(c)q", "x\(c)\u{200D}\(c)", "\(c)—\(long)", "\(long)\(c)\(long)"] {
                Self.expectSame(s)
            }
        }
    }

    /// Generated text of those characters mixed with ASCII, Latin-1, marks and other scripts.
    @Test func generatedTextAsFoundationFoldsIt() {
        var rng = SplitMix(seed: 31)
        let pieces = ["a", "Zeta", "x9", "0", "HTTP2", String(repeating: "w", count: 7), String(repeating: "E", count: 20),
                      "é", "Ñ", "×", "µ", "²", "½", "ª", "✔", "→", "─", "≠", "❶", "Ⓐ", "—", "\u{00A0}", " ", "\n", ".", "-",
                      "\u{0301}", "\u{0903}", "\u{0D4E}", "\u{200D}", "\u{FE0F}", "東京", "Ελ", "👍"]
        for _ in 0..<20_000 {
            var s = ""
            for _ in 0..<rng.below(24) { s += pieces[rng.below(pieces.count)] }
            Self.expectSame(s)
        }
    }
}

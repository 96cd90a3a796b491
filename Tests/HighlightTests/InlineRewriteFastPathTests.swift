import Testing
import TestSupport
@testable import Highlight

/// The word-at-a-time paths of the feed rewrite and of the C-family operators against the byte code they
/// stand in front of.
@Suite struct InlineRewriteFastPathTests {
    /// Token spans read by word loads, `</span>` and `</pre>` by masked words, the bit stack of kept spans
    /// (nested past its 64 bits) and the text between blocks taken from the input: all against the
    /// reference implementation, on the highlighted corpus and on tag soup near those shapes.
    @Test func rewriteMatchesReference() {
        let h = Highlighter()
        let corpus = Corpus.files.map { h.highlight($0.text, language: $0.language).html }.joined(separator: "<p>“x” é</p>\n")
        #expect(Array(Highlighter.inlineStyles(in: corpus).utf8) == Array(referenceInlineStyles(in: corpus).utf8))

        let pieces = ["<span class=\"k\">", "<span class=\"cpf\">", "<span class=\"zzzz\">", "<span class=\"kd\" >", "<span class=\"errr\">",
                      "<span class=\"\">", "<span class=\"line hll\">", "<span class=\"k", "</span>", "</span", "</pre>", "</pr", "<", ">",
                      "\"", "é", "x", "  ", "<span class=\"k\0\">", "<span class=\"\0k\">", "<pre class=\"highlight\">", "<span>", "\n"]
        var rng = SplitMix(seed: 31)
        for round in 0..<400 {
            var html = round % 3 == 0 ? "<p>“a”</p>" : ""
            for _ in 0..<(1 + rng.below(4)) {
                html += "<pre class=\"highlight\"><code>"
                let deep = round % 10 == 0 ? 70 + rng.below(10) : 0
                for _ in 0..<deep { html += rng.below(2) == 0 ? "<span class=\"k\">" : "<span class=\"zz\">" }
                for _ in 0..<rng.below(40) { html += pieces[rng.below(pieces.count)] }
                for _ in 0..<(deep + rng.below(3)) { html += "</span>" }
                if rng.below(4) != 0 { html += "</code></pre>" }
                html += pieces[rng.below(pieces.count)]
            }
            #expect(Array(Highlighter.inlineStyles(in: html).utf8) == Array(referenceInlineStyles(in: html).utf8), "round \(round)")
        }
    }

    /// `MultiOp.matches` (one masked word) against comparing the operator's bytes one by one with `Scanner.at`,
    /// at every offset of generated text, the last few bytes included.
    @Test func multiOpWordMatchesBytes() {
        let ops = ["->", "::", "..<", "...", "&^=", "?.", "!==", "=", "<<=", "a"]
        let alphabet = Array("-><:.&^=?!a \n".utf8)
        var rng = SplitMix(seed: 77)
        var hits = 0
        for _ in 0..<300 {
            let text = (0..<rng.below(24)).map { _ in alphabet[rng.below(alphabet.count)] }
            text.withUnsafeBufferPointer { buf in
                var tokens = [Token](repeating: Token(end: 0, cls: .text), count: buf.count + 1)
                tokens.withUnsafeMutableBufferPointer { out in
                    let s = Scanner(buf, into: out.baseAddress!)
                    for k in 0...buf.count {
                        for op in ops {
                            let bytes = Array(op.utf8)
                            let slow = bytes.indices.allSatisfy { s.at(k + $0) == bytes[$0] }
                            #expect(MultiOp(bytes, .o).matches(s, at: k) == slow, "\(op) at \(k) in \(text)")
                            if slow { hits += 1 }
                        }
                    }
                }
            }
        }
        #expect(hits > 100)
    }
}

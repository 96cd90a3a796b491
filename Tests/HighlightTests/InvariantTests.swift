import Foundation
import Testing
@testable import Highlight

/// Removing the tags and unescaping gives back the input, byte for byte, for every language and input.
@Suite struct InvariantTests {
    /// The bytes inside `<code>…</code>`, tags removed and entities decoded (bytewise: no grapheme surprises).
    static func plain(_ html: String) -> [UInt8] {
        let u = Array(html.utf8)
        guard let open = find(u, Array("<code>".utf8), from: 0), let close = findLast(u, Array("</code></pre>".utf8)) else { return [] }
        var out: [UInt8] = []
        var k = open + 6
        while k < close {
            let c = u[k]
            if c == 60 { while k < close && u[k] != 62 { k += 1 }; k += 1; continue }
            if c == 38 {
                var matched = false
                for (e, ch) in InvariantTests.entities where k + e.count <= close && equal(u, k, e) {
                    out.append(ch); k += e.count; matched = true; break
                }
                if !matched { out.append(c); k += 1 }
                continue
            }
            out.append(c)
            k += 1
        }
        return out
    }

    @inline(__always) static func equal(_ u: [UInt8], _ k: Int, _ n: [UInt8]) -> Bool {
        for j in 0..<n.count where u[k + j] != n[j] { return false }
        return true
    }

    static let entities: [([UInt8], UInt8)] = [(Array("&lt;".utf8), 60), (Array("&gt;".utf8), 62), (Array("&amp;".utf8), 38), (Array("&quot;".utf8), 34)]

    static func find(_ u: [UInt8], _ n: [UInt8], from: Int) -> Int? {
        var k = from
        while k + n.count <= u.count { if u[k] == n[0] && equal(u, k, n) { return k }; k += 1 }
        return nil
    }

    static func findLast(_ u: [UInt8], _ n: [UInt8]) -> Int? {
        var k = u.count - n.count
        while k >= 0 { if u[k] == n[0] && equal(u, k, n) { return k }; k -= 1 }
        return nil
    }

    static func count(_ u: [UInt8], _ n: String) -> Int {
        let nb = Array(n.utf8)
        var c = 0, k = 0
        while let f = find(u, nb, from: k) { c += 1; k = f + nb.count }
        return c
    }

    /// A small deterministic generator (tests must not depend on the system RNG).
    struct LCG: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    static func inputs() -> [String] {
        var rng = LCG(state: 42)
        var list = Corpus.files.map(\.text)
        list += ["", "\n", "\"", "'", "`", "/*", "#", "$", "\\", "<<EOF", "${", "\"\\(", "r#\"", "#\"", "\"\"\"", "&amp;", "é\n\u{1F600}", "a\r\nb"]
        let alphabet = Array("ab_Z09 \t\n\"'`$#@/*\\(){}[]<>=:;.,-+!?&|%^~rfbx".utf8)
        for len in [1, 3, 8, 40, 300] {
            for _ in 0..<6 {
                var bytes: [UInt8] = []
                for _ in 0..<len { bytes.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
                list.append(String(decoding: bytes, as: UTF8.self))
                var random: [UInt8] = []
                for _ in 0..<len { random.append(UInt8(truncatingIfNeeded: rng.next() >> 33)) }
                list.append(String(decoding: random, as: UTF8.self))
            }
        }
        return list
    }

    /// Every corpus file cut at odd places (unterminated strings and comments), in its own language.
    @Test func roundTripTruncatedCorpus() {
        let h = Highlighter()
        for f in Corpus.files {
            let u = Array(f.text.utf8)
            for cut in stride(from: 7, to: u.count, by: max(1, u.count / 11)) {
                let input = String(decoding: u[0..<cut], as: UTF8.self)
                for opt in [HighlightOptions(), HighlightOptions(lineNumbers: true)] {
                    let html = h.highlight(input, language: f.language, options: opt).html
                    #expect(InvariantTests.plain(html) == Array(input.utf8), "\(f.name) cut at \(cut)")
                }
            }
        }
    }

    @Test func roundTripEveryLanguage() {
        let h = Highlighter()
        let names = Highlighter.languages.map(\.name) + ["diff-swift", "diff-python", "nosuchlang"]
        let options = [HighlightOptions(), HighlightOptions(lineNumbers: true, highlightedLines: [1, 2, 5]), HighlightOptions(inlineStyles: true)]
        var failures = 0
        for input in InvariantTests.inputs() {
            for name in names {
                for (i, opt) in options.enumerated() where i == 0 || input.utf8.count < 200 {
                    let html = h.highlight(input, language: name, options: opt).html
                    let back = InvariantTests.plain(html)
                    if back != Array(input.utf8) {
                        failures += 1
                        if failures < 5 { Issue.record("\(name) opt \(i): round trip failed for \(input.prefix(80).debugDescription)") }
                    }
                    let u = Array(html.utf8)
                    let opens = InvariantTests.count(u, "<span")
                    let closes = InvariantTests.count(u, "</span>")
                    if opens != closes {
                        failures += 1
                        if failures < 5 { Issue.record("\(name) opt \(i): unbalanced spans for \(input.prefix(80).debugDescription)") }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    @Test func unlabeledPolicies() {
        let h = Highlighter()
        let code = "{\n  \"a\": [1, 2, true]\n}\n"
        #expect(h.highlight(code, language: nil, options: HighlightOptions(unlabeled: .plaintext)).language == "plaintext")
        #expect(h.highlight(code, language: nil, options: HighlightOptions(unlabeled: .language("yaml"))).language == "yaml")
        #expect(h.highlight(code, language: nil).language == "json")
    }

    @Test func unknownLanguageIsPlainAndFlagged() {
        let block = Highlighter().highlight("a < b && c", language: "klingon")
        #expect(block.languageKnown == false)
        #expect(block.language == "plaintext")
        #expect(block.html.contains("<code>a &lt; b &amp;&amp; c</code>"))
        #expect(!block.html.contains("<span"))
    }
}

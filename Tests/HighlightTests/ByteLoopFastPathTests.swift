import Testing
import Foundation
@testable import Highlight

/// The byte loops that stand in for library searches and per-byte copies, against the general code on
/// the corpus's real files.
@Suite struct ByteLoopFastPathTests {
    /// Every corpus file (and every prefix cut at a line) rendered by `renderString` (short tokens
    /// stored eight bytes at once) equals the per-byte `render`, for both tag tables.
    @Test func renderStringMatchesRender() {
        #expect(!Corpus.files.isEmpty)
        for file in Corpus.files {
            guard let r = Highlighter.resolve(file.language) else { continue }
            var texts = [file.text]
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            for cut in stride(from: 1, to: lines.count, by: 7) { texts.append(lines[..<cut].joined(separator: "\n")) }
            for var text in texts {
                text.withUTF8 { buf in
                    let tokens = r.lexer.tokens(buf)
                    for inline in [false, true] {
                        let e = Emitter.shared(inline: inline)
                        var out: [UInt8] = Array("<p>".utf8)
                        e.render(buf, tokens, lines: nil, into: &out)
                        out += "</p>".utf8
                        let fast = e.renderString(buf, tokens, prefix: Array("<p>".utf8), suffix: Array("</p>".utf8))
                        #expect(fast == String(decoding: out, as: UTF8.self), "\(file.name)")
                    }
                }
            }
        }
    }

    /// On the highlighted corpus: at every `<`, the byte loop's tag end equals memchr's; from every
    /// byte, `nextTagStart` finds the `<` memchr finds.
    @Test func tagSearchesMatchMemchr() {
        let table = InlineTable.shared
        var html = Corpus.files.map { Highlighter().highlight($0.text, language: $0.language).html }.joined(separator: "<p>x</p>")
        html += "<pre class=\"highlight\"><span class=\"k\" data-x=\"" + String(repeating: "a", count: 100) + "\">x</span></pre><span </pre>"
        var checked = 0
        html.withUTF8 { b in
            let p = b.baseAddress!, n = b.count
            for i in 0..<n {
                let hit = memchr(p + i, 0x3C, n - i).map { UnsafeRawPointer($0) - UnsafeRawPointer(p) }
                #expect(InlineTable.nextTagStart(p, n, from: i) == hit)
                if p[i] == 0x3C {
                    #expect(table.spanTagEnd(p, n, from: i) == table.searchedSpanTagEnd(p, n, from: i))
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }
}

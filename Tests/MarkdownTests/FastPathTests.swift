import Testing
import TestSupport
@testable import Markdown

/// The byte-level fast paths of the renderer against plain definitions, on generated inputs.
@Suite struct FastPathTests {
    /// Words counted eight bytes at a time equal the byte-by-byte definition, across chunk boundaries
    /// and with the running `inWord` state carried between calls.
    @Test func countWordsMatchesDefinition() {
        var rng = SplitMix(seed: 11)
        let alphabet: [UInt8] = [0x20, 0x0A, 0x09, 0x0D, 0x0C, 0x61, 0x62, 0x2E, 0xC3, 0xA9, 0x00, 0xA0, 0x8A, 0x89]
        let ctx = DocumentContext(options: MarkdownOptions(), source: SourceText([]), codeBlockRenderer: MarkdownRenderer.plainCodeBlock,
                                  footnotes: FootnoteSource.prepare([], enabled: false))
        for _ in 0..<500 {
            var r = HTMLRenderer(ctx: ctx)
            var words = 0, inside = false
            for _ in 0..<(1 + rng.below(4)) {
                let bytes = (0..<rng.below(70)).map { _ in alphabet[rng.below(alphabet.count)] }
                for b in bytes {
                    if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D { inside = false } else if !inside { inside = true; words += 1 }
                }
                bytes.withUnsafeBufferPointer { r.countWords($0) }
                #expect(r.words == words && r.inWord == inside)
            }
        }
    }

    /// Long prose (the eight-byte steps of `textRun`, which test each eight bytes once): runs of
    /// words and single spaces broken by doubled spaces, `!` after a space, tags, entities and line
    /// breaks at every offset, against the earlier implementation.
    @Test func plainTextOfLongProseMatchesReference() {
        var rng = SplitMix(seed: 41)
        let pieces = ["word ", "words and more words ", "a", " ", "  ", " !", "! ", "!", "\n", "\t", "<em>", "</em>", "<p>", "</p>\n",
                      "&amp;", "&lt;", "&nbsp;", "&", "<", "é", "“q”", "\u{0B}", "x", "longerwordwithoutspaces", " ! !a "]
        for _ in 0..<1500 {
            var html = ""
            for _ in 0..<rng.below(60) { html += pieces[rng.below(pieces.count)] }
            let bytes = Array(html.utf8)
            #expect(plainText(fromHTML: bytes) == referencePlainText(fromHTML: bytes), "\(html)")
        }
    }

    /// Excerpt text from HTML equals the earlier implementation on generated fragments.
    @Test func plainTextMatchesReference() {
        var rng = SplitMix(seed: 7)
        let pieces = ["<p>", "</p>\n", "<em>", "</em>", "<A HREF=\"x\">", "</a>", "<br />", "<CODE>", "</code>", "word", " ", "\n\t",
                      "&amp;", "&lt;", "&quot;", "&#233;", "&#x1F600;", "&bogus;", "&", "&#xZZ;", "<sup class=\"footnote-ref\"><a>1</a></sup>",
                      "<sup class=\"footnote-ref\">", "é", "“q”", "<//strong>", "<h2 id=\"a\">", "<", ">", "<img src=\"a\" alt=\"b\" />", "&nbsp;",
                      "a b", " x ", "<span class=\"k\">", "</span>", "&#39;", "&gt;", "&quot;", "&g;", "\u{0B}", "\r\n"]
        for _ in 0..<600 {
            var html = ""
            for _ in 0..<rng.below(30) { html += pieces[rng.below(pieces.count)] }
            let bytes = Array(html.utf8)
            #expect(plainText(fromHTML: bytes) == referencePlainText(fromHTML: bytes), "\(html)")
        }
    }
}

// MARK: - The previous plainText(fromHTML:), kept as the definition

private func referencePlainText(fromHTML html: [UInt8]) -> String {
    var out: [UInt8] = []
    var i = 0
    var pendingSpace = false
    func emit(_ bytes: [UInt8]) {
        if pendingSpace && !out.isEmpty { out.append(0x20) }
        pendingSpace = false
        out.append(contentsOf: bytes)
    }
    let supRef = Array("<sup class=\"footnote-ref\">".utf8)
    let supEnd = Array("</sup>".utf8)
    while i < html.count {
        let b = html[i]
        if b == 0x3C {
            if html[i...].starts(with: supRef) {
                var j = i + supRef.count
                while j < html.count, !html[j...].starts(with: supEnd) { j += 1 }
                i = min(j + supEnd.count, html.count)
                continue
            }
            var j = i + 1
            while j < html.count, html[j] != 0x3E { j += 1 }
            let tag = html[(i + 1)..<min(j, html.count)]
            let name = tag.drop(while: { $0 == 0x2F }).prefix(while: { isAlnumByte($0) })
            let inline: Set<String> = ["a", "em", "strong", "code", "del", "span", "sup", "sub", "b", "i", "abbr", "kbd", "mark", "small"]
            if !inline.contains(String(decoding: name, as: UTF8.self).lowercased()) { pendingSpace = true }
            i = j + 1
            continue
        }
        if isSpaceByte(b) {
            pendingSpace = true
            i += 1
            continue
        }
        if b == 0x26 {
            var j = i + 1
            while j < html.count, j - i < 12, html[j] != 0x3B, !isSpaceByte(html[j]) { j += 1 }
            if j < html.count, html[j] == 0x3B, let decoded = decodeEntity(html[(i + 1)..<j]) {
                emit(decoded)
                i = j + 1
                continue
            }
        }
        emit([b])
        i += 1
    }
    return String(decoding: out, as: UTF8.self)
}

/// The reference definitions' byte prefilter against the line-by-line scan it stands in front of.
@Suite struct ReferenceDefinitionFastPathTests {
    /// The scan before the prefilter: every line sliced, stripped and tested.
    static func reference(_ source: SourceText) -> [UInt8] { collectReferenceDefinitions(source, prefilter: false) }

    @Test func prefilterMatchesLineScan() {
        var rng = SplitMix(seed: 23)
        let pieces = ["[a]: /url", "[a]:", "[x]", " [b]: http://e.com \"t\"", "> [q]: /q", ">>\t[r]: /r", "\"title\"", "'t'", "(t)",
                      "text", " ", "\t", ">", "[", "]", ":", "\n", "\r\n", "\n\n", "| a | b |", "[^1]: note", "  ", "é", "[é]: /é"]
        for _ in 0..<800 {
            var text = ""
            for _ in 0..<rng.below(40) { text += pieces[rng.below(pieces.count)] }
            let source = SourceText(Array(text.utf8))
            #expect(collectReferenceDefinitions(source) == Self.reference(source), "\(text.debugDescription)")
        }
        // Real pages: the renderer's own test documents.
        for text in ["# T\n\n[a]: /x\n  \"t\"\n\n| a |\n|---|\n| [b] |\n\n> [c]: /c\n> (p)\n", "", "\n", "[", "[]:", " [abc]:\n"] {
            let source = SourceText(Array(text.utf8))
            #expect(collectReferenceDefinitions(source) == Self.reference(source), "\(text.debugDescription)")
        }
    }
}

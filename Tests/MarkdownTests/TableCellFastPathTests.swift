import Testing
import TestSupport
@testable import Markdown

/// Table cells written as text without a cmark parse (`isPlainCell`) against the same tables with
/// every cell parsed.
@Suite struct TableCellFastPathTests {
    private func both(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> (fast: MarkdownDocument, parsed: MarkdownDocument) {
        let fast = MarkdownRenderer(options: options)
        var parsed = MarkdownRenderer(options: options)
        parsed.parsesEveryTableCell = true
        return (fast.render(markdown), parsed.render(markdown))
    }

    @Test func figuresTableMatchesParsedCells() {
        let table = """
        | Variant | p50 (GB) | runs (GB) | max (MB) |
        | --- | ---: | ---: | ---: |
        | hidden account | 944.5 | 877.8 | 529.0 |
        | flaky build | 1.2.3 | 3.14159 | 0.5 |

        """
        let (fast, parsed) = both(table)
        #expect(fast.html == parsed.html)
        #expect(fast.wordCount == parsed.wordCount)
        #expect(fast.html.contains("<td align=\"right\">944.5</td>"))
    }

    /// Generated cells of digits, dots, `@`, `w` and text, with smart punctuation on and off and as kramdown reads them.
    @Test func generatedCellsMatchParsedCells() {
        var rng = SplitMix(seed: 31)
        let pieces = ["1", "2", "9", "0", ".", "..", "...", "@", "a", "w", "www.", " ", "(GB)", "x", "é", "e", "com", "-", "4.5", "a@b.c", "1@2.3"]
        var variants: [MarkdownOptions] = [MarkdownOptions(), MarkdownOptions(smartPunctuation: false)]
        var k = MarkdownOptions()
        k.kramdown = true
        variants.append(k)
        for options in variants {
            for _ in 0..<150 {
                func cell() -> String {
                    var s = ""
                    for _ in 0..<(1 + rng.below(5)) { s += pieces[rng.below(pieces.count)] }
                    return s.allSatisfy { $0 == " " } ? "1.5" : s
                }
                var md = "| \(cell()) | \(cell()) |\n| --- | :-: |\n"
                for _ in 0..<(1 + rng.below(3)) { md += "| \(cell()) | \(cell()) |\n" }
                let (fast, parsed) = both(md, options)
                #expect(fast.html == parsed.html, "\(md)")
                #expect(fast.wordCount == parsed.wordCount, "\(md)")
            }
        }
    }

    @Test func dotsArePlainOnlyBetweenDigits() {
        #expect(isPlainCell(Array("944.5".utf8)))
        #expect(isPlainCell(Array("p50 (GB)".utf8)))
        #expect(!isPlainCell(Array("1..2".utf8)))
        #expect(!isPlainCell(Array("www.x".utf8)))
        #expect(!isPlainCell(Array("1.".utf8)))
        #expect(!isPlainCell(Array(".5".utf8)))
        #expect(!isPlainCell(Array("a@1.2".utf8)))
        #expect(isPlainCell(Array("a@b".utf8)))
    }
}

/// The word mask's shortcuts (nothing up to a space; only spaces) against its four-comparison definition.
@Suite struct NonBlankMaskTests {
    @Test func matchesDefinition() {
        var rng = SplitMix(seed: 17)
        let bytes: [UInt8] = [0x00, 0x01, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x1F, 0x20, 0x21, 0x41, 0x61, 0x7F, 0x80, 0x89, 0x8A, 0xA0, 0xA1, 0xC3, 0xFF]
        for round in 0..<20000 {
            var x: UInt64 = 0
            var expected: UInt64 = 0
            for k in 0..<8 {
                // Mostly letters and spaces, as prose is; controls now and then.
                let b: UInt8 = round % 3 == 0 ? bytes[rng.below(bytes.count)] : (rng.below(5) == 0 ? 0x20 : 0x61)
                x |= UInt64(b) << (8 * k)
                if !(b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D) { expected |= 0x80 << (8 * k) }
            }
            #expect(nonBlankMask(x) == expected, "\(String(x, radix: 16))")
        }
    }
}

/// `splitRow` copies each cell as one slice of the row; the reference below is the byte-by-byte
/// split it replaced, kept to compare on generated rows full of pipes, escapes and backticks.
@Suite struct SplitRowFastPathTests {
    private func reference(_ line: ArraySlice<UInt8>, codeSpans: Bool) -> [[UInt8]] {
        var l = trimmed(line)
        if l.first == 0x7C { l = l.dropFirst() }
        var cells: [[UInt8]] = [], cell: [UInt8] = []
        var i = l.startIndex, endedWithPipe = false
        while i < l.endIndex {
            let b = l[i]
            endedWithPipe = false
            if codeSpans, b == 0x60, let end = codeSpanEnd(l, i) { cell += l[i..<end]; i = end; continue }
            if b == 0x5C, i + 1 < l.endIndex {
                if l[i + 1] != 0x7C { cell.append(b) }
                cell.append(l[i + 1])
                i += 2
                continue
            }
            if b == 0x7C {
                cells.append(Array(trimmed(cell[...])))
                cell.removeAll()
                endedWithPipe = true
            } else {
                cell.append(b)
            }
            i += 1
        }
        if !endedWithPipe || cells.isEmpty { cells.append(Array(trimmed(cell[...]))) }
        return cells
    }

    @Test func generatedRowsSplitAsTheReference() {
        var rng = SplitMix(seed: 77)
        let pieces = ["|", "|", " ", "  ", "\\", "\\|", "\\\\", "`", "``", "a", "bc", "1.5", "é", "\t", "x y", "-", ":"]
        for _ in 0..<4000 {
            var row = ""
            for _ in 0..<Int(rng.next() % 14) { row += pieces[Int(rng.next() % UInt64(pieces.count))] }
            let bytes = Array(("  " + row + " ").utf8)
            // A slice that does not start at 0, as rows are cut from a page.
            let slice = bytes[2...]
            for codeSpans in [false, true] {
                #expect(splitRow(slice, codeSpans: codeSpans) == reference(slice, codeSpans: codeSpans), "\(row) codeSpans: \(codeSpans)")
            }
        }
    }
}

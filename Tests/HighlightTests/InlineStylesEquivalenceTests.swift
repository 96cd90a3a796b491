import Testing
import TestSupport
@testable import Highlight

/// The pointer-based `inlineStyles(in:)` against the plain implementation it replaced (kept below
/// as the definition), on generated HTML: real highlighted blocks of many languages and options,
/// plus hand-made oddities (unknown classes, extra attributes, stray `<`, unclosed blocks, non-ASCII).
@Suite struct InlineStylesEquivalenceTests {
    @Test func matchesReferenceOnGeneratedHTML() {
        var rng = SplitMix(seed: 8)
        let h = Highlighter()
        let codes = [
            "let x = \"a\\(b)\" // hi\nfunc f() {}\n", "fn main() { println!(\"é {}\", 1 < 2 && 3 > 2); }\n",
            "def f(x):\n    return x ** 2  # “squared”\n", "SELECT * FROM t WHERE a <> 'b';\n", "{\"a\": [1, 2.5, true, null]}\n",
            "$ ls -la | grep foo > out.txt\n", "package main\nimport \"fmt\"\nfunc main() { fmt.Println(\"<&>\") }\n",
            "+let a = 1\n-let b = 2\n context\n", "plain text with <tags> & ampersands\n", "",
        ]
        let languages: [String?] = ["swift", "rust", "python", "sql", "json", "console", "go", "diff-swift", "nosuchlang", nil]
        let oddities = [
            "<span class=\"k\">outside</span>", "<p>a < b</p>", "<span class=\"zz\">x</span>", "<span class=\"k\" id=\"q\">y</span>",
            "<span>bare</span>", "<span class=\"\">empty</span>", "<span class=\"line hll\">l</span>", "<pre class=\"highlight\" style=\"x\"><code>",
            "<pre class=\"highlighted\">", "</pre>", "<span class=\"kd", "<", "é “quoted” ü ", "<span class=\"cpf\">c</span>", "</span></span>",
            "<pre class=\"highlight", "<span class=\"err\">e</span>", "<span\n class=\"k\">", "\u{0}", "<pre class=\"highlight\"><code><span class=\"s1\">",
        ]
        var rewritten = 0
        for round in 0..<300 {
            var html = ""
            for _ in 0..<rng.below(8) {
                if rng.below(3) == 0 {
                    html += oddities[rng.below(oddities.count)]
                } else {
                    let k = rng.below(codes.count)
                    let opts = HighlightOptions(lineNumbers: rng.below(3) == 0, highlightedLines: rng.below(3) == 0 ? [1, 2] : [],
                                                title: rng.below(4) == 0 ? "a.swift" : nil, unlabeled: .plaintext)
                    html += h.highlight(codes[k], language: languages[rng.below(languages.count)], options: opts).html
                }
                if rng.below(2) == 0 { html += "<p>text “between” blocks</p>\n" }
            }
            // Cut some documents short (unclosed tags and blocks), at a character boundary.
            if round % 5 == 0, !html.isEmpty {
                let cut = rng.below(html.unicodeScalars.count + 1)
                html = String(String.UnicodeScalarView(html.unicodeScalars.prefix(cut)))
            }
            let fast = Highlighter.inlineStyles(in: html)
            let reference = referenceInlineStyles(in: html)
            #expect(Array(fast.utf8) == Array(reference.utf8), "round \(round)")
            if fast != html { rewritten += 1 }
        }
        #expect(rewritten > 150)   // most documents do have blocks to rewrite
    }

    @Test func largeBlocksWithRareNonASCII() {
        let h = Highlighter()
        var code = ""
        for k in 0..<400 { code += k % 97 == 0 ? "let s\(k) = \"naïve ✓\"\n" : "let v\(k) = f(\(k)) + g[\(k)] // n\n" }
        let html = "<p>“Intro”</p>\n" + h.highlight(code, language: "swift").html + "<p>end</p>\n"
        #expect(Array(Highlighter.inlineStyles(in: html).utf8) == Array(referenceInlineStyles(in: html).utf8))
    }
}


// MARK: - The previous implementation, kept as the definition

private let referenceSpanByClass: [UInt32: [UInt8]] = Dictionary(
    TokenClass.allCases.compactMap { c in
        Highlighter.inlineTheme.inlineStyle(c).map { (Highlighter.packedName(Array(c.cssClass.utf8)[...]), Array("<span style=\"\($0)".utf8)) }
    },
    uniquingKeysWith: { a, _ in a })

private let referenceTokenKeys: Set<UInt32> = Set(TokenClass.allCases.filter { $0 != .text }.map { Highlighter.packedName(Array($0.cssClass.utf8)[...]) })

func referenceInlineStyles(in html: String) -> String {
    let b = Array(html.utf8)
    let preOpen = Array("<pre class=\"highlight".utf8)
    let preClose = Array("</pre>".utf8)
    let spanOpen = Array("<span".utf8)
    let spanClose = Array("</span>".utf8)
    let classAttr = Array(" class=\"".utf8)
    guard firstIndex(of: preOpen, in: b, from: 0) != nil else { return html }
    let theme = Highlighter.inlineTheme
    let preStyle = Array(" style=\"background-color:\(theme.background);color:\(theme.foreground)\"".utf8)
    var out: [UInt8] = []
    var kept: [Bool] = []
    var i = 0
    while let pre = firstIndex(of: preOpen, in: b, from: i) {
        out.append(contentsOf: b[i..<pre])
        guard let tagEnd = b[pre...].firstIndex(of: UInt8(ascii: ">")) else { i = pre; break }
        out.append(contentsOf: b[pre..<tagEnd])
        if firstIndex(of: Array(" style=".utf8), in: Array(b[pre..<tagEnd]), from: 0) == nil { out.append(contentsOf: preStyle) }
        i = tagEnd
        let end = firstIndex(of: preClose, in: b, from: i) ?? b.count
        kept.removeAll(keepingCapacity: true)
        while i < end, let lt = b[i..<end].firstIndex(of: UInt8(ascii: "<")) {
            out.append(contentsOf: b[i..<lt])
            if starts(b, at: lt, with: spanClose) {
                if kept.popLast() ?? true { out.append(contentsOf: spanClose) }
                i = lt + spanClose.count
            } else if starts(b, at: lt, with: spanOpen), let gt = b[lt..<end].firstIndex(of: UInt8(ascii: ">")) {
                let valueStart = lt + spanOpen.count + classAttr.count
                if starts(b, at: lt + spanOpen.count, with: classAttr), gt > valueStart, b[gt - 1] == UInt8(ascii: "\""),
                   referenceTokenKeys.contains(Highlighter.packedName(b[valueStart..<(gt - 1)])) {
                    if let open = referenceSpanByClass[Highlighter.packedName(b[valueStart..<(gt - 1)])] {
                        out.append(contentsOf: open)
                        out.append(UInt8(ascii: "\""))
                        out.append(UInt8(ascii: ">"))
                        kept.append(true)
                    } else {
                        kept.append(false)
                    }
                } else {
                    out.append(contentsOf: b[lt...gt])
                    kept.append(true)
                }
                i = gt + 1
            } else {
                out.append(b[lt])
                i = lt + 1
            }
        }
        out.append(contentsOf: b[i..<end])
        i = end
    }
    out.append(contentsOf: b[i...])
    return String(decoding: out, as: UTF8.self)
}

private func starts(_ b: [UInt8], at i: Int, with prefix: [UInt8]) -> Bool {
    guard i + prefix.count <= b.count else { return false }
    for k in 0..<prefix.count where b[i + k] != prefix[k] { return false }
    return true
}

private func firstIndex(of needle: [UInt8], in hay: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, hay.count >= needle.count else { return nil }
    var i = start
    let last = hay.count - needle.count
    while i <= last {
        if hay[i] == first {
            var k = 1
            while k < needle.count && hay[i + k] == needle[k] { k += 1 }
            if k == needle.count { return i }
        }
        i += 1
    }
    return nil
}

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

    static let lineStarts = ["error: x", "error[E1]: y", "warning: z", "note: a", "help: b", "[ERROR] c", "e: f.kt: (3, 5): d", "fatal error: g",
                             "ld: h", "clang: error: i", "Undefined symbols", "src/a.ts(5,7): error TS1: j", "main.swift:3:5: error: k", "at a.b(C.java:1)",
                             "E   AssertionError", "0   libswiftCore.dylib  0x1", "Caused by: x", "Traceback (most", "thread 'main' panicked",
                             "goroutine 1 [running]:", "Fatal error: y", "Thread 1: z", "panic: w", "Stack trace:", "Backtrace:", "File \"a.py\", line 3",
                             "|-- a", "`-- b", "+-- c", "\\-- d", "+--- e", "+----f", "+--", "\u{1FEF}-- g", "├── h", "getpid        4189", "ntpd   8 ",
                             "a   1\t", "x   2\r", "key: 1;", "f(x)", "g(", "h,", "k {", "\u{37E}", "x\u{37E}"]

    /// Random awkward lines, often opening (or being) one of the lines the detector's tests look for.
    static func line(_ r: inout Rng) -> Substring {
        let tail = DetectionFastPathTests.sample(&r)
        switch r.next(3) {
        case 0: return Substring(lineStarts[r.next(lineStarts.count)]) + tail
        case 1: return tail + Substring(lineStarts[r.next(lineStarts.count)])
        default: return tail
        }
    }

    /// Each byte screen passes every line its full test accepts (so screening first changes no answer).
    @Test func byteScreensPassEveryAcceptedLine() {
        var r = Rng(s: 0x6A09_E667_F3BC_C909)
        var accepted = 0
        for _ in 0..<20_000 {
            let l = Self.line(&r)
            let hits = [Output.diagnostic(l), Output.traceLine(l), Output.reportRow(l), Output.treeBranch(l), Structure.closesCode(l)]
            accepted += hits.filter { $0 }.count
            if Output.diagnostic(l) { #expect(Output.mayBeDiagnostic(l), "\(Array(l.unicodeScalars))") }
            if Output.traceLine(l) { #expect(Output.mayBeTraceLine(l), "\(Array(l.unicodeScalars))") }
            if Output.reportRow(l) { #expect(Output.mayBeReportRow(l), "\(Array(l.unicodeScalars))") }
            if Output.treeBranch(l) { #expect(Output.mayBeTreeBranch(l), "\(Array(l.unicodeScalars))") }
            if Structure.closesCode(l) { #expect(Structure.mayCloseCode(l), "\(Array(l.unicodeScalars))") }
        }
        #expect(accepted > 1000)
    }

    /// The split on contiguous bytes against the split on String indices, on plain ASCII text.
    @Test func asciiLinesMatchIndexLines() {
        var r = Rng(s: 0xBB67_AE85_84CA_A73B)
        let pieces = ["\n", "\n\n", " ", "  ", "\t", "x", "let a = 1", "  }", "\t\tb", "- c: d", "#"]
        for _ in 0..<3000 {
            let text = (0..<r.next(30)).map { _ in pieces[r.next(pieces.count)] }.joined() + (r.next(2) == 0 ? String(repeating: "y\n", count: r.next(500)) : "")
            var copy = text
            let fast = copy.withUTF8 { Detector.asciiLines(text, $0) }
            let slow = Detector.indexLines(text)
            #expect(fast?.lines.map { $0.startIndex..<$0.endIndex } == slow.lines.map { $0.startIndex..<$0.endIndex })
            #expect(fast?.raws.map { $0.startIndex..<$0.endIndex } == slow.raws.map { $0.startIndex..<$0.endIndex })
            #expect(fast?.lines == slow.lines && fast?.raws == slow.raws)
        }
        var accented = "é\n"
        #expect(accented.withUTF8 { Detector.asciiLines("é\n", $0) } == nil)
    }

    @Test func firstWordMatchesSplit() {
        var r = Rng(s: 0x3C6E_F372_FE94_F82B)
        for _ in 0..<6000 {
            let l = Self.line(&r) + (r.next(2) == 0 ? " x y:" : "")
            let line = r.next(4) == 0 ? " " + l : l
            #expect(Shapes.firstWord(line) == line.split(separator: " ").first, "\(Array(line.unicodeScalars))")
        }
    }

    @Test func plainASCIIOnContiguousBytes() {
        var r = Rng(s: 0xA54F_F53A_5F1D_36F1)
        for _ in 0..<6000 {
            let l = Self.line(&r)
            #expect(l.isPlainASCII == l.utf8.allSatisfy { $0 < 0x80 && $0 != 13 }, "\(Array(l.unicodeScalars))")
        }
    }
}

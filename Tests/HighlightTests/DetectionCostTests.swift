import Foundation
import Testing
@testable import Highlight

/// The cheaper paths of detection (issue 31) against the code they stand in for, on the test corpus and on random
/// text full of awkward cases: answers are compared, never time.
@Suite struct DetectionCostTests {
    typealias Rng = DetectionEquivalenceTests.Rng

    /// Corpus files, their cuts, and random texts: what the model and the splitters are compared on.
    static func texts() -> [String] {
        var r = Rng(s: 0x2545_F491_4F6C_DD1D)
        var out: [String] = []
        for f in Corpus.files {
            out += [f.text, String(f.text.prefix(f.text.count / 3)), String(f.text.suffix(f.text.count / 2))]
        }
        for _ in 0..<1500 { out.append(DetectionEquivalenceTests.text(&r, 1 + r.next(80))) }
        return out
    }

    /// The Character split and trim `splitLines` stands in for.
    static func characterLines(_ text: String) -> (lines: [Substring], raws: [Substring]) {
        var lines: [Substring] = [], raws: [Substring] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(400) {
            let t = raw.trimmingBlanks
            if !t.isEmpty { lines.append(t); raws.append(raw) }
        }
        return (lines, raws)
    }

    /// Text without a CR, non-ASCII or not, split on bytes: the Character split's pieces, at the same indices.
    @Test func unicodeLinesMatchCharacterSplit() {
        var r = Rng(s: 0x8C3F_0B2A_11D4_7E95)
        let pieces = DetectionEquivalenceTests.pieces.filter { !$0.utf8.contains(13) } + ["\n\u{301}", "\u{301}\n", "─\n", "é \t", "\u{600}\n"]
        for k in 0..<6000 {
            var text = (0..<r.next(40)).map { _ in pieces[r.next(pieces.count)] }.joined()
            if k % 50 == 0 { text = String(repeating: "a\n", count: 450) + "é" }   // past the 400 pieces
            let fast = text.utf8.withContiguousStorageIfAvailable { Detector.unicodeLines(text, $0) }!!
            let slow = Self.characterLines(text)
            #expect(fast.lines == slow.lines && fast.raws == slow.raws, "\(Array(text.unicodeScalars))")
            #expect(fast.lines.map(\.startIndex) == slow.lines.map(\.startIndex) && fast.lines.map(\.endIndex) == slow.lines.map(\.endIndex))
            #expect(fast.raws.map(\.startIndex) == slow.raws.map(\.startIndex) && fast.raws.map(\.endIndex) == slow.raws.map(\.endIndex))
        }
        let crlf = "a\r\nb"
        #expect(crlf.utf8.withContiguousStorageIfAvailable { Detector.unicodeLines(crlf, $0) }! == nil)
    }

    /// `splitLines` (both byte paths and the fallback) against the Character split, raws' indices included.
    @Test func splitLinesMatchCharacterSplit() {
        for text in Self.texts() {
            let fast = Detector.splitLines(text), slow = Self.characterLines(text)
            #expect(fast.lines == slow.lines && fast.raws == slow.raws)
            #expect(fast.raws.map(\.startIndex) == slow.raws.map(\.startIndex) && fast.raws.map(\.endIndex) == slow.raws.map(\.endIndex))
        }
    }

    /// Where the byte walk of `hasASCIISuffix` answers, it is `hasSuffix`'s answer.
    @Test func suffixBytesMatchCharacters() {
        var r = Rng(s: 0x94D0_49BB_1331_11EB)
        let literals: [StaticString] = [";", "{", ")", "(", ",", "*/", "...", "…", ">", "}", ":", "\\", "K", "\r\n", ""]
        for _ in 0..<8000 {
            let line = Substring(DetectionEquivalenceTests.text(&r, r.next(10))).dropFirst(r.next(2))
            for p in literals {
                let bytes = p.withUTF8Buffer { pb in line.utf8.withContiguousStorageIfAvailable { Substring.asciiSuffix(pb, $0) } }
                if let answer = bytes ?? nil { #expect(answer == line.hasSuffix(p.description), "\(Array(line.unicodeScalars)) \(p)") }
                #expect(line.hasASCIISuffix(p) == line.hasSuffix(p.description))
            }
        }
    }

    /// The model's rows decoded entry by entry, as the table was before (`level` per cell through its Double).
    @Test func decodedTableMatchesEntries() {
        let (index, weights, masks) = Model.table
        var source = DetectModelData.table
        var rows = 0
        source.withUTF8 { text in
            var start = 0
            while start < text.count {
                var end = start
                while end < text.count, text[end] != 9, text[end] != 10 { end += 1 }
                if end - start > Model.k, text[end - Model.k - 1] == 32 {
                    let h = Model.hash(UnsafeBufferPointer(rebasing: text[start..<(end - Model.k - 1)]))
                    if let r = index[h], Int(r) == rows {
                        let o = rows * Model.rowStride
                        var mask: UInt32 = 0
                        for c in 0..<Model.k {
                            let level = Int8(Model.level(text[end - Model.k + c]))
                            #expect(weights[o + c] == level)
                            if level != 0 { mask |= 1 << UInt32(c) }
                        }
                        #expect(masks[rows] == mask)
                        #expect(weights[(o + Model.k)..<(o + Model.rowStride)].allSatisfy { $0 == 0 })
                    } else {
                        // A key given twice keeps its last row.
                        #expect(index[h] != nil)
                    }
                    rows += 1
                }
                start = end + 1
            }
        }
        #expect(rows == masks.count && weights.count == rows * Model.rowStride)
        for n in Model.countWeights.indices { #expect(Model.countWeights[n].bitPattern == Float(log1p(Double(n))).bitPattern) }
    }

    /// `probabilities` as it was: rows counted once per line through a table of every row, sorted, and every cell of
    /// each summed (zeros too), a log1p per row.
    static func denseProbabilities(_ lines: [Substring], raws: [Substring], hand: [Double]) -> [Double] {
        let (index, weights, _) = Model.table
        var keys: [UInt64] = [], ends: [Int] = [], spans: [(Int, Int)] = []
        var carry: UInt64 = 0, tabs = false
        for (li, line) in lines.prefix(200).enumerated() {
            Array(line.utf8).withUnsafeBufferPointer { Model.lineKeys($0, spans: &spans, carry: &carry, into: &keys) }
            if li < raws.count, let h = Model.indentKey(raws[li]) { if h == Model.tabKey { tabs = true } else { keys.append(h) } }
            ends.append(keys.count)
        }
        var rows: [Int32] = []
        var seen = [Int32](repeating: -1, count: index.rowCount)
        var a = 0
        for (li, end) in ends.enumerated() {
            while a < end {
                if let r = index[keys[a]], seen[Int(r)] != Int32(li) { seen[Int(r)] = Int32(li); rows.append(r) }
                a += 1
            }
        }
        if tabs, let r = index[Model.tabKey] { rows.append(r) }
        rows.sort()
        var z = DetectModelData.bias
        a = 0
        while a < rows.count {
            var b = a + 1
            while b < rows.count && rows[b] == rows[a] { b += 1 }
            let x = Float(log1p(Double(b - a)))
            for c in 0..<Model.k { z[c] += Double(x * Model.cellWeights[Int(weights[Int(rows[a]) * Model.rowStride + c]) + 45]) }
            a = b
        }
        let hn = Model.handIndex.count, k = Model.k
        for (j, i) in Model.handIndex.enumerated() where i >= 0 && i < hand.count {
            let s = hand[i]
            let x = log1p(abs(s)), row = (s >= 0 ? j : hn + j) * k
            if x > 0 { for c in 0..<k { z[c] += x * Model.handWeights[row + c] } }
        }
        let lx = log(Double(max(1, lines.count))), row = 2 * hn * k
        for c in 0..<k { z[c] += lx * Model.handWeights[row + c] }
        let top = z.max() ?? 0
        var p = z.map { exp($0 - top) }
        let sum = p.reduce(0, +)
        for c in 0..<k { p[c] /= sum }
        return p
    }

    /// Sparse sums over rows packed with their line, the log table: the very Doubles of the dense sums.
    @Test func probabilitiesMatchDenseSums() {
        var tabbed = 0
        for text in Self.texts() + Self.texts().prefix(200).map({ "\t" + $0.replacingOccurrences(of: "\n", with: "\n\t") }) {
            let (lines, raws) = Detector.splitLines(text)
            guard !lines.isEmpty else { continue }
            if raws.contains(where: { $0.hasPrefix("\t") }) { tabbed += 1 }
            let hand = Scorer.effectiveScores(lines, raw: raws)
            let fast = Model.probabilities(lines, raws: raws, hand: hand), slow = Self.denseProbabilities(lines, raws: raws, hand: hand)
            #expect(fast.map(\.bitPattern) == slow.map(\.bitPattern), "\(Array(text.unicodeScalars.prefix(80)))")
        }
        #expect(tabbed > 100)
    }

    /// `radixSort(from:)` sorts by the bits from `from` up and keeps the order of equal keys.
    @Test func radixSortFromIsStable() {
        var r = Rng(s: 0x3C6E_F372_FE94_F82B)
        for _ in 0..<300 {
            let values = (0..<r.next(900)).map { _ in Int32(r.next(13_000)) << 8 | Int32(r.next(256)) }
            var fast = values
            Model.radixSort(&fast, from: 8)
            let slow = values.enumerated().sorted { ($0.1 >> 8, $0.0) < ($1.1 >> 8, $1.0) }.map(\.1)
            #expect(fast == slow)
        }
    }

    /// The pair bitmap holds exactly the non-empty buckets.
    @Test func pairBitmapMatchesBuckets() {
        let pairs = DetectTables.shared.bytePair
        for key in 0..<65536 { #expect(pairs.mayHold(key) == (pairs.first[key] < pairs.first[key + 1])) }
    }

    /// `located` on the line's view, as it was.
    static func viewLocated(_ l: Substring) -> Bool {
        if Output.has(l, "): error") || Output.has(l, "): warning") { return !l.utf8.prefix { $0 != 40 }.contains(32) }
        let u = l.utf8
        guard let colon = u.firstIndex(of: 58), let next = u[u.index(after: colon)...].first, isDigit(next), !u[..<colon].contains(32) else { return false }
        return Output.has(l, "error") || Output.has(l, "warning") || Output.has(l, "note:")
    }

    /// `isDumpLine` without its first-byte screen.
    static func unscreenedDumpLine(_ l: Substring) -> Bool {
        let u = l.utf8
        var i = u.startIndex
        if u.first == 91 { i = u.index(after: i) }
        let start = i
        var n = 0
        while i < u.endIndex, n < 12, isDigit(u[i]) || (u[i] | 0x20) &- 97 < 6 { i = u.index(after: i); n += 1 }
        guard i < u.endIndex else { return false }
        if n >= 4 { return u[i] == 58 || u[i] == 93 }
        guard start == u.startIndex, n >= 1, u[start..<i].allSatisfy(isDigit), u[i] == 58 else { return false }
        let rest = u[u.index(after: i)...]
        return rest.count >= 2 && rest.first == 32 && rest.dropFirst().first.map { $0 &- 97 < 26 } == true
    }

    /// The output line tests' byte forms against their view forms, on lines opening and ending like tool output.
    @Test func outputLineTestsMatchViewForms() {
        var r = Rng(s: 0x1F83_D9AB_FB41_BD6B)
        let starts = ["src/a.ts(5,7): error TS1: x", "a.swift:3:5: error: k", "x (y): warning", "lib.rs:3:24: note: z", "0000: const v0",
                      "[0002d8] Main.main:", "12: invokestatic #71", "00012e: 9201", "fade: 1", "1:", "[1", "é:1 error"]
        var located = 0
        for _ in 0..<20_000 {
            let tail = DetectionFastPathTests.sample(&r)
            let l = r.next(2) == 0 ? Substring(starts[r.next(starts.count)]) + tail : tail + Substring(starts[r.next(starts.count)])
            #expect(Output.located(l) == Self.viewLocated(l), "\(Array(l.unicodeScalars))")
            #expect(Output.isDumpLine(l) == Self.unscreenedDumpLine(l), "\(Array(l.unicodeScalars))")
            if Output.located(l) { located += 1 }
        }
        #expect(located > 100)
        for c in 0...255 { #expect(Output.isLogLevel(UInt8(c)) == "VDIWEFA".utf8.contains(UInt8(c))) }
    }

    /// Detection's tables built ahead give the same answers (and building them twice is harmless).
    @Test func preparedDetectionAnswersAlike() {
        Detector.prepare()
        for f in Corpus.files.prefix(20) { #expect(Detector.detect(f.text)?.language == Highlighter().detect(f.text)?.language) }
    }
}

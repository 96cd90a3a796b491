import Foundation
import Testing
@testable import Highlight

/// Detection accuracy over real code sampled from this machine (never committed):
/// `python3 Benchmarks/highlight/detect_samples.py` then
/// `GALLEY_DETECT_SAMPLES=/tmp/galley-detect.jsonl swift test --filter detectionBenchmark`.
@Suite struct DetectionBenchmark {
    struct Sample: Decodable { let lang: String; let lines: Int; let text: String; let split: String? }

    /// The snippets of one side of the split: `test` (held out, reported) unless GALLEY_DETECT_SPLIT says
    /// `tune` (what weights and thresholds may be fitted on) or `all`.
    static func load(_ path: String, default side: String = "test") throws -> [Sample] {
        let want = ProcessInfo.processInfo.environment["GALLEY_DETECT_SPLIT"] ?? side
        let data = try String(contentsOfFile: path, encoding: .utf8)
        return data.split(separator: "\n").compactMap { try? JSONDecoder().decode(Sample.self, from: Data($0.utf8)) }
            .filter { want == "all" || ($0.split ?? "test") == want }
    }

    /// Labels that count as right for a sampled language (a C header read as C++ is not wrong).
    static let accepted: [String: Set<String>] = [
        "c": ["c", "cpp", "objective-c"], "cpp": ["cpp", "c"], "javascript": ["javascript", "typescript"],
        "typescript": ["typescript", "javascript"], "bash": ["bash", "console"], "html": ["html", "xml"], "xml": ["xml", "html"],
        "css": ["css", "scss"],
    ]

    /// Sweeps the learned weight and decision thresholds over precomputed scores of the TUNING split
    /// (GALLEY_DETECT_TUNE=1; GALLEY_DETECT_GRID="w,bonus,cap,minShort,minLong,ratio,add;…"): tuning aid only.
    @Test func detectionThresholdSweep() throws {
        guard let path = ProcessInfo.processInfo.environment["GALLEY_DETECT_SAMPLES"], ProcessInfo.processInfo.environment["GALLEY_DETECT_TUNE"] != nil else { return }
        let samples = try DetectionBenchmark.load(path, default: "tune")
        // Structural answers do not depend on the thresholds.
        var pre: [(Sample, Detection?, [Double]?, [Double], Int)] = []
        for s in samples {
            var lines: [Substring] = [], raws: [Substring] = []
            for raw in s.text.split(separator: "\n") { let t = raw.trimmingBlanks; if !t.isEmpty { lines.append(t); raws.append(raw) } }
            if lines.isEmpty || Detector.isNotCode(s.text, lines) { pre.append((s, nil, nil, [], 0)); continue }
            if let st = Structure.check(s.text, lines) { pre.append((s, st, nil, [], 0)); continue }
            pre.append((s, nil, Scorer.effectiveScores(lines, raw: raws), Learned.penalties(lines), lines.count))
        }
        let grid = ProcessInfo.processInfo.environment["GALLEY_DETECT_GRID"].map { $0.split(separator: ";").map { $0.split(separator: ",").map { Double($0)! } } }
            ?? [[0, 0, 0, 5, 4, 1.7, 2], [1, 0, 0, 5, 4, 1.7, 2], [1, 0.5, 10, 5, 4, 1.7, 2], [1, 1, 10, 5, 4, 1.7, 2]]
        for g in grid {
            let (weight, bonus, cap, minShort, minLong, ratio, add) = (g[0], g[1], g[2], g[3], g[4], g[5], g[6])
            var t: [Int: (Int, Int, Int)] = [:]
            for (s, st, hand, pen, count) in pre {
                var got = st?.language
                if let hand {
                    let eff = Scorer.combine(hand, pen, weight: weight, bonus: bonus, cap: cap)
                    let n = eff.count
                    let best = (0..<n).max { eff[$0] < eff[$1] }!
                    var second = 0.0
                    for i in 0..<n where Scorer.root(i) != Scorer.root(best) { second = max(second, eff[i]) }
                    let minimum = count < 8 ? minShort : minLong
                    got = eff[best] >= minimum && eff[best] >= second * ratio + add ? Scorer.langs[best].name : nil
                }
                var r = t[s.lines] ?? (0, 0, 0)
                if got == nil { r.2 += 1 } else if got == s.lang || DetectionBenchmark.accepted[s.lang]?.contains(got!) == true { r.0 += 1 } else { r.1 += 1 }
                t[s.lines] = r
            }
            var line = "sweep w \(weight) bonus \(bonus) cap \(cap) min \(minShort)/\(minLong) ratio \(ratio) add \(add):"
            for n in t.keys.sorted() { let r = t[n]!; let all = Double(r.0 + r.1 + r.2); line += String(format: "  %d: %.1f%% right %.1f%% wrong", n, 100 * Double(r.0) / all, 100 * Double(r.1) / all) }
            print(line)
        }
    }

    @Test func detectionBenchmark() throws {
        guard let path = ProcessInfo.processInfo.environment["GALLEY_DETECT_SAMPLES"] else { return }
        let samples = try DetectionBenchmark.load(path)
        var table: [Int: (right: Int, wrong: Int, none: Int)] = [:]
        var codeTable: [Int: (right: Int, wrong: Int, none: Int)] = [:]
        var perLang: [String: [Int: (right: Int, wrong: Int, none: Int)]] = [:]
        var clock = ContinuousClock.Duration.zero
        var confusions: [String: Int] = [:]
        let verbose = ProcessInfo.processInfo.environment["GALLEY_DETECT_VERBOSE"]
        let h = Highlighter()
        for s in samples {
            let t0 = ContinuousClock.now
            let got = h.detect(s.text)?.language
            clock += ContinuousClock.now - t0
            var row = table[s.lines] ?? (0, 0, 0)
            var lrow = perLang[s.lang, default: [:]][s.lines] ?? (0, 0, 0)
            if got == nil {
                row.none += 1; lrow.none += 1
                if verbose == s.lang + "-none" && s.lines == 15 {
                    let lines = s.text.split(separator: "\n").map { $0.trimmingBlanks }.filter { !$0.isEmpty }
                    let eff = Scorer.effectiveScores(lines)
                    let top = eff.indices.sorted { eff[$0] > eff[$1] }.prefix(3).map { "\(Scorer.langs[$0].name) \(eff[$0])" }
                    print("---- \(s.lang) abstained: \(top)\n\(s.text.prefix(500))")
                }
            }
            else if got == s.lang || DetectionBenchmark.accepted[s.lang]?.contains(got!) == true { row.right += 1; lrow.right += 1 }
            else {
                row.wrong += 1; lrow.wrong += 1
                confusions["\(s.lang)→\(got!)", default: 0] += 1
                if verbose == s.lang || verbose == got { print("---- \(s.lang) read as \(got!):\n\(s.text)") }
            }
            table[s.lines] = row
            // Snippets that are mostly comments (licence headers) are not code blocks anyone would post.
            let lines = s.text.split(separator: "\n").map { Array($0.trimmingBlanks.utf8) }.filter { !$0.isEmpty }
            if lines.filter({ Scorer.isComment($0) }).count * 2 < lines.count {
                var c = codeTable[s.lines] ?? (0, 0, 0)
                if got == nil { c.none += 1 } else if got == s.lang || DetectionBenchmark.accepted[s.lang]?.contains(got!) == true { c.right += 1 } else { c.wrong += 1 }
                codeTable[s.lines] = c
            }
            perLang[s.lang, default: [:]][s.lines] = lrow
        }
        var report = "Detection benchmark (\(samples.count) snippets, \(perLang.count) languages)\n"
        for n in table.keys.sorted() {
            let r = table[n]!
            let t = Double(r.right + r.wrong + r.none)
            report += String(format: "  %2d lines: right %5.1f%%  wrong %4.1f%%  abstain %5.1f%%\n", n, 100 * Double(r.right) / t, 100 * Double(r.wrong) / t, 100 * Double(r.none) / t)
        }
        report += "  without mostly-comment snippets:\n"
        for n in codeTable.keys.sorted() {
            let r = codeTable[n]!
            let t = Double(r.right + r.wrong + r.none)
            report += String(format: "  %2d lines: right %5.1f%%  wrong %4.1f%%  abstain %5.1f%%  (%d snippets)\n", n, 100 * Double(r.right) / t, 100 * Double(r.wrong) / t, 100 * Double(r.none) / t, Int(t))
        }
        report += "  per language, right/wrong/abstain at 5 | 15 | 40 lines:\n"
        for l in perLang.keys.sorted() {
            let cells = [5, 15, 40].map { n -> String in
                guard let r = perLang[l]![n] else { return "      -     " }
                return String(format: "%3d/%2d/%2d", r.right, r.wrong, r.none)
            }
            report += "  " + l.padding(toLength: 11, withPad: " ", startingAt: 0) + cells.joined(separator: " | ") + "\n"
        }
        let micros = Double(clock.components.seconds) * 1e6 + Double(clock.components.attoseconds) / 1e12
        report += String(format: "  detection time: %.1f µs per snippet\n", micros / Double(max(1, samples.count)))
        report += "  confusions: " + confusions.sorted { $0.value > $1.value }.prefix(20).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print(report)
    }
}

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

    /// Right and wrong shares on the TUNING split for a range of model thresholds per line-count band
    /// (GALLEY_DETECT_TUNE=1): a check on the thresholds learn_weights.py sets, never fitted on `test`.
    @Test func detectionThresholdSweep() throws {
        guard let path = ProcessInfo.processInfo.environment["GALLEY_DETECT_SAMPLES"], ProcessInfo.processInfo.environment["GALLEY_DETECT_TUNE"] != nil else { return }
        let samples = try DetectionBenchmark.load(path, default: "tune")
        let bands = DetectModelData.bands
        var rows: [[(Double, Bool)]] = Array(repeating: [], count: bands.count)
        for s in samples {
            let (lines, raws) = Detector.splitLines(s.text)
            if lines.isEmpty || Detector.isNotCode(s.text, lines) || Structure.check(s.text, lines) != nil { continue }
            let p = Model.probabilities(lines, raws: raws, hand: Scorer.effectiveScores(lines, raw: raws))
            let best = p.indices.max { p[$0] < p[$1] }!
            let got = Model.classes[best]
            let band = bands.firstIndex { lines.count <= $0 } ?? bands.count - 1
            rows[band].append((got == "other" ? 0 : Model.family[best].reduce(0) { $0 + p[$1] }, got == s.lang || DetectionBenchmark.accepted[s.lang]?.contains(got) == true))
        }
        for (b, r) in rows.enumerated() where !r.isEmpty {
            var line = "sweep <= \(bands[b]) lines (\(r.count)):"
            for t in stride(from: 0.5, through: 0.99, by: 0.07) {
                let right = r.filter { $0.0 >= t && $0.1 }.count, wrong = r.filter { $0.0 >= t && !$0.1 }.count
                line += String(format: "  %.2f: %.1f%%/%.1f%%", t, 100 * Double(right) / Double(r.count), 100 * Double(wrong) / Double(r.count))
            }
            print(line)
        }
    }

    /// Writes what the model trainer (Benchmarks/highlight/learn_weights.py) needs from Swift, one line per
    /// sample in file order: line count, the structural verdict (`-` none, `!` not code) and the hand-written
    /// scores per `Scorer.langs` entry. GALLEY_DETECT_DUMP="in.jsonl=out.tsv,…"; the first line names the languages.
    @Test func detectionFeatureDump() throws {
        guard let spec = ProcessInfo.processInfo.environment["GALLEY_DETECT_DUMP"] else { return }
        for pair in spec.split(separator: ",") {
            let parts = pair.split(separator: "=")
            let data = try String(contentsOfFile: String(parts[0]), encoding: .utf8)
            var out = Scorer.langs.map(\.name).joined(separator: ",") + "\n"
            for row in data.split(separator: "\n") {
                let s = try JSONDecoder().decode(Sample.self, from: Data(row.utf8))
                let (lines, raws) = Detector.splitLines(s.text)
                var verdict = "-"
                var scores: [Double] = []
                if lines.isEmpty || Detector.isNotCode(s.text, lines) { verdict = "!" }
                else if let st = Structure.check(s.text, lines) { verdict = st.language }
                if !lines.isEmpty { scores = Scorer.effectiveScores(lines, raw: raws) }
                out += "\(lines.count)\t\(verdict)\t" + scores.map { String(format: "%.2f", $0) }.joined(separator: ",") + "\n"
            }
            try out.write(toFile: String(parts[1]), atomically: true, encoding: .utf8)
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

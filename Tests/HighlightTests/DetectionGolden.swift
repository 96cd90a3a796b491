import Foundation
import Testing
@testable import Highlight

/// Guards speed work on the detector: its answers must not move. Sampled code is never committed, so
/// both checks read it from /tmp (Benchmarks/highlight/README.md):
///
///     GALLEY_DETECT_SAMPLES=/tmp/galley-detect.jsonl GALLEY_DETECT_GOLDEN=/tmp/detect-before.txt swift test --filter detectionGoldenDump
///     # change the detector, dump to another file, then `cmp` the two
///     GALLEY_DETECT_SPEED=/tmp/galley-detect.jsonl swift test -c release --filter detectionSpeed
@Suite struct DetectionGolden {
    static func samples(_ paths: String) throws -> [(String, String)] {
        var out: [(String, String)] = []
        for path in paths.split(separator: ",") {
            let data = try String(contentsOfFile: String(path), encoding: .utf8)
            for line in data.split(separator: "\n") {
                let s = try JSONDecoder().decode(DetectionBenchmark.Sample.self, from: Data(line.utf8))
                out.append(("\(s.lang)/\(s.lines)", s.text))
            }
        }
        return out
    }

    /// Every sample (all splits), the committed corpus, the JVM cases, and cut-down variants of each
    /// (mid-line cuts reach shapes whole snippets do not), one line per text: verdict and raw scores.
    @Test func detectionGoldenDump() throws {
        let env = ProcessInfo.processInfo.environment
        guard let out = env["GALLEY_DETECT_GOLDEN"] else { return }
        var texts = try DetectionGolden.samples(env["GALLEY_DETECT_SAMPLES"] ?? "")
        texts += Corpus.files.map { ("corpus/\($0.name)", $0.text) }
        texts += DetectionJVMTests.cases.map { ("jvm/\($0.0)", $0.1) }
        var variants: [(String, String)] = []
        for (label, text) in texts {
            variants.append((label, text))
            variants.append((label + "/third", String(text.prefix(text.count / 3))))
            variants.append((label + "/tail", String(text.suffix(text.count / 2))))
        }
        func r(_ x: Double) -> String { String(format: "%.9f", x) }
        var dump = ""
        for (label, text) in variants {
            let d = Detector.detect(text)
            dump += "\(label)\t\(d?.language ?? "-")\t\(d.map { r($0.confidence) } ?? "-")"
            var lines: [Substring] = [], raws: [Substring] = []
            for raw in text.split(separator: "\n").prefix(400) { let t = raw.trimmingBlanks; if !t.isEmpty { lines.append(t); raws.append(raw) } }
            if !lines.isEmpty {
                dump += "\t" + Scorer.effectiveScores(lines, raw: raws).map(r).joined(separator: ",")
                dump += "\t" + Model.probabilities(lines, raws: raws, hand: Scorer.effectiveScores(lines, raw: raws)).map(r).joined(separator: ",")
            }
            dump += "\n"
        }
        try dump.write(toFile: out, atomically: true, encoding: .utf8)
        print("detectionGoldenDump: \(variants.count) texts -> \(out)")
    }

    /// Microseconds per `detect` call at each sampled length, each length timed over several rounds
    /// (the best round is reported, so a briefly busy machine skews less).
    @Test func detectionSpeed() throws {
        guard let path = ProcessInfo.processInfo.environment["GALLEY_DETECT_SPEED"] else { return }
        let all = try DetectionBenchmark.load(path, default: "all")
        var report = "detectionSpeed:"
        for n in [5, 15, 40] {
            let texts = all.filter { $0.lines == n }.map(\.text)
            guard !texts.isEmpty else { continue }
            var best = Double.infinity
            var sink = 0
            for _ in 0..<5 {
                let t0 = ContinuousClock.now
                for t in texts { sink &+= Detector.detect(t)?.language.utf8.count ?? 0 }
                let d = ContinuousClock.now - t0
                let us = (Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12) / Double(texts.count)
                best = min(best, us)
            }
            report += String(format: "  %d lines: %.1f µs (%d snippets, %d)", n, best, texts.count, sink)
            if ProcessInfo.processInfo.environment["GALLEY_DETECT_PARTS"] != nil { report += " [" + DetectionGolden.parts(texts) + "]" }
        }
        print(report)
    }

    /// Where the time goes (GALLEY_DETECT_PARTS=1): µs per snippet of each stage, run on every snippet.
    static func parts(_ texts: [String]) -> String {
        var split = Duration.zero, notCode = Duration.zero, structure = Duration.zero, hand = Duration.zero, learned = Duration.zero
        var sink = 0
        for text in texts {
            var t0 = ContinuousClock.now
            var lines: [Substring] = [], raws: [Substring] = []
            for raw in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(400) { let t = raw.trimmingBlanks; if !t.isEmpty { lines.append(t); raws.append(raw) } }
            var t1 = ContinuousClock.now; split += t1 - t0; t0 = t1
            guard !lines.isEmpty else { continue }
            if Detector.isNotCode(text, lines) { sink += 1 }
            t1 = ContinuousClock.now; notCode += t1 - t0; t0 = t1
            if Structure.check(text, lines) != nil { sink += 1 }
            t1 = ContinuousClock.now; structure += t1 - t0; t0 = t1
            sink &+= Scorer.effectiveScores(lines, raw: raws).count
            t1 = ContinuousClock.now; hand += t1 - t0; t0 = t1
            sink &+= Model.probabilities(lines, raws: raws, hand: []).count
            t1 = ContinuousClock.now; learned += t1 - t0
        }
        func us(_ d: Duration) -> String { String(format: "%.1f", (Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12) / Double(texts.count)) }
        return "split \(us(split)) notCode \(us(notCode)) structure \(us(structure)) hand \(us(hand)) learned \(us(learned)) \(sink % 2)"
    }
}

import Foundation
import Testing
@testable import Highlight

/// `DetectionGolden`'s dump with context and each stage: speed work on a stage must leave every answer where it
/// was, with the post's context too (which `detectionGoldenDump` never passes). Reads the same samples, plus the
/// real blogs' fences with their own context (Benchmarks/highlight/blog_fences.jsonl):
///
///     GALLEY_DETECT_SAMPLES=/tmp/galley-detect.jsonl GALLEY_DETECT_STAGES=/tmp/stages-before.txt swift test --filter detectionStageDump
@Suite struct DetectionStageGolden {
    /// The blog fences, each with the context its post gives (site mix, labels, title, tags, prose).
    static func blogFences() throws -> [(String, String, DetectionContext)] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Benchmarks/highlight/blog_fences.jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        var sites: [String: [String: Int]] = [:]
        var out: [(String, String, DetectionContext)] = []
        for line in text.split(separator: "\n") {
            guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
            if let site = o["site"] as? String, let langs = o["languages"] as? [String: Int] { sites[site] = langs; continue }
            guard let code = o["text"] as? String else { continue }
            let repo = o["repo"] as? String ?? ""
            let c = DetectionContext(postLanguages: o["post_labels"] as? [String] ?? [], siteLanguages: sites[repo] ?? [:],
                                     title: o["title"] as? String ?? "", tags: (o["tags"] as? [String] ?? []) + (o["categories"] as? [String] ?? []),
                                     prose: o["prose"] as? String ?? "")
            out.append(("blog/\(o["id"] as? Int ?? -1)", code, c))
        }
        return out
    }

    /// Contexts every text is also detected with: a post's labels, a site's mix, a title and tags, prose, a fallback.
    static let contexts: [DetectionContext] = [
        DetectionContext(postLanguages: ["swift", "objc"], siteLanguages: ["swift": 120, "objective-c": 60, "console": 10], title: "Notes on iOS", tags: ["ios"]),
        DetectionContext(siteLanguages: ["kotlin": 107, "java": 144, "diff": 91, "groovy": 10], prose: "Run this in the terminal:"),
        DetectionContext(postLanguages: ["python", "sh"], title: "Rust and Go", prose: "The same in TypeScript:", fallback: "kotlin"),
        DetectionContext(fallback: "c"),
    ]

    @Test func detectionStageDump() throws {
        let env = ProcessInfo.processInfo.environment
        guard let out = env["GALLEY_DETECT_STAGES"] else { return }
        var texts = try DetectionGolden.samples(env["GALLEY_DETECT_SAMPLES"] ?? "").map { ($0.0, $0.1, DetectionContext.empty) }
        texts += Corpus.files.map { ("corpus/\($0.name)", $0.text, DetectionContext.empty) }
        texts += DetectionJVMTests.cases.map { ("jvm/\($0.0)", $0.1, DetectionContext.empty) }
        texts += try DetectionStageGolden.blogFences()
        func r(_ x: Double) -> String { String(format: "%.17g", x) }
        func show(_ d: Detection?) -> String { d.map { "\($0.language)=\(r($0.confidence))" } ?? "-" }
        var dump = ""
        for (label, whole, own) in texts {
            for (cut, text) in [("", whole), ("/third", String(whole.prefix(whole.count / 3))), ("/tail", String(whole.suffix(whole.count / 2)))] {
                dump += label + cut + "\t" + show(Detector.detect(text)) + "\t" + show(Detector.detect(text, context: own))
                for c in DetectionStageGolden.contexts { dump += "\t" + show(Detector.detect(text, context: c)) }
                let (lines, raws) = Detector.splitLines(text)
                if !lines.isEmpty {
                    dump += "\t" + (Output.classify(lines, raws: raws) ?? "-") + "\t\(Detector.isNotCode(text, lines))\t\(Detector.looksLikeCode(text))"
                    dump += "\t" + show(Structure.check(text, lines))
                    let hand = Scorer.effectiveScores(lines, raw: raws)
                    dump += "\t" + hand.map(r).joined(separator: ",")
                    dump += "\t" + Model.probabilities(lines, raws: raws, hand: hand).map(r).joined(separator: ",")
                }
                dump += "\n"
            }
        }
        try dump.write(toFile: out, atomically: true, encoding: .utf8)
        print("detectionStageDump: \(texts.count * 3) texts -> \(out)")
    }
}

import Foundation
import Testing
@testable import Highlight

/// Agreement with Pygments on real code (issue 33's "98 % by family on held-back 15-line snippets"), scored by
/// byte like `AgreementTests`, each snippet highlighted as its true language (no detection):
/// `python3 Benchmarks/highlight/agree_snippets.py /tmp/galley-detect.jsonl /tmp/galley-agree.jsonl`, then
/// `GALLEY_AGREE_SNIPPETS=/tmp/galley-agree.jsonl swift test --filter snippetAgreement`.
/// `GALLEY_AGREE_DIFF=<lang>` prints that language's disagreeing runs; the most common class pairs always print.
@Suite struct SnippetAgreementBenchmark {
    struct Sample: Decodable { let lang: String; let file: String; let text: String; let tokens: [[AnyCode]] }

    /// A token field: an offset, a length or a class name.
    enum AnyCode: Decodable {
        case int(Int), str(String)
        init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let i = try? c.decode(Int.self) { self = .int(i) } else { self = .str(try c.decode(String.self)) }
        }
    }

    /// Pygments' class per byte of the sample ("" for plain text).
    static func golden(_ s: Sample) -> [String] {
        var out = Array(repeating: "", count: s.text.utf8.count)
        for t in s.tokens {
            guard t.count == 3, case .int(let off) = t[0], case .int(let len) = t[1], case .str(let cls) = t[2] else { continue }
            for k in off..<min(off + len, out.count) { out[k] = cls }
        }
        return out
    }

    @Test func snippetAgreement() throws {
        let env = ProcessInfo.processInfo.environment
        guard let path = env["GALLEY_AGREE_SNIPPETS"] else { return }
        let samples = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(Sample.self, from: Data($0.utf8)) }
        var perLang: [String: AgreementTests.Score] = [:], snippets: [String: Int] = [:]
        var pairs: [String: [String: Int]] = [:]
        var all = AgreementTests.Score()
        for s in samples {
            let f = Corpus.File(name: s.file, language: s.lang, text: s.text, golden: SnippetAgreementBenchmark.golden(s))
            let sc = AgreementTests.score(f, dump: env["GALLEY_AGREE_DIFF"] == s.lang)
            perLang[s.lang, default: .init()].add(sc)
            all.add(sc)
            snippets[s.lang, default: 0] += 1
            let mine = Corpus.mine(f.text, f.language)
            for (k, b) in f.text.utf8.enumerated() where !isSpace(b) && f.golden[k] != "err" && mine[k] != f.golden[k] {
                pairs[s.lang, default: [:]]["\(mine[k].isEmpty ? "-" : mine[k])→\(f.golden[k].isEmpty ? "-" : f.golden[k])", default: 0] += 1
            }
        }
        var report = ["language      snippets   bytes   exact   family   most common disagreements (ours→Pygments, bytes)"]
        for lang in perLang.keys.sorted() {
            let sc = perLang[lang]!
            let top = (pairs[lang] ?? [:]).sorted { $0.value > $1.value }.prefix(5).map { "\($0.key) \($0.value)" }
            report.append(lang.padding(toLength: 12, withPad: " ", startingAt: 0) + String(format: " %9d %7d  %5.1f%%   %5.1f%%   ",
                                 snippets[lang]!, sc.total, sc.exactShare, sc.familyShare) + top.joined(separator: ", "))
        }
        // The nine languages AgreementTests holds to the issue's floors, pooled.
        var nine = AgreementTests.Score(), nineCount = 0
        for lang in ["swift", "kotlin", "java", "typescript", "javascript", "python", "go", "rust", "bash"] where perLang[lang] != nil {
            nine.add(perLang[lang]!); nineCount += snippets[lang]!
        }
        report.append("nine main   " + String(format: " %9d %7d  %5.1f%%   %5.1f%%", nineCount, nine.total, nine.exactShare, nine.familyShare))
        report.append("all         " + String(format: " %9d %7d  %5.1f%%   %5.1f%%", samples.count, all.total, all.exactShare, all.familyShare))
        print("Pygments agreement on real snippets (\(path)):\n" + report.joined(separator: "\n"))
        #expect(all.errs == 0, "err tokens in our output")
    }
}

extension AgreementTests.Score {
    mutating func add(_ o: Self) {
        exact += o.exact; family += o.family; total += o.total; errs += o.errs; skipped += o.skipped
    }
    var exactShare: Double { total == 0 ? 0 : 100 * Double(exact) / Double(total) }
    var familyShare: Double { total == 0 ? 0 : 100 * Double(family) / Double(total) }
}

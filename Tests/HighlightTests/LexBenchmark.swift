import Foundation
import Testing
@testable import Highlight

/// Lexing alone (no HTML) over the fenced blocks of a generated blog, to profile and compare lexers.
/// `GALLEY_LEX_BENCH=<site>/content/posts [GALLEY_LEX_ROUNDS=20] swift test -c release --filter lexBenchmark`
/// prints CPU time per language and a checksum of every token, which must not change when a lexer is
/// only made faster.
@Suite struct LexBenchmark {
    /// The fenced blocks of every Markdown file under `dir`, with their fence language.
    static func blocks(in dir: String) -> [(lang: String, code: [UInt8])] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        var out: [(String, [UInt8])] = []
        for f in files {
            guard let text = try? String(contentsOfFile: dir + "/" + f, encoding: .utf8) else { continue }
            var lang: String? = nil
            var code: [Substring] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") {
                    if let l = lang {
                        out.append((l, Array(code.joined(separator: "\n").utf8) + [10]))
                        lang = nil
                    } else {
                        lang = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                        code = []
                    }
                } else if lang != nil {
                    code.append(line)
                }
            }
        }
        return out.filter { !$0.0.isEmpty }
    }

    @Test func lexBenchmark() {
        guard let dir = ProcessInfo.processInfo.environment["GALLEY_LEX_BENCH"] else { return }
        let rounds = Int(ProcessInfo.processInfo.environment["GALLEY_LEX_ROUNDS"] ?? "") ?? 20
        let all = LexBenchmark.blocks(in: dir)
        var byLang: [String: (bytes: Int, time: Double, sum: UInt64)] = [:]
        var total = 0.0, totalBytes = 0
        var grand: UInt64 = 14695981039346656037
        for (lang, code) in all {
            guard let r = Highlighter.resolve(lang) else { continue }
            var sum: UInt64 = 14695981039346656037
            let t0 = ThroughputBenchmark.cpuNow()
            code.withUnsafeBufferPointer { buf in
                for round in 0..<rounds {
                    let toks = r.lexer.tokens(buf)
                    if round == 0 {
                        for t in toks { sum = (sum ^ UInt64(UInt32(bitPattern: t.end)) ^ (UInt64(t.cls.rawValue) << 40)) &* 1099511628211 }
                    }
                }
            }
            let dt = ThroughputBenchmark.cpuNow() - t0
            var e = byLang[r.name] ?? (0, 0, 14695981039346656037)
            e.bytes += code.count * rounds; e.time += dt; e.sum = (e.sum ^ sum) &* 1099511628211
            byLang[r.name] = e
            total += dt; totalBytes += code.count * rounds
            grand = (grand ^ sum) &* 1099511628211
        }
        var report = "Lexing \(all.count) blocks × \(rounds):\n"
        for (k, v) in byLang.sorted(by: { $0.key < $1.key }) {
            report += String(format: "  %-12@ %8.1f ms %7.1f MB/s  %016llx\n", k as NSString, v.time * 1000, Double(v.bytes) / 1e6 / v.time, v.sum)
        }
        report += String(format: "  all          %8.1f ms %7.1f MB/s  %016llx\n", total * 1000, Double(totalBytes) / 1e6 / total, grand)
        print(report)
    }
}

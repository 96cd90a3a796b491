import Foundation
import Testing
@testable import Highlight

/// Highlighting throughput with HTML output, per language, over the corpus repeated to ~4 MB.
/// Run in release: `GALLEY_BENCH=1 swift test -c release --filter throughputBenchmark`.
@Suite struct ThroughputBenchmark {
    /// Thread CPU time: the build machines are shared, and wall time swings with their load.
    static func cpuNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    @Test func throughputBenchmark() {
        guard ProcessInfo.processInfo.environment["GALLEY_BENCH"] != nil else { return }
        let h = Highlighter()
        var report = "Throughput (HTML output, MB/s of input per CPU second):\n"
        var totalBytes = 0, totalTime = 0.0
        for f in Corpus.files {
            var text = ""
            while text.utf8.count < 4_000_000 { text += f.text }
            // Blocks of realistic size: one corpus file each.
            let blocks = Array(repeating: f.text, count: max(1, 4_000_000 / max(1, f.text.utf8.count)))
            _ = h.highlight(text, language: f.language)           // warm up
            let t0 = ThroughputBenchmark.cpuNow()
            let big = h.highlight(text, language: f.language)
            let t1 = ThroughputBenchmark.cpuNow()
            var out = 0
            for b in blocks { out &+= h.highlight(b, language: f.language).html.utf8.count }
            let t2 = ThroughputBenchmark.cpuNow()
            let mbBig = Double(text.utf8.count) / 1e6 / (t1 - t0)
            let blockBytes = blocks.count * f.text.utf8.count
            let mbBlocks = Double(blockBytes) / 1e6 / (t2 - t1)
            totalBytes += blockBytes; totalTime += t2 - t1
            report += String(format: "  %-12@ one 4 MB block %6.1f   %5d blocks of %5d B %6.1f   (html %d B)\n", f.language as NSString, mbBig, blocks.count, f.text.utf8.count, mbBlocks, big.html.utf8.count + out * 0)
        }
        report += String(format: "  all, per block: %.1f MB/s\n", Double(totalBytes) / 1e6 / totalTime)
        print(report)
    }
}

import CCmark
import Foundation
import Testing
@testable import Markdown

/// Parse + render against `cmark_markdown_to_html` alone. Prints timings only when
/// GALLEY_BENCH=1 (timings are never asserted). Best run in release:
/// `swift test -c release -Xswiftc -enable-testing --filter MarkdownBenchmark`.
@Suite struct MarkdownBenchmark {
    static var enabled: Bool { ProcessInfo.processInfo.environment["GALLEY_BENCH"] == "1" }

    /// A blog-like document of about `bytes` bytes (as Benchmarks/markdown/generate.py); every
    /// `every`-th section adds a table, strikethrough, task list, bare URL and footnote (0: never).
    static func corpus(bytes: Int, every: Int) -> String {
        let extensions = every > 0
        var s = ""
        var n = 0
        while s.utf8.count < bytes {
            n += 1
            s += """
            ## Section \(n): what "we" measured

            The *renderer* walks cmark's **AST** once, escaping `text` and <span>inline HTML</span>; see [the docs](https://example.com/docs/\(n) "Docs")
            and the [reference][ref] --- it's fast... Numbers & symbols < > are escaped. A second sentence keeps the paragraph long
            enough to look like prose, with _underscores_ and a hard break\\
            at the end of a line.

            > A quote with *emphasis*
            > over two lines.

            1. First item with `code`
            2. Second item
               - nested bullet
               - another one

            ```swift
            struct Item\(n): Sendable { let id = \(n) }
            ```

            ![diagram](/img/\(n).png "Figure \(n)")


            """
            if extensions && n % every == 0 {
                s += """
                | Metric | Value |
                |:-------|------:|
                | time \(n) | ~~slow~~ fast |

                - [x] done www.example.com/\(n)
                - [ ] todo[^n\(n % 50)]


                """
            }
        }
        s += "\n[ref]: https://example.com/ref\n"
        if extensions { for k in 0..<50 { s += "\n[^n\(k)]: Footnote \(k) with *emphasis*.\n" } }
        return s
    }

    /// Best of `runs` timings of each body, interleaved so both see the same machine load.
    static func race(runs: Int = 9, _ a: () -> Void, _ b: () -> Void) -> (Double, Double) {
        var bestA = Double.infinity, bestB = Double.infinity
        for _ in 0..<runs {
            var start = DispatchTime.now().uptimeNanoseconds
            a()
            bestA = min(bestA, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            start = DispatchTime.now().uptimeNanoseconds
            b()
            bestB = min(bestB, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return (bestA, bestB)
    }

    @Test(.enabled(if: MarkdownBenchmark.enabled)) func parseAndRenderVersusCmark() {
        for (name, every) in [("plain", 0), ("mixed", 10), ("gfm", 1)] {
            let md = MarkdownBenchmark.corpus(bytes: 4_000_000, every: every)
            let bytes = Array(md.utf8)
            let opts = CMARK_OPT_SMART | CMARK_OPT_UNSAFE
            let renderer = MarkdownRenderer()
            var size = 0
            let (cmark, ours) = MarkdownBenchmark.race({
                bytes.withUnsafeBufferPointer { buf in
                    buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { p in
                        free(cmark_markdown_to_html(p, buf.count, opts))
                    }
                }
            }, {
                size = renderer.render(md).html.utf8.count
            })
            print(String(format: "markdown bench (%@): %.1f MB in, %.1f MB out; cmark_markdown_to_html %.1f ms, Galley %.1f ms, ratio %.2f×",
                         name, Double(bytes.count) / 1e6, Double(size) / 1e6,
                         cmark, ours, ours / cmark))
        }
    }
}

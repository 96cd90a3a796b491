import CCmark
import Foundation
import Testing
@testable import Markdown

/// Parse + render against `cmark_markdown_to_html` alone. Prints timings only when
/// GALLEY_BENCH=1 (timings are never asserted). Best run in release:
/// `swift test -c release -Xswiftc -enable-testing --filter MarkdownBenchmark`.
@Suite struct MarkdownBenchmark {
    static var enabled: Bool { ProcessInfo.processInfo.environment["GALLEY_BENCH"] == "1" }

    /// A blog-like document of about `bytes` bytes; `extensions` adds tables, strikethrough, tasks, autolinks, footnotes.
    static func corpus(bytes: Int, extensions: Bool) -> String {
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
            if extensions {
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
        if extensions { for k in 0..<50 { s += "\n[^n\(k)]: Footnote \(k).\n" } }
        return s
    }

    static func time(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<7 {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return best
    }

    @Test(.enabled(if: MarkdownBenchmark.enabled)) func parseAndRenderVersusCmark() {
        for extensions in [false, true] {
            let md = MarkdownBenchmark.corpus(bytes: 4_000_000, extensions: extensions)
            let bytes = Array(md.utf8)
            let opts = CMARK_OPT_SMART | CMARK_OPT_UNSAFE
            let cmark = MarkdownBenchmark.time {
                bytes.withUnsafeBufferPointer { buf in
                    buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) { p in
                        free(cmark_markdown_to_html(p, buf.count, opts))
                    }
                }
            }
            let renderer = MarkdownRenderer()
            var size = 0
            let ours = MarkdownBenchmark.time { size = renderer.render(md).html.utf8.count }
            print(String(format: "markdown bench (%@): %.1f MB in, %.1f MB out; cmark_markdown_to_html %.1f ms, Galley %.1f ms, ratio %.2f×",
                         extensions ? "with GFM extensions" : "CommonMark only", Double(bytes.count) / 1e6, Double(size) / 1e6,
                         cmark, ours, ours / cmark))
        }
    }
}

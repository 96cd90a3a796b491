import Foundation
import Testing
@testable import Site

/// Boxes that scroll sideways take keyboard focus on built pages, and only where code is does a
/// page load the code stylesheet and scripts.
@Suite struct ScrollBoxTests {
    static let post = """
    ---
    title: Wide
    ---
    | Tool | Cold | Warm |
    |---|---:|---:|
    | Galley | 0.89 | 0.31 |

    ```swift
    let veryLongName = "a line long enough to scroll on a phone, and then some more words"
    ```

    - [x] measured
    - [ ] written up

    | Second | table |
    |---|---|
    | a | b |
    """

    @Test func tablesAndCodeTakeFocusAndCheckboxesHaveNames() async throws {
        let site = try FixtureSite(files: ["site.yml": "title: S\nurl: https://s.example.org\n",
                                           "content/posts/2026-01-01-wide.md": Self.post,
                                           "content/about.md": "---\ntitle: About\n---\nNo code here.\n"], withDefaults: false)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let page = try #require(site.text("2026/01/01/wide/index.html"))
        let doc = try #require(HTMLDocument(Data(page.utf8)))
        #expect(doc.strings("//div[@class='table-scroll'][@tabindex='0'][@role='region']/@aria-label") == ["Table 1", "Table 2"])
        #expect(doc.strings("//div[@class='table-scroll']/table//td[1]") == ["Galley", "a"])
        #expect(doc.strings("//pre[contains(@class,'highlight')]/@tabindex") == ["0"])
        #expect(doc.strings("//li/input[@type='checkbox']/@aria-label") == ["Done", "To do"])
        #expect(doc.strings("//link[@rel='stylesheet']/@href").contains("/assets/syntax.css"))
        #expect(doc.strings("//script/@src").contains("/assets/copy-code.js"))
        let aboutPage = try #require(site.text("about.html"))
        let about = try #require(HTMLDocument(Data(aboutPage.utf8)))
        #expect(!about.strings("//link[@rel='stylesheet']/@href").contains("/assets/syntax.css"), "no code, no code stylesheet")
        #expect(!about.strings("//script/@src").contains("/assets/copy-code.js"))
        let feed = try #require(site.text("feed.xml"))
        #expect(feed.contains("table-scroll") && feed.contains("tabindex"), "feeds carry the page's HTML")
    }
}

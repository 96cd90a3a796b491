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

    @Test func wideFiguresLinkToTheirFile() async throws {
        let svg = { (w: Int) in "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"100\" viewBox=\"0 0 \(w) 100\"><rect width=\"10\" height=\"10\"/></svg>" }
        let site = try FixtureSite(files: [
            "site.yml": "title: S\nurl: https://s.example.org\nmarkdown:\n  figures: true\n",
            "content/images/wide.svg": svg(760), "content/images/narrow.svg": svg(300),
            "content/posts/2026-01-01-figs.md": """
            ---
            title: Figures
            ---
            ![A wide diagram](/images/wide.svg "Wide")

            ![A narrow one](/images/narrow.svg "Narrow")
            """,
        ], withDefaults: false)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let page = try #require(site.text("2026/01/01/figs/index.html"))
        let doc = try #require(HTMLDocument(Data(page.utf8)))
        #expect(doc.strings("//figure[@class='figure-wide']/a[@class='figure-full']/@href") == ["/images/wide.svg"])
        #expect(doc.strings("//figure[@class='figure-wide']/a/img/@src") == ["/images/wide.svg"])
        #expect(doc.strings("//figure[not(@class)]/img/@src") == ["/images/narrow.svg"], "a narrow figure stays as it was")
        #expect(doc.strings("//figure/figcaption") == ["Wide", "Narrow"])
    }
}

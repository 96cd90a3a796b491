import Charts
import Foundation
import Testing
@testable import Site

/// Charts in a site: pages get the inline SVG and its table, the build writes the standalone SVG,
/// feeds show it as an image at its absolute URL, and a bad cell fails the build at its line.
@Suite struct ChartSiteTests {
    static let post = """
    ---
    title: Bench
    ---
    Results:

    | Tool | Cold | Warm |
    |---|---:|---:|
    | Galley | 0.89 | 0.31 |
    | Hugo | 9.8 | 2.1 |
    {: chart="bar" unit="s" title="Build"}

    ```chart type="line" unit="ms"
    Day,p99
    2026-01-01,34
    2026-02-01,30
    ```
    """

    @Test func pagesFeedsAndFiles() async throws {
        let site = try FixtureSite(files: ["site.yml": "title: C\nurl: https://c.example.org\n",
                                           "content/posts/2026-01-01-bench.md": Self.post], withDefaults: false)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let page = try #require(site.text("2026/01/01/bench/index.html"))
        let doc = try #require(HTMLDocument(Data(page.utf8)))
        #expect(doc.strings("//figure[@class='chart']").count == 2)
        #expect(doc.strings("//figure[@class='chart']/*[local-name()='svg']/*[local-name()='title']") == ["Build", "p99 by Day"])
        // The table stays, collapsed under the chart; its chart attributes do not leak into HTML.
        #expect(doc.strings("//figure[@class='chart']/details//table//td") == ["Galley", "0.89", "0.31", "Hugo", "9.8", "2.1", "2026-01-01", "34", "2026-02-01", "30"])
        #expect(!page.contains("chart=\"bar\""))
        let files = doc.strings("//figure[@class='chart']/@data-chart")
        #expect(files.count == 2)
        for f in files {
            let svg = try #require(site.text(String(f.dropFirst())))
            #expect(svg.hasPrefix("<?xml") && svg.contains("prefers-color-scheme: dark"))
        }
        // Feeds: an image of the standalone file at its absolute URL, described, then the table.
        let feed = try #require(site.text("feed.xml"))
        let xml = try #require(XMLDoc(Data(feed.utf8)))
        let content = try #require(xml.strings("//item/*[local-name()='encoded']").first)
        #expect(!content.contains("<svg"))
        #expect(content.contains("<img src=\"https://c.example.org\(files[0])\" alt=\"Bar chart. Galley: Cold 0.89 s, Warm 0.31 s; Hugo: Cold 9.8 s, Warm 2.1 s.\" width=\"640\">"))
        #expect(content.contains("<td>Galley</td>"))
    }

    @Test func aBadCellFailsTheBuildAtItsLine() async throws {
        let broken = Self.post.replacingOccurrences(of: "| Hugo | 9.8 |", with: "| Hugo | n/a |")
        let site = try FixtureSite(files: ["site.yml": "title: C\nurl: https://c.example.org\n",
                                           "content/posts/2026-01-01-bench.md": broken], withDefaults: false)
        defer { site.cleanUp() }
        do {
            _ = try await site.build()
            Issue.record("the build must fail")
        } catch {
            let e = try #require(error.errors.first)
            #expect(e.file == "content/posts/2026-01-01-bench.md" && e.line == 9 && e.column == 10 && e.message == "chart: `n/a` is not a number", "\(e)")
        }
    }

    @Test func anUnknownOptionIsReportedAtItsAttribute() async throws {
        let broken = Self.post.replacingOccurrences(of: "unit=\"s\"", with: "unti=\"s\"")
        let site = try FixtureSite(files: ["site.yml": "title: C\nurl: https://c.example.org\n",
                                           "content/posts/2026-01-01-bench.md": broken], withDefaults: false)
        defer { site.cleanUp() }
        do {
            _ = try await site.build()
            Issue.record("the build must fail")
        } catch {
            let e = try #require(error.errors.first)
            #expect(e.line == 10 && e.column == 16 && e.message == "chart: unknown chart option `unti`" && e.hint == "did you mean `unit`?", "\(e)")
        }
    }

    @Test func theDefaultThemeCarriesTheChartStylesheet() {
        #expect(DefaultTheme.files["assets/galley.css"]?.contains(Chart.stylesheet) == true)
    }
}

import Diagram
import Foundation
import Testing
@testable import Site

/// Diagrams in a site: pages get the inline SVG and the source, the build writes each standalone
/// SVG, feeds show them as images, unsupported things are a warning at their line, a broken fence
/// fails the build at its line and column.
@Suite struct DiagramSiteTests {
    static let post = """
    ---
    title: Sync
    ---
    Pieces:

    ```mermaid
    flowchart LR
      a[Client] -->|HTTPS| b(API)
    ```

    ```mermaid
    sequenceDiagram
      A->>B: hello
    ```

    ```dot
    digraph { load -> parse [label="text"] }
    ```

    ```mermaid
    pie title Pets
      "Dogs" : 3
    ```

    ```mermaid
    flowchart TD
      x --> y
      click x "https://example.org"
      click y "https://example.org"
    ```
    """

    func site(_ post: String) throws -> FixtureSite {
        try FixtureSite(files: ["site.yml": "title: D\nurl: https://d.example.org\n", "content/posts/2026-01-01-sync.md": post], withDefaults: false)
    }

    @Test func pagesFeedsFilesAndWarnings() async throws {
        let site = try site(Self.post)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "content/posts/2026-01-01-sync.md:21:1: diagram: mermaid `pie` diagrams are not drawn; the fence is shown as code",
            "content/posts/2026-01-01-sync.md:28:3: diagram: `click` is not drawn: diagrams carry no links or script",
        ])
        let page = try #require(site.text("2026/01/01/sync/index.html"))
        let doc = try #require(HTMLDocument(Data(page.utf8)))
        #expect(doc.strings("//figure[@class='diagram']/div/*[local-name()='svg']/*[local-name()='title']") == ["Flowchart", "Sequence diagram", "Graph", "Flowchart"])
        #expect(Set(doc.strings("//figure[@class='diagram'][1]//*[local-name()='text']")) == ["Client", "HTTPS", "API"])
        #expect(doc.strings("//figure[@class='diagram']/details/summary") == ["Source", "Source", "Source", "Source"])
        #expect(page.contains("pie title Pets") && doc.strings("//pre[not(ancestor::figure)]//text()").joined().contains("\"Dogs\" : 3"))
        let files = doc.strings("//figure[@class='diagram']/@data-diagram")
        #expect(files.count == 4)
        for f in files {
            let svg = try #require(site.text(String(f.dropFirst())))
            let xml = try #require(XMLDoc(Data(svg.utf8)), "\(f) is not well-formed")
            #expect(!xml.strings("//*[local-name()='text']").isEmpty && svg.contains("prefers-color-scheme: dark"))
        }
        let feed = try #require(site.text("feed.xml"))
        let xml = try #require(XMLDoc(Data(feed.utf8)))
        let content = try #require(xml.strings("//item/*[local-name()='encoded']").first)
        #expect(!content.contains("<svg"))
        for f in files { #expect(content.contains("<img src=\"https://d.example.org\(f)\" alt=\"")) }
        #expect(content.contains("alt=\"Flowchart (left to right): Client → API (HTTPS).\""))
    }

    @Test func aBrokenFenceFailsAtItsLineAndColumn() async throws {
        let site = try site(Self.post.replacingOccurrences(of: "load -> parse", with: "load -> -> parse"))
        defer { site.cleanUp() }
        do {
            _ = try await site.build()
            Issue.record("the build must fail")
        } catch {
            let e = try #require(error.errors.first)
            // Graphviz names the line and the token; the column is that token's first place on the line.
            #expect(e.file == "content/posts/2026-01-01-sync.md" && e.line == 17 && e.column == 16 && e.message == "diagram: DOT: syntax error near `->`" && e.hint != nil, "\(e)")
        }
    }

    @Test func theDefaultThemeCarriesTheDiagramStylesheet() {
        #expect(DefaultTheme.files["assets/galley.css"]?.contains(Diagram.stylesheet) == true)
    }
}

import Foundation
import Testing
@testable import Check

/// Each finding points at the line and byte column where the author wrote it, read from the
/// parser's position in the page, including tags over several lines and non-ASCII text before them.
@Test func findingsPointAtTheAttributeValue() async throws {
    let html = """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>t</title>
    <link rel="stylesheet" href="/nope.css"></head>
    <body><p>é <a href="/a/">a</a> and <a href="/a/">again</a> and <a
       class="x"
       href="/b/?x=1&amp;y=2">multi</a></p>
    <img alt="" srcset="/i1.png 1x, /i2.png 2x" src="/i0.png">
    <div id="d"></div><span data-id="q" id="d">dup</span><p id="">e</p>
    <script>var s = "</div><a href='/in-script'>";</script>
    <a href="#d">ok</a><a href="#zz">bad</a>
    </body></html>
    """
    let fixture = try CheckFixture(["index.html": html])
    defer { fixture.remove() }
    let diags = await SiteChecker().check(paths: [fixture.root])
    let found = Set(diags.map { "\($0.rule)@\($0.line):\($0.column) \($0.message.split(separator: " ").first ?? "")" })
    let expected: Set<String> = [
        "asset-missing@3:30 \"/nope.css\"",
        "link-broken@4:22 \"/a/\"",  // é is two bytes: columns count bytes
        "link-broken@4:46 \"/a/\"",  // the same URL again on one line gets its own column
        "link-broken@6:10 \"/b/?x=1&y=2\"",  // the value as written (`&amp;`), on the line it is on
        "image-missing@7:21 image", "image-missing@7:33 image", "image-missing@7:50 image",
        "html-duplicate-id@8:41 id",  // the value of `id`, not of `data-id`
        "html-empty-id@8:57 <p>",
        "anchor-missing@10:29 \"#zz\":",
    ]
    #expect(found == expected, "\(diags.map { "\($0.rule)@\($0.line):\($0.column) \($0.message)" })")
    // The script's string is not markup: no link to /in-script, no structure error.
    #expect(!diags.contains { $0.line == 9 })
}

@Test func bytesThatAreNotUTF8AreOneEncodingError() async throws {
    var bytes = Array("<!DOCTYPE html><html><head><title>x</title></head><body><p>bad ".utf8)
    bytes += [0xFF, 0xFE, 0xFD]
    bytes += Array(" bytes</p>\n<p>fine: é</p></body></html>".utf8)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-enc-\(UUID().uuidString).html")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let diags = await SiteChecker().check(paths: [url])
    #expect(diags.map(\.rule) == ["html-encoding"], "\(diags)")
    #expect(diags.first?.line == 1)
    #expect(diags.first?.message.contains("UTF-8") == true)
}

@Test func nonASCIIPagesParseCleanly() async throws {
    let body = String(repeating: "<p id=\"ü\">Ça coûte 5 € — 東京 <a href=\"#ü\">↑</a></p>\n", count: 1)
        + (1...400).map { "<p id=\"p\($0)\">Zeile \($0): Größe, naïve, 日本語 <a href=\"#p\($0)\">#</a></p>" }.joined(separator: "\n")
    let fixture = try CheckFixture(["index.html": CheckFixture.page(body), "css/site.css": "", "feed.xml": CheckFixture.validRSS])
    defer { fixture.remove() }
    let diags = await SiteChecker().check(paths: [fixture.root])
    #expect(diags.isEmpty, "\(diags)")
}

import Foundation
import Testing
@testable import Site

/// A folder with a Jekyll `_config.yml` and no site.yml builds with Jekyll's URL rules.
@Suite struct JekyllConfigTests {
    @Test func jekyllConfigIsReadWithoutSiteYML() async throws {
        // Posts copied into content/posts of a folder that only has a Jekyll _config.yml build with Jekyll's URLs.
        var files = FixtureSite.templates
        files["_config.yml"] = "title: Plain Jekyll\nurl: https://p.example.com\nbaseurl: /blog\npermalink: pretty\n"
        files["content/posts/2020-02-02-hello.md"] = "---\ntitle: Hello\ncategories: [News]\n---\nHi.\n"
        let site = try FixtureSite(files: files, withDefaults: false)
        defer { site.cleanUp() }
        _ = try await site.build()
        #expect(site.exists("news/2020/02/02/hello/index.html"))
        #expect(site.html("index.html")?.strings("//ol/li/a/@href") == ["/blog/news/2020/02/02/hello/"])
    }
}

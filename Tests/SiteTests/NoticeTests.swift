import Foundation
import Testing
@testable import Site

/// Front matter `notice:` (Jekyll themes' "this post is outdated") shows as a callout above the post.
@Suite struct NoticeTests {
    @Test func noticeIsACalloutAboveThePost() async throws {
        let site = try FixtureSite(files: [
            "site.yml": "title: N\nurl: https://n.example.org\n",
            "content/posts/2026-01-01-old.md": "---\ntitle: Old\nnotice: \"Outdated: see <the 2026 version>.\"\n---\nBody text.\n",
            "content/posts/2026-01-02-new.md": "---\ntitle: New\n---\nBody text.\n",
        ], withDefaults: false)
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        let old = try #require(site.text("2026/01/01/old/index.html"))
        let callout = "<blockquote class=\"callout callout-note post-notice\"><p class=\"callout-title\"><strong>Note</strong></p><p>Outdated: see &lt;the 2026 version&gt;.</p></blockquote>"
        #expect(old.contains(callout))
        let noticeAt = try #require(old.range(of: callout)).lowerBound
        #expect(noticeAt < (old.range(of: "<p>Body text.</p>")?.lowerBound ?? old.startIndex))
        #expect(site.text("2026/01/02/new/index.html")?.contains("post-notice") == false)
    }
}

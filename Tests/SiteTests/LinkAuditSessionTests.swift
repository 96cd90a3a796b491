import Foundation
import Testing
@testable import Site

/// A session checks again only the links a save can change (see `LinkAuditMemo`); after every save its
/// warnings must be what a clean build of the same files reports.
@Suite struct LinkAuditSessionTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func post(_ i: Int, _ body: String, permalink: String? = nil) -> String {
        "---\ntitle: Post \(i)\n" + (permalink.map { "permalink: \($0)\n" } ?? "") + "---\n\(body)\n"
    }

    @Test func warningsAfterEachSaveAreACleanBuilds() async throws {
        var files: [String: String] = [:]
        func path(_ i: Int) -> String { "content/posts/2026-01-\(String(format: "%02d", i + 1))-post-\(i).md" }
        for i in 0..<12 { files[path(i)] = Self.post(i, "Text \(i).\n\n## Notes\n\nMore.") }
        files[path(1)] = Self.post(1, "See [two's notes](/blog/post-2#notes) and [a typo](/blog/post-33).")
        files[path(4)] = Self.post(4, "See [nine](/blog/post-9) and ![gone](/images/gone.png).")
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Self.now))
        _ = try await session.rebuild(changed: nil)

        let saves: [(String, Int, String, String?)] = [
            ("heading renamed under a link into it", 2, "Text 2.\n\n## Other\n\nMore.", nil),
            ("heading back", 2, "Text 2.\n\n## Notes\n\nMore.", nil),
            ("a linked page moves away", 9, "Text 9.", "/moved/nine/"),
            ("a page arrives where a broken link pointed", 3, "Text 3.", "/blog/post-33"),
            ("a broken link mended", 1, "See [two's notes](/blog/post-2#notes) and [a fix](/blog/post-3).", nil),
            ("an unrelated edit", 7, "Text 7 again.\n\n## Notes\n\nMore.", nil),
        ]
        for (label, i, body, permalink) in saves {
            try site.write(path(i), Self.post(i, body, permalink: permalink))
            let outcome = try await session.rebuild(changed: [path(i)])
            let clean = site.root.appendingPathComponent("clean-\(UUID().uuidString)")
            let report = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: clean, now: Self.now)).build()
            #expect(outcome.report.warnings == report.warnings, "\(label): \(outcome.report.warnings) vs \(report.warnings)")
            #expect(!report.warnings.isEmpty, "\(label)")
        }
        // The last save changed one post that links nowhere else: its ids alone are indexed again.
        let work = await session.lastWork
        #expect(work.pagesIdsIndexed == 1, "\(work.pagesIdsIndexed)")
    }
}

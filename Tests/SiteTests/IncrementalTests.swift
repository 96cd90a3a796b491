import Foundation
import Testing
@testable import Site

/// `galley serve` rebuilds through a long-lived BuildSession; after every edit its output must be
/// byte-for-byte what a clean `galley build` writes.
@Suite struct IncrementalTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    func post(_ title: String, tags: [String], body: String) -> String {
        "---\ntitle: \(title)\ntags: [\(tags.joined(separator: ", "))]\n---\n\(body)\n"
    }

    func makeSite() throws -> FixtureSite {
        var files: [String: String] = [:]
        for i in 1...7 {
            files["content/posts/2026-0\(i)-0\(i)-post-\(i).md"] = post("Post \(i)", tags: i % 2 == 0 ? ["even", "all"] : ["odd", "all"], body: "Body of post \(i).\n\nSecond paragraph.")
        }
        files["content/about.md"] = "---\ntitle: About\npermalink: /about/\n---\nAbout.\n"
        files["templates/archive.liquid"] = "---\nlayout: base\n---\n{% for y in page.years %}<h2>{{ y.year }}</h2>{% for m in y.months %}<h3>{{ m.name }}</h3>{% for post in m.posts %}<a href=\"{{ post.url }}\">{{ post.title }}</a>{% endfor %}{% endfor %}{% endfor %}"
        files["templates/tags.liquid"] = "---\nlayout: base\n---\n{% for term in site.terms %}<a href=\"{{ term.url }}\">{{ term.name }} ({{ term.count }})</a>{% endfor %}"
        return try FixtureSite(files: files)
    }

    /// Applies `edit`, rebuilds incrementally, builds clean elsewhere, and compares the trees.
    func step(_ site: FixtureSite, _ session: BuildSession, _ changed: Set<String>, _ label: String,
              sourceLocation: SourceLocation = #_sourceLocation, edit: () throws -> Void) async throws -> [String] {
        try edit()
        let outcome = try await session.rebuild(changed: changed)
        let clean = site.root.appendingPathComponent("clean-\(UUID().uuidString)")
        _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: clean, now: Self.now)).build()
        let incremental = site.snapshot(of: site.output)
        let expected = site.snapshot(of: clean)
        #expect(Set(incremental.keys) == Set(expected.keys), "\(label): file sets differ", sourceLocation: sourceLocation)
        for (path, data) in expected where incremental[path] != data {
            Issue.record("\(label): \(path) differs from a clean build", sourceLocation: sourceLocation)
        }
        try FileManager.default.removeItem(at: clean)
        return outcome.changedPaths
    }

    @Test func editsMatchACleanBuild() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Self.now))
        _ = try await session.rebuild(changed: nil)

        let p3 = "content/posts/2026-03-03-post-3.md"
        var changed = try await step(site, session, [p3], "body edit") {
            try site.write(p3, post("Post 3", tags: ["odd", "all"], body: "A new body for post 3.\n\nSecond paragraph."))
        }
        // Only what shows post 3 changes: its page, its neighbours, lists holding it, feeds. Not post 6.
        #expect(changed.contains("blog/post-3.html"))
        #expect(!changed.contains("blog/post-6.html"))
        #expect(!changed.contains("about/index.html"))

        // An edit that keeps the file's length, far from its start, is still seen.
        changed = try await step(site, session, [p3], "same-length edit") {
            try site.write(p3, post("Post 3", tags: ["odd", "all"], body: "A new body for post 3.\n\nSecond paragraph!"))
        }
        #expect(changed.contains("blog/post-3.html"))

        changed = try await step(site, session, [p3], "retitle and retag") {
            try site.write(p3, post("Post Three", tags: ["odd", "all", "new-tag"], body: "A new body for post 3."))
        }
        #expect(changed.contains("tags/new-tag/index.html"))

        // A date in front matter moves post 3 to the top of every list, and a category gives it a new list:
        // the post order and term lists kept between saves are made again.
        changed = try await step(site, session, [p3], "date moved and category added") {
            try site.write(p3, "---\ntitle: Post Three\ndate: 2026-07-30\ncategories: [notes]\ntags: [odd, all, new-tag]\n---\nA new body for post 3.\n")
        }
        #expect(changed.contains("index.html"))
        _ = try await step(site, session, [p3], "date back, category gone") {
            try site.write(p3, post("Post Three", tags: ["odd", "all", "new-tag"], body: "A new body for post 3."))
        }

        _ = try await step(site, session, ["content/posts/2026-08-08-post-8.md"], "new post") {
            try site.write("content/posts/2026-08-08-post-8.md", post("Post 8", tags: ["even"], body: "Eight."))
        }
        // Editors save through a temporary file renamed over the post: the watcher reports both paths.
        let p5 = "content/posts/2026-05-05-post-5.md", temp = "content/posts/.post-5.md.tmp"
        changed = try await step(site, session, [temp, p5], "rename save") {
            try site.write(temp, post("Post 5", tags: ["odd", "all"], body: "Saved through a temporary file."))
            #expect(rename(site.root.appendingPathComponent(temp).path, site.root.appendingPathComponent(p5).path) == 0)
        }
        #expect(changed.contains("blog/post-5.html"))
        // The newest post spells a tag differently: the tag's name changes on every page that lists its posts.
        _ = try await step(site, session, ["content/posts/2026-08-08-post-8.md"], "tag respelled") {
            try site.write("content/posts/2026-08-08-post-8.md", post("Post 8", tags: ["EVEN"], body: "Eight."))
        }
        _ = try await step(site, session, ["content/posts/2026-01-01-post-1.md"], "delete post") {
            try site.remove("content/posts/2026-01-01-post-1.md")
        }
        #expect(!site.exists("blog/post-1.html"))
        changed = try await step(site, session, ["templates/partials/header.liquid"], "partial edit") {
            try site.write("templates/partials/header.liquid", "<header class=\"v2\"><a class=\"home\" href=\"{{ site.home }}\">{{ site.title }}</a></header>")
        }
        #expect(changed.contains("about/index.html"))
        _ = try await step(site, session, ["content/images/new.png"], "new asset") {
            try site.write("content/images/new.png", Data([1, 2, 3]))
        }
        _ = try await step(site, session, ["content/images/new.png"], "changed asset") {
            try site.write("content/images/new.png", Data([4, 5, 6, 7]))
        }
        _ = try await step(site, session, ["content/images/new.png"], "deleted asset") {
            try site.remove("content/images/new.png")
        }
        _ = try await step(site, session, ["site.yml"], "settings") {
            try site.write("site.yml", FixtureSite.siteYML.replacingOccurrences(of: "Fixture Blog", with: "Renamed Blog"))
        }
        // A draft comes and goes.
        _ = try await step(site, session, ["content/posts/2026-09-01-draft.md"], "draft") {
            try site.write("content/posts/2026-09-01-draft.md", "---\ntitle: Draft\ndraft: true\n---\nNo.\n")
        }
        // A folder moved away arrives as the folder itself.
        _ = try await step(site, session, ["content/posts"], "folder") {
            try site.write("content/posts/2026-04-04-post-4.md", post("Post 4 via folder", tags: ["even"], body: "Moved."))
        }
        // A build that fails late (two sources for one URL) after rendering an edited post; fixing it
        // must still write that post, although its page was already made by the failed build.
        let p6 = "content/posts/2026-06-06-post-6.md", clash = "content/posts/2026-06-07-clash.md"
        try site.write(p6, post("Post 6", tags: ["even", "all"], body: "Edited while the build was broken."))
        try site.write(clash, "---\ntitle: Clash\npermalink: /blog/post-6\n---\nSame URL.\n")
        await #expect(throws: BuildFailure.self) { _ = try await session.rebuild(changed: [p6, clash]) }
        changed = try await step(site, session, [clash], "late failure fixed") { try site.remove(clash) }
        #expect(changed.contains("blog/post-6.html"))
        // Nothing changed: nothing is written.
        changed = try await step(site, session, [], "no change") {}
        #expect(changed.isEmpty, "\(changed)")
    }

    @Test func failedRebuildKeepsLastGoodOutput() async throws {
        let site = try makeSite()
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Self.now))
        _ = try await session.rebuild(changed: nil)
        let good = site.snapshot()
        let p2 = "content/posts/2026-02-02-post-2.md"
        try site.write(p2, "---\ntitle: [broken\n---\nx\n")
        do {
            _ = try await session.rebuild(changed: [p2])
            Issue.record("a broken post must fail the rebuild")
        } catch {
            #expect(error.errors.first?.file == p2)
        }
        #expect(site.snapshot() == good)
        // Fixing it brings the site back in line with a clean build.
        _ = try await step(site, session, [p2], "fixed") {
            try site.write(p2, post("Post 2 fixed", tags: ["even"], body: "Fixed."))
        }
    }
}

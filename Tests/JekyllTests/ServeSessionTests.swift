import Foundation
import Testing
@testable import Jekyll
import Site

/// `galley serve` in a Jekyll folder: after any sequence of saves the served folder equals a clean build's
/// output byte for byte, and a save renders only the pages that read what changed.
@Suite struct ServeSessionTests {
    /// A fixed clock, so `site.time` and "future" agree between the session and the clean builds.
    static let now = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01

    static func session(_ site: URL) -> (JekyllSession, URL) {
        let out = site.deletingLastPathComponent().appendingPathComponent("served-\(UUID().uuidString)")
        return (JekyllSession(options: JekyllBuildOptions(source: site, destination: out), now: { now }), out)
    }

    /// Every file under `folder` with its bytes.
    static func tree(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for path in RenderFixture.files(in: folder) { out[path] = try Data(contentsOf: folder.appendingPathComponent(path)) }
        return out
    }

    /// A clean build of `site` as it is now, with the same clock.
    static func clean(_ site: URL) async throws -> [String: Data] {
        let out = site.deletingLastPathComponent().appendingPathComponent("clean-\(UUID().uuidString)")
        let (source, rendered) = try await JekyllBuilder(options: JekyllBuildOptions(source: site, destination: out)).render()
        _ = source
        _ = try JekyllWriter.write(rendered, to: out, keepFiles: [])
        defer { try? FileManager.default.removeItem(at: out) }
        return try tree(out)
    }

    static func write(_ site: URL, _ path: String, _ text: String) throws {
        let url = site.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static func edit(_ site: URL, _ path: String, _ change: (String) -> String) throws {
        let text = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the edit of \(path) changes it")
        try write(site, path, changed)
    }

    /// Saves one at a time, comparing with a clean build after each.
    static func checkSequence(_ fixture: String, _ saves: [(String, (URL) throws -> Void)]) async throws {
        let site = try RenderFixture.copy(fixture)
        let (session, out) = session(site)
        _ = try await session.rebuild(changed: nil)
        let first = try await clean(site)
        #expect(try tree(out) == first, "first build of \(fixture)")
        for (path, save) in saves {
            try save(site)
            let outcome = try await session.rebuild(changed: [path])
            #expect(!outcome.full)
            let served = try tree(out)
            let want = try await Self.clean(site)
            #expect(served.keys.sorted() == want.keys.sorted(), "paths after saving \(path)")
            for (p, data) in want where served[p] != data {
                Issue.record("\(p) differs from a clean build after saving \(path)")
            }
        }
    }

    @Test func savesEqualACleanBuild() async throws {
        let post = "_posts/2024-01-10-hello-world.md"
        try await Self.checkSequence("render-site", [
            (post, { try Self.edit($0, post) { $0 + "\nOne more paragraph.\n" } }),
            (post, { try Self.edit($0, post) { $0.replacingOccurrences(of: "title: ", with: "title: Renamed ") } }),
            ("_includes/note.html", { try Self.edit($0, "_includes/note.html") { "<!-- v2 -->" + $0 } }),
            ("_includes/nav-link.html", { try Self.edit($0, "_includes/nav-link.html") { $0 + "<!-- nav v2 -->" } }),
            ("_layouts/post.html", { try Self.edit($0, "_layouts/post.html") { $0 + "<footer>v2</footer>\n" } }),
            ("_data/nav.yml", { try Self.edit($0, "_data/nav.yml") { $0 + "- label: Extra\n  href: /extra/\n" } }),
            ("_posts/2024-04-01-added.md", { try Self.write($0, "_posts/2024-04-01-added.md", "---\ntitle: Added\ntags: [new]\n---\nA new post.\n") }),
            ("_posts/2024-04-01-added.md", { try FileManager.default.removeItem(at: $0.appendingPathComponent("_posts/2024-04-01-added.md")) }),
            ("_posts/2024-02-14-highlighting.md", { try FileManager.default.removeItem(at: $0.appendingPathComponent("_posts/2024-02-14-highlighting.md")) }),
            ("assets/img/dot.svg", { try Self.edit($0, "assets/img/dot.svg") { $0 + "\n<!-- v2 -->\n" } }),
            ("assets/img/new.txt", { try Self.write($0, "assets/img/new.txt", "new static file\n") }),
            ("_sass/_base.scss", { try Self.edit($0, "_sass/_base.scss") { $0 + "\n.added { color: red; }\n" } }),
            ("about.md", { try Self.edit($0, "about.md") { $0 + "\nMore about.\n" } }),
        ])
    }

    @Test func pluginSiteSavesEqualACleanBuild() async throws {
        let site = try RenderFixture.copy("plugins-site")
        let posts = RenderFixture.files(in: site.appendingPathComponent("_posts")).map { "_posts/" + $0 }
        let includes = RenderFixture.files(in: site.appendingPathComponent("_includes")).map { "_includes/" + $0 }
        try FileManager.default.removeItem(at: site.deletingLastPathComponent())
        var saves: [(String, (URL) throws -> Void)] = []
        if let post = posts.first {
            saves.append((post, { try Self.edit($0, post) { $0 + "\nEdited body.\n" } }))
            saves.append((post, { try Self.edit($0, post) { $0.replacingOccurrences(of: "title: ", with: "title: New ") } }))
        }
        if let include = includes.first { saves.append((include, { try Self.edit($0, include) { $0 + "<!-- v2 -->" } })) }
        saves.append(("_posts/2024-02-20-added.md", { try Self.write($0, "_posts/2024-02-20-added.md", "---\ntitle: Added\nredirect_from: /added-old/\n---\nHello @octocat :smile:\n") }))
        saves.append(("_posts/2024-02-20-added.md", { try FileManager.default.removeItem(at: $0.appendingPathComponent("_posts/2024-02-20-added.md")) }))
        try await Self.checkSequence("plugins-site", saves)
    }

    /// A small site where who reads what is known.
    static func countingSite() throws -> URL {
        try RenderFixture.site([
            "_config.yml": "title: Count\ntimezone: UTC\n",
            "_layouts/default.html": "<html><body>{{ content }}</body></html>\n",
            "_layouts/post.html": "---\nlayout: default\n---\n<article>{{ content }}</article>\n",
            "_includes/a.html": "<p>A</p>\n",
            "_includes/b.html": "<p>B</p>\n",
            "_data/people.yml": "- Ada\n",
            "p1.md": "---\nlayout: default\n---\n{% include a.html %}\n",
            "p2.md": "---\nlayout: default\n---\n{% include b.html %}\n",
            "p3.html": "---\n---\n{% include a.html %}{% include b.html %}\n",
            "people.html": "---\n---\n{% for p in site.data.people %}{{ p }}{% endfor %}\n",
            "about.md": "---\nlayout: default\n---\nAbout.\n",
            "index.html": "---\nlayout: default\n---\n{% for post in site.posts %}<a href=\"{{ post.url }}\">{{ post.title }}</a>{% endfor %}\n",
            "_posts/2024-01-01-one.md": "---\nlayout: post\ntitle: One\n---\nOne.\n",
            "_posts/2024-01-02-two.md": "---\nlayout: post\ntitle: Two\n---\nTwo.\n",
            "_posts/2024-01-03-three.md": "---\nlayout: post\ntitle: Three\n---\nThree {% include b.html %}\n",
        ])
    }

    @Test func aSaveRendersOnlyItsReaders() async throws {
        let site = try Self.countingSite()
        let (session, out) = Self.session(site)
        let first = try await session.rebuild(changed: nil)
        #expect(first.full)
        #expect(first.rendered.count == 9)

        try Self.edit(site, "_includes/a.html") { $0 + "<p>A2</p>\n" }
        var outcome = try await session.rebuild(changed: ["_includes/a.html"])
        #expect(outcome.rendered == ["p1.md", "p3.html"])
        #expect(outcome.changedPaths == ["p1.html", "p3.html"])

        // Only the body changes: the post and the page listing posts read it, nothing else.
        try Self.edit(site, "_posts/2024-01-02-two.md") { $0 + "More.\n" }
        outcome = try await session.rebuild(changed: ["_posts/2024-01-02-two.md"])
        #expect(Set(outcome.rendered) == ["_posts/2024-01-02-two.md", "index.html"])
        #expect(outcome.changedPaths == ["2024/01/02/two.html"])

        try Self.edit(site, "_data/people.yml") { $0 + "- Grace\n" }
        outcome = try await session.rebuild(changed: ["_data/people.yml"])
        #expect(outcome.rendered == ["people.html"])

        try Self.edit(site, "_layouts/post.html") { $0 + "<hr>\n" }
        outcome = try await session.rebuild(changed: ["_layouts/post.html"])
        #expect(Set(outcome.rendered) == ["_posts/2024-01-01-one.md", "_posts/2024-01-02-two.md", "_posts/2024-01-03-three.md", "index.html"])
        #expect(outcome.changedPaths.count == 3)

        // A saved file with the same bytes writes nothing.
        outcome = try await session.rebuild(changed: ["about.md"])
        #expect(outcome.changedPaths.isEmpty)
        let want = try await Self.clean(site)
        #expect(try Self.tree(out) == want)
    }

    /// A save reads again only the files it touched: the rest come from the session's last read while their
    /// size and times hold. A file the watcher named is read again even when its size and times look the same.
    @Test func aSaveReadsOnlyWhatChanged() async throws {
        let site = try Self.countingSite()
        let (session, out) = Self.session(site)
        _ = try await session.rebuild(changed: nil)
        let cache = await session.readCache
        let files = cache.count
        #expect(files == 9)   // three posts and six pages
        let before = (reads: cache.reads, reuses: cache.reuses)

        try Self.edit(site, "_posts/2024-01-02-two.md") { $0.replacingOccurrences(of: "Two.", with: "2wo.") }
        _ = try await session.rebuild(changed: ["_posts/2024-01-02-two.md"])
        #expect(cache.reads - before.reads == 1)
        #expect(cache.reuses - before.reuses == files - 1)
        #expect(try String(contentsOf: out.appendingPathComponent("2024/01/02/two.html"), encoding: .utf8).contains("2wo."))

        // Changed on disk but not reported (another tool wrote it): its new size and times give it away.
        try Self.edit(site, "about.md") { $0 + "Longer now.\n" }
        _ = try await session.rebuild(changed: ["_includes/b.html"])
        #expect(try String(contentsOf: out.appendingPathComponent("about.html"), encoding: .utf8).contains("Longer now."))

        // A deleted post leaves the cache; a config change starts a new one.
        try FileManager.default.removeItem(at: site.appendingPathComponent("_posts/2024-01-01-one.md"))
        _ = try await session.rebuild(changed: ["_posts/2024-01-01-one.md"])
        #expect(cache.count == files - 1)
        try Self.edit(site, "_config.yml") { $0 + "description: x\n" }
        _ = try await session.rebuild(changed: ["_config.yml"])
        #expect(await session.readCache !== cache)
        #expect(try Self.tree(out) == (try await Self.clean(site)))
    }

    /// A warning is handed out when it appears, not on every save while it holds, and again when it comes back.
    @Test func aWarningIsReportedOncePerAppearance() async throws {
        let site = try Self.countingSite()
        let (session, _) = Self.session(site)
        try Self.write(site, "dup.md", "---\npermalink: /about.html\n---\nSame path as about.md.\n")
        let first = try await session.rebuild(changed: nil)
        #expect(first.warnings.contains { $0.message.contains("Conflict") }, "\(first.warnings)")
        try Self.edit(site, "p2.md") { $0 + "More.\n" }
        let again = try await session.rebuild(changed: ["p2.md"])
        #expect(!again.warnings.contains { $0.message.contains("Conflict") }, "\(again.warnings)")
        try FileManager.default.removeItem(at: site.appendingPathComponent("dup.md"))
        _ = try await session.rebuild(changed: ["dup.md"])
        try Self.write(site, "dup.md", "---\npermalink: /about.html\n---\nSame path as about.md.\n")
        let back = try await session.rebuild(changed: ["dup.md"])
        #expect(back.warnings.contains { $0.message.contains("Conflict") }, "\(back.warnings)")
    }

    /// A failed rebuild leaves the served files alone and reports the error where it is; fixing it builds
    /// what the two saves together changed.
    @Test func aFailedRebuildKeepsTheLastGoodBuild() async throws {
        let site = try Self.countingSite()
        let (session, out) = Self.session(site)
        _ = try await session.rebuild(changed: nil)
        let before = try Self.tree(out)
        try Self.edit(site, "_includes/b.html") { $0 + "<p>changed</p>\n" }
        try Self.write(site, "p1.md", "---\nlayout: default\n---\n{% if %}\n")
        await #expect(throws: BuildFailure.self) { try await session.rebuild(changed: ["_includes/b.html", "p1.md"]) }
        var failed = false
        do {
            _ = try await session.rebuild(changed: ["p1.md"])
        } catch {
            failed = true
            #expect(error.errors.first?.file == "p1.md")
            #expect(error.errors.first?.line == 4)
        }
        #expect(failed)
        #expect(try Self.tree(out) == before)
        try Self.write(site, "p1.md", "---\nlayout: default\n---\nfixed\n")
        let outcome = try await session.rebuild(changed: ["p1.md"])
        // b.html is in p2, p3 and post three; the post list reads post three, whose content changed.
        #expect(Set(outcome.rendered) == ["p1.md", "p2.md", "p3.html", "_posts/2024-01-03-three.md", "index.html"])
        let want = try await Self.clean(site)
        #expect(try Self.tree(out) == want)
    }
}

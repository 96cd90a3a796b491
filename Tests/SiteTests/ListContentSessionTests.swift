import Foundation
import Testing
@testable import Site

/// A list page that shows what a post's list entry holds beyond its summary (`post.content`, a front
/// matter key, as Jekyll themes' home pages do) is made again when a save changes only that.
@Suite struct ListContentSessionTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    func post(_ n: Int, author: String, body: String) -> String {
        "---\ntitle: Post \(n)\nauthor: \(author)\ntags: [all]\n---\nFirst paragraph of \(n).\n\n\(body)\n"
    }

    @Test(arguments: [
        "{% for post in site.posts %}<article>{{ post.content }}</article>{% endfor %}",
        "{% for post in site.posts %}<p>{{ post.author }}</p>{% endfor %}",
        "{% for post in site.posts %}{% for pair in post %}{{ pair[0] }}={{ pair[1] }};{% endfor %}{% endfor %}",
    ])
    func listShowingMoreThanTheSummary(_ list: String) async throws {
        var files: [String: String] = [:]
        for i in 1...4 { files["content/posts/2026-0\(i)-0\(i)-post-\(i).md"] = post(i, author: "Ann", body: "Body \(i).") }
        files["templates/tags.liquid"] = "---\nlayout: base\n---\n" + list
        let site = try FixtureSite(files: files)
        defer { site.cleanUp() }
        let session = BuildSession(options: BuildOptions(siteDirectory: site.root, now: Self.now))
        _ = try await session.rebuild(changed: nil)
        let p2 = "content/posts/2026-02-02-post-2.md"
        for (label, text) in [("body", post(2, author: "Ann", body: "A longer second body, the excerpt as it was.")),
                              ("front matter", post(2, author: "Bo", body: "A longer second body, the excerpt as it was."))] {
            try site.write(p2, text)
            _ = try await session.rebuild(changed: [p2])
            let clean = site.root.appendingPathComponent("clean-\(UUID().uuidString)")
            _ = try await SiteBuilder(options: BuildOptions(siteDirectory: site.root, outputDirectory: clean, now: Self.now)).build()
            let incremental = site.snapshot(of: site.output), expected = site.snapshot(of: clean)
            #expect(Set(incremental.keys) == Set(expected.keys), "\(label)")
            for (path, data) in expected where incremental[path] != data {
                Issue.record("\(label) edit: \(path) differs from a clean build")
            }
            try FileManager.default.removeItem(at: clean)
        }
    }
}

/// `keysNamed` decides which list pages depend on more than their posts' summaries: a miss shows a stale
/// list in `galley serve`, a false hit makes a save render one page more.
@Suite struct TemplateKeysNamedTests {
    @Test(arguments: [
        ("{% for post in site.posts %}{{ post.content }}{% endfor %}", ["posts", "content"]),
        ("{{ post[\"author\"] }} {{ post['image'] | relative_url }}", ["author", "image"]),
        ("{%- for post in paginator.posts -%}{% for pair in post %}{{ pair[0] }}{% endfor %}{%- endfor -%}", ["posts", "*"]),
        ("{% for term in tags %}{{ term.name }}{% endfor %}", ["name"]),
        ("<p class=\"x.content\">{{ content }}</p>", []),
        ("{{ page.title | escape }} {% if site.search.url %}{% endif %}", ["title", "search", "url"]),
    ])
    func keys(text: String, expected: [String]) {
        #expect(TemplateSet.keysNamed(text) == Set(expected), "\(text)")
    }
}

import Foundation

/// Writes a small built site into a fresh temporary folder; each test gets its own.
struct CheckFixture {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-check-\(UUID().uuidString)")
        for (path, content) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(content.utf8).write(to: url)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// A page using HTML5 elements libxml2 2.9 does not know, which must not be reported.
    static func page(_ body: String, title: String = "Page") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(title)</title>
        <link rel="stylesheet" href="/css/site.css">
        <link rel="alternate" type="application/rss+xml" href="/feed.xml">
        </head>
        <body>
        <header><nav><a href="/">Home</a></nav></header>
        <main>
        \(body)
        </main>
        <footer><p>&copy; 2026</p></footer>
        </body>
        </html>
        """
    }

    static let validRSS = """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
    <channel>
    <title>T</title>
    <link>https://example.com/</link>
    <description>D</description>
    <atom:link href="https://example.com/feed.xml" rel="self" type="application/rss+xml"/>
    <item><title>A</title><link>https://elsewhere.example.org/a/</link><guid>https://elsewhere.example.org/a/</guid><pubDate>Fri, 06 Mar 2026 10:00:00 +0000</pubDate></item>
    </channel>
    </rss>
    """

    /// The standard fixture: one of each kind of breakage, each on a known line (the body starts on line 12).
    static func standard() throws -> CheckFixture {
        try CheckFixture([
            "index.html": page("""
            <article id="top-story"><h1 id="welcome">Welcome</h1>
            <p><a href="/blog/post">extensionless</a> <a href="/about/">folder</a> <a href="blog/post.html#intro">anchor ok</a></p>
            <p><a href="/missing-page">broken</a></p>
            <p><a href="/blog/post#nope">missing anchor</a></p>
            <figure><img src="/img/logo.png" alt="logo"><figcaption>ok</figcaption></figure>
            <p><img src="img/missing.png" alt="missing"></p>
            <p id="welcome">duplicate id</p>
            <p><a href="https://external.example.org/x">external</a> <a href="mailto:a@example.com">mail</a> <a href="#welcome">local</a> <a href="#ghost">ghost</a></p>
            <p><a href="my%20file.html">encoded</a> <a href="/blog/post?x=1#intro">query</a> <a href="#top">top</a></p>
            <svg viewBox="0 0 10 10"><path d="M0 0L10 10"/></svg>
            <details><summary>More</summary><p>hidden</p></details>
            </article>
            """),
            "about/index.html": page("<p><a href=\"../index.html#welcome\">back</a> <a href=\"../../outside.html\">out</a></p>"),
            "blog/post.html": page("<h2 id=\"intro\">Intro</h2><p><a href=\"../\">up</a> <img srcset=\"/img/logo.png 1x, /img/logo@2x.png 2x\" alt=\"\"></p>"),
            "my file.html": page("<p>spaces</p>"),
            "img/logo.png": "PNG",
            "css/site.css": "body{}",
            "feed.xml": validRSS,
            "broken-feed.json": "{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [{\"title\": \"no id\"}]}",
            "data.json": "{\"not\": \"a feed\"}",
        ])
    }
}

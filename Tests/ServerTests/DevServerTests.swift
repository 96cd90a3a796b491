import Foundation
import Testing
@testable import Server

/// A throwaway site: `<tmp>/site` is served; `<tmp>/secret.txt` sits next to it and must never leak.
struct SiteFixture {
    let base: URL
    var root: URL { base.appendingPathComponent("site") }
    static let secret = "TOP-SECRET-\(UUID().uuidString)"

    init(with404: Bool = true) throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-srv-\(UUID().uuidString)")
        let files: [String: String] = [
            "index.html": "<html><body><h1>Home</h1></body></html>",
            "about.html": "<html><BODY><p>About</p></BODY></html>",
            "blog/hello.html": "<html><body><p>Hello post</p></body></html>",
            "docs/index.html": "<html><body><p>Docs index</p></body></html>",
            "both.html": "<html><body>both-file</body></html>",
            "both/index.html": "<html><body>both-folder</body></html>",
            "nobody.html": "<p>no body tag</p>",
            "style.css": "body { color: red; } /* </body> */",
            "app.js": "console.log('</body>')",
            "data.json": "{}", "feed.xml": "<rss/>", "sitemap.xml": "<urlset/>",
            "img.svg": "<svg/>", "a.png": "png", "a.jpg": "jpg", "a.jpeg": "jpeg", "a.gif": "gif",
            "a.webp": "webp", "a.avif": "avif", "favicon.ico": "ico", "f.woff2": "woff2", "robots.txt": "ok",
            "doc.pdf": "pdf", "m.wasm": "wasm", "v.mp4": "mp4", "blob.bin": "bin",
            "space name.html": "<html><body>spaced</body></html>",
        ]
        var all = files
        if with404 { all["404.html"] = "<html><body><h1>Custom 404</h1></body></html>" }
        for (path, text) in all {
            let url = base.appendingPathComponent("site/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try Data(Self.secret.utf8).write(to: base.appendingPathComponent("secret.txt"))
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root.path + "/link-out.html", withDestinationPath: base.path + "/secret.txt")
        try fm.createSymbolicLink(atPath: root.path + "/linkdir", withDestinationPath: base.path)
        try fm.createSymbolicLink(atPath: root.path + "/link-in.html", withDestinationPath: root.path + "/about.html")
    }

    func remove() { try? FileManager.default.removeItem(at: base) }
}

/// Starts a server on a free loopback port for the duration of `body`.
func withServer(_ fixture: SiteFixture, liveReload: Bool = true,
                _ body: (DevServer, UInt16) async throws -> Void) async throws {
    let server = DevServer(configuration: DevServerConfiguration(root: fixture.root, host: "127.0.0.1", port: 0,
                                                                 liveReload: liveReload, heartbeatInterval: 0.2))
    let port = try await server.start()
    do {
        try await body(server, port)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

@Suite(.timeLimit(.minutes(1)))
struct DevServerTests {
    @Test func servesIndexExtensionlessAndFolders() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { _, port in
            let home = try await RawHTTP.request(port: port, target: "/")
            #expect(home.status == 200)
            #expect(home.text.contains("<h1>Home</h1>"))
            #expect(home.headers["cache-control"] == "no-store")
            #expect(home.headers["content-type"] == "text/html; charset=utf-8")

            for target in ["/about", "/about.html", "/about?x=1", "/link-in.html"] {
                let about = try await RawHTTP.request(port: port, target: target)
                #expect(about.status == 200, "\(target)")
                #expect(about.text.contains("<p>About</p>"), "\(target)")
            }
            #expect(try await RawHTTP.request(port: port, target: "/blog/hello").text.contains("Hello post"))
            #expect(try await RawHTTP.request(port: port, target: "/space%20name").text.contains("spaced"))

            // GitHub Pages: /docs → 301 /docs/, which serves docs/index.html.
            let redirect = try await RawHTTP.request(port: port, target: "/docs?q=1")
            #expect(redirect.status == 301)
            #expect(redirect.headers["location"] == "/docs/?q=1")
            #expect(try await RawHTTP.request(port: port, target: "/docs/").text.contains("Docs index"))
            // A file beats a folder of the same name; /about/ never falls back to about.html.
            #expect(try await RawHTTP.request(port: port, target: "/both").text.contains("both-file"))
            #expect(try await RawHTTP.request(port: port, target: "/both/").text.contains("both-folder"))
            #expect(try await RawHTTP.request(port: port, target: "/about/").status == 404)
        }
    }

    @Test func mimeTypes() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let expected: [String: String] = [
            "/style.css": "text/css; charset=utf-8", "/app.js": "text/javascript; charset=utf-8",
            "/data.json": "application/json", "/feed.xml": "application/xml", "/sitemap.xml": "application/xml",
            "/img.svg": "image/svg+xml", "/a.png": "image/png", "/a.jpg": "image/jpeg", "/a.jpeg": "image/jpeg",
            "/a.gif": "image/gif", "/a.webp": "image/webp", "/a.avif": "image/avif", "/favicon.ico": "image/x-icon",
            "/f.woff2": "font/woff2", "/robots.txt": "text/plain; charset=utf-8", "/doc.pdf": "application/pdf",
            "/m.wasm": "application/wasm", "/v.mp4": "video/mp4", "/blob.bin": "application/octet-stream",
        ]
        try await withServer(site) { _, port in
            for (target, type) in expected {
                let response = try await RawHTTP.request(port: port, target: target)
                #expect(response.status == 200, "\(target)")
                #expect(response.headers["content-type"] == type, "\(target)")
                #expect(response.headers["cache-control"] == "no-store", "\(target)")
            }
        }
    }

    @Test func notFoundUsesSitePageWithStatus404() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { _, port in
            let response = try await RawHTTP.request(port: port, target: "/no/such/page")
            #expect(response.status == 404)
            #expect(response.text.contains("Custom 404"))
            #expect(response.text.contains(LiveReloadScript.eventsPath))
        }
        let bare = try SiteFixture(with404: false)
        defer { bare.remove() }
        try await withServer(bare) { _, port in
            let response = try await RawHTTP.request(port: port, target: "/missing")
            #expect(response.status == 404)
            #expect(response.text.contains("<h1>404 Not Found</h1>"))
            #expect(response.text.contains(LiveReloadScript.eventsPath))  // overlay even with empty output
        }
        try await withServer(bare, liveReload: false) { _, port in
            let response = try await RawHTTP.request(port: port, target: "/missing")
            #expect(response.status == 404)
            #expect(response.text == "404 Not Found\n")
        }
    }

    @Test(arguments: [
        "/../secret.txt", "/..%2fsecret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt",
        "/%2e%2e%2fsecret.txt", "/%252e%252e/secret.txt", "/%252e%252e%252fsecret.txt", "/..\\secret.txt",
        "/..%5csecret.txt", "/%5c..%5csecret.txt", "/blog/../../secret.txt", "/blog/%2e%2e/%2e%2e/secret.txt",
        "/%c0%ae%c0%ae/secret.txt", "/%00", "/about.html%00.txt", "/%2e%2e%00/secret.txt", "//../secret.txt",
        "/link-out.html", "/link-out", "/linkdir/secret.txt", "/linkdir/secret", "/linkdir/site/../secret.txt",
        "secret.txt", "../secret.txt", "http://127.0.0.1/../secret.txt", "/%", "/%zz", "/./secret.txt",
        "/" + String(repeating: "../", count: 12) + "etc/passwd", "//etc/passwd",
    ])
    func neverLeavesTheRoot(target: String) async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site, liveReload: false) { _, port in
            let response = try await RawHTTP.request(port: port, target: target)
            #expect([400, 403, 404].contains(response.status), "\(target) → \(response.status)")
            #expect(!response.text.contains(SiteFixture.secret), "\(target) leaked the secret")
            #expect(!response.text.contains("root:x:0:0"), "\(target) leaked /etc/passwd")
        }
    }

    @Test func injectsOnlyIntoHTMLAndNeverOnDisk() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let before = try Data(contentsOf: site.root.appendingPathComponent("about.html"))
        try await withServer(site) { _, port in
            let about = try await RawHTTP.request(port: port, target: "/about")
            #expect(about.text.contains("data-galley-live-reload"))
            let scriptAt = try #require(about.text.range(of: "<script data-galley-live-reload"))
            let bodyAt = try #require(about.text.range(of: "</BODY>"))
            #expect(scriptAt.lowerBound < bodyAt.lowerBound)
            #expect(about.headers["content-length"] == String(about.body.count))

            let nobody = try await RawHTTP.request(port: port, target: "/nobody")
            #expect(nobody.text.hasPrefix("<p>no body tag</p><script data-galley-live-reload"))

            let css = try await RawHTTP.request(port: port, target: "/style.css")
            #expect(css.text == "body { color: red; } /* </body> */")
            let js = try await RawHTTP.request(port: port, target: "/app.js")
            #expect(js.text == "console.log('</body>')")
        }
        #expect(try Data(contentsOf: site.root.appendingPathComponent("about.html")) == before)
        try await withServer(site, liveReload: false) { _, port in
            let served = try await RawHTTP.request(port: port, target: "/about")
            #expect(served.body == before)
        }
    }

    @Test func headAndMethods() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { _, port in
            let get = try await RawHTTP.request(port: port, target: "/style.css")
            let head = try await RawHTTP.request(port: port, method: "HEAD", target: "/style.css")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-length"] == String(get.body.count))
            #expect(head.headers["content-type"] == "text/css; charset=utf-8")
            for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
                let response = try await RawHTTP.request(port: port, method: method, target: "/about")
                #expect(response.status == 405, "\(method)")
                #expect(response.headers["allow"] == "GET, HEAD")
            }
        }
    }

    @Test func byteRanges() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { _, port in
            func get(_ target: String, range: String) async throws -> RawResponse {
                try await RawHTTP.offPool {
                    let connection = try RawConnection(port: port)
                    connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: \(range)\r\nConnection: close\r\n\r\n")
                    return try RawHTTP.parse(connection.receiveAll(), head: false)
                }
            }
            let first = try await get("/v.mp4", range: "bytes=0-1")
            #expect(first.status == 206)
            #expect(first.text == "mp")
            #expect(first.headers["content-range"] == "bytes 0-1/3")
            #expect(first.headers["accept-ranges"] == "bytes")
            #expect(try await get("/v.mp4", range: "bytes=-2").text == "p4")
            let beyond = try await get("/v.mp4", range: "bytes=9-")
            #expect(beyond.status == 416)
            #expect(beyond.headers["content-range"] == "bytes */3")
            let html = try await get("/about", range: "bytes=0-1")
            #expect(html.status == 200)
            #expect(html.text.contains("About"))
        }
    }

    @Test func rangeParsing() {
        #expect(ByteRange.parse(nil, length: 10) == .whole)
        #expect(ByteRange.parse("bytes=2-4", length: 10) == .partial(2..<5))
        #expect(ByteRange.parse("bytes=2-", length: 10) == .partial(2..<10))
        #expect(ByteRange.parse("bytes=8-20", length: 10) == .partial(8..<10))
        #expect(ByteRange.parse("bytes=-3", length: 10) == .partial(7..<10))
        #expect(ByteRange.parse("bytes=-30", length: 10) == .partial(0..<10))
        #expect(ByteRange.parse("bytes=10-", length: 10) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-0", length: 10) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=0-1,4-5", length: 10) == .whole)
        #expect(ByteRange.parse("bytes=5-2", length: 10) == .whole)
        #expect(ByteRange.parse("items=0-1", length: 10) == .whole)
        #expect(ByteRange.parse("bytes=x-1", length: 10) == .whole)
    }

    @Test func hostAddresses() throws {
        #expect(try DevServer.address(host: "127.0.0.1") == "127.0.0.1")
        #expect(try DevServer.address(host: "0.0.0.0") == "0.0.0.0")
        #expect(try DevServer.address(host: "::1") == "::1")
        #expect(try DevServer.address(host: "[::]") == "::")
        #expect(try DevServer.address(host: "localhost") == "127.0.0.1")
        #expect(throws: DevServerError.self) { _ = try DevServer.address(host: "300.1.1.1") }
    }

    @Test func rebindingGuard() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { _, port in
            func get(host: String) async throws -> Int {
                try await RawHTTP.offPool {
                    let connection = try RawConnection(port: port)
                    connection.send("GET /about HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                    return try RawHTTP.parse(connection.receiveAll(), head: false).status
                }
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "[::1]:\(port)", "blog.localhost:1", "127.1.2.3"] {
                let status = try await get(host: host)
                #expect(status == 200, "\(host)")
            }
            for host in ["evil.example:\(port)", "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.1"] {
                let status = try await get(host: host)
                #expect(status == 403, "\(host)")
            }
        }
        #expect(DevServer.isLoopback("127.0.0.1") && DevServer.isLoopback("::1") && DevServer.isLoopback("localhost"))
        #expect(!DevServer.isLoopback("0.0.0.0") && !DevServer.isLoopback("::") && !DevServer.isLoopback("192.168.1.2"))
    }

    /// `--allow-host blog.test`: a name mapped to 127.0.0.1 by the user passes the rebinding guard,
    /// with any port and in any case; other names are still refused.
    @Test func allowedHostsPassTheGuard() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let configuration = DevServerConfiguration(root: site.root, port: 0, allowedHosts: ["Blog.Test", "docs.internal."])
        let server = DevServer(configuration: configuration)
        let port = try await server.start()
        do {
            try await checkAllowedHosts(port: port)
        } catch {
            Issue.record(error)
        }
        await server.stop()
        for bad in ["http://blog.test", "blog.test/x", "", ":80", "bad_name"] {
            let broken = DevServer(configuration: DevServerConfiguration(root: site.root, port: 0, allowedHosts: [bad]))
            await #expect(throws: DevServerError.invalidAllowedHost(bad)) { try await broken.start() }
        }
    }

    private func checkAllowedHosts(port: UInt16) async throws {
        func get(host: String) async throws -> RawResponse {
            try await RawHTTP.offPool {
                let connection = try RawConnection(port: port)
                connection.send("GET /about HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                return try RawHTTP.parse(connection.receiveAll(), head: false)
            }
        }
        for host in ["blog.test:\(port)", "BLOG.TEST", "blog.test.", "docs.internal:80", "localhost:\(port)"] {
            #expect(try await get(host: host).status == 200, "\(host)")
        }
        for host in ["evil.test", "blog.test.evil.example", "sub.blog.test", "test"] {
            let refused = try await get(host: host)
            #expect(refused.status == 403, "\(host)")
            #expect(refused.text.contains("--allow-host"))
        }
    }

    @Test func busyPortIsReportedWithAHint() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { _, port in
            let second = DevServer(configuration: DevServerConfiguration(root: site.root, port: port))
            do {
                try await second.start()
                Issue.record("second server started on a busy port")
                await second.stop()
            } catch let error as DevServerError {
                #expect(error == .portInUse(port: port))
                #expect(error.description == "port \(port) is already in use; try --port \(port + 1)")
            }
        }
        #expect(throws: DevServerError.invalidHost("example.com")) {
            _ = try DevServer.address(host: "example.com")
        }
    }

    @Test func editsAreVisibleImmediately() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { _, port in
            #expect(try await RawHTTP.request(port: port, target: "/about").text.contains("About"))
            try Data("<html><body>Changed</body></html>".utf8).write(to: site.root.appendingPathComponent("about.html"))
            #expect(try await RawHTTP.request(port: port, target: "/about").text.contains("Changed"))
        }
    }
}

/// `galley serve` of a sub-path site serves it where the host will: under the base path.
@Suite struct BasePathServingTests {
    @Test func pagesAreServedUnderTheBasePath() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        var config = DevServerConfiguration(root: site.root, port: 0, liveReload: false)
        config.basePath = "/project"
        let server = DevServer(configuration: config)
        let port = try await server.start()
        #expect(try await RawHTTP.request(port: port, target: "/project/about").text.contains("About"))
        let home = try await RawHTTP.request(port: port, target: "/")
        #expect(home.status == 301 && home.headers["location"] == "/project/")
        #expect(try await RawHTTP.request(port: port, target: "/about").status == 404)
        let folder = try await RawHTTP.request(port: port, target: "/project/docs")
        #expect(folder.status == 301 && folder.headers["location"] == "/project/docs/")
        await server.stop()
    }
}

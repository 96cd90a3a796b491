import Testing
@testable import Server

/// An in-memory filesystem: entries plus symlink targets, for the pure resolver.
struct FakeProbe: FileProbe {
    var files: Set<String>
    var folders: Set<String>
    /// Path prefix → real prefix (a symlinked folder or file).
    var links: [String: String] = [:]

    func realPath(_ path: String) -> String? {
        var resolved = path
        for (link, target) in links where resolved == link || resolved.hasPrefix(link + "/") {
            resolved = target + resolved.dropFirst(link.count)
        }
        return files.contains(resolved) || folders.contains(resolved) ? resolved : nil
    }

    func kind(of path: String) -> EntryKind {
        guard let real = realPath(path) else { return .missing }
        return files.contains(real) ? .file : .directory
    }
}

struct PathResolverTests {
    let resolver = PathResolver(root: "/srv/site", probe: FakeProbe(
        files: ["/srv/site/index.html", "/srv/site/about.html", "/srv/site/blog/post.html",
                "/srv/site/docs/index.html", "/srv/site/feed.xml", "/srv/secret.txt", "/etc/passwd",
                "/srv/site/a b.html", "/srv/site/café.html"],
        folders: ["/srv", "/srv/site", "/srv/site/blog", "/srv/site/docs", "/etc", "/srv/site/empty"],
        links: ["/srv/site/out.html": "/srv/secret.txt", "/srv/site/etc": "/etc",
                "/srv/site/alias.html": "/srv/site/about.html"]
    ))

    @Test func githubPagesMapping() {
        #expect(resolver.resolve(rawTarget: "/") == .file("/srv/site/index.html"))
        #expect(resolver.resolve(rawTarget: "/about") == .file("/srv/site/about.html"))
        #expect(resolver.resolve(rawTarget: "/about.html") == .file("/srv/site/about.html"))
        #expect(resolver.resolve(rawTarget: "/about?ref=x") == .file("/srv/site/about.html"))
        #expect(resolver.resolve(rawTarget: "/about/") == .notFound)
        #expect(resolver.resolve(rawTarget: "/blog/post") == .file("/srv/site/blog/post.html"))
        #expect(resolver.resolve(rawTarget: "/blog//post") == .file("/srv/site/blog/post.html"))
        #expect(resolver.resolve(rawTarget: "/docs") == .redirect("/docs/"))
        #expect(resolver.resolve(rawTarget: "//docs") == .redirect("/docs/"))
        #expect(resolver.resolve(rawTarget: "/docs/") == .file("/srv/site/docs/index.html"))
        #expect(resolver.resolve(rawTarget: "/empty") == .notFound)
        #expect(resolver.resolve(rawTarget: "/blog/") == .notFound)
        #expect(resolver.resolve(rawTarget: "/feed.xml") == .file("/srv/site/feed.xml"))
        #expect(resolver.resolve(rawTarget: "/a%20b") == .file("/srv/site/a b.html"))
        #expect(resolver.resolve(rawTarget: "/caf%C3%A9") == .file("/srv/site/café.html"))
        #expect(resolver.resolve(rawTarget: "/alias.html") == .file("/srv/site/alias.html"))
    }

    @Test(arguments: ["/..", "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2e/secret.txt", "/..%2Fsecret.txt",
                      "/%252e%252e/secret.txt", "/..%5csecret.txt", "/a\\b", "/%00", "/x%0a", "/.", "/./about",
                      "/blog/../about"])
    func traversalIsForbidden(target: String) {
        #expect(resolver.resolve(rawTarget: target) == .forbidden)
    }

    @Test(arguments: ["/%", "/%2", "/%zz", "/%c0%ae", "/%ff", "about", "", "http://x/about"])
    func malformedIsBadRequest(target: String) {
        #expect(resolver.resolve(rawTarget: target) == .badRequest)
    }

    @Test func symlinksMustStayInside() {
        #expect(resolver.resolve(rawTarget: "/out.html") == .forbidden)
        #expect(resolver.resolve(rawTarget: "/out") == .forbidden)
        #expect(resolver.resolve(rawTarget: "/etc/passwd") == .forbidden)
    }

    /// A root reached through a symlink (macOS's /var → /private/var) still serves its files.
    @Test func symlinkedRootAndLateRoot() {
        let probe = FakeProbe(files: ["/private/var/site/index.html"], folders: ["/private/var/site", "/private/var"],
                              links: ["/var": "/private/var"])
        let resolver = PathResolver(root: "/var/site/", probe: probe)
        #expect(resolver.resolve(rawTarget: "/") == .file("/var/site/index.html"))
        let missing = PathResolver(root: "/nowhere", probe: probe)
        #expect(missing.resolve(rawTarget: "/") == .notFound)
    }

    @Test func segmentsDecodeExactlyOnce() {
        #expect(PathResolver.segments(ofRawPath: "/a%20b/c") == .success(["a b", "c"]))
        #expect(PathResolver.segments(ofRawPath: "/") == .success([]))
        #expect(PathResolver.segments(ofRawPath: "/%2541") == .failure(.traversal))
        #expect(PathResolver.segments(ofRawPath: "/100%25") == .success(["100%"]))
    }

    @Test func mimeLookup() {
        #expect(MIMEType.forPath("/x/feed.XML") == "application/xml")
        #expect(MIMEType.forPath("/x/.hidden") == MIMEType.fallback)
        #expect(MIMEType.forPath("/x/noext") == MIMEType.fallback)
        #expect(MIMEType.forPath("a.tar.gz") == MIMEType.fallback)
    }
}

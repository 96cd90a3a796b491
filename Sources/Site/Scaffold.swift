import Foundation

/// `galley new` and `galley init`: files a writer starts from. Never overwrites anything.
public enum Scaffold {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes `content/posts/YYYY-MM-DD-<slug>.md` and returns its path.
    public static func newPost(siteDirectory: URL, title: String, date: Date = Date(), draft: Bool = false) throws(Failure) -> URL {
        let slug = Slug.jekyll(title)
        guard !slug.isEmpty else { throw Failure(description: "cannot make a file name from the title `\(title)`; use some letters or digits") }
        // The site's zone decides which day "today" is.
        let diagnostics = DiagnosticSink()
        let zone = SiteConfig.load(siteDirectory: siteDirectory, diagnostics: diagnostics)?.timeZone ?? TimeZone(identifier: "UTC")!
        if diagnostics.hasErrors {
            throw Failure(description: diagnostics.all.filter { $0.severity == .error }.map(\.description).joined(separator: "\n"))
        }
        let day = SiteDates.day(date, zone)
        let file = siteDirectory.appendingPathComponent("content/posts/\(day)-\(slug).md")
        let stamp = SiteDates.iso8601(date, zone)
        var text = "---\ntitle: \(yamlQuoted(title))\ndate: \(stamp)\ntags: []\n"
        if draft { text += "draft: true\n" }
        text += "---\n\nWrite the first paragraph here: it becomes the excerpt on the home page and in feeds.\n"
        try create(file, text)
        return file
    }

    /// Creates a new site in `directory` (which must be empty or absent): site.yml, the default theme, a first post, an About page,
    /// and unless `workflow` is nil a GitHub Actions workflow that builds, checks and deploys it to GitHub Pages.
    public static func initSite(at directory: URL, title: String = "My engineering blog", date: Date = Date(),
                                workflow: DeployWorkflow.Source? = DeployWorkflow.Source()) throws(Failure) {
        let fm = FileManager.default
        if let entries = try? fm.contentsOfDirectory(atPath: directory.path), !entries.filter({ !$0.hasPrefix(".") }).isEmpty {
            throw Failure(description: "\(directory.path) is not empty; `galley init` only writes into a new or empty folder")
        }
        // Hidden entries are allowed (a fresh clone's .git): a workflow already there is refused before anything is written.
        let workflowFile = directory.appendingPathComponent(DeployWorkflow.path)
        if workflow != nil, fm.fileExists(atPath: workflowFile.path) {
            throw Failure(description: "\(workflowFile.path) already exists; not overwriting it (use --no-workflow to keep it)")
        }
        let siteYML = """
        # Settings of this site: see Galley's README for every key.
        title: \(yamlQuoted(title))
        description: Notes on building things.
        url: https://example.org
        author: Your Name
        language: en
        timezone: UTC
        # A trailing slash writes blog/<slug>/index.html: every static host serves that
        # (without it, links have no extension, which GitHub Pages serves but plain servers do not).
        permalink: /blog/:title/
        paginate: 10
        menu:
          - title: Home
            url: /
          - title: Archive
            url: /archive/
          - title: Tags
            url: /tags/
          - title: About
            url: /about/
        feed:
          items: 20
          full_content: true
        highlight:
          theme: galley
          unlabeled: auto
        markdown:
          # ![alt](x.png "Caption") alone in a paragraph becomes a figure with a caption.
          figures: true

        """
        try create(directory.appendingPathComponent("site.yml"), siteYML)
        for (path, text) in DefaultTheme.files.sorted(by: { $0.key < $1.key }) {
            try create(directory.appendingPathComponent("templates/" + path), text)
        }
        try create(directory.appendingPathComponent("content/about.md"),
                   "---\ntitle: About\npermalink: /about/\n---\n\nWho writes here, and what about.\n")
        let post = directory.appendingPathComponent("content/posts/\(SiteDates.day(date, TimeZone(identifier: "UTC")!))-hello-world.md")
        let body = """
        ---
        title: "Hello, world"
        date: \(SiteDates.iso8601(date, TimeZone(identifier: "UTC")!))
        description: The first post of this site.
        tags: [meta]
        ---

        This is the first post. Edit it in `content/posts/`, or start another with `galley new "Title"`.

        ```swift
        let greeting = "Hello, world"
        print(greeting)
        ```

        """
        try create(post, body)
        if let workflow { try create(workflowFile, DeployWorkflow.text(workflow)) }
    }

    /// The built-in theme's files (`post.liquid`, `partials/head.liquid`, `assets/galley.css`…).
    public static var themeFiles: [String] { DefaultTheme.files.keys.sorted() }

    /// Copies built-in theme files into `templates/` of an existing site, for editing: all of them, or those
    /// named (`post`, `partials/head`, `assets/galley.css`). A file the site already has is kept, never overwritten.
    public static func ejectTheme(siteDirectory: URL, names: [String]) throws(Failure) -> (written: [String], kept: [String]) {
        var chosen: [String] = []
        for name in names {
            let match = themeFiles.first { $0 == name || $0 == name + ".liquid" || $0 == "templates/" + name || "templates/" + $0 == name + ".liquid" }
            guard let match else {
                let near = Suggest.nearest(name, in: themeFiles.map { $0.hasSuffix(".liquid") ? String($0.dropLast(7)) : $0 })
                throw Failure(description: "the built-in theme has no `\(name)`" + (near.map { "; did you mean `\($0)`?" } ?? "")
                              + " (`galley theme list` shows its files)")
            }
            chosen.append(match)
        }
        if names.isEmpty { chosen = themeFiles }
        var written: [String] = [], kept: [String] = []
        for path in chosen {
            let file = siteDirectory.appendingPathComponent("templates/" + path)
            if FileManager.default.fileExists(atPath: file.path) { kept.append("templates/" + path); continue }
            try create(file, DefaultTheme.files[path]!)
            written.append("templates/" + path)
        }
        return (written, kept)
    }

    private static func create(_ file: URL, _ text: String) throws(Failure) {
        let fm = FileManager.default
        if fm.fileExists(atPath: file.path) {
            throw Failure(description: "\(file.path) already exists; not overwriting it")
        }
        do {
            try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // withoutOverwriting: a file that appears meanwhile is still not replaced.
            try Data(text.utf8).write(to: file, options: .withoutOverwriting)
        } catch {
            throw Failure(description: "cannot write \(file.path): \(error.localizedDescription)")
        }
    }

    /// A YAML double-quoted scalar.
    static func yamlQuoted(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if ch.value < 0x20 { out += String(format: "\\x%02X", ch.value) } else { out.unicodeScalars.append(ch) }
            }
        }
        return out + "\""
    }
}

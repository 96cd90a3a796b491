import Foundation
import Liquid

/// The gem's `Pages` settings from the environment (PAGES_ENV, PAGES_GITHUB_HOSTNAME, …).
struct GitHubPages: Sendable {
    var env: String
    var githubHostname: String
    var pagesHostname: String
    var apiURL: String
    var helpURL: String
    var ssl: Bool
    var subdomainIsolation: Bool

    init(env e: [String: String]) {
        func v(_ key: String, _ fallback: String?) -> String? { (e[key] ?? "").isEmpty ? fallback : e[key] }
        func trim(_ s: String) -> String { s.hasSuffix("/") ? String(s.dropLast()) : s }
        env = v("PAGES_ENV", e["JEKYLL_ENV"]) ?? "development"
        githubHostname = trim(v("PAGES_GITHUB_HOSTNAME", e["GITHUB_HOSTNAME"]) ?? "github.com")
        pagesHostname = trim(v("PAGES_PAGES_HOSTNAME", e["PAGES_HOSTNAME"] ?? (env == "development" ? "localhost:4000" : nil)) ?? "github.io")
        apiURL = trim(v("PAGES_API_URL", e["API_URL"]) ?? "https://api.github.com")
        helpURL = trim(v("PAGES_HELP_URL", e["HELP_URL"]) ?? "https://help.github.com")
        ssl = v("SSL", nil) == "true" || env == "test"
        subdomainIsolation = v("SUBDOMAIN_ISOLATION", nil) == "true"
    }

    var scheme: String { ssl ? "https" : "http" }
    var enterprise: Bool { env == "enterprise" }
    var customDomains: Bool { env == "dotcom" || env == "test" }
    var githubURL: String { env == "dotcom" || githubHostname == "github.com" ? "https://github.com" : "\(scheme)://\(githubHostname)" }
}

/// What the gem's `Repository` knows about `owner/name` without the API.
struct GitHubRepo: Sendable {
    let nwo: String
    let owner: String
    let name: String
    let pages: GitHubPages

    init(nwo: String, pages: GitHubPages) {
        self.nwo = nwo
        owner = String(nwo.split(separator: "/").first ?? "")
        name = String(nwo.split(separator: "/").last ?? "")
        self.pages = pages
    }

    /// `owner/name` from a remote URL on the GitHub host (`git@github.com:o/n.git`, `https://github.com/o/n`).
    static func nwo(fromRemote url: String, host: String) -> String? {
        var u = url
        if u.hasSuffix(".git") { u.removeLast(4) }
        let pattern = NSRegularExpression.escapedPattern(for: host) + #"(:|/)([\w-]+)/([\w.-]+)"#
        guard let re = try? NSRegularExpression(pattern: pattern),
              let m = re.firstMatch(in: u, range: NSRange(u.startIndex..., in: u)),
              let o = Range(m.range(at: 2), in: u), let n = Range(m.range(at: 3), in: u) else { return nil }
        return "\(u[o])/\(u[n])"
    }

    var defaultUserDomain: String {
        if !pages.enterprise && owner == "github" { return "\(owner).\(pages.githubHostname)".lowercased() }
        return pages.enterprise ? pages.pagesHostname.lowercased() : "\(owner).\(pages.pagesHostname)".lowercased()
    }

    var isUserPage: Bool {
        if pages.enterprise { return name.lowercased() == "\(owner.lowercased()).\(pages.githubHostname)" }
        return [defaultUserDomain, "\(owner).github.com".lowercased()].contains(name.lowercased())
    }

    var ownerURL: String { "\(pages.githubURL)/\(owner)" }
    var repositoryURL: String { "\(ownerURL)/\(name)" }
    var branch: String { isUserPage ? "master" : "gh-pages" }

    /// The Pages URL without its trailing slash (`html_url`).
    var htmlURL: String {
        var u: String
        if !pages.customDomains {
            let path = isUserPage ? owner : nwo
            u = pages.subdomainIsolation ? "\(pages.scheme)://\(pages.pagesHostname)/\(path)" : "\(pages.githubURL)/pages/\(path)"
        } else {
            let domain = isUserPage ? defaultUserDomain : defaultUserDomain
            let scheme = pages.enterprise ? pages.scheme : (owner == "github" && domain.hasSuffix(".github.com") ? "https" : "http")
            u = isUserPage ? "\(scheme)://\(domain)" : "\(scheme)://\(domain)/\(name)"
        }
        while u.hasSuffix("/") { u.removeLast() }
        return u
    }

    var urlWithoutPath: String {
        guard let c = URLComponents(string: htmlURL) else { return htmlURL }
        return "\(c.scheme ?? "http")://\(c.host ?? "")" + (c.port.map { ":\($0)" } ?? "")
    }

    var baseurl: String { URLComponents(string: htmlURL)?.path ?? "" }

    /// `site.github`, keys sorted.
    func metadata(environment: String, revision: String) -> LiquidHash {
        var m: [String: Value] = [:]
        m["api_url"] = .string(pages.apiURL)
        m["archived"] = .null
        m["baseurl"] = .string(baseurl)
        m["build_revision"] = .string(revision)
        m["clone_url"] = .string(repositoryURL + ".git")
        m["contributors"] = false
        m["disabled"] = .null
        m["environment"] = .string(environment)
        m["help_url"] = .string(pages.helpURL)
        m["hostname"] = .string(pages.githubHostname)
        m["is_project_page"] = .bool(!isUserPage)
        m["is_user_page"] = .bool(isUserPage)
        m["issues_url"] = .null
        m["language"] = .null
        m["latest_release"] = false
        m["license"] = .null
        m["organization_members"] = .null
        let ownerKeys = ["avatar_url", "bio", "blog", "collaborators", "company", "created_at", "description", "email", "followers",
                         "following", "has_organization_projects", "has_repository_projects", "hireable", "html_url", "id",
                         "is_verified", "location", "login", "name", "node_id", "public_gists", "public_repos", "type", "updated_at"]
        m["owner"] = .hash(LiquidHash(ownerKeys.map { ($0, Value.null) }))
        m["owner_display_name"] = .null
        m["owner_gravatar_url"] = .string(ownerURL + ".png")
        m["owner_name"] = .string(owner)
        m["owner_url"] = .string(ownerURL)
        m["pages_env"] = .string(environment)
        m["pages_hostname"] = .string(pages.pagesHostname)
        m["private"] = .null
        m["project_tagline"] = .null
        m["project_title"] = .string(name)
        m["public_repositories"] = .null
        m["releases"] = false
        m["releases_url"] = .string(repositoryURL + "/releases")
        m["repository_name"] = .string(name)
        m["repository_nwo"] = .string(nwo)
        m["repository_url"] = .string(repositoryURL)
        m["show_downloads"] = .null
        m["source"] = .hash(LiquidHash([("branch", .string(branch)), ("path", "/")]))
        m["tar_url"] = .string("\(repositoryURL)/tarball/\(branch)")
        m["url"] = .string(htmlURL)
        m["versions"] = .hash(LiquidHash())
        m["wiki_url"] = .null
        m["zip_url"] = .string("\(repositoryURL)/zipball/\(branch)")
        return LiquidHash(m.keys.sorted().map { ($0, m[$0]!) })
    }
}

/// A site's `.git`, read as text (never by running git): the `origin` URL and the commit HEAD names.
struct GitFolder: Sendable {
    let dir: URL?

    init(source: URL) {
        let dotGit = source.appendingPathComponent(".git")
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDir), isDir.boolValue {
            dir = dotGit
        } else if let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") {
            let path = text.dropFirst(7).trimmingCharacters(in: .whitespacesAndNewlines)
            dir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : source.appendingPathComponent(path)
        } else {
            dir = nil
        }
    }

    func read(_ path: String) -> String? { dir.flatMap { try? String(contentsOf: $0.appendingPathComponent(path), encoding: .utf8) } }

    /// `url` under `[remote "origin"]`.
    var originURL: String? {
        guard let config = read("config") else { return nil }
        var inOrigin = false
        for line in config.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("[") { inOrigin = t.replacingOccurrences(of: " ", with: "") == "[remote\"origin\"]"; continue }
            if inOrigin, t.hasPrefix("url") , let eq = t.firstIndex(of: "=") {
                return t[t.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The commit HEAD points at (through a branch ref or packed-refs).
    var headRevision: String? {
        guard let head = read("HEAD")?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard head.hasPrefix("ref:") else { return head }
        let ref = head.dropFirst(4).trimmingCharacters(in: .whitespaces)
        if let sha = read(ref)?.trimmingCharacters(in: .whitespacesAndNewlines), !sha.isEmpty { return sha }
        for line in (read("packed-refs") ?? "").split(separator: "\n") where line.hasSuffix(" " + ref) {
            return String(line.prefix { $0 != " " })
        }
        return nil
    }
}

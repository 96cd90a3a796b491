import Foundation
import Liquid
import Site

/// jekyll-github-metadata 2.15 as it builds without network: `site.github` from the repository named by
/// `PAGES_REPO_NWO`, `repository:` or (in development) the `origin` remote of `.git/config` (read as text);
/// `site.title` falls back to the repository (project) or owner name; in production `url`/`baseurl` get
/// the GitHub Pages defaults. Keys only the API knows are what the gem gives offline (nil, or false for
/// `contributors`/`releases`/`latest_release`); a template reading one gets one warning.
struct GitHubMetadataPlugin: JekyllPlugin {
    var name: String { "jekyll-github-metadata" }
    let readNetworkKeys = NetworkKeyLog()

    var tags: [String: LiquidTag] { ["github_edit_link": LiquidTag(render: GitHubMetadataPlugin.editLink)] }

    static let networkKeys: Set<String> = ["contributors", "releases", "latest_release", "public_repositories", "organization_members",
                                           "project_tagline", "language", "license", "issues_url", "wiki_url", "show_downloads",
                                           "private", "archived", "disabled", "owner_display_name"]

    func generate(_ site: inout JekyllSiteSource) throws -> [SiteDiagnostic] {
        let env = ProcessInfo.processInfo.environment
        let jekyllEnv = env["JEKYLL_ENV"] ?? "development"
        let pages = GitHubPages(env: env)
        let git = GitFolder(source: site.config.source)
        var nwo = env["PAGES_REPO_NWO"].flatMap { $0.isEmpty ? nil : $0 }
        if nwo == nil, case .string(let r)? = site.config.raw["repository"], r.contains("/") { nwo = r }
        if nwo == nil, jekyllEnv == "development" || jekyllEnv == "test", let remote = git.originURL {
            nwo = GitHubRepo.nwo(fromRemote: remote, host: pages.githubHostname)
        }
        guard let nwo else {
            return [.warning("_config.yml", "jekyll-github-metadata: no repository found, so `site.github` is empty",
                             hint: "add `repository: owner/name` to _config.yml")]
        }
        let repo = GitHubRepo(nwo: nwo, pages: pages)
        let raw = site.config.raw
        var notes: [SiteDiagnostic] = []
        if raw["name"]?.isTruthy ?? false, !(raw["title"]?.isTruthy ?? false) {
            notes.append(.warning("_config.yml", "site.name is set but site.title is not: jekyll-github-metadata leaves site.title unset",
                                  hint: "themes and plugins read site.title; rename `name:` to `title:`"))
        } else if !(raw["title"]?.isTruthy ?? false) {
            site.config.raw["title"] = .string(repo.isUserPage ? repo.owner : repo.name)
        }
        if jekyllEnv == "production" || !(env["PAGE_BUILD_ID"] ?? "").isEmpty {
            if !(raw["url"]?.isTruthy ?? false) {
                let u = repo.urlWithoutPath
                site.config.raw["url"] = .string(u)
                site.config.url = u
            }
            if raw["baseurl"] == nil || raw["baseurl"]!.isNil || raw["baseurl"]?.liquidString == "/" {
                site.config.raw["baseurl"] = .string(repo.baseurl)
                site.config.baseurl = repo.baseurl
            }
        }
        var data = repo.metadata(environment: pages.env, revision: env["JEKYLL_BUILD_REVISION"] ?? git.headRevision ?? "")
        switch raw["github"] {
        case nil, .null?: break
        case .hash(let own)?: data = DocumentRenderer.deepMerge(data, own)
        case let other?:
            site.config.raw["github"] = other
            return notes
        }
        site.config.raw["github"] = .drop(GitHubDrop(data: data, log: readNetworkKeys))
        return notes
    }

    func files(site: JekyllSiteView) throws -> [OutputFile] {
        let keys = readNetworkKeys.keys
        if !keys.isEmpty {
            site.report(.warning("_config.yml", "templates read site.github." + keys.joined(separator: ", site.github.")
                                 + ", known only to the GitHub API, which Galley does not call: empty, as in an offline Jekyll build"))
        }
        return []
    }

    /// `{% github_edit_link ["text"] %}`: the page's edit URL on GitHub (a link when text is given).
    static func editLink(_ markup: String, _ body: String?, _ context: LiquidTagContext) throws(LiquidError) -> String {
        let github = PluginValue.dig(context.variable("site"), "github")
        let page = context.register("jekyll.page", as: Value.self)
        let parts = [PluginValue.dig(github, "repository_url"), .string("edit/"), PluginValue.dig(github, "source", "branch"),
                     PluginValue.dig(github, "source", "path"), PluginValue.dig(page, "path")]
        var url = ""
        if parts.allSatisfy({ $0 != nil }) {
            let strings = parts.enumerated().map { i, p -> String in
                var s = p!.liquidString
                if s.hasPrefix("/") { s.removeFirst() }
                if i < parts.count - 1, !s.hasSuffix("/") { s += "/" }
                return s == "/" ? "" : s
            }
            url = strings.joined()
        } else {
            context.warn("JekyllEditLink: Cannot generate edit URLs due to missing site.github data")
        }
        let text = markup.range(of: #""([^"]*)"|'([^']*)'"#, options: .regularExpression).map { String(markup[$0].dropFirst().dropLast()) }
        return text.map { "<a href=\"\(url)\">\($0)</a>" } ?? url
    }
}

/// Which network-only `site.github` keys templates read (reported once, after rendering).
final class NetworkKeyLog: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []
    func note(_ key: String) { lock.lock(); if !seen.contains(key) { seen.append(key) }; lock.unlock() }
    var keys: [String] { lock.lock(); defer { lock.unlock() }; return seen.sorted() }
}

/// `site.github`: the computed keys (sorted, as the gem's drop lists them), noting reads of API-only ones.
final class GitHubDrop: LiquidDrop, @unchecked Sendable {
    let data: LiquidHash
    let log: NetworkKeyLog
    init(data: LiquidHash, log: NetworkKeyLog) { self.data = data; self.log = log }
    var keys: [String] { data.keys }
    func value(forKey key: String) -> Value? {
        if GitHubMetadataPlugin.networkKeys.contains(key) { log.note(key) }
        return data[key]
    }
}

import Foundation
import Site

/// `_config.yml`'s `defaults:` written into each page's front matter (the site's own theme reads them there:
/// its layouts above all), and an HTML page's `.html` URL kept with a `permalink:`.
struct JekyllDefaults {
    struct Rule {
        var path: String
        var type: String?
        var values: [(String, String)]
    }
    let rules: [Rule]
    /// Jekyll's `permalink: pretty` writes pages as folders (`/about/`), other styles as `.html`.
    let prettyPages: Bool

    init(config: JekyllConfig) {
        var rules: [Rule] = []
        if case .list(let items)? = config["defaults"] {
            for item in items {
                guard let values = ImportSupport.child(item, "values"), case .map(let pairs) = values else { continue }
                let scope = ImportSupport.child(item, "scope")
                let path = scope.flatMap { ImportSupport.child($0, "path") }.flatMap(ImportSupport.text) ?? ""
                let type = scope.flatMap { ImportSupport.child($0, "type") }.flatMap(ImportSupport.text)
                rules.append(Rule(path: path.trimmingCharacters(in: CharacterSet(charactersIn: "/")), type: type,
                                  values: pairs.compactMap { k, v in ImportSupport.text(v).map { (k, $0) } }))
            }
        }
        self.rules = rules
        let style = config["permalink"].flatMap(ImportSupport.text) ?? "date"
        prettyPages = style == "pretty" || style.hasSuffix("/")
    }

    /// Jekyll's type of a source file: `posts` (also drafts, as Jekyll scopes them), a collection's name
    /// (`_docs/x.md`: `docs`), else `pages`.
    static func type(of rel: String) -> String {
        if rel.split(separator: "/").contains(where: { $0 == "_posts" || $0 == "_drafts" }) { return "posts" }
        if rel.hasPrefix("_"), let first = rel.split(separator: "/").first, rel.contains("/") { return String(first.dropFirst()) }
        return "pages"
    }

    /// The values that apply to `rel`, the most specific scope winning (a longer path, then one with a type), as Jekyll picks.
    func values(for rel: String) -> [(String, String)] {
        let type = Self.type(of: rel)
        var chosen: [String: (rank: (Int, Int, Int), value: String)] = [:]
        var order: [String] = []
        for (i, rule) in rules.enumerated() {
            if let t = rule.type, t != type { continue }
            if !rule.path.isEmpty, !(rel == rule.path || rel.hasPrefix(rule.path + "/") || fnmatch(rule.path, rel, 0) == 0) { continue }
            let rank = (rule.path.count, rule.type == nil ? 0 : 1, i)
            for (k, v) in rule.values {
                if let old = chosen[k], old.rank > rank { continue }
                if chosen[k] == nil { order.append(k) }
                chosen[k] = (rank, v)
            }
        }
        return order.map { ($0, chosen[$0]!.value) }
    }

    /// `text` (the page as imported) with the default values it lacks, and, for an HTML page or a collection's
    /// document, its URL: `url`, where Jekyll writes it, when known.
    func apply(_ text: String, from rel: String, to dest: String, url: String? = nil) -> String {
        let split = ImportSupport.split(text)
        guard let yaml = split.frontMatter else { return text }
        let present = Set((ImportSupport.entries(yaml, file: dest) ?? []).map(\.key))
        var added: [String] = []
        for (k, v) in values(for: rel) where !present.contains(k) { added.append("\(k): \(ImportSupport.quoted(v))") }
        let ext = (rel as NSString).pathExtension.lowercased()
        let type = Self.type(of: rel)
        if ["html", "htm"].contains(ext) || !["posts", "pages"].contains(type), !present.contains("permalink"),
           !added.contains(where: { $0.hasPrefix("permalink:") }) {
            added.append("permalink: " + ImportSupport.quoted(url ?? Self.url(of: rel, pretty: prettyPages)))
        }
        // A document keeps its collection's name: the theme lists them as `site.<collection>`.
        if !["posts", "pages"].contains(type), !present.contains("collection") { added.append("collection: \(type)") }
        guard !added.isEmpty else { return text }
        var lines = text.components(separatedBy: "\n")
        lines.insert(contentsOf: added.map { $0 + "  # from Jekyll (`defaults:` or its own URL)" }, at: 1)
        return lines.joined(separator: "\n")
    }

    /// Where Jekyll writes page `rel`: `about.html` → `/about.html` (or `/about/` with pretty URLs), `docs/index.html` → `/docs/`.
    static func url(of rel: String, pretty: Bool) -> String {
        let name = (rel as NSString).lastPathComponent
        let dir = (rel as NSString).deletingLastPathComponent
        let folder = dir.isEmpty ? "/" : "/" + dir + "/"
        if (name as NSString).deletingPathExtension == "index" { return folder }
        let base = (name as NSString).deletingPathExtension
        return pretty ? folder + base + "/" : folder + base + ".html"
    }
}

import Foundation
import Liquid
import Site

extension JekyllConfig {
    /// The typed view of a merged configuration hash.
    init(raw: LiquidHash, source: URL, gemfilePlugins: [String], diagnostics: inout [SiteDiagnostic]) {
        func str(_ key: String, _ fallback: String = "") -> String {
            guard let v = raw[key], !v.isYAMLNull else { return fallback }
            return v.yamlString
        }
        func flag(_ key: String) -> Bool { raw[key]?.yamlTruthy ?? false }
        func list(_ key: String) -> [String] { (raw[key] ?? .null).yamlArray.map(\.yamlString) }

        self.raw = raw
        self.source = source
        destination = URL(fileURLWithPath: str("destination", source.path + "/_site"))
        var u = str("url")
        while u.hasSuffix("/") { u.removeLast() }
        url = u
        baseurl = str("baseurl")
        permalink = str("permalink", "date")
        timeZoneName = raw["timezone"].flatMap { $0.isYAMLNull ? nil : $0.yamlString }
        if let name = timeZoneName {
            if let tz = TimeZone(identifier: name) {
                timeZone = tz
            } else {
                diagnostics.append(.warning("_config.yml", "unknown timezone `\(name)`; using the machine's time zone",
                                            hint: "use an IANA name such as Europe/Berlin or America/New_York"))
                timeZone = .current
            }
        } else {
            timeZone = .current
        }
        excerptSeparator = str("excerpt_separator")
        markdownExtensions = str("markdown_ext").split(separator: ",").map { "." + $0.trimmingCharacters(in: .whitespaces).lowercased() }
        collectionsDir = str("collections_dir")
        include = list("include")
        exclude = list("exclude")
        keepFiles = list("keep_files")
        future = flag("future")
        unpublished = flag("unpublished")
        showDrafts = flag("show_drafts")
        var lq = JekyllLiquidOptions()
        if let h = raw["liquid"]?.yamlHash {
            lq.errorMode = h["error_mode"].map(\.yamlString) ?? "warn"
            lq.strictFilters = h["strict_filters"]?.yamlTruthy ?? false
            lq.strictVariables = h["strict_variables"]?.yamlTruthy ?? false
        }
        liquid = lq
        kramdown = raw["kramdown"]?.yamlHash ?? LiquidHash()
        markdown = str("markdown", "kramdown")
        var names: [String] = []
        for n in list("plugins") + list("gems") + list("whitelist") + gemfilePlugins where !names.contains(n) { names.append(n) }
        plugins = names
        paginate = raw["paginate"]?.yamlInt
        paginatePath = str("paginate_path", "/page:num")
        sass = raw["sass"]?.yamlHash ?? LiquidHash()
        highlighter = str("highlighter", "rouge")
        theme = raw["theme"].flatMap { $0.isYAMLNull ? nil : $0.yamlString }
        layoutsDir = str("layouts_dir", "_layouts")
        includesDir = str("includes_dir", "_includes")
        dataDir = str("data_dir", "_data")
        safe = flag("safe")
        limitPosts = raw["limit_posts"]?.yamlInt ?? 0

        // Collections, `posts` first (add_default_collections put it there).
        let permalinkStyle = permalink
        var cols: [JekyllCollection] = []
        for (key, meta) in (raw["collections"]?.yamlHash ?? LiquidHash()).pairs {
            let label = String(key.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "_-.".unicodeScalars.contains($0) }.map(Character.init))
            let m = meta.yamlHash ?? LiquidHash()
            let output = label == "posts" ? true : (m["output"]?.yamlTruthy ?? false)
            var template = m["permalink"].flatMap { $0.isYAMLNull ? nil : $0.yamlString }
            if template == nil { template = JekyllPermalink.addSuffix("/:collection/:path", style: permalinkStyle) }
            let dir = collectionsDir.isEmpty ? "_\(label)" : "\(collectionsDir)/_\(label)"
            var order: [String]?
            if case .array(let a)? = m["order"] { order = a.map(\.yamlString) }
            let sortBy: String? = { if case .string(let s)? = m["sort_by"] { return s }; return nil }()
            cols.append(JekyllCollection(label: label, output: output, permalink: template, sortBy: sortBy, order: order,
                                         directory: dir, metadata: m))
        }
        collections = cols

        // defaults: valid sets only (scope optional, values a hash); deprecated singular types renamed.
        var rules: [JekyllDefaultRule] = []
        for (i, set) in (raw["defaults"] ?? .null).yamlArray.enumerated() {
            guard let h = set.yamlHash, let values = h["values"]?.yamlHash else {
                diagnostics.append(.warning("_config.yml", "defaults entry \(i + 1) is not a `scope:`/`values:` mapping; Jekyll ignores it",
                                            hint: "write `- scope: {path: \"\"}` and `values: {layout: default}`"))
                continue
            }
            let scope = h["scope"]?.yamlHash
            var path = ""
            if case .string(let p)? = scope?["path"] { path = p }
            var type: String?
            if let t = scope?["type"], !t.isYAMLNull {
                let s = t.yamlString
                type = ["page": "pages", "post": "posts", "draft": "drafts"][s] ?? s
            }
            rules.append(JekyllDefaultRule(path: path, type: type, values: values))
        }
        defaults = rules
    }

    /// The collection with this label.
    public func collection(_ label: String) -> JekyllCollection? { collections.first { $0.label == label } }
}

import Foundation
import Liquid
import Site

/// Jekyll 4.3's configuration: `Configuration::DEFAULTS` < config files (in order) < command-line flags,
/// then `add_default_collections` and `add_default_excludes`.
enum JekyllConfigLoader {
    static let defaultExcludes = [".sass-cache", ".jekyll-cache", "gemfiles", "Gemfile", "Gemfile.lock", "node_modules",
                                  "vendor/bundle/", "vendor/cache/", "vendor/gems/", "vendor/ruby/"]

    /// `Configuration::DEFAULTS` in Jekyll's key order (so `site | jsonify` lists keys as Jekyll does).
    static func defaults(source: String) -> LiquidHash {
        LiquidHash([
            ("source", .string(source)), ("destination", .string(source + "/_site")),
            ("collections_dir", ""), ("cache_dir", ".jekyll-cache"), ("plugins_dir", "_plugins"),
            ("layouts_dir", "_layouts"), ("data_dir", "_data"), ("includes_dir", "_includes"),
            ("collections", .hash(LiquidHash())),
            ("safe", false), ("include", [".htaccess"]), ("exclude", []), ("keep_files", [".git", ".svn"]),
            ("encoding", "utf-8"), ("markdown_ext", "markdown,mkdown,mkdn,mkd,md"), ("strict_front_matter", false),
            ("show_drafts", nil), ("limit_posts", 0), ("future", false), ("unpublished", false),
            ("whitelist", []), ("plugins", []),
            ("markdown", "kramdown"), ("highlighter", "rouge"), ("lsi", false), ("excerpt_separator", "\n\n"),
            ("incremental", false),
            ("detach", false), ("port", "4000"), ("host", "127.0.0.1"), ("baseurl", nil), ("show_dir_listing", false),
            ("permalink", "date"), ("paginate_path", "/page:num"), ("timezone", nil),
            ("quiet", false), ("verbose", false), ("defaults", []),
            ("liquid", ["error_mode": "warn", "strict_filters": false, "strict_variables": false]),
            ("kramdown", .hash(LiquidHash([
                ("auto_ids", true), ("toc_levels", [1, 2, 3, 4, 5, 6]), ("entity_output", "as_char"),
                ("smart_quotes", "lsquo,rsquo,ldquo,rdquo"), ("input", "GFM"), ("hard_wrap", false),
                ("guess_lang", true), ("footnote_nr", 1), ("show_warnings", false),
            ]))),
        ])
    }

    static let styleTemplates = [
        "none": "/:categories/:title:output_ext",
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
    ]

    /// `style_to_permalink`: a style name's template, anything else as written.
    static func styleToPermalink(_ style: String) -> String { styleTemplates[style] ?? style }

    struct Overrides {
        var destination: URL?
        var showDrafts = false
        var future = false
        var unpublished = false
    }

    /// Reads and merges the config files. `files` nil: the site's `_config.yml` (or `.yaml`, `.toml`).
    static func load(source: URL, files: [URL]?, overrides: Overrides, diagnostics: inout [SiteDiagnostic]) -> LiquidHash {
        let sourcePath = source.standardizedFileURL.path
        var files = files
        if files == nil {
            let names = ["_config.yml", "_config.yaml", "_config.toml"]
            let found = names.first { FileManager.default.fileExists(atPath: source.appendingPathComponent($0).path) }
            files = found.map { [source.appendingPathComponent($0)] } ?? []
        }
        var user = LiquidHash()
        for file in files ?? [] {
            let shown = relativeName(file, source: sourcePath)
            if file.pathExtension.lowercased() == "toml" {
                diagnostics.append(.warning(shown, "TOML configuration is not supported; the file is ignored",
                                            hint: "convert it to _config.yml"))
                continue
            }
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                diagnostics.append(.error(shown, "the configuration file could not be read",
                                          hint: "check the path given to --config"))
                continue
            }
            // Timestamps in the config are read before `timezone:` is known: Jekyll's Psych uses ENV TZ too.
            let (value, diags) = RubyYAML.load(text, file: shown, timeZone: .current, symbolsAsStrings: true)
            diagnostics += diags
            switch value {
            case .hash(let h)?: user = RubyMerge.deep(user, h)
            case nil, .null?, .bool(false)?: break
            default:
                diagnostics.append(.warning(shown, "the configuration is not a mapping of keys to values; Jekyll uses its defaults",
                                            hint: "write `key: value` lines"))
            }
        }
        var flags = LiquidHash()
        flags["source"] = .string(sourcePath)
        if let d = overrides.destination { flags["destination"] = .string(d.standardizedFileURL.path) }
        if overrides.showDrafts { flags["show_drafts"] = true }
        if overrides.future { flags["future"] = true }
        if overrides.unpublished { flags["unpublished"] = true }
        var config = RubyMerge.deep(defaults(source: sourcePath), RubyMerge.deep(user, flags))
        // A relative destination is taken from the site folder (Jekyll: the working directory, usually the same).
        if case .string(let d)? = config["destination"], !d.hasPrefix("/") {
            config["destination"] = .string(URL(fileURLWithPath: d, relativeTo: source).standardizedFileURL.path)
        }
        for key in ["include", "exclude"] {
            if let v = config[key], !v.isYAMLNull, case .array = v {} else if let v = config[key], !v.isYAMLNull {
                diagnostics.append(.error(relativeName(files?.last ?? source, source: sourcePath), "'\(key)' should be set as an array, but was: \(v.yamlString)",
                                          hint: "write `\(key): [a, b]` or a YAML list"))
                config[key] = []
            }
        }
        if let p = config["plugins"], !p.isYAMLNull, case .array = p {} else if let p = config["plugins"], !p.isYAMLNull {
            diagnostics.append(.error(relativeName(files?.last ?? source, source: sourcePath), "'plugins' should be set as an array of gem names, but was: \(p.yamlString)",
                                      hint: "use `plugins_dir` for a folder of Ruby plugins"))
            config["plugins"] = []
        }
        config = addDefaultCollections(config)
        if case .array(var ex)? = config["exclude"] {
            for d in defaultExcludes where !ex.contains(where: { $0.yamlStringValue == d }) { ex.append(.string(d)) }
            config["exclude"] = .array(ex)
        }
        return config
    }

    static func relativeName(_ url: URL, source: String) -> String {
        let p = url.standardizedFileURL.path
        return p.hasPrefix(source + "/") ? String(p.dropFirst(source.count + 1)) : p
    }

    /// `collections:` as a hash with `posts` first, `posts.output` true and `posts.permalink` from the style.
    static func addDefaultCollections(_ config: LiquidHash) -> LiquidHash {
        var config = config
        guard let raw = config["collections"], !raw.isYAMLNull else { return config }
        var collections = LiquidHash()
        switch raw {
        case .array(let labels): for l in labels { collections[l.yamlString] = .hash(LiquidHash()) }
        case .hash(let h): collections = h
        default: break
        }
        collections = RubyMerge.deep(LiquidHash([("posts", .hash(LiquidHash()))]), collections)
        var posts = collections["posts"]?.yamlHash ?? LiquidHash()
        posts["output"] = true
        if let permalink = config["permalink"], permalink.yamlTruthy, !(posts["permalink"]?.yamlTruthy ?? false) {
            posts["permalink"] = .string(styleToPermalink(permalink.yamlString))
        }
        collections["posts"] = .hash(posts)
        config["collections"] = .hash(collections)
        return config
    }

    /// Gem names of the Gemfile's `group :jekyll_plugins do ... end` (Bundler requires them at start).
    static func gemfilePlugins(source: URL) -> [String] {
        guard let text = try? String(contentsOf: source.appendingPathComponent("Gemfile"), encoding: .utf8) else { return [] }
        var names: [String] = []
        var depth = 0
        var inGroup = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)?
                .trimmingCharacters(in: .whitespaces) ?? ""
            if line.hasPrefix("group"), line.contains(":jekyll_plugins"), line.hasSuffix("do") { inGroup = true; depth = 1; continue }
            guard inGroup else {
                // `gem "jekyll-feed", group: :jekyll_plugins`
                if line.hasPrefix("gem "), line.contains("jekyll_plugins"), let name = quoted(line) { names.append(name) }
                continue
            }
            if line.hasSuffix(" do") || line == "do" { depth += 1 }
            if line == "end" { depth -= 1; if depth == 0 { inGroup = false }; continue }
            if line.hasPrefix("gem "), let name = quoted(line) { names.append(name) }
        }
        return names
    }

    private static func quoted(_ line: String) -> String? {
        guard let q = line.firstIndex(where: { $0 == "\"" || $0 == "'" }) else { return nil }
        let rest = line[line.index(after: q)...]
        guard let end = rest.firstIndex(of: line[q]) else { return nil }
        return String(rest[..<end])
    }
}

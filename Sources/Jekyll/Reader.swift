import Foundation
import Liquid
import Site

/// Reads a Jekyll folder into a `JekyllSiteSource`, deciding everything as Jekyll 4.3's `Site#read` does.
public enum JekyllReader {
    /// - Parameters:
    ///   - configFiles: `--config a.yml,b.yml` (later files win); nil reads the site's `_config.yml`.
    ///   - destination: `--destination`; nil takes `destination:` from the config, else `<source>/_site`.
    ///   - drafts, future, unpublished: the command-line flags (they add to the config's settings).
    ///   - themeDirectory: where the `theme:` gem's files are, when the user points at them; a gem
    ///     theme is otherwise only looked for inside the site (`vendor/bundle`), else a warning.
    ///   - now: `site.time` (unless the config sets `time:`), and what "future" is measured against.
    ///   - cache: a serve session's documents from its last read, reused where their file is unchanged.
    /// - Throws: every error found (YAML, dates, permalinks), with the warnings, when any is an error.
    public static func read(source: URL, configFiles: [URL]? = nil, destination: URL? = nil, drafts: Bool, future: Bool,
                            unpublished: Bool = false, themeDirectory: URL? = nil, now: Date,
                            cache: JekyllReadCache? = nil) throws(BuildFailure) -> JekyllSiteSource {
        var diagnostics: [SiteDiagnostic] = []
        let source = source.standardizedFileURL
        var overrides = JekyllConfigLoader.Overrides()
        overrides.destination = destination
        overrides.showDrafts = drafts
        overrides.future = future
        overrides.unpublished = unpublished
        let raw = JekyllConfigLoader.load(source: source, files: configFiles, overrides: overrides, diagnostics: &diagnostics)
        var config = JekyllConfig(raw: raw, source: source, gemfilePlugins: JekyllConfigLoader.gemfilePlugins(source: source),
                                  diagnostics: &diagnostics)
        var walker = JekyllSiteWalker(source: source, timeZone: config.timeZone)

        // A theme's _config.yml fills keys the site does not set (Jekyll's defaults excepted).
        let theme = JekyllTheme.locate(config: config, walker: walker, themeDirectory: themeDirectory, &diagnostics)
        if let theme {
            walker.allowedRoots.append(theme.root.resolvingSymlinksInPath().path)
            if let extra = theme.config(walker: walker, &diagnostics) {
                let merged = RubyMerge.deep(extra, config.raw)
                config = JekyllConfig(raw: merged, source: source, gemfilePlugins: JekyllConfigLoader.gemfilePlugins(source: source),
                                      diagnostics: &diagnostics)
            }
        }

        var time = now
        if let t = raw["time"], !t.isYAMLNull {
            if case .date(let d, _) = t { time = d } else if let d = RubyTime.parse(t.yamlString, timeZone: config.timeZone) { time = d } else {
                diagnostics.append(.error("_config.yml", "Invalid time in _config.yml: \(t.yamlString)", hint: "write YYYY-MM-DD HH:MM:SS"))
            }
        }
        let defaults = JekyllDefaults(rules: config.defaults, collectionsDir: config.collectionsDir, timeZone: config.timeZone)
        let builder = JekyllDocumentBuilder(config: config, defaults: defaults, walker: walker, now: time,
                                            strictFrontMatter: raw["strict_front_matter"]?.yamlTruthy ?? false)
        var state = ReadState(config: config, walker: walker, builder: builder, cache: cache)
        state.layouts = readLayouts(config: config, walker: walker, theme: theme, &diagnostics)
        state.readDirectory("", &diagnostics)
        state.readIncludedFiles(&diagnostics)
        state.sortFiles()
        state.readCollections(&diagnostics)
        if let theme { state.readThemeAssets(theme, &diagnostics) }
        state.limitPosts()
        cache?.endRead()

        let (data, dataDiagnostics) = JekyllDataReader(site: walker).read(source.appendingPathComponent(config.dataDir))
        diagnostics += dataDiagnostics
        var siteData = data
        if let theme, let themeData = theme.path("_data") {
            let (td, tdiags) = JekyllDataReader(site: walker).read(themeData)
            diagnostics += tdiags
            siteData = RubyMerge.deep(td, siteData)
        }
        var includes = [source.appendingPathComponent(config.includesDir)]
        if let theme, let dir = theme.path("_includes") { includes.append(dir) }

        if diagnostics.contains(where: { $0.severity == .error }) {
            throw BuildFailure(JekyllReader.sorted(diagnostics))
        }
        return JekyllSiteSource(config: config, collectionDocuments: state.collectionDocuments, pages: state.pages,
                                staticFiles: state.staticFiles, data: .hash(siteData), layouts: state.layouts,
                                includesDirectories: includes, sassDirectories: [source.appendingPathComponent(config.sass["sass_dir"].map(\.yamlString) ?? "_sass")] + (theme?.path("_sass").map { [$0] } ?? []),
                                time: time, diagnostics: JekyllReader.sorted(diagnostics))
    }

    static func sorted(_ ds: [SiteDiagnostic]) -> [SiteDiagnostic] {
        var seen = Set<SiteDiagnostic>()
        return ds.filter { seen.insert($0).inserted }
    }

    /// `LayoutReader`: `_layouts/**/*.*` by name without the last extension; site layouts over the theme's.
    static func readLayouts(config: JekyllConfig, walker: JekyllSiteWalker, theme: JekyllTheme?, _ diagnostics: inout [SiteDiagnostic]) -> [String: JekyllLayout] {
        var layouts: [String: JekyllLayout] = [:]
        let filter = JekyllEntryFilter(source: config.source.path, include: config.include, exclude: config.exclude)
        var dirs = [config.source.appendingPathComponent(config.layoutsDir)]
        if let t = theme?.path("_layouts") { dirs.append(t) }
        for dir in dirs where walker.isDirectory(dir) {
            let files = walker.allFiles(dir, dotMatch: false, &diagnostics).filter { $0.split(separator: "/").last?.contains(".") ?? false }
            for rel in filter.filter(files, base: "") {
                let url = dir.appendingPathComponent(rel)
                guard !walker.isDirectory(url), let text = walker.readText(url, &diagnostics) else { continue }
                let parts = rel.split(separator: ".", omittingEmptySubsequences: false)
                let name = parts.dropLast().joined(separator: ".")
                if layouts[name] != nil { continue }
                let fm = JekyllFrontMatter.read(text, file: walker.shown(url), timeZone: config.timeZone, strict: false)
                diagnostics += fm.diagnostics
                layouts[name] = JekyllLayout(name: name, relativePath: walker.shown(url), sourceURL: url, frontMatter: fm.data,
                                             body: fm.body, bodyLine: fm.bodyLine, ext: JekyllDocumentBuilder.extname(rel))
            }
        }
        return layouts
    }
}

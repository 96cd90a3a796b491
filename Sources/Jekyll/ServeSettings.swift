import Foundation
import Site

/// What `galley serve` needs of a Jekyll folder's configuration before the first build: where it is served
/// (`baseurl`) and what the watcher leaves alone.
public struct JekyllServeSettings: Sendable {
    /// `baseurl` as a path: "" or `/docs` (no trailing slash).
    public var basePath: String
    /// Absolute folders and files never watched: the destination, `_site`, `.jekyll-cache`, `.git`, and the
    /// config's `exclude:` entries that name a path (globs are filtered when reading instead).
    public var unwatched: [String]

    public static func load(_ options: JekyllBuildOptions) -> JekyllServeSettings {
        var diagnostics: [SiteDiagnostic] = []
        let source = options.source.standardizedFileURL
        let configs = options.configFiles.isEmpty ? nil : options.configFiles.map { URL(fileURLWithPath: $0).standardizedFileURL }
        let raw = JekyllConfigLoader.load(source: source, files: configs, overrides: .init(), diagnostics: &diagnostics)
        let config = JekyllConfig(raw: raw, source: source, gemfilePlugins: [], diagnostics: &diagnostics)
        var base = config.baseurl.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        if !base.isEmpty && !base.hasPrefix("/") { base = "/" + base }
        var unwatched = [config.destination.standardizedFileURL.path]
        for name in ["_site", ".jekyll-cache", ".git", ".sass-cache", ".jekyll-metadata"] + config.exclude {
            let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
            guard !trimmed.isEmpty, !trimmed.contains(where: { "*?[{".contains($0) }) else { continue }
            unwatched.append(source.appendingPathComponent(trimmed).path)
        }
        return JekyllServeSettings(basePath: base, unwatched: unwatched)
    }
}

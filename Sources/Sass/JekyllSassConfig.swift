import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `sass:` block of a Jekyll `_config.yml`, read as jekyll-sass-converter 3.x reads it (the version a
/// fresh Jekyll 4.3 install resolves to, and the one that uses Dart Sass). Plain values in, `SassOptions` out:
/// the caller parses the YAML and knows the site; this type only knows the converter's rules.
public struct JekyllSassConfig: Sendable, Hashable {
    /// `sass_dir`, default `_sass`; kept inside the site source as Jekyll's `sanitized_path` does.
    public var sassDir: String
    /// `load_paths`, relative to the site source; globs (`node_modules/*/scss`) are expanded.
    public var loadPaths: [String]
    public var style: SassStyle
    /// `sourcemap`: `always` (default), `never`, or `development` (only when JEKYLL_ENV is development).
    public var sourcemap: String
    public var quietDeps: Bool
    public var verbose: Bool

    public init(sassDir: String? = nil, loadPaths: [String] = [], style: String? = nil, sourcemap: String? = nil,
                quietDeps: Bool = false, verbose: Bool = false) {
        self.sassDir = (sassDir ?? "").isEmpty ? "_sass" : sassDir!
        self.loadPaths = loadPaths
        self.style = SassStyle(jekyllValue: style)
        let map = (sourcemap ?? "always").trimmingCharacters(in: .whitespaces)
        self.sourcemap = map.hasPrefix(":") ? String(map.dropFirst()) : map
        self.quietDeps = quietDeps
        self.verbose = verbose
    }

    /// Whether Jekyll writes `<name>.css.map` and the `sourceMappingURL` comment. `environment` is
    /// JEKYLL_ENV (Jekyll's default is "development"). Unknown values count as `always`, as in the converter.
    public func wantsSourceMap(environment: String = "development") -> Bool {
        switch sourcemap {
        case "never": false
        case "development": environment == "development"
        default: true
        }
    }

    /// The load paths Jekyll gives Sass: `load_paths` then `sass_dir`, globbed from the site source,
    /// duplicates dropped, the theme's `_sass` last, and only folders that exist.
    public func resolvedLoadPaths(siteSource: URL, themeSassPath: URL? = nil) -> [URL] {
        let source = siteSource.standardizedFileURL.path
        var seen = Set<String>()
        var paths: [String] = []
        for pattern in loadPaths + [sanitized(sassDir, in: source)] {
            let absolute = pattern.hasPrefix("/") ? pattern : source + "/" + pattern
            for match in Self.expandGlob(absolute) {
                let path = URL(fileURLWithPath: match).standardizedFileURL.path
                if seen.insert(path).inserted { paths.append(path) }
            }
        }
        if let theme = themeSassPath?.standardizedFileURL.path { paths.append(theme) }
        let fm = FileManager.default
        return paths.filter { path in
            var isDirectory: ObjCBool = false
            return fm.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.map { URL(fileURLWithPath: $0) }
    }

    public func options(siteSource: URL, themeSassPath: URL? = nil, environment: String = "development") -> SassOptions {
        SassOptions(style: style, loadPaths: resolvedLoadPaths(siteSource: siteSource, themeSassPath: themeSassPath),
                    sourceMap: wantsSourceMap(environment: environment), quietDeps: quietDeps, verbose: verbose)
    }

    /// `sass_dir` may not leave the site: `../x` and `/elsewhere` both land inside the source, relative to it.
    private func sanitized(_ dir: String, in source: String) -> String {
        let cleaned = URL(fileURLWithPath: dir.hasPrefix("/") ? dir : "/" + dir).standardizedFileURL.path
        if cleaned == source || cleaned.hasPrefix(source + "/") {
            return String(cleaned.dropFirst(source.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        }
        return String(cleaned.dropFirst())
    }

    /// Ruby's `Dir.glob` for the cases themes use: `*`, `?`, `[…]`, `{a,b}`; a plain path matches if it exists.
    static func expandGlob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard glob(pattern, GLOB_BRACE, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }
    }
}

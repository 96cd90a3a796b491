import Foundation
import Liquid
import Site

/// A gem theme's folder (`theme: minima`). Galley does not run RubyGems and reads nothing outside the
/// site unless told: the theme is used when `--theme-dir` (themeDirectory) points at it or when it is
/// vendored inside the site (`vendor/bundle/ruby/*/gems/<name>-<version>`); otherwise a warning names it.
public struct JekyllTheme: Sendable {
    public var name: String
    public var root: URL

    /// A theme subfolder that exists (`_layouts`, `_includes`, `_sass`, `_data`, `assets`).
    public func path(_ folder: String) -> URL? {
        let url = root.appendingPathComponent(folder)
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) && isDir.boolValue ? url : nil
    }

    /// The theme's `_config.yml` without keys of Jekyll's defaults (`load_theme_configuration`).
    func config(walker: JekyllSiteWalker, _ diagnostics: inout [SiteDiagnostic]) -> LiquidHash? {
        let file = root.appendingPathComponent("_config.yml")
        guard !walker.isSymlink(file), let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let (value, diags) = RubyYAML.load(text, file: file.path, timeZone: walker.timeZone)
        diagnostics += diags
        guard case .hash(var h)? = value else { return nil }
        for key in JekyllConfigLoader.defaults(source: "").keys { h[key] = nil }
        return h
    }

    static func locate(config: JekyllConfig, walker: JekyllSiteWalker, themeDirectory: URL?, _ diagnostics: inout [SiteDiagnostic]) -> JekyllTheme? {
        guard let name = config.theme?.lowercased().trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
        if let dir = themeDirectory { return JekyllTheme(name: name, root: dir.standardizedFileURL) }
        let vendor = config.source.appendingPathComponent("vendor/bundle/ruby")
        for ruby in walker.entries(vendor).reversed() {
            let gems = vendor.appendingPathComponent(ruby).appendingPathComponent("gems")
            if let match = walker.entries(gems).last(where: { $0.hasPrefix(name + "-") && $0.dropFirst(name.count + 1).first?.isNumber == true }) {
                return JekyllTheme(name: name, root: gems.appendingPathComponent(match))
            }
        }
        diagnostics.append(.warning("_config.yml", "theme `\(name)` is a Ruby gem, which Galley does not install; its layouts, includes and assets are missing",
                                    hint: "copy the theme's _layouts, _includes, _sass and assets folders into the site, or pass the gem's folder with --theme-dir"))
        return nil
    }
}

import Foundation
import Site

/// What `galley build` passes for a Jekyll folder (Jekyll's own flags).
public struct JekyllBuildOptions: Sendable {
    public var source: URL
    /// `--output` (`-d`); nil: `destination:` of the config, `_site` by default.
    public var destination: URL?
    /// `--config a.yml,b.yml`; empty: `_config.yml` (or `_config.toml`).
    public var configFiles: [String]
    public var drafts: Bool
    public var future: Bool
    public var plugins: [any JekyllPlugin]
    /// Warnings fail the build too (the output is left untouched).
    public var strict = false
    /// `--base-url`: replaces `url:` of the config.
    public var baseURL: String?

    public init(source: URL, destination: URL? = nil, configFiles: [String] = [], drafts: Bool = false, future: Bool = false,
                plugins: [any JekyllPlugin] = []) {
        self.source = source
        self.destination = destination
        self.configFiles = configFiles
        self.drafts = drafts
        self.future = future
        self.plugins = plugins
    }

    /// A folder Jekyll would build: it has `_config.yml` (or `.yaml`/`.toml`) and is not a Galley site.
    public static func isJekyllSite(_ folder: URL) -> Bool {
        let fm = FileManager.default
        if fm.fileExists(atPath: folder.appendingPathComponent("site.yml").path) { return false }
        return ["_config.yml", "_config.yaml", "_config.toml"].contains {
            fm.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
    }
}

/// `galley build` for a Jekyll folder: read, render, write; a failed build leaves the output untouched.
public struct JekyllBuilder: Sendable {
    public var options: JekyllBuildOptions

    public init(options: JekyllBuildOptions) { self.options = options }

    /// Builds and writes the site. Throws a `BuildFailure` holding every error (and the warnings).
    public func build() async throws(BuildFailure) -> BuildReport {
        let start = Date()
        let (source, rendered) = try await render()
        let destination = options.destination ?? source.config.destination
        var report = BuildReport(outputDirectory: destination)
        do {
            report.unchanged = try JekyllWriter.write(rendered, to: destination, keepFiles: source.config.keepFiles)
        } catch {
            throw BuildFailure(rendered.diagnostics + [.error(destination.path, "could not write the site: \(error.localizedDescription)")])
        }
        report.posts = rendered.posts
        report.pages = rendered.pages
        report.assets = rendered.copies.count
        report.files = rendered.files.count + rendered.copies.count
        report.warnings = rendered.warnings
        report.seconds = Date().timeIntervalSince(start)
        return report
    }

    /// Reads and renders without writing (for tests and checks).
    public func render() async throws(BuildFailure) -> (JekyllSiteSource, JekyllRendered) {
        // Relative to the working directory, as Jekyll's `--config`.
        let configs = options.configFiles.isEmpty ? nil : options.configFiles.map { URL(fileURLWithPath: $0).standardizedFileURL }
        var source = try JekyllReader.read(source: options.source, configFiles: configs, destination: options.destination,
                                           drafts: options.drafts, future: options.future, now: Date())
        if let url = options.baseURL {
            var u = url
            while u.hasSuffix("/") { u.removeLast() }
            source.config.url = u
            source.config.raw["url"] = .string(u)
        }
        if source.diagnostics.contains(where: { $0.severity == .error }) { throw BuildFailure(source.diagnostics) }
        let rendered = await JekyllRenderer(plugins: options.plugins).render(source)
        if !rendered.errors.isEmpty { throw BuildFailure(rendered.diagnostics) }
        if options.strict, !rendered.warnings.isEmpty {
            throw BuildFailure(rendered.diagnostics.map { d in var e = d; e.severity = .error; return e })
        }
        return (source, rendered)
    }
}

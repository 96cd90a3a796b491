import Foundation
import Liquid
import Sass
import Site

/// Renders a site read by `JekyllReader` in Jekyll's order, spread over every core:
/// collection documents' content (Liquid, convert), their layouts, then pages' content and layouts.
/// Each phase finishes before the next starts, so a page listing `post.content` gets converted HTML,
/// as in Jekyll (which renders every document before any page).
public struct JekyllRenderer: Sendable {
    /// Plugins to run besides those `_config.yml` names (tests, or a caller's own).
    public var plugins: [any JekyllPlugin]
    /// JEKYLL_ENV.
    public var environment: String
    /// Nil: Dart Sass if installed, else libsass.
    public var sass: SassCompiler?

    public init(plugins: [any JekyllPlugin] = [], environment: String? = nil, sass: SassCompiler? = nil) {
        self.plugins = plugins
        self.environment = environment ?? ProcessInfo.processInfo.environment["JEKYLL_ENV"] ?? "development"
        self.sass = sass
    }

    /// Renders everything; returns the files to write, or every error found.
    public func render(_ read: JekyllSiteSource) async -> JekyllRendered {
        let site = prepare(read)
        let renderer = DocumentRenderer(site: site)
        let documents = site.states.filter { $0.doc.kind != .page }
        let pages = site.states.filter { $0.doc.kind == .page }
        await Self.concurrently(documents) { renderer.renderContent($0) }
        await Self.concurrently(documents.filter(\.doc.isWritten)) { renderer.renderLayouts($0) }
        await Self.concurrently(pages) { renderer.renderContent($0) }
        await Self.concurrently(pages.filter(\.doc.isWritten)) { renderer.renderLayouts($0) }
        return Self.collect(site)
    }

    /// Everything before the first render: plugins' generators, the states and drops, the engine, layouts.
    /// Separate so `JekyllSession` can render only some documents of the result.
    func prepare(_ read: JekyllSiteSource) -> RenderSite {
        var source = read
        var warnings = source.diagnostics
        let (plugins, ruby) = JekyllPluginCatalog.resolve(source.config, extra: self.plugins)
        warnings += ruby.warnings
        for p in plugins {
            do { warnings += try p.generate(&source) } catch { warnings.append(Self.diagnostic(error, plugin: p.name)) }
        }
        let site = RenderSite(source: source)
        site.plugins = plugins
        site.unsupportedGems = ruby.gems
        site.environment = environment
        site.setUp()
        site.engine = JekyllEngine.make(config: source.config, plugins: plugins, ruby: ruby)
        site.registers["jekyll.urls"] = JekyllEngine.urlSettings(source.config)
        site.includes = IncludeFiles(source: source.config.source, directories: source.includesDirectories)
        site.converter = Converter(config: source.config, environment: environment,
                                   sass: sass ?? Self.sassIfNeeded(source), themeSass: source.sassDirectories.dropFirst().first)
        site.parseLayouts()
        site.sink.add(contentsOf: warnings)
        return site
    }

    /// The files of a rendered site: every state's output (a path written twice: the last wins, with a
    /// warning), source maps, plugins' files, static copies.
    static func collect(_ site: RenderSite) -> JekyllRendered {
        let source = site.source
        var files: [OutputFile] = []
        var owners: [String: String] = [:]
        for s in site.states {
            guard let path = s.doc.outputPath, let output = s.output else { continue }
            if let other = owners[path] {
                site.sink.add(.warning(s.doc.relativePath, "Conflict: \(path) is also written by \(other); the last one wins"))
                files.removeAll { $0.path == path }
            }
            owners[path] = s.doc.relativePath
            files.append(OutputFile(path: path, data: Data(output.utf8), source: s.doc.relativePath))
        }
        files += site.converter.sourceMaps
        for p in site.plugins {
            do { files += try p.files(site: site.view) } catch { site.sink.add(Self.diagnostic(error, plugin: p.name)) }
        }
        let copies = source.staticFiles.compactMap { f in f.outputPath.map { (f.sourceURL, $0) } }
        return JekyllRendered(files: files, copies: copies, diagnostics: site.sink.all,
                              posts: (site.collectionIndices["posts"] ?? []).filter { site.states[$0].doc.isWritten }.count,
                              pages: site.states.filter { $0.doc.isWritten && $0.doc.collection != "posts" }.count)
    }

    /// Sass only when the site has an entry point (finding Dart Sass runs a process).
    static func sassIfNeeded(_ source: JekyllSiteSource) -> SassCompiler? {
        source.pages.contains { [".scss", ".sass"].contains($0.ext.lowercased()) } ? SassCompiler() : SassCompiler.libsass
    }

    static func diagnostic(_ error: any Error, plugin: String) -> SiteDiagnostic {
        if let d = error as? SiteDiagnostic { return d }
        return .error("_config.yml", "plugin `\(plugin)` failed: \(error)")
    }

    /// Runs `work` on every item, one task per core taking the next item as it finishes the last.
    static func concurrently(_ items: [DocumentState], _ work: @escaping @Sendable (DocumentState) -> Void) async {
        guard !items.isEmpty else { return }
        let workers = min(items.count, ProcessInfo.processInfo.activeProcessorCount)
        let next = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    while let i = next.take(below: items.count) { work(items[i]) }
                }
            }
        }
    }
}

/// A rendered site: files to write, files to copy, what went wrong.
public struct JekyllRendered: Sendable {
    public var files: [OutputFile]
    /// Static files: source → path in the output.
    public var copies: [(URL, String)]
    public var diagnostics: [SiteDiagnostic]
    public var posts: Int
    public var pages: Int
    public var errors: [SiteDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [SiteDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}

/// Hands out 0, 1, 2, … to concurrent workers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func take(below limit: Int) -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

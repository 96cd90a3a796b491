import Foundation
import Liquid

/// `{% include %}` files from `_includes/` (then a theme's), and `{% include_relative %}` files beside the
/// page. Each file is read and parsed once per build, whichever thread asks first; a parse error is kept
/// and thrown to every include of that file.
final class IncludeFiles: @unchecked Sendable {
    let source: URL
    let directories: [URL]
    private let lock = NSLock()
    private var cache: [String: Result<LiquidTemplate, LiquidError>] = [:]

    init(source: URL, directories: [URL]) {
        self.source = source.standardizedFileURL
        self.directories = directories.map(\.standardizedFileURL)
    }

    /// The template for `name` in the includes folders (`relative == false`), or for `name` relative to the
    /// folder of `pagePath` (a site-relative path) when `relative`.
    func template(named name: String, relative: Bool, pagePath: String, engine: LiquidEngine) throws(LiquidError) -> LiquidTemplate? {
        if name.contains("..") || name.hasPrefix("/") && !relative {
            throw LiquidError("Invalid syntax for include tag. File contains invalid characters or sequences: \(name)")
        }
        let candidates: [URL]
        if relative {
            var folder = (pagePath as NSString).deletingLastPathComponent
            if folder.hasSuffix("/#excerpt") { folder = (folder as NSString).deletingLastPathComponent }
            candidates = [source.appendingPathComponent(folder).appendingPathComponent(name)]
        } else {
            candidates = directories.map { $0.appendingPathComponent(name) }
        }
        var isDir: ObjCBool = false
        guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDir) && !isDir.boolValue }) else {
            let dirs = relative ? [candidates[0].deletingLastPathComponent()] : directories
            throw LiquidError("Could not locate the included file '\(name)' in any of \(dirs.map { displayName($0) }).",
                              hint: "Ensure it exists in one of those directories")
        }
        let key = displayName(url)
        lock.lock()
        if let hit = cache[key] { lock.unlock(); return try hit.get() }
        lock.unlock()
        let parsed: Result<LiquidTemplate, LiquidError>
        do {
            let text = try String(contentsOf: url, encoding: .utf8)
            parsed = .success(try engine.parse(text, file: key))
        } catch let e as LiquidError {
            parsed = .failure(e)
        } catch {
            parsed = .failure(LiquidError("could not read the included file '\(key)': \(error.localizedDescription)"))
        }
        lock.lock()
        if cache[key] == nil { cache[key] = parsed }
        let stored = cache[key]!
        lock.unlock()
        return try stored.get()
    }

    /// Site-relative when inside the site (`_includes/head.html`), else absolute (a theme's).
    func displayName(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let root = source.path.hasSuffix("/") ? source.path : source.path + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }
}

/// The file system one render uses: the shared cache, plus the page whose folder `include_relative`
/// resolves against (Jekyll takes the page's path, even for a tag inside a layout or an include).
struct PageIncludes: LiquidFileSystem {
    let shared: IncludeFiles
    let pagePath: String

    func template(named name: String, relative: Bool, from includingFile: String, engine: LiquidEngine) throws(LiquidError) -> LiquidTemplate? {
        let template = try shared.template(named: name, relative: relative, pagePath: pagePath, engine: engine)
        if let template { JekyllReads.files([template.file]) }
        return template
    }
}

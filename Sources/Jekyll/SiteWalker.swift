import Foundation
import Site
#if canImport(Glibc)
import Glibc
#endif

/// File-system access for the reader, with Galley's rule that a build never reads outside the site:
/// a symlink resolving outside the site folder is skipped with a warning (Jekyll, outside safe mode,
/// would follow it).
struct JekyllSiteWalker: Sendable {
    var source: URL
    /// The site folder's real path (symlinks resolved), for the inside/outside check.
    var realSource: String
    var timeZone: TimeZone
    /// Extra folders a build may read (a theme given on the command line).
    var allowedRoots: [String] = []

    init(source: URL, timeZone: TimeZone) {
        self.source = source.standardizedFileURL
        self.realSource = URL(fileURLWithPath: source.path).resolvingSymlinksInPath().path
        self.timeZone = timeZone
    }

    /// Path as shown in diagnostics: relative to the site folder when inside it.
    func shown(_ url: URL) -> String {
        let p = url.standardizedFileURL.path
        let s = source.path
        return p.hasPrefix(s + "/") ? String(p.dropFirst(s.count + 1)) : p
    }

    /// A folder, or a symlink to one. `stat` itself: FileManager's attribute dictionaries were a tenth of a
    /// serve save on a large blog, which asks this of every file.
    func isDirectory(_ url: URL) -> Bool {
        var s = stat()
        return stat(url.path, &s) == 0 && (s.st_mode & S_IFMT) == S_IFDIR
    }

    func isSymlink(_ url: URL) -> Bool {
        var s = stat()
        return lstat(url.path, &s) == 0 && (s.st_mode & S_IFMT) == S_IFLNK
    }

    /// False (with a warning) for a symlink that leads outside the site or nowhere.
    func allowSymlink(_ url: URL, _ diagnostics: inout [SiteDiagnostic]) -> Bool {
        guard isSymlink(url) else { return true }
        let target = url.resolvingSymlinksInPath().path
        guard FileManager.default.fileExists(atPath: target) else {
            diagnostics.append(.warning(shown(url), "broken symlink skipped"))
            return false
        }
        for root in [realSource] + allowedRoots where target == root || target.hasPrefix(root + "/") { return true }
        diagnostics.append(.warning(shown(url), "symlink to \(target), outside the site, skipped",
                                    hint: "Galley reads only inside the site folder; copy the file in, or link to something inside"))
        return false
    }

    /// Names in a folder, sorted bytewise (Jekyll's order depends on the file system; sorting keeps ours stable).
    func entries(_ dir: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// Every file under `dir` as paths relative to it (Ruby's `Dir["**/*"]`: no dot entries unless
    /// `dotMatch`, symlinked folders not descended).
    func allFiles(_ dir: URL, dotMatch: Bool, _ diagnostics: inout [SiteDiagnostic]) -> [String] {
        var out: [String] = []
        func walk(_ url: URL, _ prefix: String) {
            for name in entries(url) {
                if !dotMatch, name.hasPrefix(".") { continue }
                let child = url.appendingPathComponent(name)
                guard allowSymlink(child, &diagnostics) else { continue }
                let rel = prefix.isEmpty ? name : prefix + "/" + name
                if isDirectory(child) {
                    out.append(rel)
                    if !isSymlink(child) { walk(child, rel) }
                } else {
                    out.append(rel)
                }
            }
        }
        walk(dir, "")
        return out
    }

    func modificationTime(_ url: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? Date(timeIntervalSince1970: 0)
    }

    /// UTF-8 text (a BOM dropped); invalid UTF-8 is reported and nil.
    func readText(_ url: URL, _ diagnostics: inout [SiteDiagnostic]) -> String? {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            diagnostics.append(.error(shown(url), "could not read the file"))
            return nil
        }
        guard var text = String(data: data, encoding: .utf8) else {
            diagnostics.append(.warning(shown(url), "not valid UTF-8; Jekyll skips it", hint: SourceText.encodingHint(data)))
            return nil
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }
}

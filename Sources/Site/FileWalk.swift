import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the files under a folder with opendir/readdir: `serve` lists `content/` on every save,
/// and FileManager's enumerator costs a stat and several objects per entry.
///
/// Symbolic links are where a build can be turned against its machine: a "post" that links to
/// `/etc/passwd` or to a CI runner's secrets would be published. A link whose target resolves outside
/// the site folder (and outside `allowed` roots) is refused and reported, never read; a link to a
/// folder is not followed (no cycles), and says so.
package enum FileWalk {
    /// A symbolic link that was not followed, and why.
    struct Refused: Sendable, Hashable {
        var path: String     // relative to the walked root
        var target: String   // where it resolves ("" when it leads nowhere)
        var outside: Bool    // resolves outside the site (an error); else a folder link (a warning)
        var isFolder = false
    }

    /// Paths relative to `root`, sorted, of regular files (and links to regular files inside `site`) under it.
    /// Hidden entries (`.name`) are skipped.
    static func files(under root: URL) -> [String] { walk(root, site: nil).files }

    /// `files(under:)` with links checked against `site` (a real path) and `allowed` outside roots.
    static func walk(_ root: URL, site: String?, allowed: [String] = []) -> (files: [String], refused: [Refused]) {
        var out: [String] = []
        var refused: [Refused] = []
        walk(root.path, prefix: "", site: site, allowed: allowed, into: &out, refused: &refused)
        return (out.sorted(), refused.sorted { $0.path < $1.path })
    }

    /// Whether `path` resolves inside `site` or one of `allowed` (all real paths); the resolved path.
    package static func resolvesInside(_ path: String, site: String, allowed: [String]) -> (inside: Bool, target: String) {
        guard let real = realpath(path, nil) else { return (false, "") }
        defer { free(real) }
        let target = String(cString: real)
        let inside = ([site] + allowed).contains { target == $0 || target.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        return (inside, target)
    }

    /// The real path of `url` (links and `..` resolved), or its standardized path when it does not exist.
    package static func realPath(_ url: URL) -> String {
        guard let real = realpath(url.path, nil) else { return url.standardizedFileURL.path }
        defer { free(real) }
        return String(cString: real)
    }

    private static func walk(_ dir: String, prefix: String, site: String?, allowed: [String],
                             into out: inout [String], refused: inout [Refused]) {
        guard let d = opendir(dir) else { return }
        defer { closedir(d) }
        while let entry = readdir(d) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { ptr in
                ptr.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name.hasPrefix(".") { continue }
            let path = dir + "/" + name
            let rel = prefix.isEmpty ? name : prefix + "/" + name
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR):
                walk(path, prefix: rel, site: site, allowed: allowed, into: &out, refused: &refused)
            case Int32(DT_REG):
                out.append(rel)
            default:
                // Links and file systems without d_type: lstat tells a link, stat where it leads.
                var ls = stat()
                guard lstat(path, &ls) == 0 else { continue }
                let isLink = (ls.st_mode & S_IFMT) == S_IFLNK
                var st = stat()
                let exists = stat(path, &st) == 0
                if isLink, let site {
                    let (inside, target) = resolvesInside(path, site: site, allowed: allowed)
                    let folder = exists && (st.st_mode & S_IFMT) == S_IFDIR
                    if !inside { refused.append(Refused(path: rel, target: target, outside: !target.isEmpty, isFolder: folder)); continue }
                    if folder { refused.append(Refused(path: rel, target: target, outside: false, isFolder: true)); continue }
                }
                guard exists else { continue }
                if (st.st_mode & S_IFMT) == S_IFREG {
                    out.append(rel)
                } else if (st.st_mode & S_IFMT) == S_IFDIR, !isLink {
                    walk(path, prefix: rel, site: site, allowed: allowed, into: &out, refused: &refused)
                }
            }
        }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the files under a folder with opendir/readdir: `serve` lists `content/` on every save,
/// and FileManager's enumerator costs a stat and several objects per entry.
enum FileWalk {
    /// Paths relative to `root`, sorted, of regular files (and links to regular files) under it.
    /// Hidden entries (`.name`) are skipped; links to folders are not followed (no cycles).
    static func files(under root: URL) -> [String] {
        var out: [String] = []
        walk(root.path, prefix: "", into: &out)
        return out.sorted()
    }

    private static func walk(_ dir: String, prefix: String, into out: inout [String]) {
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
                walk(path, prefix: rel, into: &out)
            case Int32(DT_REG):
                out.append(rel)
            default:
                // Links and file systems without d_type: ask stat, which follows links.
                var st = stat()
                guard stat(path, &st) == 0 else { continue }
                if (st.st_mode & S_IFMT) == S_IFREG {
                    out.append(rel)
                } else if (st.st_mode & S_IFMT) == S_IFDIR, Int32(entry.pointee.d_type) != Int32(DT_LNK) {
                    walk(path, prefix: rel, into: &out)
                }
            }
        }
    }
}

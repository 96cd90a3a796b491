import Foundation

extension OutputWriter {
    /// Removes a folder the build made aside (the retired output, a staging folder) even when the
    /// site it held had read-only folders, whose entries cannot be unlinked until their folder is
    /// writable again: a `.public.galley-old-…` is never left behind for that.
    static func removeTree(_ url: URL) {
        let fm = FileManager.default
        if (try? fm.removeItem(at: url)) != nil || !fm.fileExists(atPath: url.path) { return }
        chmod(url.path, 0o700)
        if let e = fm.enumerator(atPath: url.path) {
            for case let rel as String in e {
                let path = url.path + "/" + rel
                var st = stat()
                if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { chmod(path, 0o700) }
            }
        }
        try? fm.removeItem(at: url)
    }
}

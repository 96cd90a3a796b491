import Foundation
import Site

/// Writes a rendered Jekyll site through Site's `Staging`: everything goes into a new folder beside the
/// destination, which replaces it only when every file was written. `keep_files` entries of the previous
/// output (Jekyll's default: `.git`, `.svn`) are carried over; files whose bytes did not change keep
/// their inode and modification time.
enum JekyllWriter {
    /// Returns how many files were taken over unchanged.
    static func write(_ rendered: JekyllRendered, to destination: URL, keepFiles: [String]) throws -> Int {
        let staging = try Staging(output: destination)
        var copies = rendered.copies
        do {
            try staging.write(rendered.files)
            let written = Set(rendered.files.map(\.path) + copies.map(\.1))
            let kept = keptFiles(in: destination, keepFiles: keepFiles).filter { !written.contains($0.1) }
            copies += kept
            try staging.copy(copies)
        } catch {
            staging.discard()
            throw error
        }
        try staging.publish(paths: Set(rendered.files.map(\.path) + copies.map(\.1)))
        return staging.unchanged
    }

    typealias Staging = OutputWriter.Staging

    /// Files of the previous output under a `keep_files` prefix (hidden top-level entries move over by
    /// themselves).
    static func keptFiles(in destination: URL, keepFiles: [String]) -> [(URL, String)] {
        let fm = FileManager.default
        var out: [(URL, String)] = []
        for keep in keepFiles {
            let rel = keep.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            guard !rel.isEmpty, !rel.hasPrefix(".") else { continue }
            let root = destination.appendingPathComponent(rel)
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: root.path, isDirectory: &isDir) else { continue }
            if !isDir.boolValue { out.append((root, rel)); continue }
            guard let walker = fm.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { continue }
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                out.append((url, rel + "/" + url.path.dropFirst(root.path.count + 1)))
            }
        }
        return out
    }
}

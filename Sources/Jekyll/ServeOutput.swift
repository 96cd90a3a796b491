import Foundation
import Site

/// The folder `galley serve` serves a Jekyll site from, kept in step with the last good build file by file:
/// a save writes only files whose bytes changed and removes only files no longer made, each replaced by a
/// rename so the server never sends half a file.
struct ServeOutput: Sendable {
    let root: URL
    /// Rendered files as last written, by output path.
    private(set) var written: [String: Data] = [:]
    /// Static copies as last made: output path → source file.
    private(set) var copied: [String: URL] = [:]
    private var started = false

    init(root: URL) { self.root = root.standardizedFileURL }

    /// Brings the folder to `rendered`. `recopy` says whether a static file's source changed since the last
    /// build (its copy is then made again). Returns the output paths written or removed.
    mutating func apply(_ rendered: JekyllRendered, keepFiles: [String], recopy: (URL) -> Bool) throws(BuildFailure) -> [String] {
        for path in rendered.files.map(\.path) + rendered.copies.map(\.1) where !Self.isSafe(path) {
            throw BuildFailure([.error(path, "refusing to write \(path): it would land outside the output folder",
                                       hint: "check the permalink or plugin that makes this path")])
        }
        if !started {
            // The first build replaces whatever the folder held (an --output given by hand may be stale).
            do {
                _ = try JekyllWriter.write(rendered, to: root, keepFiles: keepFiles)
            } catch {
                throw BuildFailure([.error(root.path, "could not write the site: \(error.localizedDescription)")])
            }
            started = true
            written = Dictionary(rendered.files.map { ($0.path, $0.data) }, uniquingKeysWith: { _, b in b })
            copied = Dictionary(rendered.copies.map { ($0.1, $0.0) }, uniquingKeysWith: { _, b in b })
            return (Array(written.keys) + Array(copied.keys)).sorted()
        }
        var changed: [String] = []
        do {
            var files: [String: Data] = [:]
            for f in rendered.files { files[f.path] = f.data }
            var copies: [String: URL] = [:]
            for (from, path) in rendered.copies where files[path] == nil { copies[path] = from }
            for (path, data) in files where written[path] != data {
                try replace(path) { try data.write(to: $0) }
                changed.append(path)
            }
            for (path, from) in copies where copied[path] != from || recopy(from) || written[path] != nil {
                try replace(path) { try FileManager.default.copyItem(at: from, to: $0) }
                changed.append(path)
            }
            for path in Set(written.keys).union(copied.keys) where files[path] == nil && copies[path] == nil {
                try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
                changed.append(path)
            }
            written = files
            copied = copies
        } catch {
            throw BuildFailure([.error(root.path, "could not write the site: \(error.localizedDescription)")])
        }
        return changed.sorted()
    }

    /// Makes the new file beside the old one, then renames it over it.
    private func replace(_ path: String, make: (URL) throws -> Void) throws {
        let target = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temp = target.deletingLastPathComponent().appendingPathComponent(".galley-\(UUID().uuidString).tmp")
        do {
            try make(temp)
            if rename(temp.path, target.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
    }

    /// A relative path with no `..` part: it stays inside the output folder.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return !path.split(separator: "/").contains { $0 == ".." }
    }
}

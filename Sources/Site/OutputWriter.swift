import Foundation

/// Writes a whole site into a fresh folder beside the output, then swaps it in.
/// A build that fails before the swap leaves the previous output as it was.
struct OutputWriter {
    let output: URL
    let fm = FileManager.default

    /// Writes `files`, copies `assets` (source URL → relative path), then replaces `output`.
    func commit(files: [OutputFile], assets: [(URL, String)]) throws {
        let parent = output.deletingLastPathComponent()
        try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).galley-new-\(tag)")
        let retired = parent.appendingPathComponent(".\(output.lastPathComponent).galley-old-\(tag)")
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            var madeDirs = Set<String>()
            func ensureParent(_ rel: String) throws {
                let dir = (rel as NSString).deletingLastPathComponent
                if dir.isEmpty || madeDirs.contains(dir) { return }
                try fm.createDirectory(at: staging.appendingPathComponent(dir), withIntermediateDirectories: true)
                madeDirs.insert(dir)
            }
            for f in files {
                try ensureParent(f.path)
                try f.data.write(to: staging.appendingPathComponent(f.path))
            }
            for (src, rel) in assets {
                try ensureParent(rel)
                // A linked asset is published as the file it points to, not as a link.
                try fm.copyItem(at: src.resolvingSymlinksInPath(), to: staging.appendingPathComponent(rel))
            }
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: output.path, isDirectory: &isDir) {
            let kept = moveHiddenEntries(from: output, to: staging)
            do {
                try fm.moveItem(at: output, to: retired)
            } catch {
                for name in kept { try? fm.moveItem(at: staging.appendingPathComponent(name), to: output.appendingPathComponent(name)) }
                try? fm.removeItem(at: staging)
                throw error
            }
            do {
                try fm.moveItem(at: staging, to: output)
            } catch {
                try? fm.moveItem(at: retired, to: output)   // put the old site back
                throw error
            }
            try? fm.removeItem(at: retired)
        } else {
            try fm.moveItem(at: staging, to: output)
        }
    }

    /// Hidden top-level entries of the old output (`.git` of a deploy checkout, `.nojekyll`)
    /// are not Galley's: they move into the new output rather than being deleted.
    private func moveHiddenEntries(from old: URL, to staging: URL) -> [String] {
        guard let entries = try? fm.contentsOfDirectory(atPath: old.path) else { return [] }
        var moved: [String] = []
        for name in entries where name.hasPrefix(".") {
            let target = staging.appendingPathComponent(name)
            if fm.fileExists(atPath: target.path) { continue }
            if (try? fm.moveItem(at: old.appendingPathComponent(name), to: target)) != nil { moved.append(name) }
        }
        return moved
    }
}

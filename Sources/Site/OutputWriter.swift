import Foundation

/// Writes a whole site into a fresh folder beside the output, then swaps it in.
/// A build that fails before the swap leaves the previous output as it was.
struct OutputWriter {
    let output: URL
    let fm = FileManager.default

    /// Writes `files`, copies `assets` (source URL → relative path), then replaces `output`.
    /// Returns how many files were taken over unchanged from the previous output.
    @discardableResult
    func commit(files: [OutputFile], assets: [(URL, String)]) throws -> Int {
        let parent = output.deletingLastPathComponent()
        try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).galley-new-\(tag)")
        let retired = parent.appendingPathComponent(".\(output.lastPathComponent).galley-old-\(tag)")
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        var unchanged = 0
        do {
            var madeDirs = Set<String>()
            func ensureParent(_ rel: String) throws {
                let dir = (rel as NSString).deletingLastPathComponent
                if dir.isEmpty || madeDirs.contains(dir) { return }
                try fm.createDirectory(at: staging.appendingPathComponent(dir), withIntermediateDirectories: true)
                madeDirs.insert(dir)
            }
            for f in files { try ensureParent(f.path) }
            unchanged += try writeAll(files, into: staging)
            for (src, rel) in assets {
                try ensureParent(rel)
                // A linked asset is published as the file it points to, not as a link.
                let source = src.resolvingSymlinksInPath()
                if let data = sameSizeContents(source, as: rel), reuse(data, rel: rel, into: staging) { unchanged += 1; continue }
                try fm.copyItem(at: source, to: staging.appendingPathComponent(rel))
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
        return unchanged
    }

    /// Writes (or links, when unchanged) every file on all cores: creating thousands of files is mostly
    /// kernel time, which runs in parallel across folders. Folders must exist. Returns the number linked.
    private func writeAll(_ files: [OutputFile], into staging: URL) throws -> Int {
        let workers = min(files.count, ProcessInfo.processInfo.activeProcessorCount * 2)
        guard workers > 0 else { return 0 }
        let state = WriteState()
        let stagingPath = staging.path
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            var linked = 0
            for i in stride(from: w, to: files.count, by: workers) {
                if state.failed { return }
                let f = files[i]
                if reuse(f.data, rel: f.path, into: staging) { linked += 1; continue }
                if let problem = Self.write(f.data, toPath: stagingPath + "/" + f.path) {
                    state.fail(problem); return
                }
            }
            state.add(linked)
        }
        if let problem = state.problem { throw problem }
        return state.linked
    }

    /// One file in three system calls (open, write, close), no temporary: the whole folder is new.
    static func write(_ data: Data, toPath path: String) -> Error? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return WriteFailure(path: path, code: errno) }
        defer { close(fd) }
        let ok = data.withUnsafeBytes { buf -> Bool in
            var offset = 0
            while offset < buf.count {
                let n = Foundation.write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        return ok ? nil : WriteFailure(path: path, code: errno)
    }

    /// When the previous output holds a file with exactly these bytes, it is linked into the new folder
    /// instead of written: unchanged files keep their inode and modification time, so a rebuild with
    /// nothing changed rewrites nothing, and rsync or a deploy see nothing to do.
    private func reuse(_ data: Data, rel: String, into staging: URL) -> Bool {
        let old = output.appendingPathComponent(rel)
        guard let attrs = try? fm.attributesOfItem(atPath: old.path),
              attrs[.type] as? FileAttributeType == .typeRegular,
              attrs[.size] as? Int == data.count,
              let previous = fm.contents(atPath: old.path), previous == data else { return false }
        return link(old.path, staging.appendingPathComponent(rel).path) == 0
    }

    /// An asset's bytes, read only when the previous output has a file of the same size there.
    private func sameSizeContents(_ source: URL, as rel: String) -> Data? {
        let old = output.appendingPathComponent(rel)
        guard let a = try? fm.attributesOfItem(atPath: old.path), let b = try? fm.attributesOfItem(atPath: source.path),
              let size = a[.size] as? Int, size == b[.size] as? Int else { return nil }
        return fm.contents(atPath: source.path)
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

/// What the writers share: the first failure and the count of linked files.
private final class WriteState: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var problem: Error?
    private(set) var linked = 0
    var failed: Bool { lock.lock(); defer { lock.unlock() }; return problem != nil }
    func fail(_ e: Error) { lock.lock(); if problem == nil { problem = e }; lock.unlock() }
    func add(_ n: Int) { lock.lock(); linked += n; lock.unlock() }
}

/// A file that could not be written, with the system's reason (`No space left on device`).
struct WriteFailure: LocalizedError {
    var path: String
    var code: Int32
    var errorDescription: String? { "\(path): \(String(cString: strerror(code)))" }
}

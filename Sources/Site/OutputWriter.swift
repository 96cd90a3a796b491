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
        let staging = try Staging(output: output)
        do {
            try staging.write(files)
            try staging.copy(assets)
        } catch {
            staging.discard()
            throw error
        }
        try staging.publish()
        return staging.unchanged
    }

    /// The new output folder while it is being filled: files can be written as soon as they are made
    /// (so a build need not hold every page in memory), then `publish` swaps it in, or `discard` drops it.
    /// Writers run on all cores; folders are made as the first file in them needs them.
    final class Staging: @unchecked Sendable {
        let output: URL
        let folder: URL
        private let retired: URL
        private let lock = NSLock()
        private var madeDirs = Set<String>()
        private var linked = 0
        /// Files taken over (hard-linked) from the previous output because their bytes are the same.
        var unchanged: Int { lock.lock(); defer { lock.unlock() }; return linked }

        init(output: URL) throws {
            self.output = output
            let parent = output.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
            folder = parent.appendingPathComponent(".\(output.lastPathComponent).galley-new-\(tag)")
            retired = parent.appendingPathComponent(".\(output.lastPathComponent).galley-old-\(tag)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            Self.removeAbandoned(beside: output)
        }

        /// Staging folders of builds that were killed (their process is gone) are removed, not left to pile up.
        private static func removeAbandoned(beside output: URL) {
            let parent = output.deletingLastPathComponent()
            let prefixes = [".\(output.lastPathComponent).galley-new-", ".\(output.lastPathComponent).galley-old-"]
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
            for name in names {
                guard let prefix = prefixes.first(where: { name.hasPrefix($0) }),
                      let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }),
                      kill(pid, 0) != 0, errno == ESRCH else { continue }
                try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))
            }
        }

        /// Writes (or links, when unchanged) every file on all cores: creating thousands of files and
        /// folders is mostly kernel time, which runs in parallel across folders.
        func write(_ files: [OutputFile]) throws {
            let workers = min(files.count, ProcessInfo.processInfo.activeProcessorCount * 2)
            guard workers > 0 else { return }
            let state = WriteState()
            let root = folder.path
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                var linked = 0
                for i in stride(from: w, to: files.count, by: workers) {
                    if state.failed { return }
                    let f = files[i]
                    if let problem = ensureParent(of: f.path) { state.fail(problem); return }
                    if reuse(f.data, rel: f.path) { linked += 1; continue }
                    if let problem = OutputWriter.write(f.data, toPath: root + "/" + f.path) {
                        state.fail(problem); return
                    }
                }
                state.add(linked)
            }
            if let problem = state.problem { throw problem }
            lock.lock(); linked += state.linked; lock.unlock()
        }

        /// Copies assets (source URL → relative path); a linked asset is published as the file it points to.
        func copy(_ assets: [(URL, String)]) throws {
            for (src, rel) in assets {
                if let problem = ensureParent(of: rel) { throw problem }
                let source = src.resolvingSymlinksInPath()
                if let data = sameSizeContents(source, as: rel), reuse(data, rel: rel) {
                    lock.lock(); linked += 1; lock.unlock(); continue
                }
                try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(rel))
            }
        }

        /// Replaces the output folder with the staged one; on failure the old output is put back.
        func publish() throws {
            let fm = FileManager.default
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: output.path, isDirectory: &isDir) else {
                do { try fm.moveItem(at: folder, to: output) } catch { discard(); throw error }
                return
            }
            let kept = moveHiddenEntries(from: output)
            do {
                try fm.moveItem(at: output, to: retired)
            } catch {
                for name in kept { try? fm.moveItem(at: folder.appendingPathComponent(name), to: output.appendingPathComponent(name)) }
                discard()
                throw error
            }
            do {
                try fm.moveItem(at: folder, to: output)
            } catch {
                try? fm.moveItem(at: retired, to: output)   // put the old site back
                discard()
                throw error
            }
            try? fm.removeItem(at: retired)
        }

        /// Drops the staged folder: the previous output stays as it was.
        func discard() {
            try? FileManager.default.removeItem(at: folder)
        }

        /// Makes the folders above `rel` once; a folder another writer made meanwhile is fine.
        private func ensureParent(of rel: String) -> Error? {
            let dir = (rel as NSString).deletingLastPathComponent
            if dir.isEmpty { return nil }
            lock.lock()
            let known = madeDirs.contains(dir)
            lock.unlock()
            if known { return nil }
            if let problem = Self.makeDirectory(folder.path + "/" + dir) { return problem }
            lock.lock(); madeDirs.insert(dir); lock.unlock()
            return nil
        }

        /// `mkdir -p` in system calls: the common case (parent exists) is one call.
        private static func makeDirectory(_ path: String) -> Error? {
            if mkdir(path, 0o755) == 0 || errno == EEXIST { return nil }
            guard errno == ENOENT else { return WriteFailure(path: path, code: errno) }
            if let problem = makeDirectory((path as NSString).deletingLastPathComponent) { return problem }
            if mkdir(path, 0o755) == 0 || errno == EEXIST { return nil }
            return WriteFailure(path: path, code: errno)
        }

        /// When the previous output holds a file with exactly these bytes, it is linked into the new folder
        /// instead of written: unchanged files keep their inode and modification time, so a rebuild with
        /// nothing changed rewrites nothing, and rsync or a deploy see nothing to do.
        private func reuse(_ data: Data, rel: String) -> Bool {
            let old = output.appendingPathComponent(rel).path
            var st = stat()
            guard lstat(old, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) == data.count,
                  let previous = FileManager.default.contents(atPath: old), previous == data else { return false }
            return link(old, folder.path + "/" + rel) == 0
        }

        /// An asset's bytes, read only when the previous output has a file of the same size there.
        private func sameSizeContents(_ source: URL, as rel: String) -> Data? {
            var a = stat(), b = stat()
            guard lstat(output.appendingPathComponent(rel).path, &a) == 0, stat(source.path, &b) == 0,
                  a.st_size == b.st_size else { return nil }
            return FileManager.default.contents(atPath: source.path)
        }

        /// Hidden top-level entries of the old output (`.git` of a deploy checkout, `.nojekyll`)
        /// are not Galley's: they move into the new output rather than being deleted.
        private func moveHiddenEntries(from old: URL) -> [String] {
            let fm = FileManager.default
            guard let entries = try? fm.contentsOfDirectory(atPath: old.path) else { return [] }
            var moved: [String] = []
            for name in entries where name.hasPrefix(".") {
                let target = folder.appendingPathComponent(name)
                if fm.fileExists(atPath: target.path) { continue }
                if (try? fm.moveItem(at: old.appendingPathComponent(name), to: target)) != nil { moved.append(name) }
            }
            return moved
        }
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

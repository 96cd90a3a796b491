import Foundation

/// Writes a whole site into a fresh folder beside the output, then swaps it in.
/// A build that fails before the swap leaves the previous output as it was.
public struct OutputWriter {
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
        try staging.publish(paths: Set(files.map(\.path) + assets.map(\.1)))
        return staging.unchanged
    }

    /// The new output folder while it is being filled: files can be written as soon as they are made
    /// (so a build need not hold every page in memory), then `publish` swaps it in, or `discard` drops it.
    /// Writers run on all cores; folders are made as the first file in them needs them.
    ///
    /// A file whose bytes equal the previous output's is only noted; `publish` links it in (same inode and
    /// modification time), or, when nothing at all changed, keeps the previous output and drops the
    /// staging folder: a rebuild with nothing changed then makes no file or folder.
    public final class Staging: @unchecked Sendable {
        let output: URL
        let folder: URL
        /// `folder.path` and `output.path`, made once (thousands of paths are joined to them).
        private let root: String
        private let previousRoot: String
        /// Whether there is a previous output folder at all: a first build does not ask about each of its files.
        private let hasPrevious: Bool
        private let retired: URL
        private let lock = NSLock()
        private var madeDirs = Set<String>()
        /// Paths whose bytes equal the previous output's, not yet linked into the staging folder.
        private var same: [String] = []
        private var written = 0
        /// Files taken over from the previous output because their bytes are the same.
        public var unchanged: Int { lock.lock(); defer { lock.unlock() }; return same.count }

        public init(output: URL) throws {
            self.output = output
            let parent = output.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            let tag = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
            folder = parent.appendingPathComponent(".\(output.lastPathComponent).galley-new-\(tag)")
            retired = parent.appendingPathComponent(".\(output.lastPathComponent).galley-old-\(tag)")
            root = folder.path
            previousRoot = output.path
            var st = stat()
            hasPrevious = stat(output.path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
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
                OutputWriter.removeTree(parent.appendingPathComponent(name))
            }
        }

        /// Writes every file on all cores (a file whose bytes the previous output holds is only noted):
        /// creating thousands of files and folders is mostly kernel time, which runs in parallel across folders.
        public func write(_ files: [OutputFile]) throws {
            try Self.onAllCores(files, write)
        }

        /// Writes on the calling thread, for callers that already run in parallel (page and feed tasks).
        public func writeHere(_ files: [OutputFile]) throws {
            for f in files { if let problem = write(f) { throw problem } }
        }

        private func write(_ f: OutputFile) -> Error? {
            if previousHolds(f.data, at: f.path) { lock.lock(); same.append(f.path); lock.unlock(); return nil }
            if let problem = ensureParent(of: f.path) { return problem }
            if let problem = OutputWriter.write(f.data, toPath: root + "/" + f.path) { return problem }
            lock.lock(); written += 1; lock.unlock()
            return nil
        }

        /// Runs `work` on every item, spread over twice as many workers as cores; the first error stops
        /// the others and is thrown.
        private static func onAllCores<T: Sendable>(_ items: [T], _ work: @Sendable (T) -> Error?) throws {
            let workers = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 2)
            guard workers > 0 else { return }
            let state = WriteState()
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                for i in stride(from: w, to: items.count, by: workers) {
                    if state.failed { return }
                    if let problem = work(items[i]) { state.fail(problem); return }
                }
            }
            if let problem = state.problem { throw problem }
        }

        /// Copies assets (source URL → relative path); a linked asset is published as the file it points to.
        public func copy(_ assets: [(URL, String)]) throws {
            for (src, rel) in assets {
                let source = src.resolvingSymlinksInPath()
                if let data = sameSizeContents(source, as: rel), previousHolds(data, at: rel) {
                    lock.lock(); same.append(rel); lock.unlock(); continue
                }
                if let problem = ensureParent(of: rel) { throw problem }
                try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(rel))
                lock.lock(); written += 1; lock.unlock()
            }
        }

        /// Replaces the output folder with the staged one; on failure the old output is put back.
        /// `paths` are every file of the new output: when each was unchanged and the previous output
        /// holds nothing else, the previous output stays as it is.
        public func publish(paths: Set<String>) throws {
            let fm = FileManager.default
            lock.lock(); let nothingWritten = written == 0; lock.unlock()
            if nothingWritten, previousFiles() == paths {
                discard()
                return
            }
            do { try linkUnchanged() } catch { discard(); throw error }
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
            OutputWriter.removeTree(retired)
        }

        /// Drops the staged folder: the previous output stays as it was.
        public func discard() {
            OutputWriter.removeTree(folder)
        }

        /// Links the noted unchanged files from the previous output into the staging folder, on all cores.
        private func linkUnchanged() throws {
            try Self.onAllCores(same) { rel in
                if let problem = ensureParent(of: rel) { return problem }
                let from = previousRoot + "/" + rel, to = root + "/" + rel
                guard link(from, to) != 0 else { return nil }
                // Another file system or no link support: copy the bytes instead.
                guard let data = FileManager.default.contents(atPath: from) else { return WriteFailure(path: from, code: errno) }
                return OutputWriter.write(data, toPath: to)
            }
        }

        /// The regular files of the previous output (relative paths), without its hidden top-level entries;
        /// nil when it holds anything else (a link, a socket) or cannot be read.
        /// The files of the last output, or nil when it holds anything but files and folders. readdir's
        /// d_type, not FileManager's enumerator: that cost a stat and a dictionary per file.
        private func previousFiles() -> Set<String>? {
            var files = Set<String>()
            func walk(_ dir: String, _ prefix: String) -> Bool {
                guard let d = opendir(dir) else { return false }
                defer { closedir(d) }
                while let entry = readdir(d) {
                    let name = withUnsafePointer(to: entry.pointee.d_name) { ptr in
                        ptr.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
                    }
                    if name == "." || name == ".." || (prefix.isEmpty && name.hasPrefix(".")) { continue }
                    let rel = prefix.isEmpty ? name : prefix + "/" + name
                    var type = Int32(entry.pointee.d_type)
                    if type == Int32(DT_UNKNOWN) {
                        var st = stat()
                        guard lstat(dir + "/" + name, &st) == 0 else { return false }
                        type = (st.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (st.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : -1
                    }
                    switch type {
                    case Int32(DT_DIR): if !walk(dir + "/" + name, rel) { return false }
                    case Int32(DT_REG): files.insert(rel)
                    default: return false
                    }
                }
                return true
            }
            return walk(output.path, "") ? files : nil
        }

        /// Makes the folders above `rel` once; a folder another writer made meanwhile is fine.
        /// Every folder made is remembered, the ones above too: the nearest known one is found in the
        /// table and only the missing levels below it are made, so each folder costs one `mkdir` that
        /// succeeds (trying the deepest first failed once per new date folder, about 1,100 calls at 1000 posts).
        private func ensureParent(of rel: String) -> Error? {
            guard let slash = rel.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
            let dir = rel[..<slash]
            if dir.isEmpty { return nil }
            var missing: [Substring] = []
            lock.lock()
            var probe = dir
            while !madeDirs.contains(String(probe)) {
                missing.append(probe)
                guard let up = probe.utf8.lastIndex(of: UInt8(ascii: "/")) else { break }
                probe = probe[..<up]
            }
            lock.unlock()
            for level in missing.reversed() {
                let path = root + "/" + level
                if mkdir(path, 0o755) != 0 && errno != EEXIST {
                    // Something other than a folder in the way, or a level another writer has not made yet.
                    if let problem = Self.makeDirectory(path) { return problem }
                }
            }
            if !missing.isEmpty {
                lock.lock(); for level in missing { madeDirs.insert(String(level)) }; lock.unlock()
            }
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

        /// Whether the previous output holds a regular file with exactly these bytes. Such files are linked,
        /// not written: they keep their inode and modification time, so rsync or a deploy see nothing to do.
        private func previousHolds(_ data: Data, at rel: String) -> Bool {
            guard hasPrevious else { return false }
            let old = previousRoot + "/" + rel
            var st = stat()
            guard lstat(old, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) == data.count else { return false }
            return OutputWriter.fileHolds(data, at: old)
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

    /// Whether the file at `path` has exactly these bytes, read in system calls into one buffer (half
    /// the output is compared this way on every rebuild).
    static func fileHolds(_ data: Data, at path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let count = data.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 1) { buffer in
            var offset = 0
            while offset <= count {   // one byte past the size: the file must end there
                let n = read(fd, buffer.baseAddress! + offset, count + 1 - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                if n == 0 { break }
                offset += n
            }
            guard offset == count else { return false }
            return data.withUnsafeBytes { memcmp($0.baseAddress ?? UnsafeRawPointer(buffer.baseAddress!), buffer.baseAddress!, count) == 0 }
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

/// What writers running in parallel share: the first failure.
final class WriteState: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var problem: Error?
    var failed: Bool { lock.lock(); defer { lock.unlock() }; return problem != nil }
    func fail(_ e: Error) { lock.lock(); if problem == nil { problem = e }; lock.unlock() }
}

/// A file that could not be written, with the system's reason (`No space left on device`).
struct WriteFailure: LocalizedError {
    var path: String
    var code: Int32
    var errorDescription: String? { "\(path): \(String(cString: strerror(code)))" }
}

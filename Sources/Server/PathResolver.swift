import Foundation

/// What a request target maps to in the output folder.
public enum Resolution: Sendable, Equatable {
    /// Serve this absolute file path (already proven to lie inside the root).
    case file(String)
    /// Permanent redirect, e.g. `/docs` → `/docs/` when `docs/` is a folder with an index.
    case redirect(String)
    /// Nothing there (or hidden on purpose): the site's 404 page.
    case notFound
    /// The target tried to leave the root (traversal, encoded separators, escaping symlink).
    case forbidden
    /// Malformed target (bad percent-encoding, not UTF-8, not absolute).
    case badRequest
}

/// The kinds of filesystem entry the resolver cares about.
public enum EntryKind: Sendable, Equatable {
    case missing, file, directory
}

/// The filesystem questions the resolver asks, injectable so resolution stays testable without disk.
public protocol FileProbe: Sendable {
    /// Kind of entry at `path`, following symlinks.
    func kind(of path: String) -> EntryKind
    /// Canonical path with every symlink resolved, or nil if it does not exist.
    func realPath(_ path: String) -> String?
}

/// The real filesystem, through `stat` and `realpath`.
public struct DiskProbe: FileProbe {
    public init() {}

    public func kind(of path: String) -> EntryKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .file
        default: return .missing  // sockets, fifos, devices: never served
        }
    }

    public func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Maps raw request targets to files the way GitHub Pages does, and refuses anything outside the root.
///
/// GitHub Pages rules, in order, for `/a/b` (no trailing slash):
/// `a/b` as a file, then `a/b.html`, then — if `a/b/` is a folder with `index.html` —
/// a 301 redirect to `/a/b/` (so relative links inside the index resolve correctly).
/// `/a/b/` serves `a/b/index.html` only; it never falls back to `a/b.html`.
public struct PathResolver: Sendable {
    public let root: String
    public let probe: any FileProbe

    /// `root` should be absolute. Containment is checked against its real path, resolved per
    /// request: the folder may not exist yet, or be deleted and recreated by a clean build.
    public init(root: String, probe: any FileProbe = DiskProbe()) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.probe = probe
    }

    /// Resolves the raw (still percent-encoded) path of a request target; any query is ignored.
    public func resolve(rawTarget: String) -> Resolution {
        let rawPath = String(rawTarget.prefix { $0 != "?" && $0 != "#" })
        let segments: [String]
        switch Self.segments(ofRawPath: rawPath) {
        case .success(let decoded): segments = decoded
        case .failure(let rejection): return rejection.resolution
        }
        let trailingSlash = rawPath.hasSuffix("/")
        let base = segments.isEmpty ? root : root + "/" + segments.joined(separator: "/")

        if segments.isEmpty || trailingSlash {
            return contained(base + "/index.html")
        }
        if probe.kind(of: base) == .file { return contained(base) }
        if probe.kind(of: base + ".html") == .file { return contained(base + ".html") }
        if probe.kind(of: base) == .directory, probe.kind(of: base + "/index.html") == .file {
            // Only redirect when the folder itself is inside the root.
            guard isInside(base) else { return .forbidden }
            // Rebuilt from the validated raw segments so `//host/x` can never become an open redirect.
            let rawSegments = rawPath.split(separator: "/", omittingEmptySubsequences: true)
            return .redirect("/" + rawSegments.joined(separator: "/") + "/")
        }
        return .notFound
    }

    /// Serves `path` only when it exists as a regular file whose real location is inside the root.
    private func contained(_ path: String) -> Resolution {
        guard probe.kind(of: path) == .file else { return .notFound }
        return isInside(path) ? .file(path) : .forbidden
    }

    private func isInside(_ path: String) -> Bool {
        guard let real = probe.realPath(path), let realRoot = probe.realPath(root) else { return false }
        return real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
    }

    /// Why a raw path was refused before touching the filesystem.
    public enum Rejection: Error, Sendable, Equatable {
        case malformed, traversal

        var resolution: Resolution { self == .malformed ? .badRequest : .forbidden }
    }

    /// Splits a raw path into decoded segments, decoding percent-escapes exactly once.
    ///
    /// Refuses anything that could name a file outside the root or smuggle a separator:
    /// `.`/`..` segments (plain or encoded), encoded `/`, backslashes, NUL and other control
    /// characters, and leftover escapes after one decode (double encoding such as `%252e`).
    /// Empty segments (`//`) are dropped, as browsers and GitHub Pages do.
    public static func segments(ofRawPath rawPath: String) -> Result<[String], Rejection> {
        guard rawPath.hasPrefix("/") else { return .failure(.malformed) }
        var result: [String] = []
        for rawSegment in rawPath.split(separator: "/", omittingEmptySubsequences: true) {
            guard let decoded = decodeOnce(rawSegment) else { return .failure(.malformed) }
            if decoded == "." || decoded == ".." { return .failure(.traversal) }
            for scalar in decoded.unicodeScalars {
                if scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F {
                    return .failure(.traversal)
                }
            }
            if containsEscape(decoded) { return .failure(.traversal) }
            result.append(decoded)
        }
        return .success(result)
    }

    /// Strict single percent-decode: every `%` must be followed by two hex digits, and the bytes must be UTF-8.
    static func decodeOnce(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// True when a decoded segment still looks percent-encoded, i.e. the client encoded twice.
    static func containsEscape(_ decoded: String) -> Bool {
        let utf8 = Array(decoded.utf8)
        guard utf8.count >= 3 else { return false }
        for index in 0..<(utf8.count - 2) where utf8[index] == UInt8(ascii: "%") {
            if hexValue(utf8[index + 1]) != nil, hexValue(utf8[index + 2]) != nil { return true }
        }
        return false
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

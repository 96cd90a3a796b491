import Foundation

/// Compiles with the Dart Sass executable: one process per entry, reading the entry from stdin.
///
/// Stdin plus a working directory of the entry's folder gives exactly what jekyll-sass-converter 3.x asks of
/// `Sass.compile_string(url: <entry file>)`: relative imports resolve from that folder before the load paths.
/// The native executable starts and compiles a theme in 15–60 ms, so batching entries into one process
/// (`sass a:a.css b:b.css`) would save little and would need temporary copies of every entry; entries run
/// in parallel instead, and a process is not awaited once its output is complete (see `Subprocess.run`).
enum DartSassBackend {
    static func compile(_ entry: SassEntry, _ options: SassOptions, executable: URL) throws(SassError) -> SassOutput {
        let folder = entry.url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        let runIn = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? folder : nil
        let result: Subprocess.Result
        do {
            result = try Subprocess.run(executable, arguments(entry, options), in: runIn, input: Data(entry.source.utf8),
                                        isComplete: outputIsComplete)
        } catch {
            throw SassError(file: entry.url.path, line: 0, column: 0, message: error.reason,
                            hint: "set GALLEY_SASS to a working Dart Sass `sass` executable, or to `libsass`")
        }
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        let succeeded = result.endedEarly ? SourceMapRewriter.endsWithEmbeddedMap(result.stdout) : result.status == 0
        guard succeeded else {
            let context = DartSassDiagnostics.Context(entry: entry, folder: folder, loadPaths: options.loadPaths)
            throw DartSassDiagnostics.error(stderr: stderr, status: result.status, context: context)
        }
        var css = String(decoding: result.stdout, as: UTF8.self)
        // The CLI prints the CSS with a final newline (nothing at all for empty CSS); compileString has none.
        if css.hasSuffix("\n") { css.removeLast() }
        let split = SourceMapRewriter.splitEmbedded(css, style: options.style)
        css = split.css
        let map = options.sourceMap ? split.mapJSON.flatMap { SourceMapRewriter.jekyllMap($0, entry: entry) } : nil
        return SassOutput(css: css, sourceMap: map, warnings: DartSassDiagnostics.warnings(stderr))
    }

    /// Success ends stdout with the embedded map comment; failure ends stderr with the stack's last
    /// frame, which is always the root stylesheet.
    @Sendable static func outputIsComplete(stdout: Data, stderr: Data) -> Bool {
        if SourceMapRewriter.endsWithEmbeddedMap(stdout) { return true }
        guard stderr.last == UInt8(ascii: "\n") else { return false }
        let text = String(decoding: stderr.suffix(4096), as: UTF8.self)
        let lines = text.split(separator: "\n")
        return lines.last?.hasSuffix("root stylesheet") == true && lines.contains { $0.hasPrefix("Error: ") }
    }

    static func arguments(_ entry: SassEntry, _ options: SassOptions) -> [String] {
        var args = ["--stdin", "--no-color", "--no-error-css", "--style=\(options.style.rawValue)"]
        if entry.syntax == .sass { args.append("--indented") }
        args += options.loadPaths.map { "--load-path=\($0.path)" }
        // Printing to stdout, the CLI can only give a source map embedded in the CSS; it is cut out again.
        // It is asked for even when unwanted: as the last thing printed it marks the output complete.
        args.append("--embed-source-map")
        if options.sourceMap { args.append("--embed-sources") }
        if options.quietDeps { args.append("--quiet-deps") }
        if options.verbose { args.append("--verbose") }
        return args
    }
}

/// Reads Dart Sass's stderr: the error with its place, and the warnings printed before it.
enum DartSassDiagnostics {
    struct Context {
        var entry: SassEntry
        var folder: URL
        var loadPaths: [URL]
    }

    /// Everything before the `Error:` line (warnings, `@debug`, `@warn`), trimmed.
    static func warnings(_ stderr: String) -> String {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
        let end = lines.firstIndex { $0.hasPrefix("Error: ") } ?? lines.endIndex
        return lines[..<end].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The error looks like `Error: message`, a source snippet between `╷` and `╵` (`,` and `'` without
    /// Unicode), then a stack of `  path line:col  member` frames, innermost first.
    static func error(stderr: String, status: Int32, context: Context) -> SassError {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Error: ") }) else {
            let text = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            return SassError(file: context.entry.url.path, line: 0, column: 0,
                             message: text.isEmpty ? "sass exited with status \(status)" : text)
        }
        var messageLines = [String(lines[start].dropFirst("Error: ".count))]
        var index = start + 1
        while index < lines.count, let first = lines[index].first, !first.isWhitespace {
            messageLines.append(lines[index])
            index += 1
        }
        let rest = lines[index...]
        let snippetEnd = rest.lastIndex { ["╵", "'"].contains($0.trimmingCharacters(in: .whitespaces)) }
        let frames = rest[(snippetEnd.map { $0 + 1 } ?? index)...]
        let message = messageLines.joined(separator: "\n")
        guard let frame = frames.lazy.compactMap(parseFrame).first else {
            return SassError(file: context.entry.url.path, line: 0, column: 0, message: message)
        }
        if frame.path == "-" {
            return SassError(file: context.entry.url.path, line: frame.line + context.entry.lineOffset,
                             column: frame.column, message: message, hint: hint(for: message, context))
        }
        let file = resolve(frame.path, context)
        let line = file == context.entry.url.path ? frame.line + context.entry.lineOffset : frame.line
        return SassError(file: file, line: line, column: frame.column, message: message, hint: hint(for: message, context))
    }

    /// `  path/to/_file.scss 12:5  @import` → ("path/to/_file.scss", 12, 5). Paths may contain spaces.
    static func parseFrame(_ line: String) -> (path: String, line: Int, column: Int)? {
        guard line.hasPrefix(" ") else { return nil }
        let body = line.trimmingCharacters(in: .whitespaces)
        // The member after the position is separated by two or more spaces; it can be absent.
        let head = body.range(of: "  ").map { String(body[..<$0.lowerBound]) } ?? body
        guard let space = head.lastIndex(of: " ") else { return nil }
        let position = head[head.index(after: space)...].split(separator: ":")
        guard position.count == 2, let l = Int(position[0]), let c = Int(position[1]) else { return nil }
        return (String(head[..<space]), l, c)
    }

    /// Dart Sass names files relative to the working folder, or, for files found through a load path,
    /// relative to that load path; absolute paths are kept.
    static func resolve(_ path: String, _ context: Context) -> String {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL.path }
        let fm = FileManager.default
        for base in [context.folder] + context.loadPaths {
            let candidate = base.appendingPathComponent(path).standardizedFileURL.path
            if fm.fileExists(atPath: candidate) { return candidate }
        }
        return context.folder.appendingPathComponent(path).standardizedFileURL.path
    }

    private static func hint(for message: String, _ context: Context) -> String? {
        guard message.hasPrefix("Can't find stylesheet to import") else { return nil }
        let paths = [context.folder.path] + context.loadPaths.map(\.path)
        return "looked in " + paths.joined(separator: ", ") + " (the entry's folder, then the load paths in order)"
    }
}

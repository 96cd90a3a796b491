import CLibSass
import Foundation

/// Compiles with libsass linked in, for machines without Dart Sass. libsass (deprecated upstream) knows
/// `@import`-era Sass only; stylesheets that need Dart Sass are refused at the offending line.
///
/// Its CSS is not byte-equal to Dart Sass's: expanded output puts a blank line between all top-level
/// blocks, numbers keep their source form (`1.0px`), compressed colors and `@media` spacing differ.
enum LibSassBackend {
    static var version: String { String(cString: libsass_version()) }

    static func compile(_ entry: SassEntry, _ options: SassOptions) throws(SassError) -> SassOutput {
        if let hit = DartOnlySyntax.find(in: entry.source) {
            throw needsDartSass(hit, file: entry.url.path, line: hit.line + entry.lineOffset)
        }
        // libsass frees the source string itself when the context is deleted.
        guard let data = sass_make_data_context(strdup(entry.source)) else {
            throw SassError(file: entry.url.path, line: 0, column: 0, message: "libsass could not start a compile")
        }
        defer { sass_delete_data_context(data) }
        let settings = sass_data_context_get_options(data)
        sass_option_set_output_style(settings, options.style == .compressed ? SASS_STYLE_COMPRESSED : SASS_STYLE_EXPANDED)
        sass_option_set_precision(settings, 10)  // Dart Sass's precision
        sass_option_set_is_indented_syntax_src(settings, entry.syntax == .sass)
        // The entry's real path: relative imports resolve from its folder, errors name it.
        sass_option_set_input_path(settings, entry.url.path)
        for path in options.loadPaths { sass_option_push_include_path(settings, path.path) }
        let base = entry.url.deletingPathExtension()
        if options.sourceMap {
            sass_option_set_output_path(settings, base.path + ".css")
            sass_option_set_source_map_file(settings, base.path + ".css.map")
            sass_option_set_source_map_contents(settings, true)
            sass_option_set_omit_source_map_url(settings, true)
        }
        sass_compile_data_context(data)
        let context = sass_data_context_get_context(data)
        let included = includedFiles(context)
        if sass_context_get_error_status(context) != 0 {
            let file = text(sass_context_get_error_file(context)) ?? entry.url.path
            // A Dart-only rule in a partial usually is the cause of whatever libsass tripped over.
            if let dartOnly = scanPartials(included + [file], skipping: entry.url.path) { throw dartOnly }
            let isEntry = file == entry.url.path || file == "stdin"
            let line = Int(sass_context_get_error_line(context))
            throw SassError(file: isEntry ? entry.url.path : file,
                            line: isEntry ? line + entry.lineOffset : line,
                            column: Int(sass_context_get_error_column(context)),
                            message: text(sass_context_get_error_text(context)) ?? "libsass failed")
        }
        if let dartOnly = scanPartials(included, skipping: entry.url.path) { throw dartOnly }
        var css = text(sass_context_get_output_string(context)) ?? ""
        if css.hasSuffix("\n") { css.removeLast() }  // compileString's CSS has no final newline
        let map = options.sourceMap ? text(sass_context_get_source_map_string(context)) : nil
        return SassOutput(css: css, sourceMap: map, warnings: "")
    }

    private static func scanPartials(_ files: [String], skipping entry: String) -> SassError? {
        for file in Set(files) where file != entry && file != "stdin" {
            guard let source = try? String(contentsOfFile: file, encoding: .utf8),
                  let hit = DartOnlySyntax.find(in: source) else { continue }
            return needsDartSass(hit, file: file, line: hit.line)
        }
        return nil
    }

    private static func needsDartSass(_ hit: DartOnlySyntax.Hit, file: String, line: Int) -> SassError {
        SassError(file: file, line: line, column: hit.column,
                  message: "\(hit.construct) needs Dart Sass, and Galley found only libsass (which has no Sass modules)",
                  hint: SassCompiler.installHint)
    }

    private static func includedFiles(_ context: OpaquePointer?) -> [String] {
        guard let list = sass_context_get_included_files(context) else { return [] }
        var files: [String] = []
        var index = 0
        while let item = list[index] {
            files.append(String(cString: item))
            index += 1
        }
        return files
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

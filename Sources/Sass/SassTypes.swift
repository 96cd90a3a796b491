import Foundation

/// The two Sass syntaxes. Jekyll picks one by the entry's extension (`.scss` or `.sass`).
public enum SassSyntax: String, Sendable, Hashable {
    case scss
    /// The indented syntax (`.sass` files).
    case sass

    /// `.sass` is the indented syntax; anything else is read as SCSS, as Jekyll's converters do.
    public init(pathExtension: String) {
        self = pathExtension.lowercased() == "sass" ? .sass : .scss
    }
}

/// Output styles Dart Sass knows. libsass's `nested` and `compact` are not offered: the reference is Dart Sass.
public enum SassStyle: String, Sendable, Hashable {
    case expanded
    case compressed

    /// Jekyll's `sass: style:` value (`compressed`, `:compressed`, …). jekyll-sass-converter 3.x, which
    /// Jekyll 4.3 installs today, falls back to `expanded` for anything it does not allow, `nested` and `compact` too.
    public init(jekyllValue: String?) {
        let name = (jekyllValue ?? "").trimmingCharacters(in: .whitespaces)
        self = (name.hasPrefix(":") ? String(name.dropFirst()) : name) == "compressed" ? .compressed : .expanded
    }
}

/// One stylesheet to compile: the text Jekyll would hand its converter, and where the file lives.
public struct SassEntry: Sendable, Hashable {
    /// The stylesheet's text, front matter already removed (and Liquid already rendered, if the caller does that).
    public var source: String
    /// The `.scss`/`.sass` file on disk. Relative `@import`/`@use` resolve from its folder (as Jekyll's
    /// converter does by giving Sass the file's URL); errors in the entry name this file.
    public var url: URL
    public var syntax: SassSyntax
    /// Lines above `source` in the real file (the front matter block). Added to error lines in the entry,
    /// so they point at the file as the author sees it while the CSS and source map stay exactly Jekyll's.
    public var lineOffset: Int

    public init(source: String, url: URL, syntax: SassSyntax? = nil, lineOffset: Int = 0) {
        self.source = source
        self.url = url.standardizedFileURL
        self.syntax = syntax ?? SassSyntax(pathExtension: url.pathExtension)
        self.lineOffset = lineOffset
    }

    /// Splits a Jekyll page's text into front matter and body the way Jekyll 4.3 does (`---` first line,
    /// closed by `---` or `...`), returning the body and how many lines the front matter took.
    /// Returns nil when the text has no front matter, which for Jekyll means "not an entry point, copy as is".
    public static func splittingFrontMatter(_ text: String) -> (body: String, lineOffset: Int)? {
        // Lines are cut at "\n" bytes (a Swift Character would hold "\r\n" whole) so the body keeps its bytes.
        let bytes = text.utf8
        var lineStart = bytes.startIndex
        var offset = 0
        while lineStart < bytes.endIndex {
            let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n"))
            let lineEnd = newline ?? bytes.endIndex
            let line = String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            offset += 1
            let next = newline.map { bytes.index(after: $0) } ?? bytes.endIndex
            if offset == 1 {
                guard line == "---" else { return nil }
            } else if line == "---" || line == "..." {
                return (String(decoding: bytes[next...], as: UTF8.self), offset)
            }
            lineStart = next
        }
        return nil
    }
}

/// What a compile needs besides the entry. Values follow Jekyll's `sass:` settings (see `JekyllSassConfig`).
public struct SassOptions: Sendable, Hashable {
    public var style: SassStyle
    /// Searched in order after the entry's own folder, as Dart Sass's `--load-path` / libsass include paths.
    public var loadPaths: [URL]
    /// Produce a source map (Jekyll's `sourcemap: always`, its default).
    public var sourceMap: Bool
    /// Silence warnings from stylesheets reached through load paths (Jekyll's `quiet_deps`).
    public var quietDeps: Bool
    /// Show every deprecation warning instead of the first few (Jekyll's `verbose`).
    public var verbose: Bool

    public init(style: SassStyle = .expanded, loadPaths: [URL] = [], sourceMap: Bool = false,
                quietDeps: Bool = false, verbose: Bool = false) {
        self.style = style
        self.loadPaths = loadPaths.map(\.standardizedFileURL)
        self.sourceMap = sourceMap
        self.quietDeps = quietDeps
        self.verbose = verbose
    }
}

/// A compiled stylesheet.
public struct SassOutput: Sendable, Hashable {
    /// The CSS as Dart Sass's `compileString` returns it: no trailing newline, `@charset`/BOM when non-ASCII.
    public var css: String
    /// Source map JSON as jekyll-sass-converter 3.x writes it (`file` is `<name>.css`, sources relative
    /// to the entry's folder, contents embedded); libsass gives its own form. Nil unless `SassOptions.sourceMap`.
    public var sourceMap: String?
    /// Warnings and `@debug`/`@warn` output, as the compiler printed them (empty when there were none).
    public var warnings: String

    public init(css: String, sourceMap: String? = nil, warnings: String = "") {
        self.css = css
        self.sourceMap = sourceMap
        self.warnings = warnings
    }

    /// The `.css` file jekyll-sass-converter 3.x writes for an entry named `baseName` (e.g. "main"):
    /// with a source map it appends a `sourceMappingURL` comment ("\n\n" before it unless compressed).
    public func jekyllCSS(baseName: String, style: SassStyle) -> String {
        guard sourceMap != nil else { return css }
        let name = baseName + ".css.map"
        let encoded = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
        return css + (style == .compressed ? "" : "\n\n") + "/*# sourceMappingURL=\(encoded) */"
    }
}

/// A Sass compile failure at a place in a source file.
public struct SassError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Absolute path of the file the error is in (the entry or a partial), or the entry's path when unknown.
    public var file: String
    /// 1-based; 0 when the compiler gave no position.
    public var line: Int
    public var column: Int
    public var message: String
    /// What to do about it, when Galley knows more than the compiler said.
    public var hint: String?

    public init(file: String, line: Int, column: Int, message: String, hint: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    /// `file:line:col: error: message` (compiler style, so editors can jump to it), hint on the next line.
    public var description: String {
        var place = file
        if line > 0 { place += ":\(line)" + (column > 0 ? ":\(column)" : "") }
        return "\(place): error: \(message)" + (hint.map { "\n  hint: \($0)" } ?? "")
    }
}

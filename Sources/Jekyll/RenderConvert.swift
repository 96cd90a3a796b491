import Foundation
import Highlight
import Liquid
import Markdown
import Sass
import Site

/// Jekyll's converters: kramdown for Markdown extensions, jekyll-sass-converter for `.scss`/`.sass`
/// pages, identity for the rest (`.html` passes through). One per build, shared by every render.
final class Converter: @unchecked Sendable {
    let markdown: MarkdownRenderer
    let sass: SassCompiler?
    let sassConfig: JekyllSassConfig
    let sassOptions: SassOptions
    let source: URL
    /// Source maps made by Sass entries (`main.css.map`), to be written beside their CSS.
    private let lock = NSLock()
    private var maps: [OutputFile] = []
    private var memo: [String: String] = [:]

    init(config: JekyllConfig, environment: String, sass: SassCompiler?, themeSass: URL? = nil) {
        markdown = Converter.markdownRenderer(config)
        self.sass = sass
        let s = config.sass
        func string(_ k: String) -> String? { s[k].map { $0.liquidString } }
        var loadPaths: [String] = []
        if case .array(let a)? = s["load_paths"] { loadPaths = a.map(\.liquidString) }
        sassConfig = JekyllSassConfig(sassDir: string("sass_dir"), loadPaths: loadPaths, style: string("style"),
                                      sourcemap: string("sourcemap"), quietDeps: s["quiet_deps"]?.isTruthy ?? false,
                                      verbose: s["verbose"]?.isTruthy ?? false)
        sassOptions = sassConfig.options(siteSource: config.source, themeSassPath: themeSass, environment: environment)
        source = config.source
    }

    /// kramdown as Jekyll configures it: GFM input, auto ids, smart quotes, Rouge code blocks.
    static func markdownRenderer(_ config: JekyllConfig) -> MarkdownRenderer {
        let k = config.kramdown
        var options = MarkdownOptions(smartPunctuation: k["smart_quotes"].map { $0.isTruthy } ?? true,
                                      allowRawHTML: true, hardBreaks: k["hard_wrap"]?.isTruthy ?? false,
                                      headingIDs: k["auto_ids"]?.isTruthy ?? true, extensions: true)
        options.kramdown = true
        options.kramdownHTMLBlocks = true
        let highlighter = Highlighter()
        let highlight = config.highlighter != "none" && (k["syntax_highlighter"].map { $0.liquidString } ?? "rouge") != "none"
        return MarkdownRenderer(options: options) { block in
            guard highlight else { return MarkdownRenderer.plainCodeBlock(block) }
            let result = highlighter.highlight(block.code, language: block.language, options: HighlightOptions(unlabeled: .plaintext))
            return MarkdownRenderer.addingAttributes(block.htmlAttributes, toWrapper: result.html)
        }
    }

    /// The document's text after its converter. Markdown's warnings (kramdown syntax read otherwise or
    /// not at all) go to `warn`, at their line in the source file.
    func convert(_ text: String, document doc: JekyllDocument, warn: ((SiteDiagnostic) -> Void)? = nil) throws -> String {
        if doc.isMarkdown {
            let rendered = markdown.render(text)
            if let warn {
                for d in rendered.diagnostics where d.severity == .warning {
                    warn(.warning(doc.relativePath, line: doc.bodyLine - 1 + d.line, column: d.column, d.message, hint: d.hint))
                }
            }
            return rendered.html
        }
        switch doc.ext.lowercased() {
        case ".scss", ".sass": return try compileSass(text, document: doc)
        default: return text
        }
    }

    /// `markdownify`: the site's Markdown converter on any text. Short inputs are memoized: themes
    /// markdownify the same data strings (translations, descriptions) on every page.
    func markdownify(_ text: String) -> String {
        guard text.utf8.count <= 4096 else { return markdown.render(text).html }
        lock.lock()
        if let hit = memo[text] { lock.unlock(); return hit }
        lock.unlock()
        let html = markdown.render(text).html
        lock.lock()
        if memo.count < 20_000 { memo[text] = html }
        lock.unlock()
        return html
    }

    private func compileSass(_ text: String, document doc: JekyllDocument) throws -> String {
        guard let sass else {
            throw SiteDiagnostic.warning(doc.relativePath, "Sass is not available; \(doc.relativePath) was written without compiling",
                                         hint: SassCompiler.installHint)
        }
        let entry = SassEntry(source: text, url: doc.sourceURL, syntax: doc.ext.lowercased() == ".sass" ? .sass : .scss,
                              lineOffset: doc.bodyLine - 1)
        let out: SassOutput
        do {
            out = try sass.compile(entry, options: sassOptions)
        } catch {
            throw SiteDiagnostic.error(relative(error.file), line: error.line, column: error.column,
                                       "Sass error: " + error.message, hint: error.hint)
        }
        let base = ((doc.outputPath ?? doc.relativePath) as NSString).lastPathComponent
        let baseName = (base as NSString).deletingPathExtension
        if let map = out.sourceMap, let path = doc.outputPath {
            lock.lock()
            maps.append(OutputFile(path: path + ".map", data: Data(map.utf8), source: doc.relativePath))
            lock.unlock()
        }
        return out.jekyllCSS(baseName: baseName, style: sassOptions.style) + "\n"
    }

    /// Source maps made so far.
    var sourceMaps: [OutputFile] { lock.lock(); defer { lock.unlock() }; return maps }

    private func relative(_ file: String) -> String {
        let root = source.standardizedFileURL.path + "/"
        return file.hasPrefix(root) ? String(file.dropFirst(root.count)) : file
    }
}

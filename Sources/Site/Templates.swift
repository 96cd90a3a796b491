import Foundation
import Liquid

/// The Liquid templates of a site (`templates/*.liquid`, includes in `templates/partials/`), each parsed once
/// at load and rendered by every page on any thread. A template extends another the way a Jekyll layout does:
/// `layout: base` in its front matter, and the base prints the result as `{{ content }}`.
struct TemplateSet: Sendable {
    /// One parsed template.
    struct Entry: Sendable {
        let template: LiquidTemplate
        /// Where it came from, as diagnostics name it.
        let file: String
        /// Front matter `layout:`, the template this one's output goes into.
        let layout: String?
        /// The front matter, which the layout sees as `layout` (Jekyll's `layout.x`).
        let frontMatter: LiquidHash
    }

    /// Room reserved beyond the content for what a template writes (more than the built-in theme writes).
    static let templateTextBytes = 4096

    let entries: [String: Entry]
    /// Template names (path under templates/ without `.liquid`: `post`, `partials/head`).
    let names: Set<String>
    /// Per template, a hash of its text and of every include and layout it uses, transitively:
    /// a page needs re-rendering only when the revision of its template changed.
    let revisions: [String: Int]
    /// Templates that (with their includes and layouts) read the site-wide lists (`site.posts`, `site.tags` …):
    /// their pages show every post, so their fingerprints cover every post.
    let readsSiteLists: Set<String>
    /// Per template (with its includes and layouts): the keys its markup reads by name (`post.content`,
    /// `post["author"]`). A list page whose template reads a post's body or front matter is made again
    /// when those change, not only when the post's list entry does.
    var keysRead: [String: Set<String>] = [:]
    let engine: LiquidEngine
    let registers: [String: any Sendable]
    let includes: TemplateIncludes
    /// Literal links of the site's own templates, checked by the build (see `TemplateLink`).
    var ownLinks: [TemplateLink] = []

    func has(_ name: String) -> Bool { names.contains(name) }
    func revision(_ name: String) -> Int { revisions[name] ?? 0 }

    /// Renders template `name` and the layouts it extends. `variables` is the page's model (README,
    /// "Template variables"). Warnings and errors come back at their template's file:line:column (the build
    /// reports each once, however many pages hit it); after an error the page is empty.
    func render(_ name: String, _ variables: LiquidHash) -> (output: String, diagnostics: [SiteDiagnostic]) {
        let (content, diagnostics) = renderContent(name, variables)
        return (content.string, diagnostics)
    }

    /// `render`, its output left in pieces: the page's `content` (a post's body) and each layout's input are
    /// spliced in where a template prints them whole (see `LiquidContent`), so a page is copied once, into its file.
    func renderContent(_ name: String, _ variables: LiquidHash) -> (content: LiquidContent, diagnostics: [SiteDiagnostic]) {
        var vars = variables
        var current = name
        var out = LiquidContent.text("")
        var diagnostics: [SiteDiagnostic] = []
        var content: LiquidContent? = if case .string(let c)? = vars["content"] { .text(c) } else { nil }
        while let entry = entries[current] {
            do {
                let result = try engine.render(entry.template, variables: vars, registers: registers, fileSystem: includes,
                                               outputCapacity: Self.templateTextBytes, splice: content.map { ("content", $0) })
                if !result.warnings.isEmpty { diagnostics += RenderReports.diagnostics(result.warnings, offsets: includes.lineOffsets) }
                out = result.content
            } catch {
                return (.text(""), diagnostics + [RenderReports.diagnostic(error, offsets: includes.lineOffsets)])
            }
            guard let next = entry.layout, let layout = entries[next] else { break }
            // A place holder: the engine answers `content` with `out`'s text, made only if something reads it.
            vars["content"] = .null
            vars["layout"] = .hash(layout.frontMatter)
            content = out
            current = next
        }
        return (out, diagnostics)
    }
}

/// Finds `{% include name.liquid %}` in `templates/partials/` (Jekyll's `_includes/`), among the
/// templates parsed at load: nothing is read or parsed while pages render.
struct TemplateIncludes: LiquidFileSystem {
    let partials: [String: LiquidTemplate]
    /// Lines of front matter above each file's body, so warnings point at the file's own lines.
    let lineOffsets: [String: Int]

    func template(named name: String, relative: Bool, from includingFile: String,
                  engine: LiquidEngine) throws(LiquidError) -> LiquidTemplate? {
        var key = name.hasPrefix("partials/") ? String(name.dropFirst("partials/".count)) : name
        if key.hasSuffix(".liquid") { key.removeLast(".liquid".count) }
        return partials[key]
    }
}

/// Render warnings and errors as site diagnostics, at the template file's own lines.
enum RenderReports {
    static func diagnostics(_ warnings: [LiquidDiagnostic], offsets: [String: Int]) -> [SiteDiagnostic] {
        warnings.map { w in
            .warning(w.location.file, line: w.location.line + (offsets[w.location.file] ?? 0), column: w.location.column, w.message, hint: w.hint)
        }
    }

    static func diagnostic(_ error: LiquidError, offsets: [String: Int]) -> SiteDiagnostic {
        var hint = error.hint
        if !error.includeChain.isEmpty {
            // The include tags that led here, at their files' own lines, up to the first tag repeated (a
            // partial that includes itself, or partials in a loop): the loop is shown once round.
            var places: [String] = []
            var seen = Set<String>()
            var loops = false
            for p in error.includeChain {
                let place = "\(p.file):\(p.line + (offsets[p.file] ?? 0)):\(p.column)"
                places.append(place)
                if !seen.insert(place).inserted { loops = true; break }
            }
            let chain = "include chain: " + places.joined(separator: " → ") + (loops ? "; a recursive include needs a condition that ends it" : "")
            if let h = hint, !h.hasPrefix("include chain:") { hint = h + "; " + chain } else { hint = chain }
        }
        return .error(error.file, line: error.line + (offsets[error.file] ?? 0), column: error.column, error.message, hint: hint)
    }
}

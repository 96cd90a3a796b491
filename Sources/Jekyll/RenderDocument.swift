import Foundation
import Liquid
import Site

/// Jekyll's `Renderer` for one page or document: Liquid on the body, the converter, then the layouts,
/// each with the payload Jekyll gives (`site`, `page`, `layout`, `content`, `paginator`, `jekyll`).
/// Errors and warnings go to the site's list; a failed step leaves the document's output nil.
struct DocumentRenderer {
    let site: RenderSite

    /// Liquid (when the body has `{{` or `{%` and `render_with_liquid` is not false), then conversion.
    /// Afterwards `state.content` is the converted body, as `site.posts[i].content` shows it.
    func renderContent(_ state: DocumentState) {
        let doc = state.doc
        var text = doc.body
        if doc.renderWithLiquid, Self.hasLiquid(text) {
            let page = pageValue(state)
            guard let out = liquid(text, file: doc.relativePath, variables: variables(state, page: page, layout: firstLayoutData(doc)),
                                   page: page, state: state) else { return }
            text = out
        }
        do {
            state.content = try site.converter.convert(text, document: doc) { site.sink.add($0) }
        } catch {
            site.sink.add(site.diagnostic(error, file: doc.relativePath))
        }
    }

    /// Places the converted content in its layouts (unless it has none, or is Sass), then lets plugins
    /// rewrite the output. Afterwards `state.output` is the file's text.
    func renderLayouts(_ state: DocumentState) {
        let doc = state.doc
        var output = state.content
        if placeInLayout(doc), let first = doc.layout, !first.isEmpty {
            if site.source.layouts[first] == nil {
                site.sink.add(.warning(doc.relativePath, "Layout '\(first)' requested in \(doc.relativePath) does not exist."))
            }
            let page = pageValue(state)
            var name: String? = first
            var used = Set<String>()
            var layoutData = LiquidHash()
            while let n = name, let layout = site.source.layouts[n], used.insert(n).inserted {
                layoutData = Self.deepMerge(layout.frontMatter, layoutData)
                guard let template = site.layoutTemplates[n] else { return }
                var vars = variables(state, page: page, layout: .hash(layoutData))
                vars["content"] = .string(output)
                guard let out = render(template, variables: vars, page: page, state: state) else { return }
                output = out
                name = layout.frontMatter["layout"].flatMap { v -> String? in
                    if case .string(let s) = v { return s }
                    return nil
                }
            }
        }
        for plugin in site.plugins { output = plugin.postRender(output, document: doc, site: site.view) }
        state.output = output
    }

    /// The excerpt's HTML: its source through Liquid (with `page` the excerpt) and the document's converter.
    func renderExcerpt(_ state: DocumentState) -> String {
        let doc = state.doc
        var text = state.excerptSource
        guard let documentDrop = site.drops[state.index] as? DocumentDrop else {
            return (try? site.converter.convert(text, document: doc)) ?? text
        }
        if doc.renderWithLiquid, Self.hasLiquid(text) {
            let page = Value.drop(ExcerptDrop(document: documentDrop, content: text))
            var vars = variables(state, page: page, layout: .null)
            vars["page"] = page
            guard let out = liquid(text, file: doc.relativePath + "/#excerpt", variables: vars, page: page, state: state) else {
                return ""
            }
            text = out
        }
        do {
            return try site.converter.convert(text, document: doc)
        } catch {
            site.sink.add(site.diagnostic(error, file: doc.relativePath))
            return ""
        }
    }

    // MARK: - Payload

    /// `page`: the shared drop for documents; for pages a drop that shows the raw source as `content`.
    func pageValue(_ state: DocumentState) -> Value {
        if state.doc.kind == .page { return .drop(PageDrop(state: state, site: site, rawContent: true)) }
        return .drop(site.drops[state.index])
    }

    func variables(_ state: DocumentState, page: Value, layout: Value) -> LiquidHash {
        var h = LiquidHash()
        h["site"] = .drop(CurrentSiteDrop(shared: site.siteDrop, relatedPosts: site.relatedPosts(state)))
        h["page"] = page
        h["layout"] = layout
        h["content"] = .null
        h["paginator"] = .null
        h["jekyll"] = ["version": "4.3.1", "environment": .string(site.environment)]
        h["highlighter_prefix"] = .null
        h["highlighter_suffix"] = .null
        for plugin in site.plugins {
            for (k, v) in plugin.variables(for: state.doc, site: site.view).pairs { h[k] = v }
        }
        return h
    }

    /// The first layout's front matter, which the body already sees as `layout` (Jekyll's
    /// `assign_layout_data!`).
    func firstLayoutData(_ doc: JekyllDocument) -> Value {
        guard let name = doc.layout, let layout = site.source.layouts[name] else { return .null }
        return .hash(layout.frontMatter)
    }

    func placeInLayout(_ doc: JekyllDocument) -> Bool {
        ![".scss", ".sass", ".coffee"].contains(doc.ext) && doc.layout != "none"
    }

    // MARK: - Liquid

    private func liquid(_ text: String, file: String, variables: LiquidHash, page: Value, state: DocumentState) -> String? {
        let template: LiquidTemplate
        do {
            template = try site.engine.parse(text, file: file)
        } catch {
            site.sink.add(site.diagnostic(error, file: file))
            return nil
        }
        for w in template.warnings { site.sink.add(site.warning(w)) }
        return render(template, variables: variables, page: page, state: state)
    }

    private func render(_ template: LiquidTemplate, variables: LiquidHash, page: Value, state: DocumentState) -> String? {
        var registers = site.registers
        registers["jekyll.page"] = page
        registers["jekyll.site"] = site.view
        let files = PageIncludes(shared: site.includes, pagePath: state.doc.relativePath)
        do {
            let result = try site.engine.render(template, variables: variables, registers: registers, fileSystem: files)
            for w in result.warnings { site.sink.add(site.warning(w)) }
            JekyllReads.files(result.dependencies)
            return result.output
        } catch {
            site.sink.add(site.diagnostic(error, file: template.file))
            return nil
        }
    }

    /// Jekyll's `Utils.has_liquid_construct?`: files without `{{`/`{%` skip Liquid entirely. On bytes, memchr
    /// to each `{`: Foundation's `contains` went through UTF-16 and was a tenth of a Jekyll build.
    static func hasLiquid(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { buf in
            guard let base = buf.baseAddress else { return false }
            let n = buf.count
            var i = 0
            while i + 1 < n, let hit = memchr(base + i, 0x7B, n - 1 - i) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if base[at + 1] == 0x7B || base[at + 1] == 0x25 { return true }
                i = at + 1
            }
            return false
        }
    }

    /// Jekyll's `Utils.deep_merge_hashes`: `overlay` wins; nested hashes merge.
    static func deepMerge(_ base: LiquidHash, _ overlay: LiquidHash) -> LiquidHash {
        var out = base
        for (k, v) in overlay.pairs {
            if case .hash(let a)? = out[k], case .hash(let b) = v { out[k] = .hash(deepMerge(a, b)) } else { out[k] = v }
        }
        return out
    }
}

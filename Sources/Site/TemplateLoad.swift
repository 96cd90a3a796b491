import Foundation
import Liquid

extension TemplateSet {
    /// README section that explains moving Mustache templates to Liquid.
    static let conversionSection = "README.md, \"Templates from before Liquid\""

    /// Galley's Liquid: Jekyll's filters, strict variables and filters (a typo is a warning with the nearest
    /// name, at its line), and `relative_url`/`absolute_url` that know Galley's URLs already hold the base path.
    static func engine(config: SiteConfig) -> LiquidEngine {
        var filters = StandardFilters.all
        filters.merge(JekyllFilters.pure) { _, jekyll in jekyll }
        for name in ["relative_url", "absolute_url"] {
            if let jekyll = filters[name] { filters[name] = withoutBasePath(jekyll, base: config.basePath) }
        }
        filters["markdownify"] = ThemeFilters.markdownify(config: config)
        var options = LiquidOptions(strictVariables: true, strictFilters: true, errorMode: .warn, timeZone: config.timeZone)
        options.maxIncludeDepth = 50
        return LiquidEngine(options: options, filters: filters, tags: ThemeTags.all(config: config))
    }

    /// `{{ page.url | relative_url }}` (a Jekyll habit) must not add the base path twice: Galley's URLs have it.
    private static func withoutBasePath(_ jekyll: @escaping LiquidFilter, base: String) -> LiquidFilter {
        guard !base.isEmpty else { return jekyll }
        @Sendable func filter(_ input: Value, _ args: [Value], _ keywords: LiquidHash,
                              _ context: LiquidFilterContext) throws(LiquidError) -> Value {
            if case .string(let s) = input, s == base || s.hasPrefix(base + "/") {
                return try jekyll(.string(String(s.dropFirst(base.count))), args, keywords, context)
            }
            return try jekyll(input, args, keywords, context)
        }
        return filter
    }

    /// Loads every `templates/**/*.liquid`, with the built-in theme's for those the site does not have.
    /// Syntax errors, unknown layouts and layout cycles are errors at their line; `.mustache` files left in
    /// `templates/` are one error naming them all.
    static func load(siteDirectory: URL, config: SiteConfig = SiteConfig(), allowedRoots: [String] = [],
                     diagnostics: DiagnosticSink) -> TemplateSet? {
        let base = siteDirectory.appendingPathComponent("templates")
        var sources: [(name: String, file: String, text: String)] = []
        var mustache: [String] = []
        let site = FileWalk.realPath(siteDirectory)
        if let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
            for case let url as URL in e where url.pathExtension == "liquid" || url.pathExtension == "mustache" {
                let rel = String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))
                let file = "templates/" + rel
                if url.pathExtension == "mustache" { mustache.append(file); continue }
                if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil {
                    let (inside, target) = FileWalk.resolvesInside(url.path, site: site, allowed: allowedRoots)
                    if !inside {
                        diagnostics.add(.error(file, "\(file) is a symbolic link to \(target.isEmpty ? "nothing" : target), outside the site folder: it is not read",
                                               hint: "a build reads nothing outside its site folder through links; copy the template into templates/"))
                        continue
                    }
                }
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                switch SourceText.decode(data, file: file) {
                case .success(let text): sources.append((String(rel.dropLast(".liquid".count)), file, text))
                case .failure(let d): diagnostics.add(d)
                }
            }
        }
        if !mustache.isEmpty {
            mustache.sort()
            diagnostics.add(.error(mustache[0], "templates are Liquid now; these Mustache templates are not read: " + mustache.joined(separator: ", "),
                                   hint: "convert each to a .liquid file (\(conversionSection), shows how), or delete it to use the built-in theme's"))
            return nil
        }
        // The built-in theme fills in, file by file, whatever the site's own templates/ does not have
        // (Hugo's project-over-theme lookup): a folder with only content/ and site.yml builds.
        let own = Set(sources.map(\.name))
        // `theme: own`: templates/ is the whole theme (an imported Jekyll one), nothing is filled in.
        for (path, text) in DefaultTheme.files where path.hasSuffix(".liquid") && !config.theme.own {
            let name = String(path.dropLast(".liquid".count))
            if !own.contains(name) { sources.append((name, "templates/\(path) (built-in theme)", text)) }
        }
        sources.sort { $0.name < $1.name }
        let engine = engine(config: config)
        var entries: [String: Entry] = [:]
        var offsets: [String: Int] = [:]
        var layoutLines: [String: Int] = [:]
        var texts: [String: String] = [:]
        var ok = true
        for src in sources {
            let split = SplitSource(src.text)
            var front = LiquidHash()
            var layout: String?
            if let yaml = split.frontMatter {
                switch YAMLDocument.parse(yaml, file: src.file, lineOffset: 1) {
                case .success(let doc):
                    diagnostics.add(contentsOf: doc.warnings)   // a key given twice, at the repeat
                    for v in doc.values {
                        front[v.key] = v.value.liquid
                        if v.key == "layout", let name = v.value.text, !name.isEmpty {
                            layout = name.hasSuffix(".liquid") ? String(name.dropLast(".liquid".count)) : name
                            layoutLines[src.name] = v.line
                        }
                    }
                case .failure(let d): diagnostics.add(d); ok = false; continue
                }
            }
            offsets[src.file] = split.bodyLineOffset
            texts[src.name] = src.text
            do {
                let template = try engine.parse(split.body, file: src.file)
                for w in template.warnings {
                    diagnostics.add(.warning(w.location.file, line: w.location.line + split.bodyLineOffset, column: w.location.column, w.message, hint: w.hint))
                }
                entries[src.name] = Entry(template: template, file: src.file, layout: layout, frontMatter: front)
            } catch {
                diagnostics.add(.error(error.file, line: error.line + split.bodyLineOffset, column: error.column,
                                       "template syntax error: \(error.message)", hint: error.hint))
                ok = false
            }
        }
        guard ok, checkLayouts(entries, lines: layoutLines, diagnostics: diagnostics) else { return nil }
        let names = Set(entries.keys)
        let partialNames = Set(names.filter { $0.hasPrefix("partials/") }.map { String($0.dropFirst("partials/".count)) })
        // Each source's include tags, found once for the check and the dependencies (two scans were 29M instructions).
        let tags = Dictionary(sources.map { ($0.name, includeTags($0.text)) }, uniquingKeysWith: { first, _ in first })
        guard checkIncludes(sources, tags: tags, partials: partialNames, diagnostics: diagnostics) else { return nil }
        var partials: [String: LiquidTemplate] = [:]
        for (name, entry) in entries where name.hasPrefix("partials/") { partials[String(name.dropFirst("partials/".count))] = entry.template }
        let includes = TemplateIncludes(partials: partials, lineOffsets: offsets)
        let (revisions, lists, keys) = dependencies(entries, texts: texts, tags: tags)
        let registers: [String: any Sendable] = [
            "jekyll.urls": JekyllURLSettings(url: config.origin, baseurl: config.basePath)]
        var set = TemplateSet(entries: entries, names: names, revisions: revisions, readsSiteLists: lists, engine: engine,
                           registers: registers, includes: includes)
        set.keysRead = keys
        set.ownLinks = sources.filter { own.contains($0.name) }.flatMap { TemplateLink.scan($0.text, file: $0.file) }
        return set
    }

    /// Every `layout:` names a template, and no chain of layouts comes back to where it started.
    private static func checkLayouts(_ entries: [String: Entry], lines: [String: Int], diagnostics: DiagnosticSink) -> Bool {
        var ok = true
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            guard let layout = entry.layout else { continue }
            guard entries[layout] != nil else {
                let near = Suggest.nearest(layout, in: entries.keys.filter { !$0.hasPrefix("partials/") }.sorted())
                diagnostics.add(.error(entry.file, line: lines[name] ?? 0, column: 1, "layout `\(layout)` does not exist",
                                       hint: (near.map { "did you mean `\($0)`? " } ?? "") + "create templates/\(layout).liquid or fix the name"))
                ok = false
                continue
            }
            var chain = [name]
            var next: String? = layout
            while let n = next, let e = entries[n] {
                if n == name {
                    diagnostics.add(.error(entry.file, line: lines[name] ?? 0, column: 1,
                                           "layouts extend each other in a circle: " + (chain + [n]).joined(separator: " → "),
                                           hint: "one of them must be the outermost layout, without `layout:`"))
                    ok = false
                    break
                }
                if chain.contains(n) { break }   // a circle further on: reported at its own templates
                chain.append(n)
                next = e.layout
            }
        }
        return ok
    }

    /// Per template: a revision over its text and everything it includes or extends, and whether any of that
    /// reads the site-wide post lists.
    private static func dependencies(_ entries: [String: Entry], texts: [String: String],
                                     tags: [String: [(name: String, line: Int, column: Int)]]) -> ([String: Int], Set<String>, [String: Set<String>]) {
        var references: [String: Set<String>] = [:]
        for (name, text) in texts {
            var refs = Set<String>()
            if let layout = entries[name]?.layout { refs.insert(layout) }
            for tag in tags[name] ?? includeTags(text) { refs.insert("partials/" + tag.name) }
            references[name] = refs
        }
        var revisions: [String: Int] = [:]
        var lists = Set<String>()
        var keysRead: [String: Set<String>] = [:]
        // Each text is scanned once: every template's closure would otherwise rescan the partials it shares.
        let reads = texts.mapValues(readsSiteLists)
        let keys = texts.mapValues(keysNamed)
        for name in entries.keys {
            var seen: Set<String> = [name]
            var queue = [name]
            while let n = queue.popLast() {
                for r in references[n] ?? [] where seen.insert(r).inserted { queue.append(r) }
            }
            var h = Hasher()
            for n in seen.sorted() { h.combine(n); h.combine(texts[n]) }
            revisions[name] = h.finalize()
            if seen.contains(where: { reads[$0] ?? false }) { lists.insert(name) }
            keysRead[name] = seen.reduce(into: Set<String>()) { $0.formUnion(keys[$1] ?? []) }
        }
        return (revisions, lists, keysRead)
    }

    /// The keys a template's markup reads by name: `x.key`, `x["key"]`, `x['key']`; and `*` when a loop
    /// goes over what another loop's variable holds (`{% for pair in post %}`: every key of an entry).
    static func keysNamed(_ text: String) -> Set<String> {
        var keys = Set<String>()
        var loopNames = Set<Substring>(), loopSources = Set<Substring>()
        var rest = Substring(text)
        while let start = firstOpening(rest) {
            let body = rest[rest.index(start, offsetBy: 2)...]
            let close = firstClosing(body) ?? body.endIndex
            let words = body[..<close].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "-" })
            if words.count >= 4, words[0] == "for", words[2] == "in" {
                loopNames.insert(words[1])
                loopSources.insert(words[3])
            }
            let markup = Array(body[..<close].utf8)
            var i = 0
            func isName(_ b: UInt8) -> Bool {
                (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D || b == 0x3F
            }
            while i < markup.count {
                let b = markup[i]
                if b == UInt8(ascii: "."), i + 1 < markup.count, isName(markup[i + 1]) {
                    var j = i + 1
                    while j < markup.count, isName(markup[j]) { j += 1 }
                    keys.insert(String(decoding: markup[(i + 1)..<j], as: UTF8.self))
                    i = j
                } else if b == UInt8(ascii: "["), i + 1 < markup.count, markup[i + 1] == UInt8(ascii: "\"") || markup[i + 1] == UInt8(ascii: "'") {
                    let quote = markup[i + 1]
                    var j = i + 2
                    while j < markup.count, markup[j] != quote { j += 1 }
                    keys.insert(String(decoding: markup[min(i + 2, j)..<j], as: UTF8.self))
                    i = j + 1
                } else {
                    i += 1
                }
            }
            rest = body[close...]
        }
        if !loopSources.isDisjoint(with: loopNames) { keys.insert("*") }
        return keys
    }

    /// Names after `include`/`render` written as literals (`{% include head.liquid %}`), without `.liquid`, with the
    /// 1-based line and column of their tag. A name computed at render time is not known here; its page's
    /// fingerprint covers only what is listed.
    static func includeTags(_ text: String) -> [(name: String, line: Int, column: Int)] {
        var out: [(name: String, line: Int, column: Int)] = []
        var line = 1, column = 1
        var counted = text.startIndex
        var rest = Substring(text)
        while let r = rest.range(of: "{%") {
            for ch in text[counted..<r.lowerBound] { if ch == "\n" { line += 1; column = 1 } else { column += 1 } }
            counted = r.lowerBound
            rest = rest[r.upperBound...]
            let tag = rest.drop { $0 == "-" || $0 == " " || $0 == "\t" || $0 == "\n" }
            // `{% raw %}` shows its text as written (an include tag in an example is no include).
            if tag.hasPrefix("raw"), tag.dropFirst(3).first.map({ $0 == " " || $0 == "-" || $0 == "%" }) ?? false {
                if let end = rest.range(of: "endraw") { rest = rest[end.upperBound...] }
                continue
            }
            for keyword in ["include ", "render "] where tag.hasPrefix(keyword) {
                let after = tag.dropFirst(keyword.count).drop { $0 == " " }
                var name = after.prefix { !" \t\n%".contains($0) }
                if name.hasSuffix("-") && after.dropFirst(name.count).hasPrefix("%}") { name = name.dropLast() }
                if name.contains("{{") { continue }
                var n = String(name).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
                if n.hasPrefix("partials/") { n.removeFirst("partials/".count) }
                if n.hasSuffix(".liquid") { n.removeLast(".liquid".count) }
                if !n.isEmpty { out.append((n, line, column)) }
            }
        }
        return out
    }

    /// An include of a partial that does not exist, written as a literal name: an error at its tag, before
    /// any page renders (rendering would fail on every page that reaches it).
    private static func checkIncludes(_ sources: [(name: String, file: String, text: String)], tags: [String: [(name: String, line: Int, column: Int)]],
                                      partials: Set<String>, diagnostics: DiagnosticSink) -> Bool {
        var ok = true
        for src in sources {
            for tag in tags[src.name] ?? includeTags(src.text) where !partials.contains(tag.name) {
                let near = Suggest.nearest(tag.name, in: partials.sorted()).map { "did you mean `\($0).liquid`? " } ?? ""
                diagnostics.add(.error(src.file, line: tag.line, column: tag.column, "included file `\(tag.name).liquid` does not exist in templates/partials/",
                                       hint: near + "create templates/partials/\(tag.name).liquid or fix the name"))
                ok = false
            }
        }
        return ok
    }

    /// Whether a template reads what lists every post (`site.posts`, `site.tags`, `site.categories`,
    /// `site.terms`, `site.series`) or passes `site` around whole, where any of them could be read.
    static func readsSiteLists(_ text: String) -> Bool {
        var rest = Substring(text)
        // Only Liquid markup counts: `site` in the page's own text (`class="site-main"`) is not a variable.
        while let start = firstOpening(rest) {
            let body = rest[rest.index(start, offsetBy: 2)...]
            let close = firstClosing(body) ?? body.endIndex
            if markupReadsSiteLists(body[..<close]) { return true }
            rest = body[close...]
        }
        return false
    }

    /// The first `{{` or `{%`, in one pass over the UTF-8 (the generic substring search ran once per
    /// delimiter and again to compare, over every template on every build).
    private static func firstOpening(_ text: Substring) -> String.Index? {
        firstPair(text) { $0 == UInt8(ascii: "{") && ($1 == UInt8(ascii: "{") || $1 == UInt8(ascii: "%")) }
    }

    /// The first `}}` or `%}`.
    private static func firstClosing(_ text: Substring) -> String.Index? {
        firstPair(text) { ($0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "%")) && $1 == UInt8(ascii: "}") }
    }

    private static func firstPair(_ text: Substring, _ matches: (UInt8, UInt8) -> Bool) -> String.Index? {
        let utf8 = text.utf8
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let next = utf8.index(after: i)
            if next == utf8.endIndex { return nil }
            if matches(utf8[i], utf8[next]) { return i }
            i = next
        }
        return nil
    }

    static func markupReadsSiteLists(_ markup: Substring) -> Bool {
        // ASCII markup (nearly all) on its bytes: the same answer, without a Foundation search per `site`.
        if let ascii = markup.utf8.withContiguousStorageIfAvailable({ b in b.allSatisfy { $0 < 0x80 } ? asciiReadsSiteLists(b) : nil }),
           let answer = ascii { return answer }
        return generalReadsSiteLists(markup)
    }

    /// `generalReadsSiteLists` on ASCII bytes (a letter is a-z/A-Z, a number a digit, as `Character` says of ASCII).
    static func asciiReadsSiteLists(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        func isAlnum(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A || (c >= 0x30 && c <= 0x39) }
        let n = b.count
        var start = 0   // where `rest` begins: a character before it is not looked at
        var i = 0
        while i + 4 <= n {
            guard b[i] == 0x73, b[i + 1] == 0x69, b[i + 2] == 0x74, b[i + 3] == 0x65 else { i += 1; continue }   // "site"
            let before: UInt8? = i > start ? b[i - 1] : nil
            start = i + 4
            i = start
            if let c = before, isAlnum(c) || c == 0x5F || c == 0x2E || c == 0x2D { continue }
            guard start < n, b[start] == 0x2E else {
                if start < n, isAlnum(b[start]) || b[start] == 0x5F || b[start] == 0x2D { continue }
                return true
            }
            var j = start + 1
            while j < n, isAlnum(b[j]) || b[j] == 0x5F { j += 1 }
            let key = String(decoding: UnsafeBufferPointer(rebasing: b[(start + 1)..<j]), as: UTF8.self)
            if ["posts", "tags", "categories", "terms", "series"].contains(key) { return true }
        }
        return false
    }

    static func generalReadsSiteLists(_ markup: Substring) -> Bool {
        var rest = markup
        while let r = rest.range(of: "site") {
            let before = rest[..<r.lowerBound].last
            rest = rest[r.upperBound...]
            if let b = before, b.isLetter || b.isNumber || b == "_" || b == "." || b == "-" { continue }
            guard rest.first == "." else {
                if let c = rest.first, c.isLetter || c.isNumber || c == "_" || c == "-" { continue }   // `site_nav`, `sites`
                return true   // `site` itself: `{% assign s = site %}`, `site["posts"]`
            }
            let key = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if ["posts", "tags", "categories", "terms", "series"].contains(key) { return true }
        }
        return false
    }
}

import Foundation
import Mustache

/// The Mustache templates of a site, loaded and checked before anything is rendered.
struct TemplateSet: Sendable {
    let library: MustacheLibrary
    /// Template names (path under templates/ without `.mustache`).
    let names: Set<String>
    /// Per template, a hash of its text and of every partial and layout it uses, transitively:
    /// a page needs re-rendering only when the revision of its template changed.
    let revisions: [String: Int]
    /// The same templates for the typed renderer; nil when one of them needs swift-mustache itself.
    let fast: FastMustache?

    init(library: MustacheLibrary, names: Set<String>, revisions: [String: Int], fast: FastMustache?) {
        self.library = library
        self.names = names
        self.revisions = revisions
        self.fast = fast
    }

    init(library: MustacheLibrary, names: Set<String>, revisions: [String: Int]) {
        self.init(library: library, names: names, revisions: revisions,
                  fast: ProcessInfo.processInfo.environment["GALLEY_SLOW_TEMPLATES"] == nil ? FastMustache(library, names: names) : nil)
    }

    func has(_ name: String) -> Bool { names.contains(name) }
    func revision(_ name: String) -> Int { revisions[name] ?? 0 }

    /// Renders template `name`; the name must exist (checked at load).
    func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    /// Renders template `name` with the typed renderer, or with swift-mustache when that cannot (same bytes either way).
    func render(_ name: String, _ context: TemplateValue, capacity: Int = 0) -> String {
        if let fast, !Self.swiftMustacheOnly, let out = try? fast.render(name, context, capacity: capacity) { return out }
        return library.render(context.any, withTemplate: name) ?? ""
    }

    /// Set by tests to render with swift-mustache alone and compare.
    @TaskLocal static var swiftMustacheOnly = false

    /// Loads every `templates/**/*.mustache`. Reports syntax errors, unclosed sections at their
    /// opening tag, and partials or layouts that do not exist (swift-mustache would render them as nothing).
    static func load(siteDirectory: URL, allowedRoots: [String] = [], diagnostics: DiagnosticSink) -> TemplateSet? {
        let base = siteDirectory.appendingPathComponent("templates")
        var sources: [(name: String, file: String, text: String)] = []
        let site = FileWalk.realPath(siteDirectory)
        if let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
            for case let url as URL in e where url.pathExtension == "mustache" {
                let rel = String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))
                let file = "templates/" + rel
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
                case .success(let text): sources.append((String(rel.dropLast(".mustache".count)), file, text))
                case .failure(let d): diagnostics.add(d)
                }
            }
        }
        // The built-in theme fills in, file by file, whatever the site's own templates/ does not have
        // (Hugo's project-over-theme lookup): a folder with only content/ and site.yml builds.
        let own = Set(sources.map(\.name))
        for (path, text) in DefaultTheme.files where path.hasSuffix(".mustache") {
            let name = String(path.dropLast(".mustache".count))
            if !own.contains(name) { sources.append((name, "templates/\(path) (built-in theme)", text)) }
        }
        sources.sort { $0.name < $1.name }
        var library = MustacheLibrary()
        let names = Set(sources.map(\.name))
        var ok = true
        var references: [String: [String: TemplateCycles.Place]] = [:]
        var files: [String: String] = [:]
        var texts: [String: String] = [:]
        for src in sources {
            var refs: [String: TemplateCycles.Place] = [:]
            let problems = check(src.text, file: src.file, known: names, references: &refs)
            // Names outside the model render as nothing, silently: warn (the built-in theme is tested clean).
            if own.contains(src.name) {
                diagnostics.add(contentsOf: TemplateModel.check(src.text, file: src.file, isPartial: src.name.hasPrefix("partials/")))
            }
            references[src.name] = refs
            files[src.name] = src.file
            texts[src.name] = src.text
            if !problems.isEmpty { diagnostics.add(contentsOf: problems); ok = false; continue }
            do {
                library.register(try MustacheTemplate(string: src.text), named: src.name)
            } catch let e as MustacheTemplate.ParserError {
                diagnostics.add(.error(src.file, line: e.context.lineNumber, column: e.context.columnNumber + 1,
                                       "template syntax error: \(describe(e.error))", hint: "near `\(e.context.line.trimmingCharacters(in: .whitespaces))`"))
                ok = false
            } catch {
                diagnostics.add(.error(src.file, line: 1, column: 1, "template syntax error: \(error)")); ok = false
            }
        }
        // A template that includes itself, directly or through others, recurses until the stack
        // overflows (Galley's page data has no nesting a recursion could stop on): an error, at load.
        guard ok else { return nil }
        let fast = ProcessInfo.processInfo.environment["GALLEY_SLOW_TEMPLATES"] == nil ? FastMustache(library, names: names) : nil
        for (name, included) in fast?.includes() ?? [:] {
            for other in included where references[name]?[other] == nil { references[name, default: [:]][other] = .init(line: 1, column: 1) }
        }
        let cycles = TemplateCycles.find(references: references, files: files)
        if !cycles.isEmpty { diagnostics.add(contentsOf: cycles); return nil }
        var revisions: [String: Int] = [:]
        for name in names {
            var seen: Set<String> = [name]
            var queue = [name]
            while let n = queue.popLast() {
                for r in (references[n] ?? [:]).keys where seen.insert(r).inserted { queue.append(r) }
            }
            var h = Hasher()
            for n in seen.sorted() { h.combine(n); h.combine(texts[n]) }
            revisions[name] = h.finalize()
        }
        return TemplateSet(library: library, names: names, revisions: revisions, fast: fast)
    }

    private static func describe(_ e: Error) -> String {
        switch e as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?: return "closing tag does not match the open section"
        case .unfinishedName?: return "unfinished tag"
        case .expectedSectionEnd?: return "section is never closed"
        case .invalidSetDelimiter?: return "bad set-delimiter tag"
        default: return "\(e)"
        }
    }

    /// Scans tags (default `{{ }}` delimiters) for balance and references.
    static func check(_ text: String, file: String, known: Set<String>, references: inout [String: TemplateCycles.Place]) -> [SiteDiagnostic] {
        var problems: [SiteDiagnostic] = []
        var open: [(name: String, line: Int, col: Int)] = []
        var line = 1, col = 1
        var i = text.startIndex
        while i < text.endIndex {
            if text[i...].hasPrefix("{{") {
                let tagLine = line, tagCol = col
                guard let close = text.range(of: "}}", range: text.index(i, offsetBy: 2)..<text.endIndex) else {
                    problems.append(.error(file, line: tagLine, column: tagCol, "tag `{{` is never closed with `}}`"))
                    break
                }
                var inner = text[text.index(i, offsetBy: 2)..<close.lowerBound]
                var end = close.upperBound
                if inner.hasPrefix("{"), end < text.endIndex, text[end] == "}" { inner = inner.dropFirst(); end = text.index(after: end) }
                let sigil = inner.first
                let name = inner.dropFirst().trimmingCharacters(in: .whitespaces)
                switch sigil {
                case "#", "^", "$":
                    open.append((name, tagLine, tagCol))
                case "<":
                    open.append((name, tagLine, tagCol))
                    if references[name] == nil { references[name] = .init(line: tagLine, column: tagCol) }
                    if !known.contains(name) {
                        problems.append(.error(file, line: tagLine, column: tagCol, "layout `\(name)` does not exist",
                                               hint: "create templates/\(name).mustache or fix the name"))
                    }
                case ">":
                    if references[name] == nil { references[name] = .init(line: tagLine, column: tagCol) }
                    if !known.contains(name) {
                        problems.append(.error(file, line: tagLine, column: tagCol, "partial `\(name)` does not exist",
                                               hint: "create templates/\(name).mustache or fix the name"))
                    }
                case "/":
                    if let last = open.last, last.name == name {
                        open.removeLast()
                    } else if let last = open.last {
                        problems.append(.error(file, line: tagLine, column: tagCol,
                                               "`{{/\(name)}}` closes a section that is not open; `\(last.name)` (line \(last.line)) is",
                                               hint: "close `\(last.name)` first"))
                        return problems
                    } else {
                        problems.append(.error(file, line: tagLine, column: tagCol, "`{{/\(name)}}` closes a section that was never opened"))
                        return problems
                    }
                default: break
                }
                for ch in text[i..<end] {
                    if ch == "\n" { line += 1; col = 1 } else { col += 1 }
                }
                i = end
                continue
            }
            if text[i] == "\n" { line += 1; col = 1 } else { col += 1 }
            i = text.index(after: i)
        }
        for o in open {
            problems.append(.error(file, line: o.line, column: o.col, "section `\(o.name)` is never closed",
                                   hint: "add `{{/\(o.name)}}`"))
        }
        return problems
    }
}

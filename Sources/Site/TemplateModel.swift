/// What templates can see (README, "Template variables"), so a name that is not there — `{{page.titel}}`,
/// which renders as nothing on every page — is a warning at its line with the nearest name, and a
/// Liquid habit (`{{ x | upcase }}`, `{% if %}`) gets a hint instead of silent blank output.
enum TemplateModel {
    indirect enum Shape: Sendable {
        case scalar
        /// Free-form (front matter params): anything goes below it.
        case any
        case map([String: Shape])
        case list(Shape)
    }

    static let date: Shape = .map(["iso": .scalar, "display": .scalar, "short": .scalar, "year": .scalar, "month": .scalar,
                                   "monthName": .scalar, "day": .scalar])
    static let term: Shape = .map(["name": .scalar, "slug": .scalar, "url": .scalar, "count": .scalar, "kind": .scalar])
    static let link: Shape = .map(["title": .scalar, "url": .scalar])
    static let feeds: Shape = .map(["title": .scalar, "rss": .scalar, "atom": .scalar, "json": .scalar])
    static let seriesPart: Shape = .map(["title": .scalar, "url": .scalar, "part": .scalar, "current": .scalar])
    /// The theme's words in the page's language (`{{t.min_read}}`; README, "Languages").
    static let words: Shape = .map(Dictionary(uniqueKeysWithValues: Words.keys.filter { $0 != "date_format" }.map { ($0, Shape.scalar) }))
    static let summaryFields: [String: Shape] = [
        "lang": .scalar, "otherLanguage": .scalar, "t": words,
        "title": .scalar, "url": .scalar, "date": date, "excerpt": .scalar, "summary": .scalar, "description": .scalar,
        "readingTime": .scalar, "tags": .list(term), "categories": .list(term),
    ]
    static let page: Shape = .map(summaryFields.merging([
        "kind": .scalar, "isPost": .scalar, "hasCode": .scalar, "showTOC": .scalar, "notice": .scalar, "absoluteURL": .scalar, "content": .scalar, "wordCount": .scalar, "source": .scalar,
        "updated": date, "author": .map(["name": .scalar]), "image": .scalar, "params": .any, "previous": link, "next": link,
        "related": .list(link), "headings": .list(.map(["level": .scalar, "id": .scalar, "text": .scalar])),
        "term": .map(["name": .scalar, "slug": .scalar, "kind": .scalar, "count": .scalar, "label": .scalar]), "feeds": feeds,
        "series": .map(["name": .scalar, "slug": .scalar, "url": .scalar, "part": .scalar, "count": .scalar,
                        "parts": .list(seriesPart), "previous": link, "next": link]),
    ]) { a, _ in a })
    static let root: Shape = .map([
        "site": .map(["title": .scalar, "description": .scalar, "language": .scalar, "generator": .scalar, "copyrightYear": .scalar,
                      "url": .scalar, "basePath": .scalar, "home": .scalar, "postsURL": .scalar, "tagsURL": .scalar, "seriesURL": .scalar,
                      "archiveURL": .scalar, "assets": .scalar, "feeds": feeds,
                      "author": .map(["name": .scalar, "email": .scalar, "url": .scalar]), "menu": .list(link),
                      "search": .map(["url": .scalar, "index": .scalar, "fallback": .map(["action": .scalar, "field": .scalar, "value": .scalar])])]),
        "page": page,
        "t": words,
        // On a series page each entry also has its part number.
        "posts": .list(.map(summaryFields.merging(["part": .scalar]) { a, _ in a })),
        "pagination": .map(["current": .scalar, "total": .scalar, "label": .scalar, "title": .scalar, "previousURL": .scalar, "nextURL": .scalar]),
        "terms": .list(term), "tags": .list(term), "categories": .list(term), "series": .list(term),
        "years": .list(.map(["year": .scalar, "count": .scalar, "months": .list(.map(["name": .scalar, "posts": .list(.map(summaryFields))]))])),
    ])

    /// Every field name anywhere in the model: a partial is rendered inside its caller's sections, so a
    /// bare name in it is accepted when some level of the model has it.
    static let allNames: Set<String> = {
        var names = Set<String>()
        func walk(_ s: Shape) {
            switch s {
            case .map(let m): for (k, v) in m { names.insert(k); walk(v) }
            case .list(let e): walk(e)
            case .scalar, .any: break
            }
        }
        walk(root)
        return names
    }()

    static let transforms: Set<String> = ["first", "last", "index", "even", "odd", "empty", "count", "reversed", "sorted",
                                          "capitalized", "lowercased", "uppercased", "enumerated", "equalzero", "plusone", "minusone"]

    /// Warnings for `text`, a template at `file` (a partial when its name starts with `partials/`).
    static func check(_ text: String, file: String, isPartial: Bool) -> [SiteDiagnostic] {
        var out: [SiteDiagnostic] = []
        var stack: [Shape] = [root]
        var pushed: [Bool] = []
        var line = 1, col = 1
        var i = text.startIndex
        func warn(_ l: Int, _ c: Int, _ message: String, _ hint: String) {
            out.append(.warning(file, line: l, column: c, message, hint: hint))
        }
        while i < text.endIndex {
            let rest = text[i...]
            if rest.hasPrefix("{%") {
                let end = rest.range(of: "%}")?.upperBound ?? rest.endIndex
                warn(line, col, "Liquid tag `\(rest[..<end].prefix(40))` in a Mustache template is shown as text",
                     "Mustache has no tags: `{{#x}}…{{/x}}` renders when x is set (and repeats for lists), `{{^x}}…{{/x}}` when it is not")
            }
            guard rest.hasPrefix("{{"), let close = text.range(of: "}}", range: text.index(i, offsetBy: 2)..<text.endIndex) else {
                if text[i] == "\n" { line += 1; col = 1 } else { col += 1 }
                i = text.index(after: i)
                continue
            }
            let tagLine = line, tagCol = col
            var inner = text[text.index(i, offsetBy: 2)..<close.lowerBound]
            var end = close.upperBound
            if inner.hasPrefix("{"), end < text.endIndex, text[end] == "}" { inner = inner.dropFirst(); end = text.index(after: end) }
            for ch in text[i..<end] { if ch == "\n" { line += 1; col = 1 } else { col += 1 } }
            i = end
            var sigil: Character? = inner.first.flatMap { "#^/$<>!=&".contains($0) ? $0 : nil }
            let name = (sigil == nil ? inner : inner.dropFirst()).trimmingCharacters(in: .whitespaces)
            if sigil == "&" { sigil = nil }
            if sigil == "=" { return out }   // new delimiters: stop rather than misread the rest
            if sigil == "!" || sigil == "$" || sigil == "<" || sigil == ">" { continue }
            if sigil == "/" {
                if let p = pushed.popLast(), p, stack.count > 1 { stack.removeLast() }
                continue
            }
            if name.contains("|") {
                warn(tagLine, tagCol, "`{{\(inner)}}` uses a Liquid filter; Mustache has none, so this renders as nothing",
                     "write the value itself (`{{\(name.split(separator: "|")[0].trimmingCharacters(in: .whitespaces))}}`), or a transform such as `{{uppercased(x)}}`")
                if sigil == "#" { pushed.append(false) }
                continue
            }
            let shape = resolve(name, stack: stack, isPartial: isPartial) { message, hint in warn(tagLine, tagCol, message, hint) }
            if sigil == "#" {
                switch shape {
                case .list(let e)?: stack.append(e); pushed.append(true)
                case .map?: stack.append(shape!); pushed.append(true)
                case .any?: stack.append(.any); pushed.append(true)
                default: stack.append(.scalar); pushed.append(true)
                }
            } else if sigil == "^" {
                pushed.append(false)
            }
        }
        return out
    }

    /// The shape `name` has in the context `stack`; nil (after a warning) when it is not in the model.
    private static func resolve(_ raw: String, stack: [Shape], isPartial: Bool, warn: (String, String) -> Void) -> Shape? {
        var path = raw
        var applied: [String] = []
        while let open = path.firstIndex(of: "("), path.hasSuffix(")") {
            let fn = String(path[..<open])
            guard transforms.contains(fn) else {
                warn("unknown transform `\(fn)` in `{{\(raw)}}` renders as nothing",
                     "transforms: " + transforms.sorted().joined(separator: ", "))
                return nil
            }
            applied.append(fn)
            path = String(path[path.index(after: open)..<path.index(before: path.endIndex)])
        }
        var shape: Shape?
        if path == "." || path.isEmpty {
            shape = path.isEmpty ? .scalar : stack.last
        } else {
            let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            for s in stack.reversed() {
                switch s {
                case .map(let m): if let f = m[keys[0]] { shape = f }
                case .any: shape = .any
                default: break
                }
                if shape != nil { break }
            }
            if shape == nil {
                if isPartial && allNames.contains(keys[0]) {
                    shape = .any
                } else {
                    let visible = stack.flatMap { s -> [String] in if case .map(let m) = s { return Array(m.keys) } else { return [] } }
                    let near = Suggest.nearest(keys[0], in: visible.sorted())
                    warn("`\(keys[0])` is not a template variable here; `{{\(raw)}}` renders as nothing" + (near.map { "; did you mean `\($0)`?" } ?? ""),
                         "README.md, \"Template variables\", lists what each page has")
                    return nil
                }
            }
            for (n, key) in keys.enumerated().dropFirst() {
                switch shape! {
                case .any: break
                case .map(let m):
                    guard let f = m[key] else {
                        let near = Suggest.nearest(key, in: m.keys.sorted())
                        let parent = keys[..<n].joined(separator: ".")
                        warn("`\(parent)` has no `\(key)`; `{{\(raw)}}` renders as nothing" + (near.map { "; did you mean `\(parent).\($0)`?" } ?? ""),
                             "`\(parent)` has: " + m.keys.sorted().joined(separator: ", "))
                        return nil
                    }
                    shape = f
                case .list, .scalar:
                    warn("`\(keys[..<n].joined(separator: "."))` has no fields; `{{\(raw)}}` renders as nothing",
                         "a list is read with a section: `{{#x}}{{name}}{{/x}}`")
                    return nil
                }
            }
        }
        for fn in applied.reversed() {
            if fn == "first" || fn == "last", case .list(let e)? = shape { shape = e }
            else if fn == "reversed" || fn == "sorted" { continue }
            else { shape = .scalar }
        }
        return shape
    }
}

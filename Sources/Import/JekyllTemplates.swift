import Foundation

/// A Jekyll layout or include as a Galley template: the same Liquid, except what Galley's templates cannot run,
/// which becomes `{% jekyll_only … %}` (it shows nothing, and the build warns at its line) and is listed.
enum JekyllTemplates {
    /// Tags Galley's templates run: Liquid's own, Jekyll's `highlight`, jekyll-seo-tag's and jekyll-feed's.
    static let known: Set<String> = [
        "assign", "capture", "endcapture", "case", "when", "endcase", "comment", "endcomment", "cycle", "decrement",
        "increment", "echo", "for", "endfor", "break", "continue", "if", "elsif", "else", "endif", "ifchanged",
        "endifchanged", "include", "render", "liquid", "raw", "endraw", "tablerow", "endtablerow", "unless", "endunless",
        "doc", "enddoc", "seo", "feed_meta", "jekyll_only", "highlight", "endhighlight",
    ]
    /// Tags of plugins, by the plugin that defines them (for the report).
    static let plugins: [String: String] = [
        "avatar": "jekyll-avatar", "github_edit_link": "jekyll-github-edit-link", "gist": "jekyll-gist",
        "include_cached": "jekyll-include-cache", "twitter": "jekyll-twitter-plugin", "mentions": "jekyll-mentions",
    ]

    struct Result {
        var text: String
        var leftovers: [JekyllImport.Leftover] = []
    }

    /// `links`: `link:<source path>` and `post_url:<post name>` → the URL Jekyll gave it (see
    /// `JekyllImportCheck.links`): such a tag with a literal argument is written as that URL.
    static func convert(_ text: String, file: String, links: [String: String] = [:]) -> Result {
        var result = Result(text: "")
        var out = ""
        var rest = Substring(text)
        var line = 1
        var quiet: String?   // inside `comment` or `raw`: nothing is run there
        var blocks: [String] = []   // open tags of unknown blocks, so their end tags close the comment
        while let open = rest.range(of: "{%") {
            out += rest[..<open.lowerBound]
            line += rest[..<open.lowerBound].filter { $0 == "\n" }.count
            guard let close = rest.range(of: "%}", range: open.upperBound..<rest.endIndex) else { out += rest[open.lowerBound...]; rest = ""; break }
            let whole = String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
            defer { line += whole.filter { $0 == "\n" }.count }
            let inner = whole.dropFirst(2).dropLast(2).trimmingCharacters(in: CharacterSet(charactersIn: "-").union(.whitespacesAndNewlines))
            let name = String(inner.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            let markup = inner.dropFirst(name.count).trimmingCharacters(in: .whitespacesAndNewlines)
            if let q = quiet {
                if name == "end" + q { quiet = nil }
                out += whole; continue
            }
            if name == "comment" || name == "raw" { quiet = name; out += whole; continue }
            if name == "include_cached" {
                out += "{% include \(markup) %}"
                result.leftovers.append(.init(file: file, line: line, text: whole, why: "jekyll-include-cache's `include_cached` written as `include` (the same output)", kind: .carried))
                continue
            }
            if name.hasPrefix("end"), blocks.last == String(name.dropFirst(3)) {
                blocks.removeLast(); out += "{% endcomment %}"; continue
            }
            if name.isEmpty || known.contains(name) { out += whole; continue }
            if name == "link" || name == "post_url", let url = links[name + ":" + markup.trimmingCharacters(in: CharacterSet(charactersIn: "/ "))] {
                out += url
                result.leftovers.append(.init(file: file, line: line, text: whole, why: "written as the URL Jekyll gave it, \(url)", kind: .carried))
                continue
            }
            let plugin = plugins[name]
            let escaped = inner.replacingOccurrences(of: "\"", with: "'")
            // A block (its end tag follows): the tag warns, its body is kept in a comment.
            let isBlock = rest.range(of: "end" + name) != nil
            out += "{% jekyll_only \"\(escaped)\"\(plugin.map { " \"\($0)\"" } ?? "") %}" + (isBlock ? "{% comment %}" : "")
            if isBlock { blocks.append(name) }
            result.leftovers.append(.init(file: file, line: line, text: whole,
                                          why: plugin.map { "tag of \($0), which Galley does not run: it shows nothing (the build warns at its line)" }
                                              ?? "Liquid tag Galley's templates do not have (a plugin's or Jekyll's own): it shows nothing (the build warns at its line)",
                                          kind: plugin == nil ? .needsHand : .pluginNotRun))
        }
        out += rest
        result.text = withoutDoubledBase(out, file: file, leftovers: &result.leftovers)
        return result
    }

    /// `{{ site.baseurl }}{{ page.url }}`: Galley's URLs hold the base path already, so `site.baseurl` before
    /// one would write it twice. It is dropped there (and listed).
    static func withoutDoubledBase(_ text: String, file: String, leftovers: inout [JekyllImport.Leftover]) -> String {
        guard let re = try? NSRegularExpression(pattern: #"\{\{-?\s*site\.baseurl\s*-?\}\}(?=\{\{-?\s*[A-Za-z_][\w.]*\.url\s*-?\}\})"#) else { return text }
        let ns = text as NSString
        let found = re.matches(in: text, range: NSRange(location: 0, length: ns.length))
        guard !found.isEmpty else { return text }
        for m in found {
            let line = ns.substring(to: m.range.location).filter { $0 == "\n" }.count + 1
            leftovers.append(.init(file: file, line: line, text: ns.substring(with: m.range),
                                   why: "dropped before a URL: Galley's URLs hold the base path already", kind: .carried))
        }
        return re.stringByReplacingMatches(in: text, range: NSRange(location: 0, length: ns.length), withTemplate: "")
    }
}

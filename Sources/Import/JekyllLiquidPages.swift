import Foundation
import Site

/// With the site's own theme, a page whose body still holds Liquid after the import's conversions (a post
/// list, a table from `site.data`) keeps it running: the body becomes a template of its own,
/// `templates/pages/<path>.liquid`, which extends the page's layout, and the page names it as its `layout:`.
/// A Markdown body is captured and converted after its Liquid runs (`markdownify`), as Jekyll does.
enum JekyllLiquidPages {
    /// `{% highlight ruby %}` … `{% endhighlight %}` on lines of their own as a fence, which `markdownify` colours.
    static func fenced(_ body: String) -> String {
        var inRaw = false
        return body.components(separatedBy: "\n").map { line -> String in
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.contains("{% raw %}") || t.contains("{%- raw -%}") { inRaw = true }
            if t.contains("endraw") { inRaw = false }
            guard !inRaw, t.hasPrefix("{%"), t.hasSuffix("%}") else { return line }
            let words = t.dropFirst(2).dropLast(2).trimmingCharacters(in: CharacterSet(charactersIn: "- ")).split(separator: " ")
            if words.first == "highlight" { return "```" + (words.count > 1 ? String(words[1]) : "") }
            if words.first == "endhighlight" { return "```" }
            return line
        }.joined(separator: "\n")
    }

    static func isLiquidLeft(_ l: JekyllImport.Leftover) -> Bool {
        l.why == "Liquid tag left as is" || l.why == "Liquid output left as is"
    }

    /// The page's new text (front matter naming the template, no body); the template is written with `files`.
    /// `original` is the page before the Liquid conversions (its `{% raw %}` still raw: in a template it runs).
    static func move(_ result: JekyllLiquid.Result, original: String, page: String, from source: String,
                     files: JekyllFiles, links: [String: String]) throws(JekyllImport.Failure) -> JekyllLiquid.Result {
        let split = ImportSupport.split(original)
        guard let yaml = split.frontMatter else { return result }
        let entries = ImportSupport.entries(yaml, file: page) ?? []
        let layout = entries.first { $0.key == "layout" }.flatMap { ImportSupport.text($0.value) }
        let path = (String(page.dropFirst("content/".count)) as NSString).deletingPathExtension
        let name = "pages/" + path
        let ext = (source as NSString).pathExtension.lowercased()
        let markdown = !["html", "htm"].contains(ext)
        var body = split.body
        if markdown {
            body = fenced(body)
            body = "{% capture markdown_body %}" + body + "{% endcapture %}{{ markdown_body | markdownify }}\n" }
        let converted = JekyllTemplates.convert(body, file: source, links: links)
        var template = layout.map { "---\nlayout: \(ImportSupport.quoted($0))\n---\n" } ?? ""
        template += converted.text
        try files.write(template, to: "templates/\(name).liquid")

        var lines = yaml.components(separatedBy: "\n").filter { !$0.hasPrefix("layout:") }
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        lines.append("layout: \(ImportSupport.quoted(name))  # the body, with its Liquid, is templates/\(name).liquid")
        var out = result
        out.text = "---\n" + lines.joined(separator: "\n") + "\n---\n"
        out.leftovers.removeAll(where: isLiquidLeft)
        out.leftovers += converted.leftovers
        out.leftovers.append(JekyllImport.Leftover(
            file: source, line: 0, text: "templates/\(name).liquid",
            why: "a page whose body runs Liquid: the body is now a template of its own, where Liquid runs as it did" + (markdown ? " (then Markdown, with markdownify)" : ""),
            kind: .carried))
        return out
    }
}

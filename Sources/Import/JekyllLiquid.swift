import Foundation
import Site

/// Liquid in posts and pages: what has a plain equivalent is replaced, the rest is kept and listed
/// (the build then warns about it at its line, so a reader never sees it unannounced).
struct JekyllLiquid: Sendable {
    /// Galley files of posts (`content/posts/2026-03-06-hello.md`) by Jekyll name (`2026-03-06-hello`), for
    /// `{% post_url %}` and `{% link _posts/… %}`: written as links to the file, resolved by the build.
    let postFiles: [String: String]
    /// Their Galley URLs, for a tag outside a link's destination (its text is shown, not followed).
    let postURLs: [String: String]
    /// `site.x` → value, from `_config.yml`.
    let siteValues: [String: String]

    struct Result {
        var text: String
        var converted = 0
        var leftovers: [JekyllImport.Leftover] = []
    }

    func convert(_ text: String, file: String) -> Result {
        let split = ImportSupport.split(text)
        var pageValues: [String: String] = [:]
        if let yaml = split.frontMatter, let entries = ImportSupport.entries(yaml, file: file, lineOffset: 1) {
            for e in entries { if let t = ImportSupport.text(e.value) { pageValues["page." + e.key] = t } }
        }
        var result = Result(text: "")
        let all = text.components(separatedBy: "\n")
        var out = Array(all.prefix(split.bodyLineOffset))
        var fence: String?
        var inRaw = false
        var inComment = false   // {% comment %} … {% endcomment %}: Jekyll shows nothing of it, nor does the import
        for (n, raw) in all.dropFirst(split.bodyLineOffset).enumerated() {
            let lineNo = split.bodyLineOffset + n + 1
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if let f = fence {
                if f == "{%" {
                    // Inside a {% highlight %} block: only {% endhighlight %} ends it.
                    if let tag = Self.tag(trimmed), tag.name == "endhighlight" { fence = nil; out.append("```"); continue }
                } else if trimmed.hasPrefix(f) { fence = nil }
                out.append(raw); continue
            }
            // A fence inside {% raw %} is code shown as written: its lines need no escaping.
            if !inComment, trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3)); out.append(raw); continue
            }
            // {% highlight lang [linenos] %} … {% endhighlight %} → a fenced block.
            if !inRaw, !inComment, let tag = Self.tag(trimmed), trimmed.hasSuffix("%}"), tag.name == "highlight" {
                out.append("```" + (tag.args.first ?? "") + (tag.args.dropFirst().contains("linenos") ? " linenos" : ""))
                fence = "{%"   // ends at {% endhighlight %}
                result.converted += 1
                continue
            }
            var line = ""
            var rest = Substring(raw)
            while !rest.isEmpty {
                if inComment {
                    guard let end = rest.range(of: #"\{%-?\s*endcomment\s*-?%\}"#, options: .regularExpression) else { rest = ""; break }
                    rest = rest[end.upperBound...]; inComment = false
                    continue
                }
                if inRaw {
                    // Inside {% raw %}: the text is meant to show as written; escape braces outside code spans.
                    let end = rest.range(of: "{% endraw %}") ?? rest.range(of: "{%- endraw -%}")
                    let body = end.map { rest[..<$0.lowerBound] } ?? rest
                    line += Self.escapeLiquid(body)
                    guard let end else { rest = ""; break }
                    rest = rest[end.upperBound...]; inRaw = false; result.converted += 1
                    continue
                }
                guard let open = Self.nextLiquid(rest) else { line += rest; break }
                line += rest[..<open.lowerBound]
                let isTag = rest[open].hasPrefix("{%")
                guard let close = rest.range(of: isTag ? "%}" : "}}", range: open.upperBound..<rest.endIndex) else { line += rest[open.lowerBound...]; break }
                let whole = String(rest[open.lowerBound..<close.upperBound])
                rest = rest[close.upperBound...]
                let inner = whole.dropFirst(2).dropLast(2).trimmingCharacters(in: CharacterSet(charactersIn: "-").union(.whitespaces))
                if isTag, let tag = Self.tag(whole) {
                    if tag.name == "raw" { inRaw = true; result.converted += 1; continue }
                    if tag.name == "comment" { inComment = true; result.converted += 1; continue }
                    let inLink = ["](", "=\"", "='", "]: ", "="].contains { line.hasSuffix($0) }
                    // In a code span or a line of HTML, Markdown is not read: the URL as text stays there.
                    let asText = line.filter { $0 == "`" }.count % 2 == 1 || trimmed.hasPrefix("<")
                    if let path = resolve(tag, from: file, inLink: inLink, asText: asText) { line += path; result.converted += 1; continue }
                } else if !isTag, let value = siteValues[inner] ?? pageValues[inner] {
                    line += value; result.converted += 1; continue
                }
                line += whole
                result.leftovers.append(JekyllImport.Leftover(file: file, line: lineNo, text: whole,
                                                              why: isTag ? "Liquid tag left as is" : "Liquid output left as is"))
            }
            out.append(line)
        }
        result.text = out.joined(separator: "\n")
        return result
    }

    /// The tag's replacement: in a link's destination the post's file; as bare text a link to that file
    /// with the post's URL as its text (Jekyll shows the URL; the build keeps the link right when the
    /// permalink changes); where Markdown is not read (`asText`), the URL alone.
    private func resolve(_ tag: (name: String, args: [String]), from file: String, inLink: Bool, asText: Bool) -> String? {
        guard let arg = tag.args.first else { return nil }
        let target: String?
        switch tag.name {
        case "post_url": target = postFiles[arg]
        case "link" where arg.hasPrefix("_posts/"):
            target = postFiles[((arg as NSString).lastPathComponent as NSString).deletingPathExtension]
        default: target = nil
        }
        guard let target else { return nil }
        if inLink { return Self.relative(target, from: file) }
        guard let url = postURLs[((target as NSString).lastPathComponent as NSString).deletingPathExtension] else { return nil }
        return asText ? url : "[\(url)](\(Self.relative(target, from: file)))"
    }

    /// `target`'s path from the folder of `file` (both site paths): `b.md`, `../posts/b.md`.
    static func relative(_ target: String, from file: String) -> String {
        var base = file.split(separator: "/").dropLast()
        var to = target.split(separator: "/")
        while let a = base.first, let b = to.first, a == b, to.count > 1 { base.removeFirst(); to.removeFirst() }
        return (Array(repeating: "..", count: base.count) + to.map(String.init)).joined(separator: "/")
    }

    /// The first `{{` or `{%` in `s`.
    static func nextLiquid(_ s: Substring) -> Range<Substring.Index>? {
        let a = s.range(of: "{{"), b = s.range(of: "{%")
        switch (a, b) {
        case let (x?, y?): return x.lowerBound < y.lowerBound ? x : y
        case let (x?, nil): return x
        case let (nil, y?): return y
        default: return nil
        }
    }

    /// `\{{` and `\{%` outside code spans: Markdown shows the brace, and the build knows it is meant.
    static func escapeLiquid(_ s: Substring) -> String {
        var out = ""
        var inCode = false
        var previous: Character?
        var it = s.makeIterator()
        var next = it.next()
        while let c = next {
            let after = it.next()
            if c == "`" { inCode.toggle() }
            if !inCode, c == "{", after == "{" || after == "%", previous != "\\" { out.append("\\") }
            out.append(c)
            previous = c
            next = after
        }
        return out
    }

    /// `{% name args %}` → (name, args).
    static func tag(_ s: String) -> (name: String, args: [String])? {
        guard s.hasPrefix("{%"), let end = s.range(of: "%}") else { return nil }
        let inner = s[s.index(s.startIndex, offsetBy: 2)..<end.lowerBound]
            .trimmingCharacters(in: CharacterSet(charactersIn: "-").union(.whitespaces))
        let words = inner.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else { return nil }
        return (first, Array(words.dropFirst()))
    }
}

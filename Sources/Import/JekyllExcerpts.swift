import Foundation
import Site

/// `excerpt_separator` (in `_config.yml`, or a page's own front matter): Jekyll's excerpt is the text
/// before its first occurrence. Galley's marker is `<!--more-->`, so the import writes that in its place.
enum JekyllExcerpts {
    static let marker = "<!--more-->"

    /// The separator that ends excerpts: the page's own, else the site's; nil for Jekyll's default (a
    /// blank line: the first paragraph, as Galley's default excerpt is) and for Galley's own marker.
    static func separator(site: String?, page: String?) -> String? {
        guard let s = page ?? site, !s.isEmpty, s != "\n\n", s != marker else { return nil }
        return s
    }

    /// `text` with the first separator of its body replaced by `<!--more-->` and a page's own
    /// `excerpt_separator:` line commented out, each listed in `leftovers`.
    static func rewrite(_ text: String, file: String, siteSeparator: String?, leftovers: inout [JekyllImport.Leftover]) -> String {
        let split = ImportSupport.split(text)
        var lines = text.components(separatedBy: "\n")
        var pageSeparator: String?
        var keyLine: Int?
        if let yaml = split.frontMatter, let entries = ImportSupport.entries(yaml, file: file, lineOffset: 1),
           let e = entries.last(where: { $0.key == "excerpt_separator" }) {
            pageSeparator = ImportSupport.text(e.value)
            keyLine = e.line
        }
        if let keyLine, keyLine - 1 < lines.count, lines[keyLine - 1].hasPrefix("excerpt_separator:") {
            let written = lines[keyLine - 1]
            lines[keyLine - 1] = "# \(written)  # Galley's excerpt marker is \(marker), written in its place"
            leftovers.append(JekyllImport.Leftover(file: file, line: keyLine, text: written,
                                                   why: "commented out: Galley ends excerpts at `\(marker)`, which the import writes where this separator was", kind: .carried))
        }
        guard let separator = separator(site: siteSeparator, page: pageSeparator) else { return lines.joined(separator: "\n") }
        for i in split.bodyLineOffset..<lines.count {
            guard let r = lines[i].range(of: separator) else { continue }
            lines[i].replaceSubrange(r, with: marker)
            leftovers.append(JekyllImport.Leftover(file: file, line: i + 1, text: separator,
                                                   why: "excerpt separator written as Galley's `\(marker)` (the excerpt ends here, as in Jekyll)", kind: .carried))
            break
        }
        return lines.joined(separator: "\n")
    }
}

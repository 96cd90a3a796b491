import Foundation
import Site

/// `redirect_from:` the same old URL on two pages: jekyll-redirect-from writes the later page's redirect over
/// the earlier one's, Galley would stop at the clash. The earlier one is commented out, and listed.
enum JekyllRedirects {
    static func dedupe(_ documents: inout [(rel: String, text: String, from: String)], leftovers: inout [JekyllImport.Leftover]) {
        var owner: [String: (doc: Int, line: Int)] = [:]
        for i in documents.indices {
            let split = ImportSupport.split(documents[i].text)
            guard split.frontMatter != nil else { continue }
            let lines = documents[i].text.components(separatedBy: "\n")
            var inList = false
            for n in 1..<max(1, min(split.bodyLineOffset - 1, lines.count)) {
                let line = lines[n]
                var value: String?
                if line.hasPrefix("redirect_from:") {
                    let v = line.dropFirst("redirect_from:".count).trimmingCharacters(in: .whitespaces)
                    inList = v.isEmpty
                    if !v.isEmpty, !v.hasPrefix("[") { value = v }
                } else if inList, line.trimmingCharacters(in: .whitespaces).hasPrefix("- ") {
                    value = line.trimmingCharacters(in: .whitespaces).dropFirst(2).trimmingCharacters(in: .whitespaces)
                } else if !line.hasPrefix(" ") { inList = false }
                guard var url = value else { continue }
                url = url.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                if let first = owner[url] {
                    var earlier = documents[first.doc].text.components(separatedBy: "\n")
                    let written = earlier[first.line]
                    let indent = String(written.prefix { $0 == " " })
                    earlier[first.line] = indent + "# " + written.dropFirst(indent.count) + "  # also on \(documents[i].from), whose redirect Jekyll wrote"
                    documents[first.doc].text = earlier.joined(separator: "\n")
                    leftovers.append(JekyllImport.Leftover(file: documents[first.doc].from, line: first.line + 1, text: written.trimmingCharacters(in: .whitespaces),
                                                           why: "commented out: \(documents[i].from) redirects from \(url) too, and Jekyll wrote that one", kind: .carried))
                }
                owner[url] = (i, n)
            }
        }
    }
}

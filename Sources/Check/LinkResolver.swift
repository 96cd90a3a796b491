import Foundation

/// Resolves a page's internal references against the set of files in the output folder,
/// the way static hosts serve them: `/blog/x` finds `blog/x`, `blog/x.html` or `blog/x/index.html`.
struct LinkResolver: Sendable {
    /// Every file in the site, relative to its root, with `/` separators.
    let files: Set<String>
    /// Ids (and `<a name>`) of every HTML page, by relative path.
    let ids: [String: Set<String>]

    enum Outcome: Equatable {
        case external
        case ok
        case missingFile(String)
        case missingAnchor(file: String, fragment: String)
        case outsideSite
    }

    func resolve(_ raw: String, from page: String) -> Outcome {
        let ref = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if FeedURL.scheme(of: ref) != nil || ref.hasPrefix("//") { return .external }
        var pathPart = Substring(ref)
        var fragment: String?
        if let h = pathPart.firstIndex(of: "#") {
            fragment = String(pathPart[pathPart.index(after: h)...])
            pathPart = pathPart[..<h]
        }
        if let q = pathPart.firstIndex(of: "?") { pathPart = pathPart[..<q] }
        let decoded = pathPart.removingPercentEncoding ?? String(pathPart)
        let target: String
        if decoded.isEmpty {
            target = page
        } else {
            let dir = page.contains("/") ? String(page[..<page.lastIndex(of: "/")!]) + "/" : ""
            let joined = decoded.hasPrefix("/") ? decoded : "/" + dir + decoded
            guard let normal = LinkResolver.normalize(joined) else { return .outsideSite }
            guard let file = lookup(normal, trailingSlash: decoded.hasSuffix("/")) else { return .missingFile(normal.isEmpty ? "/" : normal) }
            target = file
        }
        guard let fragment, !fragment.isEmpty, fragment != "top" else { return .ok }
        guard let pageIDs = ids[target] else { return .ok }  // not an HTML page: no ids to check
        let name = fragment.removingPercentEncoding ?? fragment
        return pageIDs.contains(name) || pageIDs.contains(fragment) ? .ok : .missingAnchor(file: target, fragment: name)
    }

    /// The served file for a root-relative path (without leading `/`).
    func lookup(_ path: String, trailingSlash: Bool) -> String? {
        if path.isEmpty { return files.contains("index.html") ? "index.html" : nil }
        if trailingSlash {
            let index = path + "/index.html"
            return files.contains(index) ? index : nil
        }
        if files.contains(path) { return path }
        if files.contains(path + ".html") { return path + ".html" }
        if files.contains(path + "/index.html") { return path + "/index.html" }
        return nil
    }

    /// `/a/./b/../c` → `a/c`; nil when `..` climbs out of the site.
    static func normalize(_ path: String) -> String? {
        var out: [Substring] = []
        for seg in path.split(separator: "/", omittingEmptySubsequences: true) {
            if seg == "." { continue }
            if seg == ".." {
                guard !out.isEmpty else { return nil }
                out.removeLast()
            } else {
                out.append(seg)
            }
        }
        return out.joined(separator: "/")
    }
}

import Feed

import Foundation

/// Resolves a page's internal references against the set of files in the output folder,
/// the way static hosts serve them: `/blog/x` finds `blog/x`, `blog/x.html` or `blog/x/index.html`.
struct LinkResolver: Sendable {
    /// Every file in the site, relative to its root, with `/` separators.
    let files: Set<String>
    /// Ids (and `<a name>`) of every HTML page, by relative path.
    let ids: [String: Set<String>]
    /// The URL path the folder is served under (`/` or e.g. `/project/` on GitHub project pages);
    /// root-relative links must start with it.
    var basePath: String = "/"

    enum Outcome: Equatable {
        case external
        case ok
        case missingFile(String)
        case missingAnchor(file: String, fragment: String)
        case outsideSite
    }

    func resolve(_ raw: String, from page: String) -> Outcome {
        resolveWithTarget(raw, from: page).outcome
    }

    /// The file an internal link leads to (nil when external, outside the site or missing).
    func targetFile(_ raw: String, from page: String) -> String? {
        let (outcome, target) = resolveWithTarget(raw, from: page)
        return outcome == .external || outcome == .outsideSite ? nil : target
    }

    private func resolveWithTarget(_ raw: String, from page: String) -> (outcome: Outcome, target: String?) {
        let ref = LinkResolver.trim(raw)
        if FeedURL.scheme(of: ref) != nil || ref.hasPrefix("//") { return (.external, nil) }
        var pathPart = Substring(ref)
        var fragment: String?
        // By bytes, not Characters: `#` followed by U+FE0F (an id made from `### ⚖️ …`) is one Character
        // `#️`, which `firstIndex(of: "#")` does not find.
        if let h = pathPart.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(pathPart[pathPart.utf8.index(after: h)...])
            pathPart = pathPart[..<h]
        }
        if let q = pathPart.utf8.firstIndex(of: UInt8(ascii: "?")) { pathPart = pathPart[..<q] }
        let decoded = LinkResolver.percentDecoded(pathPart)
        let target: String
        if decoded.isEmpty {
            target = page
        } else {
            let dir = page.lastIndex(of: "/").map { String(page[...$0]) } ?? ""
            var joined = decoded.utf8.first == 47 ? decoded : "/" + dir + decoded
            if decoded.utf8.first == 47, basePath != "/" {
                let base = basePath.hasSuffix("/") ? basePath : basePath + "/"
                guard joined.hasPrefix(base) || joined + "/" == base else { return (.outsideSite, nil) }
                joined = "/" + joined.dropFirst(min(base.count, joined.count))
            }
            guard let normal = LinkResolver.normalize(joined) else { return (.outsideSite, nil) }
            guard let file = lookup(normal, trailingSlash: decoded.hasSuffix("/")) else {
                return (.missingFile(decoded.hasSuffix("/") ? (normal.isEmpty ? "" : normal + "/") + "index.html" : normal), nil)
            }
            target = file
        }
        guard let fragment, !fragment.isEmpty, fragment != "top" else { return (.ok, target) }
        guard let pageIDs = ids[target] else { return (.ok, target) }  // not an HTML page: no ids to check
        let name = LinkResolver.percentDecoded(Substring(fragment))
        return (pageIDs.contains(name) || pageIDs.contains(fragment) ? .ok : .missingAnchor(file: target, fragment: name), target)
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

    /// HTML attribute values may carry spaces around the URL; Foundation's trimming is slow per call.
    static func trim(_ s: String) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 || $0 == 12 }
        guard let f = s.utf8.first, let l = s.utf8.last, isSpace(f) || isSpace(l) else { return s }
        let bytes = Array(s.utf8)
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = bytes.lastIndex(where: { !isSpace($0) })!
        return String(decoding: bytes[start...end], as: UTF8.self)
    }

    /// `%20` → space, bytes reassembled as UTF-8; invalid escapes stay as written.
    static func percentDecoded(_ s: Substring) -> String {
        guard s.utf8.contains(37) else { return String(s) }
        let b = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 65...70: return c - 55
            case 97...102: return c - 87
            default: return nil
            }
        }
        var i = 0
        while i < b.count {
            if b[i] == 37, i + 2 < b.count, let h = hex(b[i + 1]), let l = hex(b[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
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

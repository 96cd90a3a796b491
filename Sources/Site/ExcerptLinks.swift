import Foundation
import TextBytes

/// An excerpt shown on a list page, a tag page or the archive is read at another URL than its post:
/// its relative links (`./hello-world`, `../img.png`, `#note`) would resolve elsewhere there. They are
/// made root-relative against the post's URL once, when the post is rendered (feeds make them absolute).
enum ExcerptLinks {
    /// `html` with every relative `href`/`src` value resolved against `pageURL` (root-relative, with base path).
    /// A byte scan (every excerpt of every post passes here); a new string only when a value changed.
    static func rootRelative(_ html: String, pageURL: String) -> String {
        let b = Array(html.utf8)
        let href = Array(" href".utf8), src = Array(" src".utf8)
        func endsWith(_ name: [UInt8], at p: Int) -> Bool { p >= name.count && b[(p - name.count)..<p].elementsEqual(name) }
        var out: [UInt8] = []
        var copied = 0
        var i = 0
        while let p = b[i...].firstIndex(of: 0x3D) {   // '='
            i = p + 1
            guard p + 1 < b.count, b[p + 1] == 0x22, endsWith(href, at: p) || endsWith(src, at: p) else { continue }
            let start = p + 2
            guard let end = b[start...].firstIndex(of: 0x22) else { break }
            let value = String(decoding: b[start..<end], as: UTF8.self)
            let resolved = resolve(value, against: pageURL)
            if resolved != value {
                out += b[copied..<start]
                out += Array(resolved.utf8)
                copied = end
            }
            i = end + 1
        }
        guard copied > 0 else { return html }
        out += b[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Relative: not `/x`, not `//host`, not `scheme:`; empty stays.
    static func resolve(_ value: String, against pageURL: String) -> String {
        guard let first = value.first, first != "/" else { return value }
        if let colon = value.firstIndex(of: ":"),
           value[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }),
           !value[..<colon].contains("/") {
            return value
        }
        if first == "#" { return pageURL + value }
        let dir = pageURL.hasSuffix("/") ? pageURL : String(pageURL[...(pageURL.lastIndex(of: "/") ?? pageURL.startIndex)])
        // Split off query and fragment, then fold `.` and `..` segments of the path.
        let cut = value.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? value.endIndex
        var segments = dir.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let relative = value[..<cut].split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (n, seg) in relative.enumerated() {
            switch seg {
            case ".": continue
            case "..": if !segments.isEmpty { segments.removeLast() }
            default:
                if seg.isEmpty && n != relative.count - 1 { continue }
                segments.append(seg)
            }
        }
        var path = "/" + segments.joined(separator: "/")
        if let last = relative.last, last == "." || last == ".." || last.isEmpty, !path.hasSuffix("/") { path += "/" }
        return path + value[cut...]
    }
}

/// Sub-path hosting (`url: https://user.github.io/project`): a root-relative link or image written in
/// Markdown (`/about/`, `/images/x.png`) means the site's own root, so it gets the base path, once.
/// That is the one way to write a link that works on any host: root-relative, without the base path.
enum BasePathLinks {
    static func apply(_ html: String, basePath: String) -> String {
        guard !basePath.isEmpty, containsBytes(html, "=\"/") else { return html }
        var out = ""
        var rest = Substring(html)
        while let r = next(in: rest) {
            out += rest[..<r]
            let tail = rest[r...]
            let value = tail.prefix { $0 != "\"" }
            if !value.hasPrefix("//") && value != Substring(basePath) && !value.hasPrefix(basePath + "/") { out += basePath }
            rest = tail
        }
        return out + rest
    }

    /// The start of the next ` href="/` or ` src="/` value (at its `/`).
    private static func next(in s: Substring) -> Substring.Index? {
        let h = s.range(of: " href=\"/")
        let i = s.range(of: " src=\"/")
        guard let first = [h, i].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) else { return nil }
        return s.index(before: first.upperBound)
    }
}

import Foundation
import Testing
@testable import Jekyll
import Site

/// Helpers for the render tests: fixture folders copied to a temporary place, builds, and the parts of
/// a page `jekyll-compare.py` compares (visible body text, heading ids, block structure).
enum RenderFixture {
    /// A copy of `Fixtures/<name>` in a fresh temporary folder (builds write `_site` inside it).
    static func copy(_ name: String) throws -> URL {
        let from = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let to = root.appendingPathComponent(name)
        try FileManager.default.copyItem(at: from, to: to)
        return to
    }

    static func expected(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    }

    /// A site made of `files` (path → text) in a fresh temporary folder.
    static func site(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-render-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// Builds `folder` into `folder/_site`, returning the report or the failure.
    static func build(_ folder: URL) async -> Result<BuildReport, BuildFailure> {
        do {
            return .success(try await JekyllBuilder(options: JekyllBuildOptions(source: folder)).build())
        } catch {
            return .failure(error)
        }
    }

    /// Every regular file under `folder`, relative, sorted.
    static func files(in folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var out: [String] = []
        let root = folder.standardizedFileURL.path
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            out.append(String(url.standardizedFileURL.path.dropFirst(root.count + 1)))
        }
        return out.sorted()
    }
}

/// The comparable parts of an HTML page, as `jekyll-compare.py` reads them.
enum PageText {
    /// The body's text without script/style, entities decoded, whitespace collapsed.
    static func visible(_ html: String) -> String {
        var s = html
        if let b = s.range(of: "<body"), let e = s.range(of: "</body>", options: .backwards) { s = String(s[b.lowerBound..<e.upperBound]) }
        for tag in ["script", "style", "noscript", "template"] {
            s = s.replacingOccurrences(of: "<\(tag)\\b[\\s\\S]*?</\(tag)>", with: " ", options: [.regularExpression, .caseInsensitive])
        }
        s = s.replacingOccurrences(of: "<!--[\\s\\S]*?-->", with: "", options: .regularExpression)
        s = s.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        s = decode(s)
        return s.replacingOccurrences(of: "\u{A0}", with: " ")
            .replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Ids of h1–h6 inside `<article>`, else `<main>`, else the whole page; sorted.
    static func headingIDs(_ html: String) -> [String] {
        var s = html
        for tag in ["article", "main"] {
            if let b = s.range(of: "<\(tag)"), let e = s.range(of: "</\(tag)>", options: .backwards) {
                s = String(s[b.lowerBound..<e.upperBound]); break
            }
        }
        let re = try! NSRegularExpression(pattern: #"<h[1-6]\b[^>]*\bid="([^"]*)""#)
        let ns = s as NSString
        return re.matches(in: s, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }.sorted()
    }

    /// The elements `jekyll-compare.py` counts as blocks.
    static let blockNames: Set<String> = ["p", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote",
                                          "table", "tr", "img", "hr", "dl", "dt", "dd", "figure", "details"]

    /// The names of block elements in document order inside the first `<article>`, else `<main>`, else
    /// `<body>`, as `jekyll-compare.py` lists them: none inside `<pre>`, none in comments, scripts or styles.
    static func blocks(_ html: String) -> [String] {
        var s = Substring(html)
        for tag in ["article", "main", "body"] {
            if let b = s.range(of: "<\(tag)"), let e = s[b.upperBound...].range(of: "</\(tag)>") {
                s = s[b.lowerBound..<e.upperBound]; break
            }
        }
        var out: [String] = []
        var inPre = 0
        var i = s.startIndex
        while let lt = s[i...].firstIndex(of: "<") {
            let rest = s[lt...]
            if rest.hasPrefix("<!--") {
                i = rest.range(of: "-->")?.upperBound ?? s.endIndex; continue
            }
            let closing = rest.dropFirst().first == "/"
            let nameStart = s.index(lt, offsetBy: closing ? 2 : 1, limitedBy: s.endIndex) ?? s.endIndex
            let name = s[nameStart...].prefix { $0.isLetter || $0.isNumber }.lowercased()
            i = s[nameStart...].firstIndex(of: ">").map { s.index(after: $0) } ?? s.endIndex
            if name.isEmpty { continue }
            if !closing, ["script", "style", "textarea", "title"].contains(name) {
                i = s[i...].range(of: "</\(name)", options: .caseInsensitive)?.upperBound ?? s.endIndex; continue
            }
            if name == "pre" { inPre += closing ? (inPre > 0 ? -1 : 0) : 1 }
            if !closing, blockNames.contains(name), inPre == 0 || (name == "pre" && inPre == 1) { out.append(name) }
        }
        return out
    }

    static func decode(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = s
        let named = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&apos;": "'", "&nbsp;": "\u{A0}"]
        let re = try! NSRegularExpression(pattern: "&#(x?)([0-9a-fA-F]+);")
        let ns = out as NSString
        for m in re.matches(in: out, range: NSRange(location: 0, length: ns.length)).reversed() {
            let hex = ns.substring(with: m.range(at: 1)) == "x"
            if let code = UInt32(ns.substring(with: m.range(at: 2)), radix: hex ? 16 : 10), let u = Unicode.Scalar(code) {
                out = (out as NSString).replacingCharacters(in: m.range, with: String(Character(u)))
            }
        }
        for (k, v) in named where k != "&amp;" { out = out.replacingOccurrences(of: k, with: v) }
        return out.replacingOccurrences(of: "&amp;", with: "&")
    }
}

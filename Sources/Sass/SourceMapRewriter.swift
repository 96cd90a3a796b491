import Foundation

/// Turns Dart Sass's source map into the one jekyll-sass-converter 3.x writes next to the CSS.
enum SourceMapRewriter {
    private static let marker = "/*# sourceMappingURL=data:application/json;charset=utf-8,"

    /// Whether the CLI's output is finished: it ends with the embedded map comment and a newline.
    static func endsWithEmbeddedMap(_ stdout: Data) -> Bool {
        guard stdout.count > 4, stdout.suffix(4).elementsEqual(" */\n".utf8),
              let start = stdout.range(of: Data(marker.utf8), options: .backwards) else { return false }
        // The data URL may hold "*/" (embedded sources) but never a space, so the first " */" ends the comment.
        return stdout[start.upperBound...].range(of: Data(" */".utf8))?.lowerBound == stdout.endIndex - 4
    }

    /// Cuts the embedded map comment (and the blank line the CLI puts before it unless compressed) off the CSS.
    /// Searched by bytes: Foundation's `range(of:)` on a theme's whole CSS cost more than the rest of this.
    static func splitEmbedded(_ output: String, style: SassStyle) -> (css: String, mapJSON: String?) {
        let bytes = Array(output.utf8), mark = Array(marker.utf8), close = Array(" */".utf8)
        guard let start = lastIndex(of: mark, in: bytes),
              let end = firstIndex(of: close, in: bytes, from: start + mark.count) else {
            return (output, nil)
        }
        var cssEnd = start
        if style == .expanded, cssEnd >= 2, bytes[cssEnd - 1] == 0x0A, bytes[cssEnd - 2] == 0x0A { cssEnd -= 2 }
        let css = String(decoding: bytes[..<cssEnd], as: UTF8.self)
        let json = String(decoding: bytes[(start + mark.count)..<end], as: UTF8.self).removingPercentEncoding
        return (css, json)
    }

    private static func lastIndex(of needle: [UInt8], in hay: [UInt8]) -> Int? {
        var i = hay.count - needle.count
        while i >= 0 {
            if hay[i] == needle[0], hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i -= 1
        }
        return nil
    }

    private static func firstIndex(of needle: [UInt8], in hay: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + needle.count <= hay.count {
            if hay[i] == needle[0], hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    private struct Map: Decodable {
        var version: Int
        var sourceRoot: String?
        var sources: [String]
        var names: [String]
        var mappings: String
        var sourcesContent: [String?]?
    }

    /// Sources become paths relative to the entry's folder (the entry itself, read from stdin, appears as a
    /// `data:` URL and becomes its file name); `file` is `<name>.css`. Keys keep Dart Sass's order with `file`
    /// last, written compactly as Ruby's `JSON.generate` does, so the `.css.map` matches Jekyll's byte for byte.
    static func jekyllMap(_ json: String, entry: SassEntry) -> String? {
        guard let map = try? JSONDecoder().decode(Map.self, from: Data(json.utf8)) else { return nil }
        let folder = entry.url.deletingLastPathComponent()
        let sources = map.sources.map { source -> String in
            if source.hasPrefix("data:") { return encodePath(entry.url.lastPathComponent) }
            guard source.hasPrefix("file:"), let url = URL(string: source) else { return source }
            return encodePath(relativePath(from: folder, to: url))
        }
        var parts = ["\"version\":\(map.version)"]
        if let root = map.sourceRoot { parts.append("\"sourceRoot\":" + quote(root)) }
        parts.append("\"sources\":[" + sources.map(quote).joined(separator: ",") + "]")
        parts.append("\"names\":[" + map.names.map(quote).joined(separator: ",") + "]")
        parts.append("\"mappings\":" + quote(map.mappings))
        if let contents = map.sourcesContent {
            parts.append("\"sourcesContent\":[" + contents.map { $0.map(quote) ?? "null" }.joined(separator: ",") + "]")
        }
        let cssName = entry.url.deletingPathExtension().lastPathComponent + ".css"
        parts.append("\"file\":" + quote(encodePath(cssName)))
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// `../../_sass/_base.scss` from `/site/assets/css/` to `/site/_sass/_base.scss`.
    static func relativePath(from folder: URL, to file: URL) -> String {
        let base = folder.standardizedFileURL.pathComponents
        let target = file.standardizedFileURL.pathComponents
        var common = 0
        while common < min(base.count, target.count - 1), base[common] == target[common] { common += 1 }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }

    private static func encodePath(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// Ruby's JSON string form: `"` and `\` escaped, control characters as \n, \t, … or \u00XX;
    /// `/` and non-ASCII left as they are.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

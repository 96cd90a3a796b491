import Foundation
import Liquid
import Site

/// jekyll-mentions 1.6: `@user` in the text of HTML pages and documents becomes
/// `<a href='https://github.com/user' class='user-mention'>@user</a>` (base from `jekyll-mentions:`), except
/// inside `pre`, `code`, `a`, `style`, `script`, and for `@mention(s|ed|ing)`. Only the `<body>` when
/// there is one; `jekyll-mentions: false` in front matter turns it off. The rest of the markup is kept
/// as written (the gem re-serialises it through Nokogiri).
struct MentionsPlugin: JekyllPlugin {
    var name: String { "jekyll-mentions" }

    static let pattern = try! NSRegularExpression(
        pattern: #"(?:^|[^A-Za-z0-9_])@((?>[A-Za-z0-9_][A-Za-z0-9_-]*))(?!/)(?=\.+[ \t]|\.+[^A-Za-z0-9_]|\.+$|[^0-9a-zA-Z_.]|$)"#,
        options: [.caseInsensitive, .anchorsMatchLines])
    static let ignored: Set<String> = ["pre", "code", "a", "style", "script"]
    static let infoWords: Set<String> = ["mention", "mentions", "mentioned", "mentioning"]

    func postRender(_ output: String, document: JekyllDocument, site: JekyllSiteView) -> String {
        guard output.contains("@"), document.kind == .page || document.isWritten,
              document.outputExt == ".html" || document.url.hasSuffix("/") else { return output }
        if case .bool(false)? = document.frontMatter["jekyll-mentions"] { return output }
        var setting = site.config.raw["jekyll-mentions"]
        if let own = document.frontMatter["jekyll-mentions"] { setting = own }
        var base = "https://github.com"
        switch setting {
        case .string(let s)?: base = s
        case .hash(let h)?: base = h["base_url"].map(\.liquidString) ?? base
        default: break
        }
        if !base.hasSuffix("/") && !base.hasSuffix("~") { base += "/" }
        guard let body = output.range(of: #"<body(.*?)>\s*"#, options: .regularExpression) else { return Self.process(output, base: base) }
        let tail = output[body.upperBound...]
        let end = tail.range(of: "</body>")?.lowerBound ?? tail.endIndex
        return String(output[..<body.upperBound]) + Self.process(String(tail[..<end]), base: base) + tail[end...]
    }

    /// Untouched unless the text has something like a mention; then linked and re-serialised.
    static func process(_ html: String, base: String) -> String {
        guard pattern.firstMatch(in: html, range: NSRange(location: 0, length: (html as NSString).length)) != nil else { return html }
        return linkify(html, base: base)
    }

    /// Links mentions in text outside the ignored elements; tags and comments pass through.
    static func linkify(_ html: String, base: String) -> String {
        PluginHTML.rewriteText(html, skipping: ignored) { mention($0, base: base) }
    }

    static func mention(_ text: String, base: String) -> String {
        guard text.contains("@") else { return text }
        let ns = text as NSString
        var out = ""
        var last = 0
        for m in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let login = ns.substring(with: m.range(at: 1))
            if infoWords.contains(login.lowercased()) { continue }
            let at = m.range(at: 1).location - 1
            out += ns.substring(with: NSRange(location: last, length: at - last))
            out += "<a href=\"\(base)\(login)\" class=\"user-mention\">@\(login)</a>"
            last = m.range(at: 1).location + m.range(at: 1).length
        }
        return out + ns.substring(from: last)
    }
}

/// jekyll-avatar 0.8: `{% avatar user %}` (or `user=var`, `size=N`, `lazy=true`) writes the GitHub avatar
/// `<img>` with its 1x–4x `srcset`, on the avatars server the gem picks (CRC-32 of the path, mod 4).
struct AvatarPlugin: JekyllPlugin {
    var name: String { "jekyll-avatar" }

    var tags: [String: LiquidTag] {
        ["avatar": LiquidTag { (markup: String, body: String?, context: LiquidTagContext) throws(LiquidError) -> String in
            let raw = markup.trimmingCharacters(in: .whitespaces)
            let text = try context.expandVariables(raw)
            var user: String
            if let r = raw.range(of: #"\buser=([\w.]+)\b"#, options: .regularExpression) {
                let variable = String(raw[r].dropFirst(5))
                var v: Value? = context.variable(String(variable.split(separator: ".").first ?? ""))
                for key in variable.split(separator: ".").dropFirst() { v = PluginValue.dig(v, String(key)) }
                user = v.flatMap { $0.isNil ? nil : $0.liquidString } ?? variable
            } else {
                user = text.split(separator: " ").first.map(String.init) ?? text
                if user.hasPrefix("@") { user.removeFirst() }
            }
            let size = raw.range(of: #"\bsize=(\d+)\b"#, options: [.regularExpression, .caseInsensitive]).map { String(raw[$0].dropFirst(5)) } ?? "40"
            return AvatarPlugin.img(user: user, size: size, lazy: text.contains("lazy=true"),
                                    host: ProcessInfo.processInfo.environment["PAGES_AVATARS_URL"] ?? "")
        }]
    }

    static func img(user: String, size: String, lazy: Bool, host custom: String) -> String {
        func path(_ scale: Int) -> String { "\(user)?v=3&s=\(scale == 1 ? size : String((Int(size) ?? 0) * scale))" }
        let host = custom.isEmpty ? "https://avatars\(crc32(Array(path(1).utf8)) % 4).githubusercontent.com" : (custom.hasSuffix("/") ? String(custom.dropLast()) : custom)
        func url(_ scale: Int) -> String { "\(host)/\(path(scale))" }
        let srcset = (1...4).map { "\(url($0)) \($0)x" }.joined(separator: ", ")
        var attrs = [("class", (Int(size) ?? 0) < 48 ? "avatar avatar-small" : "avatar"), ("alt", user), ("width", size), ("height", size),
                     ("data-proofer-ignore", "true")]
        attrs += lazy ? [("src", ""), ("data-src", url(1)), ("data-srcset", srcset)] : [("src", url(1)), ("srcset", srcset)]
        return "<img " + attrs.map { "\($0.0)=\"\($0.1)\"" }.joined(separator: " ") + " />"
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }
}

/// How Nokogiri (libxml2's HTML serializer) writes back what it parsed, for what jekyll-mentions rewrites:
/// attributes double-quoted with `&` and `"` escaped, void elements without ` /`, bare `&` in text escaped.
enum PluginHTML {
    static let attribute = try! NSRegularExpression(pattern: #"([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?"#)

    /// `html` as Nokogiri re-serialises it, with `transform` applied to each text run (HTML-escaped) outside
    /// the `skipping` elements; text in `script`/`style` (when skipped) stays raw; tags and comments pass through.
    static func rewriteText(_ html: String, skipping ignored: Set<String>, _ transform: (String) -> String) -> String {
        var out = ""
        var open: [String] = []
        var i = html.startIndex
        while i < html.endIndex {
            guard let lt = html.utf8[i...].firstIndex(of: UInt8(ascii: "<")) else {
                let rest = escapeText(String(html[i...]))
                out += open.isEmpty ? transform(rest) : rest
                break
            }
            let raw = String(html[i..<lt])
            let text = open.last == "script" || open.last == "style" ? raw : escapeText(raw)
            out += open.isEmpty ? transform(text) : text
            let close = html[lt...].hasPrefix("<!--") ? html[lt...].range(of: "-->")?.upperBound
                : html.utf8[lt...].firstIndex(of: UInt8(ascii: ">")).map { html.utf8.index(after: $0) }
            let end = close ?? html.endIndex
            let tag = html[lt..<end]
            let name = tag.dropFirst().drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            if ignored.contains(name) {
                if tag.hasPrefix("</") { if let k = open.lastIndex(of: name) { open.remove(at: k) } } else if !tag.hasSuffix("/>") { open.append(name) }
            }
            out += tag.hasPrefix("<!") ? String(tag) : serialize(tag)
            i = end
        }
        return out
    }

    static func serialize(_ tag: Substring) -> String {
        guard tag.hasPrefix("<"), tag.hasSuffix(">") else { return String(tag) }
        if isCanonical(tag) { return String(tag) }
        if tag.hasPrefix("</") { return "</" + tag.dropFirst(2).dropLast().trimmingCharacters(in: .whitespaces).lowercased() + ">" }
        var inner = String(tag.dropFirst().dropLast())
        if inner.hasSuffix("/") { inner.removeLast() }
        let name = String(inner.prefix { !$0.isWhitespace }).lowercased()
        let rest = String(inner.dropFirst(name.count))
        var out = "<" + name
        let ns = rest as NSString
        for m in attribute.matches(in: rest, range: NSRange(location: 0, length: ns.length)) {
            let key = ns.substring(with: m.range(at: 1)).lowercased()
            let value = (2...4).first { m.range(at: $0).location != NSNotFound }.map { ns.substring(with: m.range(at: $0)) }
            guard let value else { out += " " + key; continue }
            let decoded = decode(value)
            out += " \(key)=\"" + decoded.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;") + "\""
        }
        return out + ">"
    }

    /// Whether `serialize` would give the tag back unchanged (most tags a build writes): `</name>`, or
    /// `<name key="value" …>` with lower-case names, one space apiece, and values without `&` or `"`.
    /// Checked on bytes, so the common case skips the regular expression.
    static func isCanonical(_ tag: Substring) -> Bool {
        let b = Array(tag.utf8)
        func isName(_ c: UInt8) -> Bool { (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) }
        func isKey(_ c: UInt8) -> Bool { isName(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_") || c == UInt8(ascii: ":") }
        var i = 1
        let closing = b.count > 2 && b[1] == UInt8(ascii: "/")
        if closing { i = 2 }
        let nameStart = i
        while i < b.count, isName(b[i]) { i += 1 }
        guard i > nameStart, (b[nameStart] >= 0x61 && b[nameStart] <= 0x7A) else { return false }
        if closing { return i == b.count - 1 }
        while i < b.count - 1 {
            guard b[i] == UInt8(ascii: " ") else { return false }
            i += 1
            let keyStart = i
            while i < b.count, isKey(b[i]) { i += 1 }
            guard i > keyStart, i + 1 < b.count, b[i] == UInt8(ascii: "="), b[i + 1] == UInt8(ascii: "\"") else { return false }
            i += 2
            while i < b.count, b[i] != UInt8(ascii: "\""), b[i] != UInt8(ascii: "&") { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { return false }
            i += 1
        }
        return i == b.count - 1
    }

    /// `&` that does not start an entity becomes `&amp;`.
    static func escapeText(_ s: String) -> String {
        guard s.utf8.contains(UInt8(ascii: "&")) else { return s }
        return s.replacingOccurrences(of: #"&(?!#[0-9]+;|#[xX][0-9a-fA-F]+;|[A-Za-z][A-Za-z0-9]*;)"#, with: "&amp;", options: .regularExpression)
    }

    static func decode(_ s: String) -> String {
        guard s.contains("&") else { return s }
        return s.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}

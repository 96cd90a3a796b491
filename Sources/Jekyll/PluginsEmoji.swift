import Foundation
import Liquid
import Site

/// jemoji 0.13 (with html-pipeline 2's EmojiFilter and gemoji's table, `EmojiTable.swift`): after a page,
/// or a written document, renders to HTML (`.html` output, or a permalink ending in `/`), `:alias:` in its
/// text becomes `<img class="emoji" title=":alias:" alt=":alias:" src="ROOT/emoji/unicode/HEX.png" height="20" width="20">`,
/// except inside `pre`, `code` and `tt`. Only gemoji's aliases (case as written) are replaced. ROOT is
/// `emoji: src:` from the config, else `$ASSET_HOST_URL/images/icons/`, else GitHub's
/// `https://github.githubassets.com/images/icons/`. Only the `<body>` when there is one; the output is
/// untouched unless it has a known `:alias:` somewhere, and otherwise the processed part is re-serialised
/// as Nokogiri writes it (as jekyll-mentions does). Text in `script` and `style` is left alone.
/// `emojify` runs the same replacement on a filter's input (jemoji 0.13 itself registers only the hook).
struct EmojiPlugin: JekyllPlugin {
    var name: String { "jemoji" }

    static let githubAssetRoot = "https://github.githubassets.com/images/icons/"
    static let ignored: Set<String> = ["pre", "code", "tt", "script", "style"]

    var filters: [String: LiquidFilter] {
        ["emojify": { (input: Value, args: [Value], keywords: LiquidHash, context: LiquidFilterContext) throws(LiquidError) -> Value in
            let text = input.liquidString
            let root = EmojiPlugin.assetRoot(context.register("jekyll.site", as: JekyllSiteView.self)?.config.raw["emoji"])
            return .string(EmojiPlugin.process(text, root: root))
        }]
    }

    func postRender(_ output: String, document: JekyllDocument, site: JekyllSiteView) -> String {
        let permalink = document.frontMatter["permalink"].map(\.liquidString)
        guard (document.kind == .page || document.isWritten) && document.outputExt == ".html" || permalink?.hasSuffix("/") == true,
              Self.hasAlias(output) else { return output }
        let root = Self.assetRoot(site.config.raw["emoji"])
        guard output.contains("<body"), let body = output.range(of: #"<body(.*?)>\s*"#, options: .regularExpression) else {
            return PluginHTML.rewriteText(output, skipping: Self.ignored) { Self.emojify($0, root: root) }
        }
        let tail = output[body.upperBound...]
        let end = tail.range(of: "</body>")?.lowerBound ?? tail.endIndex
        return String(output[..<body.upperBound])
            + PluginHTML.rewriteText(String(tail[..<end]), skipping: Self.ignored) { Self.emojify($0, root: root) } + tail[end...]
    }

    /// The asset root: `emoji: src:`, else `$ASSET_HOST_URL` (trailing `/` trimmed) + `/images/icons/`, else GitHub's.
    static func assetRoot(_ setting: Value?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if case .hash(let h)? = setting, let src = h["src"] { return src.liquidString }
        if var host = environment["ASSET_HOST_URL"], !host.isEmpty {
            if host.hasSuffix("/") { host.removeLast() }
            return host + "/images/icons/"
        }
        return githubAssetRoot
    }

    /// Untouched unless the HTML has a known alias; then replaced in text outside `pre`/`code`/`tt`, re-serialised.
    static func process(_ html: String, root: String) -> String {
        guard hasAlias(html) else { return html }
        return PluginHTML.rewriteText(html, skipping: ignored) { emojify($0, root: root) }
    }

    /// Whether `:alias:` occurs for a gemoji alias.
    static func hasAlias(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: ":")) else { return false }
        var found = false
        scan(text) { _, _ in found = true; return false }
        return found
    }

    /// `:alias:` → `<img …>` in one text run (already HTML-escaped).
    static func emojify(_ text: String, root: String) -> String {
        guard text.utf8.contains(UInt8(ascii: ":")) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var last = 0
        scan(text) { range, entry in
            out += bytes[last..<range.lowerBound]
            out += Array(imageTag(alias: String(decoding: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)], as: UTF8.self),
                                  stem: entry.stem, root: root).utf8)
            last = range.upperBound
            return true
        }
        guard last > 0 else { return text }
        out += bytes[last...]
        return String(decoding: out, as: UTF8.self)
    }

    /// html-pipeline's attributes in its order (`align` dropped, as jemoji asks); the URL is `File.join(root, "emoji/unicode/STEM.png")`.
    static func imageTag(alias: String, stem: String, root: String) -> String {
        let src = (root.hasSuffix("/") ? root : root + "/") + "emoji/unicode/\(stem).png"
        return "<img class=\"emoji\" title=\":\(alias):\" alt=\":\(alias):\" src=\"\(src)\" height=\"20\" width=\"20\">"
    }

    /// Calls `found` with the byte range of each `:alias:` (colons included), left to right without overlap,
    /// as the gem's `/:(alias|…):/` finds them: an alias has no `:`, so a match is a known name between two colons.
    static func scan(_ text: String, _ found: (Range<Int>, EmojiEntry) -> Bool) {
        let bytes = Array(text.utf8)
        let table = EmojiEntry.byAlias
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: ":") else { i += 1; continue }
            var j = i + 1
            while j < bytes.count, EmojiEntry.isAliasByte(bytes[j]) { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: ":"), j > i + 1,
               let entry = table[String(decoding: bytes[(i + 1)..<j], as: UTF8.self)] {
                if !found(i..<(j + 1), entry) { return }
                i = j + 1
            } else {
                i = j  // nothing between i and j is a colon
            }
        }
    }
}

/// One gemoji emoji as jemoji uses it: its characters and its image's file stem (`unicode/STEM.png`).
struct EmojiEntry: Sendable {
    var characters: String
    var stem: String

    static func isAliasByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
    }

    /// Every gemoji alias → its emoji, parsed from `gemojiTable` at first use.
    static let byAlias: [String: EmojiEntry] = {
        var table: [String: EmojiEntry] = [:]
        table.reserveCapacity(2000)
        for line in gemojiTable.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 2 else { continue }
            let characters = String(String.UnicodeScalarView(fields[1].split(separator: "-").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }))
            let entry = EmojiEntry(characters: characters, stem: String(fields.count > 2 ? fields[2] : fields[1]))
            for alias in fields[0].split(separator: " ") { table[String(alias)] = entry }
        }
        return table
    }()
}

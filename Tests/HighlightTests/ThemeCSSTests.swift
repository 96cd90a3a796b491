import Foundation
import Testing
@testable import Highlight

/// The CSS of every built-in theme, read back by a small structural parser: braces balance, every rule is
/// scoped to the code block (`.highlight` or its Rouge wrapper `.highlighter-rouge`), variables are only set on
/// `:root`, every `var(--hl-…)` used is set for both colour schemes, and block background and text colour are set.
@Suite struct ThemeCSSTests {
    struct Rule { var media: String?; var selectors: [String]; var declarations: [(String, String)] }

    /// Rules of a stylesheet without nesting beyond one `@media`; nil when braces do not balance or a rule is malformed.
    static func parse(_ css: String) -> [Rule]? {
        var text = Substring(css), rules: [Rule] = [], media: String?
        while let open = text.range(of: "/*") {  // comments out first
            guard let close = text[open.upperBound...].range(of: "*/") else { return nil }
            text = text[..<open.lowerBound] + text[close.upperBound...]
        }
        var rest = text[...]
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.isEmpty { return media == nil ? rules : nil }
            if rest.first == "}" {
                guard media != nil else { return nil }
                media = nil; rest = rest.dropFirst(); continue
            }
            guard let open = rest.firstIndex(of: "{") else { return nil }
            let prelude = rest[..<open].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !prelude.isEmpty, !prelude.contains("}"), !prelude.contains(";") else { return nil }
            rest = rest[rest.index(after: open)...]
            if prelude.hasPrefix("@media") {
                guard media == nil else { return nil }
                media = prelude; continue
            }
            guard let close = rest.firstIndex(of: "}") else { return nil }
            let body = rest[..<close]
            guard !body.contains("{") else { return nil }
            rest = rest[rest.index(after: close)...]
            var decls: [(String, String)] = []
            for d in body.split(separator: ";") where !d.allSatisfy(\.isWhitespace) {
                guard let colon = d.firstIndex(of: ":") else { return nil }
                let prop = d[..<colon].trimmingCharacters(in: .whitespacesAndNewlines)
                let value = d[d.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                guard !prop.isEmpty, !value.isEmpty else { return nil }
                decls.append((prop, value))
            }
            let selectors = prelude.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            rules.append(Rule(media: media, selectors: selectors, declarations: decls))
        }
    }

    /// Under the block or its wrapper: the root class, then nothing, a descendant, a pseudo-class or an attribute.
    static func scoped(_ selector: String) -> Bool {
        for root in [".highlighter-rouge", ".highlight"] where selector.hasPrefix(root) {
            let next = selector.dropFirst(root.count).first
            return next == nil || next == " " || next == ":" || next == "["
        }
        return false
    }

    /// Custom properties a rule list sets on `:root`, by media query (nil: every scheme).
    static func variables(_ rules: [Rule], media: String?) -> [String: String] {
        var v: [String: String] = [:]
        for r in rules where r.media == media && r.selectors == [":root"] { for (p, x) in r.declarations { v[p] = x } }
        return v
    }

    static let dark = "@media (prefers-color-scheme: dark)"

    @Test func everyThemeParsesAndStaysInsideTheCodeBlock() throws {
        #expect(Highlighter.themeNames.count == Set(Highlighter.themeNames).count, "a name is listed twice")
        for name in Highlighter.themeNames {
            let css = try #require(Highlighter.css(theme: name), "\(name)")
            let rules = try #require(Self.parse(css), "\(name): braces or declarations malformed")
            #expect(rules.count > 40, "\(name): \(rules.count) rules")
            for r in rules {
                if r.selectors == [":root"] {
                    #expect(r.declarations.allSatisfy { $0.0.hasPrefix("--hl-") }, "\(name): :root sets more than --hl- variables")
                    continue
                }
                #expect(r.media == nil, "\(name): only :root may sit inside @media")
                for s in r.selectors { #expect(Self.scoped(s), "\(name): selector `\(s)` is outside the code block") }
            }
            // The block's own background and text colour.
            let block = try #require(rules.first { $0.selectors == [".highlight"] }, "\(name)")
            #expect(block.declarations.contains { $0.0 == "background" } && block.declarations.contains { $0.0 == "color" }, "\(name)")
        }
    }

    @Test func adaptiveThemesSetEveryVariableForBothSchemes() throws {
        #expect(ThemePair.all.count >= 7)
        for pair in ThemePair.all {
            let css = try #require(Highlighter.css(theme: pair.name))
            #expect(css.contains("@media (prefers-color-scheme: dark) {\n:root {"), "\(pair.name)")
            let rules = try #require(Self.parse(css))
            let light = Self.variables(rules, media: nil), dark = Self.variables(rules, media: Self.dark)
            #expect(!light.isEmpty && Set(light.keys) == Set(dark.keys), "\(pair.name): the schemes set different variables")
            #expect(light["--hl-bg"] == pair.light.background && dark["--hl-bg"] == pair.dark.background)
            #expect(light["--hl-fg"] == pair.light.foreground && dark["--hl-fg"] == pair.dark.foreground)
            #expect(light["--hl-s2"] == pair.light.style(.s2)?.color && dark["--hl-s2"] == pair.dark.style(.s2)?.color, "\(pair.name)")
            #expect(dark["--hl-gd-bg"] == pair.dark.style(.gd)?.background, "\(pair.name)")
            // Every variable a rule reads without a fallback is set (for both schemes, checked above).
            for r in rules where r.selectors != [":root"] {
                for (_, value) in r.declarations {
                    var v = value[...]
                    while let use = v.range(of: "var(--hl-") {
                        let inner = v[use.upperBound...].prefix { $0 != ")" }
                        if !inner.contains(",") { #expect(light["--hl-" + inner] != nil, "\(pair.name): --hl-\(inner) is not set") }
                        v = v[use.upperBound...]
                    }
                }
            }
            // Light half alone: no media query, its own colours.
            let fixed = try #require(Highlighter.css(theme: pair.light.name))
            #expect(!fixed.contains("prefers-color-scheme"))
            #expect(fixed.contains(".highlight { background: \(pair.light.background); color: \(pair.light.foreground);"))
        }
    }

    @Test func aliasesAndUnknownNames() throws {
        #expect(Highlighter.css(theme: "catppuccin-mocha") == Highlighter.css(theme: "catppuccin-dark"))
        #expect(Highlighter.css(theme: "tokyo-night-day") == Highlighter.css(theme: "tokyo-night-light"))
        #expect(Highlighter.css(theme: "Github") == nil && Highlighter.css(theme: "dracula") == nil)
    }

    /// `galley highlight css --list`: one line per accepted name, saying which pair and whether light, dark or adaptive.
    @Test func themeListNamesEveryThemeOnce() throws {
        let lines = Highlighter.themeListText.split(separator: "\n").map(String.init)
        #expect(lines.count == Highlighter.themeNames.count)
        let names = lines.map { String($0.prefix { $0 != " " }) }
        #expect(names == Highlighter.themeNames)
        #expect(Theme.all.count == 2 * ThemePair.all.count)  // the contrast test walks every half of every pair
        for t in Theme.all { #expect(names.contains(t.name), "\(t.name) missing from the list") }
        for popular in ["github", "solarized", "one", "gruvbox", "tokyo-night", "catppuccin", "nord"] {
            #expect(names.contains(popular) && names.contains(popular + "-light") && names.contains(popular + "-dark"), "\(popular)")
        }
        #expect(lines.contains("github             adaptive: GitHub Light or GitHub Dark by the reader's light/dark setting"))
        #expect(lines.contains("one-dark           dark: One Dark (half of `one`)"))
        #expect(lines.contains("catppuccin-latte   same as `catppuccin-light`"))
        #expect(lines.first?.hasPrefix("galley ") == true && lines[0].contains("the default"))
    }

    @Test func theParserRejectsBrokenCSS() {
        #expect(Self.parse(".highlight { color: red; }\n") != nil)
        #expect(Self.parse(".highlight { color: red;\n") == nil)
        #expect(Self.parse(".highlight { color: red; } }") == nil)
        #expect(Self.parse("@media (x) { .highlight { color: red; }") == nil)
        #expect(Self.parse(".highlight { color }") == nil)
        #expect(!Self.scoped(".k") && !Self.scoped("pre .highlight") && !Self.scoped(".copy-code-status") && !Self.scoped(".highlightx"))
        #expect(Self.scoped(".highlight .k") && Self.scoped(".highlighter-rouge:hover .copy-code"))
    }
}

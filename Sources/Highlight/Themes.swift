/// A colour scheme defined per token family, with per-class refinements.
/// CSS is generated from it, so class themes and inline (feed) styles always agree.
public struct Theme: Sendable {
    public struct Style: Sendable, Hashable {
        public var color: String?
        public var bold = false
        public var italic = false
        public var background: String? = nil

        var declarations: String {
            var d: [String] = []
            if let color { d.append("color:\(color)") }
            if let background { d.append("background-color:\(background)") }
            if bold { d.append("font-weight:bold") }
            if italic { d.append("font-style:italic") }
            return d.joined(separator: ";")
        }
    }

    public let name: String
    public let background: String
    public let foreground: String
    public let highlightLine: String
    let styles: [String: Style]

    /// The style of a class: its own, else its family's (`kd` → `k`, `s2` → `s`).
    func style(_ cls: TokenClass) -> Style? {
        if cls == .text { return nil }
        if let st = styles[cls.cssClass] { return st }
        if let f = cls.family, let st = styles[String(f)] { return st }
        return nil
    }

    func inlineStyle(_ cls: TokenClass) -> String? {
        guard let st = style(cls) else { return nil }
        let d = st.declarations
        return d.isEmpty ? nil : d
    }

    static func s(_ color: String, bold: Bool = false, italic: Bool = false) -> Style { Style(color: color, bold: bold, italic: italic) }

    /// Galley light: calm, readable on white; comments italic. The background is the page's paper a
    /// step darker (1.14:1 against it), so code stands apart from prose; inline code shares it.
    static let galleyLight = Theme(name: "galley-light", background: "#eeebe3", foreground: "#24292e", highlightLine: "#fff5b1", styles: [
        "k": s("#c41d2a", bold: false), "kt": s("#0550ae"), "kc": s("#0550ae"), "kn": s("#c41d2a"),
        "n": Style(color: nil), "nf": s("#7a45d6"), "fm": s("#7a45d6"), "nc": s("#953800"), "nn": s("#953800"), "nb": s("#0550ae"), "bp": s("#0550ae"),
        "nd": s("#7a45d6"), "ne": s("#953800"), "nt": s("#116329"), "na": s("#0550ae"), "nv": s("#953800"), "vm": s("#953800"), "nl": s("#953800"), "ni": s("#5f6872"),
        "s": s("#0a3069"), "si": s("#c41d2a"), "se": s("#0550ae"), "sr": s("#116329"), "sd": s("#57606a", italic: true), "sa": s("#c41d2a"), "ss": s("#0550ae"),
        "m": s("#0550ae"), "c": s("#5f6872", italic: true), "cp": s("#c41d2a", italic: false), "cpf": s("#0a3069"), "ch": s("#5f6872", italic: true),
        "o": s("#c41d2a"), "ow": s("#c41d2a", bold: true), "p": Style(color: nil), "l": s("#0a3069"), "no": s("#0a3069"),
        "gi": Style(color: "#116329", background: "#dafbe1"), "gd": Style(color: "#82071e", background: "#ffebe9"), "gh": s("#0550ae", bold: true), "gu": s("#7a45d6", bold: true),
        "gp": s("#5f6872", bold: true), "go": s("#57606a"), "ge": Style(color: nil, italic: true), "gs": Style(color: nil, bold: true), "gr": s("#c41d2a"), "gt": s("#c41d2a"),
        "err": Style(color: "#82071e", background: "#ffebe9"),
    ])

    /// Galley dark: the same roles on a dark background.
    static let galleyDark = Theme(name: "galley-dark", background: "#20252d", foreground: "#e6edf3", highlightLine: "#3b3520", styles: [
        "k": s("#ff7b72"), "kt": s("#79c0ff"), "kc": s("#79c0ff"), "kn": s("#ff7b72"),
        "n": Style(color: nil), "nf": s("#d2a8ff"), "fm": s("#d2a8ff"), "nc": s("#ffa657"), "nn": s("#ffa657"), "nb": s("#79c0ff"), "bp": s("#79c0ff"),
        "nd": s("#d2a8ff"), "ne": s("#ffa657"), "nt": s("#7ee787"), "na": s("#79c0ff"), "nv": s("#ffa657"), "vm": s("#ffa657"), "nl": s("#ffa657"), "ni": s("#9da5b0"),
        "s": s("#a5d6ff"), "si": s("#ff7b72"), "se": s("#79c0ff"), "sr": s("#7ee787"), "sd": s("#9da5b0", italic: true), "sa": s("#ff7b72"), "ss": s("#79c0ff"),
        "m": s("#79c0ff"), "c": s("#9da5b0", italic: true), "cp": s("#ff7b72"), "cpf": s("#a5d6ff"), "ch": s("#9da5b0", italic: true),
        "o": s("#ff7b72"), "ow": s("#ff7b72", bold: true), "p": Style(color: nil), "l": s("#a5d6ff"), "no": s("#a5d6ff"),
        "gi": Style(color: "#aff5b4", background: "#033a16"), "gd": Style(color: "#ffdcd7", background: "#67060c"), "gh": s("#79c0ff", bold: true), "gu": s("#d2a8ff", bold: true),
        "gp": s("#9da5b0", bold: true), "go": s("#9da5b0"), "ge": Style(color: nil, italic: true), "gs": Style(color: nil, bold: true), "gr": s("#ff7b72"), "gt": s("#ff7b72"),
        "err": Style(color: "#ffdcd7", background: "#67060c"),
    ])

    /// Every built-in theme, each pair's light half then its dark half (the contrast test walks this).
    static let all: [Theme] = ThemePair.all.flatMap { [$0.light, $0.dark] }
}

/// CSS generation: one rule per styled class; the adaptive theme routes colours through variables.
enum ThemeCSS {
    static var styledClasses: [TokenClass] { TokenClass.allCases.filter { $0 != .text } }

    /// One theme, always. The line backgrounds are also set as the variables `layout` reads, so diff and
    /// highlighted lines get this theme's colours (the ones the contrast test checks), not the generic fallbacks.
    static func fixed(_ t: Theme) -> String {
        var out = "/* Galley syntax theme: \(t.name) (Pygments/Rouge classes) */\n"
        var lineVars = "--hl-hll: \(t.highlightLine);"
        for cls in [TokenClass.gi, .gd] { if let b = t.style(cls)?.background { lineVars += " --hl-\(cls.cssClass)-bg: \(b);" } }
        out += ".highlight { background: \(t.background); color: \(t.foreground); \(lineVars) }\n"
        out += ".highlight .hll { background-color: \(t.highlightLine); }\n"
        for cls in styledClasses {
            guard let d = t.style(cls)?.declarations, !d.isEmpty else { continue }
            out += ".highlight .\(cls.cssClass) { \(d.replacingSemicolons) }\n"
        }
        return out + layout
    }

    /// Both halves of a pair, switched by `prefers-color-scheme`: every colour is a variable set on `:root` for light
    /// and again inside `@media (prefers-color-scheme: dark)`. A class styled by one half only takes the other
    /// half's text colour (or no background) there; weight and slant that differ between halves become variables too.
    static func adaptive(_ pair: ThemePair) -> String {
        let light = pair.light, dark = pair.dark
        var out = "/* Galley syntax theme: \(pair.name) (\(light.name) / \(dark.name) by prefers-color-scheme; Pygments/Rouge classes) */\n"
        var rules = "", lightVars = "", darkVars = ""
        func both(_ name: String, _ l: String, _ d: String) {
            lightVars += "  --hl-\(name): \(l);\n"
            darkVars += "  --hl-\(name): \(d);\n"
        }
        both("bg", light.background, dark.background)
        both("fg", light.foreground, dark.foreground)
        both("hll", light.highlightLine, dark.highlightLine)
        for cls in styledClasses {
            let l = light.style(cls), d = dark.style(cls)
            guard l != nil || d != nil else { continue }
            let name = cls.cssClass
            var decl: [String] = []
            if l?.color != nil || d?.color != nil {
                both(name, l?.color ?? light.foreground, d?.color ?? dark.foreground)
                decl.append("color: var(--hl-\(name))")
            }
            if l?.background != nil || d?.background != nil {
                both("\(name)-bg", l?.background ?? "transparent", d?.background ?? "transparent")
                decl.append("background-color: var(--hl-\(name)-bg)")
            }
            for (prop, on, off, lv, dv) in [("font-weight", "bold", "normal", l?.bold ?? false, d?.bold ?? false),
                                            ("font-style", "italic", "normal", l?.italic ?? false, d?.italic ?? false)] {
                if lv == dv {
                    if lv { decl.append("\(prop): \(on)") }
                } else {
                    let v = "\(name)-\(prop == "font-weight" ? "fw" : "fs")"
                    both(v, lv ? on : off, dv ? on : off)
                    decl.append("\(prop): var(--hl-\(v))")
                }
            }
            if !decl.isEmpty { rules += ".highlight .\(name) { \(decl.joined(separator: "; ")) }\n" }
        }
        out += ":root {\n\(lightVars)}\n@media (prefers-color-scheme: dark) {\n:root {\n\(darkVars)}\n}\n"
        out += ".highlight { background: var(--hl-bg); color: var(--hl-fg); }\n"
        out += ".highlight .hll { background-color: var(--hl-hll); }\n"
        return out + rules + layout
    }

    /// Block chrome: line-number gutter via CSS counters (never copied), title, label, copy button.
    static let layout = """
    .highlight pre.numbered code { counter-reset: line; }
    .highlight pre.numbered .line::before { counter-increment: line; content: counter(line); display: inline-block; width: 2.5em; margin-right: 1em; padding-right: .5em; text-align: right; opacity: .5; border-right: 1px solid currentColor; -webkit-user-select: none; user-select: none; }
    .highlight .line { display: inline-block; min-width: 100%; }
    .highlight .line.hll { background-color: var(--hl-hll, rgba(255, 230, 0, .25)); }
    .highlight .line.gi { background-color: var(--hl-gi-bg, rgba(46, 160, 67, .15)); }
    .highlight .line.gd { background-color: var(--hl-gd-bg, rgba(248, 81, 73, .15)); }
    .highlighter-rouge .code-title { font-family: ui-monospace, monospace; font-size: .85em; padding: .35em .8em; border-bottom: 1px solid rgba(128, 128, 128, .3); }
    .highlighter-rouge { position: relative; }
    .highlighter-rouge[data-lang] .highlight::before { content: attr(data-lang); position: absolute; right: .6em; top: .3em; font-size: .75em; opacity: .6; -webkit-user-select: none; user-select: none; }
    .highlighter-rouge .copy-code { position: absolute; right: .5em; bottom: .5em; font-size: .75em; opacity: .6; cursor: pointer; }
    .highlighter-rouge:hover .copy-code, .highlighter-rouge .copy-code:focus-visible { opacity: 1; }
    .highlighter-rouge .copy-code-status { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }

    """
}

extension String {
    fileprivate var replacingSemicolons: String {
        split(separator: ";").joined(separator: "; ")
    }
}

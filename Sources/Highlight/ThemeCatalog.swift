/// A built-in theme pair: one name whose CSS follows the reader's light/dark setting (`prefers-color-scheme`),
/// and each half usable on its own (`github` → `github-light`, `github-dark`).
struct ThemePair: Sendable {
    let name: String
    let light: Theme, dark: Theme
    /// What the halves are called upstream (`Catppuccin Latte`), for `galley highlight css --list`.
    let lightTitle: String, darkTitle: String
    /// Upstream names for the halves that differ from ours (`catppuccin-latte` → `catppuccin-light`).
    var aliases: [String: String] = [:]
    var note: String? = nil

    static let all: [ThemePair] = [
        ThemePair(name: "galley", light: .galleyLight, dark: .galleyDark, lightTitle: "Galley Light", darkTitle: "Galley Dark",
                  note: "the default"),
        ThemePair(name: "github", light: .githubLight, dark: .githubDark, lightTitle: "GitHub Light", darkTitle: "GitHub Dark"),
        ThemePair(name: "solarized", light: .solarizedLight, dark: .solarizedDark,
                  lightTitle: "Solarized Light", darkTitle: "Solarized Dark", note: "accents darkened/lightened to 4.5:1"),
        ThemePair(name: "one", light: .oneLight, dark: .oneDark, lightTitle: "One Light", darkTitle: "One Dark"),
        ThemePair(name: "gruvbox", light: .gruvboxLight, dark: .gruvboxDark, lightTitle: "Gruvbox Light", darkTitle: "Gruvbox Dark"),
        ThemePair(name: "tokyo-night", light: .tokyoNightLight, dark: .tokyoNightDark,
                  lightTitle: "Tokyo Night Day", darkTitle: "Tokyo Night", aliases: ["tokyo-night-day": "tokyo-night-light"]),
        ThemePair(name: "catppuccin", light: .catppuccinLight, dark: .catppuccinDark,
                  lightTitle: "Catppuccin Latte", darkTitle: "Catppuccin Mocha",
                  aliases: ["catppuccin-latte": "catppuccin-light", "catppuccin-mocha": "catppuccin-dark"]),
        ThemePair(name: "nord", light: .nordLight, dark: .nordDark, lightTitle: "Nord Snow Storm", darkTitle: "Nord",
                  note: "the light half is Galley's own: Nord has none"),
    ]
}

/// One line of `galley highlight css --list`.
public struct ThemeDescription: Sendable, Hashable {
    public let name: String
    public let description: String
}

extension Highlighter {
    /// Every name `css(theme:)` accepts: pairs (adaptive), their halves and the halves' upstream aliases.
    public static var themeNames: [String] { themeList.map(\.name) }

    /// The themes with a one-line description each, pair by pair: the adaptive name, then its light and dark halves.
    public static let themeList: [ThemeDescription] = ThemePair.all.flatMap { p -> [ThemeDescription] in
        let note = p.note.map { "; \($0)" } ?? ""
        var rows = [
            ThemeDescription(name: p.name, description: "adaptive: \(p.lightTitle) or \(p.darkTitle) by the reader's light/dark setting\(note)"),
            ThemeDescription(name: p.light.name, description: "light: \(p.lightTitle) (half of `\(p.name)`)"),
            ThemeDescription(name: p.dark.name, description: "dark: \(p.darkTitle) (half of `\(p.name)`)"),
        ]
        for (alias, target) in p.aliases.sorted(by: { $0.key < $1.key }) {
            rows.append(ThemeDescription(name: alias, description: "same as `\(target)`"))
        }
        return rows
    }

    /// `themeList` as aligned text, one theme a line.
    public static var themeListText: String {
        let width = themeList.map(\.name.count).max() ?? 0
        return themeList.map { $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.description + "\n" }.joined()
    }

    /// CSS for a theme (Pygments/Rouge class selectors under `.highlight`), nil for an unknown name.
    public static func css(theme: String) -> String? {
        for p in ThemePair.all {
            if theme == p.name { return ThemeCSS.adaptive(p) }
            let name = p.aliases[theme] ?? theme
            if name == p.light.name { return ThemeCSS.fixed(p.light) }
            if name == p.dark.name { return ThemeCSS.fixed(p.dark) }
        }
        return nil
    }

    /// The theme used for inline styles (feed mode).
    static var inlineTheme: Theme { .galleyLight }
}

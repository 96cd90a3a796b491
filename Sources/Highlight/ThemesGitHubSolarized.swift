/// GitHub and Solarized as light/dark pairs: the published palettes, mapped to token classes by `Palette`.
/// Colours that miss WCAG AA (4.5:1) on the block, a highlighted line or a diff line are moved in lightness
/// only (hue and saturation kept) by the smallest step that passes; each palette says which
/// (scripts/theme-contrast.py does the arithmetic; ThemeContrastTests checks the result).
extension Theme {
    // GitHub: Primer's "prettylights" syntax colours (github.com code views).
    /// Darkened until 4.5:1 on every background they sit on (published → used): #8250df → #7f4cde (function,
    /// decorator, subheading); #6e7781 → #666e77 (comment).
    static let githubLight = Palette(
        background: "#ffffff", foreground: "#1f2328", highlightLine: "#fff8c5", keyword: "#cf222e", type: "#0550ae",
        constant: "#0550ae", number: "#0550ae", function: "#7f4cde", className: "#953800", builtin: "#0550ae",
        decorator: "#7f4cde", tag: "#116329", attribute: "#0550ae", variable: "#953800", string: "#0a3069",
        escape: "#116329", regex: "#116329", comment: "#666e77", preproc: "#cf222e", op: "#cf222e", heading: "#0550ae",
        subheading: "#7f4cde", inserted: "#116329", insertedBackground: "#dafbe1", deleted: "#82071e",
        deletedBackground: "#ffebe9", error: "#82071e"
    ).theme("github-light")

    /// Lightened until 4.5:1 on every background they sit on (published → used): #8b949e → #929aa4 (comment); #1f6feb
    /// → #6199f1 (heading).
    static let githubDark = Palette(
        background: "#0d1117", foreground: "#e6edf3", highlightLine: "#2b2519", keyword: "#ff7b72", type: "#79c0ff",
        constant: "#79c0ff", number: "#79c0ff", function: "#d2a8ff", className: "#ffa657", builtin: "#79c0ff",
        decorator: "#d2a8ff", tag: "#7ee787", attribute: "#79c0ff", variable: "#ffa657", string: "#a5d6ff",
        escape: "#7ee787", regex: "#7ee787", comment: "#929aa4", preproc: "#ff7b72", op: "#ff7b72", heading: "#6199f1",
        subheading: "#d2a8ff", inserted: "#aff5b4", insertedBackground: "#033a16", deleted: "#ffdcd7",
        deletedBackground: "#67060c", error: "#ffa198"
    ).theme("github-dark")

    // Solarized (Ethan Schoonover): base03–base3 and the eight accents. Solarized trades contrast for calm —
    // on base3 every accent and the grey comment tone (base1) fall below 4.5:1, so the light half is darker overall.
    /// Darkened until 4.5:1 on every background they sit on (published → used): #657b83 → #576970 (foreground);
    /// #859900 → #5f6e00 (keyword, operator); #b58900 → #826200 (type, className, attribute); #2aa198 → #1e726c
    /// (constant, number, string); #268bd2 → #1d6ca2 (function, builtin, tag, variable, heading); #cb4b16 → #b44214
    /// (decorator, preproc); #dc322f → #c82522 (escape, regex, deleted, error); #93a1a1 → #5c6a6a (comment); #6c71c4
    /// → #585ebc (subheading); #859900 → #627000 (inserted).
    static let solarizedLight = Palette(
        background: "#fdf6e3", foreground: "#576970", highlightLine: "#eee8d5", keyword: "#5f6e00", type: "#826200",
        constant: "#1e726c", number: "#1e726c", function: "#1d6ca2", className: "#826200", builtin: "#1d6ca2",
        decorator: "#b44214", tag: "#1d6ca2", attribute: "#826200", variable: "#1d6ca2", string: "#1e726c",
        escape: "#c82522", regex: "#c82522", comment: "#5c6a6a", preproc: "#b44214", op: "#5f6e00", heading: "#1d6ca2",
        subheading: "#585ebc", inserted: "#627000", insertedBackground: "#f1edcc", deleted: "#c82522",
        deletedBackground: "#fae2d1", error: "#c82522"
    ).theme("solarized-light")

    /// Lightened until 4.5:1 on every background they sit on (published → used): #839496 → #8d9c9e (foreground);
    /// #859900 → #8ea300 (keyword, operator, inserted); #b58900 → #c29300 (type, className, attribute); #2aa198 →
    /// #2daba2 (constant, number, string); #268bd2 → #48a0de (function, builtin, tag, variable, heading); #cb4b16 →
    /// #eb794a (decorator, preproc); #dc322f → #e87977 (escape, regex, error); #586e75 → #879da5 (comment); #6c71c4 →
    /// #9094d3 (subheading); #dc322f → #e66a68 (deleted).
    static let solarizedDark = Palette(
        background: "#002b36", foreground: "#8d9c9e", highlightLine: "#073642", keyword: "#8ea300", type: "#c29300",
        constant: "#2daba2", number: "#2daba2", function: "#48a0de", className: "#c29300", builtin: "#48a0de",
        decorator: "#eb794a", tag: "#48a0de", attribute: "#c29300", variable: "#48a0de", string: "#2daba2",
        escape: "#e87977", regex: "#e87977", comment: "#879da5", preproc: "#eb794a", op: "#8ea300", heading: "#48a0de",
        subheading: "#9094d3", inserted: "#8ea300", insertedBackground: "#103830", deleted: "#e66a68",
        deletedBackground: "#1a2c35", error: "#e87977"
    ).theme("solarized-dark")

}

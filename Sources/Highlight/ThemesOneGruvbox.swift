/// One (Atom's One Light and One Dark) and Gruvbox (morhetz; faded accents on light, bright on dark) as
/// light/dark pairs, mapped to token classes by `Palette`; adjusted colours as in ThemesGitHubSolarized.swift.
extension Theme {
    // One: One Dark's comment grey (#5c6370) is famously too faint; One Light's accents are light for #fafafa.
    /// Darkened until 4.5:1 on every background they sit on (published → used): #c18401 → #8e6101 (type, className);
    /// #986801 → #906301 (constant, number, attribute); #4078f2 → #1c5ff0 (function, decorator); #0184bc → #0172a3
    /// (builtin, escape, regex, operator); #e45649 → #cc2d1e (tag, variable, heading, deleted); #50a14f → #3c783b
    /// (string); #a0a1a7 → #6a6b72 (comment); #50a14f → #3c7a3c (inserted).
    static let oneLight = Palette(
        background: "#fafafa", foreground: "#383a42", highlightLine: "#f0f0f1", keyword: "#a626a4", type: "#8e6101",
        constant: "#906301", number: "#906301", function: "#1c5ff0", className: "#8e6101", builtin: "#0172a3",
        decorator: "#1c5ff0", tag: "#cc2d1e", attribute: "#906301", variable: "#cc2d1e", string: "#3c783b",
        escape: "#0172a3", regex: "#0172a3", comment: "#6a6b72", preproc: "#a626a4", op: "#0172a3", heading: "#cc2d1e",
        subheading: "#a626a4", inserted: "#3c7a3c", insertedBackground: "#e9f1e9", deleted: "#cc2d1e",
        deletedBackground: "#f8eae8", error: "#ca1243"
    ).theme("one-light")

    /// Lightened until 4.5:1 on every background they sit on (published → used): #c678dd → #cf8ee3 (keyword, preproc,
    /// subheading); #d19a66 → #d29b68 (constant, number, attribute); #e06c75 → #e78e95 (tag, variable, heading,
    /// error); #5c6370 → #a0a6b1 (comment); #e06c75 → #e5838b (deleted).
    static let oneDark = Palette(
        background: "#282c34", foreground: "#abb2bf", highlightLine: "#2c313c", keyword: "#cf8ee3", type: "#e5c07b",
        constant: "#d29b68", number: "#d29b68", function: "#61afef", className: "#e5c07b", builtin: "#56b6c2",
        decorator: "#61afef", tag: "#e78e95", attribute: "#d29b68", variable: "#e78e95", string: "#98c379",
        escape: "#56b6c2", regex: "#56b6c2", comment: "#a0a6b1", preproc: "#cf8ee3", op: "#56b6c2", heading: "#e78e95",
        subheading: "#cf8ee3", inserted: "#98c379", insertedBackground: "#353e3c", deleted: "#e5838b",
        deletedBackground: "#3e343c", error: "#e78e95"
    ).theme("one-dark")

    // Gruvbox: bg0 backgrounds, bg0_soft for the highlighted line; the grey comment tone (#928374) misses on both.
    /// Darkened until 4.5:1 on every background they sit on (published → used): #b57614 → #85570f (type, className,
    /// heading); #79740e → #67620c (function, string); #af3a03 → #ac3903 (builtin, decorator, escape, regex); #427b58
    /// → #396a4c (attribute, preproc); #928374 → #6b5f54 (comment); #79740e → #6b670c (inserted).
    static let gruvboxLight = Palette(
        background: "#fbf1c7", foreground: "#3c3836", highlightLine: "#f2e5bc", keyword: "#9d0006", type: "#85570f",
        constant: "#8f3f71", number: "#8f3f71", function: "#67620c", className: "#85570f", builtin: "#ac3903",
        decorator: "#ac3903", tag: "#076678", attribute: "#396a4c", variable: "#076678", string: "#67620c",
        escape: "#ac3903", regex: "#ac3903", comment: "#6b5f54", preproc: "#396a4c", op: "#3c3836", heading: "#85570f",
        subheading: "#076678", inserted: "#6b670c", insertedBackground: "#eee4b4", deleted: "#9d0006",
        deletedBackground: "#f2d9b4", error: "#9d0006"
    ).theme("gruvbox-light")

    /// Lightened until 4.5:1 on every background they sit on (published → used): #fb4934 → #fc7d6e (keyword, error);
    /// #d3869b → #d68da1 (constant, number); #83a598 → #89a99d (tag, variable, subheading); #928374 → #aca095
    /// (comment); #fb4934 → #fc6b5a (deleted).
    static let gruvboxDark = Palette(
        background: "#282828", foreground: "#ebdbb2", highlightLine: "#32302f", keyword: "#fc7d6e", type: "#fabd2f",
        constant: "#d68da1", number: "#d68da1", function: "#b8bb26", className: "#fabd2f", builtin: "#fe8019",
        decorator: "#fe8019", tag: "#89a99d", attribute: "#8ec07c", variable: "#89a99d", string: "#b8bb26",
        escape: "#fe8019", regex: "#fe8019", comment: "#aca095", preproc: "#8ec07c", op: "#ebdbb2", heading: "#fabd2f",
        subheading: "#89a99d", inserted: "#b8bb26", insertedBackground: "#393a28", deleted: "#fc6b5a",
        deletedBackground: "#412c29", error: "#fc7d6e"
    ).theme("gruvbox-dark")

}

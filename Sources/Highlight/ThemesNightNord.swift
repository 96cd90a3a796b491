/// Tokyo Night (Day / Night), Catppuccin (Latte / Mocha) and Nord as light/dark pairs, mapped to token
/// classes by `Palette`; adjusted colours as in ThemesGitHubSolarized.swift.
extension Theme {
    // Tokyo Night: Day and Night. Day's bg_highlight (#c4c8da) is halved toward the background for the
    // highlighted line, else every accent would have to darken a lot more.
    /// Darkened until 4.5:1 on every background they sit on (published → used): #3760bf → #3258af (foreground);
    /// #9854f1 → #761bec (keyword, subheading); #188092 → #136573 (type, className); #b15c00 → #8d4900 (constant,
    /// number); #2e7de9 → #1359b7 (function, heading); #007197 → #006485 (builtin, preproc); #8c6c3e → #715832
    /// (decorator); #f52a65 → #b8093c (tag, deleted); #387068 → #32645d (attribute); #587539 → #4b6431 (string,
    /// inserted); #006a83 → #00647b (escape, operator); #848cb5 → #515a87 (comment); #c64343 → #a63232 (error).
    static let tokyoNightLight = Palette(
        background: "#e1e2e7", foreground: "#3258af", highlightLine: "#d2d5e0", keyword: "#761bec", type: "#136573",
        constant: "#8d4900", number: "#8d4900", function: "#1359b7", className: "#136573", builtin: "#006485",
        decorator: "#715832", tag: "#b8093c", attribute: "#32645d", string: "#4b6431", escape: "#00647b",
        regex: "#2e5857", comment: "#515a87", preproc: "#006485", op: "#00647b", heading: "#1359b7",
        subheading: "#761bec", inserted: "#4b6431", insertedBackground: "#d3d7d6", deleted: "#b8093c",
        deletedBackground: "#e3d0da", error: "#a63232"
    ).theme("tokyo-night-light")

    /// Lightened until 4.5:1 on every background they sit on (published → used): #565f89 → #8d95b8 (comment); #db4b4b
    /// → #e47676 (error).
    static let tokyoNightDark = Palette(
        background: "#1a1b26", foreground: "#c0caf5", highlightLine: "#292e42", keyword: "#bb9af7", type: "#2ac3de",
        constant: "#ff9e64", number: "#ff9e64", function: "#7aa2f7", className: "#2ac3de", builtin: "#7dcfff",
        decorator: "#e0af68", tag: "#f7768e", attribute: "#73daca", string: "#9ece6a", escape: "#89ddff",
        regex: "#b4f9f8", comment: "#8d95b8", preproc: "#7dcfff", op: "#89ddff", heading: "#7aa2f7",
        subheading: "#bb9af7", inserted: "#9ece6a", insertedBackground: "#2a302e", deleted: "#f7768e",
        deletedBackground: "#352632", error: "#e47676"
    ).theme("tokyo-night-dark")

    // Catppuccin: Latte (light) and Mocha (dark); mantle and surface0 mark the highlighted line.
    /// Darkened until 4.5:1 on every background they sit on (published → used): #8839ef → #7f2bee (keyword); #df8e1d
    /// → #895712 (type, className, attribute); #fe640b → #aa3f01 (constant, number, decorator, subheading); #1e66f5 →
    /// #0a54e8 (function, tag); #d20f39 → #c40e35 (builtin, heading, deleted, error); #40a02b → #2d701e (string);
    /// #ea76cb → #b31b8b (escape, regex, preproc); #7c7f93 → #5f6173 (comment); #04a5e5 → #036992 (operator); #40a02b
    /// → #2f7620 (inserted).
    static let catppuccinLight = Palette(
        background: "#eff1f5", foreground: "#4c4f69", highlightLine: "#e6e9ef", keyword: "#7f2bee", type: "#895712",
        constant: "#aa3f01", number: "#aa3f01", function: "#0a54e8", className: "#895712", builtin: "#c40e35",
        decorator: "#aa3f01", tag: "#0a54e8", attribute: "#895712", string: "#2d701e", escape: "#b31b8b",
        regex: "#b31b8b", comment: "#5f6173", preproc: "#b31b8b", op: "#036992", heading: "#c40e35",
        subheading: "#aa3f01", inserted: "#2f7620", insertedBackground: "#dee9e1", deleted: "#c40e35",
        deletedBackground: "#ecdae2", error: "#c40e35"
    ).theme("catppuccin-light")

    /// Lightened until 4.5:1 on every background they sit on (published → used): #9399b2 → #969cb4 (comment).
    static let catppuccinDark = Palette(
        background: "#1e1e2e", foreground: "#cdd6f4", highlightLine: "#313244", keyword: "#cba6f7", type: "#f9e2af",
        constant: "#fab387", number: "#fab387", function: "#89b4fa", className: "#f9e2af", builtin: "#f38ba8",
        decorator: "#fab387", tag: "#89b4fa", attribute: "#f9e2af", string: "#a6e3a1", escape: "#f5c2e7",
        regex: "#f5c2e7", comment: "#969cb4", preproc: "#f5c2e7", op: "#89dceb", heading: "#f38ba8",
        subheading: "#fab387", inserted: "#a6e3a1", insertedBackground: "#2e363c", deleted: "#f38ba8",
        deletedBackground: "#382b3d", error: "#f38ba8"
    ).theme("catppuccin-dark")

    // Nord: Polar Night, Snow Storm, Frost and Aurora. Nord ships no light theme; the light half is Galley's:
    // Snow Storm (nord6) behind Polar Night text, with Frost and Aurora darkened to 4.5:1 in their own hues.
    // Nord's comment grey (nord3, even brightened to #616e88) misses on the dark half; nord1, the usual
    // current-line colour, is mixed toward the background so comments need not turn white to read on it.
    /// Darkened until 4.5:1 on every background they sit on (published → used): #81a1c1 → #44688b (keyword, constant,
    /// tag, operator, subheading); #8fbcbb → #416c6b (type, className, attribute); #b48ead → #83577b (number);
    /// #88c0d0 → #326d7e (function, builtin, heading); #d08770 → #9e4d34 (decorator); #a3be8c → #536c3d (string);
    /// #ebcb8b → #825e16 (escape, regex); #616e88 → #59647c (comment); #5e81ac → #48678c (preproc); #a3be8c → #577140
    /// (inserted); #bf616a → #a9444e (deleted, error).
    static let nordLight = Palette(
        background: "#eceff4", foreground: "#2e3440", highlightLine: "#e5e9f0", keyword: "#44688b", type: "#416c6b",
        constant: "#44688b", number: "#83577b", function: "#326d7e", className: "#416c6b", builtin: "#326d7e",
        decorator: "#9e4d34", tag: "#44688b", attribute: "#416c6b", string: "#536c3d", escape: "#825e16",
        regex: "#825e16", comment: "#59647c", preproc: "#48678c", op: "#44688b", heading: "#326d7e",
        subheading: "#44688b", inserted: "#577140", insertedBackground: "#e5eaea", deleted: "#a9444e",
        deletedBackground: "#e8e1e6", error: "#a9444e"
    ).theme("nord-light")

    /// Lightened until 4.5:1 on every background they sit on (published → used): #81a1c1 → #99b3cd (keyword,
    /// constant, tag, operator, subheading); #b48ead → #c5a8c0 (number); #d08770 → #dba493 (decorator); #616e88 →
    /// #a8b0c1 (comment); #5e81ac → #9cb2cc (preproc); #bf616a → #d4949a (deleted); #bf616a → #d9a2a8 (error).
    static let nordDark = Palette(
        background: "#2e3440", foreground: "#d8dee9", highlightLine: "#363c4b", keyword: "#99b3cd", type: "#8fbcbb",
        constant: "#99b3cd", number: "#c5a8c0", function: "#88c0d0", className: "#8fbcbb", builtin: "#88c0d0",
        decorator: "#dba493", tag: "#99b3cd", attribute: "#8fbcbb", string: "#a3be8c", escape: "#ebcb8b",
        regex: "#ebcb8b", comment: "#a8b0c1", preproc: "#9cb2cc", op: "#99b3cd", heading: "#88c0d0",
        subheading: "#99b3cd", inserted: "#a3be8c", insertedBackground: "#3c4549", deleted: "#d4949a",
        deletedBackground: "#3f3945", error: "#d9a2a8"
    ).theme("nord-dark")

}

/// A published editor palette by role (keyword, string, comment, …). `theme(_:)` maps the roles onto
/// Pygments/Rouge classes in one place, so each popular theme is only its list of colours — no theme
/// file's rules are copied, and every theme styles the same classes (which the adaptive CSS relies on).
struct Palette {
    var background, foreground, highlightLine: String
    var keyword, type, constant, number, function, className, builtin, decorator, tag, attribute: String
    /// Variables, attributes of objects and labels; nil leaves them in the foreground colour.
    var variable: String? = nil
    var string, escape, regex, comment, preproc, op, heading, subheading: String
    /// Diff lines: colour and background of added and removed lines (`gi`, `gd`, `.line.gi`, `.line.gd`).
    var inserted, insertedBackground, deleted, deletedBackground: String
    /// Lexer errors and tracebacks.
    var error: String

    func theme(_ name: String) -> Theme {
        typealias S = Theme.Style
        func c(_ color: String, bold: Bool = false, italic: Bool = false) -> S { S(color: color, bold: bold, italic: italic) }
        let kw = c(keyword), plain = S(color: nil)
        var styles: [String: S] = [
            // Keywords (`kd`, `kr`, `kp` fall back to `k`); declarations, imports and word operators read as keywords.
            "k": kw, "kn": kw, "kt": c(type), "kc": c(constant), "ow": kw, "sa": kw,
            "n": plain, "p": plain, "nf": c(function), "fm": c(function), "nc": c(className), "nn": c(className),
            "ne": c(className), "nb": c(builtin), "bp": c(builtin), "nd": c(decorator), "nt": c(tag), "na": c(attribute),
            "no": c(constant), "ni": c(constant), "ss": c(constant),
            "s": c(string), "l": c(string), "si": c(escape), "se": c(escape), "sr": c(regex),
            "sd": c(comment, italic: true), "m": c(number),
            "c": c(comment, italic: true), "cp": c(preproc), "cpf": c(string), "o": c(op),
            "gi": S(color: inserted, background: insertedBackground), "gd": S(color: deleted, background: deletedBackground),
            "gh": c(heading, bold: true), "gu": c(subheading, bold: true), "gp": c(comment, bold: true), "go": c(comment),
            "ge": S(color: nil, italic: true), "gs": S(color: nil, bold: true), "gr": c(error), "gt": c(error),
            "err": S(color: error, background: deletedBackground),
        ]
        if let variable { for cls in ["nv", "vm", "nl"] { styles[cls] = c(variable) } }
        return Theme(name: name, background: background, foreground: foreground, highlightLine: highlightLine, styles: styles)
    }
}

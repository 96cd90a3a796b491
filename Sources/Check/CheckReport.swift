import Foundation

/// Renders findings for people (`text`), tools (`json`) and GitHub Actions annotations (`github`).
public enum CheckReport {
    public enum Format: String, Sendable, CaseIterable { case text, json, github }

    public static func render(_ diagnostics: [CheckDiagnostic], format: Format) -> String {
        switch format {
        case .text: return text(diagnostics)
        case .json: return json(diagnostics)
        case .github: return github(diagnostics)
        }
    }

    /// `path:line:col: error: rule: message`, the form editors and compilers use, then a summary line.
    public static func text(_ diagnostics: [CheckDiagnostic]) -> String {
        var out = ""
        for d in diagnostics {
            out += "\(d.path):\(d.line):\(d.column): \(d.severity.rawValue): \(d.rule): \(d.message)\n"
        }
        return out
    }

    /// One line of totals for stderr.
    public static func summary(_ diagnostics: [CheckDiagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        return "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    }

    /// A JSON array of findings with sorted keys, stable for diffing in CI.
    public static func json(_ diagnostics: [CheckDiagnostic]) -> String {
        var out = "[\n"
        for (i, d) in diagnostics.enumerated() {
            out += "  {\"column\": \(d.column), \"line\": \(d.line), \"message\": \(jsonString(d.message)), \"path\": \(jsonString(d.path)), "
            out += "\"rule\": \(jsonString(d.rule)), \"severity\": \(jsonString(d.severity.rawValue))}"
            out += i == diagnostics.count - 1 ? "\n" : ",\n"
        }
        return out + "]\n"
    }

    /// `::error file=…,line=…,col=…,title=rule::message` workflow commands.
    public static func github(_ diagnostics: [CheckDiagnostic]) -> String {
        var out = ""
        for d in diagnostics {
            var props = "file=\(escapeProperty(d.path))"
            if d.line > 0 { props += ",line=\(d.line)" }
            if d.column > 0 { props += ",col=\(d.column)" }
            props += ",title=\(escapeProperty(d.rule))"
            out += "::\(d.severity.rawValue) \(props)::\(escapeData(d.message))\n"
        }
        return out
    }

    static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if c.value < 0x20 {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out + "\""
    }
}

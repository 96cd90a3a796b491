/// Compiler and build-tool diagnostics, one of the kinds of tool output `Output.classify` counts: the line tests
/// and their byte-mask forms, which answer most lines of code on one or two byte tests.
extension Output {
    /// `file.swift:3:5: error:`, `error[E0277]:`, `error: …`, `warning: …`, `note: …`, `[ERROR]`, `e: file.kt: (3, 5):`.
    static func isDiagnostic(_ l: Substring) -> Bool { mayBeDiagnostic(l) && diagnostic(l) }

    /// `diagnostic`'s prefixes open with `e w n h [ f l c U` (ASCII bytes no other Character equals), and its other
    /// cases need a colon: a line with neither is answered on two byte tests, as most lines of code are.
    @inline(__always) static func mayBeDiagnostic(_ l: Substring) -> Bool {
        guard let f = l.utf8.first else { return false }
        return f == 101 || f == 119 || f == 110 || f == 104 || f == 91 || f == 102 || f == 108 || f == 99 || f == 85 || has(l, ":")
    }

    /// The same with the line's mask for the colon.
    @inline(__always) static func mayBeDiagnostic(_ l: Substring, _ m: LineMask) -> Bool {
        guard let f = l.utf8.first else { return false }
        return f == 101 || f == 119 || f == 110 || f == 104 || f == 91 || f == 102 || f == 108 || f == 99 || f == 85 || m.has(58)
    }

    static func diagnostic(_ l: Substring) -> Bool {
        if l.hasASCIIPrefix("error") || l.hasASCIIPrefix("warning") {
            let rest = l.utf8.dropFirst(l.hasASCIIPrefix("error") ? 5 : 7).first
            return rest == 58 || rest == 91   // `error:` / `error[E0277]:`
        }
        if l.hasASCIIPrefix("note:") || l.hasASCIIPrefix("help:") || l.hasASCIIPrefix("[ERROR]") || l.hasASCIIPrefix("[WARNING]")
            || l.hasASCIIPrefix("[NOTE]") || l.hasASCIIPrefix("e: ") || l.hasASCIIPrefix("w: ") || l.hasASCIIPrefix("fatal error:")
            || l.hasASCIIPrefix("ld: ") || l.hasASCIIPrefix("clang: error") || l.hasASCIIPrefix("Undefined symbols") { return true }
        return located(l)
    }

    /// `diagnostic` with the line's mask: a line opening with an ASCII byte no prefix above opens with (each prefix
    /// equals only its own bytes there) goes straight to the located forms, which need a colon.
    static func diagnostic(_ l: Substring, _ m: LineMask) -> Bool {
        guard let f = l.utf8.first, f < 0x80, !(f == 101 || f == 119 || f == 110 || f == 104 || f == 91 || f == 102 || f == 108 || f == 99 || f == 85)
        else { return diagnostic(l) }
        return m.has(58) && located(l)
    }

    /// The diagnostics that name where they are: `file(5,7): error`, `path:line: error`. On the line's bytes, once
    /// (through the view, its colon search alone cost as much as the rest of the line's output tests).
    static func located(_ l: Substring) -> Bool {
        bytes(l) { u in
            func has(_ needle: StaticString) -> Bool { needle.withUTF8Buffer { find(u, $0) } }
            // tsc's and MSBuild's `src/index.tsx(5,7): error TS2451: …`.
            if has("): error") || has("): warning") { return !u.prefix { $0 != 40 }.contains(32) }
            // `path:line[:col]: error: …`, `src/lib.rs:3:24: 3:43 error: …`: a path:line token, then a severity.
            guard let colon = u.firstIndex(of: 58), colon + 1 < u.count, isDigit(u[colon + 1]), !u[..<colon].contains(32) else { return false }
            return has("error") || has("warning") || has("note:")
        }
    }
}

/// Pygments/Rouge short token classes, so existing Pygments and Rouge themes style our output.
/// `text` is unclassified text: emitted without a span, like Rouge does.
public enum TokenClass: UInt8, Sendable, CaseIterable {
    case text
    case k, kc, kd, kn, kp, kr, kt
    case n, na, nb, bp, nc, no, nd, ni, ne, nf, fm, nl, nn, nx, nt, nv, vc, vg, vi, vm
    case l, ld
    case s, sa, sb, sc, dl, sd, s2, se, sh, si, sx, sr, s1, ss
    case m, mb, mf, mh, mi, il, mo
    case o, ow
    case p
    case c, ch, cm, cp, cpf, c1, cs
    case g, gd, ge, gr, gh, gi, go, gp, gs, gu, gt
    case err

    /// The CSS class name (`""` for plain text).
    public var cssClass: String { self == .text ? "" : String(describing: self) }

    /// Broad family used for agreement statistics and theme fallbacks: k, n, s, c, m, o, p, g, l, e or "".
    public var family: Character? {
        switch self {
        case .text: return nil
        case .err: return "e"
        case .nb, .bp, .nc, .no, .nd, .ni, .ne, .nf, .fm, .nl, .nn, .nx, .nt, .nv, .vc, .vg, .vi, .vm, .na, .n: return "n"
        default: return String(describing: self).first
        }
    }

    /// Lookup from a class name (as used in goldens and themes).
    public init?(cssClass: String) {
        if let found = TokenClass.byName[cssClass] { self = found } else { return nil }
    }

    static let byName: [String: TokenClass] = {
        var d: [String: TokenClass] = [:]
        for c in TokenClass.allCases { d[c.cssClass] = c }
        return d
    }()
}

/// One token: it covers the bytes from the previous token's end up to `end`.
public struct Token: Sendable, Hashable {
    public var end: Int32
    public var cls: TokenClass
}

/// A classified byte range of the input, for callers that render themselves.
public struct Span: Sendable, Hashable {
    public var range: Range<Int>
    public var cls: TokenClass
}

/// Byte classes, checked with plain comparisons: a table lookup through a global costs a lazy-init check per byte.
@inline(__always) func isIdentStart(_ c: UInt8) -> Bool {
    (c | 0x20) &- 97 < 26 || c == 95 || c >= 0x80
}
@inline(__always) func isIdent(_ c: UInt8) -> Bool {
    // One shift into a 128-bit mask of [0-9A-Z_a-z] instead of four range tests: identifier loops are the hottest.
    // Low word: digits (bits 48–57); high word: A–Z, `_`, a–z (bytes 64–127).
    c >= 0x80 || ((c < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE as UInt64) &>> UInt64(c & 63)) & 1 != 0
}
@inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- 48 < 10 }
@inline(__always) func isHexDigit(_ c: UInt8) -> Bool { c &- 48 < 10 || (c | 0x20) &- 97 < 6 }
@inline(__always) func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 || c == 12 || c == 11 }
@inline(__always) func isUpper(_ c: UInt8) -> Bool { c &- 65 < 26 }

/// Whether `c` is one of the ASCII bytes of `set` (a literal scanned through its pointer, no String machinery).
@inline(__always) func oneOf(_ c: UInt8, _ set: StaticString) -> Bool {
    let p = set.utf8Start
    for k in 0..<set.utf8CodeUnitCount where p[k] == c { return true }
    return false
}

/// Literals only one language of the shared scanner has (Ruby `%` literals, Rust attributes).
extension CLikeRun {
    /// Ruby `%w(a b)`, `%Q[…]`, `%r{…}`, `%i<…>`: sx (regexes sr, symbols ss) up to the matching closer.
    func percentLiteral(_ s: inout Scanner, _ start: Int) -> Bool {
        var j = start + 1
        var cls = TokenClass.sx
        let kind = s.at(j)
        if oneOf(kind, "qQwWiIxrs") {
            if kind == 114 { cls = .sr } else if kind == 115 { cls = .ss }
            j += 1
        }
        let open = s.at(j)
        let close: UInt8
        switch open {
        case 40: close = 41
        case 91: close = 93
        case 123: close = 125
        case 60: close = 62
        case 124, 33, 47: close = open
        default: return false
        }
        if j == start + 1 && open != 40 && open != 91 && open != 123 { return false } // `%|`, `%/` are operators
        var depth = 0, k = j + 1
        while k < s.n {
            let b = s.b[k]
            if b == 92 { k += 2; continue }
            if b == close && depth == 0 { k += 1; break }
            if b == open && open != close { depth += 1 } else if b == close { depth -= 1 }
            k += 1
        }
        if cls == .sr { while k < s.n && (s.b[k] | 0x20) &- 97 < 26 { k += 1 } }
        s.emit(cls, from: start, to: min(k, s.n))
        s.i = min(k, s.n)
        return true
    }

    /// `#[attr(…)]` is cp but for its strings (`#[cfg(feature = "std")]`).
    func rustAttribute(_ s: inout Scanner, _ start: Int, _ end: Int) {
        var from = start, j = start
        while j < end {
            if s.b[j] == 34 {
                s.emit(.cp, from: from, to: j)
                var q = j + 1
                while q < end && s.b[q] != 34 { q += s.b[q] == 92 ? 2 : 1 }
                q = min(q + 1, end)
                s.emit(.s, from: j, to: q)
                from = q; j = q
            } else { j += 1 }
        }
        s.emit(.cp, from: from, to: end)
        s.i = end
    }
}

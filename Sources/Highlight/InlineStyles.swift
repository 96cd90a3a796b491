import TextBytes
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

extension Highlighter {
    /// Up to four bytes as one integer; longer names get a key no class has.
    static func packedName(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        guard bytes.count <= 4 else { return UInt32.max }
        return bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// Turns highlighted blocks in `html` (class-based, as `highlight` writes them) into inline styles for
    /// feed readers that drop stylesheets, without lexing the code again. Inside each
    /// `<pre class="highlight…">…</pre>` a token span gets its style, a token span whose class has no
    /// style is dropped with its closing tag (as inline mode writes it), other spans (line markers) stay,
    /// and the `pre` gets the theme's colours. Everything outside blocks is left as it is.
    ///
    /// One pass over the String's own bytes (memmem/memchr, no copies of the input, no per-span
    /// allocations) writes the blocks into a buffer sized for the worst case; the text between blocks is
    /// then taken from `html` as it is (see `InlineTable.Rewrite`). The tests keep the earlier, plainer
    /// implementation as the reference.
    public static func inlineStyles(in html: String) -> String {
        var source = html   // `withUTF8` needs a var; a native String is not copied
        var plan = InlineTable.Rewrite()
        let found: Bool = source.withUTF8 { b in
            guard let p = b.baseAddress, let first = findBytes(InlineTable.preOpen, in: p, from: 0, to: b.count) else { return false }
            plan = InlineTable.shared.rewrite(p, b.count, firstBlock: first)
            return true
        }
        guard found else { return html }
        defer { plan.deallocate() }
        return plan.assemble(source)
    }

    /// The first occurrence of `needle` in `p[from..<to]` (TextBytes' memchr-then-memcmp search).
    @inline(__always)
    static func findBytes(_ needle: StaticString, in p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        TextBytes.findBytes(p + from, to - from, needle.utf8Start, needle.utf8CodeUnitCount).map { $0 + from }
    }

    @inline(__always)
    static func hasBytes(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int, _ prefix: StaticString) -> Bool {
        let len = prefix.utf8CodeUnitCount
        return i + len <= n && memcmp(p + i, prefix.utf8Start, len) == 0
    }
}

/// What `inlineStyles(in:)` writes per token class, looked up by the class name's packed bytes
/// (`Highlighter.packedName`) in a small open-addressing table: no hashing of Strings per span.
struct InlineTable: Sendable {
    static let preOpen: StaticString = "<pre class=\"highlight"
    static let shared = InlineTable(theme: Highlighter.inlineTheme)

    /// Packed names of the token classes (0 = empty slot) and, per slot, the index of the class's
    /// opening tag in `opens`, or -1 for a class the theme leaves unstyled (its span is dropped).
    let keys: [UInt32]
    let values: [Int32]
    static let slotBits = 8
    /// `<span style="…` per styled class (the caller closes it with `">`), back to back in `flat`,
    /// which ends in eight spare bytes: tags are copied a word at a time.
    let flat: [UInt8]
    let offsets: [Int]
    let lengths: [Int]
    let maxOpen: Int
    let preStyle: [UInt8]

    init(theme: Theme) {
        var keys = [UInt32](repeating: 0, count: 1 << InlineTable.slotBits)
        var values = [Int32](repeating: -1, count: 1 << InlineTable.slotBits)
        var flat: [UInt8] = [], offsets: [Int] = [], lengths: [Int] = []
        for c in TokenClass.allCases where c != .text {
            let key = Highlighter.packedName(Array(c.cssClass.utf8)[...])
            var slot = InlineTable.slot(key)
            while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & ((1 << InlineTable.slotBits) - 1) }
            guard keys[slot] == 0 else { continue }
            keys[slot] = key
            if let style = theme.inlineStyle(c) {
                let open = Array("<span style=\"\(style)".utf8)
                values[slot] = Int32(offsets.count)
                offsets.append(flat.count)
                lengths.append(open.count)
                flat += open
            }
        }
        self.keys = keys
        self.values = values
        self.flat = flat + [UInt8](repeating: 0, count: 8)
        self.offsets = offsets
        self.lengths = lengths
        self.maxOpen = (lengths.max() ?? 0) + 2
        self.preStyle = Array(" style=\"background-color:\(theme.background);color:\(theme.foreground)\"".utf8)
    }

    @inline(__always) static func slot(_ key: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> UInt32(32 - slotBits))
    }

    /// For the class name `p[0..<len]`: nil when it is no token class (e.g. `line hll`), else the
    /// index of its opening tag, or -1 when the class has no style.
    @inline(__always) func lookup(_ p: UnsafePointer<UInt8>, _ len: Int) -> Int? {
        guard len <= 4 else { return nil }
        var key: UInt32 = 0
        for k in 0..<len { key = key << 8 | UInt32(p[k]) }
        guard key != 0 else { return nil }
        var s = InlineTable.slot(key)
        while true {
            let found = keys[s]
            if found == key { return Int(values[s]) }
            if found == 0 { return nil }
            s = (s + 1) & ((1 << InlineTable.slotBits) - 1)
        }
    }

    /// The `>` closing the tag opened at `lt`, nil when the block's `</pre>` comes first (then the
    /// tag is not a tag: the earlier version searched for `>` only up to the block's end).
    /// Token tags are a few bytes long: eight bytes at a time (`maybeHasByte`'s lowest flag is always a
    /// real `<` or `>`) finds their `>` without the two library calls of `searchedSpanTagEnd`, which takes
    /// over (with the same answer) past the first 64 bytes.
    @inline(__always) func spanTagEnd(_ p: UnsafePointer<UInt8>, _ n: Int, from lt: Int) -> Int? {
        var k = lt + 1
        let stop = min(n, lt + 64)
        while k < stop {
            if k + 8 <= stop {
                let x = UInt64(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self))
                let m = maybeHasByte(x, 0x3E) | maybeHasByte(x, 0x3C)
                if m == 0 { k += 8; continue }
                k += m.trailingZeroBitCount >> 3
            }
            let c = p[k]
            if c == 0x3E { return k }
            if c == 0x3C && Highlighter.hasBytes(p, n, at: k, "</pre>") { return nil }
            k += 1
        }
        return searchedSpanTagEnd(p, n, from: lt)
    }

    /// `spanTagEnd` by memchr: the first `>`, then any `</pre>` among the `<` before it.
    func searchedSpanTagEnd(_ p: UnsafePointer<UInt8>, _ n: Int, from lt: Int) -> Int? {
        guard let hit = memchr(p + lt, 0x3E, n - lt) else { return nil }
        let gt = UnsafeRawPointer(hit) - UnsafeRawPointer(p)
        var k = lt + 1
        while k < gt, let lt2 = memchr(p + k, 0x3C, gt - k) {
            let at = UnsafeRawPointer(lt2) - UnsafeRawPointer(p)
            if Highlighter.hasBytes(p, n, at: at, "</pre>") { return nil }
            k = at + 1
        }
        return gt
    }

    /// The first `<` in `p[from..<n]`. Inside a block tags come every few bytes: eight bytes at a time
    /// over the first 64 (the lowest `maybeHasByte` flag is always a real `<`) cost less than a memchr
    /// call, which searches the rest.
    @inline(__always) static func nextTagStart(_ p: UnsafePointer<UInt8>, _ n: Int, from: Int) -> Int? {
        var k = from
        let stop = min(n, from + 64)
        while k + 8 <= stop {
            let m = maybeHasByte(UInt64(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self)), 0x3C)
            if m != 0 { return k + m.trailingZeroBitCount >> 3 }
            k += 8
        }
        while k < stop {
            if p[k] == 0x3C { return k }
            k += 1
        }
        guard k < n, let hit = memchr(p + k, 0x3C, n - k) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(p)
    }
}

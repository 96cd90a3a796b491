/// Which of `Output.classify`'s line tests a line's first byte leaves open. Each test opens with its own ASCII bytes
/// (an ASCII byte is a Character no other Character equals), so a line opening with any other ASCII byte fails it;
/// a line opening with a non-ASCII byte asks the test itself wherever the test does not answer that on its first
/// byte too. The dozen tests each fetched the first byte through the Substring view: ~2,000 instructions a line
/// of code, the half of `classify`.
enum Gate {
    static let trace: UInt16 = 1, debugger: UInt16 = 2, gutter: UInt16 = 4, dump: UInt16 = 8, data: UInt16 = 16, event: UInt16 = 32
    static let tree: UInt16 = 64, encoded: UInt16 = 128, log: UInt16 = 256, progress: UInt16 = 512, build: UInt16 = 1024
    static let logcat: UInt16 = 2048, rule: UInt16 = 4096

    /// Per test, the first bytes it may hold for (`Output.mayBeTraceLine`, `isDebugger`, `isGutter`, `isDumpLine`, the
    /// `data: ` and `event: ` prefixes, `mayBeTreeBranch`, `isEncoded`'s PEM prefixes, `mayBeLog`, `isProgress`,
    /// `isBuildStatus`, `isLogcat`, `isTableRule`) and whether a non-ASCII first byte must ask it.
    static let tests: [(UInt16, ByteSet, Bool)] = [
        (trace, ByteSet("aECTtgFpSB").withDigits(), false), (debugger, ByteSet("(f*t"), false), (gutter, ByteSet("-=|^~L").withDigits(), true),
        (dump, ByteSet("[abcdefABCDEF").withDigits(), false), (data, ByteSet("d"), true), (event, ByteSet("e"), true),
        (tree, ByteSet("|`+\\"), true), (encoded, ByteSet("-"), true), (log, ByteSet("[ABCDEFGHIJKLMNOPQRSTUVWXYZ").withDigits(), false),
        (progress, ByteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), false), (build, ByteSet(">BF*"), false), (logcat, ByteSet("VDIWEFA").withDigits(), false),
        (rule, ByteSet("-=+| :"), false),
    ]

    static let table: [UInt16] = (0..<256).map { b in
        tests.reduce(0) { bits, t in bits | (b >= 0x80 ? (t.2 ? t.0 : 0) : (t.1.has(UInt8(b)) ? t.0 : 0)) }
    }

    /// `Output.isHTTP`'s prefixes (`HTTP/`, `GET `, `POST `, `PUT `, `DELETE `, `PATCH `, `HEAD `, `OPTIONS `).
    static let http = ByteSet("HGPDO")
}

extension Output {
    /// `mayBeDiagnostic` on the line's mask (its first byte and colon).
    @inline(__always) static func mayBeDiagnostic(_ m: LineMask) -> Bool {
        m.count > 0 && (diagnosticFirsts.has(m.first) || m.has(58))
    }

    static let diagnosticFirsts = ByteSet("ewnh[flcU")
}

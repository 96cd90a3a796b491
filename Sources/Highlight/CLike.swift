/// The shared scanner for curly-brace languages (and Python), driven by `CLikeConfig`.
struct CLikeLexer: Lexer {
    let cfg: CLikeConfig
    func lex(_ s: inout Scanner) {
        var run = CLikeRun(cfg: cfg)
        run.code(&s, closer: 0, opener: 0)
    }
}

/// What came before, for the few decisions that need context (regex vs division, declarations).
enum Prev { case start, ident, typeWord, modifier, keyword, value, open, op }

struct CLikeRun {
    let cfg: CLikeConfig
    var pending: TokenClass? = nil
    var angle = 0
    var prev: Prev = .start
    var afterDot = false
    var afterColon = false
    var spaceBefore = false
    var newlineBefore = true
    var lastPunct: UInt8 = 0
    var pyFrom = false
    var generic = 0
    /// Depth inside Swift `\\(…)`: Pygments marks the parentheses there as `si`.
    var interpDepth = 0
    var objcDecl = false
    var objcParts = 0
    /// Open brackets in Objective-C; true for the `@[`/`@{`/`@(` literals whose closer is `l`.
    var objcBrackets: [Bool] = []
    var lastPunctBeforeIdent: UInt8 = 0

    init(cfg: CLikeConfig) { self.cfg = cfg }

    /// Lexes code until an unmatched `closer` (used for string interpolation) or the end.
    mutating func code(_ s: inout Scanner, closer: UInt8, opener: UInt8) {
        var depth = 0
        while s.i < s.n {
            let start = s.i
            let c = s.b[start]
            if closer != 0 {
                if c == opener { depth += 1 } else if c == closer {
                    if depth == 0 { return }
                    depth -= 1
                }
            }
            if isSpace(c) {
                // The whole run at once (indentation mostly): whitespace is never an opener or closer.
                var j = start
                repeat {
                    if s.b[j] == 10 { newlineBefore = true; pyFrom = false }
                    j += 1
                } while j < s.n && isSpace(s.b[j])
                s.i = j
                spaceBefore = true
                continue
            }
            let wasNewline = newlineBefore
            newlineBefore = false
            if isIdentStart(c) || (c == 36 && cfg.dollarInIdent) {
                if cfg.pythonStrings || cfg.rustStrings, let q = stringPrefix(&s, start) {
                    _ = q
                } else {
                    identifier(&s)
                }
            } else if isDigit(c) || (c == 46 && isDigit(s.at(start + 1)) && s.at(start - 1) != 46) {
                // `.5` is a number, but not the end of a range (`0...32`, `0..10`).
                let (end, kind) = s.number(from: start, suffixes: cfg.numberSuffixes)
                let cls: TokenClass
                switch kind {
                case .mi: cls = cfg.intClass
                case .mf: cls = cfg.floatClass
                case .mh: cls = cfg.hexClass
                default: cls = cfg.intClass == .m ? .m : kind
                }
                s.emit(cls, from: start, to: end)
                s.i = end
                set(.value)
            } else {
                punctuation(&s, c, wasNewline)
            }
            spaceBefore = false
        }
    }

    @inline(__always) mutating func set(_ p: Prev) {
        prev = p
        afterDot = false
        afterColon = false
        lastPunct = 0
    }

    @inline(__always) func identEnd(_ s: Scanner, _ k: Int) -> Int {
        var j = k
        if cfg.dollarInIdent {
            while j < s.n, isIdent(s.b[j]) || s.b[j] == 36 { j += 1 }
        } else {
            while j < s.n && isIdent(s.b[j]) { j += 1 }
        }
        return j
    }

    mutating func identifier(_ s: inout Scanner) {
        defer { lastPunctBeforeIdent = 0 }
        let start = s.i
        var end = identEnd(s, start)
        if cfg.ruby {
            if (s.at(end) == 63 || s.at(end) == 33) && s.at(end + 1) != 61 { end += 1 }
            if s.at(end) == 58 && s.at(end + 1) != 58 && (s.at(end + 1) == 32 || s.at(end + 1) == 10) && prev != .op {
                s.emit(.ss, from: start, to: end); s.emit(.p, from: end, to: end + 1)
                s.i = end + 1; set(.op); return
            }
        }
        s.i = end
        if let keep = cfg.colonTypes, !afterDot, keep.lookup(s.b, start, end) == nil, colonType(&s, start) { return }
        if cfg.lineFunctions, s.at(s.skipBlanks(from: end, newlines: false)) == 40, wordsOnlyBefore(s, start) {
            s.emit(.nf, from: start, to: end); pending = nil; set(.ident); return
        }
        if cfg.objc && objcDecl && !afterDot {
            if s.at(end) == 58 {
                s.emit(.nf, from: start, to: end + 1); s.i = end + 1; objcParts += 1; set(.op); return
            }
            if lastPunctBeforeIdent == 41 {
                s.emit(objcParts == 0 ? .nf : .nv, from: start, to: end); objcParts += 1; set(.ident); return
            }
        }
        if cfg.objc && end - start > 2 && s.b[start] == 78 && s.b[start + 1] == 83 && isUpper(s.b[start + 2]) {
            s.emit(.bp, from: start, to: end); set(.ident); return
        }
        if cfg.rust && s.at(end) == 33 && s.at(end + 1) != 61 && (cfg.macros?.lookup(s.b, start, end) != nil || cfg.macros == nil) {
            s.emit(.fm, from: start, to: end + 1)
            s.i = end + 1
            set(.ident)
            return
        }
        // A member is glued to its dot (`a.b`, `\n  .b`); `end. See` is prose after a sentence.
        if afterDot && !spaceBefore, let m = cfg.member {
            s.emit(m, from: start, to: end)
            pending = nil
            set(.ident)
            return
        }
        // `def self.name`, `def IO.name`: the receiver is nc, the method after the dot nf.
        if cfg.ruby && pending == .nf && s.at(end) == 46 && isIdentStart(s.at(end + 1)) {
            s.emit(.nc, from: start, to: end); s.emit(.o, from: end, to: end + 1); s.i = end + 1; return
        }
        if let calls = cfg.callBuiltins, !afterDot, s.at(end) == 40, calls.lookup(s.b, start, end) != nil {
            s.emit(.nb, from: start, to: end); pending = nil; set(.value); return
        }
        if var info = cfg.words.lookup(s.b, start, end) {
            // A Rust type position takes its first word as the type, keywords too (`&mut T`, `-> impl Trait`), as Pygments reads it.
            if cfg.rust && afterColon && info.cls != .nb && info.cls != .kt {
                s.emit(.nc, from: start, to: end); pending = nil; set(.ident); return
            }
            if pending != nil && pending != .nn && angle == 0 && info.next == nil && (info.cls == .nb || info.cls == .bp || info.cls == .kr || info.cls == .kd || info.cls == .kt || (cfg.ruby && pending == .nf)) {
                info = WordInfo(cls: pending!, next: nil)
                pending = nil
            }
            if cfg.pythonStrings {
                if s.matches("from", at: start) && end - start == 4 { pyFrom = true }
            }
            s.emit(info.cls, from: start, to: end)
            if let next = info.next {
                if !(pyFrom && next == .nn && s.matches("import", at: start)) { pending = next }
                angle = 0
            }
            switch info.cls {
            case .kt: set(.typeWord)
            case .kd, .kr: set(info.next == nil ? .modifier : .keyword)
            case .kc, .bp, .nb, .nx, .n, .nc, .ne: set(.value)
            default: set(.keyword)
            }
            return
        }
        if let label = cfg.labelColon, s.at(end) == 58, s.at(end + 1) != 58 {
            s.emit(label, from: start, to: end + 1); s.i = end + 1; pending = nil; set(.op); return
        }
        var cls = cfg.ident
        // `def name=(value)`: the setter's `=` is part of its name.
        if cfg.ruby && pending == .nf && s.at(end) == 61 && s.at(end + 1) == 40 { end += 1; s.i = end }
        if let p = pending, angle == 0 {
            if p == .nn {
                var j = end
                if cfg.importLastSegment {
                    // `scala.collection.Map`: qualifier nn, dots p, the imported name as any name.
                    var seg = start
                    while s.at(j) == 46, isIdentStart(s.at(j + 1)) {
                        s.emit(.nn, from: seg, to: j); s.emit(.p, from: j, to: j + 1)
                        seg = j + 1; j = identEnd(s, seg)
                    }
                    s.emit(isUpper(s.b[seg]) ? cfg.capitalized ?? cfg.ident : cfg.ident, from: seg, to: j)
                } else {
                    while s.at(j) == 46, isIdentStart(s.at(j + 1)) || s.at(j + 1) == 42 { j = s.at(j + 1) == 42 ? j + 2 : identEnd(s, j + 1) }
                    s.emit(.nn, from: start, to: j)
                }
                s.i = j
                pending = nil
                set(.ident)
                return
            }
            cls = p
            if (cfg.pythonStrings || cfg.php) && p == .nf && end - start > 2 && s.b[start] == 95 && s.b[start + 1] == 95 { cls = .fm }
            pending = nil
        } else if afterColon, let t = cfg.typeAfterColon {
            cls = t
        } else if cfg.pythonStrings && isDunder(s, start, end) {
            cls = .vm
        } else {
            let next = s.skipBlanks(from: end, newlines: false)
            if let f = cfg.fieldBeforeEquals, s.at(next) == 61, isDigit(s.at(s.skipBlanks(from: next + 1, newlines: false))) {
                cls = f
            } else if let sp = cfg.stringPrefix, next == end, s.at(end) == 34 {
                cls = sp
            } else if cfg.ruby && isUpper(s.b[start]) && end - start > 1 {
                cls = .no
            } else if s.at(next) == 40 {
                if let cap = cfg.capitalized, isUpper(s.b[start]) {
                    cls = cap
                } else if cfg.typedFunctionDecl && spaceBefore && (prev == .ident || prev == .typeWord || prev == .modifier || (prev == .value && lastPunct == 62) || (prev == .value && lastPunct == 93)) {
                    cls = .nf
                } else if let call = cfg.call {
                    cls = call
                }
            } else if let cap = cfg.capitalized, isUpper(s.b[start]) {
                cls = cap
            }
        }
        s.emit(cls, from: start, to: end)
        set(.ident)
    }

    /// `name: type` read the TypeScript way (see `CLikeConfig.colonTypes`); false when the shape is not there.
    mutating func colonType(_ s: inout Scanner, _ start: Int) -> Bool {
        @inline(__always) func word(_ k: Int) -> Int {
            var j = k
            while j < s.n, isIdent(s.b[j]) || s.b[j] == 63 || s.b[j] == 46 || s.b[j] == 36 { j += 1 }
            return j
        }
        let end = word(start)
        var colon = end
        while colon < s.n && isSpace(s.b[colon]) { colon += 1 }
        guard s.at(colon) == 58, s.at(colon + 1) != 58 else { return false }
        var t = colon + 1
        while t < s.n && isSpace(s.b[t]) { t += 1 }
        let tEnd = word(t)
        guard tEnd > t else { return false }
        s.emit(.nx, from: start, to: end)
        s.emit(.o, from: colon, to: colon + 1)
        s.emit(.kt, from: t, to: tEnd)
        s.i = tEnd
        pending = nil
        set(.value)
        return true
    }

    /// Whether the line before `start` is one or more words (`[]` allowed), ending in a blank.
    func wordsOnlyBefore(_ s: Scanner, _ start: Int) -> Bool {
        guard start > 0, s.b[start - 1] == 32 || s.b[start - 1] == 9 else { return false }
        var j = start - 1, words = false
        while j >= 0 && s.b[j] != 10 {
            let b = s.b[j]
            if isIdent(b) { words = true } else if b != 32 && b != 9 && b != 91 && b != 93 && b != 64 && (cfg.lineFunctionsIndented || b != 46) { return false }
            j -= 1
        }
        if words && !cfg.lineFunctionsIndented {
            // Pygments' rule is anchored at a line start its whitespace rule has not passed: the text's start or an
            // empty line before (any indentation), else column 0 after a word that is no `k` keyword.
            let first = j + 1
            if first == 0 || (first >= 2 && s.b[first - 2] == 10) { return true }
            guard isIdentStart(s.at(first)) else { return false }
            if let w = cfg.words.lookup(s.b, first, identEnd(s, first)), w.cls == .k { return false }
        }
        return words
    }

    func isDunder(_ s: Scanner, _ start: Int, _ end: Int) -> Bool {
        end - start > 4 && s.b[start] == 95 && s.b[start + 1] == 95 && s.b[end - 1] == 95 && s.b[end - 2] == 95
    }
}

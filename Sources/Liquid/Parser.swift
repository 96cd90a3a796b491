import Foundation

/// Builds the tree the way Ruby Liquid's `BlockBody` does: tokens in order, whitespace control, `{% liquid %}`
/// lines, blocks pulling their own bodies, unknown tags handed to the enclosing block to judge.
struct Parser {
    let source: String
    let file: String
    let engine: LiquidEngine
    var warnings: [LiquidDiagnostic] = []
    /// `-%}`/`-}}` seen: strip the next text's leading whitespace (Ruby's `parse_context.trim_whitespace`).
    var trimNext = false
    /// Open blocks, innermost last, for errors' hints.
    var open: [(name: String, loc: SourceLoc)] = []

    /// Ruby's `Block::MAX_DEPTH`.
    static let maxNesting = 100

    static let builtinTags: Set<String> = [
        "assign", "capture", "if", "unless", "case", "for", "tablerow", "break", "continue", "cycle",
        "increment", "decrement", "echo", "raw", "comment", "#", "ifchanged", "include", "include_relative", "render",
    ]
    static let blockTags: Set<String> = ["capture", "if", "unless", "case", "for", "tablerow", "raw", "comment", "ifchanged"]

    init(source: String, file: String, engine: LiquidEngine) {
        self.source = source
        self.file = file
        self.engine = engine
    }

    struct Body {
        var nodes: [Node] = []
        var blank = true
    }

    /// A tag the current body does not handle itself: an end tag, `else`, or an unknown name.
    struct EndTag {
        let name: String
        let markup: String
        let loc: SourceLoc
    }

    mutating func parseTemplate() throws(LiquidError) -> LiquidTemplate {
        var stream = TokenStream.document(source)
        var body = Body()
        if let end = try parseBody(&stream, into: &body) {
            if end.name == "else" || end.name == "end" {
                throw syntax("Unexpected outer '\(end.name)' tag", at: end.loc, hint: "no block is open here")
            }
            throw unknownTag(end)
        }
        return LiquidTemplate(file: file, warnings: warnings, nodes: body.nodes)
    }

    /// Parses nodes into `body` until a tag it does not know (returned) or the end of the stream (nil).
    mutating func parseBody(_ s: inout TokenStream, into body: inout Body) throws(LiquidError) -> EndTag? {
        while let t = s.next() {
            if s.forLiquidTag {
                guard let (name, markup) = Self.liquidLine(t.text) else {
                    if t.text.allSatisfy(isRubySpace) { continue }
                    return EndTag(name: t.text, markup: t.text, loc: t.loc)
                }
                guard let (node, blank) = try parseTag(name, markup, t.loc, &s) else {
                    return EndTag(name: name, markup: markup, loc: t.loc)
                }
                if let node { body.nodes.append(node) }
                body.blank = body.blank && blank
                continue
            }
            let text = t.text
            if text.hasPrefix("{%") {
                whitespaceControl(text, &body)
                guard let (name, markup, nameOffset) = Self.fullToken(text) else {
                    throw syntax("Tag '\(text)' was not properly terminated with regexp: /\\%\\}/", at: t.loc,
                                 hint: "close it with `%}`")
                }
                if name == "liquid" {
                    try parseLiquidTag(markup, t, nameOffset: nameOffset, into: &body)
                    continue
                }
                guard let (node, blank) = try parseTag(name, markup, t.loc, &s) else {
                    return EndTag(name: name, markup: markup, loc: t.loc)
                }
                if let node { body.nodes.append(node) }
                body.blank = body.blank && blank
            } else if text.hasPrefix("{{") {
                whitespaceControl(text, &body)
                guard let markup = Self.variableContent(text) else {
                    throw syntax("Variable '\(text)' was not properly terminated with regexp: /\\}\\}/", at: t.loc,
                                 hint: "close it with `}}`")
                }
                body.nodes.append(.output(try variable(markup, t.loc, context: "{{\(markup)}}")))
                body.blank = false
            } else {
                var str = Substring(text)
                if trimNext { str = str.drop(while: isRubySpace) }
                trimNext = false
                guard !str.isEmpty else { continue }
                body.nodes.append(.text(String(str)))
                body.blank = body.blank && str.allSatisfy { $0 != "\0" && isRubySpace($0) }
            }
        }
        return nil
    }

    /// `{%-`/`{{-` strip the previous text's trailing whitespace; `-%}`/`-}}` mark the next text for stripping.
    mutating func whitespaceControl(_ token: String, _ body: inout Body) {
        let u = token.utf8
        if u.count > 2, u[u.index(u.startIndex, offsetBy: 2)] == 0x2D, case .text(let prev)? = body.nodes.last {
            let stripped = String(prev[..<(prev.lastIndex { !isRubySpace($0) }.map { prev.index(after: $0) } ?? prev.startIndex)])
            if stripped.isEmpty { body.nodes.removeLast() } else { body.nodes[body.nodes.count - 1] = .text(stripped) }
        }
        trimNext = u.count >= 3 && u[u.index(u.endIndex, offsetBy: -3)] == 0x2D
    }

    /// `\A{%-?(\s*)(#|\w+)(\s*)(.*?)-?%}\z`: the tag name, its markup, and the name's byte offset.
    static func fullToken(_ token: String) -> (String, String, Int)? {
        let b = Array(token.utf8)
        guard b.count >= 4, b[b.count - 2] == 0x25, b[b.count - 1] == 0x7D else { return nil }
        var i = 2
        let end = b.count - 2
        if i < end, b[i] == 0x2D { i += 1 }
        while i < end, isSpace(b[i]) { i += 1 }
        let nameStart = i
        if i < end, b[i] == 0x23 {
            i += 1
        } else {
            while i < end, isWordByte(b[i]) { i += 1 }
        }
        guard i > nameStart else { return nil }
        let name = String(decoding: b[nameStart..<i], as: UTF8.self)
        while i < end, isSpace(b[i]) { i += 1 }
        var markupEnd = end
        if markupEnd > i, b[markupEnd - 1] == 0x2D { markupEnd -= 1 }
        return (name, String(decoding: b[i..<max(i, markupEnd)], as: UTF8.self), nameStart)
    }

    /// `\A{{-?(.*?)-?}}\z`
    static func variableContent(_ token: String) -> String? {
        let b = Array(token.utf8)
        guard b.count >= 4, b[b.count - 2] == 0x7D, b[b.count - 1] == 0x7D else { return nil }
        var i = 2
        var end = b.count - 2
        if i < end, b[i] == 0x2D { i += 1 }
        if end > i, b[end - 1] == 0x2D { end -= 1 }
        return String(decoding: b[i..<end], as: UTF8.self)
    }

    /// `\A\s*(#|\w+)\s*(.*?)\z` for one line of a `{% liquid %}` tag.
    static func liquidLine(_ line: String) -> (String, String)? {
        let b = Array(line.utf8)
        var i = 0
        while i < b.count, isSpace(b[i]) { i += 1 }
        let start = i
        if i < b.count, b[i] == 0x23 { i += 1 } else { while i < b.count, isWordByte(b[i]) { i += 1 } }
        guard i > start else { return nil }
        let name = String(decoding: b[start..<i], as: UTF8.self)
        while i < b.count, isSpace(b[i]) { i += 1 }
        return (name, String(decoding: b[i...], as: UTF8.self))
    }

    /// `{% liquid %}`: each line a tag, appended to the current body; an unknown tag is an error.
    mutating func parseLiquidTag(_ markup: String, _ t: Token, nameOffset: Int, into body: inout Body) throws(LiquidError) {
        // The markup starts after `liquid` and its whitespace: find its line for the lines' numbers.
        let b = Array(t.text.utf8)
        var i = nameOffset + 6
        var line = Int(t.loc.line) + b[..<min(nameOffset, b.count)].filter { $0 == 0x0A }.count
        while i < b.count, isSpace(b[i]) { if b[i] == 0x0A { line += 1 }; i += 1 }
        var lines = TokenStream.liquidTag(markup, line: line, column: 1)
        if let end = try parseBody(&lines, into: &body) {
            if end.name == "else" {
                throw syntax("liquid tag does not expect 'else' tag", at: end.loc)
            }
            if end.name.hasPrefix("end") {
                throw syntax("'\(end.name)' is not a valid delimiter for liquid tags. use %}", at: end.loc,
                             hint: "no block with that end tag is open inside this `liquid` tag")
            }
            throw unknownTag(end)
        }
    }

    /// Parses a block's bodies up to `end<name>`. `intermediate` names the tags that start a new body (`else`,
    /// `elsif`, `when`); `ignoreUnknown` makes other tags part of the body (`comment`). Returns the bodies, each
    /// with the tag that opened it (nil for the first), and whether every body is blank.
    mutating func parseBlock(_ name: String, at loc: SourceLoc, _ s: inout TokenStream, intermediate: Set<String> = [],
                             ignoreUnknown: Bool = false) throws(LiquidError) -> (bodies: [(EndTag?, Body)], blank: Bool) {
        guard open.count < Self.maxNesting else {
            throw syntax("Nesting too deep", at: loc, hint: "blocks may nest at most \(Self.maxNesting) deep")
        }
        open.append((name, loc))
        defer { open.removeLast() }
        var bodies: [(EndTag?, Body)] = []
        var opener: EndTag? = nil
        var blank = true
        while true {
            var body = Body()
            var end: EndTag?
            while true {
                end = try parseBody(&s, into: &body)
                if let e = end, ignoreUnknown, e.name != "end" + name { continue }
                break
            }
            blank = blank && body.blank
            bodies.append((opener, body))
            guard let end else {
                throw syntax("'\(name)' tag was never closed", at: loc, hint: "add `{% end\(name) %}`")
            }
            if end.name == "end" + name { return (bodies, blank) }
            guard intermediate.contains(end.name) else { throw misplaced(end, in: name) }
            opener = end
        }
    }

    // MARK: Errors

    func syntax(_ message: String, at loc: SourceLoc, hint: String? = nil) -> LiquidError {
        LiquidError(message, hint: hint, kind: .syntax, file: file, line: Int(loc.line), column: Int(loc.column))
    }

    /// Ruby's `Block.raise_unknown_tag`, with a hint naming the open blocks or the nearest tag name.
    func misplaced(_ tag: EndTag, in block: String) -> LiquidError {
        let blockLine = open.last.map { Int($0.loc.line) } ?? 0
        if tag.name == "else" {
            return syntax("\(block) tag does not expect 'else' tag", at: tag.loc,
                          hint: "`else` belongs to `if`, `unless`, `case` or `for`")
        }
        if tag.name.hasPrefix("end") {
            let closes = String(tag.name.dropFirst(3))
            var hint: String
            if let outer = open.dropLast().last(where: { $0.name == closes }) {
                hint = "`{% \(tag.name) %}` closes `\(closes)` opened at line \(outer.loc.line), but `\(block)` opened at line \(blockLine) is still open: add `{% end\(block) %}` first"
            } else if let guess = Self.nearest(tag.name, in: ["end" + block]) {
                hint = "did you mean `\(guess)`? (`\(block)` opened at line \(blockLine))"
            } else {
                hint = "`\(block)` opened at line \(blockLine) ends with `{% end\(block) %}`"
            }
            return syntax("'\(tag.name)' is not a valid delimiter for \(block) tags. use end\(block)", at: tag.loc, hint: hint)
        }
        return unknownTag(tag, extra: open.last.map { ["end" + $0.name] } ?? [])
    }

    func unknownTag(_ tag: EndTag, extra: [String] = []) -> LiquidError {
        let blocks = Self.blockTags.union(engine.tags.filter { $0.value.body != .none }.keys)
        let known = Array(Self.builtinTags) + Array(engine.tags.keys) + ["else", "elsif", "when", "liquid"] + blocks.map { "end" + $0 } + extra
        let hint = Self.nearest(tag.name, in: known).map { "did you mean `\($0)`?" }
        return syntax("Unknown tag '\(tag.name)'", at: tag.loc, hint: hint)
    }

    /// The closest name by edit distance (a swap of neighbours counts one), if close enough to be a typo.
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        let a = Array(word)
        guard !a.isEmpty else { return nil }
        var best: (String, Int)? = nil
        for c in Set(candidates) where c != word {
            let b = Array(c)
            guard !b.isEmpty, abs(a.count - b.count) <= 2 else { continue }
            var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { d[i][0] = i }
            for j in 0...b.count { d[0][j] = j }
            for i in 1...a.count {
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
                }
            }
            let dist = d[a.count][b.count]
            if dist <= max(1, min(a.count, b.count) / 3), best == nil || dist < best!.1 || (dist == best!.1 && c < best!.0) {
                best = (c, dist)
            }
        }
        return best?.0
    }
}

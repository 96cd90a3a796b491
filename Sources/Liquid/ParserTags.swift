import Foundation

/// Each built-in tag's markup rules (Liquid 5.4's, Jekyll's for `include`), and custom tags.
extension Parser {
    /// The node for a known tag (nil node: a comment) and whether it is "blank" (prints nothing, so a block of
    /// only blank tags and whitespace drops its whitespace, as Ruby's `blank?` does). nil: not a known tag.
    mutating func parseTag(_ name: String, _ markup: String, _ loc: SourceLoc,
                           _ s: inout TokenStream) throws(LiquidError) -> (Node?, Bool)? {
        if let custom = engine.tags[name] { return try customTag(name, custom, markup, loc, &s) }
        let context = "{% \(name) \(markup)%}"
        switch name {
        case "assign":
            guard let m = Lax.assignSyntax.first(markup), let to = m[1] else {
                throw syntax("Syntax Error in 'assign' - Valid syntax: assign [var] = [source]", at: loc)
            }
            return (.assign(name: to, value: try variable(m[2] ?? "", loc, context: context), loc: loc), true)
        case "capture":
            guard let to = Lax.captureSyntax.first(markup)?[1] else {
                throw syntax("Syntax Error in 'capture' - Valid syntax: capture [var]", at: loc)
            }
            let block = try parseBlock(name, at: loc, &s)
            return (.capture(name: to, body: block.bodies[0].1.nodes), true)
        case "if", "unless":
            var branches: [(condition: Condition?, body: [Node])] = []
            let first = try condition(markup, loc, context: context)
            let block = try parseBlock(name, at: loc, &s, intermediate: ["elsif", "else"])
            for (i, (opener, body)) in block.bodies.enumerated() {
                let cond: Condition?
                if i == 0 { cond = first } else if opener!.name == "else" { cond = nil } else {
                    cond = try condition(opener!.markup, opener!.loc, context: "{% elsif \(opener!.markup)%}")
                }
                branches.append((cond, Self.dropBlankText(body.nodes, block.blank)))
            }
            return (.conditional(Conditional(branches: branches, isUnless: name == "unless", loc: loc)), block.blank)
        case "case":
            guard let subject = Lax.caseSyntax.first(markup)?[1] else {
                throw syntax("Syntax Error in 'case' - Valid syntax: case [condition]", at: loc)
            }
            let block = try parseBlock(name, at: loc, &s, intermediate: ["when", "else"])
            var branches: [CaseNode.Branch] = []
            for (opener, body) in block.bodies.dropFirst() {
                let nodes = Self.dropBlankText(body.nodes, block.blank)
                if opener!.name == "else" {
                    guard opener!.markup.allSatisfy(isRubySpace) else {
                        throw syntax("Syntax Error in tag 'case' - Valid else condition: {% else %} (no parameters) ", at: opener!.loc)
                    }
                    branches.append(.otherwise(nodes))
                    continue
                }
                var rest: String? = opener!.markup
                while let r = rest {
                    guard let m = Lax.whenSyntax.first(r) else {
                        throw syntax("Syntax Error in tag 'case' - Valid when condition: {% when [condition] [or condition2...] %}", at: opener!.loc)
                    }
                    branches.append(.when(ExpressionParser.parseCondition(m[1].map { Substring($0) }) ?? .literal(.null), nodes))
                    rest = m[2]
                }
            }
            return (.caseOf(CaseNode(subject: ExpressionParser.parse(Substring(subject)), branches: branches, loc: loc)), block.blank)
        case "for":
            return try forLoop(markup, loc, &s, context: context)
        case "tablerow":
            guard let m = Lax.tableRowSyntax.first(markup), let v = m[1], let c = m[2] else {
                throw syntax("Syntax Error in 'table_row loop' - Valid syntax: table_row [item] in [collection] cols=3", at: loc)
            }
            let block = try parseBlock(name, at: loc, &s)
            let attributes = Lax.attributes(markup).map { ($0.0, ExpressionParser.parse(Substring($0.1))) }
            return (.tableRow(TableRowNode(variable: v, collection: ExpressionParser.parse(Substring(c)), attributes: attributes,
                                           body: block.bodies[0].1.nodes, loc: loc)), block.blank)
        case "break": return (.breakLoop, false)
        case "continue": return (.continueLoop, false)
        case "cycle": return (.cycle(try cycle(markup, loc)), false)
        case "increment", "decrement":
            let v = String(ExpressionParser.rubyStrip(Substring(markup)))
            return (.increment(v, delta: name == "increment" ? 1 : -1), false)
        case "echo":
            return (.output(try variable(markup, loc, context: context)), false)
        case "raw":
            guard markup.allSatisfy(isRubySpace) else { throw syntax("Syntax Error in 'raw' - Valid syntax: raw", at: loc) }
            let text = try rawBody(name, loc, &s)
            return (text.isEmpty ? nil : .raw(text), text.isEmpty)
        case "comment":
            _ = try parseBlock(name, at: loc, &s, ignoreUnknown: true)
            return (nil, true)
        case "#":
            if Self.commentLineBreak.matches(markup) {
                throw syntax("Syntax error in tag '#' - Each line of comments must be prefixed by the '#' character", at: loc)
            }
            return (nil, true)
        case "ifchanged":
            let block = try parseBlock(name, at: loc, &s)
            return (.ifChanged(block.bodies[0].1.nodes), block.blank)
        case "include", "include_relative":
            return (.include(try include(markup, relative: name == "include_relative", loc)), false)
        case "render":
            return (.renderPartial(try render(markup, loc)), false)
        default:
            return nil
        }
    }

    static let commentLineBreak = RX("\\n\(RX.s)*[^#\(RX.s.dropFirst().dropLast())]")

    /// Ruby's `remove_blank_strings`: a blank if/for/case drops its whitespace.
    static func dropBlankText(_ nodes: [Node], _ blank: Bool) -> [Node] {
        guard blank else { return nodes }
        return nodes.filter { if case .text = $0 { return false } else { return true } }
    }

    /// A variable via the selected parser: strict first; in `.warn` mode a strict failure is a warning and
    /// the lax parse is used (Jekyll's default), in `.strict` mode an error.
    mutating func variable(_ markup: String, _ loc: SourceLoc, context: String) throws(LiquidError) -> Output {
        if engine.options.errorMode == .lax { return Lax.variable(markup, loc: loc).bound(to: engine.filters) }
        do {
            return try StrictParser.variable(markup, loc: loc).bound(to: engine.filters)
        } catch {
            try strictFailed(error, loc, context: context)
            return Lax.variable(markup, loc: loc).bound(to: engine.filters)
        }
    }

    mutating func condition(_ markup: String, _ loc: SourceLoc, context: String) throws(LiquidError) -> Condition {
        if engine.options.errorMode != .lax {
            do {
                return try StrictParser.condition(markup)
            } catch {
                try strictFailed(error, loc, context: context)
            }
        }
        guard let c = Lax.condition(markup) else {
            throw syntax("Syntax Error in tag 'if' - Valid syntax: if [expression]", at: loc)
        }
        return c
    }

    mutating func strictFailed(_ error: StrictParser.Failure, _ loc: SourceLoc, context: String) throws(LiquidError) {
        let message = "\(error.message) in \"\(context)\""
        if engine.options.errorMode == .strict { throw syntax(message, at: loc) }
        warnings.append(LiquidDiagnostic(location: LiquidLocation(file: file, line: Int(loc.line), column: Int(loc.column)),
                                         message: "Liquid syntax error: " + message,
                                         hint: "read with Liquid's lax parser; Jekyll warns the same way"))
    }

    mutating func forLoop(_ markup: String, _ loc: SourceLoc, _ s: inout TokenStream, context: String) throws(LiquidError) -> (Node?, Bool) {
        var parts: StrictParser.ForParts?
        if engine.options.errorMode != .lax {
            do { parts = try StrictParser.forLoop(markup) } catch { try strictFailed(error, loc, context: context) }
        }
        if parts == nil {
            guard let m = Lax.forSyntax.first(markup), let v = m[1], let c = m[2] else {
                throw syntax("Syntax Error in 'for loop' - Valid syntax: for [item] in [collection]", at: loc)
            }
            parts = .init(variable: v, collection: c, reversed: m[3] != nil, attributes: Lax.attributes(markup))
        }
        let p = parts!
        var limit: Expr?, offset: Expr?, offsetContinue = false
        for (k, v) in p.attributes {
            if k == "limit" { limit = ExpressionParser.parse(Substring(v)) }
            if k == "offset" {
                offsetContinue = v == "continue"
                offset = offsetContinue ? nil : ExpressionParser.parse(Substring(v))
            }
        }
        let block = try parseBlock("for", at: loc, &s, intermediate: ["else"])
        if block.bodies.count > 2 { throw misplaced(block.bodies[2].0!, in: "for") }
        let node = ForNode(variable: p.variable, collection: ExpressionParser.parse(Substring(p.collection)),
                           name: "\(p.variable)-\(p.collection)", reversed: p.reversed, limit: limit, offset: offset,
                           offsetContinue: offsetContinue, body: Self.dropBlankText(block.bodies[0].1.nodes, block.blank),
                           elseBody: block.bodies.count > 1 ? Self.dropBlankText(block.bodies[1].1.nodes, block.blank) : nil, loc: loc)
        return (.forLoop(node), block.blank)
    }

    mutating func cycle(_ markup: String, _ loc: SourceLoc) throws(LiquidError) -> CycleNode {
        func values(_ list: String) -> [Expr?] {
            var parts = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            while parts.last == "" { parts.removeLast() }
            return parts.compactMap { Lax.cycleValue.first($0)?[1] }.map { ExpressionParser.parse(Substring($0)) }
        }
        if let m = Lax.cycleNamed.first(markup), let g = m[1] {
            return CycleNode(group: ExpressionParser.parse(Substring(g)), groupName: "", values: values(m[2] ?? ""), loc: loc)
        }
        guard Lax.cycleSimple.matches(markup) else {
            throw syntax("Syntax Error in 'cycle' - Valid syntax: cycle [name :] var [, var2, var3 ...]", at: loc)
        }
        let vs = values(markup)
        // Ruby keys an unnamed cycle by its values' `to_s`: literals share a group, lookups never do.
        let literal = vs.allSatisfy { if case .literal? = $0 { return true } else { return false } }
        let key = literal ? vs.map { e -> String in if case .literal(let v)? = e { return v.rubyInspect } else { return "" } }.joined(separator: ",")
            : "\(file):\(loc.line):\(loc.column)"
        return CycleNode(group: nil, groupName: "u:" + key, values: vs, loc: loc)
    }

    /// `raw`'s body: tokens verbatim up to one matching `(.*){%\s*(\w+)\s*(.*)?%}` whose name ends the block.
    mutating func rawBody(_ name: String, _ loc: SourceLoc, _ s: inout TokenStream) throws(LiquidError) -> String {
        var body = ""
        while let t = s.next() {
            if let (prefix, tagName) = Self.possiblyInvalidTag(t.text), tagName == "end" + name {
                body += prefix
                return body
            }
            body += t.text
        }
        throw syntax("'\(name)' tag was never closed", at: loc, hint: "add `{% end\(name) %}`")
    }

    static func possiblyInvalidTag(_ text: String) -> (String, String)? {
        let b = Array(text.utf8)
        guard b.count >= 4, b[b.count - 2] == 0x25, b[b.count - 1] == 0x7D else { return nil }
        var k = b.count - 3
        while k >= 0 {
            if b[k] == 0x7B, b[k + 1] == 0x25 {
                var i = k + 2
                while i < b.count - 2, isSpace(b[i]) { i += 1 }
                let start = i
                while i < b.count - 2, isWordByte(b[i]) { i += 1 }
                if i > start {
                    return (String(decoding: b[..<k], as: UTF8.self), String(decoding: b[start..<i], as: UTF8.self))
                }
            }
            k -= 1
        }
        return nil
    }

    mutating func customTag(_ name: String, _ tag: LiquidTag, _ markup: String, _ loc: SourceLoc,
                            _ s: inout TokenStream) throws(LiquidError) -> (Node?, Bool) {
        let trimmed = String(ExpressionParser.rubyStrip(Substring(markup)))
        switch tag.body {
        case .none:
            return (.custom(CustomNode(name: name, tag: tag, markup: trimmed, body: nil, rawBody: nil, loc: loc)), false)
        case .rendered:
            let block = try parseBlock(name, at: loc, &s)
            return (.custom(CustomNode(name: name, tag: tag, markup: trimmed, body: block.bodies[0].1.nodes, rawBody: nil, loc: loc)), block.blank)
        case .raw:
            let text = try rawBody(name, loc, &s)
            return (.custom(CustomNode(name: name, tag: tag, markup: trimmed, body: nil, rawBody: text, loc: loc)), false)
        }
    }
}

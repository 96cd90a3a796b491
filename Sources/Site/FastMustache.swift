import Foundation
import Mustache

/// Renders swift-mustache's own parsed templates over `TemplateValue`s, byte for byte as swift-mustache
/// does (its `Template+Render.swift`, followed rule by rule), but without its per-lookup dynamic casts,
/// name splitting and per-Character dictionary HTML escaping, which were most of the page phase.
/// The token trees are read from swift-mustache's templates through `Mirror` at load, so parsing,
/// whitespace and standalone-line rules stay swift-mustache's. Anything not modelled here (lambdas,
/// content-type pragmas, dynamic partials, an unexpected token shape) makes `init` fail or `render`
/// throw, and the caller renders with swift-mustache instead.
struct FastMustache: Sendable {
    struct Unsupported: Error {}

    final class Template: Sendable {
        let tokens: [Token]
        init(_ tokens: [Token]) { self.tokens = tokens }
    }

    enum Token: Sendable {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, Template, inverted: Bool)
        case block(String, Template, indentation: String?)
        case partial(String, indentation: String?, inherits: [String: Template]?)
    }

    /// A tag's name, split once here instead of on every lookup.
    struct Name: Sendable {
        enum Root: Sendable { case current, sequence, top, stack }
        var root: Root
        var keys: [String]
        /// Applied last to first, as swift-mustache does.
        var transforms: [String]

        init(_ name: String, transforms: [String]) {
            if name == "." { root = .current }
            else if name.isEmpty && !transforms.isEmpty { root = .sequence }
            else if name.first == "." { root = .top }
            else { root = .stack }
            keys = name.split(separator: ".").map(String.init)
            self.transforms = transforms.reversed()
        }
    }

    let templates: [String: Template]

    /// Nil when some template holds a token this renderer does not handle.
    init?(_ library: MustacheLibrary, names: some Sequence<String>) {
        var out: [String: Template] = [:]
        for name in names {
            guard let t = library.getTemplate(named: name), let fast = Self.compile(t) else { return nil }
            out[name] = fast
        }
        templates = out
    }

    /// The partials and layouts each template includes, as swift-mustache parsed them (whatever the
    /// delimiters): the loop check's second opinion on the text scan.
    func includes() -> [String: Set<String>] {
        func walk(_ t: Template, into out: inout Set<String>) {
            for token in t.tokens {
                switch token {
                case .section(_, let inner, _), .block(_, let inner, _): walk(inner, into: &out)
                case .partial(let name, _, let inherits):
                    out.insert(name)
                    for inner in (inherits ?? [:]).values { walk(inner, into: &out) }
                case .text, .variable: break
                }
            }
        }
        return templates.mapValues { t in
            var out = Set<String>()
            walk(t, into: &out)
            return out
        }
    }

    /// `capacity`: the expected size, so the page is not copied each time it outgrows its buffer.
    func render(_ name: String, _ value: TemplateValue, capacity: Int = 0) throws(Unsupported) -> String? {
        guard let t = templates[name] else { return nil }
        var out = ""
        out.reserveCapacity(capacity)
        try render(t, Context(stack: [value]), into: &out)
        return out
    }

    // MARK: Reading swift-mustache's token tree

    static func compile(_ template: MustacheTemplate) -> Template? {
        guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value else { return nil }
        var out: [Token] = []
        for token in Mirror(reflecting: tokens).children {
            guard let t = compileToken(token.value) else { return nil }
            out.append(t)
        }
        return Template(out)
    }

    private static func compileToken(_ token: Any) -> Token? {
        let m = Mirror(reflecting: token)
        guard m.displayStyle == .enum, let c = m.children.first, let label = c.label else { return nil }
        let parts = Mirror(reflecting: c.value).children.map(\.value)
        switch label {
        case "text":
            return (c.value as? String).map(Token.text)
        case "variable", "unescapedVariable":
            guard parts.count == 2, let name = parts[0] as? String, let tr = parts[1] as? [String] else { return nil }
            return .variable(Name(name, transforms: tr), escaped: label == "variable")
        case "section", "invertedSection":
            guard parts.count == 3, let name = parts[0] as? String, let tr = parts[1] as? [String],
                  let t = parts[2] as? MustacheTemplate, let inner = compile(t) else { return nil }
            return .section(Name(name, transforms: tr), inner, inverted: label == "invertedSection")
        case "blockExpansion":
            guard parts.count == 3, let name = parts[0] as? String, let t = parts[1] as? MustacheTemplate,
                  let inner = compile(t), let ind = optional(parts[2]) else { return nil }
            if let v = ind, !(v is String) { return nil }
            return .block(name, inner, indentation: ind as? String)
        case "partial":
            guard parts.count == 3, let name = parts[0] as? String, let ind = optional(parts[1]), let inh = optional(parts[2]) else { return nil }
            if let v = ind, !(v is String) { return nil }
            var inherits: [String: Template]?
            if let inh {
                guard let dict = inh as? [String: MustacheTemplate] else { return nil }
                var compiled: [String: Template] = [:]
                for (k, v) in dict {
                    guard let c = compile(v) else { return nil }
                    compiled[k] = c
                }
                inherits = compiled
            }
            return .partial(name, indentation: ind as? String, inherits: inherits)
        default:
            return nil   // dynamic partials, content-type pragmas, anything new
        }
    }

    /// `.some(payload)` of an Optional held in `Any` (`.some(nil)` for `.none`); nil when it is not an Optional.
    private static func optional(_ v: Any) -> Any?? {
        let m = Mirror(reflecting: v)
        guard m.displayStyle == .optional else { return nil }
        return .some(m.children.first?.value)
    }

    // MARK: Rendering (mirrors MustacheTemplate.render(context:) and renderToken)

    struct SequencePosition: Sendable { var first: Bool, last: Bool, index: Int }

    struct Context {
        var stack: [TemplateValue]
        var sequence: SequencePosition? = nil
        var indentation: String? = nil
        var inherited: [String: Template]? = nil

        func with(_ value: TemplateValue, sequence: SequencePosition? = nil) -> Context {
            var c = self
            c.stack.append(value)
            c.sequence = sequence
            return c
        }

        func indented(_ more: String?) -> Context {
            var c = self
            if let more { c.indentation = (indentation ?? "") + more }
            c.sequence = nil
            return c
        }

        func partial(_ more: String?, inheriting: [String: Template]?) -> Context {
            var c = indented(more)
            if let inheriting {
                c.inherited = inherited.map { $0.merging(inheriting) { outer, _ in outer } } ?? inheriting
            }
            return c
        }
    }

    private func render(_ t: Template, _ ctx: Context, into out: inout String) throws(Unsupported) {
        if let indentation = ctx.indentation, !indentation.isEmpty {
            var local = ""
            for token in t.tokens {
                var piece = ""
                try renderToken(token, ctx, into: &piece)
                if !piece.isEmpty && Self.endsWithNewline(local) { local += indentation }
                local += piece
            }
            out += local
        } else {
            for token in t.tokens { try renderToken(token, ctx, into: &out) }
        }
    }

    /// `string.last == "\n"` in Characters: a final `\r\n` is one Character, not `\n`.
    static func endsWithNewline(_ s: String) -> Bool {
        let u = s.utf8
        guard let last = u.last, last == 0x0A else { return false }
        return u.count < 2 || u[u.index(u.endIndex, offsetBy: -2)] != 0x0D
    }

    private func renderToken(_ token: Token, _ ctx: Context, into out: inout String) throws(Unsupported) {
        switch token {
        case .text(let s):
            out += s
        case .variable(let name, let escaped):
            guard let v = try lookup(name, ctx) else { return }
            guard let text = v.scalarText else { throw Unsupported() }
            if escaped { HTMLEscape.append(text, to: &out) } else { out += text }
        case .section(let name, let inner, let inverted):
            let v = try lookup(name, ctx)
            switch v {
            case .list(let items)?:
                if inverted {
                    if items.isEmpty { try render(inner, ctx.with(v!), into: &out) }
                    return
                }
                for (i, item) in items.enumerated() {
                    try render(inner, ctx.with(item, sequence: SequencePosition(first: i == 0, last: i == items.count - 1, index: i)), into: &out)
                }
            case .bool(let b)?:
                if b != inverted { try render(inner, ctx, into: &out) }
            case nil:
                if inverted { try render(inner, ctx, into: &out) }
            case let value?:
                if !inverted { try render(inner, ctx.with(value), into: &out) }
            }
        case .block(let name, let def, let indentation):
            try render(ctx.inherited?[name] ?? def, ctx.indented(indentation), into: &out)
        case .partial(let name, let indentation, let inherits):
            guard let t = templates[name] else { return }
            try render(t, ctx.partial(indentation, inheriting: inherits), into: &out)
        }
    }

    /// swift-mustache's `getChild`: the first key is looked up the context stack, the rest inside what it found.
    private func lookup(_ name: Name, _ ctx: Context) throws(Unsupported) -> TemplateValue? {
        var transforms = name.transforms[...]
        var child: TemplateValue?
        switch name.root {
        case .current:
            child = ctx.stack.last
        case .sequence:
            guard let s = ctx.sequence, let first = transforms.popFirst() else { return nil }
            switch first {
            case "first": child = .bool(s.first)
            case "last": child = .bool(s.last)
            case "index": child = .int(s.index)
            case "even": child = .bool((s.index & 1) == 0)
            case "odd": child = .bool((s.index & 1) == 1)
            default: return nil
            }
        case .top:
            child = ctx.stack.last.flatMap { descend($0, name.keys[...]) }
        case .stack:
            guard let key = name.keys.first else { child = ctx.stack.last; break }
            for object in ctx.stack.reversed() {
                if let found = object[key] { child = descend(found, name.keys.dropFirst()); break }
            }
        }
        guard var value = child else { return nil }
        for t in transforms {
            guard let next = try value.transform(t) else { return nil }
            value = next
        }
        return value
    }

    private func descend(_ value: TemplateValue, _ keys: ArraySlice<String>) -> TemplateValue? {
        var v = value
        for key in keys {
            guard let next = v[key] else { return nil }
            v = next
        }
        return v
    }
}

/// swift-mustache's `htmlEscape` (`<`, `>`, `&`, `"`, `'` as whole Characters), on bytes when that
/// gives the same result: a special ASCII byte between ASCII neighbours is its own Character.
enum HTMLEscape {
    static func append(_ s: String, to out: inout String) {
        switch scan(s) {
        case 0: out += s
        case 1: out += byteEscape(s)
        default: out += characterEscape(s)
        }
    }

    private static func special(_ b: UInt8) -> Bool { b == 0x3C || b == 0x3E || b == 0x26 || b == 0x22 || b == 0x27 }

    /// 0: nothing to escape; 1: escape bytes; 2: a special byte touches a non-ASCII one (a combining
    /// mark after it, or a prepend mark before, would make it part of a larger Character).
    static func scan(_ s: String) -> Int {
        var s = s
        return s.withUTF8 { u in
            var result = 0
            for i in u.indices where special(u[i]) {
                if (i + 1 < u.count && u[i + 1] >= 0x80) || (i > 0 && u[i - 1] >= 0x80) { return 2 }
                result = 1
            }
            return result
        }
    }

    static func byteEscape(_ s: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 16)
        for b in s.utf8 {
            switch b {
            case 0x3C: bytes += [0x26, 0x6C, 0x74, 0x3B]                 // &lt;
            case 0x3E: bytes += [0x26, 0x67, 0x74, 0x3B]                 // &gt;
            case 0x26: bytes += [0x26, 0x61, 0x6D, 0x70, 0x3B]           // &amp;
            case 0x22: bytes += [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B]     // &quot;
            case 0x27: bytes += [0x26, 0x23, 0x33, 0x39, 0x3B]           // &#39;
            default: bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The Character-by-Character escape, for strings where bytes and Characters could disagree.
    static func characterEscape(_ s: String) -> String {
        var r = ""
        r.reserveCapacity(s.utf8.count)
        for c in s {
            switch c {
            case "<": r += "&lt;"
            case ">": r += "&gt;"
            case "&": r += "&amp;"
            case "\"": r += "&quot;"
            case "'": r += "&#39;"
            default: r.append(c)
            }
        }
        return r
    }
}

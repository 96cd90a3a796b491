import Foundation

/// Loops, includes and custom tags.
extension RenderContext {
    /// Ruby's `slice_collection`: what `for`/`tablerow` iterate (hashes and drops as `[key, value]` pairs).
    /// Ranges stay lazy, so `(1..1000000000)` costs nothing until the loop limit stops it.
    func items(_ v: Value, from: Int, to: Int?) -> LoopItems {
        if case .range(let r) = v {
            let lo = from <= 0 ? r.lowerBound : r.lowerBound.addingReportingOverflow(from).partialValue
            var hi = r.upperBound
            if let to {
                guard to > 0 else { return LoopItems(array: []) }
                let (end, overflow) = r.lowerBound.addingReportingOverflow(to - 1)
                if !overflow { hi = min(hi, end) }
            }
            guard lo <= hi, from <= 0 || lo > r.lowerBound else { return LoopItems(array: []) }
            let (span, overflow) = hi.subtractingReportingOverflow(lo)
            return LoopItems(array: nil, low: lo, count: overflow || span == .max ? .max : span + 1)
        }
        return LoopItems(array: arrayItems(v, from: from, to: to))
    }

    func arrayItems(_ v: Value, from: Int, to: Int?) -> [Value] {
        var all: [Value]
        switch v {
        case .array(let a):
            if from <= 0 && to == nil { return a }
            all = a
        case .hash(let h): all = h.pairs.map { .array([.string($0.key), $0.value]) }
        case .drop(let d): all = d.keys.map { .array([.string($0), d.value(forKey: $0) ?? .null]) }
        case .string(let s): all = s.isEmpty ? [] : [v]
        default: return []
        }
        let lo = max(0, from), hi = min(all.count, to ?? all.count)
        return lo < hi ? Array(all[lo..<hi]) : []
    }

    func renderFor(_ f: ForNode) throws(LiquidError) {
        loc = f.loc
        let from: Int
        if f.offsetContinue {
            from = forOffsets[f.name] ?? 0
        } else if let o = f.offset {
            let v = try evaluate(o)
            from = v.isNil ? 0 : try toInteger(v)
        } else {
            from = 0
        }
        let collection = try f.collection.map { e throws(LiquidError) in try evaluate(e) } ?? .null
        var to: Int?
        if let l = f.limit {
            let v = try evaluate(l)
            to = v.isNil ? nil : try toInteger(v) &+ from
        }
        var segment = items(collection, from: from, to: to)
        segment.reversed = f.reversed
        forOffsets[f.name] = from &+ segment.count
        guard !segment.isEmpty else {
            if let e = f.elseBody { try render(e) }
            return
        }
        let loop = ForloopDrop(name: f.name, length: segment.count, parentloop: forStack.last)
        forStack.append(loop)
        scopes.append(["forloop": .drop(loop)])
        let top = scopes.count - 1
        defer {
            scopes.removeLast()
            forStack.removeLast()
        }
        for i in 0..<segment.count {
            scopes[top][f.variable] = segment[i]
            try render(f.body)
            loop.index += 1
            try tick()
            if let i = interrupt {
                interrupt = nil
                if i == .breakLoop { break }
            }
        }
    }

    func renderTableRow(_ t: TableRowNode) throws(LiquidError) {
        loc = t.loc
        let collection = try t.collection.map { e throws(LiquidError) in try evaluate(e) } ?? .null
        guard collection.isTruthy else { return }
        func attribute(_ name: String) throws(LiquidError) -> Value? {
            guard let (_, e) = t.attributes.last(where: { $0.0 == name }) else { return nil }
            return try e.map { e throws(LiquidError) in try evaluate(e) } ?? .null
        }
        let from = try attribute("offset").map { ExpressionParser.rubyToI($0) } ?? 0
        let to = try attribute("limit").map { from + ExpressionParser.rubyToI($0) }
        let segment = items(collection, from: from, to: to)
        let cols = try attribute("cols").map { ExpressionParser.rubyToI($0) } ?? 0
        output += "<tr class=\"row1\">\n"
        let loop = TablerowloopDrop(length: segment.count, cols: cols)
        scopes.append(["tablerowloop": .drop(loop)])
        let top = scopes.count - 1
        defer { scopes.removeLast() }
        for i in 0..<segment.count {
            scopes[top][t.variable] = segment[i]
            output += "<td class=\"col\(loop.col)\">"
            try render(t.body)
            output += "</td>"
            if loop.col == loop.cols && loop.index != segment.count - 1 {
                output += "</tr>\n<tr class=\"row\(loop.row + 1)\">"
            }
            loop.increment()
            try tick()
        }
        output += "</tr>\n"
    }

    static let invalidSequence = RX("[./]{2,}")
    static let validFilename = RX("^[a-zA-Z0-9_/.\\-()+~#@]+$")

    /// Jekyll's check of an include's name (`invalidSequence`, `validFilename`). A name of only the allowed
    /// characters (every page's `head.liquid`) is checked byte by byte, without the regular expressions.
    static func isValidIncludeName(_ name: String) -> Bool {
        var slashOrDot = false
        for b in name.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "~"),
                 UInt8(ascii: "#"), UInt8(ascii: "@"):
                slashOrDot = false
            case UInt8(ascii: "."), UInt8(ascii: "/"):
                if slashOrDot { return false }
                slashOrDot = true
            default:
                return !invalidSequence.matches(name) && validFilename.matches(name)
            }
        }
        return !name.isEmpty
    }

    /// Jekyll's include: a new scope holding `include` (the params), the partial rendered in this context, so
    /// its assigns land in the page's outermost scope.
    func renderInclude(_ i: IncludeNode) throws(LiquidError) {
        loc = i.loc
        let tagName = i.relative ? "include_relative" : "include"
        var name = i.file
        if let nodes = i.fileTemplate { name = try renderApart(nodes) }
        if !Self.isValidIncludeName(name) {
            throw error("Invalid syntax for include tag. File contains invalid characters or sequences:\n\n  \(name)\n\nValid syntax:\n\n  {% \(tagName) file.ext param='value' param2='value' %}",
                        hint: "include names may hold letters, digits, / . - ( ) + ~ # @ and no `..`")
        }
        var params: LiquidHash?
        if let ps = i.params {
            var h = LiquidHash()
            for (k, p) in ps {
                switch p {
                case .string(let s): h[k] = .string(s)
                case .variable(let e): h[k] = try e.map { e throws(LiquidError) in try evaluate(e) } ?? .null
                }
            }
            params = h
        }
        let template = try partial(name, relative: i.relative, tag: tagName)
        var scope: Scope = [:]
        if let params { scope["include"] = .hash(params) }
        scopes.append(scope)
        defer { scopes.removeLast() }
        try renderNested(template)
    }

    /// Loads a partial through the file system, recording the dependency.
    func partial(_ name: String, relative: Bool, tag: String) throws(LiquidError) -> LiquidTemplate {
        guard let fileSystem else {
            throw error("Could not locate the included file '\(name)': no file system was given to the render", hint: "pass a LiquidFileSystem")
        }
        let found: LiquidTemplate?
        do {
            found = try fileSystem.template(named: name, relative: relative, from: file, engine: engine)
        } catch {
            throw locate(error)
        }
        guard let template = found else {
            throw error("Could not locate the included file '\(name)'", hint: "`{% \(tag) %}` looks in the site's includes")
        }
        dependencies.insert(template.file)
        return template
    }

    /// Renders a partial one level deeper, failing clearly when includes recurse too deep.
    func renderNested(_ template: LiquidTemplate) throws(LiquidError) {
        let here = LiquidLocation(file: file, line: Int(loc.line), column: Int(loc.column))
        guard includeStack.count < engine.options.maxIncludeDepth else {
            let chain = (includeStack + [here]).map(\.description)
            // A loop repeats an include tag: the chain is shown up to its first repeat, once round.
            var seen = Set<String>()
            if let again = chain.firstIndex(where: { !seen.insert($0).inserted }) {
                throw error("includes loop: \(template.file) includes itself (stopped \(engine.options.maxIncludeDepth) levels deep)",
                            hint: "include chain: " + chain[...again].joined(separator: " → ")
                                + "; a recursive include needs a condition that ends it", kind: .limit)
            }
            let shown = chain.count > 8 ? chain.prefix(4) + ["…"] + chain.suffix(4) : chain[...]
            throw error("include depth exceeded \(engine.options.maxIncludeDepth): \(template.file) nests too deep",
                        hint: "include chain: " + shown.joined(separator: " → "), kind: .limit)
        }
        let savedFile = file, savedLoc = loc
        includeStack.append(here)
        file = template.file
        defer {
            includeStack.removeLast()
            file = savedFile
            loc = savedLoc
        }
        try render(template.nodes)
    }

    /// Liquid 5's `render`: an isolated scope (only the given variables), `with`/`for` … `as`.
    func renderPartial(_ r: RenderNode) throws(LiquidError) {
        loc = r.loc
        let template = try partial(r.name, relative: false, tag: "render")
        var attributes: Scope = [:]
        for (k, e) in r.attributes { attributes[k] = try e.map { e throws(LiquidError) in try evaluate(e) } ?? .null }
        let variable = try r.variable.map { e throws(LiquidError) in try evaluate(e) } ?? .null
        let alias = r.alias ?? String(r.name.split(separator: "/").last ?? "")
        let saved = (scopes, counters, isolated, interrupt, forStack)
        defer { (scopes, counters, isolated, interrupt, forStack) = saved }
        func one(_ item: Value, _ forloop: ForloopDrop?) throws(LiquidError) {
            var scope = attributes
            if let forloop { scope["forloop"] = .drop(forloop) }
            if !item.isNil { scope[alias] = item }
            scopes = [scope]
            counters = [:]
            isolated = true
            interrupt = nil
            forStack = []
            try renderNested(template)
        }
        if r.isFor, case let list = items(variable, from: 0, to: nil), !variable.isNil, variable.isEnumerable {
            let forloop = ForloopDrop(name: r.name, length: list.count, parentloop: nil)
            for i in 0..<list.count {
                try tick()
                try one(list[i], forloop)
                forloop.index += 1
            }
        } else {
            try one(variable, nil)
        }
    }

    func renderCustom(_ c: CustomNode) throws(LiquidError) {
        loc = c.loc
        var body: String? = c.rawBody
        if let nodes = c.body {
            body = try renderApart(nodes)
            loc = c.loc
        }
        let context = TagContext(context: self, loc: c.loc)
        do {
            output += try c.tag.render(c.markup, body, context)
        } catch {
            throw locate(error)
        }
    }
}

/// The items a loop runs over: an array, or a range of integers not materialized.
struct LoopItems {
    let array: [Value]?
    var low = 0
    var count: Int
    var reversed = false

    init(array: [Value]) {
        self.array = array
        count = array.count
    }

    init(array: [Value]?, low: Int, count: Int) {
        self.array = array
        self.low = low
        self.count = count
    }

    var isEmpty: Bool { count == 0 }

    subscript(i: Int) -> Value {
        let j = reversed ? count - 1 - i : i
        if let array { return array[j] }
        return .int(low &+ j)
    }
}

extension Value {
    /// Responds to Ruby's `each` and `count` (what `render … for` loops over).
    var isEnumerable: Bool {
        switch self {
        case .array, .hash, .range, .drop: return true
        default: return false
        }
    }
}

/// What a custom tag sees: the render it runs in, at its location.
struct TagContext: LiquidTagContext {
    let context: RenderContext
    let loc: SourceLoc

    func evaluate(_ expression: String) throws(LiquidError) -> Value {
        let o = (try? StrictParser.variable(expression, loc: loc)) ?? Lax.variable(expression, loc: loc)
        context.loc = loc
        return try context.apply(o)
    }

    func expandVariables(_ markup: String) throws(LiquidError) -> String {
        guard markup.contains("{{") || markup.contains("{%") else { return markup }
        let template = try context.engine.parse(markup, file: context.file)
        return try context.renderApart(template.nodes)
    }

    func register<T>(_ key: String, as: T.Type) -> T? { context.registers[key] as? T }
    func variable(_ name: String) -> Value? { context.findVariable(name) }
    var location: (file: String, line: Int, column: Int) { (context.file, Int(loc.line), Int(loc.column)) }
    func warn(_ message: String) { warn(message, hint: nil) }
    func warn(_ message: String, hint: String?) {
        context.loc = loc
        context.addWarning(message, hint: hint)
    }
}

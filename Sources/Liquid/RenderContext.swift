import Foundation

/// The mutable state of one render (Ruby's `Liquid::Context`): scopes, counters, loop state, output.
/// Never shared between threads: each `LiquidEngine.render` call makes its own.
/// Hot properties skip runtime exclusivity checks: one thread, and no access overlaps another.
final class RenderContext {
    let engine: LiquidEngine
    let variables: LiquidHash
    let registers: [String: any Sendable]
    let fileSystem: (any LiquidFileSystem)?

    /// Scopes, outermost first. `assign` writes the outermost; loops and includes push inner ones.
    @exclusivity(unchecked) var scopes: [Scope] = [[:]]
    /// `increment`/`decrement` counters: Ruby keeps them in the render's first environment, so they shadow
    /// the caller's variables but not assigns.
    @exclusivity(unchecked) var counters: [String: Value] = [:]
    /// Inside `render`: the caller's variables are not visible.
    var isolated = false

    @exclusivity(unchecked) var output = ""
    /// The variable printed as a hole (see `LiquidContent`), where in `output` (UTF-8 offsets) it goes, and how
    /// many outputs (captures, tag bodies) the render is inside now: holes are left only in the render's own.
    var splice: Splice?
    var holes: [Int] = []
    @exclusivity(unchecked) var redirected = 0
    var warnings: [LiquidDiagnostic] = []
    var warned: Set<String> = []
    var dependencies: Set<String> = []

    enum Interrupt { case breakLoop, continueLoop }
    @exclusivity(unchecked) var interrupt: Interrupt?
    var forStack: [ForloopDrop] = []
    var forOffsets: [String: Int] = [:]
    @exclusivity(unchecked) var cycles: [String: Int] = [:]
    var lastIfChanged: String?

    /// The template being rendered and the node at hand, for errors and warnings.
    var file = ""
    @exclusivity(unchecked) var loc = SourceLoc(line: 0, column: 0)
    /// Where each include/render tag that led here sits, outermost first.
    var includeStack: [LiquidLocation] = []
    @exclusivity(unchecked) var iterations = 0
    /// Parsed `where_exp`-style expressions, so a filter over 1000 items parses once.
    var expressionCache: [String: ParsedExpression] = [:]

    enum ParsedExpression {
        case condition(Condition)
        case output(Output)
    }

    init(engine: LiquidEngine, variables: LiquidHash, registers: [String: any Sendable], fileSystem: (any LiquidFileSystem)?) {
        self.engine = engine
        self.variables = variables
        self.registers = registers
        self.fileSystem = fileSystem
    }

    func renderRoot(_ template: LiquidTemplate) throws(LiquidError) {
        file = template.file
        try render(template.nodes)
    }

    // MARK: Errors and warnings

    func error(_ message: String, hint: String? = nil, kind: LiquidError.Kind = .render, at loc: SourceLoc? = nil) -> LiquidError {
        let l = loc ?? self.loc
        return LiquidError(message, hint: hint, kind: kind, file: file, line: Int(l.line), column: Int(l.column), includeChain: includeStack)
    }

    /// A thrown error from a filter or tag that did not know where it was.
    func locate(_ e: LiquidError) -> LiquidError {
        var e = e.located(file, loc)
        if e.includeChain.isEmpty { e.includeChain = includeStack }
        return e
    }

    func addWarning(_ message: String, hint: String? = nil) {
        let location = LiquidLocation(file: file, line: Int(loc.line), column: Int(loc.column))
        guard warned.insert("\(location)|\(message)").inserted else { return }
        warnings.append(LiquidDiagnostic(location: location, message: message, hint: hint))
    }

    // MARK: Variables

    func findVariable(_ name: String) -> Value? {
        // Through the buffer: each scope is read in place, not copied out (three retains per scope).
        let scoped: Value? = scopes.withUnsafeBufferPointer { scopes in
            var i = scopes.count - 1
            while i >= 0 {
                if let v = scopes[i][name] { return v }
                i -= 1
            }
            return nil
        }
        if let scoped { return scoped }
        if !counters.isEmpty, let c = counters[name] { return c }
        return isolated ? nil : rootVariable(name)
    }

    /// A variable of the render's outermost environment; the spliced one is its text.
    @inline(__always)
    func rootVariable(_ name: String) -> Value? {
        guard let v = variables[name] else { return nil }
        if splice != nil, name == splice!.name { return spliceValue() }
        return v
    }

    func spliceValue() -> Value {
        if let v = splice!.value { return v }
        let v = Value.string(splice!.content.string)
        splice!.value = v
        return v
    }

    /// `{{ name }}` of the spliced variable, unfiltered, at the top level and not shadowed: a hole instead of a copy.
    func spliced(_ o: Output) -> Bool {
        guard redirected == 0, o.filters.isEmpty, case .lookup(let l)? = o.expr, l.keys.isEmpty,
              case .fixed(let name) = l.name, name == splice!.name, !isolated else { return false }
        for s in scopes where s[name] != nil { return false }
        guard counters[name] == nil, variables[name] != nil else { return false }
        holes.append(output.utf8.count)
        return true
    }

    /// Renders into a fresh output (a capture, a tag's body) and returns it, the render's own put back.
    func renderApart(_ nodes: [Node]) throws(LiquidError) -> String {
        let saved = output
        output = ""
        redirected += 1
        defer {
            output = saved
            redirected -= 1
        }
        try render(nodes)
        return output
    }

    /// Every name a template could see now, for "did you mean".
    var namesInScope: [String] {
        var names = scopes.flatMap(\.keys) + counters.keys
        if !isolated { names += variables.keys }
        return names
    }

    func evaluate(_ e: Expr) throws(LiquidError) -> Value {
        switch e {
        case .literal(let v): return v
        case .lookup(let l): return try lookup(l)
        case .range(let a, let b):
            let lo = try toInteger(try evaluate(a), lenient: true), hi = try toInteger(try evaluate(b), lenient: true)
            return lo <= hi ? .range(lo...hi) : .array([])
        case .methodLiteral: return .string("")
        }
    }

    func lookup(_ l: VariableLookup) throws(LiquidError) -> Value {
        var object: Value
        switch l.name {
        case .none: return .null
        case .fixed(let name):
            guard let v = findVariable(name) else {
                if engine.options.strictVariables { undefined(name, among: namesInScope) }
                return .null
            }
            object = v
        case .dynamic(let e):
            guard case .string(let name) = try evaluate(e), let v = findVariable(name) else { return .null }
            object = v
        }
        for key in l.keys {
            let found: Value?
            switch key {
            case .dot(let k, let command):
                // A hash's own key (most lookups): what `property` answers first, without building a key value.
                if case .hash(let h) = object, let v = h[k] {
                    object = v
                    continue
                }
                found = Self.property(object, k, command: command)
                if found == nil, engine.options.strictVariables { undefined(k, among: Self.keys(of: object)) }
            case .bracket(let e):
                let k = try evaluate(e)
                found = object.lookup(k, command: false)
                if found == nil, engine.options.strictVariables { undefined(k.liquidString, among: Self.keys(of: object)) }
            }
            guard let f = found else { return .null }
            object = f
        }
        return object
    }

    /// `a.key`: Ruby answers `size` on any Integer (8, its byte width) as well as on collections.
    static func property(_ object: Value, _ key: String, command: Bool) -> Value? {
        if let v = object.lookup(.string(key), command: command) { return v }
        if command, key == "size" {
            switch object {
            case .int, .double: return .int(8)
            default: return nil
            }
        }
        return nil
    }

    static func keys(of v: Value) -> [String] {
        switch v {
        case .hash(let h): return h.keys
        case .drop(let d): return d.keys
        default: return []
        }
    }

    func undefined(_ name: String, among names: [String]) {
        let hint = Parser.nearest(name, in: names).map { "did you mean `\($0)`?" }
        addWarning("undefined variable \(name)", hint: hint)
    }

    /// Ruby's `Utils.to_integer` (`lenient`: ranges' `to_i` for nil and strings).
    func toInteger(_ v: Value, lenient: Bool = false) throws(LiquidError) -> Int {
        switch v {
        case .int(let i): return i
        case .null where lenient: return 0
        case .string(let s) where lenient: return ExpressionParser.rubyToI(.string(s))
        case .string(let s):
            let t = s.trimmingCharacters(in: .whitespaces)
            if let i = Int(t) { return i }
            throw error("invalid integer")
        default:
            if let i = Int(v.liquidString) { return i }
            throw error("invalid integer")
        }
    }

    // MARK: Filters

    func apply(_ output: Output) throws(LiquidError) -> Value {
        var value = try output.expr.map { e throws(LiquidError) in try evaluate(e) } ?? .null
        for f in output.filters {
            // Not `f.function ?? engine.filters[f.name]`: the generic `??` wrapped the closure in a new
            // reabstraction thunk, allocated per call (62,000 filter calls a build of 1000 posts).
            let filter: LiquidFilter
            if let bound = f.function {
                filter = bound
            } else if let named = engine.filters[f.name] {
                filter = named
            } else {
                if engine.options.strictFilters {
                    let hint = Parser.nearest(f.name, in: Array(engine.filters.keys)).map { "did you mean `\($0)`?" }
                    addWarning("undefined filter \(f.name)", hint: hint)
                }
                continue
            }
            // Most filters take no arguments: then no array at all (`reserveCapacity(0)` on the empty array allocates).
            var args: [Value] = []
            if !f.args.isEmpty {
                args.reserveCapacity(f.args.count)
                for a in f.args { args.append(try evaluate(a)) }
            }
            var keywords = LiquidHash()
            for (k, e) in f.keywords { keywords[k] = try evaluate(e) }
            do {
                value = try filter(value, args, keywords, self)
            } catch {
                throw locate(error)
            }
        }
        return value
    }

    // MARK: Conditions

    /// Ruby's `Condition#evaluate`: the deciding value (not just a Bool), right-nested `and`/`or`.
    func evaluate(_ condition: Condition) throws(LiquidError) -> Value {
        var c = condition
        while true {
            let result = try interpret(c)
            guard let child = c.child else { return result }
            if c.childIsAnd ? !result.isTruthy : result.isTruthy { return result }
            c = child
        }
    }

    func interpret(_ c: Condition) throws(LiquidError) -> Value {
        guard let op = c.op else {
            guard let left = c.left else { return .null }
            if case .methodLiteral = left { return .bool(true) }
            return try evaluate(left)
        }
        let leftExpr = c.left ?? .literal(.null), rightExpr = c.right ?? .literal(.null)
        switch op {
        case .eq: return try equal(leftExpr, rightExpr)
        case .ne:
            let r = try equal(leftExpr, rightExpr)
            return .bool(!r.isTruthy)
        case .contains:
            if case .methodLiteral = leftExpr { return .bool(false) }
            let l = try evaluate(leftExpr), r = try evaluate(rightExpr)
            guard l.isTruthy, r.isTruthy else { return .bool(false) }
            return .bool(l.liquidContains(r))
        case .lt, .gt, .le, .ge:
            if case .methodLiteral = leftExpr { return .null }
            if case .methodLiteral = rightExpr { return .null }
            let l = try evaluate(leftExpr), r = try evaluate(rightExpr)
            guard Self.isComparable(l), Self.isComparable(r) else { return .null }
            switch l.liquidCompare(r) {
            case .incomparable: return .null
            case .error(let message): throw error(message)
            case .ordered(let o):
                switch op {
                case .lt: return .bool(o < 0)
                case .gt: return .bool(o > 0)
                case .le: return .bool(o <= 0)
                default: return .bool(o >= 0)
                }
            }
        case .unknown(let name):
            throw error("Unknown operator \(name)", hint: "operators are ==, !=, <>, <, >, <=, >= and contains")
        }
    }

    /// Only values with Ruby's `<` take part; anything else makes the comparison nil (false), no error.
    static func isComparable(_ v: Value) -> Bool {
        switch v {
        case .int, .double, .string, .date: return true
        default: return false
        }
    }

    /// `==` with `empty` (`blank` never matches: Ruby has no `blank?` without ActiveSupport).
    func equal(_ a: Expr, _ b: Expr) throws(LiquidError) -> Value {
        if case .methodLiteral(let blank) = a {
            if case .methodLiteral = b { return .null }
            return Self.methodLiteral(blank: blank, try evaluate(b))
        }
        if case .methodLiteral(let blank) = b { return Self.methodLiteral(blank: blank, try evaluate(a)) }
        return .bool(try evaluate(a).liquidEquals(try evaluate(b)))
    }

    static func methodLiteral(blank: Bool, _ v: Value) -> Value {
        if blank { return .null }
        switch v {
        case .string, .array, .hash: return .bool(v.isLiquidEmpty)
        default: return .null
        }
    }
}

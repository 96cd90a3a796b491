import Foundation

/// Rendering of template bodies: one switch per node, output appended to a single buffer.
extension RenderContext {
    func render(_ nodes: [Node]) throws(LiquidError) {
        for node in nodes {
            switch node {
            case .text(let s), .raw(let s):
                output += s
                continue
            case .output(let o):
                loc = o.loc
                if splice != nil, spliced(o) { continue }
                write(try apply(o))
            case .assign(let name, let value, let l):
                loc = l
                let v = try apply(value)
                if case .string(let s) = v, s.utf8.count > engine.options.maxOutputBytes {
                    throw error("assigned string exceeds \(engine.options.maxOutputBytes) bytes", kind: .limit)
                }
                scopes[0][name] = v
            case .capture(let name, let body):
                let captured = try renderApart(body)
                scopes[0][name] = .string(captured)
            case .conditional(let c):
                loc = c.loc
                try renderConditional(c)
            case .caseOf(let c):
                loc = c.loc
                try renderCase(c)
            case .forLoop(let f):
                try renderFor(f)
            case .tableRow(let t):
                try renderTableRow(t)
            case .breakLoop:
                interrupt = .breakLoop
            case .continueLoop:
                interrupt = .continueLoop
            case .cycle(let c):
                loc = c.loc
                try renderCycle(c)
            case .increment(let name, let delta):
                try increment(name, delta)
            case .ifChanged(let body):
                let produced = try renderApart(body)
                if produced != lastIfChanged {
                    lastIfChanged = produced
                    output += produced
                }
            case .include(let i):
                try renderInclude(i)
            case .renderPartial(let r):
                try renderPartial(r)
            case .custom(let c):
                try renderCustom(c)
            }
            if interrupt != nil { return }
        }
    }

    /// What `{{ }}` prints: nil nothing, arrays joined, everything else Ruby's `to_s`.
    @inline(__always)
    func write(_ v: Value) {
        switch v {
        case .string(let s): output += s
        case .null: break
        case .int(let i): output += String(i)
        default: output += v.liquidString
        }
    }

    func renderConditional(_ c: Conditional) throws(LiquidError) {
        for (i, branch) in c.branches.enumerated() {
            guard let condition = branch.condition else { return try render(branch.body) }
            let truthy = try evaluate(condition).isTruthy
            if i == 0 && c.isUnless ? !truthy : truthy { return try render(branch.body) }
        }
    }

    /// Every matching `when` renders (Ruby does not stop at the first); `else` runs if none matched before it.
    func renderCase(_ c: CaseNode) throws(LiquidError) {
        var runElse = true
        let subject = c.subject ?? .literal(.null)
        for branch in c.branches {
            switch branch {
            case .otherwise(let body):
                if runElse { try render(body) }
            case .when(let value, let body):
                if try equal(subject, value).isTruthy {
                    runElse = false
                    try render(body)
                }
            }
        }
    }

    func renderCycle(_ c: CycleNode) throws(LiquidError) {
        let key = try c.group.map { g throws(LiquidError) in "n:" + (try evaluate(g)).rubyInspect } ?? c.groupName
        let iteration = cycles[key] ?? 0
        let v = iteration < c.values.count ? try c.values[iteration].map { e throws(LiquidError) in try evaluate(e) } ?? .null : .null
        write(v)
        cycles[key] = iteration + 1 >= c.values.count ? 0 : iteration + 1
    }

    func increment(_ name: String, _ delta: Int) throws(LiquidError) {
        let current = counters[name] ?? (isolated ? nil : rootVariable(name)) ?? .int(0)
        let value: Value
        switch current {
        case .null: value = .int(0)
        case .int, .double: value = current
        default: throw error("no implicit conversion of Integer into \(current.rubyClass)")
        }
        let next: Value
        switch value {
        case .double(let d): next = .double(d + Double(delta))
        case .int(let i): next = .int(i &+ delta)
        default: next = value
        }
        counters[name] = next
        write(delta > 0 ? value : next)
    }

    /// Counts loop iterations and watches output size: a runaway template fails instead of hanging.
    @inline(__always)
    func tick() throws(LiquidError) {
        iterations += 1
        if iterations > engine.options.maxLoopIterations {
            throw error("loop iterations exceeded \(engine.options.maxLoopIterations)", hint: "a runaway loop?", kind: .limit)
        }
        if output.utf8.count + (redirected == 0 ? holes.count * (splice?.bytes ?? 0) : 0) > engine.options.maxOutputBytes {
            throw error("output exceeded \(engine.options.maxOutputBytes) bytes", hint: "a runaway loop?", kind: .limit)
        }
    }
}

extension RenderContext: LiquidFilterContext {
    var options: LiquidOptions { engine.options }

    func register<T>(_ key: String, as: T.Type) -> T? { registers[key] as? T }

    func evaluate(_ expression: String, binding name: String, to value: Value) throws(LiquidError) -> Value {
        let parsed = try parsedExpression(expression)
        scopes.append([name: value])
        defer { scopes.removeLast() }
        switch parsed {
        case .condition(let c): return try evaluate(c)
        case .output(let o): return try apply(o)
        }
    }

    /// A condition (`a == b and c`), or with a `|` outside quotes a variable with filters.
    func parsedExpression(_ expression: String) throws(LiquidError) -> ParsedExpression {
        if let p = expressionCache[expression] { return p }
        var inQuote: Character? = nil
        var hasPipe = false
        for ch in expression {
            if let q = inQuote { if ch == q { inQuote = nil } } else if ch == "\"" || ch == "'" { inQuote = ch } else if ch == "|" { hasPipe = true; break }
        }
        let parsed: ParsedExpression
        if hasPipe {
            let o = (try? StrictParser.variable(expression, loc: loc)) ?? Lax.variable(expression, loc: loc)
            parsed = .output(o.bound(to: engine.filters))
        } else if let c = try? StrictParser.condition(expression) {
            parsed = .condition(c)
        } else if let c = Lax.condition(expression) {
            parsed = .condition(c)
        } else {
            throw error("invalid expression \"\(expression)\"")
        }
        expressionCache[expression] = parsed
        return parsed
    }

    func warn(_ message: String) { addWarning(message) }
}

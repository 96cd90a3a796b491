import Foundation

/// A parsed template: an immutable tree, rendered many times (concurrently) without re-parsing.
public struct LiquidTemplate: Sendable {
    /// The name the template was parsed under; errors and dependencies use it.
    public let file: String
    /// Parse warnings: markup the strict parser rejected and the lax parser accepted (`.warn` mode).
    public let warnings: [LiquidDiagnostic]
    let nodes: [Node]
}

/// Line and column (1-based) of a tag or output within its template. Small, so nodes stay small.
struct SourceLoc: Sendable, Hashable {
    var line: Int32
    var column: Int32
    init(line: Int, column: Int) {
        self.line = Int32(clamping: line)
        self.column = Int32(clamping: column)
    }
}

/// One piece of a template body. Text and outputs (most nodes) sit inline, so walking a body copies no box
/// per node; the rest are boxed to keep the array's stride small.
enum Node: Sendable {
    case text(String)
    /// `{% raw %}` text: printed as is, but not a text node for whitespace control.
    case raw(String)
    /// `{{ … }}` and `{% echo … %}`.
    case output(Output)
    indirect case assign(name: String, value: Output, loc: SourceLoc)
    indirect case capture(name: String, body: [Node])
    /// `if`/`elsif`/`else` and `unless` (whose first branch runs when its condition is falsy).
    indirect case conditional(Conditional)
    indirect case caseOf(CaseNode)
    indirect case forLoop(ForNode)
    indirect case tableRow(TableRowNode)
    case breakLoop
    case continueLoop
    indirect case cycle(CycleNode)
    indirect case increment(String, delta: Int)
    indirect case ifChanged([Node])
    indirect case include(IncludeNode)
    indirect case renderPartial(RenderNode)
    indirect case custom(CustomNode)
}

/// A variable with filters: `name | f: a, k: v | g`.
struct Output: Sendable {
    let expr: Expr?
    let filters: [FilterCall]
    let loc: SourceLoc
}

/// A class: a render reads its four parts through one reference instead of copying (retaining) each.
final class FilterCall: Sendable {
    let name: String
    let args: [Expr]
    let keywords: [(String, Expr)]
    /// The engine's filter, bound when parsed so rendering skips a name lookup per call.
    let function: LiquidFilter?

    init(name: String, args: [Expr], keywords: [(String, Expr)], function: LiquidFilter? = nil) {
        self.name = name
        self.args = args
        self.keywords = keywords
        self.function = function
    }
}

extension Output {
    /// The same output with its filters bound to `filters` (names they lack stay unbound: looked up at render).
    func bound(to filters: [String: LiquidFilter]) -> Output {
        Output(expr: expr, filters: self.filters.map { f in
            FilterCall(name: f.name, args: f.args, keywords: f.keywords, function: filters[f.name])
        }, loc: loc)
    }
}

/// An expression as Liquid's `Expression.parse` reads one. Unboxed but for ranges: a lookup is one reference.
enum Expr: Sendable {
    case literal(Value)
    case lookup(VariableLookup)
    /// `(a..b)` with at least one non-literal end.
    indirect case range(Expr, Expr)
    /// `empty` / `blank` on either side of `==` in a condition (Liquid's `MethodLiteral`).
    case methodLiteral(blank: Bool)
}

/// `a.b[0]["c"][var].size`: a name (or an expression naming the variable) and lookups. A class, as `FilterCall`.
final class VariableLookup: Sendable {
    enum Name: Sendable {
        case none
        case fixed(String)
        case dynamic(Expr)
    }
    enum Key: Sendable {
        /// `.b`: a key, or (for `size`/`first`/`last`) a command when there is no such key.
        case dot(String, command: Bool)
        /// `[expr]`.
        case bracket(Expr)
    }
    let name: Name
    let keys: [Key]
    /// The markup, for warnings.
    let source: String

    init(name: Name, keys: [Key], source: String) {
        self.name = name
        self.keys = keys
        self.source = source
    }
}

/// A chain of comparisons joined by `and`/`or`, evaluated right to left as Liquid does.
final class Condition: Sendable {
    enum Op: Sendable, Equatable {
        case eq, ne, lt, gt, le, ge, contains
        case unknown(String)
    }
    let left: Expr?
    let op: Op?
    let right: Expr?
    /// `and` (true) or `or` (false) joining this to `child`.
    let childIsAnd: Bool
    let child: Condition?

    init(left: Expr?, op: Op?, right: Expr?, childIsAnd: Bool = false, child: Condition? = nil) {
        self.left = left
        self.op = op
        self.right = right
        self.childIsAnd = childIsAnd
        self.child = child
    }

    func with(child: Condition, isAnd: Bool) -> Condition {
        Condition(left: left, op: op, right: right, childIsAnd: isAnd, child: child)
    }
}

struct Conditional: Sendable {
    /// nil condition: `else`.
    let branches: [(condition: Condition?, body: [Node])]
    let isUnless: Bool
    let loc: SourceLoc
}

struct CaseNode: Sendable {
    enum Branch: Sendable {
        case when(Expr, [Node])
        case otherwise([Node])
    }
    let subject: Expr?
    let branches: [Branch]
    let loc: SourceLoc
}

struct ForNode: Sendable {
    let variable: String
    let collection: Expr?
    /// `item-collection markup`: the key `offset: continue` remembers.
    let name: String
    let reversed: Bool
    let limit: Expr?
    let offset: Expr?
    let offsetContinue: Bool
    let body: [Node]
    let elseBody: [Node]?
    let loc: SourceLoc
}

struct TableRowNode: Sendable {
    let variable: String
    let collection: Expr?
    let attributes: [(String, Expr?)]
    let body: [Node]
    let loc: SourceLoc
}

struct CycleNode: Sendable {
    /// The group key expression (named groups) or nil (the values' markup names the group).
    let group: Expr?
    let groupName: String
    let values: [Expr?]
    let loc: SourceLoc
}

/// Jekyll's `include`/`include_relative`: a file name (maybe with `{{ }}`), and `key=value` params.
struct IncludeNode: Sendable {
    enum Param: Sendable {
        case string(String)
        case variable(Expr?)
    }
    let relative: Bool
    /// The file markup; a template when it holds `{{ }}`.
    let file: String
    let fileTemplate: [Node]?
    let params: [(String, Param)]?
    let loc: SourceLoc
}

/// Liquid 5's `render 'name', k: v with x as y` / `for xs as y`.
struct RenderNode: Sendable {
    let name: String
    let variable: Expr?
    let isFor: Bool
    let alias: String?
    let attributes: [(String, Expr?)]
    let loc: SourceLoc
}

struct CustomNode: Sendable {
    let name: String
    let tag: LiquidTag
    let markup: String
    /// Rendered body (`.rendered`) or raw text (`.raw`), nil for `.none`.
    let body: [Node]?
    let rawBody: String?
    let loc: SourceLoc
}

import Foundation

// The public face of the Liquid module: options, the engine (parse once, render many), the extension points
// (filters, tags, file systems) and what a render returns. Nothing here knows about sites: Jekyll's behaviour
// arrives as options, custom tags, filters and registers.

/// How a render behaves. Mirrors the Liquid options Jekyll 4.3 exposes under `liquid:` in `_config.yml`.
public struct LiquidOptions: Sendable {
    /// What the parser does with markup the strict parser rejects (Liquid's `error_mode`).
    public enum ErrorMode: Sendable, Hashable {
        /// Parse with Liquid's forgiving regex parser only; never warn.
        case lax
        /// Parse strictly; on a syntax error keep a warning and fall back to the lax parser (Jekyll's default).
        case warn
        /// A strict-parser syntax error is an error.
        case strict
    }

    /// Undefined variables produce a warning (with a "did you mean") instead of rendering silently as empty.
    public var strictVariables = false
    /// Unknown filters produce a warning instead of passing their input through silently.
    public var strictFilters = false
    public var errorMode: ErrorMode = .warn
    /// How deep `include`/`render` may nest before the render fails (an include that includes itself).
    public var maxIncludeDepth = 100
    /// Time zone for `now`/`today` and for the `date` filter's parsing of strings (Jekyll's `timezone`).
    public var timeZone: TimeZone = .current
    /// Most loop iterations (summed over all loops) one render may run before failing; guards runaway templates.
    public var maxLoopIterations = 50_000_000
    /// Most UTF-8 bytes of output one render may produce before failing.
    public var maxOutputBytes = 1 << 30

    public init(strictVariables: Bool = false, strictFilters: Bool = false, errorMode: ErrorMode = .warn,
                maxIncludeDepth: Int = 100, timeZone: TimeZone = .current,
                maxLoopIterations: Int = 50_000_000, maxOutputBytes: Int = 1 << 30) {
        self.strictVariables = strictVariables
        self.strictFilters = strictFilters
        self.errorMode = errorMode
        self.maxIncludeDepth = maxIncludeDepth
        self.timeZone = timeZone
        self.maxLoopIterations = maxLoopIterations
        self.maxOutputBytes = maxOutputBytes
    }
}

/// A filter: `{{ input | name: arg1, arg2, key: value }}`. Throw a `LiquidError` (location may be left
/// empty: the engine fills in the filter's location) for Liquid's "Liquid error: …".
public typealias LiquidFilter = @Sendable (_ input: Value, _ args: [Value], _ keywords: LiquidHash,
                                           _ context: LiquidFilterContext) throws(LiquidError) -> Value

/// What a filter may ask of the render it runs in.
public protocol LiquidFilterContext {
    var options: LiquidOptions { get }
    /// A value the caller passed in `registers` (Jekyll's `site`, `page`), if it has that type.
    func register<T>(_ key: String, as: T.Type) -> T?
    /// For `where_exp`/`find_exp`/`group_by_exp`: evaluates a Liquid condition (`item.x == 1 and item.y`) or an
    /// expression with filters (`item.date | date: "%Y"`) with `name` bound to `value` in a new inner scope.
    /// A condition without an operator returns the expression's value, as Liquid's `Condition` does.
    func evaluate(_ expression: String, binding name: String, to value: Value) throws(LiquidError) -> Value
    /// Adds a warning at the filter's location to the render's result.
    func warn(_ message: String)
}

/// A custom tag (Jekyll's `link`, `post_url`, `highlight`, `seo`, `feed_meta` …).
public struct LiquidTag: Sendable {
    public enum Body: Sendable, Hashable {
        /// `{% name markup %}` — no end tag.
        case none
        /// `{% name %}…{% endname %}` — the body is rendered as Liquid first and passed in.
        case rendered
        /// `{% name %}…{% endname %}` — the body is passed in as written (like `raw`).
        case raw
    }
    public var body: Body
    /// Produces the tag's output. `markup` is the text after the tag name, trimmed; `body` is nil for `.none`.
    public var render: @Sendable (_ markup: String, _ body: String?, _ context: LiquidTagContext) throws(LiquidError) -> String

    public init(body: Body = .none,
                render: @escaping @Sendable (_ markup: String, _ body: String?, _ context: LiquidTagContext) throws(LiquidError) -> String) {
        self.body = body
        self.render = render
    }
}

/// What a custom tag may ask of the render it runs in.
public protocol LiquidTagContext {
    /// Evaluates a Liquid expression (`page.title`, `"x"`, `a | upcase`) in the current scope.
    func evaluate(_ expression: String) throws(LiquidError) -> Value
    /// Renders `{{ x }}` occurrences inside markup (Jekyll's `{% link {{ page.x }} %}`, `{% post_url {{ y }} %}`).
    func expandVariables(_ markup: String) throws(LiquidError) -> String
    func register<T>(_ key: String, as: T.Type) -> T?
    /// The value of a top-level variable as the template sees it (scopes, then the render's variables).
    func variable(_ name: String) -> Value?
    /// Where the tag is: template file, 1-based line and column.
    var location: (file: String, line: Int, column: Int) { get }
    /// Adds a warning at the tag's location to the render's result.
    func warn(_ message: String)
    /// The same, with a hint saying what to do.
    func warn(_ message: String, hint: String?)
}

extension LiquidTagContext {
    public func warn(_ message: String) {}
    public func warn(_ message: String, hint: String?) { warn(message) }
}

/// Finds included templates. The implementation caches parsed templates: the engine never re-parses.
public protocol LiquidFileSystem: Sendable {
    /// The parsed template for an include name (`include`, `render`) or a path relative to the including file
    /// (`include_relative`). `includingFile` is the `file` of the template holding the tag. Return nil for
    /// "could not locate the included file" (an error at the tag), or throw your own `LiquidError`.
    func template(named name: String, relative: Bool, from includingFile: String,
                  engine: LiquidEngine) throws(LiquidError) -> LiquidTemplate?
}

/// A place in a template.
public struct LiquidLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when unknown.
    public var line: Int
    /// 1-based, in characters; 0 when unknown.
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
    public var description: String { "\(file):\(line):\(column)" }
}

/// A warning from parsing (strict-parser fallbacks in `.warn` mode) or rendering (strict variables/filters).
public struct LiquidDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public var location: LiquidLocation
    public var message: String
    public var hint: String?
    public init(location: LiquidLocation, message: String, hint: String? = nil) {
        self.location = location
        self.message = message
        self.hint = hint
    }
    public var description: String {
        "\(location): warning: \(message)" + (hint.map { " (\($0))" } ?? "")
    }
}

/// What a render produced.
public struct LiquidRenderResult: Sendable {
    public var output: String
    public var warnings: [LiquidDiagnostic]
    /// Every included file the render read (their templates' `file`), for incremental rebuilds.
    public var dependencies: Set<String>
    /// The output with the spliced variable's holes (see `render(…splice:)`); `output` then is the text around them.
    public var content: LiquidContent
    public init(output: String, warnings: [LiquidDiagnostic], dependencies: Set<String>) {
        self.output = output
        self.warnings = warnings
        self.dependencies = dependencies
        content = .text(output)
    }
}

/// Parses and renders Liquid. A value: cheap to copy, safe to share between threads.
public struct LiquidEngine: Sendable {
    public var options: LiquidOptions
    public var filters: [String: LiquidFilter]
    public var tags: [String: LiquidTag]

    public init(options: LiquidOptions = .init(), filters: [String: LiquidFilter] = [:], tags: [String: LiquidTag] = [:]) {
        self.options = options
        self.filters = filters
        self.tags = tags
    }

    /// Parses a template once; render it as often as needed, from any thread.
    /// Throws a syntax error at the file:line:column of the offending markup. Filters are bound here (by name, from
    /// this engine), so render a template with the engine that parsed it; tags are bound here too.
    public func parse(_ source: String, file: String) throws(LiquidError) -> LiquidTemplate {
        var parser = Parser(source: source, file: file, engine: self)
        return try parser.parseTemplate()
    }

    /// Renders a parsed template with `variables` as its outermost environment.
    /// `registers` carry host objects to filters and tags (Ruby Liquid's `context.registers`).
    /// `outputCapacity`: the bytes the output is expected to reach (a layout's content and more), reserved at
    /// once so a long page is not copied each time its buffer grows.
    /// `splice`: a variable (a layout's `content`) whose value is `content`: `{{ name }}` printed whole at the top
    /// level leaves a hole in `output` that `LiquidRenderResult.content` fills, instead of a copy; anything else
    /// reading it sees its text. `variables` must hold the name (any value: its place among the names is kept).
    public func render(_ template: LiquidTemplate, variables: LiquidHash, registers: [String: any Sendable] = [:],
                       fileSystem: (any LiquidFileSystem)? = nil, outputCapacity: Int = 0,
                       splice: (name: String, content: LiquidContent)? = nil) throws(LiquidError) -> LiquidRenderResult {
        let context = RenderContext(engine: self, variables: variables, registers: registers, fileSystem: fileSystem)
        if let splice { context.splice = Splice(name: splice.name, content: splice.content) }
        if outputCapacity > 0 { context.output.reserveCapacity(min(outputCapacity, options.maxOutputBytes)) }
        try context.renderRoot(template)
        var result = LiquidRenderResult(output: context.output, warnings: context.warnings, dependencies: context.dependencies)
        if let s = context.splice, !context.holes.isEmpty {
            result.content = .spliced(context.output, holes: context.holes, filler: s.content, fillerBytes: s.bytes)
        }
        return result
    }
}

import Foundation

/// Jekyll's `include`/`include_relative` markup (lib/jekyll/tags/include.rb in Jekyll 4.3) and Liquid's `render`.
extension Parser {
    static let includeValid = "([a-zA-Z0-9_-]+)\(RX.s)*=\(RX.s)*(?:\"([^\"\\\\]*(?:\\\\.[^\"\\\\]*)*)\"|'([^'\\\\]*(?:\\\\.[^'\\\\]*)*)'|([a-zA-Z0-9_.-]+))"
    static let includeParam = RX(includeValid)
    static let includeFullValid = RX("\\A\(RX.s)*(?:\(includeValid)(?=\(RX.s)|\\z)\(RX.s)*)*\\z")
    static let includeVariable = RX("([^{]*(?:\\{\\{\(RX.s)*[a-zA-Z0-9_\\-.]+\(RX.s)*(?:\\|.*)?\\}\\}[^ \\t\\n\\x0B\\f\\r{}]*)+)(.*)", dotAll: true)

    mutating func include(_ raw: String, relative: Bool, _ loc: SourceLoc) throws(LiquidError) -> IncludeNode {
        let markup = String(ExpressionParser.rubyStrip(Substring(raw)))
        var file: String
        var paramsMarkup: String?
        if let m = Self.includeVariable.first(markup) {
            file = String(ExpressionParser.rubyStrip(Substring(m[1] ?? "")))
            paramsMarkup = String(ExpressionParser.rubyStrip(Substring(m[2] ?? "")))
        } else {
            let parts = markup.split(maxSplits: 1, whereSeparator: { isRubySpace($0) })
            file = parts.first.map(String.init) ?? ""
            paramsMarkup = parts.count > 1 ? String(parts[1]) : nil
        }
        let tagName = relative ? "include_relative" : "include"
        var params: [(String, IncludeNode.Param)]?
        if let pm = paramsMarkup {
            guard Self.includeFullValid.matches(pm) else {
                throw syntax("Invalid syntax for include tag:\n\n\(pm)\n\nValid syntax:\n\n{% \(tagName) file.ext param='value' param2='value' %}",
                             at: loc, hint: "parameters are `name=\"string\"`, `name='string'` or `name=variable`")
            }
            params = Self.includeParam.scan(pm).map { m in
                let key = m[1] ?? ""
                if let d = m[2] { return (key, .string(d.replacingOccurrences(of: "\\\"", with: "\""))) }
                if let s = m[3] { return (key, .string(s.replacingOccurrences(of: "\\'", with: "'"))) }
                return (key, .variable(ExpressionParser.parse(m[4].map { Substring($0) })))
            }
        }
        var fileTemplate: [Node]?
        if Self.includeVariable.matches(file) {
            // Jekyll renders the name as a template of its own at render time; we parse it once here.
            var sub = Parser(source: file, file: self.file, engine: engine)
            sub.open = open
            fileTemplate = try sub.parseTemplate().nodes
            warnings += sub.warnings
        }
        file = file.isEmpty ? "" : file
        return IncludeNode(relative: relative, file: file, fileTemplate: fileTemplate, params: params, loc: loc)
    }

    mutating func render(_ markup: String, _ loc: SourceLoc) throws(LiquidError) -> RenderNode {
        guard let m = Lax.renderSyntax.first(markup), let nameMarkup = m[1] else {
            throw syntax("Syntax error in tag 'render' - Template name must be a quoted string", at: loc)
        }
        guard case .literal(.string(let name))? = ExpressionParser.parse(Substring(nameMarkup)) else {
            throw syntax("Syntax error in tag 'render' - Template name must be a quoted string", at: loc)
        }
        let attributes = Lax.attributes(markup).map { ($0.0, ExpressionParser.parse(Substring($0.1))) }
        return RenderNode(name: name, variable: m[4].flatMap { ExpressionParser.parse(Substring($0)) },
                          isFor: m[3] == "for", alias: m[6], attributes: attributes, loc: loc)
    }
}

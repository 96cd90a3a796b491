import Foundation

/// A piece of template source: text, `{{ … }}` or `{% … %}` as Liquid's tokenizer cuts them, or one line of a
/// `{% liquid %}` tag.
struct Token {
    let text: String
    let loc: SourceLoc
}

/// A sequence of tokens a block body consumes; blocks pull their own bodies from it, as Ruby's do.
struct TokenStream {
    var tokens: [Token]
    var index = 0
    /// Lines of a `{% liquid %}` tag rather than template source.
    let forLiquidTag: Bool

    mutating func next() -> Token? {
        guard index < tokens.count else { return nil }
        index += 1
        return tokens[index - 1]
    }

    /// Liquid's `source.split(TemplateParser)`: `{%.*?%}`, `{{.*?}}?`, or a lone `{%`/`{{`; text in between.
    static func document(_ source: String) -> TokenStream {
        let b = Array(source.utf8)
        var tokens: [Token] = []
        var line = 1
        var col = 1
        var scanned = 0 // bytes before here are counted into `line` and `col`
        func location(_ at: Int) -> SourceLoc {
            while scanned < at {
                if b[scanned] == 0x0A { line += 1; col = 1 } else if b[scanned] & 0xC0 != 0x80 { col += 1 }
                scanned += 1
            }
            return SourceLoc(line: line, column: col)
        }
        func add(_ a: Int, _ e: Int) {
            guard e > a else { return }
            tokens.append(Token(text: String(decoding: b[a..<e], as: UTF8.self), loc: location(a)))
        }
        var textStart = 0
        var i = 0
        while i + 1 < b.count {
            guard b[i] == 0x7B, b[i + 1] == 0x25 || b[i + 1] == 0x7B else { i += 1; continue }
            var end = i + 2
            if b[i + 1] == 0x25 {
                var j = i + 2
                while j + 1 < b.count, !(b[j] == 0x25 && b[j + 1] == 0x7D) { j += 1 }
                if j + 1 < b.count { end = j + 2 }
            } else {
                var j = i + 2
                while j < b.count, b[j] != 0x7D { j += 1 }
                if j < b.count { end = j + 1 < b.count && b[j + 1] == 0x7D ? j + 2 : j + 1 }
            }
            add(textStart, i)
            add(i, end)
            i = end
            textStart = end
        }
        add(textStart, b.count)
        return TokenStream(tokens: tokens, forLiquidTag: false)
    }

    /// The lines of a `{% liquid %}` tag's markup (Ruby: `markup.split("\n")`), one line number each.
    static func liquidTag(_ markup: String, line: Int, column: Int) -> TokenStream {
        var lines = markup.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        let tokens = lines.enumerated().map { i, text in
            Token(text: text, loc: SourceLoc(line: line + i, column: i == 0 ? column : 1))
        }
        return TokenStream(tokens: tokens, forLiquidTag: true)
    }
}

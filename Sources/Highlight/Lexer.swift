/// A lexer classifies the bytes of one language. Implementations are small value types
/// holding immutable tables, so one instance serves every thread.
protocol Lexer: Sendable {
    func lex(_ s: inout Scanner)
}

/// Leaves everything as text (plaintext, unknown languages).
struct PlainLexer: Lexer {
    func lex(_ s: inout Scanner) { s.i = s.n }
}

extension Lexer {
    /// Tokens covering all of `bytes`.
    func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        var s = Scanner(bytes)
        lex(&s)
        s.finish()
        return s.tokens
    }
}

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
        // Every token ends past the one before, so there are at most `bytes.count` of them (+1 keeps an empty input valid).
        [Token](unsafeUninitializedCapacity: bytes.count + 1) { buf, count in
            var s = Scanner(bytes, into: buf.baseAddress!)
            lex(&s)
            s.finish()
            count = s.count
        }
    }
}

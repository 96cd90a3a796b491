/// A small deterministic generator (SplitMix64) for the tests that compare a fast path with its plain
/// definition on generated inputs: the same seed gives the same inputs, so a failure reproduces.
/// One copy for every test target (it lived in four of them).
public struct SplitMix: Sendable {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<n`; 0 (drawing nothing) when `n` is not positive.
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}

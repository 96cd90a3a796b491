/// Seeded input generation for the fuzz targets: documents assembled from fragments of a format,
/// then mutated (bytes dropped, repeated, swapped for the characters parsers trip on, cut short).
/// The same seed gives the same inputs, so a failure reproduces; each target runs a bounded number.
public struct Fuzz: Sendable {
    public var rng: SplitMix
    public init(seed: UInt64) { rng = SplitMix(seed: seed) }

    /// Characters that end, open or escape constructs in the formats under test.
    public static let specials: [String] = ["<", ">", "&", "\"", "'", "`", "```", "~~~", "*", "_", "[", "]", "(", ")", "{", "}",
                                            "{:", "|", "\\", "#", "-", ":", "\n", "\n\n", "\t", "    ", "\r\n", "\u{0}", "\u{FEFF}",
                                            "é", "😀", "\u{FE0F}", "&amp;", "<!--", "-->", "]]>", "*a", "&a", "@", "%", "!["]

    /// `count` fragments joined, then up to `mutations` mutations.
    public mutating func document(from fragments: [String], count: Int, mutations: Int) -> String {
        var parts: [String] = []
        for _ in 0..<count { parts.append(fragments[rng.below(fragments.count)]) }
        var text = Array(parts.joined().unicodeScalars)
        for _ in 0..<rng.below(mutations + 1) {
            guard !text.isEmpty else { break }
            let at = rng.below(text.count)
            switch rng.below(5) {
            case 0: text.remove(at: at)
            case 1: text.insert(contentsOf: Fuzz.specials[rng.below(Fuzz.specials.count)].unicodeScalars, at: at)
            case 2: let end = min(text.count, at + rng.below(40)); text.insert(contentsOf: text[at..<end], at: at)
            case 3: text = Array(text[..<at])
            default: text[at] = Fuzz.specials[rng.below(Fuzz.specials.count)].unicodeScalars.first!
            }
        }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text)
        return String(out)
    }

    /// Random bytes (not necessarily UTF-8).
    public mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) } }
}

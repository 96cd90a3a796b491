/// What a diagram's source asks for that Galley reads but does not draw (`click`, `linkStyle`, a
/// DOT `fontname`, a mermaid `%%{init}%%`…): each kind is one warning, at the first line that uses
/// it, so an author learns once per diagram why the drawing differs from what they wrote.
struct DiagramWarnings: Sendable {
    private(set) var list: [DiagramError] = []
    private var seen: Set<String> = []
    private var keys: [String] = []

    /// Another diagram part's warnings, in order, each kind still once.
    mutating func append(_ other: DiagramWarnings) {
        for (w, key) in zip(other.list, other.keys) where seen.insert(key).inserted { list.append(w); keys.append(key) }
    }

    /// True the first time `key` is asked about.
    mutating func isNew(_ key: String) -> Bool { seen.insert(key).inserted }

    /// Adds the warning unless one for `key` was already given.
    mutating func add(_ key: String, _ warning: @autoclosure () -> DiagramError) {
        guard seen.insert(key).inserted else { return }
        var w = warning()
        w.severity = .warning
        list.append(w)
        keys.append(key)
    }

    /// Line and column (1-based, within the diagram) of the first `name =` in `source` where `name`
    /// is a whole word: where a DOT attribute is set.
    static func attribute(_ name: String, in source: String) -> (line: Int, column: Int)? {
        let key = Array(name.utf8)
        for (n, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let bytes = Array(line.utf8)
            var i = 0
            while i + key.count <= bytes.count {
                defer { i += 1 }
                guard bytes[i..<(i + key.count)].elementsEqual(key) else { continue }
                if i > 0, isWordByte(bytes[i - 1]) { continue }
                var j = i + key.count
                while j < bytes.count, bytes[j] == 32 || bytes[j] == 9 { j += 1 }
                guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { continue }
                return (n + 1, String(decoding: bytes[..<i], as: UTF8.self).count + 1)
            }
        }
        return nil
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95
    }
}

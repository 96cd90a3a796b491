/// Templates that include each other in a loop (`{{>a}}` in a, a → b → a, `{{<base}}` in base).
/// swift-mustache would recurse until the process dies; Galley's page data has no nesting a
/// recursive partial could stop on, so every loop is an error, reported once, naming each link.
enum TemplateCycles {
    /// Where a template first names another (`{{>name}}` or `{{<name}}`).
    struct Place: Sendable, Hashable {
        var line: Int
        var column: Int
    }

    /// One error per distinct loop, at the include that starts it (the loop is rotated to start at
    /// its smallest name, so the same loop found from two templates is reported once).
    static func find(references: [String: [String: Place]], files: [String: String]) -> [SiteDiagnostic] {
        var state: [String: Int] = [:]          // 1: on the path, 2: finished
        var path: [String] = []
        var loops: [[String]] = []
        var seen = Set<[String]>()
        func visit(_ name: String) {
            state[name] = 1
            path.append(name)
            for next in (references[name] ?? [:]).keys.sorted() {
                switch state[next] {
                case 1:
                    var loop = Array(path[path.lastIndex(of: next)!...])
                    let start = loop.indices.min { loop[$0] < loop[$1] }!
                    loop = Array(loop[start...] + loop[..<start])
                    if seen.insert(loop).inserted { loops.append(loop) }
                case nil: visit(next)
                default: break
                }
            }
            path.removeLast()
            state[name] = 2
        }
        for name in references.keys.sorted() where state[name] == nil { visit(name) }
        return loops.map { loop in
            let links = loop.indices.map { i -> String in
                let from = loop[i], to = loop[(i + 1) % loop.count]
                let at = references[from]?[to] ?? Place(line: 0, column: 0)
                return "\(files[from] ?? from):\(at.line) includes `\(to)`"
            }
            let first = loop[0], second = loop[1 % loop.count]
            let at = references[first]?[second] ?? Place(line: 1, column: 1)
            return .error(files[first] ?? first, line: at.line, column: at.column,
                          loop.count == 1 ? "template `\(first)` includes itself: \(links[0])"
                                          : "templates include each other in a loop: " + links.joined(separator: " → "),
                          hint: "a template cannot include itself, directly or through others; remove one of these includes")
        }
    }
}

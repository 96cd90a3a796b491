import Foundation
import Liquid

/// jekyll-include-cache 0.2: `{% include_cached file params %}` renders like `{% include %}` the first time
/// a file is included with given parameter values, and reuses that output for the rest of the build.
struct IncludeCachePlugin: JekyllPlugin {
    var name: String { "jekyll-include-cache" }
    let cache = RenderCache()

    var tags: [String: LiquidTag] {
        let cache = self.cache
        return ["include_cached": LiquidTag { (markup: String, body: String?, context: LiquidTagContext) throws(LiquidError) -> String in
            let key = try IncludeCachePlugin.key(markup, context)
            let outer = ReadRecorder.current
            if let hit = cache.get(key) {
                // A page served from the cache read what the first render read (`galley serve` must know).
                if let outer, let reads = hit.reads { outer.merge(reads) }
                return hit.output
            }
            let inner = outer.map { _ in ReadRecorder() }
            let out: String
            do {
                out = try ReadRecorder.$current.withValue(inner ?? outer) { try context.expandVariables("{% include \(markup) %}") }
            } catch let error as LiquidError {
                throw error
            } catch {
                throw LiquidError("\(error)")
            }
            if let outer, let inner { outer.merge(inner) }
            cache.set(key, CachedRender(output: out, reads: inner))
            return out
        }]
    }

    /// The file name (its `{{ }}` expanded) and the parameters' values, sorted by name. Drops count by
    /// identity, as the gem hashes them by object id.
    static func key(_ markup: String, _ context: LiquidTagContext) throws(LiquidError) -> String {
        let trimmed = markup.trimmingCharacters(in: .whitespacesAndNewlines)
        var file = trimmed
        var rest = ""
        if trimmed.hasPrefix("{{"), let close = trimmed.range(of: "}}") {
            file = String(trimmed[..<close.upperBound])
            rest = String(trimmed[close.upperBound...])
        } else if let space = trimmed.firstIndex(where: \.isWhitespace) {
            file = String(trimmed[..<space])
            rest = String(trimmed[space...])
        }
        file = try context.expandVariables(file)
        var params: [(String, String)] = []
        let pattern = #"([a-zA-Z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([a-zA-Z0-9_.-]+))"#
        let re = try! NSRegularExpression(pattern: pattern)
        for m in re.matches(in: rest, range: NSRange(rest.startIndex..., in: rest)) {
            func group(_ i: Int) -> String? { Range(m.range(at: i), in: rest).map { String(rest[$0]) } }
            let name = group(1) ?? ""
            if let s = group(2) ?? group(3) {
                params.append((name, "s" + s))
            } else if let e = group(4) {
                params.append((name, identity(try context.evaluate(e))))
            }
        }
        params.sort { $0.0 < $1.0 }
        return file + "\u{0}" + params.map { $0.0 + "=" + $0.1 }.joined(separator: "\u{0}")
    }

    static func identity(_ v: Value) -> String {
        if case .drop(let d) = v { return "d\(ObjectIdentifier(d).hashValue)" }
        return "v" + v.rubyInspect
    }
}

/// Rendered text by key, shared by the build's concurrent renders.
final class RenderCache: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String: CachedRender] = [:]
    func get(_ key: String) -> CachedRender? { lock.lock(); defer { lock.unlock() }; return items[key] }
    func set(_ key: String, _ value: CachedRender) { lock.lock(); if items[key] == nil { items[key] = value }; lock.unlock() }
}

/// An include's output, and (under `galley serve`) what rendering it read.
struct CachedRender: Sendable {
    let output: String
    let reads: ReadRecorder?
}

import Foundation
import Liquid

/// Shared fixtures: the variables every golden case renders with (the same hash `Tests/LiquidTests/oracle.rb`
/// gives Ruby Liquid 5.4.0), a handful of tiny filters, and an in-memory include file system.
enum Fixture {
    static let variables: LiquidHash = {
        var h = LiquidHash()
        h["x"] = 1
        h["f"] = 1.5
        h["s"] = "hello"
        h["e"] = ""
        h["n"] = .null
        h["t"] = true
        h["fa"] = false
        h["arr"] = [1, 2, 3]
        h["words"] = ["a", "b", "c"]
        h["ea"] = []
        h["h"] = ["a": 1, "b": "two", "size": 9]
        h["eh"] = .hash(LiquidHash())
        h["posts"] = [["title": "One", "tags": ["x", "y"]], ["title": "Two", "tags": []], ["title": "Three", "tags": ["y"]]]
        h["nested"] = ["list": [["name": "n1"], ["name": "n2"]], "key": "a"]
        h["num_s"] = "5"
        h["neg"] = -3
        return h
    }()

    /// Just enough filters to exercise the engine (the real ones live in Filters*.swift).
    static let filters: [String: LiquidFilter] = [
        "upcase": { input, _, _, _ in .string(input.liquidString.uppercased()) },
        "append": { input, args, _, _ in .string(input.liquidString + (args.first?.liquidString ?? "")) },
        "plus": { input, args, _, _ throws(LiquidError) in
            guard case .int(let a) = input.liquidNumber, case .int(let b) = (args.first ?? .null).liquidNumber else { return .null }
            return .int(a + b)
        },
        "join": { input, args, _, _ in
            guard case .array(let a) = input else { return input }
            return .string(a.map(\.liquidString).joined(separator: args.first?.liquidString ?? " "))
        },
        "size": { input, _, _, _ in
            switch input {
            case .array(let a): return .int(a.count)
            case .string(let s): return .int(s.count)
            default: return .int(0)
            }
        },
        "kw": { input, args, kw, _ in
            .string("\(input.liquidString)|\(args.map(\.liquidString).joined(separator: ","))|\(kw.pairs.map { "\($0.key)=\($0.value.liquidString)" }.joined(separator: ","))")
        },
        "fail": { _, _, _, _ throws(LiquidError) in throw LiquidError("boom") },
    ]

    static func engine(_ options: LiquidOptions = .init(), tags: [String: LiquidTag] = [:]) -> LiquidEngine {
        LiquidEngine(options: options, filters: filters, tags: tags)
    }

    /// Renders `source` with the fixture variables; the error's description on failure.
    static func render(_ source: String, options: LiquidOptions = .init(), files: [String: String] = [:],
                       variables: LiquidHash = Fixture.variables) -> String {
        let engine = engine(options)
        do {
            let t = try engine.parse(source, file: "test.html")
            return try engine.render(t, variables: variables, fileSystem: MemoryFileSystem(files: files)).output
        } catch {
            return "ERROR: \(error.message)"
        }
    }
}

/// Includes from a dictionary, parsed on demand (tests only; a real one caches).
struct MemoryFileSystem: LiquidFileSystem {
    let files: [String: String]
    func template(named name: String, relative: Bool, from includingFile: String,
                  engine: LiquidEngine) throws(LiquidError) -> LiquidTemplate? {
        guard let source = files[name] else { return nil }
        return try engine.parse(source, file: name)
    }
}

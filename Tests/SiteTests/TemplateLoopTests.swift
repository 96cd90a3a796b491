import Foundation
import Testing
import TestSupport
@testable import Site

/// Random graphs of partials and layouts (plain tags, tags inside sections, tags behind changed
/// delimiters, layouts): a graph with a loop fails at load with one error per loop naming each
/// include and its line; one without builds. Never a stack overflow.
@Suite struct TemplateLoopTests {
    static let nodes = ["partials/g0", "partials/g1", "partials/g2", "partials/g3", "base"]

    static func include(_ target: String, form: Int) -> String {
        switch form {
        case 0: return "{{>\(target)}}"
        case 1: return "{{#page.title}}{{>\(target)}}{{/page.title}}"
        case 2: return "<%>\(target)%>"   // after `{{=<% %>=}}`, at the end of the template
        default: return "{{<\(target)}}{{$x}}y{{/x}}{{/\(target)}}"
        }
    }

    static func hasCycle(_ edges: [String: Set<String>]) -> Bool {
        func reaches(_ from: String, _ to: String, _ seen: inout Set<String>) -> Bool {
            for n in edges[from] ?? [] {
                if n == to { return true }
                if seen.insert(n).inserted, reaches(n, to, &seen) { return true }
            }
            return false
        }
        return edges.keys.contains { var s = Set<String>(); return reaches($0, $0, &s) }
    }

    @Test func loopsOfPartialsAndLayoutsFailAtLoadNamingEachInclude() async throws {
        var rng = SplitMix(seed: 0x7E3A)
        var loops = 0
        for round in 0..<40 {
            var edges: [String: Set<String>] = ["base": ["partials/header"], "partials/header": ["partials/g0"]]
            var lines: [String: [String]] = [:]
            for n in Self.nodes {
                var body = n == "base" ? FixtureSite.templates["templates/base.mustache"]!.components(separatedBy: "\n") : ["<p>\(n)</p>"]
                var tail: [String] = []
                for m in Self.nodes where rng.below(n == "base" ? 8 : 4) == 0 {
                    let form = m == "base" ? rng.below(4) : rng.below(3)   // (swift-mustache cannot close `{{/partials/x}}`: layouts are top-level)
                    if form == 2 { tail.append(Self.include(m, form: form)) } else { body.append(Self.include(m, form: form)) }
                    edges[n, default: []].insert(m)
                }
                if !tail.isEmpty { body += ["{{=<% %>=}}"] + tail }
                lines[n] = body
            }
            var files = [String: String]()
            for (n, body) in lines { files["templates/\(n).mustache"] = body.joined(separator: "\n") }
            files["templates/partials/header.mustache"] = "<header>\n{{>partials/g0}}\n</header>"
            files["content/posts/2026-01-02-a.md"] = "---\ntitle: A\n---\nText.\n"
            let site = try FixtureSite(files: files)
            defer { try? FileManager.default.removeItem(at: site.root) }
            let failure = await site.failure()
            let context = "round \(round): \(edges)"
            guard Self.hasCycle(edges) else {
                #expect(failure == nil, "no loop, yet: \(failure.map(\.description) ?? "") \(context)")
                continue
            }
            loops += 1
            let errors = try #require(failure, "a loop built: \(context)").errors
            #expect(!errors.isEmpty && Set(errors.map(\.description)).count == errors.count, "\(errors) \(context)")
            for e in errors {
                #expect(e.message.contains("includes itself") || e.message.contains("in a loop"), "\(e) \(context)")
                // Each link `templates/X.mustache:L includes `Y``: an edge of the graph, written on line L (1 behind changed delimiters).
                let links = e.message.split(separator: "→").map { $0.trimmingCharacters(in: .whitespaces) }
                for link in links {
                    guard let r = link.range(of: #"templates/(\S+)\.mustache:(\d+) includes `([^`]+)`"#, options: .regularExpression) else {
                        Issue.record("unreadable link \(link) in \(e) \(context)"); continue
                    }
                    let parts = link[r].split(whereSeparator: { " :`".contains($0) }).map(String.init)
                    let from = String(parts[0].dropFirst("templates/".count).dropLast(".mustache".count)), line = Int(parts[1])!, to = parts[3]
                    #expect(edges[from]?.contains(to) == true, "\(from) → \(to) is no include: \(context)")
                    let text = files["templates/\(from).mustache"]!.components(separatedBy: "\n")
                    #expect(line == 1 || (line <= text.count && text[line - 1].contains(to)), "line \(line) of \(from) does not name \(to): \(context)")
                }
            }
        }
        #expect(loops > 10)
    }
}


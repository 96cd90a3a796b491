import Foundation
import Testing
import TestSupport
@testable import Site

/// Random graphs of Liquid partials (plain includes, includes inside `if`, whitespace-trimmed ones)
/// and of layouts (`layout:` front matter): a graph with a loop fails with errors naming the loop at
/// the templates' own lines, each reported once; one without builds. Never a stack overflow.
@Suite struct TemplateLoopTests {
    static let partials = ["g0", "g1", "g2", "g3"]
    static let layouts = ["base", "l0", "l1", "l2"]

    static func include(_ target: String, form: Int) -> String {
        switch form {
        case 0: return "{% include \(target).liquid %}"
        case 1: return "{% if page.title %}{% include \(target).liquid %}{% endif %}"
        default: return "{%- include \(target).liquid -%}"
        }
    }

    /// Whether following `edges` from `start` comes back to a node already on the path.
    static func loops(from starts: [String], _ edges: [String: Set<String>]) -> Bool {
        func visit(_ n: String, _ path: Set<String>) -> Bool {
            for m in edges[n] ?? [] {
                if path.contains(m) || visit(m, path.union([m])) { return true }
            }
            return false
        }
        return starts.contains { visit($0, [$0]) }
    }

    @Test func loopsOfPartialsAndLayoutsFailNamingEachInclude() async throws {
        var rng = SplitMix(seed: 0x7E3A)
        var includeLoops = 0, layoutLoops = 0
        for round in 0..<40 {
            var includes: [String: Set<String>] = [:]
            var files: [String: String] = [:]
            for n in Self.partials {
                var body = ["<p>\(n)</p>"]
                for m in Self.partials where rng.below(4) == 0 {
                    body.append(Self.include(m, form: rng.below(3)))
                    includes[n, default: []].insert(m)
                }
                files["templates/partials/\(n).liquid"] = body.joined(separator: "\n")
            }
            // Layouts: `base` (every page's) and three more, each extending another at random.
            var extends: [String: Set<String>] = [:]
            for n in Self.layouts {
                let parent = rng.below(3) == 0 ? Self.layouts[rng.below(Self.layouts.count)] : nil
                if let p = parent { extends[n] = [p] }
                var text = parent.map { "---\nlayout: \($0)\n---\n" } ?? ""
                text += n == "base" ? FixtureSite.templates["templates/base.liquid"]! : "<div class=\"\(n)\">{{ content }}</div>"
                files["templates/\(n).liquid"] = text
            }
            files["templates/partials/header.liquid"] = "<header>\n{% include g0.liquid %}\n</header>"
            files["content/posts/2026-01-02-a.md"] = "---\ntitle: A\n---\nText.\n"
            files["content/posts/2026-01-03-b.md"] = "---\ntitle: B\n---\nMore text.\n"
            let site = try FixtureSite(files: files)
            defer { site.cleanUp() }
            let failure = await site.failure()
            let context = "round \(round): includes \(includes), layouts \(extends)"
            let includeLoop = Self.loops(from: ["g0"], includes), layoutLoop = Self.loops(from: Self.layouts, extends)
            guard includeLoop || layoutLoop else {
                #expect(failure == nil, "no loop, yet: \(failure.map(\.description) ?? "") \(context)")
                continue
            }
            let errors = try #require(failure, "a loop built: \(context)").errors
            #expect(!errors.isEmpty && Set(errors.map(\.description)).count == errors.count, "reported more than once: \(errors) \(context)")
            if layoutLoop {
                layoutLoops += 1
                #expect(errors.allSatisfy { $0.message.contains("in a circle") }, "\(errors) \(context)")
                for e in errors {
                    // "layouts extend each other in a circle: a → b → a", at the `layout:` line of the first.
                    let names = e.message.components(separatedBy: ": ").last!.components(separatedBy: " → ")
                    #expect(names.first == names.last && names.count >= 2, "\(e) \(context)")
                    for (a, b) in zip(names, names.dropFirst()) { #expect(extends[a]?.contains(b) == true, "\(a) → \(b): \(context)") }
                    #expect(e.line == 2, "\(e)")
                }
                continue
            }
            includeLoops += 1
            for e in errors {
                #expect(e.message.contains("includes loop"), "\(e) \(context)")
                // The chain: include tags as file:line:col, each an include written on that line, ending
                // where it started again.
                let hint = try #require(e.hint, "\(e)")
                let chain = hint.dropFirst("include chain: ".count).components(separatedBy: ";")[0].components(separatedBy: " → ")
                #expect(Set(chain).count == chain.count - 1, "the loop is shown once round: \(hint)")
                let parts = chain.map { $0.split(separator: ":").map(String.init) }
                for (i, place) in parts.enumerated() {
                    let next: [String]? = i + 1 < parts.count ? parts[i + 1] : nil
                    let file = place[0], line = Int(place[1])!
                    let text = try #require(files[file] ?? FixtureSite.templates[file], "\(file)").components(separatedBy: "\n")
                    let named = text[line - 1]   // lines are the file's own, front matter included
                    #expect(named.contains("{% include") || named.contains("{%- include"), "\(place) is no include: \(context)")
                    if let next, next[0].hasPrefix("templates/partials/") {
                        let target = String(next[0].dropFirst("templates/partials/".count).dropLast(".liquid".count))
                        #expect(named.contains("\(target).liquid"), "line \(line) of \(file) does not include \(target): \(context)")
                    }
                }
            }
        }
        #expect(includeLoops > 5 && layoutLoops > 5, "\(includeLoops) include loops, \(layoutLoops) layout loops")
    }
}

import Foundation
import Testing
@testable import Site

/// The site's language mix, which a build with many posts scans on all cores: it must equal the one-thread
/// count over the same bodies, and a second call must scan nothing.
@Suite struct FenceLabelMixTests {
    @Test func aLargeSitesMixEqualsTheSerialCount() throws {
        let site = try FixtureSite(files: [:])
        defer { site.cleanUp() }
        let loader = ContentLoader(siteDirectory: site.root, config: SiteConfig())
        let languages = ["swift", "Kotlin", "go", "", "RUST", "python", "c++"]
        var docs: [SourceDocument] = []
        for n in 0..<150 {
            var body = "Post \(n).\n\n"
            for k in 0..<(n % 5) {
                body += "```\(languages[(n + k) % languages.count])\nlet x = \(k)\n```\n\n"
            }
            if n % 7 == 0 { body += "~~~ go\nfunc main() {}\n~~~\n" }
            let rel = "content/posts/2026-01-01-p\(n).md"
            try site.write(rel, "---\ntitle: P\(n)\n---\n" + body)
            docs.append(try #require(loader.load(rel, diagnostics: DiagnosticSink())))
        }
        var memo = FenceLabelMemo()
        let mix = memo.mix(docs)
        #expect(memo.scanned == docs.count)
        let serial = CodeContext.siteLanguages(docs.map(\.body))
        #expect(mix == serial)
        #expect(mix["swift"] != nil && mix["kotlin"] != nil && mix["go"] != nil)
        #expect(memo.mix(docs) == serial)
        #expect(memo.scanned == 0)
    }
}

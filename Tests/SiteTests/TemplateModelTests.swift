import Foundation
import Testing
@testable import Site

/// A template name outside the model renders as nothing on every page: said once, at its line.
@Suite struct TemplateModelTests {
    @Test func theBuiltInThemeUsesOnlyTheModel() {
        for (path, text) in DefaultTheme.files where path.hasSuffix(".mustache") {
            let found = TemplateModel.check(text, file: path, isPartial: path.hasPrefix("partials/"))
            #expect(found.isEmpty, "\(path): \(found)")
        }
    }

    @Test func typosFiltersAndLiquidTagsAreWarnedAtTheirColumn() {
        let text = "<h1>{{page.titel}}</h1>\n{{ page.title | upcase }}\n{% if page.x %}\n{{#posts}}{{titl}} {{date.display}}{{/posts}}\n{{page.params.anything.deep}} {{uppercased(page.title)}} {{#first(page.tags)}}{{name}}{{/first(page.tags)}}\n"
        let found = TemplateModel.check(text, file: "templates/post.mustache", isPartial: false)
        #expect(found.map { "\($0.line):\($0.column) \($0.message)" } == [
            "1:5 `page` has no `titel`; `{{page.titel}}` renders as nothing; did you mean `page.title`?",
            "2:1 `{{ page.title | upcase }}` uses a Liquid filter; Mustache has none, so this renders as nothing",
            "3:1 Liquid tag `{% if page.x %}` in a Mustache template is shown as text",
            "4:11 `titl` is not a template variable here; `{{titl}}` renders as nothing; did you mean `title`?",
        ])
    }

    @Test func aPartialMayUseNamesOfItsCallersSection() {
        // partials/item is included inside {{#posts}}: `title` is right there; `titel` is nowhere in the model.
        let found = TemplateModel.check("<a href=\"{{url}}\">{{title}}</a>{{titel}}", file: "templates/partials/item.mustache", isPartial: true)
        #expect(found.map(\.column) == [32])
    }

    @Test func warningsReachTheBuildOnce() async throws {
        let site = try FixtureSite(files: ["templates/page.mustache": "{{<base}}{{$main}}{{page.titel}}{{/main}}{{/base}}",
                                           "content/a.md": "A", "content/b.md": "B"])
        defer { site.cleanUp() }
        let report = try await site.build()
        #expect(report.warnings.map { "\($0.file):\($0.line):\($0.column)" } == ["templates/page.mustache:1:19"])
    }
}

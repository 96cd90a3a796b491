import Foundation
import Testing
@testable import Sass

/// The pieces that need neither compiler: stderr parsing, the module-syntax scan, Jekyll's settings.
@Suite("Sass support")
struct SupportTests {
    @Test func parsesDartSassErrorWithStackAndWarningsBefore() {
        let stderr = """
            WARNING: careful
                - 2:1  root stylesheet

            Error: Undefined variable.
               ╷
            17 │   font: $base-font-weight #{$base-font-size};
               │         ^^^^^^^^^^^^^^^^^
               ╵
              /abs/my theme/_base.scss 17:9  @import
              - 3:9                          root stylesheet

            """
        let entry = SassEntry(source: "", url: URL(fileURLWithPath: "/site/css/main.scss"), lineOffset: 2)
        let context = DartSassDiagnostics.Context(entry: entry, folder: URL(fileURLWithPath: "/site/css"), loadPaths: [])
        let error = DartSassDiagnostics.error(stderr: stderr, status: 65, context: context)
        #expect(error == SassError(file: "/abs/my theme/_base.scss", line: 17, column: 9, message: "Undefined variable."))
        #expect(DartSassDiagnostics.warnings(stderr) == "WARNING: careful\n    - 2:1  root stylesheet")
        let inEntry = DartSassDiagnostics.error(stderr: "Error: expected \"{\".\n  ╷\n3 │ a\n  │  ^\n  ╵\n  - 3:2  root stylesheet\n",
                                                status: 65, context: context)
        #expect(inEntry.file == "/site/css/main.scss" && inEntry.line == 5 && inEntry.column == 2)
    }

    @Test func errorWithoutPositionStillNamesTheEntry() {
        let entry = SassEntry(source: "", url: URL(fileURLWithPath: "/site/main.scss"))
        let context = DartSassDiagnostics.Context(entry: entry, folder: URL(fileURLWithPath: "/site"), loadPaths: [])
        let error = DartSassDiagnostics.error(stderr: "Something odd\n", status: 1, context: context)
        #expect(error == SassError(file: "/site/main.scss", line: 0, column: 0, message: "Something odd"))
        #expect(error.description == "/site/main.scss: error: Something odd")
    }

    @Test func scanSkipsCommentsAndStrings() {
        #expect(DartOnlySyntax.find(in: "// @use \"a\";\n/* @forward \"b\"; */\n.a { content: \"@use math.div(1)\"; }\n") == nil)
        #expect(DartOnlySyntax.find(in: ".map.active { x: y; }\n.a { b: $map.c; d: my-math.div(1); }\n") == nil)
        #expect(DartOnlySyntax.find(in: "/* x\n */\n  @forward \"src/list\";") == .init(construct: "`@forward`", line: 3, column: 3))
        #expect(DartOnlySyntax.find(in: ".a{w:math.div(1,2)}") == .init(construct: "`math.div()`", line: 1, column: 6))
        #expect(DartOnlySyntax.find(in: "@user-mixin;\n@include used;") == nil)
    }

    @Test func frontMatterSplitKeepsLineCount() {
        let split = SassEntry.splittingFrontMatter("---\ntitle: x\n---\n@import \"a\";\n")
        #expect(split?.body == "@import \"a\";\n" && split?.lineOffset == 3)
        #expect(SassEntry.splittingFrontMatter("---\r\n---\r\n.a{}")?.body == ".a{}")
        #expect(SassEntry.splittingFrontMatter(".a { }\n") == nil)
        #expect(SassEntry.splittingFrontMatter("---\nnever closed\n") == nil)
    }

    @Test func jekyllDefaultsAndStyleNames() {
        let defaults = JekyllSassConfig()
        #expect(defaults.sassDir == "_sass" && defaults.style == .expanded && defaults.wantsSourceMap())
        #expect(JekyllSassConfig(style: ":compressed").style == .compressed)
        #expect(JekyllSassConfig(style: "compact").style == .expanded)
        #expect(!JekyllSassConfig(sourcemap: "never").wantsSourceMap())
        #expect(JekyllSassConfig(sourcemap: "development").wantsSourceMap(environment: "development"))
        #expect(!JekyllSassConfig(sourcemap: ":development").wantsSourceMap(environment: "production"))
    }

    @Test func jekyllLoadPathsGlobThenSassDirThenTheme() throws {
        let site = try Fixture([
            "node_modules/b/scss/_x.scss": "", "node_modules/a/scss/_x.scss": "", "vendor/_y.scss": "",
            "styles/_z.scss": "", "theme/_sass/_t.scss": "",
        ])
        let config = JekyllSassConfig(sassDir: "../styles", loadPaths: ["node_modules/*/scss", "vendor", "missing", "vendor"])
        let paths = config.resolvedLoadPaths(siteSource: site.root, themeSassPath: site.url("theme/_sass"))
        #expect(paths.map(\.path) == [
            site.url("node_modules/a/scss").path, site.url("node_modules/b/scss").path, site.url("vendor").path,
            site.url("styles").path, site.url("theme/_sass").path,
        ])
    }

    @Test func locatorHonoursGalleySassAndRefusesRubySass() throws {
        #expect(DartSassLocator.find(environment: ["GALLEY_SASS": "libsass", "PATH": "", "HOME": "/nonexistent"]) == nil)
        let bin = try Fixture(["sass": "#!/bin/sh\necho 'Ruby Sass 3.7.4'\n"])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.url("sass").path)
        #expect(DartSassLocator.find(environment: ["PATH": bin.root.path, "HOME": "/nonexistent"]) == nil)
        try bin.write("sass", "#!/bin/sh\necho '1.99.0'\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.url("sass").path)
        let found = DartSassLocator.find(environment: ["GALLEY_SASS": bin.url("sass").path, "HOME": "/nonexistent"])
        #expect(found?.version == "1.99.0")
    }

    @Test func sourceMapPathsAndJSONEscapes() {
        #expect(SourceMapRewriter.relativePath(from: URL(fileURLWithPath: "/s/assets/css"),
                                               to: URL(fileURLWithPath: "/s/_sass/_b.scss")) == "../../_sass/_b.scss")
        #expect(SourceMapRewriter.relativePath(from: URL(fileURLWithPath: "/s/css"),
                                               to: URL(fileURLWithPath: "/s/css/p/_x.scss")) == "p/_x.scss")
        #expect(SourceMapRewriter.quote("a/\"b\"\\\n\u{1}é") == "\"a/\\\"b\\\"\\\\\\n\\u0001é\"")
    }
}

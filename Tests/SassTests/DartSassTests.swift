import Foundation
import Testing
@testable import Sass

@Suite("Dart Sass backend", .enabled(if: Backends.dart != nil, Comment(rawValue: Backends.dartMissing)))
struct DartSassTests {
    var compiler: SassCompiler { Backends.dart! }

    @Test func compilesNestingVariablesAndPartials() throws {
        let site = try Fixture([
            "_sass/_base.scss": "$c: #333;\nbody { color: $c; }\n",
            "assets/css/main.scss": "---\n---\n@import \"base\";\n.a { .b { margin: 0 auto; } }\n",
        ])
        let output = try compiler.compile(try site.entry("assets/css/main.scss"),
                                          options: SassOptions(loadPaths: [site.url("_sass")]))
        #expect(output.css == "body {\n  color: #333;\n}\n\n.a .b {\n  margin: 0 auto;\n}")
        #expect(output.sourceMap == nil)
    }

    @Test func useModulesAndBuiltins() throws {
        let site = try Fixture([
            "_sass/_theme.scss": "$accent: blue !default;\n@mixin box { padding: 1px; }\n",
            "_sass/_index-forward.scss": "@forward \"theme\";\n",
            "css/main.scss": """
                @use "sass:math";
                @use "sass:map";
                @use "theme" with ($accent: green);
                $sizes: (s: 10px);
                .a { width: math.div(map.get($sizes, s), 4); color: theme.$accent; @include theme.box; }
                """,
        ])
        let css = try compiler.compile(try site.entry("css/main.scss"),
                                       options: SassOptions(loadPaths: [site.url("_sass")])).css
        #expect(css == ".a {\n  width: 2.5px;\n  color: green;\n  padding: 1px;\n}")
    }

    @Test func compressedAndExpandedDiffer() throws {
        let site = try Fixture(["main.scss": ".a { color: red; .b { width: 10px; } }\n"])
        let entry = try site.entry("main.scss")
        #expect(try compiler.compile(entry, options: SassOptions(style: .expanded)).css
            == ".a {\n  color: red;\n}\n.a .b {\n  width: 10px;\n}")
        #expect(try compiler.compile(entry, options: SassOptions(style: .compressed)).css
            == ".a{color:red}.a .b{width:10px}")
    }

    @Test func syntaxErrorInEntryCountsFrontMatterLines() throws {
        let site = try Fixture(["css/main.scss": "---\nlayout: none\n---\n\n.x {\n  color: red\n  width: 1px;\n}\n"])
        let error = try #require(throws: SassError.self) { try compiler.compile(try site.entry("css/main.scss")) }
        #expect(error.file == site.url("css/main.scss").path)
        #expect(error.line == 7 && error.column == 8)
        #expect(error.message == "expected \";\".")
    }

    @Test func syntaxErrorInPartialNamesThePartial() throws {
        let site = try Fixture([
            "_sass/_broken.scss": ".ok { a: b; }\n.x {\n  color: red\n  width: 1px;\n}\n",
            "_sass/_fine.scss": "@import \"broken\";\n",
            "css/main.scss": "---\n---\n@import \"fine\";\n",
        ])
        let error = try #require(throws: SassError.self) {
            try compiler.compile(try site.entry("css/main.scss"), options: SassOptions(loadPaths: [site.url("_sass")]))
        }
        #expect(error.file == site.url("_sass/_broken.scss").path)
        #expect(error.line == 4 && error.column == 8)
    }

    @Test func relativeImportErrorNamesThePartial() throws {
        let site = try Fixture([
            "css/parts/_x.scss": "\n.x { color: $nope; }\n",
            "css/main.scss": "@import \"parts/x\";\n",
        ])
        let error = try #require(throws: SassError.self) { try compiler.compile(try site.entry("css/main.scss")) }
        #expect(error.file == site.url("css/parts/_x.scss").path)
        #expect(error.line == 2 && error.column == 13)
        #expect(error.message == "Undefined variable.")
    }

    @Test func missingImportHintListsWhereItLooked() throws {
        let site = try Fixture(["css/main.scss": "\n@import \"nowhere\";\n"])
        let error = try #require(throws: SassError.self) {
            try compiler.compile(try site.entry("css/main.scss"), options: SassOptions(loadPaths: [site.url("_sass")]))
        }
        #expect(error.line == 2 && error.message.hasPrefix("Can't find stylesheet to import"))
        #expect(error.hint?.contains(site.url("_sass").path) == true)
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

    @Test func sourceMapAndTrailerAsJekyllWritesThem() throws {
        let site = try Fixture([
            "_sass/_base.scss": "body { color: red; }\n",
            "assets/css/main.scss": "---\n---\n@import \"base\";\n.a { b: c; }\n",
        ])
        let options = SassOptions(loadPaths: [site.url("_sass")], sourceMap: true)
        let output = try compiler.compile(try site.entry("assets/css/main.scss"), options: options)
        #expect(output.css == "body {\n  color: red;\n}\n\n.a {\n  b: c;\n}")
        let map = try #require(output.sourceMap)
        #expect(map.hasPrefix("{\"version\":3,\"sourceRoot\":\"\",\"sources\":[\"../../_sass/_base.scss\",\"main.scss\"],"))
        #expect(map.hasSuffix("\"sourcesContent\":[\"body { color: red; }\\n\",\"@import \\\"base\\\";\\n.a { b: c; }\\n\"],\"file\":\"main.css\"}"))
        #expect(output.jekyllCSS(baseName: "main", style: .expanded) == output.css + "\n\n/*# sourceMappingURL=main.css.map */")
        let compressed = try compiler.compile(try site.entry("assets/css/main.scss"),
                                              options: SassOptions(style: .compressed, loadPaths: [site.url("_sass")], sourceMap: true))
        #expect(compressed.css == "body{color:red}.a{b:c}")
        #expect(compressed.jekyllCSS(baseName: "main", style: .compressed) == "body{color:red}.a{b:c}/*# sourceMappingURL=main.css.map */")
    }

    @Test func batchKeepsOrderAndIsolatesFailures() throws {
        let site = try Fixture([
            "a.scss": ".a { x: 1; }\n",
            "b.scss": ".b { x: \n",
            "c.sass": ".c\n  x: 3\n",
        ])
        let results = compiler.compile(try ["a.scss", "b.scss", "c.sass"].map { try site.entry($0) },
                                       options: SassOptions(style: .compressed))
        #expect(try results[0].get().css == ".a{x:1}")
        #expect(throws: SassError.self) { try results[1].get() }
        #expect(try results[2].get().css == ".c{x:3}")
    }

    @Test func warningsAreReturnedAndQuietDepsSilencesLoadPathOnes() throws {
        let site = try Fixture([
            "lib/_dep.scss": ".d { w: (10px / 2); }\n",
            "main.scss": "@import \"dep\";\n@warn \"mine\";\n",
        ])
        let entry = try site.entry("main.scss")
        let loud = try compiler.compile(entry, options: SassOptions(loadPaths: [site.url("lib")]))
        #expect(loud.warnings.contains("DEPRECATION WARNING") && loud.warnings.contains("mine"))
        let quiet = try compiler.compile(entry, options: SassOptions(loadPaths: [site.url("lib")], quietDeps: true))
        #expect(!quiet.warnings.contains("DEPRECATION WARNING") && quiet.warnings.contains("mine"))
        #expect(quiet.css == ".d {\n  w: 5px;\n}")
    }

    /// The acceptance rule: Galley's CSS equals what the `sass` executable prints for the same file and style.
    @Test(arguments: [SassStyle.expanded, .compressed])
    func byteEqualToTheSassExecutable(style: SassStyle) throws {
        let site = try Fixture([
            "_sass/_vars.scss": "$base: 16px !default;\n$accent: #2a7ae2;\n@mixin mq($w) { @media (max-width: $w) { @content; } }\n",
            "main.scss": """
                @charset "utf-8";
                @import "vars";
                /* Keep me */
                // drop me
                .post { font: #{$base}/1.5 sans-serif; content: "→";
                  a { color: darken($accent, 10%); &:hover { color: rgba($accent, .5); } }
                  @include mq(600px) { .x { margin: 0 -10px; } }
                }
                %p { x: y; } .e { @extend %p; } .empty {}
                """,
        ])
        let css = try compiler.compile(try site.entry("main.scss"),
                                       options: SassOptions(style: style, loadPaths: [site.url("_sass")])).css
        #expect(css == (try Backends.referenceCSS(site.url("main.scss"),
                                                  arguments: ["--style=\(style.rawValue)", "--load-path=\(site.url("_sass").path)"])))
    }

    /// A real theme, where the machine has it (Debian's ruby-minima / the minima gem).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Timing.minima.path)))
    func minimaMatchesTheSassExecutable() throws {
        let site = try Fixture(["assets/main.scss": "---\n# front matter\n---\n\n@import \"minima\";\n",
                                "plain.scss": "\n@import \"minima\";\n"])
        let output = try compiler.compile(try site.entry("assets/main.scss"), options: SassOptions(loadPaths: [Timing.minima]))
        let reference = try Backends.referenceCSS(site.url("plain.scss"), arguments: ["--load-path=\(Timing.minima.path)"])
        #expect(output.css.count > 5000 && output.css == reference)
        #expect(output.warnings.contains("DEPRECATION WARNING"))
    }
}

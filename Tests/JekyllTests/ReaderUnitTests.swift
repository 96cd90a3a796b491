import Foundation
import Testing
import Liquid
import Site
@testable import Jekyll

/// The pieces of the reader, against values Ruby 3.1 / Psych 4 / Jekyll 4.3.1 gave for the same input.
@Suite struct ReaderUnitTests {
    /// A value spelled as `type:text`, to compare without Value being Equatable.
    static func spell(_ v: Value?) -> String {
        switch v {
        case nil: return "missing"
        case .null?: return "nil"
        case .bool(let b)?: return "bool:\(b)"
        case .int(let i)?: return "int:\(i)"
        case .double(let d)?: return "float:\(d)"
        case .string(let s)?: return "str:\(s)"
        case .date(let d, let o)?: return "time:" + RubyTime.rubyString(d, utcOffset: o)
        case .array(let a)?: return "[" + a.map { spell($0) }.joined(separator: ",") + "]"
        case .hash(let h)?: return "{" + h.pairs.map { "\($0.key)=\(spell($0.value))" }.joined(separator: ",") + "}"
        default: return "other"
        }
    }

    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func scalar(_ text: String) -> String {
        let (v, _) = RubyYAML.load("a: \(text)\n", file: "t.yml", timeZone: berlin)
        guard case .hash(let h)? = v else { return "error" }
        return spell(h["a"])
    }

    @Test(arguments: [
        ("1:30", "int:5400"), ("1,000", "int:1000"), ("1.", "float:1.0"), ("1e3", "str:1e3"), ("0x1F", "int:31"),
        ("017", "int:15"), ("2016-1-5", "str:2016-01-05"), ("Yes", "bool:true"), ("y", "str:y"), ("NULL", "nil"),
        ("1_000", "int:1000"), ("+5", "int:5"), (".5", "float:0.5"), ("2016-02-30", "str:2016-02-30"), ("12:30:00", "int:45000"),
        ("0b11", "int:3"), ("09", "str:09"), ("1.0e+3", "float:1000.0"), ("!!str 5", "str:5"), ("off", "bool:false"),
        ("~", "nil"), ("", "nil"), ("'yes'", "str:yes"), ("hello world", "str:hello world"),
        ("2016-02-29 8:00:00", "time:2016-02-29 09:00:00 +0100"), ("2016-03-01 23:30:00 +0900", "time:2016-03-01 23:30:00 +0900"),
        ("2016-03-02T23:30:00Z", "time:2016-03-02 23:30:00 +0000"),
    ])
    func psychScalars(_ text: String, _ expected: String) {
        #expect(Self.scalar(text) == expected, "\(text)")
    }

    @Test func symbolsAreRefusedAndDuplicatesWarn() {
        let (v, d) = RubyYAML.load("a: :sym\n", file: "t.yml", timeZone: Self.berlin)
        #expect(v == nil)
        #expect(d.first?.severity == .error && d.first?.line == 1)
        let (v2, d2) = RubyYAML.load("a: 1\nb: 2\na: 3\n", file: "t.yml", timeZone: Self.berlin)
        #expect(Self.spell(v2) == "{a=int:3,b=int:2}")
        #expect(d2.count == 1 && d2[0].line == 3 && d2[0].severity == .warning)
        let (v3, _) = RubyYAML.load("base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  y: 3\n", file: "t.yml", timeZone: Self.berlin)
        #expect(Self.spell(v3) == "{base={x=int:1,y=int:2},c={x=int:1,y=int:3}}")
    }

    @Test func frontMatterSplitAsJekyllsRegexp() {
        let s = JekyllFrontMatter.split("---\ntitle: x\n---\n\n\n  indented\nmore")
        #expect(s?.body == "  indented\nmore")
        #expect(s?.bodyLine == 6)
        #expect(JekyllFrontMatter.split("---\ntitle: x\n--- \nbody")?.body == "body")
        #expect(JekyllFrontMatter.split("---\ntitle: x\n...\nbody")?.yaml == "---\ntitle: x\n")
        #expect(JekyllFrontMatter.split("---\ntitle: x\n---x\nbody") == nil)
        #expect(JekyllFrontMatter.split("---\n---") != nil)
        #expect(JekyllFrontMatter.hasHeader(Array("---  \r\nx".utf8)))
        #expect(!JekyllFrontMatter.hasHeader(Array("--- # c\n".utf8)))
    }

    @Test func urlEscapingAsAddressable() {
        #expect(JekyllPermalink.escapePath("/a b/") == "/a%20b/")
        #expect(JekyllPermalink.escapePath("/café/") == "/caf%C3%A9/")
        #expect(JekyllPermalink.escapePath("/a?b c#d#e") == "/a?b%20c%23d%23e")
        #expect(JekyllPermalink.escapePath("/100%/") == "/100%25/")
        #expect(JekyllPermalink.escapePath("/a[1]/") == "/a%5B1%5D/")
        #expect(JekyllPermalink.escapePath("/a+b&c=d;e") == "/a+b&c=d;e")
        #expect(JekyllPermalink.unescapePath("/caf%C3%A9") == "/café")
        #expect(JekyllPermalink.sanitize("a/../b//c/./d") == "/a/b/c/d")
    }

    @Test func slugifyModes() {
        #expect(JekyllPermalink.slugify("The _config.yml file?!") == "the-config-yml-file")
        #expect(JekyllPermalink.slugify("The _config.yml file?!", mode: "pretty") == "the-_config.yml-file-!")
        #expect(JekyllPermalink.slugify("Ünïcödé Title", mode: "latin") == "unicode-title")
        #expect(JekyllPermalink.slugify("Ünïcödé Title", mode: "pretty", cased: true) == "Ünïcödé-Title")
        #expect(JekyllPermalink.slugify("Ünïcödé Title", mode: "ascii") == "n-c-d-title")
        #expect(JekyllPermalink.slugify("a  b", mode: "raw") == "a-b")
        #expect(JekyllPermalink.slugify("Keep Me", mode: "none") == "keep me")
    }

    @Test func excludeGlobsAndPrefixes() {
        #expect(JekyllEntryFilter.fnmatch("/s/*.tmp", "/s/sub/deep.tmp"))
        #expect(!JekyllEntryFilter.fnmatch("/s/*.tmp", "/s/a.tmpx"))
        #expect(JekyllEntryFilter.fnmatch("/s/[ab]?.md", "/s/bx.md"))
        #expect(JekyllDefaults.fnmatch("2016*", "2016-03-20-glob.md"))
        #expect(!JekyllDefaults.fnmatch("*", ".hidden"))
    }

    @Test func defaultsPrecedence() {
        let rules = [
            JekyllDefaultRule(path: "", type: "posts", values: LiquidHash([("layout", "typed")])),
            JekyllDefaultRule(path: "", type: nil, values: LiquidHash([("layout", "all"), ("x", 1)])),
            JekyllDefaultRule(path: "blog", type: nil, values: LiquidHash([("layout", "blog")])),
            JekyllDefaultRule(path: "blog", type: nil, values: LiquidHash([("layout", "blog-later")])),
        ]
        let d = JekyllDefaults(rules: rules, collectionsDir: "", timeZone: Self.berlin)
        #expect(Self.spell(d.all(path: "_posts/x.md", type: "posts")["layout"]) == "str:typed")
        #expect(Self.spell(d.all(path: "blog/_posts/x.md", type: "posts")["layout"]) == "str:blog-later")
        #expect(Self.spell(d.all(path: "blogging/x.md", type: "pages")["layout"]) == "str:blog-later")
        #expect(Self.spell(d.all(path: "about.md", type: "pages")["x"]) == "int:1")
    }

    @Test func rubyTimeParse() {
        let ny = TimeZone(identifier: "America/New_York")!
        func p(_ s: String) -> String? { RubyTime.parse(s, timeZone: ny).map { RubyTime.rubyString($0, utcOffset: ny.secondsFromGMT(for: $0)) } }
        #expect(p("2016-1-5") == "2016-01-05 00:00:00 -0500")
        #expect(p("2016-07-04 10:30") == "2016-07-04 10:30:00 -0400")
        #expect(p("2016-07-04 10:30:00 UTC") == "2016-07-04 06:30:00 -0400")
        #expect(p("Jan 5, 2016") == "2016-01-05 00:00:00 -0500")
        // Ruby's Time.parse: one-digit minutes and seconds, in the site's zone (not a YAML timestamp).
        #expect(p("2016-07-04 9:5:00") == "2016-07-04 09:05:00 -0400")
        #expect(p("2016-07-04 9:5") == "2016-07-04 09:05:00 -0400")
        #expect(p("2016-07-04 10:75") == nil)
        #expect(p("not a date") == nil)
        // Front matter of rubyonrails.org's posts, as Jekyll 4.3.1 (Time.parse) reads them: a zone Ruby's Time does
        // not know (CEST) or an unreadable tail ("::00 -03:00") leaves the time local.
        #expect(p("2017-02-10 00:10::00 -03:00") == "2017-02-10 00:10:00 -0500")
        #expect(p("Fri Sep  3 11:21:31 CEST 2021") == "2021-09-03 11:21:31 -0400")
        #expect(p("2016-07-04 10:30 -5") == "2016-07-04 10:30:00 -0400")
        #expect(p("2016-01-04 10:30 EDT") == "2016-01-04 09:30:00 -0500")
        #expect(p("2016-07-04 10:30 +01:00:30") == "2016-07-04 05:29:30 -0400")
        let d = RubyTime.parse("2016-03-04", timeZone: ny)!
        #expect(RubyTime.format(d, utcOffset: -18000, "%G W%V %u %a %A %b %B %j %y %-m/%-d") == "2016 W09 5 Fri Friday Mar March 064 16 3/4")
    }
}

/// Reads built in temporary folders: config merging, errors, symlinks.
@Suite struct ReaderSiteTests {
    static func site(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("reader-\(UUID().uuidString)")
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func configFilesMergeDeeplyLaterWins() throws {
        let dir = try Self.site([
            "a.yml": "title: A\nkramdown:\n  input: GFM\n  auto_ids: false\ncollections: [notes]\n",
            "b.yml": "title: B\nkramdown:\n  hard_wrap: true\nurl:\n",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let site = try JekyllReader.read(source: dir, configFiles: [dir.appendingPathComponent("a.yml"), dir.appendingPathComponent("b.yml")],
                                         drafts: false, future: false, now: Date())
        #expect(site.config.raw["title"]?.yamlStringValue == "B")
        let k = site.config.kramdown
        #expect(ReaderUnitTests.spell(k["auto_ids"]) == "bool:false")
        #expect(ReaderUnitTests.spell(k["hard_wrap"]) == "bool:true")
        #expect(ReaderUnitTests.spell(k["smart_quotes"]) == "str:lsquo,rsquo,ldquo,rdquo")
        #expect(site.config.collections.map(\.label) == ["posts", "notes"])
        #expect(site.config.collections[0].permalink == "/:categories/:year/:month/:day/:title:output_ext")
        #expect(site.config.exclude.contains("node_modules"))
    }

    @Test func invalidDateIsAnErrorAtTheFile() throws {
        let dir = try Self.site(["_posts/2020-01-01-x.md": "---\ndate: someday\n---\nx\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: BuildFailure.self) { try JekyllReader.read(source: dir, drafts: false, future: false, now: Date()) }
        do {
            _ = try JekyllReader.read(source: dir, drafts: false, future: false, now: Date())
        } catch {
            #expect(error.errors.first?.file == "_posts/2020-01-01-x.md")
            #expect(error.errors.first?.line == 2)   // at the `date:` line
        }
    }

    @Test func symlinksOutsideTheSiteAreSkipped() throws {
        let outside = try Self.site(["secret.txt": "secret"])
        let dir = try Self.site(["index.md": "---\n---\nx\n", "inner.txt": "in"])
        defer { try? FileManager.default.removeItem(at: dir); try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("leak.txt"), withDestinationURL: outside.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("alias.txt"), withDestinationURL: dir.appendingPathComponent("inner.txt"))
        let site = try JekyllReader.read(source: dir, drafts: false, future: false, now: Date())
        #expect(site.staticFiles.map(\.name).sorted() == ["alias.txt", "inner.txt"])
        #expect(site.diagnostics.contains { $0.file == "leak.txt" && $0.severity == .warning })
    }

    @Test func missingThemeIsNamedInAWarning() throws {
        let dir = try Self.site(["_config.yml": "theme: minima\n", "index.md": "---\nlayout: home\n---\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let site = try JekyllReader.read(source: dir, drafts: false, future: false, now: Date())
        #expect(site.diagnostics.contains { $0.message.contains("theme `minima`") })
    }
}

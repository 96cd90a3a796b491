import Testing
@testable import Highlight

/// The whole-block shapes of `Shapes` and the output checks added with them, on fences shaped like those of
/// Benchmarks/highlight/blog_fences.jsonl (artsy.github.io, objc.io, NSHipster, simonw/til, the Rust blog), each
/// next to code of the language it was misread as, which must keep its label.
@Suite struct ShapeDetectionTests {
    let h = Highlighter()

    func label(_ code: String, _ context: DetectionContext? = nil) -> String {
        h.highlight(code, language: nil, options: HighlightOptions(unlabeled: .auto, context: context)).language
    }

    @Test func replSessionsStayPlain() {
        let mongo = "> db.artworks.findOne()\n{\n  \"_id\" : ObjectId(\"510f22c5db8e540aab000001\"),\n  \"title\" : \"Mona Lisa\",\n  \"images\" : [\n    {\n      \"filename\" : \"framed.jpg\"\n    }\n  ]\n}\n"
        #expect(label(mongo) == "plaintext")
        #expect(Shapes.isREPL(["> const user = { name: \"Danger\", age: 27 }", "undefined", "> name", "'Danger'"]))
        // A Markdown quote is prose, every line of it quoted.
        #expect(!Shapes.isREPL(["> This is what the docs say.", "> And more of it."]))
        #expect(!Shapes.isREPL(["> A quote that wraps", "onto the next line."]))
    }

    @Test func propertyListTextStaysPlain() {
        let description = "{\n    filename = \"/Users/oliver/tmp/guardian-article.txt\";\n    lemma = \"<\";\n    position = 0;\n    postag = Particle;\n}\n"
        #expect(label(description) == "plaintext")
        let plist = "(\n    ap = {\n        d = 15;\n        l = 0;\n    };\n    si = (\n        {\n            a = \"-0.3427528387535028\";\n            i = 0;\n        },\n    );\n)\n"
        #expect(label(plist) == "plaintext")
        let strings = "/* No comment provided by engineer. */\n\"Username\"=\"nom d'utilisateur\";\n/* {User First Name}'s Profile */\n\"%@'s Profile\"=\"profil de %1$@\";\n"
        #expect(label(strings) == "plaintext")
        // Objective-C assignments send messages or call functions.
        #expect(!Shapes.isPropertyListText(["{", "self.view = [[UIView alloc] init];", "self.count = 0;", "}"]))
        let objc = "- (void)viewDidLoad {\n    [super viewDidLoad];\n    self.title = @\"Profile\";\n    self.view.backgroundColor = [UIColor whiteColor];\n}\n"
        #expect(label(objc, DetectionContext(postLanguages: ["objc"])) == "objective-c")
    }

    @Test func scriptsWithoutALexerStayPlain() {
        let dtrace = "syscall:::entry\n/ execname == \"App Store\" /\n{\n    self->ts = timestamp;\n}\n\nsyscall:::return\n/ execname == \"App Store\" && self->ts != 0 /\n{\n    @totals[probefunc] = sum(timestamp - self->ts);\n}\n"
        #expect(label(dtrace, DetectionContext(postLanguages: ["objc", "swift"])) == "plaintext")
        // CSS selectors with pseudo-elements have as many colons.
        #expect(!Shapes.isDTrace(["h5:target::before,", "dt:target::before {", "display: inline-block;", "}"]))
        let applescript = "on chockify(inputString)\n    set resultString to \"\"\n    repeat with inputStringCharacter in inputString\n        set asciiValue to (ASCII number inputStringCharacter)\n        if (asciiValue > 96 and asciiValue < 123) then\n            set resultString to resultString & (ASCII character (asciiValue - 32))\n        end if\n    end repeat\n    return resultString\nend chockify\n"
        #expect(label(applescript, DetectionContext(postLanguages: ["objc"])) == "plaintext")
        let just = "export DATABASE_URL := \"postgresql://localhost/myproject\"\n\n@test *options:\n  pipenv run pytest {{options}}\n\n@server:\n  echo \"Starting http://myapp.local:8000/\"\n"
        #expect(label(just) == "plaintext")
        // Go declares with `:=` and ends `case` lines with a colon.
        #expect(!Shapes.isJustfile(["switch x {", "case 1:", "y := 2", "}"]))
    }

    @Test func listingsProgressAndRowsStayPlain() {
        #expect(label("bin\ncowsay\ncowsay-5.0-py3.10.egg-info\n", DetectionContext(postLanguages: ["bash"])) == "plaintext")
        #expect(!Shapes.isListing(["end", "end"]))
        let run = "Starting API...\nWaiting for API to start listening...\n# ...\nStarting web...\nWaiting for web to start listening...\n# ...\nhome\n  welcomes visitor\nStopping API...\n# ...\nStopping web...\n\nFinished in 4.67 seconds\n1 example, 0 failures\n"
        #expect(label(run, DetectionContext(postLanguages: ["bash", "ruby"])) == "plaintext")
        #expect(label("foo|\t|b|2|1|1|x|1|0\nbaz|\n    a|c|doo|1|2|y|1|1\nbaz|\n    a|d|daa|1|2|z|1|2\n", DetectionContext(postLanguages: ["bash", "sql"])) == "plaintext")
        let tree = "+--- server.js                  // the host for development\n+--- package.json               // dependencies of the host\n+----functions                  // all skills\n     +--artsy                   // the artsy skill\n        +--index.js             // skill intent implementation\n"
        #expect(label(tree) == "plaintext")
        let tsc = "yarn type-check -w\nyarn run v1.3.2\n$ tsc -w\n\nsrc/index.tsx(5,7): error TS2451: Cannot redeclare block-scoped variable 'test'.\n\n5 const test = (foo: string) => foo\n        ~~~~\n"
        #expect(label(tsc) == "plaintext")
        let rustcDiff = "failures:\n\n---- [ui] tests/ui/layout/enum.rs stdout ----\ndiff of stderr:\n\n-\terror: align: AbiAndPrefAlign { abi: Align(2 bytes) }\n+\terror: align: AbiAndPrefAlign { abi: Align(2 bytes) }\n2\t  --> $DIR/enum.rs:9:1\n3\t   |\n4\tLL | enum UninhabitedVariantAlign {\n"
        #expect(label(rustcDiff, DetectionContext(postLanguages: ["bash", "powershell", "rust"])) == "plaintext")
        let logcat = "D/MainActivity( 1234): onCreate\nI/ActivityManager(  585): Start proc com.example.app for activity\nW/System.err( 1234): java.io.IOException: boom\n"
        #expect(label(logcat, DetectionContext(postLanguages: ["kotlin", "java"])) == "plaintext")
        let threadtime = "03-17 16:13:38.811  1702  2395 D WindowManager: printFreezingDisplayLogs\n03-17 16:13:38.812  1702  2395 I ActivityManager: Displayed com.example/.MainActivity\n"
        #expect(label(threadtime, DetectionContext(postLanguages: ["kotlin"])) == "plaintext")
        let gradle = "> Task :app:compileDebugKotlin\n> Task :app:compileDebugJavaWithJavac\n> Task :app:assembleDebug\n\nBUILD SUCCESSFUL in 12s\n27 actionable tasks: 27 executed\n"
        #expect(label(gradle, DetectionContext(postLanguages: ["kotlin", "groovy"])) == "plaintext")
        // A patch still is one.
        #expect(label(" plugins {\n-    id 'java'\n+    id 'java-library'\n }\n") == "diff")
    }

    @Test func graphQLAndINI() {
        #expect(label("query {\n  artworkOrError(id: \"mona-lisa\") {\n    ... on Artwork {\n      title\n    }\n  }\n}\n", DetectionContext(postLanguages: ["javascript", "json"])) == "graphql")
        #expect(label("type Artist {\n  artworksOrErrors: [ArtworkOrError]\n}\n\ntype Query {\n  artist(id: ID!): Artist\n}\n") == "graphql")
        #expect(label("viewer {\n  allPokemons {\n    edges {\n      node {\n        id\n        name\n      }\n    }\n  }\n}\n") == "graphql")
        // A Gradle block of calls names no arguments.
        #expect(!Shapes.isGraphQL(["dependencies {", "implementation(\"androidx.core:core-ktx:1.9.0\")", "testImplementation(\"junit:junit:4.13\")", "}"]))
        #expect(!Shapes.isGraphQL(["interface Props {", "order: OrderStatus_order", "}"]))
        #expect(label("[ v3_req ]\nbasicConstraints = CA:FALSE\nkeyUsage = nonRepudiation, digitalSignature\nsubjectAltName = @alt_names\n\n[alt_names]\nDNS.1 = example.com\n") == "ini")
        // TOML quotes its strings: left to the scorer, never INI.
        #expect(!Shapes.isINI(["[package]", "name = \"hello\"", "version = \"0.1.0\""]))
    }

    @Test func contextAndJSON() {
        // Ruby's hashes are no JSON.
        let ruby = "[\n  { \"gmail.com\" => 0.49 },\n  { \"hotmail.com\" => 0.06 },\n  { \"yahoo.com\" => 0.057 }\n]\n"
        #expect(label(ruby, DetectionContext(postLanguages: ["ruby"])) != "json")
        // A Cocoa-typed line in a post showing Objective-C and JavaScript is never JavaScript (it was, before):
        // Objective-C, or plain where the two stay close.
        let objc = "NSRange range = NSMakeRange(3, 4);\nNSUInteger max = NSMaxRange(range); // 7\n"
        #expect(label(objc, DetectionContext(postLanguages: ["objc", "javascript"], tags: ["Cocoa"])) != "javascript")
        #expect(Shapes.hasCocoaDeclaration(["UIView *view;"]))
        #expect(!Shapes.hasCocoaDeclaration(["let range = NSMakeRange(3, 4)"]))
    }
}

import Testing
@testable import Highlight

/// kramdown's `default_lang` as a hint (`UnlabeledPolicy.fallback`): unlabelled code is still detected, the
/// hint decides only between two close candidates (issue 33: on a real iOS/Android blog, using it for every
/// unsure block added 54 wrong labels and no right one), and output (logs, consoles, debuggers, stack traces)
/// and prose stay plain. The unlabelled blocks of a typical Jekyll engineering blog.
@Suite struct FallbackLanguageTests {
    /// (expected verdict, text); "plaintext" means it should stay plain.
    static let blocks: [(String, String)] = [
        ("swift", "let greeting = \"Hello\"\nprint(greeting)\n"),
        ("swift", "protocol Handler {\n    var next: Handler? { get set }\n    func handle(_ request: Request) -> Bool\n}\n"),
        ("swift", "guard let url = URL(string: path) else { return nil }\n"),
        ("swift", "struct Item: Codable, Identifiable {\n    let id: UUID\n    var title: String\n}\n"),
        ("swift", "func load() async throws -> [Item] {\n    let (data, _) = try await session.data(from: url)\n    return try JSONDecoder().decode([Item].self, from: data)\n}\n"),
        ("swift", "view.frame = CGRect(x: 0, y: 0, width: 320, height: 44)\n"),
        ("kotlin", "class Repo(private val api: Api) {\n    fun items(): Flow<List<Item>> = flow {\n        emit(api.fetch())\n    }.flowOn(Dispatchers.IO)\n}\n"),
        ("kotlin", "data class Item(val id: Long, val title: String)\n\nfun main() {\n    val items = listOf(Item(1, \"a\"))\n    println(items.map { it.title })\n}\n"),
        ("objective-c", "- (void)viewDidLoad {\n    [super viewDidLoad];\n    NSString *name = @\"Ana\";\n    [self.label setText:name];\n}\n"),
        ("objective-c", "@interface Store : NSObject\n@property (nonatomic, strong) NSArray<Item *> *items;\n- (instancetype)initWithAPI:(API *)api;\n@end\n"),
        ("json", "{\n  \"name\": \"galley\",\n  \"version\": \"0.1.0\",\n  \"tags\": [\"swift\", \"ssg\"]\n}\n"),
        ("plaintext", "(lldb) po self.view.frame\n(origin = (x = 0, y = 0), size = (width = 375, height = 667))\n"),
        ("plaintext", "Thread 1: Fatal error: Unexpectedly found nil while unwrapping an Optional value\n0   libswiftCore.dylib  0x00000001a2b3c4d5 $ss17_assertionFailure\n1   MyApp               0x0000000100a1b2c3 ViewController.viewDidLoad() + 120\n"),
        ("plaintext", "2026-01-02 10:00:01 INFO Server started on port 8080\n2026-01-02 10:00:02 WARN Cache miss for key user:42\n2026-01-02 10:00:03 ERROR Timeout after 30s\n"),
        ("plaintext", "The build got twice as fast once the lexer wrote tokens through a pointer.\nNothing else changed in that commit, which made the result easy to trust.\n"),
        ("plaintext", "+---------+--------+\n| tool    | time   |\n+---------+--------+\n| galley  | 0.8 s  |\n+---------+--------+\n"),
    ]

    /// (right, wrong, plain) counts: right = the expected language (or plain where plain is expected).
    static func verdicts(_ policy: UnlabeledPolicy) -> (right: Int, wrong: [String], plain: Int) {
        var right = 0, plain = 0
        var wrong: [String] = []
        for (expected, text) in blocks {
            let got = Highlighter().highlight(text, language: nil, options: HighlightOptions(unlabeled: policy)).language
            if got == expected { right += 1 } else if got == "plaintext" { plain += 1 } else { wrong.append("\(expected)→\(got)") }
        }
        return (right, wrong, plain)
    }

    @Test func theHintNeverAddsAWrongLabel() {
        let detected = Self.verdicts(.auto)
        let hinted = Self.verdicts(.fallback("swift"))
        #expect(detected.wrong.isEmpty && hinted.wrong.isEmpty, "\(detected.wrong) \(hinted.wrong)")
        #expect(hinted.right >= detected.right)
        // A blanket label (the old reading of default_lang) colours logs and debugger output as Swift.
        let blanket = Self.verdicts(.language("swift"))
        #expect(blanket.wrong.count >= 5)
    }

    @Test func outputAndProseAreNotCode() {
        for (expected, text) in Self.blocks where expected == "plaintext" {
            #expect(!Detector.looksLikeCode(text), "\(text)")
        }
        #expect(Detector.looksLikeCode("let x = 1\nprint(x)\n"))
    }
}

import TextBytes
/// What a post says about its unlabelled fences: the languages the author did label (in this post and across
/// the site), the post's title, tags and categories, and the prose right before the fence. A few lines of code
/// share most of their words across languages; the post around them rarely does ("in Objective-C", a post
/// tagged `android` whose other fences are Kotlin). Plain values only, so the Site module fills it in and this
/// module never sees the site model.
public struct DetectionContext: Sendable, Hashable {
    /// Labels of the post's other fences, as written (`objc`, `kt`, `shell`).
    public var postLanguages: [String]
    /// Labelled fences per label across the site.
    public var siteLanguages: [String: Int]
    public var title: String
    /// Tags and categories.
    public var tags: [String]
    /// The paragraph before the fence (a few hundred characters are enough).
    public var prose: String
    /// The site's `fallback_language` (kramdown's `default_lang`): a prior between close candidates only.
    public var fallback: String?

    public init(postLanguages: [String] = [], siteLanguages: [String: Int] = [:], title: String = "", tags: [String] = [],
                prose: String = "", fallback: String? = nil) {
        self.postLanguages = postLanguages
        self.siteLanguages = siteLanguages
        self.title = title
        self.tags = tags
        self.prose = prose
        self.fallback = fallback
    }

    public static let empty = DetectionContext()

    /// What detection reads from a site's language mix, as a number: equal for two mixes that detect alike
    /// (the label families present, whether there are 20 labels, the labels with a large share). A site
    /// re-renders its unlabelled code when this changes, not whenever a label is added.
    public static func siteSignature(_ siteLanguages: [String: Int]) -> Int {
        let priors = ContextPriors(DetectionContext(siteLanguages: siteLanguages))
        var h = Hasher()
        h.combine(priors.site.sorted())
        h.combine(priors.siteTotal >= 20)
        h.combine(priors.siteTotal >= 5)
        for (l, w) in priors.ranked { h.combine(l); h.combine(w) }
        return h.finalize()
    }
}

/// Languages the context speaks for, with how strongly: 3 the post's own labels and a name in the prose right
/// before the fence, 2 the title and the tags, 1 a language that makes a large share of the site's labels.
struct ContextPriors {
    private(set) var weights: [String: Double] = [:]
    /// Families (`Fusion.family`) the site labels at all, and how many labelled fences it has.
    private(set) var site: Set<String> = []
    private(set) var siteTotal = 0

    var isEmpty: Bool { weights.isEmpty }

    func weight(_ language: String) -> Double { weights[language] ?? 0 }

    /// The strongest candidates first: sorted once at the end of `init` (`Fusion.choose` reads it up to five times).
    private(set) var ranked: [(String, Double)] = []

    private mutating func add(_ language: String?, _ w: Double) {
        guard let l = language, l != "plaintext", l != "diff", l != "markdown" else { return }
        weights[l] = max(weights[l] ?? 0, w)
    }

    init(_ c: DetectionContext) {
        for l in c.postLanguages { add(ContextPriors.canonical(l), 3) }
        // A console label elsewhere in the post says commands are around: bash for the unprompted ones.
        if weights["console"] != nil { weights["console"] = nil; add("bash", 1) }
        let mix = SiteMix.memo(c.siteLanguages)
        siteTotal = mix.total
        site = mix.families
        for l in mix.large { add(l, 1) }
        for w in ContextPriors.words(c.title) + c.tags.flatMap(ContextPriors.words) {
            for l in ContextPriors.topics[w] ?? [] { add(l, 2) }
        }
        // The prose right before: its last sentence or two.
        let tail = ContextPriors.suffix(c.prose, 240)
        for w in ContextPriors.words(tail) {
            for l in ContextPriors.names[w] ?? [] { add(l, 3) }
        }
        if ContextPriors.mentionsCommand(tail) { add("bash", 2) }
        if weights["console"] != nil { weights["console"] = nil }
        ranked = weights.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    }

    /// A fence label as the registry names it (`objc` → `objective-c`, `sh` → `bash`), nil when unknown.
    static func canonical(_ label: String) -> String? {
        let l = label.lowercased()
        if l == "console" || l == "terminal" || l == "shell-session" { return "console" }
        return Languages.find(l)?.info.name
    }

    /// Lower-cased words; `objective-c`, `c++`, `c#` and file names like `build.gradle` stay one word.
    static func words(_ text: String) -> [String] {
        asciiWords(text) ?? characterWords(text)
    }

    /// `words` on Characters: any text (the byte path `asciiWords` stands in for it on ASCII).
    static func characterWords(_ text: String) -> [String] {
        var out: [String] = []
        var cur = ""
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber || ch == "-" || ch == "+" || ch == "#" || ch == "." || ch == "_" { cur.append(ch) } else {
                if !cur.isEmpty { out.append(cur) }
                cur = ""
            }
        }
        if !cur.isEmpty { out.append(cur) }
        return out.map { w in
            var w = Substring(w)
            while let l = w.last, l == "." || l == "-" { w = w.dropLast() }
            return String(w)
        }
    }

    /// `words` of ASCII text on bytes (nil for any other text): there every Character is one byte (CR LF aside, and
    /// both of those split words as the pair does), a letter is `A`–`Z` or `a`–`z` and lower-cases to ASCII. It runs
    /// on the prose, title and tags of every unlabelled fence; the Character walk was a tenth of detection's context.
    static func asciiWords(_ text: String) -> [String]? {
        var out: [String] = []
        var ascii = true
        let scanned: Void? = text.utf8.withContiguousStorageIfAvailable { u in
            var i = 0
            let n = u.count
            while i < n {
                let c = u[i]
                if c >= 0x80 { ascii = false; return }
                guard isWordByte(c) else { i += 1; continue }
                var j = i + 1
                while j < n, isWordByte(u[j]) { j += 1 }
                // Trailing `.` and `-` dropped, as `words` does; the rest lower-cased.
                var e = j
                while e > i, u[e - 1] == 46 || u[e - 1] == 45 { e -= 1 }
                out.append(String(unsafeUninitializedCapacity: e - i) { w in
                    for k in i..<e { w[k - i] = u[k] &- 65 < 26 ? u[k] | 0x20 : u[k] }
                    return e - i
                })
                i = j
            }
        }
        return ascii && scanned != nil ? out : nil
    }

    /// `String(text.suffix(n))`: on bytes when the last n bytes and the one before them are ASCII other than CR
    /// (each is then a Character of its own, with a Character boundary before the first). The Character walk back
    /// over the prose ran for every unlabelled fence.
    static func suffix(_ text: String, _ n: Int) -> String {
        if text.utf8.count <= n { return text }
        let plain: String?? = text.utf8.withContiguousStorageIfAvailable { b in
            let from = b.count - n
            for c in b[(from - 1)...] where c >= 0x80 || c == 13 { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: b[from...]), as: UTF8.self)
        }
        if let plain, let plain { return plain }
        return String(text.suffix(n))
    }

    /// What `words` keeps in a word: ASCII letters and digits, `-`, `+`, `#`, `.` and `_`.
    @inline(__always) private static func isWordByte(_ c: UInt8) -> Bool {
        (c | 0x20) &- 97 < 26 || c &- 48 < 10 || c == 45 || c == 43 || c == 35 || c == 46 || c == 95
    }

    /// Names in prose: a language, or a file that is written in one.
    static let names: [String: [String]] = [
        "swift": ["swift"], "objective-c": ["objective-c"], "objc": ["objective-c"], "obj-c": ["objective-c"],
        "kotlin": ["kotlin"], "java": ["java"], "python": ["python"], "golang": ["go"], "rust": ["rust"], "ruby": ["ruby"],
        "javascript": ["javascript"], "typescript": ["typescript"], "c#": ["csharp"], "c++": ["cpp"], "php": ["php"],
        "scala": ["scala"], "groovy": ["groovy"], "gradle": ["groovy"], "build.gradle": ["groovy"], "dart": ["dart"],
        "sql": ["sql"], "yaml": ["yaml"], "json": ["json"], "xml": ["xml"], "html": ["html"], "css": ["css"], "bash": ["bash"],
        "zsh": ["bash"], "powershell": ["powershell"], "dockerfile": ["dockerfile"], "makefile": ["makefile"], "toml": ["toml"],
        "cargo.toml": ["toml"], "package.json": ["json"], "podfile": ["ruby"], "gemfile": ["ruby"], "androidmanifest.xml": ["xml"],
        ".travis.yml": ["yaml"], "docker-compose.yml": ["yaml"], "graphql": ["graphql"], "protobuf": ["protobuf"],
    ]

    /// Tags and title words: topics that name a language, or a platform with its usual languages.
    static let topics: [String: [String]] = {
        var t = names
        for k in ["json", "xml", "html", "css", "sql", "yaml", "toml"] { t[k] = nil }   // a topic, not this fence's format
        t["ios"] = ["swift", "objective-c"]; t["macos"] = ["swift", "objective-c"]; t["cocoa"] = ["objective-c", "swift"]
        t["swiftui"] = ["swift"]; t["uikit"] = ["swift", "objective-c"]; t["android"] = ["kotlin", "java"]
        t["go"] = ["go"]; t["django"] = ["python"]; t["rails"] = ["ruby"]; t["react"] = ["javascript"]; t["node"] = ["javascript"]
        t["kubernetes"] = ["yaml"]; t["docker"] = ["dockerfile", "bash"]; t["cargo"] = ["rust"]; t["rustc"] = ["rust"]
        return t
    }()

    static let commandPhrases: [StaticString] = ["terminal", "command line", "command:", "by running", "you can run", "then run", "run this",
                                                  "install it with", "the command", "commands:", "in a shell", "from the shell"]

    /// "run the following command", "in the terminal", "install it with": a command follows.
    static func mentionsCommand(_ prose: String) -> Bool {
        let l = prose.lowercased()
        // Foundation's `contains` (a `range(of:)` per phrase) only where the phrase's bytes occur: an ASCII phrase
        // can only match where its bytes are. The twelve searches of every fence's prose were most of this test.
        return commandPhrases.contains { containsBytes(l, $0) && l.contains($0.description) }
    }
}

/// A language the highlighter knows: its canonical name (used in `language-X` classes),
/// fence aliases and file extensions.
public struct LanguageInfo: Sendable, Hashable {
    public let name: String
    public let aliases: [String]
    public let extensions: [String]
}

/// The registry: canonical names, aliases and extensions to lexers.
enum Languages {
    struct Entry: Sendable {
        let info: LanguageInfo
        let lexer: any Lexer
    }

    static let all: [Entry] = [
        e("swift", [], ["swift"], CLikeLexer(cfg: AppleLangs.swift)),
        e("kotlin", ["kt", "kts"], ["kt", "kts"], CLikeLexer(cfg: AppleLangs.kotlin)),
        e("java", [], ["java"], CLikeLexer(cfg: AppleLangs.java)),
        e("typescript", ["ts", "mts", "cts"], ["ts", "mts", "cts"], CLikeLexer(cfg: WebLangs.typescript)),
        e("tsx", [], ["tsx"], CLikeLexer(cfg: WebLangs.tsx)),
        e("javascript", ["js", "mjs", "cjs", "node"], ["js", "mjs", "cjs"], CLikeLexer(cfg: WebLangs.javascript)),
        e("jsx", [], ["jsx"], CLikeLexer(cfg: WebLangs.jsx)),
        e("python", ["py", "python3", "py3", "gyp"], ["py", "pyi", "pyw"], CLikeLexer(cfg: SystemLangs.python)),
        e("go", ["golang"], ["go"], CLikeLexer(cfg: SystemLangs.go)),
        e("rust", ["rs"], ["rs"], CLikeLexer(cfg: SystemLangs.rust)),
        e("bash", ["sh", "shell", "zsh", "ksh"], ["sh", "bash", "zsh", "ksh"], ShellLexer()),
        e("console", ["shell-session", "sh-session", "terminal", "shellsession"], ["console"], ConsoleLexer()),
        e("json", ["jsonc", "json5", "geojson", "webmanifest"], ["json", "jsonc"], JSONLexer()),
        e("yaml", ["yml"], ["yaml", "yml"], YAMLLexer()),
        e("c", ["h"], ["c", "h"], CLikeLexer(cfg: CLangs.c)),
        e("cpp", ["c++", "cc", "cxx", "hpp", "hh", "hxx"], ["cpp", "cc", "cxx", "hpp", "hh", "hxx"], CLikeLexer(cfg: CLangs.cpp)),
        e("objective-c", ["objc", "objectivec", "obj-c", "objective-c++", "objc++", "mm"], ["m", "mm"], CLikeLexer(cfg: CLangs.objc)),
        e("csharp", ["c#", "cs"], ["cs"], CLikeLexer(cfg: CLangs.csharp)),
        e("ruby", ["rb", "gemspec", "podspec", "rake"], ["rb", "rake", "gemspec"], CLikeLexer(cfg: MiscLangs.ruby)),
        e("dart", [], ["dart"], CLikeLexer(cfg: CLangs.dart)),
        e("groovy", ["gradle"], ["groovy", "gradle"], CLikeLexer(cfg: CLangs.groovy)),
        e("scala", ["sc"], ["scala", "sc"], CLikeLexer(cfg: CLangs.scala)),
        e("php", [], ["php"], CLikeLexer(cfg: CLangs.php)),
        e("powershell", ["ps1", "pwsh", "ps", "posh", "psm1"], ["ps1", "psm1"], PowerShellLexer()),
        e("toml", [], ["toml"], INILexer(toml: true)),
        e("ini", ["cfg", "conf", "properties", "editorconfig", "gitconfig", "dosini"], ["ini", "cfg", "conf", "properties"], INILexer(toml: false)),
        e("xml", ["svg", "plist", "xsl", "xslt", "rss", "atom", "xaml"], ["xml", "svg", "plist", "xsl"], MarkupLexer(html: false)),
        e("html", ["xhtml", "htm", "vue", "erb", "liquid"], ["html", "htm", "xhtml"], MarkupLexer(html: true)),
        e("css", [], ["css"], CSSLexer(scss: false)),
        e("scss", ["sass", "less"], ["scss", "sass", "less"], CSSLexer(scss: true)),
        e("sql", ["mysql", "postgresql", "postgres", "sqlite", "plsql", "psql"], ["sql"], SQLLexer()),
        e("diff", ["patch", "udiff"], ["diff", "patch"], DiffLexer(inner: nil)),
        e("dockerfile", ["docker", "containerfile"], ["dockerfile"], DockerfileLexer()),
        e("makefile", ["make", "mk", "mak", "bsdmake", "gnumake"], ["mk", "mak"], MakefileLexer()),
        e("markdown", ["md", "mkd", "mdown"], ["md", "markdown"], MarkdownLexer()),
        e("graphql", ["gql"], ["graphql", "gql"], GraphQLLexer()),
        e("protobuf", ["proto", "proto3"], ["proto"], CLikeLexer(cfg: MiscLangs.protobuf)),
        e("plaintext", ["text", "txt", "plain", "none", "nohighlight", "output", "log"], ["txt", "text", "log"], PlainLexer()),
    ]

    private static func e(_ name: String, _ aliases: [String], _ ext: [String], _ lexer: any Lexer) -> Entry {
        Entry(info: LanguageInfo(name: name, aliases: aliases, extensions: ext), lexer: lexer)
    }

    /// Lower-cased name or alias → entry index.
    static let index: [String: Int] = {
        var d: [String: Int] = [:]
        for (i, entry) in all.enumerated() {
            d[entry.info.name] = i
            for a in entry.info.aliases where d[a] == nil { d[a] = i }
        }
        return d
    }()

    static let byExtension: [String: Int] = {
        var d: [String: Int] = [:]
        for (i, entry) in all.enumerated() { for x in entry.info.extensions where d[x] == nil { d[x] = i } }
        return d
    }()

    /// The entry for a fence name such as `Swift`, `c++`, `diff-swift` (the diff part is handled by the caller).
    static func find(_ name: String) -> Entry? {
        // The usual fence name (`swift`, `c++`) is already its own key: skip trimming and lower-casing.
        if isOwnKey(name) { return index[name].map { all[$0] } }
        let key = name.trimmingCharacters(in: " \t{}.").lowercased()
        if let i = index[key] { return all[i] }
        return nil
    }

    /// ASCII without capitals, not starting or ending with a byte `find` trims: trimming and
    /// lower-casing would return the same String.
    private static func isOwnKey(_ name: String) -> Bool {
        var first: UInt8 = 0, last: UInt8 = 0
        for b in name.utf8 {
            if b >= 0x80 || (b >= 0x41 && b <= 0x5A) { return false }
            if first == 0 { first = b }
            last = b
        }
        @inline(__always) func trimmed(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x7B || b == 0x7D || b == 0x2E }
        return first != 0 && !trimmed(first) && !trimmed(last)
    }

    static func find(extension ext: String) -> Entry? {
        byExtension[ext.lowercased()].map { all[$0] }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s = s.dropFirst() }
        while let l = s.last, chars.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

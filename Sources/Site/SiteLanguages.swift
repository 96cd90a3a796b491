import Foundation

/// The languages a site can show: the built-in word sets, with the site's own `i18n/XX.yml` files over them
/// (adding a language or overriding words), and one `LanguagePack` per language and site title, made on
/// first use. A class with a lock: packs are asked for while documents load on all cores.
final class SiteLanguages: @unchecked Sendable {
    struct WordFile: Sendable {
        let path: String
        let words: [String: String]
    }

    /// The site's files by lowercased tag (`i18n/pt-BR.yml` → `pt-br`).
    let files: [String: WordFile]
    /// What reading the files found: unknown keys, values that are not text, missing words.
    let diagnostics: [SiteDiagnostic]
    /// Changes when any file's bytes do (`serve` reloads the settings then).
    let fingerprint: Int

    private let lock = NSLock()
    private var packs: [String: LanguagePack] = [:]

    init(files: [String: WordFile] = [:], diagnostics: [SiteDiagnostic] = [], fingerprint: Int = 0) {
        self.files = files
        self.diagnostics = diagnostics
        self.fingerprint = fingerprint
    }

    /// Whether `tag` has words of its own (built in, or from a file), rather than falling back to English.
    func isSupported(_ tag: String) -> Bool {
        let primary = LanguageTag.primary(tag)
        return Words.builtIn[primary] != nil || files[primary] != nil || files[tag.lowercased()] != nil
    }

    /// The pack of `tag`: English, then the built-in set of its primary language, then the site's file for
    /// that language, then the file for the whole tag (`pt.yml`, then `pt-BR.yml`).
    func pack(_ tag: String, siteTitle: String) -> LanguagePack {
        let key = tag + "\u{0}" + siteTitle
        lock.lock()
        defer { lock.unlock() }
        if let p = packs[key] { return p }
        let primary = LanguageTag.primary(tag)
        var words = Words.english
        if let b = Words.builtIn[primary] { words.merge(b) { $1 } }
        if let f = files[primary] { words.merge(f.words) { $1 } }
        if tag.lowercased() != primary, let f = files[tag.lowercased()] { words.merge(f.words) { $1 } }
        let p = LanguagePack(tag: tag, words: words, siteTitle: siteTitle)
        packs[key] = p
        return p
    }

    /// The names and bytes of the word files, to notice a change without parsing them.
    static func fileBytes(_ siteDirectory: URL) -> Data {
        let dir = siteDirectory.appendingPathComponent("i18n")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return Data() }
        var out = Data()
        for name in names.sorted() {
            out += Data(name.utf8)
            out += FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) ?? Data()
        }
        return out
    }

    /// Reads every `i18n/*.yml` of the site folder. A file's name is its language tag.
    static func load(siteDirectory: URL) -> SiteLanguages {
        let dir = siteDirectory.appendingPathComponent("i18n")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return SiteLanguages() }
        var files: [String: WordFile] = [:]
        var diagnostics: [SiteDiagnostic] = []
        var h = Hasher()
        for name in names.sorted() where !name.hasPrefix(".") {
            let rel = "i18n/" + name
            let stem = ContentLoader.deletingExtension(name)
            guard name.hasSuffix(".yml") || name.hasSuffix(".yaml") else {
                diagnostics.append(.warning(rel, line: 1, column: 1, "not a word file; i18n/ holds `XX.yml` files", hint: "name it after its language, e.g. i18n/es.yml"))
                continue
            }
            guard let tag = LanguageTag.canonical(stem) else {
                diagnostics.append(.warning(rel, line: 1, column: 1, "`\(stem)` is not a language tag; the file is not read", hint: LanguageTag.hint(for: stem)))
                continue
            }
            // Like content/ and templates/: nothing outside the site folder is read through a link.
            let (inside, target) = FileWalk.resolvesInside(dir.appendingPathComponent(name).path, site: FileWalk.realPath(siteDirectory), allowed: [])
            guard inside else {
                diagnostics.append(.error(rel, "\(rel) is a symbolic link to \(target.isEmpty ? "nothing" : target), outside the site folder: it is not read",
                                          hint: "copy the word file into i18n/")); continue
            }
            guard let data = FileManager.default.contents(atPath: dir.appendingPathComponent(name).path) else {
                diagnostics.append(.warning(rel, "cannot read file", hint: "check its permissions")); continue
            }
            h.combine(name)
            h.combine(data)
            let text: String
            switch SourceText.decode(data, file: rel) {
            case .success(let t): text = t
            case .failure(let d): diagnostics.append(d); continue
            }
            let doc: YAMLDocument
            switch YAMLDocument.parse(text, file: rel, lineOffset: 0) {
            case .success(let d): doc = d; diagnostics += d.warnings
            case .failure(let d): diagnostics.append(SiteDiagnostic(.warning, file: d.file, line: d.line, column: d.column, d.message, hint: d.hint)); continue
            }
            var words: [String: String] = [:]
            for entry in doc.values {
                guard Words.english[entry.key] != nil else {
                    let near = Suggest.nearest(entry.key, in: Words.keys)
                    diagnostics.append(.warning(rel, line: entry.line, column: 1, "unknown word `\(entry.key)` is ignored" + (near.map { "; did you mean `\($0)`?" } ?? ""),
                                                hint: "README.md, \"Languages\", lists the keys"))
                    continue
                }
                guard let value = entry.value.text else {
                    diagnostics.append(.warning(rel, line: entry.line, column: entry.column, "`\(entry.key)` must be text; the English word is used",
                                                hint: "quote it: `\(entry.key): \"…\"`"))
                    continue
                }
                words[entry.key] = value
            }
            files[tag.lowercased()] = WordFile(path: rel, words: words)
        }
        // A language Galley has no words for: each word the file leaves out is English, said once per word.
        for (key, file) in files.sorted(by: { $0.key < $1.key }) {
            let primary = LanguageTag.primary(key)
            guard Words.builtIn[primary] == nil else { continue }
            let inherited = key != primary ? files[primary]?.words ?? [:] : [:]
            for word in Words.keys where file.words[word] == nil && inherited[word] == nil {
                diagnostics.append(.warning(file.path, line: 1, column: 1, "no `\(word)` in \(file.path); pages in this language show the English “\(Words.english[word]!)”",
                                            hint: "add `\(word): \"…\"` to \(file.path)"))
            }
        }
        return SiteLanguages(files: files, diagnostics: diagnostics, fingerprint: h.finalize())
    }
}

extension SiteLanguages {
    /// One warning per language that pages ask for and Galley has no words for, at the first such page's
    /// `lang:` (by path, so the same page every build).
    static func warnUnsupported(_ docs: [SourceDocument], config: SiteConfig, sink: DiagnosticSink) {
        var seen = Set<String>()
        // Only documents with a `lang:` of their own can warn; sorting just those (not every document on
        // every save) keeps the first file by path as the one that reports.
        for doc in docs.filter({ $0.langPosition != nil }).sorted(by: { $0.sourcePath < $1.sourcePath }) {
            guard let at = doc.langPosition, doc.lang != config.language, !seen.contains(doc.lang) else { continue }
            seen.insert(doc.lang)
            if !config.languages.isSupported(doc.lang) {
                sink.add(LanguageTag.unsupported(doc.lang, file: doc.sourcePath, line: at.line, column: at.column))
            }
        }
    }
}

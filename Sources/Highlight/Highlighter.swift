/// Options for one highlighted block.
public struct HighlightOptions: Sendable, Hashable {
    /// Inline `style` attributes instead of classes (for feed readers that drop stylesheets).
    public var inlineStyles: Bool
    /// Show line numbers (not copied with the code).
    public var lineNumbers: Bool
    /// 1-based lines to mark.
    public var highlightedLines: Set<Int>
    /// A file title shown above the code (`title="Store.swift"`).
    public var title: String?
    /// What to do with a block that has no language.
    public var unlabeled: UnlabeledPolicy
    /// What the post says around an unlabelled block, for detection (nil: the code alone).
    public var context: DetectionContext?
    /// `data-lang` naming the lexer on the wrapper (Galley's stylesheet shows it); off for Jekyll's markup.
    public var languageAttribute = true

    public init(inlineStyles: Bool = false, lineNumbers: Bool = false, highlightedLines: Set<Int> = [], title: String? = nil, unlabeled: UnlabeledPolicy = .auto,
                context: DetectionContext? = nil) {
        self.inlineStyles = inlineStyles
        self.lineNumbers = lineNumbers
        self.highlightedLines = highlightedLines
        self.title = title
        self.unlabeled = unlabeled
        self.context = context
    }
}

/// `highlight.unlabeled` site setting.
public enum UnlabeledPolicy: Sendable, Hashable {
    case auto
    case plaintext
    case language(String)
    /// Detect, with this language (kramdown's `default_lang`) as a prior between close candidates: it decides
    /// only when the code is about as likely this language as the one other it could be. It never labels a
    /// block detection is unsure of (an author's lazy default is not evidence); unsure stays plain.
    case fallback(String)
}

/// A language guess for unlabeled code.
public struct Detection: Sendable, Hashable {
    public var language: String
    public var confidence: Double
    public init(language: String, confidence: Double) {
        self.language = language
        self.confidence = confidence
    }
}

/// The result of highlighting a block.
public struct HighlightedBlock: Sendable, Hashable {
    /// Full HTML of the block, wrapper included.
    public var html: String
    /// Canonical name of the language used (`plaintext` when none).
    public var language: String
    /// False when the requested language is unknown (the caller warns).
    public var languageKnown: Bool
    public init(html: String, language: String, languageKnown: Bool) {
        self.html = html
        self.language = language
        self.languageKnown = languageKnown
    }
}

/// A pure-Swift syntax highlighter emitting Pygments/Rouge class names.
/// Lexers scan UTF-8 bytes; the HTML is built as bytes and converted once.
public struct Highlighter: Sendable {
    public init() {}

    /// Every language with its aliases and file extensions.
    public static var languages: [LanguageInfo] { Languages.all.map(\.info) }

    /// The language for a fence name or alias (`kt`, `c++`, `yml`), nil when unknown.
    public static func language(named name: String) -> LanguageInfo? { Languages.find(name)?.info }

    /// The language for a file extension (`swift`, `kts`), nil when unknown.
    public static func language(forExtension ext: String) -> LanguageInfo? { Languages.find(extension: ext)?.info }

    /// Resolves a fence name to a lexer; `diff-<lang>` highlights the code inside a diff.
    static func resolve(_ name: String) -> (name: String, lexer: any Lexer)? {
        let lower = name.lowercased()
        if lower.hasPrefix("diff-"), let inner = Languages.find(String(lower.dropFirst(5))) {
            return ("diff-" + inner.info.name, DiffLexer(inner: inner.lexer))
        }
        guard let e = Languages.find(name) else { return nil }
        return (e.info.name, e.lexer)
    }

    /// Highlights `code` as a complete block in the Jekyll/Rouge wrapper.
    /// `language` nil means an unlabeled fence: `options.unlabeled` decides (detection by default).
    public func highlight(_ code: String, language: String?, options: HighlightOptions = HighlightOptions()) -> HighlightedBlock {
        var requested = language
        if requested == nil {
            switch options.unlabeled {
            case .auto: requested = Detector.detect(code, context: options.context ?? .empty)?.language
            case .plaintext: requested = nil
            case .language(let l): requested = l
            case .fallback(let l):
                var c = options.context ?? .empty
                c.fallback = l
                requested = Detector.detect(code, context: c)?.language
            }
        }
        var known = true
        let resolved: (name: String, lexer: any Lexer)
        if let r = requested, !r.isEmpty {
            if let found = Highlighter.resolve(r) { resolved = found } else { resolved = ("plaintext", PlainLexer()); known = false }
        } else {
            resolved = ("plaintext", PlainLexer())
        }
        let isDiff = resolved.name.hasPrefix("diff-")
        let lines: Emitter.Lines? = (options.lineNumbers || !options.highlightedLines.isEmpty || isDiff)
            ? Emitter.Lines(highlighted: options.highlightedLines) : nil
        let theme: Theme? = options.inlineStyles ? Highlighter.inlineTheme : nil

        // The class keeps the author's label (`shell`, `text`, `objc`), as kramdown and Rouge write it, so CSS
        // and scripts keyed to it still match; `data-lang` names the lexer that coloured it.
        let label = language.flatMap { Highlighter.classLabel($0) } ?? resolved.name
        // Bytes, as the emitter takes them: the wrapper is written for every fence.
        var head: [UInt8] = []
        head.reserveCapacity(160)
        head += "<div class=\"language-".utf8
        head += label.utf8
        head += " highlighter-rouge\"".utf8
        if resolved.name != "plaintext" && options.languageAttribute { head += " data-lang=\"".utf8; head += resolved.name.utf8; head += "\"".utf8 }
        head += ">".utf8
        if let title = options.title, !title.isEmpty {
            head += "<div class=\"code-title\">\(Highlighter.escape(title))</div>".utf8
        }
        head += "<div class=\"highlight\"><pre class=\"highlight".utf8
        if options.lineNumbers { head += " numbered".utf8 }
        head += "\"".utf8
        if let theme { head += " style=\"background-color:\(theme.background);color:\(theme.foreground)\"".utf8 }
        head += "><code>".utf8
        var text = code
        let html: String = text.withUTF8 { buf in
            let tokens = resolved.lexer.tokens(buf)
            let emitter = Emitter.shared(inline: theme != nil)
            guard var l = lines else {
                return emitter.renderString(buf, tokens, prefix: head, suffix: Highlighter.tail)
            }
            var out = head
            if isDiff { l.lineClass = Highlighter.diffLineClasses(buf) }
            emitter.render(buf, tokens, lines: l, into: &out)
            out.append(contentsOf: Highlighter.tail)
            return String(decoding: out, as: UTF8.self)
        }
        return HighlightedBlock(html: html, language: resolved.name, languageKnown: known)
    }

    static let tail: [UInt8] = Array("</code></pre></div></div>\n".utf8)

    /// An author's fence label as a class name: HTML-safe characters only (kramdown writes the word as given).
    /// On bytes: every byte of a non-ASCII scalar is 0x80 or more and dropped with it, and the ASCII scalars with the
    /// Alphabetic property are the letters `A`–`Z`, `a`–`z`. The scalar filter with its property lookup ran for
    /// every labelled fence (`characterClassLabel` keeps it, for the test that they agree).
    static func classLabel(_ raw: String) -> String? {
        let kept = raw.utf8.filter { c in (c | 0x20) &- 97 < 26 || isDigit(c) || c == 43 || c == 35 || c == 46 || c == 95 || c == 45 }
        return kept.isEmpty ? nil : String(decoding: kept, as: UTF8.self)
    }

    static func characterClassLabel(_ raw: String) -> String? {
        let kept = raw.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+#._-".unicodeScalars.contains($0)) }
        return kept.isEmpty ? nil : String(String.UnicodeScalarView(kept))
    }

    /// Just the highlighted code (no wrapper), or nil for an unknown language.
    public func highlightHTML(_ code: String, language: String, inlineStyles: Bool = false) -> String? {
        guard let r = Highlighter.resolve(language) else { return nil }
        var out: [UInt8] = []
        var text = code
        text.withUTF8 { buf in
            Emitter.shared(inline: inlineStyles).render(buf, r.lexer.tokens(buf), lines: nil, into: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Classified UTF-8 byte ranges (plain text omitted), or nil for an unknown language.
    public func highlightSpans(_ code: String, language: String) -> [Span]? {
        guard let r = Highlighter.resolve(language) else { return nil }
        var text = code
        return text.withUTF8 { buf in
            var spans: [Span] = []
            var start = 0
            for t in r.lexer.tokens(buf) {
                if t.cls != .text { spans.append(Span(range: start..<Int(t.end), cls: t.cls)) }
                start = Int(t.end)
            }
            return spans
        }
    }

    /// `+`/`-` line classes for `diff-<lang>` blocks, 1-based.
    static func diffLineClasses(_ b: UnsafeBufferPointer<UInt8>) -> [Int: String] {
        var d: [Int: String] = [:]
        var line = 1
        var atStart = true
        for c in b {
            if atStart {
                if c == 43 { d[line] = "gi" } else if c == 45 { d[line] = "gd" }
            }
            atStart = c == 10
            if c == 10 { line += 1 }
        }
        return d
    }

    /// A tiny progressive-enhancement script adding a copy button to every block
    /// (copies the code text only: line numbers are CSS counters and never part of it).
    /// The default theme ships the same text as `templates/assets/copy-code.js` (a test keeps them equal).
    public static let copyButtonScript = #"""
    // Galley: a "Copy" button on every highlighted code block. Progressive enhancement: without
    // JavaScript or the Clipboard API (plain-http pages) there is no button and nothing changes.
    // It copies the code's text only: line numbers are CSS counters, never part of the text.
    (function () {
      if (!navigator.clipboard || !document.querySelectorAll) return;
      document.querySelectorAll('div.highlighter-rouge').forEach(function (block) {
        var code = block.querySelector('pre code') || block.querySelector('pre');
        if (!code || block.querySelector('.copy-code')) return;
        var button = document.createElement('button');
        button.type = 'button';
        button.className = 'copy-code';
        button.textContent = 'Copy';
        button.setAttribute('aria-label', 'Copy code');
        var status = document.createElement('span');
        status.className = 'copy-code-status';
        status.setAttribute('role', 'status');
        var timer;
        function show(text, state) {
          button.textContent = text;
          button.setAttribute('data-state', state);
          status.textContent = state === 'idle' ? '' : text;
        }
        button.addEventListener('click', function () {
          navigator.clipboard.writeText(code.textContent.replace(/\n$/, '')).then(function () {
            show('Copied', 'done');
          }, function () {
            show('Press Ctrl+C', 'failed');
            var range = document.createRange();
            range.selectNodeContents(code);
            var selection = window.getSelection();
            selection.removeAllRanges();
            selection.addRange(range);
          });
          clearTimeout(timer);
          timer = setTimeout(function () { show('Copy', 'idle'); }, 2000);
        });
        block.classList.add('has-copy');
        block.appendChild(button);
        block.appendChild(status);
      });
    })();
    """#

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

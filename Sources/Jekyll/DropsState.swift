import Foundation
import Liquid
import TextBytes

/// What rendering has made of one page or document so far. Jekyll mutates `document.content` in place
/// (raw source, then converted HTML) and other templates read it through `site.posts[i].content`; here
/// each document's state is a small locked box its drop reads, so drops are built once and shared.
final class DocumentState: @unchecked Sendable {
    let doc: JekyllDocument
    /// Index in `RenderSite.states`.
    let index: Int
    private let lock = NSLock()
    private var _content: String
    private var _output: String?
    private var _excerpt: String?
    private var _excerptContent: String?

    init(doc: JekyllDocument, index: Int) {
        self.doc = doc
        self.index = index
        _content = doc.body
    }

    /// The raw body until the document is converted, then the converted HTML (no layout), as Jekyll's
    /// `document.content`.
    var content: String {
        get { lock.lock(); defer { lock.unlock() }; return _content }
        set { lock.lock(); _content = newValue; lock.unlock() }
    }

    /// The whole page with its layouts, once rendered.
    var output: String? {
        get { lock.lock(); defer { lock.unlock() }; return _output }
        set { lock.lock(); _output = newValue; lock.unlock() }
    }

    /// The rendered excerpt, computed on first use (Jekyll renders an excerpt when something reads it).
    /// Two threads may both render it; they get the same text, and the first stored wins.
    func excerpt(_ make: () -> String) -> String {
        lock.lock()
        if let e = _excerpt { lock.unlock(); return e }
        lock.unlock()
        let made = make()
        lock.lock(); defer { lock.unlock() }
        if _excerpt == nil { _excerpt = made }
        return _excerpt!
    }

    /// The excerpt's source (before Liquid and Markdown): the body up to the separator.
    var excerptSource: String {
        lock.lock()
        if let e = _excerptContent { lock.unlock(); return e }
        lock.unlock()
        let made = ExcerptSource.extract(doc.body, separator: doc.excerptSeparator)
        lock.lock(); defer { lock.unlock() }
        _excerptContent = made
        return made
    }

    /// The front matter `excerpt:` string, which Jekyll uses as is instead of extracting one.
    var frontMatterExcerpt: String? {
        if case .string(let s)? = doc.frontMatter["excerpt"] { return s }
        return nil
    }

    /// Jekyll generates excerpts for collection documents (not pages) when the separator is not empty.
    var hasExcerpt: Bool { doc.kind != .page && !doc.excerptSeparator.isEmpty }
}

/// Jekyll's excerpt extraction: the text before the separator (the whole body when there is none), with
/// block tags it leaves open closed, and the link reference definitions it uses from the rest appended.
enum ExcerptSource {
    static let blockTags: Set<String> = ["if", "unless", "for", "case", "capture", "comment", "raw", "tablerow",
                                         "highlight", "ifchanged"]

    static func extract(_ body: String, separator: String) -> String {
        guard !separator.isEmpty, let r = byteRange(of: separator, in: body) else { return body }
        var head = String(body[..<r.lowerBound])
        let tail = body[r.upperBound...]
        if tail.isEmpty { return head }
        if containsBytes(head, "{%") { head = closeBlocks(head) }
        var definitions: [String] = []
        let tailText = String(tail)
        for line in containsBytes(tailText, "]:") ? lineSlices(tailText) : [] {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count <= 3, trimmed.first == "[",
                  let close = trimmed.firstIndex(of: "]"), trimmed.index(after: close) < trimmed.endIndex,
                  trimmed[trimmed.index(after: close)] == ":" else { continue }
            let label = trimmed[...close]
            if head.contains(label) { definitions.append(String(trimmed)) }
        }
        if definitions.isEmpty { return head }
        return head + "\n\n" + definitions.joined(separator: "\n")
    }

    /// Appends `{% endX %}` for each block tag opened in `head` whose end tag is not in it (innermost last
    /// seen first), as Jekyll does when the separator falls inside a block.
    static func closeBlocks(_ head: String) -> String {
        var names: [String] = []
        var rest = head[...]
        while let open = rest.range(of: "{%") {
            var i = open.upperBound
            if i < rest.endIndex, rest[i] == "-" { i = rest.index(after: i) }
            while i < rest.endIndex, rest[i].isWhitespace { i = rest.index(after: i) }
            let name = rest[i...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { names.append(String(name)) }
            guard let close = rest[i...].range(of: "%}") else { break }
            rest = rest[close.upperBound...]
        }
        var out = head
        for name in names.reversed() where blockTags.contains(name) {
            if out.range(of: "end" + name) == nil { out += "\n{% end\(name) %}" }
        }
        return out
    }
}

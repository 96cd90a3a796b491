import ArgumentParser
import Foundation
import Highlight
import Markdown

/// `galley markdown [FILE]`: prints the HTML Galley makes of one Markdown file (stdin without a
/// file), front matter skipped, so authors can check a post and tests can diff output.
struct MarkdownCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markdown",
        abstract: "Print the HTML of a Markdown file (standard input when no file is given).")

    @Argument(help: "The Markdown file; front matter between --- lines is skipped.")
    var file: String?

    @Flag(name: .customLong("no-smart"), help: "Keep straight quotes, -- and ... as typed.")
    var noSmart = false

    @Flag(name: .customLong("no-raw-html"), help: "Replace raw HTML with a comment.")
    var noRawHTML = false

    @Flag(name: .customLong("hard-breaks"), help: "Render every line break as <br />.")
    var hardBreaks = false

    @Flag(name: .customLong("anchors"), help: "Add an anchor link to each heading.")
    var anchors = false

    @Flag(name: .customLong("no-highlight"), help: "Escape code blocks instead of highlighting them.")
    var noHighlight = false

    @Flag(name: .customLong("excerpt"), help: "Print only the excerpt HTML.")
    var excerpt = false

    func run() async throws {
        let data: Data
        if let file {
            guard let d = FileManager.default.contents(atPath: file) else {
                throw ValidationError("cannot read \(file)")
            }
            data = d
        } else {
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        // Invalid UTF-8 is replaced with U+FFFD (and reported) rather than rejected.
        let text: String
        if let valid = String(validating: data, as: UTF8.self) {
            text = valid
        } else {
            text = String(decoding: data, as: UTF8.self)
            FileHandle.standardError.write(Data("galley: warning: \(file ?? "stdin") is not valid UTF-8; bad bytes replaced with U+FFFD\n".utf8))
        }
        let (body, offset) = MarkdownCommand.stripFrontMatter(text)
        let options = MarkdownOptions(smartPunctuation: !noSmart, allowRawHTML: !noRawHTML, hardBreaks: hardBreaks, headingAnchors: anchors)
        let hook: CodeBlockRenderer? = noHighlight ? nil : MarkdownCommand.highlightedCodeBlock
        let doc = MarkdownRenderer(options: options, codeBlockRenderer: hook).render(body)
        for d in doc.diagnostics {
            FileHandle.standardError.write(Data("\(file ?? "stdin"):\(d.line + offset):\(d.column): \(d.severity.rawValue): \(d.message)\n".utf8))
        }
        // Written straight from the String's UTF-8 (no Data copy of a large page).
        var html = excerpt ? doc.excerptHTML : doc.html
        html.withUTF8 { buf in
            guard var p = buf.baseAddress else { return }
            var left = buf.count
            while left > 0 {
                let n = write(1, p, left)
                if n <= 0 { break }
                p += n
                left -= n
            }
        }
    }

    /// Code blocks through Galley's highlighter, with the fence's `{lines}`, `title=` and `linenos`.
    static let highlightedCodeBlock: CodeBlockRenderer = { (block: CodeBlock) -> String in
        let h = HighlightOptions(lineNumbers: block.attributes["linenos"] != nil, highlightedLines: block.highlightedLines,
                                 title: block.attributes["title"])
        return MarkdownRenderer.addingAttributes(block.htmlAttributes, toWrapper: Highlighter().highlight(block.code, language: block.language, options: h).html)
    }

    /// Drops a leading `---` … `---` (or `...`) block; returns the body and how many lines were dropped.
    static func stripFrontMatter(_ text: String) -> (String, Int) {
        guard text.hasPrefix("---\n") || text.hasPrefix("---\r\n") else { return (text, 0) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 1..<lines.count {
            let l = lines[i].hasSuffix("\r") ? lines[i].dropLast() : lines[i]
            if l == "---" || l == "..." {
                lines.removeFirst(i + 1)
                return (lines.joined(separator: "\n"), i + 1)
            }
        }
        return (text, 0)
    }
}

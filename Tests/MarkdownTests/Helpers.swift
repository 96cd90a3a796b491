import Testing
@testable import Markdown

/// Renders, and checks what every test rendering must hold: no internal placeholder left in the output.
func render(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> MarkdownDocument {
    let doc = MarkdownRenderer(options: options).render(markdown)
    #expect(!doc.html.contains("galley-html") && !doc.excerptHTML.contains("galley-html"), "placeholder left in \(markdown.debugDescription)")
    return doc
}

func html(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> String {
    render(markdown, options).html
}

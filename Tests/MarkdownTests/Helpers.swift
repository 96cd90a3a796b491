@testable import Markdown

func render(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> MarkdownDocument {
    MarkdownRenderer(options: options).render(markdown)
}

func html(_ markdown: String, _ options: MarkdownOptions = MarkdownOptions()) -> String {
    render(markdown, options).html
}

import Foundation
import Testing
@testable import Markdown

/// Image sizes from the hook, lazy loading after the first image, figures and alt text warnings.
@Suite struct ImageTests {
    /// Records the URLs asked about; `x.png` is 640×480, `bad.png` cannot be read, anything else is unknown.
    final class Files: @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [String] = []
        var urls: [String] { lock.lock(); defer { lock.unlock() }; return asked }
        func hook(_ url: String) -> ImageFile {
            lock.lock(); asked.append(url); lock.unlock()
            switch url {
            case "x.png", "/x.png": return .size(width: 640, height: 480)
            case "bad.png": return .unreadable("not a PNG, JPEG, GIF, WebP or SVG file")
            default: return .unknown
            }
        }
    }

    static func site(figures: Bool = false) -> MarkdownOptions {
        var o = MarkdownOptions()
        o.lazyImages = true
        o.altTextWarnings = true
        o.figures = figures
        return o
    }

    static func render(_ text: String, _ options: MarkdownOptions = site(), files: Files = Files()) -> MarkdownDocument {
        var r = MarkdownRenderer(options: options)
        r.imageFile = { files.hook($0) }
        return r.render(text)
    }

    @Test func sizesFromTheFileAndLazyLoadingAfterTheFirst() {
        let doc = Self.render("![One](x.png)\n\nText ![Two](x.png) and ![Three](https://example.org/y.png)\n")
        #expect(doc.html == """
        <p><img src="x.png" alt="One" width="640" height="480" /></p>
        <p>Text <img src="x.png" alt="Two" width="640" height="480" loading="lazy" decoding="async" /> and \
        <img src="https://example.org/y.png" alt="Three" loading="lazy" decoding="async" /></p>

        """)
        #expect(doc.diagnostics.isEmpty)
    }

    /// One side written: the other follows the file's ratio. Both written: the file is not even asked about.
    @Test func sizesTheAuthorWroteWin() {
        let files = Files()
        let doc = Self.render("""
        ![a](x.png){: width="320"} ![b](x.png){: height="240"} ![c](x.png){: width="50%"}
        ![d](bad.png){: width="10" height="20" loading="eager"}
        """, files: files)
        #expect(doc.html == """
        <p><img src="x.png" alt="a" width="320" height="240" /> <img src="x.png" alt="b" height="240" width="320" loading="lazy" decoding="async" /> \
        <img src="x.png" alt="c" width="50%" loading="lazy" decoding="async" />
        <img src="bad.png" alt="d" width="10" height="20" loading="eager" decoding="async" /></p>

        """)
        #expect(files.urls == ["x.png", "x.png", "x.png"])
        #expect(doc.diagnostics.isEmpty)
    }

    @Test func unreadableFilesAndMissingAltTextAreWarnedWhereWritten() {
        let doc = Self.render("""
        # Title

        Some words, then ![](x.png) and
        a picture ![Chart](bad.png) and ![](y.png){: role="presentation"}.

        - item ![Split
          alt](bad.png)
        """)
        #expect(doc.diagnostics.map { "\($0.line):\($0.column): \($0.message)" } == [
            "3:18: image `x.png` has no alt text; screen readers say only that there is an image",
            "4:11: cannot read the size of image `bad.png`: not a PNG, JPEG, GIF, WebP or SVG file; it is shown without width and height",
            "6:8: cannot read the size of image `bad.png`: not a PNG, JPEG, GIF, WebP or SVG file; it is shown without width and height",
        ])
        #expect(doc.diagnostics.allSatisfy { $0.hint != nil })
    }

    @Test func figuresFromATitledImageAloneInItsParagraph() {
        let text = """
        ![A flame graph](x.png "Where the time goes")

        ![Wide](x.png "Caption & more"){: .wide}

        Not alone: ![In text](x.png "A title").

        ![No title](x.png)
        """
        #expect(Self.render(text, Self.site(figures: true)).html == """
        <figure><img src="x.png" alt="A flame graph" width="640" height="480" /><figcaption>Where the time goes</figcaption></figure>
        <figure><img src="x.png" alt="Wide" class="wide" width="640" height="480" loading="lazy" decoding="async" /><figcaption>Caption &amp; more</figcaption></figure>
        <p>Not alone: <img src="x.png" alt="In text" title="A title" width="640" height="480" loading="lazy" decoding="async" />.</p>
        <p><img src="x.png" alt="No title" width="640" height="480" loading="lazy" decoding="async" /></p>

        """)
        // Off, the title stays a title.
        #expect(Self.render("![A](x.png \"T\")", Self.site()).html == "<p><img src=\"x.png\" alt=\"A\" title=\"T\" width=\"640\" height=\"480\" /></p>\n")
    }

    @Test func rawHTMLImagesGetTheSameTreatment() {
        let doc = Self.render("""
        <img src="x.png" alt="first">

        <figure>
        <IMG alt="second" src='/x.png' width=100/>
        <img src="x.png" alt="third" loading="eager" height="48">
        <img src="bad.png" alt="fourth">
        </figure>
        """)
        #expect(doc.html == """
        <img src="x.png" alt="first" width="640" height="480">
        <figure>
        <IMG alt="second" src='/x.png' width=100 height="75" loading="lazy" decoding="async"/>
        <img src="x.png" alt="third" loading="eager" height="48" width="64" decoding="async">
        <img src="bad.png" alt="fourth" loading="lazy" decoding="async">
        </figure>

        """)
        #expect(doc.diagnostics.map { "\($0.line):\($0.column)" } == ["6:1"])
    }

    /// Without the site's options the renderer stays byte-identical to cmark (no hints, no warnings).
    @Test func plainRendererIsUnchanged() {
        let doc = MarkdownRenderer().render("![](x.png)\n\n![b](x.png \"T\")\n")
        #expect(doc.html == "<p><img src=\"x.png\" alt=\"\" /></p>\n<p><img src=\"x.png\" alt=\"b\" title=\"T\" /></p>\n")
        #expect(doc.diagnostics.isEmpty)
    }
}

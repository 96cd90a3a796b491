import Testing
@testable import Markdown

/// GFM 0.29's extended e-mail and ftp autolinks and the tagfilter extension, from the spec's examples.
@Suite struct GFMAutolinkTagfilterTests {
    static let plain = MarkdownOptions(smartPunctuation: false)

    @Test(arguments: [
        ("foo@bar.baz", "<p><a href=\"mailto:foo@bar.baz\">foo@bar.baz</a></p>\n"),
        ("hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.",
         "<p>hello@mail+xyz.example isn't valid, but <a href=\"mailto:hello+xyz@mail.example\">hello+xyz@mail.example</a> is.</p>\n"),
        ("a.b-c_d@a.b\n\na.b-c_d@a.b.\n\na.b-c_d@a.b-\n\na.b-c_d@a.b_",
         "<p><a href=\"mailto:a.b-c_d@a.b\">a.b-c_d@a.b</a></p>\n<p><a href=\"mailto:a.b-c_d@a.b\">a.b-c_d@a.b</a>.</p>\n<p>a.b-c_d@a.b-</p>\n<p>a.b-c_d@a.b_</p>\n"),
        ("Get it from ftp://ftp.example.org/pub/galley.tar.gz.",
         "<p>Get it from <a href=\"ftp://ftp.example.org/pub/galley.tar.gz\">ftp://ftp.example.org/pub/galley.tar.gz</a>.</p>\n"),
        // Not addresses: a lone @, no period after it, inside a link, a URL's user part.
        ("@swift, me@localhost, [a@b.c](https://x.example), https://user@host.example/",
         "<p>@swift, me@localhost, <a href=\"https://x.example\">a@b.c</a>, <a href=\"https://user@host.example/\">https://user@host.example/</a></p>\n"),
    ])
    func autolinks(markdown: String, expected: String) {
        #expect(render(markdown, Self.plain).html == expected)
    }

    @Test func tagfilterShowsDangerousTagsAsText() {
        var options = Self.plain
        options.tagFilter = true
        let spec = "<strong> <title> <style> <em>\n\n<blockquote>\n  <xmp> is disallowed.  <XMP> is also disallowed.\n</blockquote>\n"
        #expect(render(spec, options).html == "<p><strong> &lt;title> &lt;style> <em></p>\n<blockquote>\n  &lt;xmp> is disallowed.  &lt;XMP> is also disallowed.\n</blockquote>\n")
        #expect(render("<script>alert(1)</script>\n\nx <iframe src=\"https://e.example\"></iframe>", options).html
                == "&lt;script>alert(1)&lt;/script>\n<p>x &lt;iframe src=\"https://e.example\">&lt;/iframe></p>\n")
        // Off by default: an author's own iframe is kept.
        #expect(render("<iframe src=\"https://e.example\"></iframe>", Self.plain).html == "<iframe src=\"https://e.example\"></iframe>\n")
    }
}

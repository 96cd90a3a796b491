import Testing
@testable import Markdown

/// GFM corners from cmark-gfm's test/extensions.txt and test/regression.txt (examples copied as data): single-tilde
/// strikethrough, `~` kept in link destinations, a lone `|` never a table header, and the tag filter (when on).
@Suite struct GFMSpecCornerTests {
    static let options: MarkdownOptions = {
        var o = MarkdownOptions(smartPunctuation: false)
        o.tagFilter = true
        return o
    }()

    @Test(arguments: [
        ("extensions", "A proper ~strikethrough~.\n",
         "<p>A proper <del>strikethrough</del>.</p>\n"),
        ("extensions", "These are ~not strikethroughs.\n\nNo, they are not~\n\nThis ~is ~ legit~ isn't ~ legit.\n\nThis is not ~~~~~one~~~~~ huge strikethrough.\n\n~one~ ~~two~~ ~~~three~~~\n\nNo ~mismatch~~\n",
         "<p>These are ~not strikethroughs.</p>\n<p>No, they are not~</p>\n<p>This <del>is ~ legit</del> isn't ~ legit.</p>\n<p>This is not ~~~~~one~~~~~ huge strikethrough.</p>\n<p><del>one</del> <del>two</del> ~~~three~~~</p>\n<p>No ~mismatch~~</p>\n"),
        ("extensions", "This is <xmp> not okay, but **this** <strong>is</strong>.\n\n<p>This is <xmp> not okay, but **this** <strong>is</strong>.</p>\n\nNope, I won't have <textarea>.\n\n<p>No <textarea> here either.</p>\n\n<p>This <random /> <thing> is okay</thing> though.</p>\n\nYep, <totally>okay</totally>.\n\n<!-- HTML comments are okay, though. -->\n<!- But we're strict. ->\n<! No nonsense. >\n<!-- Leave multiline comments the heck alone, though, okay?\nEven with {\"x\":\"y\"} or 1 > 2 or whatever. Even **markdown**.\n-->\n<!--- Support everything CommonMark's parser does. -->\n<!---->\n<!--thistoo-->\n",
         "<p>This is &lt;xmp> not okay, but <strong>this</strong> <strong>is</strong>.</p>\n<p>This is &lt;xmp> not okay, but **this** <strong>is</strong>.</p>\n<p>Nope, I won't have &lt;textarea>.</p>\n<p>No &lt;textarea> here either.</p>\n<p>This <random /> <thing> is okay</thing> though.</p>\n<p>Yep, <totally>okay</totally>.</p>\n<!-- HTML comments are okay, though. -->\n<p>&lt;!- But we're strict. -&gt;\n&lt;! No nonsense. &gt;</p>\n<!-- Leave multiline comments the heck alone, though, okay?\nEven with {\"x\":\"y\"} or 1 > 2 or whatever. Even **markdown**.\n-->\n<!--- Support everything CommonMark's parser does. -->\n<!---->\n<!--thistoo-->\n"),
        ("regression", "~~**_`this`_**~~  \n~~***`this`***~~  \n~~___`this`___~~\n\n**_`this`_**  \n***`this`***  \n___`this`___\n\n~~**_this_**~~  \n~~***this***~~  \n~~___this___~~\n\n**_this_**  \n***this***  \n___this___\n",
         "<p><del><strong><em><code>this</code></em></strong></del><br />\n<del><em><strong><code>this</code></strong></em></del><br />\n<del><em><strong><code>this</code></strong></em></del></p>\n<p><strong><em><code>this</code></em></strong><br />\n<em><strong><code>this</code></strong></em><br />\n<em><strong><code>this</code></strong></em></p>\n<p><del><strong><em>this</em></strong></del><br />\n<del><em><strong>this</strong></em></del><br />\n<del><em><strong>this</strong></em></del></p>\n<p><strong><em>this</em></strong><br />\n<em><strong>this</strong></em><br />\n<em><strong>this</strong></em></p>\n"),
        ("regression", "~Hi~ Hello, world!\n",
         "<p><del>Hi</del> Hello, world!</p>\n"),
        ("regression", "This ~text~ ~~is~~ ~~~curious~~~.\n",
         "<p>This <del>text</del> <del>is</del> ~~~curious~~~.</p>\n"),
        ("regression", "[x](http://members.aon.at/~nkehrer/ibm_5110/emu5110.html)\n",
         "<p><a href=\"http://members.aon.at/~nkehrer/ibm_5110/emu5110.html\">x</a></p>\n"),
        ("regression", "|\n-|\n",
         "<p>|\n-|</p>\n"),
    ])
    func specExample(file: String, markdown: String, expected: String) {
        #expect(render(markdown, Self.options).html == expected, "\(file)")
    }

    @Test func tagFilterIsOptInForGalleySites() {
        // GitHub applies it; Galley leaves it to `markdown.tagfilter` (authors embed iframes), and kramdown has none.
        #expect(html("<textarea>x</textarea>", MarkdownOptions(smartPunctuation: false)) == "<textarea>x</textarea>\n")
    }

    @Test func kramdownStrikesOnlyWithTwoTildes() {
        // kramdown 2.4: <p>~x~ and <del>y</del> and <a href="/u~x">a</a></p>
        var options = MarkdownOptions()
        options.kramdown = true
        #expect(html("~x~ and ~~y~~ and [a](/u~x)", options) == "<p>~x~ and <del>y</del> and <a href=\"/u~x\">a</a></p>\n")
    }
}

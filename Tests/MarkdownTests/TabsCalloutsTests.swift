import Testing
@testable import Markdown

/// Code tabs (consecutive fences with `tab="…"`) and callouts (GitHub alerts, kramdown notice classes).
@Suite struct TabsCalloutsTests {
    @Test func consecutiveTabFencesFormOneGroup() {
        let out = html("```swift tab=\"iOS\"\nlet a = 1\n```\n\n```kotlin tab=\"Android\"\nval a = 1\n```\n\nText\n\n```swift tab=\"Only\"\nx\n```\n")
        #expect(out == """
        <div class="code-tabs">
        <div class="code-tab" data-tab="iOS">
        <p class="code-tab-label"><strong>iOS</strong></p>
        <div class="language-swift highlighter-rouge"><div class="highlight"><pre class="highlight"><code>let a = 1
        </code></pre></div></div>
        </div>
        <div class="code-tab" data-tab="Android">
        <p class="code-tab-label"><strong>Android</strong></p>
        <div class="language-kotlin highlighter-rouge"><div class="highlight"><pre class="highlight"><code>val a = 1
        </code></pre></div></div>
        </div>
        </div>
        <p>Text</p>
        <div class="code-tabs">
        <div class="code-tab" data-tab="Only">
        <p class="code-tab-label"><strong>Only</strong></p>
        <div class="language-swift highlighter-rouge"><div class="highlight"><pre class="highlight"><code>x
        </code></pre></div></div>
        </div>
        </div>

        """)
    }

    @Test func tabLabelsAreEscapedAndFencesWithoutTabsStayPlain() {
        let out = html("```swift tab=\"A & <B>\"\nx\n```\n```swift\ny\n```\n")
        #expect(out.contains("data-tab=\"A &amp; &lt;B&gt;\""))
        #expect(out.contains("<strong>A &amp; &lt;B&gt;</strong>"))
        #expect(out.components(separatedBy: "class=\"code-tabs\"").count == 2)
        #expect(out.hasSuffix("</div>\n</div>\n<div class=\"language-swift highlighter-rouge\"><div class=\"highlight\"><pre class=\"highlight\"><code>y\n</code></pre></div></div>\n"))
    }

    @Test func githubAlerts() {
        #expect(html("> [!WARNING]\n> The API changed.") == """
        <blockquote class="callout callout-warning">
        <p class="callout-title"><strong>Warning</strong></p>
        <p>The API changed.</p>
        </blockquote>

        """)
        // The marker alone in its paragraph, lower case, and every kind.
        #expect(html("> [!tip]\n>\n> Run it twice.") == "<blockquote class=\"callout callout-tip\">\n<p class=\"callout-title\"><strong>Tip</strong></p>\n<p>Run it twice.</p>\n</blockquote>\n")
        for (kind, title) in [("NOTE", "Note"), ("IMPORTANT", "Important"), ("CAUTION", "Caution")] {
            #expect(html("> [!\(kind)]\n> x").contains("callout-\(kind.lowercased())\">\n<p class=\"callout-title\"><strong>\(title)</strong>"))
        }
    }

    @Test func notAlerts() {
        #expect(html("> [!NOPE]\n> x") == "<blockquote>\n<p>[!NOPE]\nx</p>\n</blockquote>\n")
        #expect(html("> [!NOTE] inline text") == "<blockquote>\n<p>[!NOTE] inline text</p>\n</blockquote>\n")
        #expect(html("> Plain") == "<blockquote>\n<p>Plain</p>\n</blockquote>\n")
    }

    @Test func kramdownNoticeClassesOnQuotes() {
        let smart = MarkdownOptions(smartPunctuation: true)
        // Smart punctuation turns `--` into an en dash before the attribute list is read; the class survives.
        #expect(html("> Outdated.\n{: .notice--warning}", smart) == """
        <blockquote class="callout callout-warning notice--warning">
        <p class="callout-title"><strong>Warning</strong></p>
        <p>Outdated.</p>
        </blockquote>

        """)
        // On a paragraph: the same titled quote around it.
        #expect(html("Para\n{: .notice--info #n}", smart) == "<blockquote class=\"callout callout-note\">\n<p class=\"callout-title\"><strong>Note</strong></p>\n<p id=\"n\" class=\"notice--info\">Para</p>\n</blockquote>\n")
        #expect(html("Para\n{: .a---b}", smart) == "<p class=\"a---b\">Para</p>\n")
    }
}

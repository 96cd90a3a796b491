import Testing
@testable import Site

/// `readsSiteLists` decides which pages re-render when any post changes, so a miss shows a stale list
/// and a false hit costs a save a whole-site re-render. Only Liquid markup counts.
@Suite struct TemplateListReadsTests {
    @Test(arguments: [
        ("{% for p in site.posts %}{{ p.title }}{% endfor %}", true),
        ("{{ site.tags | size }}", true),
        ("{%- assign s = site -%}", true),
        ("{{ site[\"posts\"] }}", true),
        ("x {{ page.title }} y {% if site.categories %}{% endif %}", true),
        ("<main class=\"site-main\">site.posts</main>{{ page.title }}", false),
        ("{{ site.title }} {% include site_nav.liquid %} {{ sites }}", false),
        ("{{ page.site.posts }}", false),
        ("{{ unclosed site.posts", true),
        ("{% raw %}{% endraw %}%}{{ site.series }}", true),
        ("", false),
        ("{ {site.posts} }", false),
    ])
    func markupOnly(text: String, reads: Bool) {
        #expect(TemplateSet.readsSiteLists(text) == reads, "\(text)")
    }
}

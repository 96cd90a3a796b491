import Foundation
import Testing
import Liquid

// Render speed: a post layout with a 1000-item loop, rendered many times from one parse.
// Prints the figure; asserts only a loose bound so slow CI machines pass (run with `-c release` to measure).
@Suite struct PerformanceTests {
    static let layout = """
    <!DOCTYPE html>
    <html lang="{{ site.lang | default: "en" }}">
    <head><title>{% if page.title %}{{ page.title | escape }} | {% endif %}{{ site.title }}</title></head>
    <body>
      {%- assign count = 0 -%}
      <ul class="posts">
      {%- for post in site.posts -%}
        {%- if post.hidden -%}{%- continue -%}{%- endif -%}
        {%- assign count = count | plus: 1 -%}
        <li class="{% cycle 'odd', 'even' %}{% if forloop.first %} first{% endif %}">
          <a href="{{ site.baseurl }}{{ post.url }}">{{ post.title }}</a>
          <span>{{ post.date }}</span>
          {%- for tag in post.tags %} <em>{{ tag | upcase }}</em>{% endfor %}
          {%- case post.kind %}{% when "note" %} (note){% when "link", "quote" %} (elsewhere){% endcase %}
        </li>
      {%- endfor %}
      </ul>
      <p>{{ count }} posts; {{ content }}</p>
    </body>
    </html>
    """

    static func variables() -> LiquidHash {
        var posts: [Value] = []
        for i in 0..<1000 {
            posts.append([
                "title": .string("Post number \(i)"), "url": .string("/\(2024 - i % 5)/post-\(i)/"),
                "date": .string("2024-01-\(i % 28 + 1)"), "tags": ["swift", "liquid"],
                "hidden": .bool(i % 10 == 0), "kind": .string(["note", "link", "essay"][i % 3]),
            ])
        }
        var site = LiquidHash()
        site["title"] = "Blog"
        site["baseurl"] = "/blog"
        site["posts"] = .array(posts)
        var vars = LiquidHash()
        vars["site"] = .hash(site)
        vars["page"] = ["title": "Home"]
        vars["content"] = "<p>Hello</p>"
        return vars
    }

    @Test func layoutWithThousandItemLoop() throws {
        let engine = Fixture.engine()
        let template = try engine.parse(Self.layout, file: "_layouts/home.html")
        let vars = Self.variables()
        let first = try engine.render(template, variables: vars).output
        #expect(first.contains("900 posts"))
        #expect(first.contains("<a href=\"/blog/2024/post-5/\">Post number 5</a>"))
        let runs = Int(ProcessInfo.processInfo.environment["LIQUID_RUNS"] ?? "20") ?? 20
        let start = Date()
        for _ in 0..<runs { _ = try engine.render(template, variables: vars) }
        let perRender = Date().timeIntervalSince(start) / Double(runs)
        print("Liquid render: \(String(format: "%.2f", perRender * 1000)) ms per render of a 1000-post loop (\(first.utf8.count) bytes)")
        #expect(perRender < 2.0)
    }
}

import Foundation
import Testing
@testable import Jekyll
import Liquid

/// The plugins' pieces on their own, against what the Ruby gems give for the same input.
@Suite struct PluginUnitTests {
    @Test func avatarImageAndServer() {
        let img = AvatarPlugin.img(user: "hubot", size: "40", lazy: false, host: "")
        #expect(img.hasPrefix("<img class=\"avatar avatar-small\" alt=\"hubot\" width=\"40\" height=\"40\" data-proofer-ignore=\"true\" src=\"https://avatars"))
        #expect(img.contains("githubusercontent.com/hubot?v=3&s=80 2x, "))
        #expect(AvatarPlugin.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        let lazy = AvatarPlugin.img(user: "a", size: "60", lazy: true, host: "")
        #expect(lazy.contains("class=\"avatar\"") && lazy.contains("src=\"\" data-src="))
    }

    @Test func relativeLinksBecomeURLs() {
        let targets = ["docs/guide.md": "/docs/guide.html", "about.md": "/about.html"]
        let text = "See [g](guide.md#x \"T\") and [a](../about.md), [abs](https://x.example/a.md), [f](#top).\n\n[r]: guide.md\n"
        let out = RelativeLinksPlugin.rewrite(text, from: "docs/index.md") { targets[$0] }
        #expect(out == "See [g](/docs/guide.html#x \"T\") and [a](/about.html), [abs](https://x.example/a.md), [f](#top).\n\n[r]: /docs/guide.html\n")
    }

    @Test func githubRepositoryOffline() {
        let pages = GitHubPages(env: [:])
        let project = GitHubRepo(nwo: "octo/site", pages: pages)
        #expect(!project.isUserPage)
        #expect(project.htmlURL == "https://github.com/pages/octo/site")
        #expect(project.metadata(environment: "development", revision: "")["zip_url"]?.liquidString == "https://github.com/octo/site/zipball/gh-pages")
        let user = GitHubRepo(nwo: "octo/octo.github.com", pages: pages)
        #expect(user.isUserPage && user.branch == "master")
        #expect(GitHubRepo.nwo(fromRemote: "git@github.com:octo/my.site.git", host: "github.com") == "octo/my.site")
        #expect(GitHubRepo.nwo(fromRemote: "https://gitlab.com/octo/x", host: "github.com") == nil)
        #expect(GitHubRepo(nwo: "o/n", pages: GitHubPages(env: ["JEKYLL_ENV": "production"])).urlWithoutPath == "https://github.com")
    }

    @Test func redirectPagesAreWrittenWhereJekyllWritesThem() {
        #expect(RedirectFromPlugin.outputPath("/old/") == "old/index.html")
        #expect(RedirectFromPlugin.outputPath("/old") == "old.html")
        #expect(RedirectFromPlugin.outputPath("/a.php") == "a.php.html")
        #expect(RedirectFromPlugin.html(to: "https://x/").contains("<meta http-equiv=\"refresh\" content=\"0; url=https://x/\">\n"))
    }

    @Test func mentionsSkipCodeAndLinks() {
        let html = "<p>Hi @a, @mentioned <code>@b</code> <a href='x'>@c</a> mail@d.e</p>"
        #expect(MentionsPlugin.process(html, base: "https://github.com/")
            == "<p>Hi <a href=\"https://github.com/a\" class=\"user-mention\">@a</a>, @mentioned <code>@b</code> <a href=\"x\">@c</a> mail@d.e</p>")
        #expect(MentionsPlugin.process("<p>no mentions & more</p>", base: "/") == "<p>no mentions & more</p>")
    }

    @Test func titlesFromHeadings() {
        func title(_ s: String) -> String? {
            let m = TitlesFromHeadingsPlugin.heading.firstMatch(in: s, range: NSRange(s.startIndex..., in: s))
            return m.flatMap { m in [1, 2].compactMap { Range(m.range(at: $0), in: s) }.first.map { String(s[$0]) } }
        }
        #expect(title("\n# Hello *there*\n\ntext") == "Hello *there*")
        #expect(title("Setext\n======\n") == "Setext")
        #expect(title("No heading here\n\ntext") == nil)
    }

    @Test func feedSpecsFollowTheGemsPaths() throws {
        let site = try RenderFixture.site(["_config.yml": "feed:\n  categories: [news]\n  collections:\n    recipes:\n      categories: [cake]\n  tags:\n    except: [skip]\n"])
        let config = try JekyllReader.read(source: site, drafts: false, future: false, now: Date()).config
        let paths = FeedPlugin.specs(config, tags: ["a", "skip", "b-c"]).map(\.path)
        #expect(paths == ["/feed/recipes/cake.xml", "/feed/recipes.xml", "/feed/news.xml", "/feed.xml", "/feed/by_tag/a.xml"])
    }
}

import ArgumentParser
import Foundation
import Import

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a site from another generator.",
        subcommands: [Jekyll.self]
    )

    struct Jekyll: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn a Jekyll site into a new Galley site with the same URLs.",
            discussion: """
            Copies posts, drafts, pages and assets and keeps the site's own theme: _layouts/ and _includes/ become \
            templates/, _data/ becomes data/, its Sass is compiled to the CSS at the same URLs (--theme galley: \
            Galley's theme instead). Converts {% highlight %} blocks to fences, {% post_url %}, {{ site.baseurl }} \
            and {{ site.url }}; builds both sites and reports, grouped by consequence, every URL that changes, \
            every page not carried, every plugin not run and everything that needs a hand.
            """
        )

        @Argument(help: "The Jekyll site folder (holding _config.yml and _posts/).")
        var source: String

        @Argument(help: "The new Galley site folder (must be new or empty).")
        var destination: String

        @Option(name: .long, help: ArgumentHelp("Whose templates the new site has: `own` (the Jekyll site's layouts and includes) or `galley` (Galley's theme).", valueName: "own|galley"))
        var theme: String = "own"

        func run() async throws {
            guard let choice = JekyllImport.Theme(rawValue: theme) else {
                let near = JekyllImport.Theme.allCases.map(\.rawValue).min { a, _ in a.first == theme.first }
                Terminal.err("error: unknown --theme `\(theme)`" + (near.map { "; did you mean `\($0)`?" } ?? "") + " (own or galley)")
                throw ExitCode(2)
            }
            let job = JekyllImport(source: URL(fileURLWithPath: source).standardizedFileURL,
                                   destination: URL(fileURLWithPath: destination).standardizedFileURL, theme: choice)
            do {
                let r = try await job.run()
                for line in r.lines { Terminal.out(line) }
                Terminal.out("")
                Terminal.out("galley: imported \(r.posts) posts, \(r.drafts) drafts, \(r.pages) pages, \(r.assets) assets into \(destination)")
                if r.theme == .own {
                    Terminal.out("  the site's own theme: \(r.templates) templates, \(r.dataFiles) data files, \(r.styles) compiled stylesheets")
                } else {
                    Terminal.out("  Galley's theme (the old one is in jekyll-leftovers/)")
                }
                for feed in r.feeds { Terminal.out("  the feed at \(feed) is now written by Galley") }
                Terminal.out("  converted \(r.converted) Liquid constructs; \(r.leftovers.count) things not carried over as they were (listed above)")
                Terminal.out("  next: galley build --site \(destination)")
            } catch {
                Terminal.err("error: \(error.description)")
                throw ExitCode(1)
            }
        }
    }
}

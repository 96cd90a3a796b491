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
            discussion: "Copies posts, drafts, pages and assets; converts {% highlight %} blocks to fences, {% post_url %}, {{ site.baseurl }} and {{ site.url }}; lists every Liquid construct it left as written."
        )

        @Argument(help: "The Jekyll site folder (holding _config.yml and _posts/).")
        var source: String

        @Argument(help: "The new Galley site folder (must be new or empty).")
        var destination: String

        func run() async throws {
            let job = JekyllImport(source: URL(fileURLWithPath: source).standardizedFileURL,
                                   destination: URL(fileURLWithPath: destination).standardizedFileURL)
            do {
                let r = try job.run()
                for l in r.leftovers { Terminal.out(l.description) }
                Terminal.out("galley: imported \(r.posts) posts, \(r.drafts) drafts, \(r.pages) pages, \(r.assets) assets into \(destination)")
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

import Foundation
import Testing
@testable import Site

/// A save's paths are asked of the listing without scanning it: a gone path is a gone folder when
/// some listed file was under it.
struct ListingFoldersTests {
    @Test func everyFolderAtEveryDepthOnce() {
        let folders = BuildSession.folders(of: ["content/posts/a.md", "content/posts/2026/b.md", "content/about.md", "content/images/x/y.png", "top.md"])
        #expect(folders == ["content", "content/posts", "content/posts/2026", "content/images", "content/images/x"])
    }

    @Test func aGoneTemporaryFileKeepsTheListingAndAGoneFolderDoesNot() throws {
        let site = try FixtureSite(files: ["content/posts/2026-01-02-a.md": "---\ntitle: A\n---\nText.\n",
                                           "content/notes/b.md": "---\ntitle: B\n---\nText.\n"])
        defer { site.cleanUp() }
        let paths: Set<String> = ["content/posts/2026-01-02-a.md", "content/notes/b.md"]
        let kept = (listing: ContentLoader.Listing(markdown: Array(paths)), paths: paths, folders: BuildSession.folders(of: paths))
        #expect(BuildSession.listingUnchanged(kept, by: ["content/posts/2026-01-02-a.md", "content/posts/2026-01-02-a.md.tmp"], siteDirectory: site.root))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/notes"))
        #expect(!BuildSession.listingUnchanged(kept, by: ["content/notes"], siteDirectory: site.root))
    }
}

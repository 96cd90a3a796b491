import Foundation

/// Checks of a build's inputs that are not about one document: reported once per build.
extension SiteBuilder {
    /// Symbolic links the listing did not follow: out of the site (errors), to folders or nowhere (warnings).
    static func reportRefusedLinks(_ refused: [FileWalk.Refused], settingsFile: String, sink: DiagnosticSink) {
        for r in refused {
            if r.target.isEmpty {
                sink.add(.warning(r.path, "\(r.path) is a symbolic link that leads nowhere: skipped", hint: "remove the link or fix its target"))
            } else if r.outside {
                sink.add(.error(r.path, "\(r.path) is a symbolic link to \(r.target.isEmpty ? "nothing" : r.target), outside the site folder: it is not read",
                                hint: "a build reads nothing outside its site folder through links (a pull request could publish the machine's files); copy it into the site, or, if you run the build and trust the link, allow its folder with `--allow-symlinks-to \(r.isFolder ? r.target : (r.target as NSString).deletingLastPathComponent)`"))
            } else {
                sink.add(.warning(r.path, "\(r.path) is a symbolic link to a folder (\(r.target)): folders are not followed through links",
                                  hint: "move or copy the folder into content/, or link the files one by one"))
            }
        }
    }

    /// A text file in `content/` that starts with front matter is copied as it is, front matter and any
    /// Liquid in it included (a Jekyll feed template or Sass file would reach readers raw): say so.
    static func warnAboutTemplatedAssets(_ assets: [String], siteDirectory: URL, sink: DiagnosticSink) {
        let textExtensions: Set<String> = ["xml", "html", "htm", "json", "txt", "css", "scss", "sass", "js", "rss", "atom", "svg", "yml", "yaml"]
        for rel in assets where rel.utf8.starts(with: "content/".utf8) {
            let ext = (rel as NSString).pathExtension.lowercased()
            guard textExtensions.contains(ext), let h = FileHandle(forReadingAtPath: siteDirectory.path + "/" + rel) else { continue }
            let head = (try? h.read(upToCount: 4)) ?? Data()
            try? h.close()
            guard head.starts(with: Data("---\n".utf8)) || head.starts(with: Data("---\r".utf8)) else { continue }
            sink.add(.warning(rel, line: 1, column: 1, "this .\(ext) file starts with front matter, which Galley does not read: it is copied as it is, front matter and any Liquid included",
                              hint: ["xml", "rss", "atom", "json"].contains(ext)
                                ? "a feed template is not needed: Galley writes the feeds (`feed.also` puts the site feed at another path); remove this file"
                                : "remove the front matter (and Liquid) to publish the file as it is, or move it out of content/"))
        }
    }
}

import Foundation
import ImageSize
import Markdown

/// The sizes of the site's image files, for `width` and `height` on the images pages show: each file's
/// header is read once per build, however many pages show it. A missing file is not reported here
/// (`LinkAudit` reports it, with a did-you-mean), only one that exists and cannot be read.
final class ImageFiles: @unchecked Sendable {
    let siteDirectory: URL
    let basePath: String
    /// Output path (`images/a.png`) → site-relative source (`content/images/a.png`): the files the build copies.
    let sources: [String: String]
    private let lock = NSLock()
    private var read: [String: ImageFile] = [:]

    init(siteDirectory: URL, assets: [String], basePath: String) {
        self.siteDirectory = siteDirectory
        self.basePath = basePath
        sources = Dictionary(assets.map { (SiteBuilder.assetPath($0), $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// What the page at `pageURL` (site path, no base path) shows for the image `url` written in its Markdown.
    func lookup(_ url: String, pageURL: String) -> ImageFile {
        guard LinkAudit.isInternal(url), let first = url.first, first != "#" else { return .unknown }
        var path = first == "/" ? url : ExcerptLinks.resolve(url, against: pageURL)
        path = Self.withoutQuery(path)
        // A byte test: `contains("%")` went through Foundation's `range(of:)`, a third of this look-up's time.
        // (Where every `%` starts a Character with a mark, decoding fails and the path stays as it is.)
        if path.utf8.contains(0x25) { path = path.removingPercentEncoding ?? path }
        var source = sources[String(path.drop { $0 == "/" })]
        if source == nil, !basePath.isEmpty, path.hasPrefix(basePath + "/") {
            source = sources[String(path.dropFirst(basePath.count + 1))]
        }
        guard let source else { return .unknown }
        lock.lock()
        if let known = read[source] { lock.unlock(); return known }
        lock.unlock()
        let result: ImageFile
        do {
            let size = try ImageSizeReader.size(ofFile: siteDirectory.appendingPathComponent(source).path)
            result = .size(width: size.width, height: size.height)
        } catch {
            result = .unreadable(error.description)
        }
        lock.lock(); read[source] = result; lock.unlock()
        return result
    }

    /// `path` up to its first `?` or `#` Character: on bytes when it is ASCII (then bytes are Characters), as
    /// walking Characters was another third of the look-up.
    static func withoutQuery(_ path: String) -> String {
        if path.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let cut = path.utf8.firstIndex(where: { $0 == 0x3F || $0 == 0x23 }) else { return path }
            return String(path[..<cut])
        }
        guard let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return path }
        return String(path[..<cut])
    }

    /// The images one document looked up and what it found: its render is reused only while they are the same.
    final class Used: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String: ImageFile] = [:]
        func add(_ url: String, _ file: ImageFile) { lock.lock(); items[url] = file; lock.unlock() }
        var all: [String: ImageFile] { lock.lock(); defer { lock.unlock() }; return items }
    }

    /// The renderer's hook for one document, recording what it found into `used`.
    func hook(pageURL: String, used: Used) -> ImageFileHook {
        { [self] url in
            let file = lookup(url, pageURL: pageURL)
            used.add(url, file)
            return file
        }
    }

    /// A document rendered earlier still shows its images as they are now.
    func unchanged(_ used: [String: ImageFile], pageURL: String) -> Bool {
        used.allSatisfy { lookup($0.key, pageURL: pageURL) == $0.value }
    }
}

/// Content types for the files a static site ships, keyed by lowercase extension.
public enum MIMEType {
    static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "webmanifest": "application/manifest+json",
        // Feeds are served as generic XML: browsers display it instead of downloading rss+xml.
        "xml": "application/xml",
        "rss": "application/rss+xml",
        "atom": "application/atom+xml",
        "xsl": "application/xslt+xml",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "ico": "image/x-icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        "txt": "text/plain; charset=utf-8",
        "md": "text/plain; charset=utf-8",
        "pdf": "application/pdf",
        "wasm": "application/wasm",
        "mp4": "video/mp4",
        "webm": "video/webm",
        "mp3": "audio/mpeg",
        "zip": "application/zip",
    ]

    /// Fallback for unknown extensions: browsers will download rather than guess.
    public static let fallback = "application/octet-stream"

    /// The Content-Type for a file path, by extension (case-insensitive).
    public static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        let ext = name[name.index(after: dot)...].lowercased()
        return byExtension[ext] ?? fallback
    }

    /// Whether responses of this type get the live-reload script.
    static func isHTML(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/html")
    }
}

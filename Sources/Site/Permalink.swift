import Foundation

/// Expands Jekyll-compatible permalink patterns into a URL path and an output file.
struct Permalink: Sendable, Hashable {
    /// Root-relative URL without the base path, percent-encoded: `/blog/my-post`.
    var url: String
    /// File to write, relative to the output folder: `blog/my-post.html`.
    var outputPath: String

    /// Jekyll's named styles.
    static let styles: [String: String] = [
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
        "none": "/:categories/:title:output_ext",
    ]

    struct Fields {
        var title: String        // slug from the file name (or `slug:`), case kept
        var slug: String
        var categories: [String]
        var date: Date?
        var timeZone: TimeZone
        var path: String = ""    // pages: folder under content/, e.g. "docs"
        var basename: String = ""
    }

    enum Failure: Error, Equatable {
        case leavesOutput
        case unknownPlaceholder(String)
    }

    /// Expands `pattern`. Like Jekyll: `//` collapses, a trailing `/` writes `index.html`,
    /// no extension writes `<path>.html` but links as `<path>`.
    static func expand(_ pattern: String, _ f: Fields) -> Result<Permalink, Failure> {
        let template = styles[pattern] ?? pattern
        var values: [String: String] = [
            "title": f.title, "slug": f.slug, "name": f.slug,
            "categories": orderedUnique(f.categories.map { $0.lowercased() }).joined(separator: "/"),
            "output_ext": ".html", "path": f.path, "basename": f.basename,
        ]
        if let date = f.date {
            let c = SiteDates.components(date, f.timeZone)
            var cal = Calendar(identifier: .gregorian)
            cal.timeZone = f.timeZone
            let yday = cal.ordinality(of: .day, in: .year, for: date) ?? 1
            let week = cal.component(.weekOfYear, from: date)
            let shortDays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
            values["year"] = String(format: "%04d", c.year!)
            values["short_year"] = String(format: "%02d", c.year! % 100)
            values["month"] = String(format: "%02d", c.month!)
            values["i_month"] = String(c.month!)
            values["short_month"] = String(SiteDates.monthNames[c.month! - 1].prefix(3))
            values["long_month"] = SiteDates.monthNames[c.month! - 1]
            values["day"] = String(format: "%02d", c.day!)
            values["i_day"] = String(c.day!)
            values["y_day"] = String(format: "%03d", yday)
            values["week"] = String(format: "%02d", week)
            values["short_day"] = shortDays[c.weekday! - 1]
            values["hour"] = String(format: "%02d", c.hour!)
            values["minute"] = String(format: "%02d", c.minute!)
            values["second"] = String(format: "%02d", c.second!)
        }
        // Replace `:name` placeholders; a name is every letter and `_` after the colon, so `:title` is never `:t` + "itle".
        var out = ""
        var chars = Substring(template)
        while let ch = chars.first {
            chars.removeFirst()
            guard ch == ":" else { out.append(ch); continue }
            let name = chars.prefix { $0.isLetter || $0 == "_" }
            guard !name.isEmpty else { out.append(ch); continue }
            guard let value = values[String(name)] else { return .failure(.unknownPlaceholder(String(name))) }
            out += value
            chars.removeFirst(name.count)
        }
        // Collapse `//`, refuse anything that climbs out of the output folder.
        let trailingSlash = out.hasSuffix("/")
        let segments = out.split(separator: "/", omittingEmptySubsequences: true)
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return .failure(.leavesOutput) }
        if segments.contains(where: { $0.contains("\\") || $0.contains("\0") }) { return .failure(.leavesOutput) }
        let joined = segments.joined(separator: "/")
        let filePath: String
        var url: String
        if joined.isEmpty {
            filePath = "index.html"; url = "/"
        } else if trailingSlash {
            filePath = joined + "/index.html"; url = "/" + joined + "/"
        } else if let last = segments.last, last.contains(".") {
            filePath = joined; url = "/" + joined
            if last == "index.html" { url = "/" + segments.dropLast().joined(separator: "/") + (segments.count > 1 ? "/" : "") }
        } else {
            filePath = joined + ".html"; url = "/" + joined
        }
        return .success(Permalink(url: Slug.escapePath(url), outputPath: filePath))
    }

    private static func orderedUnique(_ xs: [String]) -> [String] {
        var seen = Set<String>()
        return xs.filter { seen.insert($0).inserted }
    }
}

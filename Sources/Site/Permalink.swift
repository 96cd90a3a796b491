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
        /// A segment starting with `.` (from a slug such as `../x`, made `..-x`).
        case hidden(String)
        /// A segment longer than a file name may be (255 bytes, `.html` included).
        case tooLong(String)
    }

    /// Expands `pattern`. Like Jekyll: `//` collapses, a trailing `/` writes `index.html`,
    /// no extension writes `<path>.html` but links as `<path>`.
    static func expand(_ pattern: String, _ f: Fields) -> Result<Permalink, Failure> {
        let template = styles[pattern] ?? pattern
        // Only the placeholders the pattern names are worked out (Calendar and formatting cost).
        var date: DateFields?
        func value(_ name: Substring) -> String? {
            switch name {
            case "title": return f.title
            case "slug", "name": return f.slug
            case "categories": return orderedUnique(f.categories.map { $0.lowercased() }).joined(separator: "/")
            case "output_ext": return ".html"
            case "path": return f.path
            case "basename": return f.basename
            default:
                guard let d = f.date else { return nil }
                if date == nil { date = DateFields(d, f.timeZone) }
                return date!.value(name, d, f.timeZone)
            }
        }
        let out: String
        switch substitute(template, value) {
        case .success(let text): out = text
        case .failure(let f): return .failure(f)
        }
        // Collapse `//`, refuse anything that climbs out of the output folder.
        let trailingSlash = out.hasSuffix("/")
        let ascii = out.utf8.allSatisfy { $0 < 0x80 }
        // Character and Foundation searches only where bytes could disagree with them (non-ASCII).
        let segments: [Substring] = ascii
            ? out.utf8.split(separator: 0x2F).map { Substring($0) }
            : out.split(separator: "/", omittingEmptySubsequences: true)
        if segments.contains(where: { $0 == ".." || $0 == "." }) { return .failure(.leavesOutput) }
        // A hidden name is skipped by servers, deploys and `galley check`; a name over 255 bytes cannot be written.
        if let hidden = segments.first(where: { $0.hasPrefix(".") && $0 != ".well-known" }) { return .failure(.hidden(String(hidden))) }
        if let long = segments.first(where: { $0.utf8.count > 250 }) { return .failure(.tooLong(String(long))) }
        if ascii ? segments.contains(where: { $0.utf8.contains(0x5C) || $0.utf8.contains(0) })
                 : segments.contains(where: { $0.contains("\\") || $0.contains("\0") }) { return .failure(.leavesOutput) }
        let joined = segments.joined(separator: "/")
        let filePath: String
        var url: String
        if joined.isEmpty {
            filePath = "index.html"; url = "/"
        } else if trailingSlash {
            filePath = joined + "/index.html"; url = "/" + joined + "/"
        } else if let last = segments.last, ascii ? last.utf8.contains(0x2E) : last.contains("."), Self.patternGivesExtension(template, value) {
            filePath = joined; url = "/" + joined
            if last == "index.html" { url = "/" + segments.dropLast().joined(separator: "/") + (segments.count > 1 ? "/" : "") }
        } else {
            filePath = joined + ".html"; url = "/" + joined
        }
        return .success(Permalink(url: Slug.escapePath(url), outputPath: filePath))
    }

    /// Whether the last segment's dot was written by the pattern (`/feed.xml`, `:output_ext`), not by a
    /// value (`swift-5.9-released` under `/blog/:title` is a page, `blog/swift-5.9-released.html`, as in Jekyll).
    private static func patternGivesExtension(_ template: String, _ value: (Substring) -> String?) -> Bool {
        let dotless = substitute(template) { name in name == "output_ext" ? ".html" : value(name)?.replacingOccurrences(of: ".", with: "") }
        guard case .success(let text) = dotless else { return true }
        return text.split(separator: "/").last?.contains(".") ?? false
    }

    /// `template` with each `:name` replaced by `value(name)`; a name nobody knows fails.
    private static func substitute(_ template: String, _ value: (Substring) -> String?) -> Result<String, Failure> {
        // Replace `:name` placeholders; a name is every letter and `_` after the colon, so `:title` is never `:t` + "itle".
        var out = ""
        if template.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (every pattern in practice): the same scan on bytes, where letters are A–Z and a–z.
            let t = Array(template.utf8)
            var i = 0, literal = 0
            while i < t.count {
                guard t[i] == 0x3A else { i += 1; continue }
                var j = i + 1
                while j < t.count, (t[j] >= 0x41 && t[j] <= 0x5A) || (t[j] >= 0x61 && t[j] <= 0x7A) || t[j] == 0x5F { j += 1 }
                guard j > i + 1 else { i += 1; continue }
                let name = Substring(String(decoding: t[(i + 1)..<j], as: UTF8.self))
                guard let value = value(name) else { return .failure(.unknownPlaceholder(String(name))) }
                out += String(decoding: t[literal..<i], as: UTF8.self) + value
                i = j
                literal = j
            }
            out += String(decoding: t[literal...], as: UTF8.self)
        } else {
            var chars = Substring(template)
            while let ch = chars.first {
                chars.removeFirst()
                guard ch == ":" else { out.append(ch); continue }
                let name = chars.prefix { $0.isLetter || $0 == "_" }
                guard !name.isEmpty else { out.append(ch); continue }
                guard let value = value(name) else { return .failure(.unknownPlaceholder(String(name))) }
                out += value
                chars.removeFirst(name.count)
            }
        }
        return .success(out)
    }

    /// The date placeholders, from one `components` of the post's date.
    private struct DateFields {
        let c: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int)

        init(_ date: Date, _ timeZone: TimeZone) { c = SiteDates.fields(date, timeZone) }

        func value(_ name: Substring, _ date: Date, _ timeZone: TimeZone) -> String? {
            func pad(_ n: Int, _ width: Int) -> String {
                let s = String(n)
                return n >= 0 && s.utf8.count < width ? String(repeating: "0", count: width - s.utf8.count) + s : (n >= 0 ? s : String(format: "%0\(width)d", n))
            }
            switch name {
            case "year": return pad(c.year, 4)
            case "short_year": return pad(c.year % 100, 2)
            case "month": return pad(c.month, 2)
            case "i_month": return String(c.month)
            case "short_month": return DateNames.english.shortMonths[c.month - 1]   // English, as Jekyll: URLs do not follow `lang`
            case "long_month": return DateNames.english.months[c.month - 1]
            case "day": return pad(c.day, 2)
            case "i_day": return String(c.day)
            case "y_day", "week":
                var cal = Calendar(identifier: .gregorian)
                cal.timeZone = timeZone
                return name == "week" ? pad(cal.component(.weekOfYear, from: date), 2)
                                      : pad(cal.ordinality(of: .day, in: .year, for: date) ?? 1, 3)
            case "short_day": return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][c.weekday - 1]
            case "hour": return pad(c.hour, 2)
            case "minute": return pad(c.minute, 2)
            case "second": return pad(c.second, 2)
            default: return nil
            }
        }
    }

    private static func orderedUnique(_ xs: [String]) -> [String] {
        var seen = Set<String>()
        return xs.filter { seen.insert($0).inserted }
    }
}

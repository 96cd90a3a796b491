import Foundation
import Highlight
import Liquid
import Markdown
import Site

/// Jekyll's own tags (`link`, `post_url`, `highlight`) and the filters that need the site (`markdownify`,
/// `smartify`, `sassify`, `scssify`). They find the build through the `jekyll.site` register.
enum JekyllTags {
    static var tags: [String: LiquidTag] {
        ["link": LiquidTag(render: link), "post_url": LiquidTag(render: postURL),
         "highlight": HighlightTag.tag]
    }

    static var filters: [String: LiquidFilter] {
        ["markdownify": { (input: Value, args: [Value], keywords: LiquidHash, context: LiquidFilterContext) throws(LiquidError) -> Value in
            guard let site = context.register("jekyll.site", as: JekyllSiteView.self) else { return .string(input.liquidString) }
            return .string(site.render.converter.markdownify(input.liquidString))
         },
         "smartify": { (input: Value, args: [Value], keywords: LiquidHash, context: LiquidFilterContext) throws(LiquidError) -> Value in .string(Smartypants.convert(input.liquidString)) },
         "sassify": { (input: Value, args: [Value], keywords: LiquidHash, context: LiquidFilterContext) throws(LiquidError) -> Value in try sass(input, .sass, context) },
         "scssify": { (input: Value, args: [Value], keywords: LiquidHash, context: LiquidFilterContext) throws(LiquidError) -> Value in try sass(input, .scss, context) }]
    }

    static func site(_ context: LiquidTagContext) throws(LiquidError) -> RenderSite {
        guard let view = context.register("jekyll.site", as: JekyllSiteView.self) else {
            throw LiquidError("this tag needs a Jekyll site")
        }
        return view.render
    }

    /// `{% link path %}`: the URL (with baseurl) of the page, document or static file at that source path.
    static func link(_ markup: String, _ body: String?, _ context: LiquidTagContext) throws(LiquidError) -> String {
        let site = try site(context)
        JekyllReads.site("urls")
        let path = try context.expandVariables(markup).trimmingCharacters(in: .whitespaces)
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        guard let url = site.urlsBySourcePath[trimmed] else {
            throw LiquidError("Could not find document '\(path)' in tag 'link'.",
                              hint: "Make sure the document exists and the path is correct")
        }
        return site.relativeURL(url)
    }

    /// `{% post_url 2010-07-21-name %}` or `{% post_url folder/2010-07-21-name %}`: a post's URL.
    static func postURL(_ markup: String, _ body: String?, _ context: LiquidTagContext) throws(LiquidError) -> String {
        let site = try site(context)
        JekyllReads.site("urls")
        var name = markup.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("/") { name.removeFirst() }
        let parts = name.split(separator: "/").map(String.init)
        guard let last = parts.last, last.count > 11,
              last.prefix(10).allSatisfy({ $0.isNumber || $0 == "-" }) else {
            throw LiquidError("Could not parse name of post \"\(markup)\" in tag 'post_url'.",
                              hint: "Make sure the post exists and the name is correct")
        }
        let folder = parts.dropLast().joined(separator: "/")
        let prefix = folder.isEmpty ? "" : folder + "/"
        let all = (site.collectionIndices["posts"] ?? []).map { site.states[$0].doc }
        let posts = all.filter { ($0.name as NSString).deletingPathExtension == last }
        // Jekyll's match: `_posts/<folder>/<name>.ext` or `<folder>/_posts/<name>.ext`.
        if let doc = posts.first(where: { $0.relativePath == "_posts/" + prefix + $0.name || $0.relativePath == prefix + "_posts/" + $0.name }) {
            return site.relativeURL(doc.url)
        }
        // Its deprecated fallback: the same slug and the same day anywhere (`2016-01-05-x` finds
        // `_posts/2016-1-05-x.md`, whose date is that day).
        if let doc = posts.first ?? all.first(where: { sameDayAndSlug(last, $0) }) {
            context.warn("'{% post_url \(name) %}' did not match a post by path; it matched \(doc.relativePath) by date and slug, as Jekyll's deprecated fallback does",
                         hint: "write '{% post_url \((doc.relativePath as NSString).deletingPathExtension.replacingOccurrences(of: "_posts/", with: "")) %}'")
            return site.relativeURL(doc.url)
        }
        throw LiquidError("Could not find post \"\(markup)\" in tag 'post_url'.",
                          hint: "Make sure the post exists and the name is correct")
    }

    /// Jekyll's `PostComparer#deprecated_equality`: the name's slug is the post's slug, and its date
    /// (numbers, padded or not) the post's day.
    private static func sameDayAndSlug(_ name: String, _ doc: JekyllDocument) -> Bool {
        let fields = name.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4, let y = Int(fields[0]), let m = Int(fields[1]), let d = Int(fields[2]),
              String(fields[3]) == doc.slug, let date = doc.date,
              let zone = TimeZone(secondsFromGMT: doc.utcOffset) else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        return day.year == y && day.month == m && day.day == d
    }

    static func sass(_ input: Value, _ syntax: SassSyntaxKind, _ context: LiquidFilterContext) throws(LiquidError) -> Value {
        guard let site = context.register("jekyll.site", as: JekyllSiteView.self) else { return input }
        return .string(try site.render.sassify(input.liquidString, syntax: syntax))
    }
}

enum SassSyntaxKind { case sass, scss }

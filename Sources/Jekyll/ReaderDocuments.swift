import Foundation
import Liquid
import Site

/// Turns files into documents, pages and static files as `Jekyll::Document`, `Page` and `StaticFile` do.
struct JekyllDocumentBuilder {
    var config: JekyllConfig
    var defaults: JekyllDefaults
    var walker: JekyllSiteWalker
    var now: Date
    var strictFrontMatter: Bool

    var tz: TimeZone { config.timeZone }
    func offset(_ d: Date) -> Int { tz.secondsFromGMT(for: d) }

    /// Ruby's `File.extname`: the last `.suffix` of the name, "" for dotfiles without another dot.
    static func extname(_ name: String) -> String {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        let trimmed = base.drop { $0 == "." }
        guard let dot = trimmed.lastIndex(of: ".") else { return "" }
        return String(trimmed[dot...])
    }

    static func dropTrailingDots(_ s: String) -> String {
        var s = s
        while s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// The converter's output extension for a source extension (markdown → .html, Sass → .css, anything
    /// else unchanged: CoffeeScript stays `.coffee`, as Jekyll writes it without jekyll-coffeescript,
    /// which Galley does not run — see `RubyPlugins.warnings`).
    func converterExt(_ ext: String) -> String {
        let lower = ext.lowercased()
        if config.markdownExtensions.contains(lower) { return ".html" }
        if lower == ".scss" || lower == ".sass" { return ".css" }
        return ext
    }

    /// `Renderer#output_ext`: a permalink's own extension (when it does not end in `/`) wins.
    func outputExt(ext: String, permalink: String?) -> String {
        if let p = permalink, !p.hasSuffix("/") {
            let e = Self.extname(p)
            if !e.isEmpty, e != "." { return e }
        }
        return converterExt(ext)
    }

    /// Output file for a URL (`Document#destination` / `Page#destination`).
    static func outputPath(url: String, outputExt: String, page: Bool) -> String {
        var path = JekyllPermalink.unescapePath(url)
        if path.hasSuffix("/") {
            path += page ? "index" + outputExt : "index.html"
            if page, !path.hasSuffix(outputExt) { path += outputExt }
        } else if !path.hasSuffix(outputExt) {
            path += outputExt
        }
        // `in_dest_dir` keeps it inside the destination.
        let parts = path.split(separator: "/").filter { $0 != "." && $0 != ".." }
        return parts.joined(separator: "/")
    }

    // MARK: merge_data!

    /// `Document#merge_data!`: categories united with those already known (a string splits on spaces),
    /// a deep merge, then `date` parsed into a local time.
    func mergeData(_ data: inout LiquidHash, _ other: LiquidHash, file: String, source: String, line: Int = 0,
                   _ diagnostics: inout [SiteDiagnostic]) {
        var other = other
        if let cats = other["categories"], !cats.isYAMLNull {
            var list = cats
            if case .string(let s) = cats { list = .array(s.split(whereSeparator: \.isWhitespace).map { .string(String($0)) }) }
            if case .array(let existing)? = data["categories"] {
                var union = existing
                for v in list.yamlArray where !union.contains(where: { $0.yamlString == v.yamlString && sameKind($0, v) }) { union.append(v) }
                list = .array(union)
            }
            other["categories"] = list
        }
        data = RubyMerge.deep(data, other)
        if let d = data["date"] {
            if let t = parseDate(d) {
                data["date"] = .date(t, utcOffset: offset(t))
            } else {
                diagnostics.append(.error(file, line: line, column: line > 0 ? 1 : 0, "invalid date '\(d.yamlString)': Document '\(file)' does not have a valid date in the \(source)",
                                          hint: "write dates as YYYY-MM-DD or YYYY-MM-DD HH:MM:SS +0000"))
                data["date"] = nil
            }
        }
    }

    private func sameKind(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool): return true
        default: return false
        }
    }

    /// `Utils.parse_date(value.to_s)`: a time keeps its instant, text goes through `Time.parse`.
    func parseDate(_ v: Value) -> Date? {
        switch v {
        case .date(let d, _): return d
        case .string(let s): return RubyTime.parse(s, timeZone: tz)
        default: return RubyTime.parse(v.yamlString, timeZone: tz)
        }
    }

    // MARK: documents

    /// `DATE_FILENAME_MATCHER`: `(dirs/)?(YYYY-M-D)-(slug)(.ext)`.
    static func datedName(_ relativePath: String) -> (date: String, slug: String, ext: String)? {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        let parts = name.split(separator: "-", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4,
              (2...4).contains(parts[0].count), (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts[0...2].allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let rest = String(parts[3])
        guard let dot = rest.lastIndex(of: "."), dot != rest.endIndex else { return nil }
        let ext = String(rest[dot...])
        guard ext.count > 1 else { return nil }
        return (parts[0...2].joined(separator: "-"), String(rest[..<dot]), ext)
    }

    /// `DATELESS_FILENAME_MATCHER`: `(dirs/)?(name)(.ext)`.
    static func datelessName(_ relativePath: String) -> (slug: String, ext: String)? {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        guard let dot = name.lastIndex(of: "."), name.index(after: dot) != name.endIndex else { return nil }
        return (String(name[..<dot]), String(name[dot...]))
    }

    static func titleize(_ slug: String) -> String {
        var parts = slug.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        while parts.last == "" { parts.removeLast() }
        return parts.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: " ")
    }

    /// Reads a post, draft or collection document. `relativePath` is Jekyll's (inside `collections_dir`).
    func document(_ file: URL, collection: JekyllCollection, relativePath: String, draft: Bool,
                  _ diagnostics: inout [SiteDiagnostic]) -> JekyllDocument? {
        let shown = walker.shown(file)
        guard let text = walker.readText(file, &diagnostics) else { return nil }
        let specialDir = draft ? "_drafts" : "_\(collection.label)"
        let ext = Self.extname(relativePath)
        let basename = file.lastPathComponent
        let basenameWithoutExt = String(basename.dropLast(ext.count))

        var data = LiquidHash()
        data["draft"] = .bool(draft)
        // categories_from_path: folders above `_posts` (`blog/_posts/x.md` → blog).
        var superdirs: [Value] = []
        if !relativePath.hasPrefix(specialDir), let r = relativePath.range(of: specialDir) {
            superdirs = relativePath[..<r.lowerBound].split(separator: "/")
                .filter { !$0.isEmpty && $0 != specialDir && $0 != basename }.map { .string(String($0)) }
        }
        mergeData(&data, LiquidHash([("categories", .array(superdirs))]), file: shown, source: "file path", &diagnostics)
        let type = collection.label
        let defaultValues = defaults.all(path: relativePath, type: type)
        if !defaultValues.isEmpty { mergeData(&data, defaultValues, file: shown, source: "front matter defaults", &diagnostics) }
        let fm = JekyllFrontMatter.read(text, file: shown, timeZone: tz, strict: strictFrontMatter)
        diagnostics += fm.diagnostics
        let failed = fm.diagnostics.contains { $0.severity == .error || $0.message.hasSuffix("Jekyll skips this front matter") }
        // The `date:` line, for an error about it (the last one: a key given twice keeps its last value).
        let dateLine = text.split(separator: "\n", maxSplits: max(fm.bodyLine - 1, 1), omittingEmptySubsequences: false)
            .prefix(max(fm.bodyLine - 1, 0)).lastIndex { $0.hasPrefix("date:") }.map { $0 + 1 } ?? 0
        mergeData(&data, fm.data, file: shown, source: "YAML front matter", line: dateLine, &diagnostics)

        // populate_title (skipped, as in Jekyll, when the front matter could not be read).
        if !failed {
            var slug: String
            var fileExt: Value = .null
            if let dated = Self.datedName(relativePath) {
                slug = dated.slug; fileExt = .string(dated.ext)
                let current = data["date"].flatMap(parseDate)
                if current == nil || Int(current!.timeIntervalSince1970) == Int(now.timeIntervalSince1970) {
                    mergeData(&data, LiquidHash([("date", .string(dated.date))]), file: shown, source: "filename", &diagnostics)
                }
            } else if let plain = Self.datelessName(relativePath) {
                slug = plain.slug; fileExt = .string(plain.ext)
            } else {
                slug = basenameWithoutExt
            }
            slug = Self.dropTrailingDots(slug)
            if !(data["title"]?.yamlTruthy ?? false) { data["title"] = .string(Self.titleize(slug)) }
            if !(data["slug"]?.yamlTruthy ?? false) { data["slug"] = .string(slug) }
            if !(data["ext"]?.yamlTruthy ?? false) { data["ext"] = fileExt }
            // populate_categories / populate_tags.
            var cats = (data["categories"] ?? .null).yamlArray + Self.pluralized(data, "category", "categories")
            cats = Self.flattenUnique(cats.map { v -> Value in if case .array = v { return v }; return .string(v.yamlString) })
            mergeData(&data, LiquidHash([("categories", .array(cats))]), file: shown, source: "YAML front matter", &diagnostics)
            data["tags"] = .array(Self.flatten(Self.pluralized(data, "tag", "tags")))
        }
        let mtime = walker.modificationTime(file)
        let dateIsDefault = !(data["date"]?.yamlTruthy ?? false)
        if dateIsDefault {
            let t = draft ? mtime : now
            data["date"] = .date(t, utcOffset: offset(t))
        }
        guard case .date(let date, let off)? = data["date"] else { return nil }

        let permalink: String? = data["permalink"].flatMap { $0.yamlTruthy ? $0.yamlString : nil }
        let outExt = outputExt(ext: ext, permalink: permalink)
        var cleaned = String(relativePath.dropLast(ext.count))
        if let r = cleaned.range(of: "_\(collection.label)") { cleaned.removeSubrange(r) }
        cleaned = Self.dropTrailingDots(cleaned)
        let slugValue = data["slug"].flatMap { $0.isYAMLNull ? nil : $0.yamlString }
        let categories = (data["categories"] ?? .null).yamlArray.map(\.yamlString)
        let fields: (String) -> String?? = { key in
            func f(_ p: String) -> String { RubyTime.format(date, utcOffset: off, p) }
            switch key {
            case "collection": return collection.label
            case "path": return cleaned
            case "output_ext": return outExt
            case "name": return JekyllPermalink.slugify(basenameWithoutExt)
            case "title":
                let v = JekyllPermalink.slugify(slugValue, mode: "pretty", cased: true) ?? JekyllPermalink.slugify(basenameWithoutExt, mode: "pretty", cased: true)
                return .some(v)
            case "slug":
                let v = JekyllPermalink.slugify(slugValue) ?? JekyllPermalink.slugify(basenameWithoutExt)
                return .some(v)
            case "categories":
                var seen: [String] = []
                for c in categories.map({ $0.lowercased() }) where !seen.contains(c) { seen.append(c) }
                return seen.joined(separator: "/")
            case "slugified_categories":
                var seen: [String] = []
                for c in categories.compactMap({ JekyllPermalink.slugify($0) }) where !seen.contains(c) { seen.append(c) }
                return seen.joined(separator: "/")
            case "year": return f("%Y")
            case "month": return f("%m")
            case "day": return f("%d")
            case "hour": return f("%H")
            case "minute": return f("%M")
            case "second": return f("%S")
            case "i_day": return f("%-d")
            case "i_month": return f("%-m")
            case "short_month": return f("%b")
            case "long_month": return f("%B")
            case "short_year": return f("%y")
            case "w_year": return f("%G")
            case "week": return f("%V")
            case "w_day": return f("%u")
            case "short_day": return f("%a")
            case "long_day": return f("%A")
            case "y_day": return f("%j")
            default: return nil
            }
        }
        let template = permalink ?? collection.permalink ?? "/:collection/:path:output_ext"
        var url: String
        do throws(JekyllPermalink.UnknownPlaceholder) {
            url = JekyllPermalink.sanitize(try JekyllPermalink.fromDrop(template, fields))
        } catch {
            diagnostics.append(.error(shown, "The URL template doesn't have \(error.names.joined(separator: " or ")) keys. Check your permalink template!",
                                      hint: "placeholders for documents: :year :month :day :title :slug :categories :collection :path :name :output_ext ..."))
            url = JekyllPermalink.sanitize(cleaned + outExt)
        }

        let publishedFlag = data["published"].map(\.yamlTruthy) ?? true
        let future = date.timeIntervalSince1970.rounded(.down) > now.timeIntervalSince1970.rounded(.down)
        let publishable = (publishedFlag || config.unpublished) && !(future && !config.future)
        let written = collection.output && publishable
        let idSlug = data["slug"].flatMap { $0.yamlTruthy ? $0.yamlString : nil } ?? basenameWithoutExt
        let urlDir = (url as NSString).deletingLastPathComponent
        let layout = data["layout"].flatMap { $0.isYAMLNull ? nil : $0.yamlString }
        let lowerExt = ext.lowercased()
        return JekyllDocument(
            kind: draft ? .draft : (collection.label == "posts" ? .post : .document), collection: collection.label,
            relativePath: relativePath, sourceURL: file, frontMatter: data, bodyLine: fm.bodyLine, body: fm.body,
            url: url, outputPath: written ? Self.outputPath(url: url, outputExt: outExt, page: false) : nil,
            date: date, utcOffset: off, slug: idSlug, title: data["title"].flatMap { $0.isYAMLNull ? nil : $0.yamlString },
            categories: categories, tags: (data["tags"] ?? .null).yamlArray.map(\.yamlString), layout: layout,
            published: publishedFlag, ext: ext, outputExt: outExt,
            excerptSeparator: data["excerpt_separator"].map(\.yamlString) ?? config.excerptSeparator,
            renderWithLiquid: !(data["render_with_liquid"].map { if case .bool(false) = $0 { return true }; return false } ?? false)
                && lowerExt != ".coffee" && lowerExt != ".yml" && lowerExt != ".yaml",
            isMarkdown: config.markdownExtensions.contains(lowerExt), id: (urlDir == "/" ? "" : urlDir) + "/" + idSlug,
            name: basename, dir: urlDir.hasSuffix("/") ? urlDir : urlDir + "/", modificationTime: mtime, dateIsDefault: dateIsDefault)
    }

    /// `pluralized_array_from_hash`: the singular key's value, else the plural's (a string split on spaces).
    static func pluralized(_ data: LiquidHash, _ singular: String, _ plural: String) -> [Value] {
        var value: Value?
        if let v = data[singular] { value = v }
        if value == nil || value!.isYAMLNull, let p = data[plural] {
            switch p {
            case .string(let s): value = .array(s.split(whereSeparator: \.isWhitespace).map { .string(String($0)) })
            case .array(let a): value = .array(a.filter { !$0.isYAMLNull })
            default: value = nil
            }
        }
        guard let value, !value.isYAMLNull else { return [] }
        return flatten([value]).filter { !$0.isYAMLNull }
    }

    static func flatten(_ values: [Value]) -> [Value] {
        values.flatMap { v -> [Value] in if case .array(let a) = v { return flatten(a) }; return [v] }
    }

    static func flattenUnique(_ values: [Value]) -> [Value] {
        var out: [Value] = []
        var seen: Set<String> = []
        for v in flatten(values) where seen.insert(v.yamlString).inserted { out.append(v) }
        return out
    }
}

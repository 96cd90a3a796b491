import Foundation

/// JSON Feed 1.1 fields whose type readers rely on: a reader that expects an array of author
/// objects and meets a string drops the feed or the field, so a wrong type is an error.
enum JSONFeedTypes {
    static func kind(_ n: JSONNode) -> String {
        switch n.value {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Fields of the top-level feed object.
    static func feed(_ root: JSONNode, into f: inout Findings) {
        if let t = root["title"], t.string == nil {
            f.error("json-title", "title must be a string (found \(kind(t)))", line: t.line, column: t.column)
        }
        if let e = root["expired"], !isBool(e) {
            f.error("json-type", "expired must be true or false (found \(kind(e)))", line: e.line, column: e.column)
        }
        common(root, in: "feed", into: &f)
    }

    /// Fields of one item.
    static func item(_ item: JSONNode, into f: inout Findings) {
        if let t = item["title"], t.string == nil {
            f.error("json-type", "item title must be a string (found \(kind(t)))", line: t.line, column: t.column)
        }
        if let tags = item["tags"] {
            if let a = tags.array {
                for t in a where t.string == nil {
                    f.error("json-type", "tags must be strings (found \(kind(t)))", line: t.line, column: t.column)
                }
            } else {
                f.error("json-type", "tags must be an array of strings (found \(kind(tags)))", line: tags.line, column: tags.column)
            }
        }
        common(item, in: "item", into: &f)
    }

    /// `authors` and `language` may appear on the feed and on each item.
    static func common(_ obj: JSONNode, in what: String, into f: inout Findings) {
        if let authors = obj["authors"] {
            if let a = authors.array {
                a.forEach { author($0, into: &f) }
            } else {
                f.error("json-author", "\(what) authors must be an array of objects (found \(kind(authors)))", line: authors.line, column: authors.column)
            }
        }
        // JSON Feed 1.0's single `author`, deprecated in 1.1 but still read.
        if let a = obj["author"] { author(a, into: &f) }
        if let lang = obj["language"] {
            if let s = lang.string {
                if !RSSRules.isLanguageTag(s) {
                    f.error("json-language", "language \"\(s)\" is not a language tag like en or en-US (RFC 5646)", line: lang.line, column: lang.column)
                }
            } else {
                f.error("json-language", "language must be a string such as \"en-US\" (found \(kind(lang)))", line: lang.line, column: lang.column)
            }
        }
    }

    /// An author is an object with at least one of name, url, avatar, each a string.
    static func author(_ a: JSONNode, into f: inout Findings) {
        guard a.isObject else {
            f.error("json-author", "an author must be an object like {\"name\": \"Ada\"} (found \(kind(a)))", line: a.line, column: a.column)
            return
        }
        var any = false
        for key in ["name", "url", "avatar"] {
            guard let v = a[key] else { continue }
            if let s = v.string {
                any = true
                if key != "name", !FeedURL.isAbsolute(s) {
                    f.error("json-url-not-absolute", "author \(key) must be an absolute URL (found \"\(s)\")", line: v.line, column: v.column)
                }
            } else {
                f.error("json-author", "author \(key) must be a string (found \(kind(v)))", line: v.line, column: v.column)
            }
        }
        if !any {
            f.error("json-author", "author has none of name, url or avatar", line: a.line, column: a.column)
        }
    }

    static func isBool(_ n: JSONNode) -> Bool {
        if case .bool = n.value { return true }
        return false
    }
}

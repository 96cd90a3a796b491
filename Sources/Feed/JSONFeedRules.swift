import Foundation

/// JSON Feed 1.0/1.1 rules (https://jsonfeed.org/version/1.1).
enum JSONFeedRules {
    static let versions = ["https://jsonfeed.org/version/1", "https://jsonfeed.org/version/1.1"]

    static func check(_ root: JSONNode, expectedSelf: SelfExpectation?, now: Date, into f: inout Findings) {
        guard root.isObject else {
            f.error("json-feed-object", "a JSON Feed is an object", line: root.line, column: root.column)
            return
        }
        duplicateKeys(root, into: &f)
        func at(_ n: JSONNode?) -> (Int, Int) { (n?.line ?? root.line, n?.column ?? root.column) }
        let version = root["version"]
        if version?.string.map(versions.contains) != true {
            let (l, c) = at(version)
            f.error("json-version", "version must be \"https://jsonfeed.org/version/1.1\" (found \(version?.string.map { "\"\($0)\"" } ?? "none"))", line: l, column: c)
        }
        JSONFeedTypes.feed(root, into: &f)
        if root["title"] == nil || root["title"]?.string == "" {
            let (l, c) = at(root["title"])
            f.error("json-title", "feed has no title", line: l, column: c)
        }
        for key in ["home_page_url", "feed_url", "icon", "favicon"] {
            if let n = root[key], let s = n.string, let why = FeedURL.httpProblem(s, iri: true) {
                f.error("json-url-not-absolute", "\(key) \"\(s)\" is not an absolute http(s) URL: \(why)", line: n.line, column: n.column)
            }
        }
        if let feedURL = root["feed_url"]?.string {
            if let expected = expectedSelf, !expected.matches(feedURL) {
                let n = root["feed_url"]!
                f.galleyRule("json-feed-url-mismatch", "feed_url is \"\(feedURL)\" but the feed is published at \(expected)", line: n.line, column: n.column)
            }
        } else {
            f.warning("json-feed-url-missing", "feed has no feed_url, so readers cannot find it again", line: root.line, column: root.column)
        }
        guard let items = root["items"]?.array else {
            let (l, c) = at(root["items"])
            f.error("json-items", "feed has no items array", line: l, column: c)
            return
        }
        var ids: [String: Int] = [:]
        for item in items {
            guard item.isObject else {
                f.error("json-item-object", "each item must be an object", line: item.line, column: item.column)
                continue
            }
            JSONFeedTypes.item(item, into: &f)
            let idNode = item["id"]
            var id: String?
            switch idNode?.value {
            case .string(let s) where !s.isEmpty: id = s
            case .number(let d):
                id = String(d)
                f.warning("json-item-id", "item id should be a string (found a number)", line: idNode!.line, column: idNode!.column)
            default:
                f.error("json-item-id", "item has no id (a non-empty string)", line: item.line, column: item.column)
            }
            if let id {
                if let first = ids[id] {
                    f.error("json-item-id-duplicate", "item id \"\(id)\" is also used by the item on line \(first)", line: idNode!.line, column: idNode!.column)
                } else {
                    ids[id] = item.line
                }
            }
            if item["content_html"]?.string == nil, item["content_text"]?.string == nil {
                f.error("json-item-content", "item has neither content_html nor content_text", line: item.line, column: item.column)
            }
            for key in ["url", "external_url", "image", "banner_image"] {
                if let n = item[key], let s = n.string, let why = FeedURL.httpProblem(s, iri: true) {
                    f.error("json-url-not-absolute", "item \(key) \"\(s)\" is not an absolute http(s) URL: \(why)", line: n.line, column: n.column)
                }
            }
            for key in ["date_published", "date_modified"] {
                guard let n = item[key] else { continue }
                guard let s = n.string, let d = FeedDates.parseRFC3339(s) else {
                    f.error("json-date-format", "\(key) must be an RFC 3339 date-time like \"2026-03-06T10:00:00Z\"", line: n.line, column: n.column)
                    continue
                }
                if d > now.addingTimeInterval(86400) {
                    f.warning("json-date-future", "\(key) \"\(s)\" is in the future", line: n.line, column: n.column)
                }
            }
            if let n = item["title"], let s = n.string, TextChecks.looksLikeHTML(s) {
                f.warning("feed-html-in-text", "item title is plain text but contains HTML markup", line: n.line, column: n.column)
            }
            if let n = item["content_html"], let html = n.string {
                let relative = TextChecks.relativeURLs(inHTML: html, memo: f.memo)
                if !relative.isEmpty {
                    f.warning("json-relative-url-in-html", "content_html has relative URLs (\(relative.prefix(3).map { "\"\($0)\"" }.joined(separator: ", "))) that readers cannot resolve", line: n.line, column: n.column)
                }
            }
            for attachment in item["attachments"]?.array ?? [] {
                if let url = attachment["url"]?.string, let why = FeedURL.httpProblem(url, iri: true) {
                    f.error("json-attachment", "attachment url \"\(url)\" is not an absolute http(s) URL: \(why)", line: attachment.line, column: attachment.column)
                } else if attachment["url"]?.string == nil {
                    f.error("json-attachment", "attachment needs an absolute url", line: attachment.line, column: attachment.column)
                }
                if attachment["mime_type"]?.string.map(RSSRules.isMIMEType) != true {
                    f.error("json-attachment", "attachment needs a mime_type like image/png", line: attachment.line, column: attachment.column)
                }
            }
        }
        strings(root) { s, n in TextChecks.check(s, field: "string", line: n.line, column: n.column, into: &f) }
    }

    static func duplicateKeys(_ node: JSONNode, into f: inout Findings) {
        switch node.value {
        case .object(let members):
            var seen: Set<String> = []
            for m in members {
                if !seen.insert(m.key).inserted {
                    f.error("json-duplicate-key", "key \"\(m.key)\" appears more than once in an object", line: m.value.line, column: m.value.column)
                }
                duplicateKeys(m.value, into: &f)
            }
        case .array(let a): a.forEach { duplicateKeys($0, into: &f) }
        default: break
        }
    }

    static func strings(_ node: JSONNode, _ visit: (String, JSONNode) -> Void) {
        switch node.value {
        case .string(let s): visit(s, node)
        case .object(let members): members.forEach { strings($0.value, visit) }
        case .array(let a): a.forEach { strings($0, visit) }
        default: break
        }
    }
}

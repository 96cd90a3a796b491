import Foundation
import Liquid

extension SEOData {
    /// The tag's output: one element per line, JSON-LD last, between the gem's begin and end comments.
    func html() -> String {
        var lines: [String] = []
        func meta(_ attr: String, _ key: String, _ value: String) { lines.append("<meta \(attr)=\"\(key)\" content=\"\(value)\" />") }
        let pageTitle = pageTitle, description = description, image = image, author = author
        if showTitle, let t = title { lines.append("<title>\(t)</title>") }
        meta("name", "generator", "Jekyll v4.3.1")
        if let t = pageTitle { meta("property", "og:title", t) }
        if let n = author.name, n.isTruthy { meta("name", "author", n.liquidString) }
        meta("property", "og:locale", pageLocale)
        if let d = description {
            meta("name", "description", d)
            meta("property", "og:description", d)
        }
        if let u = siteValue("url"), u.isTruthy {
            lines.append("<link rel=\"canonical\" href=\"\(canonicalURL)\" />")
            meta("property", "og:url", canonicalURL)
        }
        if let s = siteTitle { meta("property", "og:site_name", s) }
        if let image {
            meta("property", "og:image", image.path)
            if let h = image.value("height") { meta("property", "og:image:height", h.liquidString) }
            if let w = image.value("width") { meta("property", "og:image:width", w.liquidString) }
            if let a = image.value("alt") { meta("property", "og:image:alt", a.liquidString) }
        }
        if let date = pageValue("date"), date.isTruthy {
            meta("property", "og:type", "article")
            meta("property", "article:published_time", f.xmlschema(date))
        } else {
            meta("property", "og:type", "website")
        }
        if let p = PluginValue.dig(paginator, "previous_page"), p.isTruthy {
            lines.append("<link rel=\"prev\" href=\"\(f.string("absolute_url", PluginValue.dig(paginator, "previous_page_path") ?? .null))\" />")
        }
        if let n = PluginValue.dig(paginator, "next_page"), n.isTruthy {
            lines.append("<link rel=\"next\" href=\"\(f.string("absolute_url", PluginValue.dig(paginator, "next_page_path") ?? .null))\" />")
        }
        if let image {
            let card = PluginValue.orDefault(PluginValue.orDefault(PluginValue.dig(page, "twitter", "card"), PluginValue.dig(siteValue("twitter"), "card")), .string("summary_large_image"))!
            meta("name", "twitter:card", card.liquidString)
            meta("property", "twitter:image", image.path)
        } else {
            meta("name", "twitter:card", "summary")
        }
        if let a = image?.value("alt") { meta("name", "twitter:image:alt", a.liquidString) }
        if let t = pageTitle { meta("property", "twitter:title", t) }
        if let twitter = siteValue("twitter"), twitter.isTruthy {
            let user = (PluginValue.dig(twitter, "username")?.liquidString ?? "").replacingOccurrences(of: "@", with: "")
            meta("name", "twitter:site", "@" + user)
            if let creator = author.twitter { meta("name", "twitter:creator", "@" + creator.replacingOccurrences(of: "@", with: "")) }
        }
        if let fb = siteValue("facebook"), fb.isTruthy {
            if let v = PluginValue.dig(fb, "admins"), v.isTruthy { meta("property", "fb:admins", v.liquidString) }
            if let v = PluginValue.dig(fb, "publisher"), v.isTruthy { meta("property", "article:publisher", v.liquidString) }
            if let v = PluginValue.dig(fb, "app_id"), v.isTruthy { meta("property", "fb:app_id", v.liquidString) }
        }
        if let wv = siteValue("webmaster_verifications"), wv.isTruthy {
            for (key, name) in [("google", "google-site-verification"), ("bing", "msvalidate.01"), ("alexa", "alexaVerifyID"),
                                ("yandex", "yandex-verification"), ("baidu", "baidu-site-verification"), ("facebook", "facebook-domain-verification")] {
                if let v = PluginValue.dig(wv, key), v.isTruthy { meta("name", name, v.liquidString) }
            }
        } else if let g = siteValue("google_site_verification"), g.isTruthy {
            meta("name", "google-site-verification", g.liquidString)
        }
        lines.append("<script type=\"application/ld+json\">")
        return "<!-- Begin Jekyll SEO tag v2.8.0 -->\n" + lines.joined(separator: "\n") + "\n"
            + f.string("jsonify", .hash(jsonLD(pageTitle: pageTitle, description: description, image: image, author: author)))
            + "</script>\n<!-- End Jekyll SEO tag -->\n"
    }

    /// The JSON-LD object, keys sorted, nil members left out (`JSONLDDrop#to_json`).
    func jsonLD(pageTitle: String?, description: String?, image: SEOImage?, author: SEOAuthor) -> LiquidHash {
        var m: [String: Value] = ["@context": "https://schema.org", "@type": .string(type), "url": .string(canonicalURL)]
        if let n = author.name, n.isTruthy {
            let kind = author.hash["type"].flatMap { $0.isNil ? nil : $0.liquidString }
            if kind == nil || kind == "Organization" || kind == "Person" {
                var a = LiquidHash([("@type", .string(kind ?? "Person")), ("name", n)])
                if let u = author.hash["url"], u.isTruthy { a["url"] = u }
                m["author"] = .hash(a)
            }
        }
        m["dateModified"] = dateModified.map(Value.string)
        m["datePublished"] = datePublished.map(Value.string)
        m["description"] = description.map(Value.string)
        m["headline"] = pageTitle.map(Value.string)
        if let image {
            if image.data.count == 1 {
                m["image"] = .string(image.path)
            } else {
                var h = LiquidHash()
                for (k, v) in image.data.pairs where k != "path" { h[k] = v }
                h["url"] = .string(image.path)
                h["@type"] = "imageObject"
                m["image"] = .hash(h)
            }
        }
        if ["BlogPosting", "CreativeWork"].contains(type) {
            m["mainEntityOfPage"] = .hash(LiquidHash([("@type", "WebPage"), ("@id", .string(canonicalURL))]))
        }
        m["name"] = name.map(Value.string)
        if let logo {
            var p = LiquidHash([("@type", "Organization"), ("logo", .hash(LiquidHash([("@type", "ImageObject"), ("url", .string(logo))])))])
            if let n = author.name, n.isTruthy { p["name"] = n }
            m["publisher"] = .hash(p)
        }
        m["sameAs"] = links
        var out = LiquidHash()
        for k in m.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) { out[k] = m[k]! }
        return out
    }
}

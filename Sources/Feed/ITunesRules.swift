import Foundation
import TextBytes

/// Apple Podcasts' `itunes:` tags (namespace below), checked as the W3C feed validator checks them:
/// podcast feeds are the feeds people validate most, and Apple rejects a feed for these faults.
enum ITunesRules {
    static let ns = "http://www.itunes.com/dtds/podcast-1.0.dtd"

    /// `items`: the `ItemChecks` of the channel's items (those in no namespace), in order, whose `itunes` findings
    /// stand in for `check(item:)`.
    static func check(channel: XMLElementNode, items: [RSSRules.ItemChecks], into f: inout Findings) {
        common(channel, into: &f)
        for category in channel.all("category", ns: ns) {
            categoryRule(category, allowed: Set(categories.keys), retired: Set(retiredCategories.keys), parent: nil, into: &f)
            if let name = category.attributes["text"] {
                for sub in category.all("category", ns: ns) {
                    categoryRule(sub, allowed: Set(categories[name] ?? []), retired: Set(retiredCategories[name] ?? []), parent: name, into: &f)
                }
            }
        }
        if let owner = channel.first("owner", ns: ns) {
            if let email = owner.first("email", ns: ns) {
                if !isAddrSpec(email.trimmedText) {
                    f.error("itunes-email", "itunes:email \"\(email.trimmedText)\" is not an e-mail address", at: email)
                }
            } else {
                f.error("itunes-owner", "itunes:owner has no itunes:email (Apple writes to it to verify the podcast)", at: owner)
            }
            limit(owner, "name", 255, into: &f)
        }
        if let type = channel.first("type", ns: ns), !["episodic", "serial"].contains(type.text) {
            f.error("itunes-type", "itunes:type must be \"episodic\" or \"serial\" (found \"\(type.text)\")", at: type)
        }
        RSSRules.replay(\.itunes, of: items, in: channel, into: &f)
    }

    static func check(item: XMLElementNode, into f: inout Findings) {
        common(item, into: &f)
        if let d = item.first("duration", ns: ns), !isDuration(d.text) {
            f.error("itunes-duration", "itunes:duration \"\(d.text)\" must be seconds or H:MM:SS / MM:SS", at: d)
        }
        for name in ["episode", "season"] {
            if let el = item.first(name, ns: ns), (Int(el.text).map { $0 <= 0 } ?? true) {
                f.error("itunes-\(name)", "itunes:\(name) must be a positive whole number (found \"\(el.text)\")", at: el)
            }
        }
        if let t = item.first("episodeType", ns: ns), !["full", "trailer", "bonus"].contains(t.text) {
            f.error("itunes-episode-type", "itunes:episodeType must be \"full\", \"trailer\" or \"bonus\" (found \"\(t.text)\")", at: t)
        }
    }

    /// Tags allowed on both the channel and an item.
    static func common(_ el: XMLElementNode, into f: inout Findings) {
        var seen: Set<String> = []
        for c in el.children where c.namespace == ns && c.name != "category" {
            if !seen.insert(c.name).inserted {
                f.error("itunes-duplicate-element", "itunes:\(c.name) appears more than once in <\(el.name)>", at: c)
            }
        }
        if let e = el.first("explicit", ns: ns), !["true", "false"].contains(e.text.lowercased()) {
            f.error("itunes-explicit", "itunes:explicit must be \"true\" or \"false\" (found \"\(e.text)\"; Apple no longer accepts yes, no or clean)", at: e)
        }
        if let b = el.first("block", ns: ns), !["yes", "no", "clean"].contains(b.text.lowercased()) {
            f.error("itunes-block", "itunes:block must be \"Yes\" (found \"\(b.text)\")", at: b)
        }
        if let image = el.first("image", ns: ns) {
            let href = image.attributes["href"] ?? ""
            if href.isEmpty {
                f.error("itunes-image", "itunes:image needs href=\"…\" with an absolute http(s) URL", at: image)
            } else if let why = FeedURL.httpProblem(href) {
                f.error("itunes-image", "itunes:image href \"\(href)\" is not an absolute http(s) URL: \(why)", at: image)
            }
        }
        for (name, max) in [("author", 255), ("keywords", 255), ("subtitle", 255), ("summary", 4000)] { limit(el, name, max, into: &f) }
    }

    static func limit(_ parent: XMLElementNode, _ name: String, _ max: Int, into f: inout Findings) {
        guard let el = parent.first(name, ns: ns) else { return }
        let count = el.text.count
        if count > max {
            f.error("itunes-too-long", "itunes:\(name) is \(count) characters; Apple allows \(max)", at: el)
        }
    }

    static func categoryRule(_ el: XMLElementNode, allowed: Set<String>, retired: Set<String>, parent: String?, into f: inout Findings) {
        guard let text = el.attributes["text"] else {
            f.error("itunes-category", "itunes:category has no text=\"…\" attribute", at: el)
            return
        }
        guard !allowed.contains(text) else { return }
        if retired.contains(text) {
            f.warning("itunes-category", "itunes:category \"\(text)\" is a category Apple retired in 2019; choose a current one", at: el)
            return
        }
        let distance = { (s: String) in EditDistance.osa(s.lowercased(), text.lowercased()) }
        let suggestion = allowed.min { distance($0) < distance($1) }.flatMap { distance($0) <= 3 ? $0 : nil }
        let list = parent.map { "a subcategory of \($0)" } ?? "an Apple Podcasts category"
        f.error("itunes-category", "itunes:category \"\(text)\" is not \(list)\(suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")", at: el)
    }

    /// `\d+(:[0-5]\d(:[0-5]\d)?)?`: seconds, or minutes/hours with two-digit parts.
    static func isDuration(_ s: String) -> Bool {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let first = parts.first, !first.isEmpty,
              first.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return parts.dropFirst().allSatisfy { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } && $0.first! <= "5" }
    }

    /// A plain address (`local@domain.tld`), the form Apple and RFC 2822's addr-spec expect.
    static func isAddrSpec(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix(".") else { return false }
        let local: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || "!#$%&'*+/=?^_`{|}~.-".contains($0)) }
        let domain: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
        return parts[0].allSatisfy(local) && parts[1].allSatisfy(domain)
    }

    /// Apple Podcasts categories and their subcategories (Apple's published list, 2019 revision).
    static let categories: [String: [String]] = [
        "Arts": ["Books", "Design", "Fashion & Beauty", "Food", "Performing Arts", "Visual Arts"],
        "Business": ["Careers", "Entrepreneurship", "Investing", "Management", "Marketing", "Non-Profit"],
        "Comedy": ["Comedy Interviews", "Improv", "Stand-Up"],
        "Education": ["Courses", "How To", "Language Learning", "Self-Improvement"],
        "Fiction": ["Comedy Fiction", "Drama", "Science Fiction"],
        "Government": [],
        "Health & Fitness": ["Alternative Health", "Fitness", "Medicine", "Mental Health", "Nutrition", "Sexuality"],
        "History": [],
        "Kids & Family": ["Education for Kids", "Parenting", "Pets & Animals", "Stories for Kids"],
        "Leisure": ["Animation & Manga", "Automotive", "Aviation", "Crafts", "Games", "Hobbies", "Home & Garden", "Video Games"],
        "Music": ["Music Commentary", "Music History", "Music Interviews"],
        "News": ["Business News", "Daily News", "Entertainment News", "News Commentary", "Politics", "Sports News", "Tech News"],
        "Religion & Spirituality": ["Buddhism", "Christianity", "Hinduism", "Islam", "Judaism", "Spirituality"],
        "Science": ["Astronomy", "Chemistry", "Earth Sciences", "Life Sciences", "Mathematics", "Natural Sciences", "Nature", "Physics", "Social Sciences"],
        "Society & Culture": ["Documentary", "Personal Journals", "Philosophy", "Places & Travel", "Relationships"],
        "Sports": ["Baseball", "Basketball", "Cricket", "Fantasy Sports", "Football", "Golf", "Hockey", "Rugby", "Running", "Soccer", "Swimming", "Tennis", "Volleyball", "Wilderness", "Wrestling"],
        "TV & Film": ["After Shows", "Film History", "Film Interviews", "Film Reviews", "TV Reviews"],
        "Technology": [],
        "True Crime": [],
    ]

    /// Names Apple retired in 2019: still read, so a warning.
    static let retiredCategories: [String: [String]] = [
        "Arts": ["Literature"],
        "Arts & Entertainment": ["Architecture", "Design", "Entertainment", "Games", "Performing Arts", "Photography", "Poetry", "Science Fiction"],
        "Audio Blogs": [],
        "Business": ["Careers", "Finance", "Investing", "Management & Marketing", "News", "Shopping"],
        "Comedy": [],
        "Education": ["Education Technology", "Higher Education", "K-12", "Language Courses", "Training"],
        "Family": [],
        "Food": [],
        "Games & Hobbies": ["Automotive", "Aviation", "Hobbies", "Other Games", "Video Games"],
        "Government & Organizations": ["Local", "National", "Non-Profit", "Regional"],
        "Health": ["Alternative Health", "Diet & Nutrition", "Fitness", "Fitness & Nutrition", "Relationships", "Self-Help", "Sexuality"],
        "International": ["Australian", "Belgian", "Brazilian", "Canadian", "Chinese", "Dutch", "French", "German", "Hebrew", "Italian", "Japanese", "Norwegian", "Polish", "Portuguese", "Spanish", "Swedish"],
        "Movies & Television": [],
        "News & Politics": [],
        "Politics": [],
        "Public Radio": [],
        "Religion & Spirituality": ["Buddhism", "Christianity", "Islam", "Judaism", "New Age", "Philosophy", "Other", "Spirituality"],
        "Science & Medicine": ["Medicine", "Natural Sciences", "Social Sciences"],
        "Society & Culture": ["History"],
        "Sports & Recreation": ["Amateur", "College & High School", "Outdoor", "Professional"],
        "Talk Radio": [],
        "Technology": ["Computers", "Developers", "Gadgets", "Information Technology", "News", "Operating Systems", "Podcasting", "Smart Phones", "Software How-To", "Tech News", "Text/Speech"],
        "Transportation": ["Automotive", "Aviation", "Bicycles", "Commuting"],
        "Travel": [],
    ]
}

import Foundation
import Testing
@testable import Site

@Suite struct PermalinkTests {
    let utc = TimeZone(identifier: "UTC")!

    func fields(title: String = "Hello-World", slug: String = "hello-world", categories: [String] = [], date: String? = "2026-03-06 10:05:09") -> Permalink.Fields {
        Permalink.Fields(title: title, slug: slug, categories: categories, date: date.flatMap { SiteDates.parse($0, timeZone: utc) }, timeZone: utc)
    }

    func expand(_ pattern: String, _ f: Permalink.Fields) throws -> Permalink {
        try Permalink.expand(pattern, f).get()
    }

    @Test func jekyllExtensionlessPermalink() throws {
        let p = try expand("/blog/:title", fields())
        #expect(p.url == "/blog/Hello-World" && p.outputPath == "blog/Hello-World.html")
    }

    @Test func trailingSlashWritesIndex() throws {
        let p = try expand("/:year/:month/:day/:slug/", fields())
        #expect(p.url == "/2026/03/06/hello-world/" && p.outputPath == "2026/03/06/hello-world/index.html")
    }

    @Test func jekyllDateStyleWithCategories() throws {
        // Jekyll's default `date` style, categories lowercased and joined.
        let p = try expand("date", fields(categories: ["Engineering", "Swift"]))
        #expect(p.url == "/engineering/swift/2026/03/06/Hello-World.html")
        #expect(p.outputPath == "engineering/swift/2026/03/06/Hello-World.html")
        // No categories: the empty segment collapses.
        #expect(try expand("date", fields()).url == "/2026/03/06/Hello-World.html")
    }

    @Test func otherPlaceholders() throws {
        let p = try expand("/:short_year/:i_month/:i_day/:hour:minute:second-:title/", fields())
        #expect(p.url == "/26/3/6/100509-Hello-World/")
    }

    @Test func unicodeIsPercentEncodedInURLButNotInFileName() throws {
        let p = try expand("/blog/:title", fields(title: "café-ünïcode"))
        #expect(p.url == "/blog/caf%C3%A9-%C3%BCn%C3%AFcode")
        #expect(p.outputPath == "blog/café-ünïcode.html")
    }

    @Test func climbingOutIsRefused() {
        #expect(throws: Permalink.Failure.leavesOutput) { try expand("/../x/:title", fields()) }
        #expect(throws: Permalink.Failure.leavesOutput) { try expand("/a/./:title", fields()) }
        #expect(throws: Permalink.Failure.unknownPlaceholder("nope")) { try expand("/:nope/", fields()) }
    }

    @Test func jekyllSlugify() {
        #expect(Slug.jekyll("Hello, World!") == "hello-world")
        #expect(Slug.jekyll("Hello, World!", mode: .pretty, cased: true) == "Hello,-World!")
        #expect(Slug.jekyll("  Über  Straße ") == "über-straße")
    }

    @Test func termSlugsStayDistinct() {
        #expect(Slug.term("C++") == "c-plus-plus")
        #expect(Slug.term("C#") == "c-sharp")
        #expect(Slug.term("C") == "c")
        #expect(Slug.term("Swift Concurrency") == "swift-concurrency")
        #expect(Slug.term("日本語") == "日本語")
        #expect(Slug.term("!!!") == "term")
    }
}

@Suite struct DateTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func parsesTheFormsPeopleWrite() throws {
        let base = try #require(SiteDates.parse("2026-03-06T10:00:00Z", timeZone: utc))
        #expect(SiteDates.parse("2026-03-06 10:00:00 +0000", timeZone: utc) == base)
        #expect(SiteDates.parse("2026-03-06 11:00:00 +01:00", timeZone: utc) == base)
        #expect(SiteDates.parse("2026-03-06 10:00", timeZone: utc) == base)
        #expect(SiteDates.parse("2026-03-06T05:00:00-05:00", timeZone: utc) == base)
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        // Without an offset, the site's time zone applies.
        #expect(SiteDates.parse("2026-03-06 11:00", timeZone: berlin) == base)
        #expect(SiteDates.iso8601(base, berlin) == "2026-03-06T11:00:00+01:00")
    }

    @Test func formatsRFC3339AcrossZonesAndCalendars() throws {
        let cases: [(String, String, String)] = [
            ("2024-02-29T23:59:59Z", "UTC", "2024-02-29T23:59:59+00:00"),
            ("2024-03-01T02:30:00Z", "America/New_York", "2024-02-29T21:30:00-05:00"),
            ("1969-12-31T23:00:00Z", "Asia/Kolkata", "1970-01-01T04:30:00+05:30"),
            ("2000-01-01T00:00:00Z", "Pacific/Chatham", "2000-01-01T13:45:00+13:45"),
            ("2026-07-04T12:00:00Z", "Europe/Berlin", "2026-07-04T14:00:00+02:00"),
        ]
        for (instant, zone, expected) in cases {
            let date = try #require(SiteDates.parse(instant, timeZone: utc))
            #expect(SiteDates.iso8601(date, TimeZone(identifier: zone)!) == expected, "\(instant) in \(zone)")
        }
    }

    @Test func rejectsNonsense() {
        for s in ["2026-02-30", "2026-13-01", "next tuesday", "2026-03-06 25:00", "2026-03-06T10:00:00 junk", "06/03/2026"] {
            #expect(SiteDates.parse(s, timeZone: utc) == nil, "\(s)")
        }
    }
}

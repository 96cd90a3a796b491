import Foundation
import Testing
@testable import Site

/// The loading shortcuts (date arithmetic, ASCII slugs, unescaped paths) against the Foundation code they replace.
@Suite struct LoadFastPathTests {
    static let zones = ["UTC", "GMT", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Kiritimati"]
        .compactMap(TimeZone.init(identifier:)) + [TimeZone(secondsFromGMT: 3600)!, TimeZone(secondsFromGMT: -34200)!]

    @Test func dateParsingMatchesCalendar() {
        var inputs = ["2026-03-06", "2026-03-06 10:00", "2026-03-06 10:00:00 +0100", "2026-03-06T10:00:00Z", "2026-03-06T10:00:00+01:00",
                      "2026-03-06t10:00:00z", "  2026-03-06 10:00:00  ", "\t2026-03-06\t", "2026-02-29", "2024-02-29", "2100-02-29", "2000-02-29",
                      "2026-04-31", "2026-13-01", "2026-00-10", "2026-01-00", "2026-03-06 24:00", "2026-03-06 23:59:60", "2026-12-31T23:59:59-12:00",
                      "2026-03-06 10:00:00.250Z", "1582-10-10", "1700-01-01T00:00:00Z", "1600-03-01", "8999-12-31T23:59:59Z", "9500-01-01Z",
                      "2026-03-29 02:30:00", "2026-10-25 02:30:00", "2026-03-06 10:00:00 -0930", "2026-03-06 10:00:00 +14", "2026-3-6",
                      "2026-03-06 10:00:00 +01:3", "2026-03-06x", "\u{3000}2026-03-06", "2026-03-06 10:00 Z"]
        for y in [1701, 1899, 1969, 1970, 2000, 2024, 2038, 2400, 8999] {
            for m in [1, 2, 3, 12] { inputs.append(String(format: "%04d-%02d-28T23:%02d:07Z", y, m, m)); inputs.append(String(format: "%04d-%02d-01", y, m)) }
        }
        for zone in Self.zones {
            for s in inputs {
                let fast = SiteDates.parse(s, timeZone: zone)
                let reference = SiteDates.parse(s, timeZone: zone, arithmetic: false)
                #expect(fast?.timeIntervalSinceReferenceDate.bitPattern == reference?.timeIntervalSinceReferenceDate.bitPattern,
                        "\(s) in \(zone.identifier): \(String(describing: fast)) != \(String(describing: reference))")
            }
        }
    }

    @Test func calendarFieldsMatchCalendar() {
        var t: TimeInterval = -9_000_000_000   // 1684
        while t < 240_000_000_000 {
            for zone in Self.zones {
                for dt: TimeInterval in [0, 0.75, 86399.5, 50399] {
                    let d = Date(timeIntervalSince1970: t + dt)
                    let c = SiteDates.components(d, zone)
                    let f = SiteDates.fields(d, zone)
                    let expected = [c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!, c.weekday!]
                    #expect([f.year, f.month, f.day, f.hour, f.minute, f.second, f.weekday] == expected, "\(d) in \(zone.identifier)")
                    let ymd = SiteDates.ymd(d, zone)
                    #expect([ymd.year, ymd.month, ymd.day] == Array(expected.prefix(3)))
                    let day: String = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
                    #expect(SiteDates.day(d, zone) == day)
                }
            }
            t += 987_654_321.0 / 7
        }
        // Outside the arithmetic range, Calendar itself answers.
        let old = Date(timeIntervalSince1970: -13_000_000_000)
        #expect(SiteDates.ymd(old, TimeZone(identifier: "UTC")!).year == SiteDates.components(old, TimeZone(identifier: "UTC")!).year)
    }

    @Test func asciiSlugsMatchTheCharacterRules() {
        let samples = ["Hello World", "C++ & C#", "  leading and trailing  ", "a--b__c..d", "MiXeD-Case_123", "._~!$&'()+,;=@", "", "---",
                       "tabs\tand\nnewlines\r\nend", "2026-03-06-my-post", "x/y\\z", "100% (done)", "\"quoted\" 'single'"]
        for s in samples {
            for mode in [Slug.Mode.default, .pretty] {
                for cased in [false, true] {
                    #expect(Slug.jekyll(s, mode: mode, cased: cased) == Slug.characterJekyll(s, mode: mode, cased: cased), "\(s)")
                }
            }
        }
        #expect(Slug.term("C++") == "c-plus-plus" && Slug.term("C#") == "c-sharp" && Slug.term("Swift") == "swift" && Slug.term("++") == "plus-plus")
        #expect(Slug.jekyll("Über Café") == "über-café")
    }

    @Test func escapePathMatchesFoundation() {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~!$&'()*+,;=:@/")
        for s in ["/2026/03/06/hello/", "/a b/", "/ü/", "/100%/", "/q?x=1#f", "/[x]/", "/a\"b/", "/~user/x.html", "/:@!$&'()*+,;=/", ""] {
            #expect(Slug.escapePath(s) == (s.addingPercentEncoding(withAllowedCharacters: allowed) ?? s), "\(s)")
        }
    }

    @Test func fileNameExtensionsMatchNSString() {
        for name in ["2026-03-06-hello.md", "about.markdown", "a.b.md", ".md", ".hidden", "noext", "a.", "a..md", "a.m-d", "ü.md", "a.MD",
                     "x.md~", "a b.md", "..md", "a.1", "a./b", "a.tar.gz"] {
            #expect(ContentLoader.deletingExtension(name) == (name as NSString).deletingPathExtension, "\(name)")
        }
    }

    @Test func permalinkSegmentsKeepTheirRules() throws {
        let f = Permalink.Fields(title: "T", slug: "t", categories: ["A/B", "c"], date: nil, timeZone: TimeZone(identifier: "UTC")!)
        #expect(try Permalink.expand("/:categories/:title/", f).get().url == "/a/b/c/T/")
        #expect(try Permalink.expand("//x//y.xml", f).get() == Permalink(url: "/x/y.xml", outputPath: "x/y.xml"))
        #expect(try Permalink.expand("/docs/index.html", f).get() == Permalink(url: "/docs/", outputPath: "docs/index.html"))
        #expect(try Permalink.expand("/é/:title", f).get() == Permalink(url: "/%C3%A9/T", outputPath: "é/T.html"))
        #expect(Permalink.expand("/a/../b", f) == .failure(.leavesOutput))
        #expect(Permalink.expand("/a\\b/", f) == .failure(.leavesOutput))
        #expect(Permalink.expand("/é/../x", f) == .failure(.leavesOutput))
        #expect(Permalink.expand("/:::x/", f) == .failure(.unknownPlaceholder("x")))
        #expect(try Permalink.expand("/a:/:1/b::/", f).get().url == "/a:/:1/b::/")
        #expect(Permalink.expand("/:x_y/", f) == .failure(.unknownPlaceholder("x_y")))
    }

    @Test func everyDatePlaceholderMatchesCalendarFormatting() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        // Jekyll's (Ruby's) English names, whatever the page's language: URLs do not change with `lang`.
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        for text in ["2026-03-06 01:02:03", "2024-12-31 23:59:59", "2027-01-01 00:00:00", "1999-07-04 12:30:00"] {
            let date = try #require(SiteDates.parse(text, timeZone: zone))
            let f = Permalink.Fields(title: "T", slug: "t", categories: [], date: date, timeZone: zone)
            let p = try Permalink.expand("/:year/:short_year/:month/:i_month/:short_month/:long_month/:day/:i_day/:y_day/:week/:short_day/:hour/:minute/:second/", f).get()
            var cal = Calendar(identifier: .gregorian)
            cal.timeZone = zone
            let c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            let expected = [String(format: "%04d", c.year!), String(format: "%02d", c.year! % 100), String(format: "%02d", c.month!), String(c.month!),
                            String(months[c.month! - 1].prefix(3)), months[c.month! - 1], String(format: "%02d", c.day!),
                            String(c.day!), String(format: "%03d", cal.ordinality(of: .day, in: .year, for: date)!),
                            String(format: "%02d", cal.component(.weekOfYear, from: date)), ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][c.weekday! - 1],
                            String(format: "%02d", c.hour!), String(format: "%02d", c.minute!), String(format: "%02d", c.second!)]
            #expect(p.url == "/" + expected.joined(separator: "/") + "/", "\(text)")
        }
        let undated = Permalink.Fields(title: "T", slug: "t", categories: [], date: nil, timeZone: zone)
        #expect(Permalink.expand("/:year/:title", undated) == .failure(.unknownPlaceholder("year")))
        #expect(Permalink.expand("/:nope/", undated) == .failure(.unknownPlaceholder("nope")))
    }
}

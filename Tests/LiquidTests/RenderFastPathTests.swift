import Foundation
import Testing
@testable import Liquid

/// The render's fast paths give what the general code they stand in for gives.
@Suite struct RenderFastPathTests {
    /// `date_to_xmlschema`'s byte writer against `Strftime.format`, across years, offsets and zones.
    @Test func xmlschemaMatchesStrftime() throws {
        let offsets = [0, 3600, -3600, 19800, -34200, 20700, 50400, -43200, 45, -5400, 99 * 3600 + 59 * 60]
        let instants = [0, 1, 59, 86399, 951_782_400, 1_700_000_000, 1_709_210_096, 253_402_300_799, -1, -86_401,
                        -62_135_596_800, -62_167_219_200, 253_402_300_800]
        var compared = 0
        for seconds in instants {
            for offset in offsets {
                let t = RubyTime(seconds: seconds, nanos: 5, offset: offset, zoneName: "", isUTC: false)
                let general = try Strftime.format(t, "%Y-%m-%dT%H:%M:%S%:z")
                if let fast = Strftime.xmlschema(t) {
                    #expect(fast == general, "\(seconds) \(offset)")
                    compared += 1
                } else {
                    #expect(t.fields.year < 0 || t.fields.year > 9999 || abs(offset) >= 100 * 3600)
                }
            }
        }
        #expect(compared > 100)
        for zone in ["UTC", "Europe/Berlin", "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham"] {
            let context = TestFilterContext(zone: zone)
            for date in ["2024-03-31 01:59:59", "2024-10-27 02:30:00 +0100", "1969-12-31", "2024-06-01T12:00:00Z"] {
                let t = try DateFilters.time(.string(date), context)
                #expect(Strftime.xmlschema(t) == (try Strftime.format(t, "%Y-%m-%dT%H:%M:%S%:z")), "\(zone) \(date)")
            }
        }
    }

    /// A date goes straight to the site's zone: the same time as parsing it and then `localtime`.
    @Test func dateInputSkipsTheFirstZoneLookup() throws {
        for zone in ["UTC", "Europe/Berlin", "America/New_York"] {
            let tz = TimeZone(identifier: zone)!
            for (seconds, offset) in [(1_700_000_000.25, 0), (1_711_846_799.999_999_6, 3600), (-1.5, -18000), (0, 7200)] {
                let input = Value.date(Date(timeIntervalSince1970: seconds), utcOffset: offset)
                let fast = try DateFilters.time(input, TestFilterContext(zone: zone))
                let general = DateParsing.toDate(input, zone: tz)!.localtime(tz)
                #expect(fast.seconds == general.seconds && fast.nanos == general.nanos && fast.offset == general.offset)
                #expect(fast.zoneName == general.zoneName && fast.isUTC == general.isUTC)
            }
        }
    }

    /// `%Z` still names the zone now that the name is looked up only when printed.
    @Test func zoneNameLookedUpWhenPrinted() throws {
        let t = RubyTime.local(seconds: 1_700_000_000, zone: TimeZone(identifier: "Europe/Berlin")!)
        #expect(try Strftime.format(t, "%Z %z") == "CET +0100")
        let fixed = RubyTime.from(Date(timeIntervalSince1970: 0), offset: 0, zone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(try Strftime.format(fixed, "%Z") == "UTC")
    }

    /// Include names checked byte by byte give the regular expressions' answer.
    @Test func includeNamesMatchTheExpressions() {
        let names = ["head.liquid", "partials/head.liquid", "a..b", "a/./b", "a//b", "./x", "x/", ".", "..", "",
                     "a b", "a\n", "a.html\n", "über.html", "a-b_c(1)+~#@.html", "a;b", "a\\b", "a?b", "/abs/x.html",
                     "x.liquid\r\n", "ok/.hidden", "a.\u{301}b"]
        for name in names {
            let expected = !name.isEmpty && !RenderContext.invalidSequence.matches(name) && RenderContext.validFilename.matches(name)
            #expect(RenderContext.isValidIncludeName(name) == expected, "\(name.debugDescription)")
        }
    }

    /// `putFirst` orders keys as a hash rebuilt key by key would.
    @Test func putFirstMatchesRebuilding() {
        let order = LiquidKeyOrder(["title", "url", "date", "url", "tags"])
        #expect(order.keys == ["title", "url", "date", "tags"])
        let known = LiquidHash([("mood", "calm"), ("url", "/x/"), ("title", "T"), ("extra", 3), ("tags", .null)])
        var rebuilt = LiquidHash()
        for k in order.keys { rebuilt[k] = known[k] ?? .null }
        for (k, v) in known.pairs where rebuilt[k] == nil { rebuilt[k] = v }
        var moved = known
        moved.putFirst(order, missing: .null)
        #expect(moved.keys == rebuilt.keys)
        #expect(moved.keys == ["title", "url", "date", "tags", "mood", "extra"])
        for k in rebuilt.keys { #expect(moved[k]?.rubyInspect == rebuilt[k]?.rubyInspect, "\(k)") }
        #expect(moved.count == rebuilt.count)
    }
}

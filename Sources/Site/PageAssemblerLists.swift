import Foundation
import Liquid

/// Related posts and the archive's years: the two site-wide lists a page assembly computes.
extension PageAssembler {
    /// Up to three other posts sharing the most tags, newer first on ties. Candidates are the 500
    /// newest posts of each tag, so a tag on every post does not make this quadratic; one scratch
    /// array of counts and a top-three pass replace a dictionary and a sort per post.
    /// Parts of the list go to all cores: the pass ran alone between rendering and the pages (about
    /// 6 ms at 1000 posts).
    static func relatedPosts(_ posts: [RenderedDocument], terms: [Term], index: [String: Int]) -> [[Int]] {
        Array(onAllCores(posts.count, minimum: 256) { range in relatedPosts(posts, terms: terms, index: index, in: range) }.joined())
    }

    private static func relatedPosts(_ posts: [RenderedDocument], terms: [Term], index: [String: Int], in range: Range<Int>) -> [[Int]] {
        var result: [[Int]] = []
        result.reserveCapacity(range.count)
        var touched: [Int] = []
        // Counts and candidates through raw buffers: the counting loop runs ~600,000 times a build at 1000
        // posts, and each checked, uniqueness-tested `count[j] += 1` made it 46M instructions (now ~8M).
        let counts = UnsafeMutableBufferPointer<Int32>.allocate(capacity: posts.count)
        counts.initialize(repeating: 0)
        defer { counts.deallocate() }
        for i in range {
            touched.removeAll(keepingCapacity: true)
            for slug in posts[i].source.tagSlugs {
                guard let t = index["tag:\(slug)"] else { continue }
                terms[t].posts.withUnsafeBufferPointer { candidates in
                    for j in candidates.prefix(500) where j != i {
                        if counts[j] == 0 { touched.append(j) }
                        counts[j] &+= 1
                    }
                }
            }
            // Best three by (shared tags desc, index asc = newer first).
            var best: [(Int32, Int)] = []
            for j in touched {
                let c = counts[j]
                counts[j] = 0
                if best.count < 3 || (c, -j) > (best[best.count - 1].0, -best[best.count - 1].1) {
                    best.append((c, j))
                    best.sort { ($0.0, -$0.1) > ($1.0, -$1.1) }
                    if best.count > 3 { best.removeLast() }
                }
            }
            result.append(best.map(\.1))
        }
        return result
    }

    /// Posts grouped by year, then month, newest first.
    func archive(_ summary: (Int) -> LiquidHash) -> Value {
        var years: [Value] = []
        var currentYear = "", currentMonth = ""
        var months: [Value] = []
        var monthPosts: [Value] = []
        var yearCount = 0
        func flushMonth() {
            if !monthPosts.isEmpty { months.append(.hash(LiquidHash([("name", .string(currentMonth)), ("posts", .array(monthPosts))]))); yearCount += monthPosts.count }
            monthPosts = []
        }
        func flushYear() {
            flushMonth()
            if !months.isEmpty { years.append(.hash(LiquidHash([("year", .string(currentYear)), ("months", .array(months)), ("count", .int(yearCount))]))) }
            months = []
            yearCount = 0
        }
        for (i, p) in posts.enumerated() {
            guard let d = p.source.date else { continue }
            let c = SiteDates.ymd(d, config.timeZone)
            let y = String(c.year), m = words.names.monthHeadings[c.month - 1]
            if y != currentYear { flushYear(); currentYear = y; currentMonth = m }
            else if m != currentMonth { flushMonth(); currentMonth = m }
            monthPosts.append(.hash(summary(i)))
        }
        flushYear()
        return .array(years)
    }
}

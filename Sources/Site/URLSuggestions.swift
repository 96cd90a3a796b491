import Foundation

/// "Did you mean …?" for links and images that lead nowhere, at a cost a site with a thousand broken
/// links does not notice: candidates share the target's first path segment (`/packages/…` is never
/// answered with `/documentation/…`) and a length within the distance allowed, the distance is
/// computed on bytes and given up as soon as it passes that bound, each distinct target is looked
/// up once, and the targets are looked up in parallel.
struct URLSuggestions: Sendable {
    private struct Candidate: Sendable {
        let url: String
        let bytes: [UInt8]
    }
    /// Candidates by their lowercased first segment (after the base path).
    private let groups: [[UInt8]: [Candidate]]
    /// Candidates of one segment (`/about/`): a typo in a top-level name (`/abot/`) changes the first
    /// segment, so those are also looked up here.
    private let topLevel: [Candidate]
    private let basePath: String

    init(urls: [String], basePath: String) {
        self.basePath = basePath
        var groups: [[UInt8]: [Candidate]] = [:]
        var topLevel: [Candidate] = []
        var seen = Set<String>()
        for url in urls where seen.insert(url).inserted {
            let bytes = Self.key(url, basePath: basePath)
            groups[Self.firstSegment(bytes), default: []].append(Candidate(url: url, bytes: bytes))
            if Self.isOneSegment(bytes) { topLevel.append(Candidate(url: url, bytes: bytes)) }
        }
        self.groups = groups
        self.topLevel = topLevel
    }

    /// Lowercased ASCII bytes of the path after the base path, without a trailing `/`, `.html` or `/index.html`.
    static func key(_ url: String, basePath: String) -> [UInt8] {
        var s = Substring(url)
        if !basePath.isEmpty, s.hasPrefix(basePath) { s = s.dropFirst(basePath.count) }
        if s.hasSuffix("/index.html") { s = s.dropLast("index.html".count) }
        if s.hasSuffix(".html") { s = s.dropLast(5) }
        while s.count > 1, s.hasSuffix("/") { s = s.dropLast() }
        return s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    static func isOneSegment(_ key: [UInt8]) -> Bool {
        !(key.first == 0x2F ? key.dropFirst() : key[...]).contains(0x2F)
    }

    static func firstSegment(_ key: [UInt8]) -> [UInt8] {
        let body = key.first == 0x2F ? key.dropFirst() : key[...]
        return Array(body.prefix { $0 != 0x2F })
    }

    /// Edits allowed: a third of the last segment's length, 1 to 4 (a typo, not another page).
    static func limit(_ key: [UInt8]) -> Int {
        let last = key.split(separator: 0x2F).last?.count ?? 0
        return max(1, min(4, last / 3))
    }

    /// The nearest candidate within the limit (nearest first, then first listed) and how many
    /// distances were computed for it.
    func nearest(_ url: String) -> (url: String?, computations: Int) {
        let key = Self.key(url, basePath: basePath)
        guard !key.isEmpty else { return (nil, 0) }
        var group = groups[Self.firstSegment(key)] ?? []
        if Self.isOneSegment(key) { group += topLevel.filter { Self.firstSegment($0.bytes) != Self.firstSegment(key) } }
        var bestDistance = Self.limit(key) + 1
        var best: String?
        var computations = 0
        for c in group where abs(c.bytes.count - key.count) < bestDistance && c.url != url {
            computations += 1
            if let d = BoundedEditDistance.osa(key, c.bytes, limit: bestDistance - 1) {
                best = c.url
                bestDistance = d
                if d == 0 { break }
            }
        }
        return (best, computations)
    }

    /// `nearest` for each distinct target, on every core.
    func nearest(all targets: Set<String>) -> (suggestions: [String: String], computations: Int) {
        let list = Array(targets)
        let results = UnsafeResults(count: list.count)
        DispatchQueue.concurrentPerform(iterations: list.count) { i in results.set(i, nearest(list[i])) }
        var out: [String: String] = [:]
        var total = 0
        for (i, r) in results.all.enumerated() {
            total += r.computations
            if let u = r.url { out[list[i]] = u }
        }
        return (out, total)
    }

    /// One slot per target, each written by one iteration only.
    private final class UnsafeResults: @unchecked Sendable {
        private var items: [(url: String?, computations: Int)]
        private let lock = NSLock()
        init(count: Int) { items = Array(repeating: (nil, 0), count: count) }
        func set(_ i: Int, _ r: (url: String?, computations: Int)) { lock.lock(); items[i] = r; lock.unlock() }
        var all: [(url: String?, computations: Int)] { items }
    }
}

/// Optimal string alignment distance on bytes, given up (nil) once every alignment costs more than `limit`.
enum BoundedEditDistance {
    static func osa(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let big = limit + 1
        var prev2 = [Int](repeating: big, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: big, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            var rowMin = i
            // Only cells within `limit` of the diagonal can stay within the limit.
            let lo = max(1, i - limit), hi = min(b.count, i + limit)
            if lo > 1 { cur[lo - 1] = big }
            for j in lo...max(lo, hi) where j <= b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, prev2[j - 2] + 1) }
                cur[j] = min(v, big)
                rowMin = min(rowMin, cur[j])
            }
            if hi < b.count { cur[hi + 1] = big }
            if rowMin > limit { return nil }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count] <= limit ? prev[b.count] : nil
    }
}

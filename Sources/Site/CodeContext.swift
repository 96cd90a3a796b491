import Foundation
import Highlight

/// What a post says about its unlabelled code blocks, handed to detection as a `DetectionContext` (plain
/// values: the Highlight module knows nothing of documents). Read from the Markdown source with byte scans,
/// so a post without unlabelled fences pays one pass over its body and nothing else.
enum CodeContext {
    /// The first word of every fence's info string in a Markdown body (`swift` of "```swift {3}"), in order.
    static func fenceLabels(_ body: String) -> [String] {
        var out: [String] = []
        var open: (UInt8, Int)? = nil   // the open fence's byte and length, while inside one
        body.utf8.withContiguousStorageIfAvailable { u in
            var i = 0
            let n = u.count
            while i < n {
                // memchr to the line's end: most lines are prose, and a byte loop over them was 1 % of the render phase.
                var end = n
                if let base = u.baseAddress, let p = memchr(base + i, 10, n - i) { end = base.distance(to: p.assumingMemoryBound(to: UInt8.self)) }
                var k = i, indent = 0
                while k < end && u[k] == 32 && indent < 4 { k += 1; indent += 1 }
                if indent < 4, k < end, u[k] == 96 || u[k] == 126 {
                    let c = u[k]
                    var run = 0
                    while k < end && u[k] == c { k += 1; run += 1 }
                    if run >= 3 {
                        if let (oc, ol) = open {
                            if oc == c && run >= ol && u[k..<end].allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { open = nil }
                        } else {
                            open = (c, run)
                            while k < end && u[k] == 32 { k += 1 }
                            var w = k
                            while w < end, u[w] != 32, u[w] != 123, u[w] != 13, u[w] != 96 { w += 1 }
                            if w > k { out.append(String(decoding: u[k..<w], as: UTF8.self)) }
                        }
                    }
                }
                i = end + 1
            }
        }
        return out
    }

    /// Labelled fences per label across documents (the site's language mix).
    static func siteLanguages<S: Sequence<String>>(_ bodies: S) -> [String: Int] {
        var mix: [String: Int] = [:]
        for b in bodies { for l in fenceLabels(b) { mix[l.lowercased(), default: 0] += 1 } }
        return mix
    }

    /// The paragraph right before 1-based `line` of `body`: the non-blank lines above it, up to a blank line
    /// (at most six lines, the last 400 characters).
    static func prose(before line: Int, in body: String) -> String {
        // The ends of the lines before the fence, by memchr (the last nine kept): walking `utf8.indices` from
        // the top of the post for every unlabelled fence was 3 % of the render phase.
        var ends: [Int] = []
        var text = body
        text.withUTF8 { b in
            guard let base = b.baseAddress else { return }
            var i = 0, n = 1
            while n < line, i < b.count, let p = memchr(base + i, 10, b.count - i) {
                let at = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
                ends.append(at)
                if ends.count > 9 { ends.removeFirst() }
                i = at + 1
                n += 1
            }
        }
        // The last eight of those lines (the one before them only gives where the first starts).
        let u = body.utf8
        var lines: [Substring] = []
        for j in max(0, ends.count - 8)..<ends.count {
            let start = j == 0 ? u.startIndex : u.index(u.startIndex, offsetBy: ends[j - 1] + 1)
            lines.append(body[start..<u.index(u.startIndex, offsetBy: ends[j])])
        }
        var para: [Substring] = []
        for l in lines.reversed() {
            let t = trimmedBlanks(l)
            if t.isEmpty { if para.isEmpty { continue } else { break } }
            if t.hasPrefix("```") || t.hasPrefix("~~~") { break }
            para.insert(t, at: 0)
            if para.count >= 6 { break }
        }
        return String(para.joined(separator: " ").suffix(400))
    }

    /// `trimmingCharacters(in: .whitespaces)`, skipped for a line whose first and last bytes are ASCII and not
    /// a space or tab (most prose lines): nothing is trimmed from such ends, and Foundation's trim was most
    /// of the cost of finding a fence's paragraph.
    /// Spaces and tabs are cut by bytes too, when what they leave starts and ends with ASCII (blank lines and
    /// indented ones were most of what still went to Foundation).
    static func trimmedBlanks(_ l: Substring) -> Substring {
        if let f = l.utf8.first, let z = l.utf8.last, f < 0x80, z < 0x80, f != 0x20, f != 0x09, z != 0x20, z != 0x09 { return l }
        let u = l.utf8
        var a = u.startIndex, z = u.endIndex
        while a < z, u[a] == 0x20 || u[a] == 0x09 { a = u.index(after: a) }
        while z > a, u[u.index(before: z)] == 0x20 || u[u.index(before: z)] == 0x09 { z = u.index(before: z) }
        if a == z { return l[a..<a] }
        if u[a] < 0x80 && u[u.index(before: z)] < 0x80 { return l[a..<z] }
        return Substring(l.trimmingCharacters(in: .whitespaces))
    }

    /// `trimmedBlanks` as Foundation alone answers it (the tests' reference).
    static func foundationTrimmedBlanks(_ l: Substring) -> Substring { Substring(l.trimmingCharacters(in: .whitespaces)) }
}

/// Each post's fence labels, kept between the builds of a session by source path and fingerprint: the
/// site's language mix is needed on every save that renders anything, and scanning every post's body for
/// it was a seventh of a save on a 5000-post blog.
struct FenceLabelMemo {
    private var labels: [String: (fingerprint: Int, labels: [String])] = [:]
    /// The counts of every kept body's labels (no zero counts), updated by what changed: recounting
    /// the whole site's labels was a fiftieth of a save at 5000 posts.
    private var totals: [String: Int] = [:]
    /// Bodies scanned by the last `mix` (tests count them).
    private(set) var scanned = 0
    private var lastDocs: [SourceDocument] = []

    /// `CodeContext.siteLanguages` of `docs`, scanning only the bodies that changed since the last call.
    mutating func mix(_ docs: [SourceDocument]) -> [String: Int] {
        scanned = 0
        // A document at its place in the last call's list, the same object, is counted already (no lookup by path).
        let last = lastDocs.count == docs.count ? lastDocs : []
        lastDocs = docs
        var changed: [SourceDocument] = []
        for (i, d) in docs.enumerated() {
            if !last.isEmpty, last[i] === d { continue }
            if let kept = labels[d.sourcePath] {
                if kept.fingerprint == d.fingerprint { continue }
                tally(kept.labels, by: -1)
            }
            changed.append(d)
        }
        for (d, found) in zip(changed, Self.scan(changed)) {
            scanned += 1
            labels[d.sourcePath] = (d.fingerprint, found)
            tally(found, by: 1)
        }
        // Every document's path is kept now: more kept than given, some went.
        if labels.count != docs.count {
            let present = Set(docs.map(\.sourcePath))
            for (path, entry) in labels where !present.contains(path) {
                tally(entry.labels, by: -1)
                labels[path] = nil
            }
        }
        return totals
    }

    /// Each body's lowercased fence labels, in order; many bodies (a cold build's) are scanned on all cores,
    /// as the scan ran alone between loading and rendering (about 6 ms at 1000 posts).
    private static func scan(_ docs: [SourceDocument]) -> [[String]] {
        @Sendable func labelsOf(_ d: SourceDocument) -> [String] { CodeContext.fenceLabels(d.body).map { $0.lowercased() } }
        return Array(onAllCores(docs.count, minimum: 64) { range in docs[range].map(labelsOf) }.joined())
    }

    private mutating func tally(_ found: [String], by step: Int) {
        for l in found {
            let n = totals[l, default: 0] + step
            totals[l] = n == 0 ? nil : n
        }
    }

    var count: Int { labels.count }
}

/// A value made on its first use by a render's callbacks (which run on the render's own thread), or never.
final class Deferred<Value>: @unchecked Sendable {
    private var make: (() -> Value)?
    private var made: Value?
    init(_ make: @escaping () -> Value) { self.make = make }
    var value: Value {
        if let made { return made }
        let v = make!()
        made = v
        make = nil
        return v
    }
}

/// Set once from a render's callbacks (which run on the render's own thread), read after it.
final class Flag: @unchecked Sendable {
    private(set) var isSet = false
    func set() { isSet = true }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TextBytes

/// The highlighted code of a page: what the highlighter wrote between a block's `<code>` and `</code>`,
/// escaped text (`<`, `>`, `&` as entities) and `<span …>` tags, nothing else. The passes that look for
/// tags and attributes after rendering (`ScrollBoxes`, `LinkAudit`) jump over it: on a page of code it
/// was most of their bytes, and it cannot hold what they look for (the tests compare with full scans).
/// One per document, filled by its code block hook (one task: never shared).
final class CodeRegions: @unchecked Sendable {
    /// A highlighted block as the hook gave it to the renderer.
    struct Block {
        var html: String
        /// The part between `<code>` and `</code>`, as UTF-8 offsets of `html`.
        var content: Range<Int>
        /// Its source may make `LinkAudit` read a link or id in it (see `mayHoldReference`).
        var quotes: Bool
    }

    /// Part of a page that is a block's content, with the bytes it must still equal.
    struct Region {
        var range: Range<Int>
        var block: Int
    }

    private(set) var blocks: [Block] = []

    /// Records the HTML the hook returns for a highlighted block whose source is `code`.
    func add(html: String, code: String) {
        let u = html.utf8
        let open: StaticString = "<code>", close: StaticString = "</code>"
        var h = html
        let content: Range<Int>? = h.withUTF8 { b in
            guard let base = b.baseAddress, let start = open.withUTF8Buffer({ findBytes(base, b.count, $0.baseAddress!, $0.count) }) else { return nil }
            // The highlighter's tail is `</code></pre></div></div>\n`: the last `</code>` is near the end.
            var end = b.count - close.utf8CodeUnitCount
            while end > start, !close.withUTF8Buffer({ memcmp(base + end, $0.baseAddress!, $0.count) == 0 }) { end -= 1 }
            let first = start + open.utf8CodeUnitCount
            return end >= first ? first..<end : nil
        }
        guard let content, u.count > 0 else { return }
        blocks.append(Block(html: html, content: content, quotes: Self.mayHoldReference(code)))
    }

    /// Whether highlighted `code` could hold what `LinkAudit` reads: ` href="`, ` src="` or ` id="`, or a `="`
    /// with no `"` after it (its value would run out of the block). The escaping keeps `"`: an HTML sample's
    /// link is read as one. Only runs of text make these (a tag between two bytes ends in `>`), so the source
    /// answers: one memchr walk over its quotes.
    static func mayHoldReference(_ code: String) -> Bool {
        var c = code
        return c.withUTF8 { b in
            guard let base = b.baseAddress else { return false }
            var i = 1, lastQuote = -1, lastPair = -1
            while i < b.count, let p = memchr(base + i, 0x22, b.count - i) {
                let k = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
                lastQuote = k
                if base[k - 1] == 0x3D {
                    lastPair = k
                    @inline(__always) func named(_ s: StaticString) -> Bool {
                        let m = s.utf8CodeUnitCount
                        return k - 1 >= m && s.withUTF8Buffer { memcmp(base + k - 1 - m, $0.baseAddress!, m) == 0 }
                    }
                    if named(" href") || named(" src") || named(" id") { return true }
                }
                i = k + 1
            }
            return lastPair >= 0 && lastPair == lastQuote
        }
    }

    /// The blocks found in `page` at `ranges` (where the renderer put the hook's output, in call order; see
    /// `MarkdownDocument.codeBlockRanges`), each checked byte for byte. Sorted, not overlapping.
    func regions(in page: String, at ranges: [Range<Int>]) -> [Region] {
        guard !blocks.isEmpty, !ranges.isEmpty else { return [] }
        var out: [Region] = []
        var next = 0
        for r in ranges {
            // The hook may have run more often than the last render placed its output (a render done again).
            var k = next
            while k < blocks.count, blocks[k].html.utf8.count != r.count { k += 1 }
            guard k < blocks.count else { break }
            let c = blocks[k].content
            out.append(Region(range: (r.lowerBound + c.lowerBound)..<(r.lowerBound + c.upperBound), block: k))
            next = k + 1
        }
        return verified(out, in: page)
    }

    /// `regions` whose bytes in `page` are still their blocks' content, sorted and apart.
    func verified(_ regions: [Region], in page: String) -> [Region] {
        let blocks = self.blocks
        var p = page
        return p.withUTF8 { b in
            guard let base = b.baseAddress else { return [] }
            var kept: [Region] = []
            kept.reserveCapacity(regions.count)
            for r in regions where r.range.lowerBound >= (kept.last?.range.upperBound ?? 0) && r.range.upperBound <= b.count {
                let block = blocks[r.block]
                let same = block.html.utf8.withContiguousStorageIfAvailable { hb in
                    memcmp(base + r.range.lowerBound, hb.baseAddress! + block.content.lowerBound, r.range.count) == 0
                }
                if same == true { kept.append(r) }
            }
            return kept
        }
    }

    /// The first `byte` in `base[from..<end]` outside the `skipping` ranges (sorted), for the page passes
    /// that jump over code. `skip` is the caller's place in `skipping`, kept from call to call. nil when
    /// there is none, or when a skipped range ends at or past `stop` (where the caller's scan ends).
    static func nextByte(_ byte: UInt8, in base: UnsafePointer<UInt8>, from: Int, end: Int, stop: Int,
                         skipping: [Range<Int>], skip: inout Int) -> Int? {
        var i = from
        while true {
            while skip < skipping.count, skipping[skip].upperBound <= i { skip += 1 }
            let limit = skip < skipping.count ? max(i, min(end, skipping[skip].lowerBound)) : end
            if let p = memchr(base + i, Int32(byte), limit - i) { return base.distance(to: p.assumingMemoryBound(to: UInt8.self)) }
            guard limit < end else { return nil }
            i = max(i, skipping[skip].upperBound)
            guard i < stop else { return nil }
        }
    }

    /// The ranges of `regions` `LinkAudit.references` may skip (see `mayHoldReference`).
    func quoteless(_ regions: [Region]) -> [Range<Int>] {
        let blocks = self.blocks
        return regions.lazy.filter { !blocks[$0.block].quotes }.map(\.range)
    }
}

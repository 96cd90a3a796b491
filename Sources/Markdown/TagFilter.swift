/// GFM's tagfilter extension: in raw HTML, the opening `<` of the tags that can take over a page
/// (`<script>`, `<iframe>`, `<style>`, …) becomes `&lt;`, so they show as text. Off by default
/// (authors embed iframes on purpose); for sites that publish text they did not write.
extension HTMLRenderer {
    static let filteredTags: [[UInt8]] = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]
        .map { Array($0.utf8) }

    mutating func appendRawHTML(_ lit: UnsafeBufferPointer<UInt8>) {
        guard ctx.options.filtersTags else { out.append(contentsOf: lit); return }
        var i = 0
        while i < lit.count {
            if lit[i] == 0x3C, Self.isFiltered(lit, at: i + (i + 1 < lit.count && lit[i + 1] == 0x2F ? 2 : 1)) {
                out.append(contentsOf: Array("&lt;".utf8))
            } else {
                out.append(lit[i])
            }
            i += 1
        }
    }

    /// A filtered tag name at `k`, case-insensitive, followed by whitespace, `>` or `/>` (or the end).
    private static func isFiltered(_ s: UnsafeBufferPointer<UInt8>, at k: Int) -> Bool {
        for name in filteredTags where k + name.count <= s.count {
            var match = true
            for j in 0..<name.count where (s[k + j] | 0x20) != name[j] { match = false; break }
            guard match else { continue }
            let after = k + name.count
            if after == s.count { return true }
            let c = s[after]
            if c == 0x3E || c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C { return true }
            if c == 0x2F, after + 1 < s.count, s[after + 1] == 0x3E { return true }
        }
        return false
    }
}

/// Boxes that may scroll sideways must be reachable from the keyboard (WCAG 2.1.1; axe's
/// `scrollable-region-focusable`): a code block's `<pre>` gets `tabindex="0"`, a table is wrapped
/// in a focusable, labelled region that scrolls in its place, and a task list's checkbox gets a
/// name. Done on the rendered page HTML, so the Markdown renderer's output stays cmark-gfm's.
enum ScrollBoxes {
    static func apply(_ html: String) -> String {
        guard html.contains("<pre") || html.contains("<table") || html.contains("type=\"checkbox\"") else { return html }
        let b = Array(html.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count + 256)
        var tables = 0
        var i = 0
        let n = b.count
        func at(_ k: Int, _ s: StaticString) -> Bool {
            let m = s.utf8CodeUnitCount
            guard k + m <= n else { return false }
            return s.withUTF8Buffer { p in (0..<m).allSatisfy { b[k + $0] == p[$0] } }
        }
        func tagName(_ k: Int, _ name: StaticString) -> Bool {
            let m = name.utf8CodeUnitCount
            guard at(k, name), k + m < n else { return false }
            return [0x20, 0x3E, 0x0A, 0x09].contains(b[k + m])
        }
        func tagEnd(_ k: Int) -> Int {
            var j = k
            while j < n, b[j] != 0x3E { j += 1 }
            return j
        }
        while i < n {
            guard b[i] == 0x3C else { out.append(b[i]); i += 1; continue }
            if tagName(i, "<pre") {
                let end = tagEnd(i)
                let tag = b[i..<min(end, n)]
                out.append(contentsOf: tag)
                if !String(decoding: tag, as: UTF8.self).contains("tabindex") { out.append(contentsOf: Array(" tabindex=\"0\"".utf8)) }
                i = end
            } else if tagName(i, "<table") {
                tables += 1
                out.append(contentsOf: Array("<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Table \(tables)\">".utf8))
                out.append(b[i]); i += 1
            } else if at(i, "</table>") {
                out.append(contentsOf: Array("</table></div>".utf8))
                i += 8
            } else if at(i, "<input type=\"checkbox\" disabled=\"\" />") {
                out.append(contentsOf: Array("<input type=\"checkbox\" disabled=\"\" aria-label=\"To do\" />".utf8))
                i += 37
            } else if at(i, "<input type=\"checkbox\" disabled=\"\" checked=\"\" />") {
                out.append(contentsOf: Array("<input type=\"checkbox\" disabled=\"\" checked=\"\" aria-label=\"Done\" />".utf8))
                i += 48
            } else {
                out.append(b[i]); i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Sequence diagrams laid out by Galley (Graphviz has no notion of time): one column per
/// participant, spaced so every message label and note fits between its columns, then one row
/// per event, top to bottom. Drawn in layers: block backgrounds, lifelines, frames, activations,
/// then messages and notes on top.
enum SequenceLayout {
    static let boxHeight = 36.0, actorHeight = 62.0, gap = 40.0

    struct Frame { var kind: String, label: String, top: Double, lo = Double.infinity, hi = -Double.infinity, dividers: [(Double, String)] = [] }

    static func draw(_ seq: Sequence, into svg: inout SVGText) -> (Double, Double) {
        let n = seq.participants.count
        guard n > 0 else { return (16, 16) }
        let labels = seq.participants.map { TextMetrics.wrap($0.label, maxWidth: 160) }
        let pw = labels.map { max(TextMetrics.block($0).width + 24, 72) }
        var x = [pw[0] / 2]
        for k in 1..<max(n, 1) { x.append(x[k - 1] + pw[k - 1] / 2 + gap + pw[k] / 2) }
        space(seq, pw: pw, x: &x)

        var back = SVGText(), lifelines = SVGText(), frames = SVGText(), acts = SVGText(), fore = SVGText()
        var lo = 0.0, hi = x[n - 1] + pw[n - 1] / 2
        let tallest = Double(labels.map(\.count).max() ?? 1) * TextMetrics.lineHeight
        let header = max(seq.participants.contains { $0.actor } ? actorHeight - TextMetrics.lineHeight + tallest : 0, tallest + 18, boxHeight)
        var y = 8 + header + 8
        var active = [[Double]](repeating: [], count: n)
        var open: [Frame] = []
        func extent(_ a: Double, _ b: Double) {
            lo = min(lo, a); hi = max(hi, b)
            for i in open.indices { open[i].lo = min(open[i].lo, a); open[i].hi = max(open[i].hi, b) }
        }
        func offset(_ k: Int, toward other: Double) -> Double {
            active[k].isEmpty ? x[k] : x[k] + (other >= x[k] ? 1 : -1) * (6 + 4 * Double(active[k].count - 1))
        }
        func activation(_ k: Int, from top: Double, to bottom: Double, depth: Int) {
            acts.rect(Box(x: x[k] - 6 + 4 * Double(depth), y: top, width: 12, height: max(bottom - top, 4)), "ac")
        }
        for event in seq.events {
            switch event {
            case .message(let m):
                let text = (m.number.map { "\($0). " } ?? "") + m.text
                let lines = text.isEmpty ? [] : TextMetrics.wrap(text, maxWidth: 260)
                let (tw, th) = TextMetrics.block(lines)
                if m.from == m.to {
                    let arrowY = y + 10
                    if m.activate { active[m.to].append(arrowY + 20) }
                    let sx = offset(m.from, toward: x[m.from] + 1)
                    fore.path("M\(SVGText.n(sx)),\(SVGText.n(arrowY)) h30 v20 H\(SVGText.n(sx + 2))", "e", dashed: m.dotted, width: 1.5)
                    head(m.head, at: Point(x: sx, y: arrowY + 20), dx: -1, into: &fore)
                    fore.text(lines, x: sx + 38, y: arrowY + 10, anchor: .start)
                    extent(x[m.from] - 10, sx + 38 + tw)
                    y = arrowY + max(20, th) + 14
                } else {
                    y += 6 + th
                    let arrowY = y + 2
                    if m.activate { active[m.to].append(arrowY) }
                    let x1 = offset(m.from, toward: x[m.to]), x2 = offset(m.to, toward: x[m.from])
                    let dir = x2 > x1 ? 1.0 : -1.0
                    fore.line(Point(x: x1, y: arrowY), Point(x: x2 - dir * 2, y: arrowY), "e", dashed: m.dotted, width: 1.5)
                    head(m.head, at: Point(x: x2, y: arrowY), dx: dir, into: &fore)
                    if m.both { head(m.head, at: Point(x: x1, y: arrowY), dx: -dir, into: &fore) }
                    let mid = (x1 + x2) / 2
                    fore.text(lines, x: mid, y: arrowY - 4 - th / 2)
                    extent(min(x[m.from], x[m.to]) - 10, max(x[m.from], x[m.to]) + 10)
                    extent(mid - tw / 2, mid + tw / 2)
                    y = arrowY + 12
                }
                if m.deactivate, let top = active[m.from].popLast() {
                    activation(m.from, from: top, to: y - 12, depth: active[m.from].count)
                }
            case .note(let place, let a, let b, let text):
                let lines = TextMetrics.wrap(text, maxWidth: 200)
                let (tw, th) = TextMetrics.block(lines)
                let w = tw + 16, h = th + 12
                var left: Double
                switch place {
                case .right: left = x[a] + 10
                case .left: left = x[a] - 10 - w
                case .over:
                    let (l, r) = (min(x[a], x[b]) - 12, max(x[a], x[b]) + 12)
                    left = r - l >= w ? l : (l + r) / 2 - w / 2
                }
                var width = w
                if place == .over, a != b { width = max(w, abs(x[a] - x[b]) + 24) }
                y += 8
                fore.rect(Box(x: left, y: y, width: width, height: h), "nt")
                fore.text(lines, x: left + width / 2, y: y + h / 2)
                extent(left, left + width)
                y += h + 8
            case .activate(let k):
                active[k].append(y)
            case .deactivate(let k):
                if let top = active[k].popLast() { activation(k, from: top, to: y, depth: active[k].count) }
            case .start(let kind, let label):
                y += 10
                open.append(Frame(kind: kind, label: label, top: y))
                y += kind == "rect" ? 6 : 28
            case .divider(_, let label):
                y += 8
                if !open.isEmpty { open[open.count - 1].dividers.append((y, label)) }
                y += label.isEmpty ? 6 : 26
            case .end:
                y += 10
                guard var f = open.popLast() else { break }
                let tab = TextMetrics.width(f.kind) * 1.1 + 16
                let cond = f.label.isEmpty || f.kind == "rect" ? 0 : TextMetrics.width("[\(f.label)]") + 12
                let divs = f.dividers.map { TextMetrics.width("[\($0.1)]") + 20 }.max() ?? 0
                if f.lo > f.hi { f.lo = x[0] - 20; f.hi = f.lo }
                f.lo -= 12; f.hi = max(f.hi + 12, f.lo + tab + cond + 8, f.lo + divs)
                let box = Box(x: f.lo, y: f.top, width: f.hi - f.lo, height: y - f.top)
                if f.kind == "rect" {
                    back.rect(box, NodeStyle.tint(f.label).map { "k\($0)" } ?? "k1", radius: 4)
                } else {
                    frames.rect(box, "fr")
                    frames.polygon([Point(x: f.lo, y: f.top), Point(x: f.lo + tab, y: f.top), Point(x: f.lo + tab, y: f.top + 14),
                                    Point(x: f.lo + tab - 6, y: f.top + 20), Point(x: f.lo, y: f.top + 20)], "ft")
                    frames.text([f.kind], x: f.lo + 8, y: f.top + 10, anchor: .start, bold: true)
                    if cond > 0 { frames.text(["[\(f.label)]"], x: f.lo + tab + 8, y: f.top + 10, anchor: .start) }
                    for (dy, label) in f.dividers {
                        frames.line(Point(x: f.lo, y: dy), Point(x: f.hi, y: dy), "fr", dashed: true)
                        if !label.isEmpty { frames.text(["[\(label)]"], x: f.lo + 8, y: dy + 13, anchor: .start) }
                    }
                }
                extent(f.lo, f.hi)
                y += 8
            }
        }
        for k in 0..<n { while let top = active[k].popLast() { activation(k, from: top, to: y, depth: active[k].count) } }
        y += 8
        var boxes = SVGText()
        for (k, p) in seq.participants.enumerated() {
            lifelines.line(Point(x: x[k], y: 8 + header), Point(x: x[k], y: y), "ll", dashed: true)
            participant(p, labels[k], x: x[k], width: pw[k], top: 8, height: header, into: &boxes)
            participant(p, labels[k], x: x[k], width: pw[k], top: y, height: header, into: &boxes)
        }
        let dx = 8 - lo
        svg.out += "<g transform=\"translate(\(SVGText.n(dx)),0)\">" + back.out + lifelines.out + acts.out + frames.out + boxes.out + fore.out + "</g>"
        return (hi - lo + 16, y + header + 8)
    }

    /// Column centres far enough apart for every label and note between them.
    static func space(_ seq: Sequence, pw: [Double], x: inout [Double]) {
        var need: [(lo: Int, hi: Int, d: Double)] = []
        let n = x.count
        for e in seq.events {
            switch e {
            case .message(let m):
                let text = (m.number.map { "\($0). " } ?? "") + m.text
                let w = TextMetrics.block(TextMetrics.wrap(text, maxWidth: 260)).width
                if m.from == m.to {
                    if m.from + 1 < n { need.append((m.from, m.from + 1, w + 50 + pw[m.from + 1] / 2)) }
                } else {
                    need.append((min(m.from, m.to), max(m.from, m.to), w + 36))
                }
            case .note(let place, let a, let b, let text):
                let w = TextMetrics.block(TextMetrics.wrap(text, maxWidth: 200)).width + 16
                switch place {
                case .right where a + 1 < n: need.append((a, a + 1, w + 20 + pw[a + 1] / 2))
                case .left where a > 0: need.append((a - 1, a, w + 20 + pw[a - 1] / 2))
                case .over where a != b: need.append((min(a, b), max(a, b), w - 24))
                case .over:
                    if a > 0 { need.append((a - 1, a, w / 2 + pw[a - 1] / 2 + 12)) }
                    if a + 1 < n { need.append((a, a + 1, w / 2 + pw[a + 1] / 2 + 12)) }
                default: break
                }
            default: break
            }
        }
        for c in need.sorted(by: { ($0.hi, $0.lo) < ($1.hi, $1.lo) }) where x[c.hi] - x[c.lo] < c.d {
            let shift = c.d - (x[c.hi] - x[c.lo])
            for k in c.hi..<n { x[k] += shift }
        }
    }

    static func head(_ kind: Sequence.Head, at p: Point, dx: Double, into svg: inout SVGText) {
        switch kind {
        case .none: break
        case .filled: svg.polygon([p, Point(x: p.x - dx * 10, y: p.y - 4.5), Point(x: p.x - dx * 10, y: p.y + 4.5)], "h")
        case .open: svg.path("M\(SVGText.n(p.x - dx * 10)),\(SVGText.n(p.y - 5)) L\(SVGText.n(p.x)),\(SVGText.n(p.y)) L\(SVGText.n(p.x - dx * 10)),\(SVGText.n(p.y + 5))", "e", width: 1.5)
        case .cross:
            let c = Point(x: p.x - dx * 5, y: p.y)
            svg.line(Point(x: c.x - 5, y: c.y - 5), Point(x: c.x + 5, y: c.y + 5), "e", width: 1.5)
            svg.line(Point(x: c.x - 5, y: c.y + 5), Point(x: c.x + 5, y: c.y - 5), "e", width: 1.5)
        }
    }

    static func participant(_ p: Sequence.Participant, _ lines: [String], x: Double, width: Double, top: Double, height: Double, into svg: inout SVGText) {
        if p.actor {
            let h = top + 4
            svg.ellipse(Point(x: x, y: h + 7), 7, 7, "n")
            svg.line(Point(x: x, y: h + 14), Point(x: x, y: h + 28), "e", width: 1.5)
            svg.line(Point(x: x - 11, y: h + 19), Point(x: x + 11, y: h + 19), "e", width: 1.5)
            svg.line(Point(x: x, y: h + 28), Point(x: x - 9, y: h + 38), "e", width: 1.5)
            svg.line(Point(x: x, y: h + 28), Point(x: x + 9, y: h + 38), "e", width: 1.5)
            svg.text(lines, x: x, y: top + height - 4 - Double(lines.count) * TextMetrics.lineHeight / 2)
        } else {
            svg.rect(Box(x: x - width / 2, y: top, width: width, height: height), "n", radius: 3)
            svg.text(lines, x: x, y: top + height / 2)
        }
    }
}

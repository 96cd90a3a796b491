/// Lines and scatter plots over numeric or dated x values.
struct XYChart {
    var data: ChartData
    var spec: ChartSpec

    func draw(into svg: inout SVGWriter) -> Double {
        let top = Frame.header(data, spec, into: &svg)
        let yScale = Frame.scale(data.series.flatMap(\.values) + data.series.flatMap { ($0.low ?? []) + ($0.high ?? []) }, spec, fromZero: false)
        let plot = (x0: Frame.labelWidth(yScale) + 12, y0: top + 22, x1: Chart.width - 12, y1: top + 22 + 240)
        Frame.valueAxis(yScale, unit: spec.unit, plot: plot, vertical: true, into: &svg)
        let xlo = data.x.first ?? 0, xhi = data.x.last ?? 1
        let span = xhi > xlo ? xhi - xlo : 1
        func px(_ v: Double) -> Double { plot.x0 + (v - xlo) / span * (plot.x1 - plot.x0) }
        func py(_ v: Double) -> Double { plot.y1 - max(0, min(1, yScale.fraction(v))) * (plot.y1 - plot.y0) }
        // x labels: dates by their own text, thinned so none overlap; numbers on nice ticks.
        if data.xIsDate {
            var lastEnd = -Double.infinity
            for (i, label) in data.categories.enumerated() {
                let w = textWidth(label), cx = min(max(px(data.x[i]), plot.x0 + w / 2), plot.x1 - w / 2)
                guard cx - w / 2 > lastEnd + 8 else { continue }
                svg.text(label, cx, plot.y1 + 16, anchor: .middle)
                lastEnd = cx + w / 2
            }
        } else {
            let xs = Scale.linear(min: xlo, max: xhi)
            for t in xs.ticks where t >= xlo - 1e-9 && t <= xhi + 1e-9 { svg.text(xs.label(t), px(t), plot.y1 + 16, anchor: .middle) }
        }
        svg.text(data.categoryTitle, plot.x1, plot.y1 + 32, anchor: .end)
        for (k, s) in data.series.enumerated() {
            let points = data.x.indices.map { (px(data.x[$0]), py(s.values[$0])) }
            if spec.kind == .line { svg.polyline(points, "s\(k % 6)", stroke: Chart.lightPalette[k % 6]) }
            for (i, p) in points.enumerated() {
                if let lo = s.low?[i], let hi = s.high?[i] { svg.line(p.0, py(lo), p.0, py(hi), "a e", stroke: Chart.lightText) }
                svg.circle(p.0, p.1, spec.kind == .line ? 3 : 4, "s\(k % 6)", fill: Chart.lightPalette[k % 6])
                if spec.labels { svg.text(ChartNumber.format(s.values[i]), p.0, p.1 - 8, anchor: .middle, size: 10.5) }
            }
        }
        return plot.y1 + 40
    }
}

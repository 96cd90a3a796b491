/// Grouped or stacked bars, upright, or lying down when category labels are too long to sit under their bars.
struct BarChart {
    var data: ChartData
    var spec: ChartSpec

    var stacked: Bool { spec.kind == .stacked }

    /// Draws into `svg`, returns the chart's height.
    func draw(into svg: inout SVGWriter) -> Double {
        let top = Frame.header(data, spec, into: &svg)
        let n = Double(data.categories.count)
        var all = stacked ? data.categories.indices.map { i in data.series.reduce(0) { $0 + max($1.values[i], 0) } } : data.series.flatMap(\.values)
        for s in data.series { all += (s.high ?? []) + (s.low ?? []) }
        let scale = Frame.scale(all, spec, fromZero: !spec.log)
        let tickWidth = Frame.labelWidth(scale)
        let longest = data.categories.map { textWidth($0) }.max() ?? 0
        let slot = (Chart.width - tickWidth - 24) / n
        if longest > slot * 0.92 {
            return horizontal(top: top, scale: scale, into: &svg)
        }
        let plot = (x0: tickWidth + 12, y0: top + 22, x1: Chart.width - 8, y1: top + 22 + 240)
        Frame.valueAxis(scale, unit: spec.unit, plot: plot, vertical: true, into: &svg)
        let slotWidth = (plot.x1 - plot.x0) / n
        let groups = stacked ? 1 : Double(data.series.count)
        let barWidth = min(slotWidth * 0.72 / groups, 56)
        for (i, name) in data.categories.enumerated() {
            let center = plot.x0 + slotWidth * (Double(i) + 0.5)
            var base = 0.0
            for (k, s) in data.series.enumerated() {
                let v = s.values[i]
                let from = stacked ? base : 0, to = stacked ? base + max(v, 0) : v
                let x = stacked ? center - barWidth / 2 : center - barWidth * groups / 2 + barWidth * Double(k)
                let y0 = y(from, scale, plot), y1 = y(to, scale, plot)
                svg.rect(x + 0.5, min(y0, y1), barWidth - 1, abs(y0 - y1), "s\(k % 6)", fill: Chart.lightPalette[k % 6])
                errorBar(s, i, x: x + barWidth / 2, scale, plot, into: &svg)
                if spec.labels, !stacked {
                    svg.text(ChartNumber.format(v), x + barWidth / 2, min(y0, y1) - 4, anchor: .middle, size: 10.5)
                }
                base = to
            }
            svg.text(name, center, plot.y1 + 16, anchor: .middle)
        }
        svg.line(plot.x0, y(spec.log ? scale.lo : 0, scale, plot), plot.x1, y(spec.log ? scale.lo : 0, scale, plot), "a", stroke: Chart.lightText)
        return plot.y1 + 24
    }

    func y(_ v: Double, _ scale: Scale, _ plot: (x0: Double, y0: Double, x1: Double, y1: Double)) -> Double {
        plot.y1 - max(0, min(1, scale.fraction(spec.log ? max(v, scale.lo) : v))) * (plot.y1 - plot.y0)
    }

    func errorBar(_ s: Series, _ i: Int, x: Double, _ scale: Scale, _ plot: (x0: Double, y0: Double, x1: Double, y1: Double), into svg: inout SVGWriter) {
        guard let lo = s.low?[i] ?? s.high.map({ _ in s.values[i] }), let hi = s.high?[i] ?? s.low.map({ _ in s.values[i] }) else { return }
        let a = y(lo, scale, plot), b = y(hi, scale, plot)
        svg.line(x, a, x, b, "a e", stroke: Chart.lightText)
        svg.line(x - 4, a, x + 4, a, "a e", stroke: Chart.lightText)
        svg.line(x - 4, b, x + 4, b, "a e", stroke: Chart.lightText)
    }

    /// Bars lying down: labels on the left, one row per category.
    func horizontal(top: Double, scale: Scale, into svg: inout SVGWriter) -> Double {
        let labelWidth = min(data.categories.map { textWidth($0) }.max() ?? 0, Chart.width * 0.5)
        let groups = stacked ? 1 : Double(data.series.count)
        let barHeight = 14.0
        let row = barHeight * groups + 10
        let valueRoom = spec.labels ? textWidth(ChartNumber.format(data.series.flatMap(\.values).max() ?? 0)) + 8 : 8
        let plot = (x0: labelWidth + 10, y0: top + 4, x1: Chart.width - valueRoom, y1: top + 4 + row * Double(data.categories.count))
        Frame.valueAxis(scale, unit: spec.unit, plot: plot, vertical: false, into: &svg)
        func x(_ v: Double) -> Double { plot.x0 + max(0, min(1, scale.fraction(spec.log ? max(v, scale.lo) : v))) * (plot.x1 - plot.x0) }
        for (i, name) in data.categories.enumerated() {
            let rowTop = plot.y0 + row * Double(i) + 5
            var base = 0.0
            for (k, s) in data.series.enumerated() {
                let v = s.values[i]
                let from = stacked ? base : (spec.log ? scale.lo : 0), to = stacked ? base + max(v, 0) : v
                let yy = stacked ? rowTop : rowTop + barHeight * Double(k)
                svg.rect(min(x(from), x(to)), yy + 0.5, abs(x(to) - x(from)), barHeight - 1, "s\(k % 6)", fill: Chart.lightPalette[k % 6])
                if let lo = s.low?[i], let hi = s.high?[i] {
                    svg.line(x(lo), yy + barHeight / 2, x(hi), yy + barHeight / 2, "a e", stroke: Chart.lightText)
                }
                if spec.labels, !stacked { svg.text(ChartNumber.format(v), x(to) + 4, yy + barHeight - 3, size: 10.5) }
                base = to
            }
            svg.text(name, plot.x0 - 8, rowTop + (row - 10) / 2 + 4, anchor: .end)
        }
        return plot.y1 + 40
    }
}

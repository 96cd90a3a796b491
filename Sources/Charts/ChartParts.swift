/// Pieces every chart draws: the title, the legend, the value axis.
struct Frame {
    var top: Double
    var left: Double
    var right: Double = Chart.width - 16

    /// Title and legend (only with two or more series); returns the y where the plot may start.
    static func header(_ data: ChartData, _ spec: ChartSpec, into svg: inout SVGWriter) -> Double {
        var y = 8.0
        if let title = spec.title {
            svg.text(title, 0, y + 14, size: 14, bold: true)
            y += 24
        }
        if data.series.count > 1 {
            var x = 0.0
            y += 4
            for (i, s) in data.series.enumerated() {
                let w = 16 + textWidth(s.name) + 16
                if x > 0 && x + w > Chart.width { x = 0; y += 18 }
                svg.rect(x, y, 10, 10, "s\(i % 6)", fill: Chart.lightPalette[i % 6])
                svg.text(s.name, x + 15, y + 9.5)
                x += w
            }
            y += 20
        }
        return y + 6
    }

    /// Value-axis ticks and grid lines across the plot; `vertical` puts values on the y axis.
    static func valueAxis(_ scale: Scale, unit: String?, plot: (x0: Double, y0: Double, x1: Double, y1: Double), vertical: Bool, into svg: inout SVGWriter) {
        for t in scale.ticks {
            let f = scale.fraction(t)
            if vertical {
                let y = plot.y1 - f * (plot.y1 - plot.y0)
                svg.line(plot.x0, y, plot.x1, y, "g", stroke: Chart.lightGrid)
                svg.text(scale.label(t), plot.x0 - 6, y + 4, anchor: .end)
            } else {
                let x = plot.x0 + f * (plot.x1 - plot.x0)
                svg.line(x, plot.y0, x, plot.y1, "g", stroke: Chart.lightGrid)
                svg.text(scale.label(t), x, plot.y1 + 16, anchor: .middle)
            }
        }
        if let unit {
            if vertical { svg.text(unit, plot.x0 - 6, plot.y0 - 12, anchor: .end) } else { svg.text(unit, plot.x1, plot.y1 + 32, anchor: .end) }
        }
    }

    /// The widest tick label, for the left margin.
    static func labelWidth(_ scale: Scale) -> Double {
        scale.ticks.map { textWidth(scale.label($0)) }.max() ?? 0
    }

    /// A scale for `values` honouring y-min/y-max/log; bars start at zero.
    static func scale(_ values: [Double], _ spec: ChartSpec, fromZero: Bool) -> Scale {
        if spec.log { return Scale.logarithmic(min: spec.yMin ?? values.min() ?? 1, max: spec.yMax ?? values.max() ?? 10) }
        var lo = spec.yMin ?? (values.min() ?? 0), hi = spec.yMax ?? (values.max() ?? 1)
        if fromZero && spec.yMin == nil { lo = min(lo, 0) }
        if fromZero && spec.yMax == nil { hi = max(hi, 0) }
        var s = Scale.linear(min: lo, max: hi)
        if let m = spec.yMin { s.lo = m; s.ticks = s.ticks.filter { $0 >= m - 1e-9 } }
        if let m = spec.yMax { s.hi = m; s.ticks = s.ticks.filter { $0 <= m + 1e-9 } }
        return s
    }
}

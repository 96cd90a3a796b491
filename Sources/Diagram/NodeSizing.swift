import Foundation

/// Node sizes from measured text: each shape gets the room its label needs inside its outline.
enum NodeSizing {
    static let padX = 14.0, padY = 9.0

    /// Label lines wrapped for the shape (diamonds and circles wrap narrower: their text area is smaller).
    static func lines(_ label: String, shape: NodeShape, bold: Bool = false) -> [String] {
        let maxWidth: Double = [.diamond, .circle, .doubleCircle].contains(shape) ? 130 : 200
        return TextMetrics.wrap(label, maxWidth: maxWidth / (bold ? 1.1 : 1))
    }

    static func size(_ lines: [String], shape: NodeShape, bold: Bool = false) -> (width: Double, height: Double) {
        var (tw, th) = TextMetrics.block(lines)
        if bold { tw *= 1.1 }
        let minH = 36.0
        switch shape {
        case .rect, .rounded, .note: return (max(tw + 2 * padX, 48), max(th + 2 * padY, minH))
        case .subroutine: return (max(tw + 2 * padX + 14, 60), max(th + 2 * padY, minH))
        case .stadium:
            let h = max(th + 2 * padY, minH)
            return (tw + h, h)
        case .diamond:
            // Corners of the text block lie on the diamond when it is twice the padded block.
            let (u, v) = (tw / 2 + 8, th / 2 + 6)
            return (max(4 * u, 60), max(4 * v, 44))
        case .circle, .doubleCircle:
            let d = (tw * tw + th * th).squareRoot() + (shape == .doubleCircle ? 18 : 10)
            return (max(d, 40), max(d, 40))
        case .ellipse:
            return (max(tw * 1.42 + 16, 54), max(th * 1.42 + 8, 36))
        case .cylinder:
            let h = th + 2 * padY
            let w = tw + 2 * padX
            let cap = SceneDrawing.cylinderCap(h + 20)
            return (w, h + 2 * cap + 2)
        case .hexagon:
            let h = max(th + 2 * padY, minH)
            return (tw + 2 * padX + 0.5 * h, h)
        case .parallelogram:
            let h = max(th + 2 * padY, minH)
            return (tw + 2 * padX + 0.6 * h, h)
        case .flag:
            let h = max(th + 2 * padY, minH)
            return (tw + 2 * padX + h / 4, h)
        case .plain: return (tw + 8, th + 4)
        }
    }

    /// The Graphviz shape whose outline matches ours, so edges end on our border.
    static func graphviz(_ shape: NodeShape) -> String {
        switch shape {
        case .rect, .rounded, .stadium, .subroutine, .flag, .note: return "box"
        case .diamond: return "diamond"
        case .circle, .doubleCircle: return "circle"
        case .ellipse: return "ellipse"
        case .cylinder: return "cylinder"
        case .hexagon: return "hexagon"
        case .parallelogram: return "parallelogram"
        case .plain: return "plaintext"
        }
    }

    static func edgeLabel(_ text: String) -> (lines: [String], width: Double, height: Double) {
        let lines = TextMetrics.wrap(text, maxWidth: 160)
        let (w, h) = TextMetrics.block(lines)
        return (lines, w + 8, h + 4)
    }

    /// Graphviz sizes are in inches (72 points, which we draw as pixels); rounded up so text still fits.
    static func inches(_ px: Double) -> String { String(format: "%.4f", (px / 72 * 10000).rounded(.up) / 10000) }
}

/// What a laid-out flowchart or DOT graph is drawn from: positions in SVG pixels (y down),
/// shapes and labels. Graphviz fills it; `SceneDrawing` turns it into SVG.
struct Point: Sendable, Equatable { var x: Double, y: Double }

struct Box: Sendable, Equatable {
    var x: Double, y: Double, width: Double, height: Double
    var maxX: Double { x + width }
    var maxY: Double { y + height }
}

enum NodeShape: String, Sendable {
    case rect, rounded, stadium, diamond, circle, doubleCircle, ellipse, cylinder, subroutine, flag, hexagon, parallelogram, note, plain
}

enum LineStyle: Sendable { case solid, dotted, thick, invisible }

enum ArrowKind: Sendable { case none, normal, open, cross, circle }

/// A theme colour a `classDef` (or a DOT `fillcolor`) maps to: tints 1…6 (blue, orange, green,
/// pink, yellow, purple), or nil for the default node colours.
struct NodeStyle: Sendable, Equatable {
    var tint: Int? = nil
    var dashed = false
    var bold = false
}

struct SceneNode: Sendable {
    var id: String
    var lines: [String]
    var shape: NodeShape
    var center = Point(x: 0, y: 0)
    var width: Double
    var height: Double
    var style = NodeStyle()
}

struct SceneEdge: Sendable {
    var tail: Int, head: Int
    /// Cubic Bézier points as Graphviz gives them: p0, (c1, c2, p)…
    var points: [Point] = []
    var tailTip: Point? = nil, headTip: Point? = nil
    var tailArrow: ArrowKind = .none, headArrow: ArrowKind = .normal
    var style: LineStyle = .solid
    var lines: [String] = []
    var labelCenter: Point? = nil
    var labelSize: (width: Double, height: Double) = (0, 0)
}

struct SceneCluster: Sendable {
    var id: String
    var lines: [String]
    var box = Box(x: 0, y: 0, width: 0, height: 0)
    var labelCenter: Point? = nil
    var labelSize: (width: Double, height: Double) = (0, 0)
    var style = NodeStyle()
}

struct Scene: Sendable {
    var nodes: [SceneNode] = []
    var edges: [SceneEdge] = []
    var clusters: [SceneCluster] = []
    var width = 0.0, height = 0.0
    var title: String? = nil
}

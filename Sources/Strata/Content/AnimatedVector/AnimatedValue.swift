/// A property of an animated vector document: one value, or keyframes over the document's
/// frames.
///
/// Keyframe times are frames of the document (``AnimatedVectorImage/frameRate`` a second);
/// each keyframe's easing shapes the segment to the next (a Lottie keyframe's out and in
/// tangents are `Easing.cubicBezier(o.x, o.y, i.x, i.y)`, a hold keyframe `Easing.steps(1)`).
/// Before the first keyframe and after the last the value holds.
public enum Animated<Value: Sendable>: Sendable {
  /// The same value at every frame.
  case constant(Value)
  /// Keyframes over the frames.
  case keyframes(Keyframes<Value>)
  /// A value worked out from the frame: for tracks keyframes cannot hold, such as a point
  /// moving along a curve, or each dimension eased on its own (a Lottie importer makes these).
  case function(@Sendable (Double) -> Value)

  /// The value at `frame` (a fractional frame blends, through the segment's easing).
  public func value(at frame: Double) -> Value {
    switch self {
    case .constant(let v): return v
    case .keyframes(let k): return k.value(at: frame)
    case .function(let f): return f(frame)
    }
  }

  /// Whether the value may change over time.
  public var isAnimated: Bool {
    switch self {
    case .constant: return false
    case .keyframes(let k): return k.keyframes.count > 1
    case .function: return true
    }
  }
}

/// A path as vector documents animate it: vertices, each with the control points before and
/// after it as offsets from the vertex (Lottie's `v`, `i` and `o`), open or closed. Two shapes
/// of as many vertices blend vertex by vertex.
public struct BezierShape: Hashable, Sendable, Interpolatable {
  /// The vertices.
  public var vertices: [Point]
  /// The control point coming into each vertex, relative to it.
  public var inTangents: [Vector]
  /// The control point going out of each vertex, relative to it.
  public var outTangents: [Vector]
  /// Whether the last vertex joins the first.
  public var isClosed: Bool

  /// Creates a shape; tangents missing at the end count as zero (a corner).
  public init(
    vertices: [Point], inTangents: [Vector] = [], outTangents: [Vector] = [],
    isClosed: Bool = false
  ) {
    let zero = Vector(dx: 0, dy: 0)
    self.vertices = vertices
    self.inTangents = (0..<vertices.count).map { $0 < inTangents.count ? inTangents[$0] : zero }
    self.outTangents = (0..<vertices.count).map { $0 < outTangents.count ? outTangents[$0] : zero }
    self.isClosed = isClosed
  }

  /// The path: a cubic from each vertex to the next through the out and in control points.
  public var path: Path {
    var p = Path()
    guard let first = vertices.first else { return p }
    p.move(to: first)
    let n = vertices.count
    let segments = isClosed ? n : n - 1
    for k in 0..<Swift.max(0, segments) {
      let a = vertices[k]
      let b = vertices[(k + 1) % n]
      let out = outTangents[k]
      let into = inTangents[(k + 1) % n]
      // Straight where both handles are on the vertices.
      if out.dx == 0, out.dy == 0, into.dx == 0, into.dy == 0 {
        p.line(to: b)
      } else {
        p.cubic(to: b, control1: a + out, control2: b + into)
      }
    }
    if isClosed { p.close() }
    return p
  }

  /// Vertex by vertex when both have as many vertices; otherwise `self` until the end, then
  /// `other` (a shape cannot blend into one of another count).
  public func interpolated(to other: BezierShape, amount: Double) -> BezierShape {
    guard other.vertices.count == vertices.count else { return amount < 1 ? self : other }
    func mix<T: Interpolatable>(_ a: [T], _ b: [T]) -> [T] {
      zip(a, b).map { $0.interpolated(to: $1, amount: amount) }
    }
    return BezierShape(
      vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
      outTangents: mix(outTangents, other.outTangents),
      isClosed: amount < 1 ? isClosed : other.isClosed)
  }
}

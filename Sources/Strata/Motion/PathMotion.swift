/// Motion along a path: the point at a fraction of the path's length, and the direction there.
///
/// The path is flattened once (within `tolerance`) and measured; each look-up is a binary
/// search. Separate subpaths are travelled one after another.
public struct PathMotion: Hashable, Sendable {
  private let points: [Point]
  private let lengths: [Double]

  /// Measures `path`.
  public init(_ path: Path, tolerance: Double = 0.05) {
    var pts: [Point] = []
    for poly in path.flattened(tolerance: tolerance) {
      pts += poly.points
      if poly.isClosed, let first = poly.points.first { pts.append(first) }
    }
    var lens: [Double] = [0]
    for i in pts.indices.dropFirst() {
      lens.append((lens.last ?? 0) + pts[i].distance(to: pts[i - 1]))
    }
    points = pts
    lengths = pts.isEmpty ? [] : lens
  }

  /// The total length.
  public var length: Double { lengths.last ?? 0 }

  /// The point a fraction `fraction` (clamped to 0...1) of the way along, and the direction of
  /// travel there in radians (0 = to the right, positive = clockwise on screen).
  public func position(at fraction: Double) -> (point: Point, angle: Double) {
    guard let first = points.first else { return (.zero, 0) }
    guard points.count > 1, length > 0 else { return (first, 0) }
    let target = fraction.clamped(to: 0...1) * length
    let lo = lengths.lastIndex(keyAtMost: target) { $0 }
    let hi = lo + 1
    let a = points[lo]
    let b = points[hi]
    let span = lengths[hi] - lengths[lo]
    let t = span > 0 ? (target - lengths[lo]) / span : 0
    return (a.lerp(to: b, t), (b - a).angle)
  }
}

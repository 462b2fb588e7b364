/// Flattened subpaths stored back to back in one array of points: what ``Path/flatten(tolerance:into:)``
/// fills, so that flattening path after path reuses the same memory.
public struct FlattenedPath: Sendable {
  /// The points of every subpath, one subpath after another.
  public internal(set) var points: [Point] = []
  /// Where each subpath's points end in ``points`` (the next starts there), and whether it was
  /// closed explicitly.
  public internal(set) var subpaths: [(end: Int, isClosed: Bool)] = []

  /// Creates an empty flattened path.
  public init() {}

  /// The subpaths as separate polylines.
  public var polylines: [Polyline] {
    var start = 0
    return subpaths.map { sub in
      defer { start = sub.end }
      return Polyline(points: Array(points[start..<sub.end]), isClosed: sub.isClosed)
    }
  }

  /// Empties it, keeping its memory.
  public mutating func removeAll() {
    points.removeAll(keepingCapacity: true)
    subpaths.removeAll(keepingCapacity: true)
  }

  /// Appends a subpath of `points`, in reverse order when `reversed` (kept when it has two
  /// points or more, or one and is closed).
  public mutating func append(subpath points: [Point], isClosed: Bool, reversed: Bool = false) {
    finishSubpath(closed: false)
    if reversed {
      for p in points.reversed() { self.points.append(p) }
    } else {
      self.points.append(contentsOf: points)
    }
    finishSubpath(closed: isClosed)
  }

  /// Maps every point through `t`.
  public mutating func apply(_ t: Transform) {
    for i in points.indices { points[i] = t.apply(to: points[i]) }
  }

  /// Where the subpath being built starts in ``points``.
  private var openStart: Int { subpaths.last?.end ?? 0 }

  /// The first point of the subpath being built, if it has any.
  var currentSubpathStart: Point? {
    openStart < points.count ? points[openStart] : nil
  }

  /// Ends the subpath being built: kept when it has two points or more (or one, closed), and
  /// dropped otherwise.
  mutating func finishSubpath(closed: Bool) {
    let count = points.count - openStart
    if count > 1 || (count == 1 && closed) {
      subpaths.append((points.count, closed))
    } else {
      points.removeLast(count)
    }
  }
}

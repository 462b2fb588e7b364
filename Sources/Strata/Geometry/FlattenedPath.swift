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

  /// Appends a subpath of `points` (kept when it has two points or more, or one and is
  /// closed).
  public mutating func append(subpath points: [Point], isClosed: Bool) {
    finishSubpath(closed: false)
    self.points.append(contentsOf: points)
    finishSubpath(closed: isClosed)
  }

  /// Makes room for `points` points and `subpaths` subpaths in its buffers.
  package mutating func reserveCapacity(points: Int, subpaths: Int) {
    self.points.reserveCapacity(points)
    self.subpaths.reserveCapacity(subpaths)
  }

  /// Makes this path the same as `other`, in its own buffers (kept, so no memory is made
  /// once they are large enough; the two never share storage).
  package mutating func copy(from other: FlattenedPath) {
    points.removeAll(keepingCapacity: true)
    points.append(contentsOf: other.points)
    subpaths.removeAll(keepingCapacity: true)
    subpaths.append(contentsOf: other.subpaths)
  }

  /// Starts a subpath built point by point (``add(_:)``), ending the one being built.
  package mutating func startSubpath() {
    finishSubpath(closed: false)
  }

  /// Adds a point to the subpath being built.
  package mutating func add(_ point: Point) {
    points.append(point)
  }

  /// Closes the subpath being built, its points as they are.
  package mutating func closeSubpath() {
    finishSubpath(closed: true)
  }

  /// Closes the subpath being built, its points reversed first if their signed area (summed
  /// p₀×p₁ + p₁×p₂ + … + pₙ₋₁×p₀, in that order) is negative: every such subpath winds the
  /// same way, as the pieces of a stroke must.
  package mutating func closeSubpathWoundPositively() {
    let start = openStart
    let n = points.count - start
    var area = 0.0
    for i in 0..<n {
      let a = points[start + i]
      let b = points[start + (i + 1) % n]
      area += a.x * b.y - b.x * a.y
    }
    if area < 0 {
      // Swapped in place (reversing a slice of the array would copy it).
      var (i, j) = (start, points.count - 1)
      while i < j {
        points.swapAt(i, j)
        i += 1
        j -= 1
      }
    }
    finishSubpath(closed: true)
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

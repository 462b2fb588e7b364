/// Measuring a path along its length and cutting out parts of it: the geometry of trim paths
/// (a stroke that draws itself on) and of anything placed at a distance along a path.
extension Path {
  /// One drawn piece of a path as a cubic (a line has its control points on it), with the
  /// length covered at evenly spaced parameters.
  package struct MeasuredSegment: Sendable {
    var p0, p1, p2, p3: Point
    var isLine: Bool
    var lengths: [Double]

    static let samples = 24

    init(line a: Point, _ b: Point) {
      p0 = a
      p1 = a
      p2 = b
      p3 = b
      isLine = true
      let l = (b - a).length
      lengths = [0, l.isFinite ? l : 0]
    }

    /// A cubic from `a` to `b` through the control points, measured.
    package init(cubic a: Point, _ c1: Point, _ c2: Point, _ b: Point) {
      p0 = a
      p1 = c1
      p2 = c2
      p3 = b
      isLine = false
      lengths = [0.0]
      for k in 1...Self.samples {
        let l = arcLength(
          from: Double(k - 1) / Double(Self.samples), to: Double(k) / Double(Self.samples))
        lengths.append(lengths[k - 1] + l)
      }
    }

    /// The speed |B′(t)|.
    func speed(_ t: Double) -> Double {
      let u = 1 - t
      let d1 = (p1 - p0) * (3 * u * u)
      let d2 = (p2 - p1) * (6 * u * t)
      let d3 = (p3 - p2) * (3 * t * t)
      let v = (d1 + d2 + d3).length
      return v.isFinite ? v : 0
    }

    /// The length from `t0` to `t1`, by five-point Gauss–Legendre quadrature of the speed.
    func arcLength(from t0: Double, to t1: Double) -> Double {
      let nodes = [
        0.0, -0.538469310105683, 0.538469310105683, -0.906179845938664, 0.906179845938664,
      ]
      let weights = [
        0.568888888888889, 0.478628670499366, 0.478628670499366, 0.236926885056189,
        0.236926885056189,
      ]
      let half = (t1 - t0) / 2
      let mid = (t1 + t0) / 2
      var sum = 0.0
      for k in 0..<5 { sum += weights[k] * speed(mid + half * nodes[k]) }
      return sum * half
    }

    /// The segment's length.
    package var length: Double { lengths[lengths.count - 1] }

    static func point(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ t: Double) -> Point {
      let u = 1 - t
      let (k0, k1, k2, k3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
      return Point(
        x: k0 * a.x + k1 * b.x + k2 * c.x + k3 * d.x, y: k0 * a.y + k1 * b.y + k2 * c.y + k3 * d.y)
    }

    /// The parameter at `distance` along the segment.
    package func parameter(at distance: Double) -> Double {
      let total = length
      guard total > 0 else { return 0 }
      if isLine { return Swift.min(1, Swift.max(0, distance / total)) }
      guard distance > 0 else { return 0 }
      guard distance < total else { return 1 }
      var lo = 0
      var hi = lengths.count - 1
      while hi - lo > 1 {
        let mid = (lo + hi) / 2
        if lengths[mid] <= distance { lo = mid } else { hi = mid }
      }
      let span = lengths[hi] - lengths[lo]
      let within = span > 0 ? (distance - lengths[lo]) / span : 0
      let n = Double(lengths.count - 1)
      let (t0, t1) = (Double(lo) / n, Double(hi) / n)
      // Newton's method on the length from the sample before, kept within the samples.
      var t = t0 + (t1 - t0) * within
      for _ in 0..<3 {
        let v = speed(t)
        guard v > 1e-12 else { break }
        t -= (lengths[lo] + arcLength(from: t0, to: t) - distance) / v
        t = Swift.min(t1, Swift.max(t0, t))
      }
      return t
    }

    /// Appends the part between parameters `t0` and `t1` (the path's current point is its
    /// start).
    func append(from t0: Double, to t1: Double, to path: inout Path) {
      if isLine {
        path.line(to: p0 + (p3 - p0) * t1)
        return
      }
      // Split at t1, then the first part at t0 / t1.
      let head = Self.split(p0, p1, p2, p3, t1)
      let s = t1 > 0 ? t0 / t1 : 0
      let tail = Self.split(head.0, head.1, head.2, head.3, s)
      path.cubic(to: tail.7, control1: tail.5, control2: tail.6)
    }

    /// De Casteljau at `t`: the two halves' control points.
    static func split(_ a: Point, _ b: Point, _ c: Point, _ d: Point, _ t: Double) -> (
      Point, Point, Point, Point, Point, Point, Point, Point
    ) {
      func mix(_ p: Point, _ q: Point) -> Point { p + (q - p) * t }
      let ab = mix(a, b)
      let bc = mix(b, c)
      let cd = mix(c, d)
      let abc = mix(ab, bc)
      let bcd = mix(bc, cd)
      let m = mix(abc, bcd)
      return (a, ab, abc, m, m, bcd, cd, d)
    }

    /// The point at parameter `t`.
    package func point(at t: Double) -> Point {
      isLine ? p0 + (p3 - p0) * t : Self.point(p0, p1, p2, p3, t)
    }
  }

  /// One contour measured: its segments (a closed contour's closing line included) and
  /// whether it is closed.
  struct MeasuredContour {
    var segments: [MeasuredSegment] = []
    var isClosed = false
    var length: Double { segments.reduce(0) { $0 + $1.length } }
  }

  /// The contours of the path, measured.
  func measuredContours() -> [MeasuredContour] {
    var out: [MeasuredContour] = []
    var current = MeasuredContour()
    var start = Point.zero
    var at = Point.zero
    func finish() {
      if !current.segments.isEmpty { out.append(current) }
      current = MeasuredContour()
    }
    for element in elements {
      switch element {
      case .move(let p):
        finish()
        start = p
        at = p
      case .line(let p):
        current.segments.append(MeasuredSegment(line: at, p))
        at = p
      case .quad(let p, let c):
        current.segments.append(
          MeasuredSegment(cubic: at, at + (c - at) * (2.0 / 3), p + (c - p) * (2.0 / 3), p))
        at = p
      case .cubic(let p, let c1, let c2):
        current.segments.append(MeasuredSegment(cubic: at, c1, c2, p))
        at = p
      case .close:
        if at != start { current.segments.append(MeasuredSegment(line: at, start)) }
        current.isClosed = true
        finish()
        at = start
      }
    }
    finish()
    return out
  }

  /// The path's contours, each its own path.
  public var contours: [Path] {
    var out: [Path] = []
    var current = Path()
    for element in elements {
      if case .move = element, !current.isEmpty {
        out.append(current)
        current = Path()
      }
      current.add(element)
    }
    if !current.isEmpty { out.append(current) }
    return out
  }

  /// The length of the path: every contour's, a closed contour's closing line included
  /// (curves measured to a small fraction of a point).
  public var length: Double { measuredContours().reduce(0) { $0 + $1.length } }

  /// The part of the path from `start` to `end`, distances measured along it with its
  /// contours one after another (the jump from one contour to the next has no length).
  /// The parts are open, except a closed contour kept whole. Distances are clamped to the
  /// path; an empty or reversed range (or a NaN) is an empty path.
  public func trimmed(from start: Double, to end: Double) -> Path {
    var out = Path()
    guard start < end else { return out }
    var offset = 0.0
    for contour in measuredContours() {
      let length = contour.length
      defer { offset += length }
      let a = Swift.max(0, start - offset)
      let b = Swift.min(length, end - offset)
      guard a < b else { continue }
      Self.appendPart(of: contour, from: a, to: b, into: &out)
    }
    return out
  }

  /// The part of `contour` from `a` to `b` (0 ≤ a < b ≤ its length).
  static func appendPart(
    of contour: MeasuredContour, from a: Double, to b: Double, into out: inout Path
  ) {
    let whole = a <= 0 && b >= contour.length
    var position = 0.0
    var started = false
    for segment in contour.segments {
      let l = segment.length
      defer { position += l }
      let s = a - position
      let e = b - position
      guard e > 0, s < l else { continue }
      let t0 = segment.parameter(at: s)
      let t1 = segment.parameter(at: e)
      if !started {
        out.move(to: segment.point(at: t0))
        started = true
      }
      segment.append(from: t0, to: t1, to: &out)
    }
    if whole, contour.isClosed, started { out.close() }
  }
}

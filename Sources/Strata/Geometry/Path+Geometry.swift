/// A flattened subpath: a list of points joined by straight lines.
public struct Polyline: Hashable, Sendable {
  /// The vertices in order.
  public var points: [Point]
  /// Whether the subpath was closed explicitly (for strokes; fills always close it).
  public var isClosed: Bool

  /// Creates a polyline.
  public init(points: [Point], isClosed: Bool) {
    self.points = points
    self.isClosed = isClosed
  }
}

/// How the inside of a self-overlapping path is decided.
public enum FillRule: String, Hashable, Sendable, CaseIterable {
  /// Inside where the winding number is not zero.
  case nonZero
  /// Inside where the winding number is odd.
  case evenOdd

  /// Whether a point with winding number `w` is inside.
  @inlinable
  public func isInside(winding w: Int) -> Bool {
    switch self {
    case .nonZero: return w != 0
    case .evenOdd: return w & 1 != 0
    }
  }
}

extension Path {
  /// The largest number of line segments one curve is split into when flattening.
  ///
  /// It bounds the work for absurdly large curves; at ordinary sizes a curve
  /// needs far fewer.
  public static let maximumSegmentsPerCurve = 4096

  /// The subpaths as polylines whose distance from the true curves is at most `tolerance`.
  ///
  /// Curves are split into equal parameter steps; the count comes from the
  /// bound on the distance between a curve and its chord, ‖B″‖·h²/8 for a
  /// parameter step h, so it is exact for quadratics and conservative for cubics.
  /// A tolerance that is not positive and finite is taken as 0.1.
  ///
  /// - Complexity: O(elements + segments produced).
  public func flattened(tolerance: Double = 0.1) -> [Polyline] {
    var flat = FlattenedPath()
    flatten(tolerance: tolerance, into: &flat)
    return flat.polylines
  }

  /// ``flattened(tolerance:)`` into `flat`, replacing what it held: a renderer that flattens
  /// path after path into one ``FlattenedPath`` reuses its memory instead of allocating.
  public func flatten(tolerance: Double = 0.1, into flat: inout FlattenedPath) {
    flatten(tolerance: tolerance, into: &flat) { $0 }
  }

  /// ``flatten(tolerance:into:)`` of the path mapped through `t`: the same points as
  /// `applying(t).flatten(tolerance:into:)`, without building the mapped path.
  public func flatten(
    tolerance: Double = 0.1, applying t: Transform, into flat: inout FlattenedPath
  ) {
    // `applying` starts a path that does not begin with a move at the untransformed origin;
    // such paths take that road so that the points stay the same.
    if startsWithMove {
      flatten(tolerance: tolerance, into: &flat) { t.apply(to: $0) }
    } else {
      applying(t).flatten(tolerance: tolerance, into: &flat)
    }
  }

  /// The flattening, each element's points mapped through `map` first.
  @inline(__always)
  private func flatten(
    tolerance: Double, into flat: inout FlattenedPath, map: (Point) -> Point
  ) {
    flat.removeAll()
    appendFlattening(tolerance: tolerance, to: &flat, map: map)
  }

  /// Appends the flattening to what `flat` holds, each element's points mapped through `map`
  /// first. For a path that starts with a move (or is empty), flattening paths one after
  /// another this way gives the points of flattening the path that joins them.
  package func appendFlattening(
    tolerance: Double, to flat: inout FlattenedPath, map: (Point) -> Point
  ) {
    let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 0.1
    var last = Point.zero
    for e in elements {
      switch e {
      case .move(let point):
        let p = map(point)
        flat.finishSubpath(closed: false)
        flat.points.append(p)
        last = p
      case .line(let point):
        let p = map(point)
        flat.points.append(p)
        last = p
      case .quad(let point, let control):
        let p = map(point)
        let c = map(control)
        let dd = Vector(dx: last.x - 2 * c.x + p.x, dy: last.y - 2 * c.y + p.y).length
        let n = Path.segmentCount((dd / (4 * tol)).squareRoot())
        let p0 = last
        for i in 1...n {
          let t = Double(i) / Double(n)
          let mt = 1 - t
          flat.points.append(
            Point(
              x: mt * mt * p0.x + 2 * mt * t * c.x + t * t * p.x,
              y: mt * mt * p0.y + 2 * mt * t * c.y + t * t * p.y))
        }
        last = p
      case .cubic(let point, let control1, let control2):
        let p = map(point)
        let c1 = map(control1)
        let c2 = map(control2)
        let d1 = Vector(dx: last.x - 2 * c1.x + c2.x, dy: last.y - 2 * c1.y + c2.y).length
        let d2 = Vector(dx: c1.x - 2 * c2.x + p.x, dy: c1.y - 2 * c2.y + p.y).length
        let n = Path.segmentCount((0.75 * Swift.max(d1, d2) / tol).squareRoot())
        let p0 = last
        for i in 1...n {
          let t = Double(i) / Double(n)
          let mt = 1 - t
          let a = mt * mt * mt
          let b = 3 * mt * mt * t
          let cc = 3 * mt * t * t
          let d = t * t * t
          flat.points.append(
            Point(
              x: a * p0.x + b * c1.x + cc * c2.x + d * p.x,
              y: a * p0.y + b * c1.y + cc * c2.y + d * p.y))
        }
        last = p
      case .close:
        let start = flat.currentSubpathStart
        flat.finishSubpath(closed: true)
        if let start {
          last = start
          flat.points.append(start)
        }
      }
    }
    flat.finishSubpath(closed: false)
  }

  static func segmentCount(_ estimate: Double) -> Int {
    if estimate.isNaN { return 1 }
    if estimate >= Double(maximumSegmentsPerCurve) { return maximumSegmentsPerCurve }
    return Swift.min(maximumSegmentsPerCurve, Swift.max(1, Int(estimate.rounded(.up))))
  }

  /// The smallest rectangle containing the path itself (curve extremes included,
  /// control points that the curve does not reach excluded); ``Rect/zero`` for an empty path.
  public var bounds: Rect { bounds { $0 } }

  /// ``bounds`` of the path mapped through `t`: the same rectangle as `applying(t).bounds`,
  /// without building the mapped path.
  package func bounds(applying t: Transform) -> Rect {
    guard startsWithMove else { return applying(t).bounds }
    return bounds { t.apply(to: $0) }
  }

  /// Whether the first element is a move (``applying(_:)`` maps other paths differently: they
  /// start at the untransformed origin).
  package var startsWithMove: Bool {
    if let first = elements.first, case .move = first { return true }
    return false
  }

  /// ``bounds`` with every point mapped through `map` as it is read.
  private func bounds(mapping map: (Point) -> Point) -> Rect {
    var l = Double.infinity
    var t = Double.infinity
    var r = -Double.infinity
    var b = -Double.infinity
    func add(_ p: Point) {
      l = Swift.min(l, p.x)
      t = Swift.min(t, p.y)
      r = Swift.max(r, p.x)
      b = Swift.max(b, p.y)
    }
    var last = Point.zero
    var start = Point.zero
    for e in elements {
      switch e {
      case .move(let q):
        let p = map(q)
        add(p)
        last = p
        start = p
      case .line(let q):
        let p = map(q)
        add(p)
        last = p
      case .quad(let q, let cq):
        let p = map(q)
        let c = map(cq)
        add(p)
        // Extremum of a quadratic: derivative 2[(1−t)(c−p0) + t(p−c)] = 0.
        let roots = Path.quadExtrema(last.x, c.x, p.x) + Path.quadExtrema(last.y, c.y, p.y)
        roots.each { tt in
          let mt = 1 - tt
          add(
            Point(
              x: mt * mt * last.x + 2 * mt * tt * c.x + tt * tt * p.x,
              y: mt * mt * last.y + 2 * mt * tt * c.y + tt * tt * p.y))
        }
        last = p
      case .cubic(let q, let cq1, let cq2):
        let p = map(q)
        let c1 = map(cq1)
        let c2 = map(cq2)
        add(p)
        let roots =
          Path.cubicExtrema(last.x, c1.x, c2.x, p.x) + Path.cubicExtrema(last.y, c1.y, c2.y, p.y)
        roots.each { tt in
          let mt = 1 - tt
          let a = mt * mt * mt
          let b3 = 3 * mt * mt * tt
          let c3 = 3 * mt * tt * tt
          let d = tt * tt * tt
          add(
            Point(
              x: a * last.x + b3 * c1.x + c3 * c2.x + d * p.x,
              y: a * last.y + b3 * c1.y + c3 * c2.y + d * p.y))
        }
        last = p
      case .close:
        last = start
      }
    }
    guard l <= r, t <= b else { return .zero }
    return Rect(x: l, y: t, width: r - l, height: b - t)
  }

  /// Up to four parameters in 0 < t < 1, kept without allocating (bounds are taken for every
  /// path a frame fills).
  struct Roots {
    private var storage: (Double, Double, Double, Double) = (0, 0, 0, 0)
    private(set) var count = 0

    mutating func add(_ t: Double) {
      guard t > 0, t < 1, count < 4 else { return }
      switch count {
      case 0: storage.0 = t
      case 1: storage.1 = t
      case 2: storage.2 = t
      default: storage.3 = t
      }
      count += 1
    }

    static func + (a: Roots, b: Roots) -> Roots {
      var r = a
      b.each { r.add($0) }
      return r
    }

    /// Calls `body` with each parameter, in the order they were added.
    func each(_ body: (Double) -> Void) {
      if count > 0 { body(storage.0) }
      if count > 1 { body(storage.1) }
      if count > 2 { body(storage.2) }
      if count > 3 { body(storage.3) }
    }
  }

  static func quadExtrema(_ a: Double, _ b: Double, _ c: Double) -> Roots {
    var roots = Roots()
    let denom = a - 2 * b + c
    guard denom != 0 else { return roots }
    roots.add((a - b) / denom)
    return roots
  }

  static func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Roots {
    // B'(t)/3 = a t² + b t + c
    let a = -p0 + 3 * p1 - 3 * p2 + p3
    let b = 2 * (p0 - 2 * p1 + p2)
    let c = p1 - p0
    var roots = Roots()
    if Swift.abs(a) < 1e-12 {
      if b != 0 { roots.add(-c / b) }
    } else {
      let disc = b * b - 4 * a * c
      if disc >= 0 {
        let s = disc.squareRoot()
        roots.add((-b + s) / (2 * a))
        roots.add((-b - s) / (2 * a))
      }
    }
    return roots
  }

  /// The winding number of the path around `point`: the signed count of crossings of a ray to the right.
  ///
  /// Curves are flattened within `tolerance`; open subpaths count as closed.
  public func winding(at point: Point, tolerance: Double = 0.01) -> Int {
    var w = 0
    for poly in flattened(tolerance: tolerance) {
      let pts = poly.points
      guard pts.count > 1 else { continue }
      var a = pts[pts.count - 1]
      for b in pts {
        if a.y <= point.y {
          if b.y > point.y && (b - a).cross(point - a) > 0 { w += 1 }
        } else if b.y <= point.y && (b - a).cross(point - a) < 0 {
          w -= 1
        }
        a = b
      }
    }
    return w
  }

  /// Whether `point` is inside the path under `rule`.
  public func contains(_ point: Point, rule: FillRule = .nonZero, tolerance: Double = 0.01) -> Bool
  {
    rule.isInside(winding: winding(at: point, tolerance: tolerance))
  }
}

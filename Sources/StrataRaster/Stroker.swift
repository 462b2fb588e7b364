import Strata
import StrataText

/// Turns a path and a ``StrokeStyle`` into polygons whose nonzero union is the stroke.
///
/// Every piece — one quadrilateral per segment, one polygon per join and cap — is
/// wound the same way, so overlaps add up instead of cancelling. Dashes are cut from
/// the flattened path by arc length.
struct Stroker {
  /// The most dashes drawn for one path; a pattern that would make more is drawn solid.
  static let dashLimit = 100_000

  var style: StrokeStyle
  var tolerance: Double

  /// Buffers a renderer keeps from stroke to stroke, so that stroking allocates nothing.
  struct Scratch: Sendable {
    /// The path flattened.
    var flat = FlattenedPath()
    /// One subpath without repeated points.
    var line: [Point] = []
  }

  /// The pieces of the stroke of `path`, each a closed subpath of `pieces` (emptied first) wound
  /// the same way, worked out through buffers the caller keeps.
  func outline(of path: Path, into pieces: inout FlattenedPath, scratch: inout Scratch) {
    pieces.removeAll()
    let hw = style.width / 2
    guard hw > 0, hw.isFinite else { return }
    path.flatten(tolerance: tolerance, into: &scratch.flat)
    if !style.dash.isEmpty {
      let polys = scratch.flat.polylines.map { poly in
        var points: [Point] = []
        Self.dedupe(poly.points[...], closed: poly.isClosed, into: &points)
        return Polyline(points: points, isClosed: poly.isClosed)
      }
      if let dashed = dash(polys) {
        for poly in dashed { addPieces(poly.points, closed: poly.isClosed, hw: hw, into: &pieces) }
        return
      }
    }
    var start = 0
    for subpath in scratch.flat.subpaths {
      Self.dedupe(
        scratch.flat.points[start..<subpath.end], closed: subpath.isClosed, into: &scratch.line)
      addPieces(scratch.line, closed: subpath.isClosed, hw: hw, into: &pieces)
      start = subpath.end
    }
  }

  /// `points` without points repeating the one before (nor, when `closed`, a last point
  /// repeating the first), into `line` (emptied first).
  private static func dedupe(_ points: ArraySlice<Point>, closed: Bool, into line: inout [Point]) {
    line.removeAll(keepingCapacity: true)
    for q in points where line.last.map({ ($0 - q).length > 1e-12 }) ?? true { line.append(q) }
    if closed, line.count > 1, let f = line.first, let l = line.last, (f - l).length <= 1e-12 {
      line.removeLast()
    }
  }

  private func dash(_ polys: [Polyline]) -> [Polyline]? {
    let pattern = style.dash.count % 2 == 1 ? style.dash + style.dash : style.dash
    let period = pattern.reduce(0, +)
    guard !pattern.isEmpty, period > 0, period.isFinite else { return nil }
    var total = 0.0
    for p in polys {
      let pts = p.isClosed ? p.points + p.points.prefix(1) : p.points
      for i in 1..<Swift.max(1, pts.count) { total += (pts[i] - pts[i - 1]).length }
    }
    guard total / period * Double(pattern.count) < Double(Self.dashLimit) else { return nil }
    var out: [Polyline] = []
    for p in polys {
      let pts = p.isClosed ? p.points + p.points.prefix(1) : p.points
      guard pts.count > 1 else { continue }
      // Where in the pattern the path starts.
      var phase = style.dashPhase.truncatingRemainder(dividingBy: period)
      if phase < 0 { phase += period }
      var index = 0
      while phase >= pattern[index] {
        phase -= pattern[index]
        index = (index + 1) % pattern.count
      }
      var remaining = pattern[index] - phase
      var on = index % 2 == 0
      var current: [Point] = on ? [pts[0]] : []
      for i in 1..<pts.count {
        var a = pts[i - 1]
        let b = pts[i]
        var segment = (b - a).length
        while segment > remaining {
          let t = remaining / segment
          let m = a.lerp(to: b, t)
          if on {
            current.append(m)
            out.append(Polyline(points: current, isClosed: false))
            current = []
          } else {
            current = [m]
          }
          on.toggle()
          segment -= remaining
          a = m
          index = (index + 1) % pattern.count
          remaining = pattern[index]
        }
        remaining -= segment
        if on { current.append(b) }
      }
      if on, current.count > 1 { out.append(Polyline(points: current, isClosed: false)) }
    }
    return out
  }

  /// Adds the pieces of one polyline: a quadrilateral per segment, then the joins, then the
  /// caps, each a closed subpath wound positively.
  private func addPieces(
    _ pts: [Point], closed isClosed: Bool, hw: Double, into pieces: inout FlattenedPath
  ) {
    guard let first = pts.first else { return }
    if pts.count == 1 {
      // A zero-length subpath shows only its caps.
      switch style.cap {
      case .round: circle(first, hw, into: &pieces)
      case .square:
        polygon(
          Point(x: first.x - hw, y: first.y - hw), Point(x: first.x + hw, y: first.y - hw),
          Point(x: first.x + hw, y: first.y + hw), Point(x: first.x - hw, y: first.y + hw),
          into: &pieces)
      case .butt: break
      }
      return
    }
    let closed = isClosed && pts.count > 2
    let count = closed ? pts.count : pts.count - 1
    /// The direction of segment `i`.
    func direction(_ i: Int) -> Vector { (pts[(i + 1) % pts.count] - pts[i]).normalized }
    for i in 0..<count {
      let a = pts[i]
      let b = pts[(i + 1) % pts.count]
      let n = direction(i).perpendicular * hw
      polygon(a + n, b + n, b - n, a - n, into: &pieces)
    }
    // Joins at interior vertices, and at the start of a closed polyline.
    for i in (closed ? 0 : 1)..<count {
      addJoin(at: pts[i], direction((i - 1 + count) % count), direction(i), hw: hw, into: &pieces)
    }
    if !closed, let last = pts.last {
      addCap(at: first, direction: -direction(0), hw: hw, into: &pieces)
      addCap(at: last, direction: direction(count - 1), hw: hw, into: &pieces)
    }
  }

  private func addJoin(
    at p: Point, _ d0: Vector, _ d1: Vector, hw: Double, into pieces: inout FlattenedPath
  ) {
    let turn = d0.cross(d1)
    if Swift.abs(turn) < 1e-12 && d0.dot(d1) > 0 { return }
    // The outer side is away from the turn.
    let side: Double = turn > 0 ? -1 : 1
    let n0 = d0.perpendicular * side
    let n1 = d1.perpendicular * side
    let o0 = p + n0 * hw
    let o1 = p + n1 * hw
    let cosine = n0.dot(n1)
    if style.join == .round {
      // Where a bevel is within the tolerance of the arc (a gentle turn, as between the
      // pieces of a flattened curve), a circle would add nothing visible.
      let gap = hw * (1 - ((1 + cosine) / 2).squareRoot())
      if gap < tolerance {
        polygon(p, o0, o1, into: &pieces)
      } else {
        circle(p, hw, into: &pieces)
      }
      return
    }
    if style.join == .miter {
      let ratio = 1 / ((1 + cosine) / 2).squareRoot()
      if cosine > -1 + 1e-12, ratio <= style.miterLimit {
        let m = p + (n0 + n1) * (hw / (1 + cosine))
        polygon(p, o0, m, o1, into: &pieces)
        return
      }
    }
    polygon(p, o0, o1, into: &pieces)
  }

  private func addCap(
    at p: Point, direction d: Vector, hw: Double, into pieces: inout FlattenedPath
  ) {
    switch style.cap {
    case .butt: return
    case .round: circle(p, hw, into: &pieces)
    case .square:
      let n = d.perpendicular * hw
      let e = d * hw
      polygon(p + n, p + n + e, p - n + e, p - n, into: &pieces)
    }
  }

  /// A triangle piece.
  private func polygon(_ a: Point, _ b: Point, _ c: Point, into pieces: inout FlattenedPath) {
    pieces.startSubpath()
    pieces.add(a)
    pieces.add(b)
    pieces.add(c)
    pieces.closeSubpathWoundPositively()
  }

  /// A quadrilateral piece.
  private func polygon(
    _ a: Point, _ b: Point, _ c: Point, _ d: Point, into pieces: inout FlattenedPath
  ) {
    pieces.startSubpath()
    pieces.add(a)
    pieces.add(b)
    pieces.add(c)
    pieces.add(d)
    pieces.closeSubpathWoundPositively()
  }

  /// A circle piece, its polygon fine enough for the tolerance.
  private func circle(_ c: Point, _ r: Double, into pieces: inout FlattenedPath) {
    let step = 2 * StrataMath.acos(Swift.max(-1, 1 - tolerance / Swift.max(r, tolerance)))
    let n = Swift.min(512, Swift.max(8, Int((2 * Double.pi / Swift.max(step, 1e-3)).rounded(.up))))
    pieces.startSubpath()
    for i in 0..<n {
      let a = 2 * Double.pi * Double(i) / Double(n)
      pieces.add(Point(x: c.x + r * StrataMath.cos(a), y: c.y + r * StrataMath.sin(a)))
    }
    pieces.closeSubpathWoundPositively()
  }
}

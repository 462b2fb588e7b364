import Strata
import StrataText

/// Turns a path and a ``StrokeStyle`` into polygons that tile the stroke.
///
/// Every piece — one quadrilateral per segment, one polygon per join and cap — is wound the
/// same way, and the pieces meet edge to edge without overlapping, so the exact-area
/// rasterizer's sum over a pixel is the stroke's area in it: a round cap is the half disc past
/// the end, a join only the wedge outside both segments, and where two segments overlap on
/// the inside of a corner the second leaves the overlap to the first (see
/// ``Stroker/addPieces(_:closed:hw:into:scratch:)``). Dashes are cut from the flattened path
/// by arc length.
package struct Stroker {
  /// The most dashes drawn for one path; a pattern that would make more is drawn solid.
  static let dashLimit = 100_000

  var style: StrokeStyle
  var tolerance: Double

  /// Buffers a renderer keeps from stroke to stroke, so that stroking allocates nothing.
  package struct Scratch: Sendable {
    /// Empty buffers.
    package init() {}

    /// The path flattened.
    var flat = FlattenedPath()
    /// One subpath without repeated points.
    var line: [Point] = []
    /// The corners of that subpath.
    var corners: [Corner] = []
    /// Polygons being cut (see ``Stroker/addDifference(_:minus:into:scratch:)``): the shape,
    /// the polygons cut from it, and the convex parts, each kept as points and where each ends.
    var shape: [Point] = []
    var cutters = PolygonList()
    var parts = PolygonList()
    var nextParts = PolygonList()
    var inside: [Point] = []
    var clipped: [Point] = []
    /// The last few outlines made, in the path's own space, with what made them: the same
    /// path stroked again the same way (a `use`d or pattern-tiled shape, each copy under its
    /// own transform) takes its outline from here, the same points as made afresh.
    var recent: [KeptOutline] = []
    /// The most points and subpaths an outline kept in ``recent`` has had: a kept outline's
    /// buffers are made that large when it takes a new outline, so that they all settle at the
    /// size of the largest, whichever of them the largest outlines land in.
    var largestKept = (points: 0, subpaths: 0)

    /// How many outlines ``recent`` keeps.
    static let recentLimit = 8
  }

  /// An outline made, and what made it (see ``Scratch/recent``).
  struct KeptOutline: Sendable {
    var path: Path
    var style: StrokeStyle
    var tolerance: Double
    var outline = FlattenedPath()
  }

  /// Polygons in one buffer: their points one after another, and where each ends.
  struct PolygonList: Sendable {
    var points: [Point] = []
    var ends: [Int] = []

    mutating func removeAll() {
      points.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
    }

    /// Adds `polygon` (a list of points) as one more polygon.
    mutating func append(_ polygon: [Point]) {
      points.append(contentsOf: polygon)
      ends.append(points.count)
    }

    /// The points of polygon `k`.
    func polygon(_ k: Int) -> ArraySlice<Point> { points[(k == 0 ? 0 : ends[k - 1])..<ends[k]] }
  }

  /// One vertex of a polyline: the segment that starts there, and how it meets the one before.
  struct Corner: Sendable {
    /// The segment's unit direction, its half-width normal (direction turned a quarter, times
    /// the half-width) and its length.
    var direction = Vector(dx: 0, dy: 0)
    var normal = Vector(dx: 0, dy: 0)
    var length = 0.0
    /// How far along each segment the two overlap on the inside of the corner (the half-width
    /// times tan(θ/2), θ the turn): 0 where the line goes straight on or ends, infinite for a
    /// reversal.
    var overlap = 0.0
    /// Which side of the segments the corner turns to: +1 the normal's, −1 the other, 0 none.
    var inner = 0.0
    /// Whether the segment starting here leaves the overlap out.
    var cut = false
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
        for poly in dashed {
          addPieces(
            poly.points, closed: poly.isClosed, hw: hw, into: &pieces, scratch: &scratch)
        }
        return
      }
    }
    var start = 0
    for subpath in scratch.flat.subpaths {
      Self.dedupe(
        scratch.flat.points[start..<subpath.end], closed: subpath.isClosed, into: &scratch.line)
      addPieces(
        scratch.line, closed: subpath.isClosed, hw: hw, into: &pieces, scratch: &scratch)
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
      // A zero-length dash right at the start still draws its caps.
      while phase > 0, phase >= pattern[index] {
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
            out.append(Polyline(points: capped(current, along: b - a), isClosed: false))
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

  /// A dash of no length as a sliver along `direction` when the caps are round or square, so
  /// that its caps draw a dot or a square there, as SVG asks (SVG 2 §13.5.5); as it is
  /// otherwise.
  private func capped(_ dash: [Point], along direction: Vector) -> [Point] {
    guard style.cap != .butt, let first = dash.first, dash.allSatisfy({ $0 == first }) else {
      return dash
    }
    let length = direction.length
    guard length > 0, length.isFinite else { return dash }
    return [first, first + direction * (1e-6 * Swift.max(style.width, 1e-3) / length)]
  }
}

import Strata

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

  /// The pieces of the stroke of `path`, each a closed subpath of `pieces` (emptied first) wound
  /// the same way.
  func outline(of path: Path, into pieces: inout FlattenedPath) {
    pieces.removeAll()
    let hw = style.width / 2
    guard hw > 0, hw.isFinite else { return }
    var polys = path.flattened(tolerance: tolerance).map { dedupe($0) }
    if let dashed = dash(polys) { polys = dashed }
    var out = Pieces(flat: pieces)
    pieces = FlattenedPath()
    for poly in polys { addPieces(poly, hw: hw, into: &out) }
    pieces = out.flat
  }

  /// Where pieces go: each into the flattened path, wound one fixed way (positive signed area).
  struct Pieces {
    var flat: FlattenedPath

    mutating func append(_ pts: [Point]) {
      var area = 0.0
      for i in pts.indices {
        let a = pts[i]
        let b = pts[(i + 1) % pts.count]
        area += a.x * b.y - b.x * a.y
      }
      flat.append(subpath: pts, isClosed: true, reversed: area < 0)
    }
  }

  private func dedupe(_ p: Polyline) -> Polyline {
    var pts: [Point] = []
    for q in p.points where pts.last.map({ ($0 - q).length > 1e-12 }) ?? true { pts.append(q) }
    if p.isClosed, pts.count > 1, let f = pts.first, let l = pts.last, (f - l).length <= 1e-12 {
      pts.removeLast()
    }
    return Polyline(points: pts, isClosed: p.isClosed)
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

  private func addPieces(_ poly: Polyline, hw: Double, into pieces: inout Pieces) {
    let pts = poly.points
    guard let first = pts.first else { return }
    if pts.count == 1 {
      // A zero-length subpath shows only its caps.
      switch style.cap {
      case .round: pieces.append(circle(first, hw))
      case .square:
        pieces.append([
          Point(x: first.x - hw, y: first.y - hw), Point(x: first.x + hw, y: first.y - hw),
          Point(x: first.x + hw, y: first.y + hw), Point(x: first.x - hw, y: first.y + hw),
        ])
      case .butt: break
      }
      return
    }
    let closed = poly.isClosed && pts.count > 2
    let count = closed ? pts.count : pts.count - 1
    var dirs: [Vector] = []
    for i in 0..<count {
      let a = pts[i]
      let b = pts[(i + 1) % pts.count]
      let d = (b - a).normalized
      dirs.append(d)
      let n = d.perpendicular * hw
      pieces.append([a + n, b + n, b - n, a - n])
    }
    // Joins at interior vertices, and at the start of a closed polyline.
    let joinIndices = closed ? Array(0..<count) : Array(1..<count)
    for i in joinIndices {
      let d0 = dirs[(i - 1 + count) % count]
      let d1 = dirs[i]
      addJoin(at: pts[i], d0, d1, hw: hw, into: &pieces)
    }
    if !closed, let last = pts.last, let d0 = dirs.first, let d1 = dirs.last {
      addCap(at: first, direction: -d0, hw: hw, into: &pieces)
      addCap(at: last, direction: d1, hw: hw, into: &pieces)
    }
  }

  private func addJoin(
    at p: Point, _ d0: Vector, _ d1: Vector, hw: Double, into pieces: inout Pieces
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
      pieces.append(gap < tolerance ? [p, o0, o1] : circle(p, hw))
      return
    }
    if style.join == .miter {
      let ratio = 1 / ((1 + cosine) / 2).squareRoot()
      if cosine > -1 + 1e-12, ratio <= style.miterLimit {
        let m = p + (n0 + n1) * (hw / (1 + cosine))
        pieces.append([p, o0, m, o1])
        return
      }
    }
    pieces.append([p, o0, o1])
  }

  private func addCap(at p: Point, direction d: Vector, hw: Double, into pieces: inout Pieces) {
    switch style.cap {
    case .butt: return
    case .round: pieces.append(circle(p, hw))
    case .square:
      let n = d.perpendicular * hw
      let e = d * hw
      pieces.append([p + n, p + n + e, p - n + e, p - n])
    }
  }

  private func circle(_ c: Point, _ r: Double) -> [Point] {
    let step = 2 * StrataMath.acos(Swift.max(-1, 1 - tolerance / Swift.max(r, tolerance)))
    let n = Swift.min(512, Swift.max(8, Int((2 * Double.pi / Swift.max(step, 1e-3)).rounded(.up))))
    return (0..<n).map { i in
      let a = 2 * Double.pi * Double(i) / Double(n)
      return Point(x: c.x + r * StrataMath.cos(a), y: c.y + r * StrataMath.sin(a))
    }
  }

}

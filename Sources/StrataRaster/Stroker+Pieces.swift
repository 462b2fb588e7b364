import Strata

extension Stroker {
  /// Adds the pieces of one polyline, each a closed subpath wound positively, meeting edge to
  /// edge: a quadrilateral per segment, the outer wedge of each join, a cap past each end.
  ///
  /// On the inside of a corner the two segments' quadrilaterals overlap in a kite (the corner
  /// point, the two inner corners, and where the inner edges cross). The segment starting at
  /// the corner leaves the kite out, so nothing is covered twice. Where the kite does not fit
  /// within both segments beside the kites of their other ends (a short segment at a sharp
  /// corner, as where a dash starts just before one, or a curve tighter than the half-width),
  /// the segment's quadrilateral less the segments before it that could reach it (and less the
  /// start cap) goes in convex pieces, and the end cap less the segment before the last
  /// likewise. Every piece leaves out only what a piece before it covers, so nothing is lost.
  /// What may still be covered twice is a path crossing itself far from where it was, and a
  /// join's wedge in a curve tighter than the half-width; there the rasterizer adds the
  /// overlap at the pixels on its edge.
  func addPieces(
    _ pts: [Point], closed isClosed: Bool, hw: Double, into pieces: inout FlattenedPath,
    scratch: inout Scratch
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
    measureCorners(pts, segments: count, closed: closed, hw: hw, into: &scratch.corners)
    let corners = scratch.corners
    /// Adds segment `i`'s quadrilateral to `list`.
    func quad(_ i: Int, to list: inout [Point]) {
      let a = pts[i]
      let b = pts[(i + 1) % pts.count]
      let n = corners[i].normal
      list.append(a + n)
      list.append(b + n)
      list.append(b - n)
      list.append(a - n)
    }
    /// The cap at `p`, towards `outward` (±1 along the corner's segment), to `add`.
    func cap(at p: Point, _ corner: Corner, outward: Double, _ add: (Point) -> Void) {
      self.cap(at: p, normal: corner.normal, outward: corner.direction * outward, add)
    }
    for i in 0..<count {
      let a = pts[i]
      let b = pts[(i + 1) % pts.count]
      let c = corners[i]
      let n = c.normal
      // A closed polyline's segments come in order from its first vertex: the last meets
      // the first there, so it is cut by the first (never the first by the last, so that no
      // two segments each leave an overlap to the other).
      let closing = closed && i == count - 1
      guard c.cut, !closing else {
        if (i > 0 && c.inner != 0) || closing {
          // The kite does not fit: this quadrilateral less the segments before it that could
          // reach it.
          scratch.shape.removeAll(keepingCapacity: true)
          quad(i, to: &scratch.shape)
          scratch.cutters.removeAll()
          var reach = 0.0
          var j = i
          while j > 0, reach < 4 * hw, i - j < Self.cutterLimit {
            j -= 1
            quad(j, to: &scratch.cutters.points)
            scratch.cutters.ends.append(scratch.cutters.points.count)
            reach += corners[j].length
          }
          if j == 0, !closed, style.cap != .butt {
            cap(at: first, corners[0], outward: -1) { scratch.cutters.points.append($0) }
            scratch.cutters.ends.append(scratch.cutters.points.count)
          }
          if closing {
            // And the first segments, past the vertex where the polyline closes.
            var ahead = 0.0
            var k = 0
            while k < j, ahead < 4 * hw, k < Self.cutterLimit {
              quad(k, to: &scratch.cutters.points)
              scratch.cutters.ends.append(scratch.cutters.points.count)
              ahead += corners[k].length
              k += 1
            }
          }
          addDifference(into: &pieces, scratch: &scratch)
        } else {
          polygon(a + n, b + n, b - n, a - n, into: &pieces)
        }
        continue
      }
      // The quadrilateral without the kite at `a`: from the corner point to the previous
      // segment's inner corner, to where the inner edges cross, then round the rest.
      let before = corners[(i - 1 + count) % count].normal * c.inner
      let crossing = a + n * c.inner + c.direction * c.overlap
      pieces.startSubpath()
      pieces.add(a)
      pieces.add(a + before)
      pieces.add(crossing)
      if c.inner > 0 {
        pieces.add(b + n)
        pieces.add(b - n)
        pieces.add(a - n)
      } else {
        pieces.add(b - n)
        pieces.add(b + n)
        pieces.add(a + n)
      }
      pieces.closeSubpathWoundPositively()
    }
    for i in (closed ? 0 : 1)..<count where corners[i].inner != 0 {
      addJoin(at: pts[i], from: corners[(i - 1 + count) % count], to: corners[i], into: &pieces)
    }
    guard !closed, let last = pts.last, style.cap != .butt else { return }
    pieces.startSubpath()
    cap(at: first, corners[0], outward: -1) { pieces.add($0) }
    pieces.closeSubpathWoundPositively()
    let end = corners[count - 1]
    if count > 1 && end.inner != 0 && !end.cut {
      // The last segment is short: its cap less the segment before it.
      scratch.shape.removeAll(keepingCapacity: true)
      cap(at: last, end, outward: 1) { scratch.shape.append($0) }
      scratch.cutters.removeAll()
      quad(count - 2, to: &scratch.cutters.points)
      scratch.cutters.ends.append(scratch.cutters.points.count)
      addDifference(into: &pieces, scratch: &scratch)
    } else {
      pieces.startSubpath()
      cap(at: last, end, outward: 1) { pieces.add($0) }
      pieces.closeSubpathWoundPositively()
    }
  }

  /// The most segments before a short one that its quadrilateral is cut by.
  static let cutterLimit = 16
  /// The most convex parts one quadrilateral is cut into; past it, it is drawn whole.
  static let partLimit = 64

  /// The convex polygon `scratch.shape` less each convex polygon of `scratch.cutters`, in
  /// convex pieces, all in buffers the scratch keeps.
  func addDifference(into pieces: inout FlattenedPath, scratch: inout Scratch) {
    scratch.parts.removeAll()
    scratch.parts.append(scratch.shape)
    for c in scratch.cutters.ends.indices {
      let cutter = scratch.cutters.polygon(c)
      // A convex polygon less another: for each side of the cutter in turn, the part outside
      // it, then on with the part inside.
      var area = 0.0
      for k in cutter.indices {
        let q = k + 1 == cutter.endIndex ? cutter.startIndex : k + 1
        area += cutter[k].x * cutter[q].y - cutter[q].x * cutter[k].y
      }
      let turn = area > 0 ? 1.0 : -1.0
      scratch.nextParts.removeAll()
      for part in scratch.parts.ends.indices {
        scratch.inside.removeAll(keepingCapacity: true)
        scratch.inside.append(contentsOf: scratch.parts.polygon(part))
        for k in cutter.indices {
          let p = cutter[k]
          let e = cutter[k + 1 == cutter.endIndex ? cutter.startIndex : k + 1] - p
          guard e.lengthSquared > 0 else { continue }
          let outward = Vector(dx: e.dy, dy: -e.dx) * turn
          Self.clip(scratch.inside, keeping: p, outward, into: &scratch.clipped)
          if scratch.clipped.count > 2 { scratch.nextParts.append(scratch.clipped) }
          Self.clip(scratch.inside, keeping: p, -outward, into: &scratch.clipped)
          swap(&scratch.inside, &scratch.clipped)
          if scratch.inside.count < 3 { break }
        }
      }
      swap(&scratch.parts, &scratch.nextParts)
      if scratch.parts.ends.count > Self.partLimit {
        // Too finely cut to be worth it (a knot of tiny segments): the shape whole, overlaps
        // and all.
        scratch.parts.removeAll()
        scratch.parts.append(scratch.shape)
        break
      }
    }
    for part in scratch.parts.ends.indices {
      pieces.startSubpath()
      for q in scratch.parts.polygon(part) { pieces.add(q) }
      pieces.closeSubpathWoundPositively()
    }
  }

  /// The part of the convex polygon `poly` on the side of the line through `point` that
  /// `towards` points to (Sutherland–Hodgman against one line), into `out` (emptied first).
  private static func clip(
    _ poly: [Point], keeping point: Point, _ towards: Vector, into out: inout [Point]
  ) {
    out.removeAll(keepingCapacity: true)
    guard let last = poly.last else { return }
    var a = last
    var da = (a - point).dot(towards)
    for b in poly {
      let db = (b - point).dot(towards)
      if da >= 0 { out.append(a) }
      if (da > 0 && db < 0) || (da < 0 && db > 0) { out.append(a + (b - a) * (da / (da - db))) }
      a = b
      da = db
    }
  }

  /// Fills `corners` (one per segment, at its start) for a polyline of `segments` segments.
  private func measureCorners(
    _ pts: [Point], segments count: Int, closed: Bool, hw: Double, into corners: inout [Corner]
  ) {
    corners.removeAll(keepingCapacity: true)
    for i in 0..<count {
      let v = pts[(i + 1) % pts.count] - pts[i]
      let d = v.normalized
      corners.append(Corner(direction: d, normal: d.perpendicular * hw, length: v.length))
    }
    for i in (closed ? 0 : 1)..<count {
      let d0 = corners[(i - 1 + count) % count].direction
      let d1 = corners[i].direction
      let turn = d0.cross(d1)
      let cosine = d0.dot(d1)
      if Swift.abs(turn) < 1e-12 && cosine > 0 { continue }
      // A positive turn bends towards the normal's side.
      corners[i].inner = turn > 0 ? 1 : -1
      corners[i].overlap =
        cosine > -1 + 1e-12 ? hw * ((1 - cosine) / (1 + cosine)).squareRoot() : .infinity
    }
    // A kite is left out only if it fits in both segments beside the kites at their other ends.
    for i in (closed ? 0 : 1)..<count where corners[i].inner != 0 {
      let e = corners[i].overlap
      let before = corners[(i - 1 + count) % count]
      let after = corners[(i + 1) % count]
      let nextOverlap = !closed && i + 1 == count ? 0 : after.overlap
      let previousOverlap = !closed && i == 1 ? 0 : before.overlap
      corners[i].cut =
        i > 0 && e.isFinite && e + previousOverlap <= before.length
        && e + nextOverlap <= corners[i].length
    }
  }

  /// The join's wedge outside both segments, between their outer corners `p ± normal`.
  private func addJoin(
    at p: Point, from before: Corner, to after: Corner, into pieces: inout FlattenedPath
  ) {
    // The outer side is away from the turn.
    let outer0 = before.normal * -after.inner
    let outer1 = after.normal * -after.inner
    let o0 = p + outer0
    let o1 = p + outer1
    let hw = after.normal.length
    let cosine = before.direction.dot(after.direction)
    switch style.join {
    case .round:
      // Where a bevel is within the tolerance of the arc (a gentle turn, as between the
      // pieces of a flattened curve), an arc would add nothing visible.
      let gap = hw * (1 - ((1 + cosine) / 2).squareRoot())
      if gap < tolerance {
        polygon(p, o0, o1, into: &pieces)
      } else {
        // The arc from o0 sweeps forward (along the first segment) to o1.
        let sweep = StrataMath.acos(Swift.max(-1, Swift.min(1, cosine)))
        pieces.startSubpath()
        arc(p, from: outer0, forward: before.direction * hw, sweep: sweep, to: o1) {
          pieces.add($0)
        }
        pieces.closeSubpathWoundPositively()
      }
    case .miter:
      let ratio = 1 / ((1 + cosine) / 2).squareRoot()
      if cosine > -1 + 1e-12, ratio <= style.miterLimit {
        let m = p + (outer0 + outer1) * (1 / (1 + cosine))
        polygon(p, o0, m, o1, into: &pieces)
      } else {
        polygon(p, o0, o1, into: &pieces)
      }
    case .bevel:
      polygon(p, o0, o1, into: &pieces)
    }
  }

  /// The points of the cap at `p` past the segment's end edge `p ± normal`, towards
  /// `outward` (a unit vector), a convex polygon, to `add`; none for a butt cap.
  private func cap(at p: Point, normal n: Vector, outward d: Vector, _ add: (Point) -> Void) {
    let hw = n.length
    switch style.cap {
    case .butt: return
    case .round: arc(p, from: n, forward: d * hw, sweep: Double.pi, to: p - n, add)
    case .square:
      let e = d * hw
      add(p + n)
      add(p + n + e)
      add(p - n + e)
      add(p - n)
    }
  }

  /// The points of a pie slice of the circle about `c`, to `add`: from `c + start` it turns
  /// towards `forward` (the same length, a quarter turn on) through `sweep` radians to `end`,
  /// then back to `c`. The ends are the given points exactly, so the slice meets the pieces
  /// beside it edge to edge.
  private func arc(
    _ c: Point, from start: Vector, forward: Vector, sweep: Double, to end: Point,
    _ add: (Point) -> Void
  ) {
    let r = start.length
    let step = 2 * StrataMath.acos(Swift.max(-1, 1 - tolerance / Swift.max(r, tolerance)))
    let n = Swift.min(256, Swift.max(2, Int((sweep / Swift.max(step, 1e-3)).rounded(.up))))
    add(c)
    add(c + start)
    for k in 1..<n {
      let t = sweep * Double(k) / Double(n)
      add(c + start * StrataMath.cos(t) + forward * StrataMath.sin(t))
    }
    add(end)
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

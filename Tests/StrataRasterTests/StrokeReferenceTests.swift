import Strata
import Testing

@testable import StrataRaster

/// Strokes measured against a reference worked out from the geometry alone: the stroke as
/// a union of convex shapes (a rectangle per segment, a disc per round join or cap, a triangle
/// per bevel, a quadrilateral per miter, as SVG defines them), its exact extent along 256
/// horizontal lines per pixel row integrated over each pixel. The reference shares no code
/// with the stroker; at 256 lines a row it is within half a level of the true area.
///
/// Docs/Rendering.md states the tolerance these tests hold: ``StrokeReference/tolerance``.
@Suite struct StrokeReferenceTests {
  static let scales = [1.0, 2.0, 3.0]

  /// A 1.5-point line with each cap, horizontal and slanting, at fractional positions.
  @Test(arguments: scales)
  func capsMatchTheReference(scale: Double) throws {
    for cap in StrokeStyle.Cap.allCases {
      for (from, to) in [
        (Point(x: 4.3, y: 10.2), Point(x: 20.6, y: 10.2)),
        (Point(x: 3.7, y: 4.1), Point(x: 21.2, y: 17.9)),
        (Point(x: 12.25, y: 3.5), Point(x: 12.25, y: 18.75)),
      ] {
        let style = StrokeStyle(width: 1.5, cap: cap)
        try StrokeReference.check(
          [from, to], closed: false, style: style, scale: scale, size: 25,
          "\(cap) cap from \(from) to \(to)")
      }
      // A wide cap, where the round cap's arc spans many pixels.
      try StrokeReference.check(
        [Point(x: 6.4, y: 12.3), Point(x: 18.1, y: 9.6)], closed: false,
        style: StrokeStyle(width: 7, cap: cap), scale: scale, size: 25, "wide \(cap) cap")
    }
  }

  /// Corners from gentle to sharp with each join, and a miter cut to a bevel by its limit.
  @Test(arguments: scales)
  func joinsMatchTheReference(scale: Double) throws {
    let styles = [
      StrokeStyle(width: 3, join: .miter), StrokeStyle(width: 3, join: .miter, miterLimit: 2),
      StrokeStyle(width: 3, join: .round), StrokeStyle(width: 3, join: .bevel),
    ]
    for style in styles {
      for turn in [20.0, 60, 90, 135, 160] {
        let a = turn * Double.pi / 180
        let p = Point(x: 12.3, y: 12.6)
        let points = [
          Point(x: p.x - 9, y: p.y + 0.4), p,
          Point(x: p.x + 9 * StrataMath.cos(a), y: p.y + 0.4 + 9 * StrataMath.sin(a)),
        ]
        try StrokeReference.check(
          points, closed: false, style: style, scale: scale, size: 25,
          "\(style.join) join (limit \(style.miterLimit)) turning \(turn)°")
      }
      // A closed polygon turning both ways.
      let star = [
        Point(x: 3.4, y: 4.2), Point(x: 21.1, y: 6.3), Point(x: 13.2, y: 11.7),
        Point(x: 19.6, y: 20.4), Point(x: 5.3, y: 17.8),
      ]
      try StrokeReference.check(
        star, closed: true, style: style, scale: scale, size: 25, "closed \(style.join)")
    }
  }

  /// Dashes on a bent line: each dash with its caps, and the join of a dash crossing the
  /// corner (from 3.2 before it, or from 0.4 before it, its cap reaching back past the gap).
  /// The phases are ones at which no two dashes overlap: where they do (caps meeting in a gap
  /// at a sharp corner), each dash is drawn whole and the pixels on the edges of the overlap
  /// add up, as Docs/Rendering.md says; ``overlappingDashesAddUpOnlyWhereTheyMeet()``.
  @Test(arguments: scales)
  func dashesMatchTheReference(scale: Double) throws {
    let points = [
      Point(x: 2.6, y: 3.3), Point(x: 19.4, y: 5.1), Point(x: 12.2, y: 21.7),
    ]
    for cap in StrokeStyle.Cap.allCases {
      for join in StrokeStyle.Join.allCases {
        for phase in [1.3, 6] {
          let style = StrokeStyle(
            width: 2, join: join, cap: cap, dash: [5, 2.5], dashPhase: phase)
          try StrokeReference.check(
            points, closed: false, style: style, scale: scale, size: 25,
            "dashed \(cap) \(join) phase \(phase)")
        }
      }
    }
  }

  /// A curve sampled as a polyline, with a peak tighter than half the line width: short
  /// segments at sharp corners, where kites do not fit and segments overlap beyond their
  /// neighbours. Inside the overlap coverage is full; nothing may be left uncovered.
  @Test(arguments: scales)
  func samplesOfASharpPeakMatchTheReference(scale: Double) throws {
    let points = stride(from: 2.0, through: 23, by: 0.35).map { x in
      Point(x: x, y: 18 - 12 * StrataMath.exp(-((x - 12.3) / 1.4) * ((x - 12.3) / 1.4)))
    }
    for join in StrokeStyle.Join.allCases {
      let style = StrokeStyle(width: 2.5, join: join, cap: .round)
      try StrokeReference.check(
        points, closed: false, style: style, scale: scale, size: 25, "sharp peak, \(join)",
        overstating: true)
    }
  }

  /// A circle's stroke is an annulus: the flattened curve's many gentle corners must not
  /// darken its inner edge.
  @Test(arguments: scales)
  func curvesMatchTheReference(scale: Double) throws {
    // The last two are tighter than half the width: the stroke is a disc, no hole.
    for (radius, width) in [(8.3, 4.0), (5.1, 1.5), (9.0, 6.5), (1.2, 4.0), (2.9, 6.2)] {
      let center = Point(x: 12.4, y: 12.7)
      let style = StrokeStyle(width: width)
      let canvas = try Canvas(width: Int(25 * scale), height: Int(25 * scale))
      canvas.stroke(
        .circle(center: center, radius: radius), transform: Transform(scale: scale),
        paint: .solid(.black), style: style)
      var reference = StrokeReference(
        shapes: [
          .annulus(
            scaled(center, scale), (radius - width / 2) * scale, (radius + width / 2) * scale)
        ])
      if radius < width / 2 {
        reference.shapes = [.disc(scaled(center, scale), (radius + width / 2) * scale)]
      }
      try reference.compare(canvas.buffer, "circle r \(radius) width \(width) at @\(scale)x")
    }
  }

  /// The issue's own case: a 1.5-point line with round caps ending at a pixel's middle, at
  /// @1x: the end column is three quarters covered (the half-disc's slice of the column is
  /// outside it), not black.
  @Test func roundCapEndColumnIsNotOverDarkened() throws {
    var p = Path()
    p.move(to: Point(x: 4.5, y: 10))
    p.line(to: Point(x: 20.5, y: 10))
    let canvas = try Canvas(width: 25, height: 20)
    canvas.stroke(p, paint: .solid(.black), style: StrokeStyle(width: 1.5, cap: .round))
    let reference = StrokeReference(
      shapes: StrokeReference.strokeShapes(
        [Point(x: 4.5, y: 10), Point(x: 20.5, y: 10)], closed: false,
        style: StrokeStyle(width: 1.5, cap: .round)))
    let expected = reference.coverage(width: 25, height: 20)
    // Row 10 holds y 10…10.75 of the line: the column of the end point x 20…21 is covered
    // on 20…20.5 by the line and beyond by a quarter disc.
    let end = expected[10 * 25 + 20]
    #expect(abs(Double(canvas.buffer.pixel(x: 20, y: 10).a) - end * 255) <= 2)
    #expect(end < 0.75)
  }
}

/// A stroke worked out as a union of convex shapes, and its exact pixel coverage.
struct StrokeReference {
  /// How far, in levels of 255, a rendered stroke may be from the reference: the rounding of
  /// both to 8 bits and the 0.005-pixel flattening of arcs.
  static let tolerance = 2

  enum Shape {
    /// A convex polygon.
    case polygon([Point])
    case disc(Point, Double)
    /// The part of a disc on the side each vector points to of the line through the centre
    /// square to it.
    case sector(Point, Double, [Vector])
    /// The ring between two radii.
    case annulus(Point, Double, Double)
  }

  var shapes: [Shape]

  /// The shapes whose union is the stroke of `points` as SVG defines it, dashes included.
  static func strokeShapes(_ points: [Point], closed: Bool, style: StrokeStyle) -> [Shape] {
    if !style.dash.isEmpty {
      return dashes(points, closed: closed, style: style).flatMap {
        strokeShapes(
          $0, closed: false,
          style: StrokeStyle(
            width: style.width, join: style.join, cap: style.cap, miterLimit: style.miterLimit))
      }
    }
    let hw = style.width / 2
    var shapes: [Shape] = []
    let count = closed ? points.count : points.count - 1
    func unit(_ v: Vector) -> Vector { v * (1 / v.length) }
    func direction(_ i: Int) -> Vector { unit(points[(i + 1) % points.count] - points[i]) }
    func normal(_ d: Vector) -> Vector { Vector(dx: -d.dy, dy: d.dx) * hw }
    for i in 0..<count {
      let a = points[i]
      let b = points[(i + 1) % points.count]
      let n = normal(direction(i))
      shapes.append(.polygon([a + n, b + n, b - n, a - n]))
    }
    let corners = closed ? Array(0..<points.count) : Array(1..<Swift.max(1, points.count - 1))
    for i in corners {
      let p = points[i]
      let d0 = direction((i - 1 + count) % count)
      let d1 = direction(i)
      let n0 = normal(d0)
      let n1 = normal(d1)
      switch style.join {
      case .round:
        // SVG: the bevel's triangle and the arc beyond it, the sector of the disc between
        // the two outer corners: past the first segment's end, short of the second's start.
        shapes.append(.sector(p, hw, [d0, -d1]))
      case .bevel:
        // Both sides: the inner triangle lies inside the segments anyway.
        shapes += [.polygon([p, p + n0, p + n1]), .polygon([p, p - n0, p - n1])]
      case .miter:
        // SVG: the miter length over the width is 1 / sin(θ/2), θ the angle between the
        // segments; cos θ = −d0·d1.
        let sinHalf = ((1 + d0.dx * d1.dx + d0.dy * d1.dy) / 2).squareRoot()
        if sinHalf > 0, 1 / sinHalf <= style.miterLimit {
          for side in [1.0, -1.0] {
            let o0 = p + n0 * side
            let o1 = p + n1 * side
            // Where the offset lines through o0 (along d0) and o1 (along d1) meet.
            let cross = d0.dx * d1.dy - d0.dy * d1.dx
            if abs(cross) < 1e-12 { continue }
            let w = o1 - o0
            let t = (w.dx * d1.dy - w.dy * d1.dx) / cross
            shapes.append(.polygon([p, o0, o0 + d0 * t, o1]))
          }
        } else {
          shapes += [.polygon([p, p + n0, p + n1]), .polygon([p, p - n0, p - n1])]
        }
      }
    }
    if !closed, let first = points.first, let last = points.last, points.count > 1 {
      for (end, outward) in [(first, -direction(0)), (last, direction(count - 1))] {
        switch style.cap {
        case .butt: break
        case .round: shapes.append(.sector(end, hw, [outward]))  // SVG: a half disc
        case .square:
          let n = normal(outward)
          shapes.append(
            .polygon([end + n, end + n + outward * hw, end - n + outward * hw, end - n]))
        }
      }
    }
    return shapes
  }

  /// The dashes of a polyline, each a polyline of its own, cut by arc length.
  static func dashes(_ points: [Point], closed: Bool, style: StrokeStyle) -> [[Point]] {
    let pattern = style.dash.count % 2 == 1 ? style.dash + style.dash : style.dash
    let period = pattern.reduce(0, +)
    let path = closed ? points + [points[0]] : points
    var distances = [0.0]
    for i in 1..<path.count { distances.append(distances[i - 1] + (path[i] - path[i - 1]).length) }
    let total = distances[distances.count - 1]
    func point(at s: Double) -> Point {
      var i = 1
      while i < path.count - 1 && distances[i] < s { i += 1 }
      let t = (s - distances[i - 1]) / (distances[i] - distances[i - 1])
      return path[i - 1] + (path[i] - path[i - 1]) * t
    }
    var out: [[Point]] = []
    // The pattern position at arc length 0 is the phase; each "on" interval [s0, s1] is a dash.
    var s = -style.dashPhase.truncatingRemainder(dividingBy: period)
    var k = 0
    while s < total {
      let length = pattern[k % pattern.count]
      if k % 2 == 0 {
        let s0 = Swift.max(0, s)
        let s1 = Swift.min(total, s + length)
        if s1 > s0 {
          var dash = [point(at: s0)]
          for i in 1..<path.count - 1 where distances[i] > s0 && distances[i] < s1 {
            dash.append(path[i])
          }
          dash.append(point(at: s1))
          out.append(dash)
        }
      }
      s += length
      k += 1
    }
    return out
  }

  /// The extents of the union along the horizontal line at `y`, merged and sorted.
  func extents(atY y: Double) -> [(Double, Double)] {
    var spans: [(Double, Double)] = []
    for shape in shapes {
      switch shape {
      case .polygon(let points):
        var lo = Double.infinity
        var hi = -Double.infinity
        for i in points.indices {
          let a = points[i]
          let b = points[(i + 1) % points.count]
          guard (a.y <= y && y < b.y) || (b.y <= y && y < a.y) else { continue }
          let x = a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y)
          lo = Swift.min(lo, x)
          hi = Swift.max(hi, x)
        }
        if lo < hi { spans.append((lo, hi)) }
      case .disc(let c, let r):
        let h = r * r - (y - c.y) * (y - c.y)
        if h > 0 { spans.append((c.x - h.squareRoot(), c.x + h.squareRoot())) }
      case .sector(let c, let r, let sides):
        let h = r * r - (y - c.y) * (y - c.y)
        guard h > 0 else { continue }
        var lo = c.x - h.squareRoot()
        var hi = c.x + h.squareRoot()
        for v in sides {
          // (x − c.x)·v.dx + (y − c.y)·v.dy ≥ 0
          let rest = (y - c.y) * v.dy
          if v.dx > 0 {
            lo = Swift.max(lo, c.x - rest / v.dx)
          } else if v.dx < 0 {
            hi = Swift.min(hi, c.x - rest / v.dx)
          } else if rest < 0 {
            hi = lo
          }
        }
        if lo < hi { spans.append((lo, hi)) }
      case .annulus(let c, let inner, let outer):
        let ho = outer * outer - (y - c.y) * (y - c.y)
        guard ho > 0 else { continue }
        let hi = inner * inner - (y - c.y) * (y - c.y)
        if hi > 0 {
          spans += [
            (c.x - ho.squareRoot(), c.x - hi.squareRoot()),
            (c.x + hi.squareRoot(), c.x + ho.squareRoot()),
          ]
        } else {
          spans.append((c.x - ho.squareRoot(), c.x + ho.squareRoot()))
        }
      }
    }
    spans.sort { $0.0 < $1.0 }
    var merged: [(Double, Double)] = []
    for span in spans {
      if let last = merged.last, span.0 <= last.1 {
        merged[merged.count - 1].1 = Swift.max(last.1, span.1)
      } else {
        merged.append(span)
      }
    }
    return merged
  }

  /// Each pixel's covered fraction, row by row, from `lines` horizontal lines per row.
  func coverage(width: Int, height: Int, lines: Int = 256) -> [Double] {
    var out = [Double](repeating: 0, count: width * height)
    for row in 0..<height {
      for k in 0..<lines {
        let y = Double(row) + (Double(k) + 0.5) / Double(lines)
        for (x0, x1) in extents(atY: y) {
          let a = Swift.max(0, x0)
          let b = Swift.min(Double(width), x1)
          guard a < b else { continue }
          for px in Int(a)..<Swift.min(width, Int(b.rounded(.up))) {
            let covered = Swift.min(b, Double(px + 1)) - Swift.max(a, Double(px))
            if covered > 0 { out[row * width + px] += covered / Double(lines) }
          }
        }
      }
    }
    return out
  }

  /// Checks a rendered image's alpha against the reference, naming the worst pixel. With
  /// `overstating`, coverage above the reference is allowed (a stroke overlapping itself
  /// beyond neighbouring segments), less is not.
  func compare(_ image: RasterImage, _ what: String, overstating: Bool = false) throws {
    let expected = coverage(width: image.width, height: image.height)
    var worst = (difference: 0, x: 0, y: 0, got: 0, want: 0.0)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let got = Int(image.pixel(x: x, y: y).a)
        let want = expected[y * image.width + x] * 255
        let signed = Double(got) - want
        let difference = Int((overstating ? Swift.max(0, -signed) : signed.magnitude).rounded())
        if difference > worst.difference { worst = (difference, x, y, got, want) }
      }
    }
    #expect(
      worst.difference <= Self.tolerance,
      "\(what): pixel \(worst.x),\(worst.y) is \(worst.got), the reference \(worst.want)")
  }

  /// Strokes `points` at `scale` on a `size`-point canvas and compares it with the reference.
  static func check(
    _ points: [Point], closed: Bool, style: StrokeStyle, scale: Double, size: Int,
    _ what: String, overstating: Bool = false
  ) throws {
    var path = Path()
    path.move(to: points[0])
    for p in points.dropFirst() { path.line(to: p) }
    if closed { path.close() }
    let side = Int(Double(size) * scale)
    let canvas = try Canvas(width: side, height: side)
    canvas.stroke(path, transform: Transform(scale: scale), paint: .solid(.black), style: style)
    let devicePoints = points.map { scaled($0, scale) }
    let styleScaled = StrokeStyle(
      width: style.width * scale, join: style.join, cap: style.cap, miterLimit: style.miterLimit,
      dash: style.dash.map { $0 * scale }, dashPhase: style.dashPhase * scale)
    let reference = StrokeReference(
      shapes: strokeShapes(devicePoints, closed: closed, style: styleScaled))
    try reference.compare(canvas.buffer, "\(what) at @\(scale)x", overstating: overstating)
  }
}

/// `p` with both coordinates times `s`.
private func scaled(_ p: Point, _ s: Double) -> Point { Point(x: p.x * s, y: p.y * s) }

/// A stroke's outline is kept for the same path stroked again the same way: a shape `use`d or
/// tiled by a pattern many times is outlined once (1,000 uses of a circle with a stroke wider
/// than itself went from 1.3 s to 0.18 s), with the same points as made afresh.
@Suite struct KeptStrokeOutlineTests {
  @Test func theSamePathStrokedAgainTakesItsOutlineAndTheSamePoints() {
    let path = Path.circle(center: Point(x: 10, y: 10), radius: 4)
    let style = StrokeStyle(width: 12, cap: .round)
    var scratch = Stroker.Scratch()
    var kept = FlattenedPath()
    var fresh = FlattenedPath()
    for k in 0..<5 {
      let t = Transform(translationX: Double(k) * 7.25, y: Double(k) * 0.5)
      Canvas.strokeOutline(path, transform: t, style: style, into: &kept, scratch: &scratch)
      var own = Stroker.Scratch()
      Canvas.strokeOutline(path, transform: t, style: style, into: &fresh, scratch: &own)
      #expect(kept.points == fresh.points)
      #expect(kept.subpaths.map(\.end) == fresh.subpaths.map(\.end))
    }
    #expect(scratch.recent.count == 1)
    // Another width, or a scale that changes the flattening, is another outline.
    Canvas.strokeOutline(
      path, transform: .identity, style: StrokeStyle(width: 2), into: &kept, scratch: &scratch)
    Canvas.strokeOutline(
      path, transform: Transform(scale: 3), style: style, into: &kept, scratch: &scratch)
    #expect(scratch.recent.count == 3)
    for k in 0..<20 {
      Canvas.strokeOutline(
        path, transform: .identity, style: StrokeStyle(width: Double(k + 3)), into: &kept,
        scratch: &scratch)
    }
    #expect(scratch.recent.count == Stroker.Scratch.recentLimit)
  }
}

import Strata
import Testing

/// The parts of the animated vector model past plain shapes: trim paths, merge paths,
/// repeaters, stars and polygons, gradients, skew, and the path measuring trim rests on.
@Suite struct AnimatedShapeModifierTests {
  static func layer(_ items: [AnimatedShapeItem]) -> AnimatedVectorImage {
    AnimatedVectorImage(
      size: Size(width: 100, height: 100), frameRate: 30, frames: 0...10,
      layers: [.init(shapes: items)])
  }

  static let line = AnimatedShapeItem.path(
    .constant(BezierShape(vertices: [Point(x: 0, y: 0), Point(x: 100, y: 0)])))
  static let stroke = AnimatedShapeItem.stroke(
    color: .constant(.black), opacity: .constant(1), width: .constant(2), style: StrokeStyle())

  static func trim(_ s: Double, _ e: Double, _ o: Double = 0, _ mode: TrimMode = .simultaneously)
    -> AnimatedShapeItem
  {
    .trim(start: .constant(s), end: .constant(e), offset: .constant(o), mode: mode)
  }

  /// The stroked path of the only paint.
  static func stroked(_ items: [AnimatedShapeItem]) -> Path {
    layer(items).image(atFrame: 0).shapes.first { $0.stroke != nil }?.path ?? Path()
  }

  @Test func pathsAreMeasuredAndTrimmedByLength() {
    var p = Path()
    p.move(to: Point(x: 0, y: 0))
    p.line(to: Point(x: 30, y: 0))
    p.line(to: Point(x: 30, y: 40))
    #expect(p.length == 70)
    let part = p.trimmed(from: 20, to: 50)
    #expect(
      part.elements == [
        .move(Point(x: 20, y: 0)), .line(Point(x: 30, y: 0)), .line(Point(x: 30, y: 20)),
      ])
    // A circle's length, curves measured closely; half of it ends opposite its start.
    let circle = Path.circle(center: Point(x: 0, y: 0), radius: 10)
    #expect(abs(circle.length - 2 * Double.pi * 10) < 0.05)
    let half = circle.trimmed(from: 0, to: circle.length / 2)
    let start = circle.elements.first.flatMap { e -> Point? in
      if case .move(let p) = e { return p } else { return nil }
    }
    if let start, let end = half.currentPoint {
      #expect(abs(end.x + start.x) < 0.05 && abs(end.y + start.y) < 0.05)
    }
    // Empty, reversed and NaN ranges are empty; past the ends is clamped.
    #expect(p.trimmed(from: 40, to: 10).isEmpty && p.trimmed(from: .nan, to: 10).isEmpty)
    #expect(p.trimmed(from: -5, to: 500).length == 70)
  }

  @Test func trimKeepsItsSpanWrapsRoundAndSharesItByMode() {
    // Half of a line, then the same moved on by a quarter turn of the offset.
    #expect(Self.stroked([Self.line, Self.trim(0, 0.5), Self.stroke]).length == 50)
    let moved = Self.stroked([Self.line, Self.trim(0.25, 0.5, 0.6), Self.stroke])
    // 0.85 to 1, then round to 0 to 0.1: two pieces, 25 in all.
    #expect(moved.contours.count == 2 && abs(moved.length - 25) < 1e-9)
    // Start after end is the same span; equal ends draw nothing.
    #expect(Self.stroked([Self.line, Self.trim(0.5, 0), Self.stroke]).length == 50)
    #expect(Self.stroked([Self.line, Self.trim(0.3, 0.3), Self.stroke]).isEmpty)
    // Two lines of 100: each trimmed to 40 %, or the two as one run of 200 trimmed to 40 %.
    let lower = AnimatedShapeItem.path(
      .constant(BezierShape(vertices: [Point(x: 0, y: 50), Point(x: 100, y: 50)])))
    let each = Self.stroked([Self.line, lower, Self.trim(0, 0.4), Self.stroke])
    #expect(each.contours.map(\.length) == [40, 40])
    let run = Self.stroked([Self.line, lower, Self.trim(0, 0.4, 0, .individually), Self.stroke])
    #expect(run.contours.map(\.length) == [80])
    // A trim after a group trims the group's own paints too.
    let grouped = Self.stroked([
      .group([Self.line, Self.stroke], AnimatedTransform()), Self.trim(0, 0.1),
    ])
    #expect(grouped.length == 10)
  }

  @Test func mergeModesFillTheRegionTheyMake() throws {
    func square(_ x: Double) -> AnimatedShapeItem {
      .rectangle(
        center: .constant(Point(x: x, y: 50)), size: .constant(Size(width: 40, height: 40)),
        cornerRadius: .constant(0))
    }
    let fill = AnimatedShapeItem.fill(
      color: .constant(.black), opacity: .constant(1), rule: .nonZero)
    func inside(_ mode: MergeMode, _ x: Double) -> Bool {
      let image = Self.layer([square(40), square(60), .merge(mode), fill]).image(atFrame: 0)
      return image.contains(Point(x: x, y: 50))
    }
    // Squares over 20...60 and 40...80: left only, both, right only.
    #expect([30, 50, 70].map { inside(.add, $0) } == [true, true, true])
    #expect([30, 50, 70].map { inside(.intersect, $0) } == [false, true, false])
    #expect([30, 50, 70].map { inside(.subtract, $0) } == [true, false, false])
    #expect([30, 50, 70].map { inside(.exclude, $0) } == [true, false, true])
    #expect([30, 50, 70].map { inside(.merge, $0) } == [true, true, true])
  }

  @Test func repeatersCopyWhatComesBeforeThemWithinABudget() {
    let dot = AnimatedShapeItem.ellipse(
      center: .constant(Point(x: 5, y: 5)), size: .constant(Size(width: 4, height: 4)))
    let fill = AnimatedShapeItem.fill(
      color: .constant(.black), opacity: .constant(1), rule: .nonZero)
    let step = AnimatedTransform(position: .constant(Point(x: 10, y: 0)))
    let four = AnimatedRepeater(
      copies: .constant(4), transform: step, startOpacity: .constant(1), endOpacity: .constant(0.25)
    )
    let image = Self.layer([dot, fill, .repeater(four)]).image(atFrame: 0)
    #expect((0..<4).allSatisfy { image.contains(Point(x: 5 + 10 * Double($0), y: 5)) })
    #expect(!image.contains(Point(x: 45, y: 5)))
    // Opacity runs from the start to the end value; the last copy is on top (drawn last).
    #expect(image.shapes.map(\.opacity) == [1, 0.75, 0.5, 0.25])
    // Copies of copies: 1000 × 1000 × 1000 would be 10^9 shapes; the budget stops them.
    let many = AnimatedRepeater(copies: .constant(1000), transform: step)
    let nested = Self.layer([dot, fill, .repeater(many), .repeater(many), .repeater(many)])
      .image(atFrame: 0)
    #expect(nested.shapes.count <= AnimatedShapeItem.maximumShapesPerFrame)
  }

  @Test func starsAndPolygonsStartStraightUp() {
    let star = AnimatedPolystar(
      kind: .star, center: .constant(Point(x: 50, y: 50)), points: .constant(5),
      outerRadius: .constant(40), innerRadius: .constant(10))
    let path = star.path(at: 0)
    #expect(path.elements.first == .move(Point(x: 50, y: 10)))
    // Ten sides, straight when the points are sharp.
    #expect(path.elements.filter { if case .line = $0 { true } else { false } }.count == 10)
    #expect(path.contains(Point(x: 50, y: 50)) && !path.contains(Point(x: 80, y: 80)))
    var polygon = star
    polygon.kind = .polygon
    polygon.points = .constant(1e12)  // clamped, not a trillion vertices
    #expect(polygon.path(at: 0).elements.count <= AnimatedPolystar.maximumPoints + 2)
    polygon.points = .constant(.nan)
    #expect(polygon.path(at: 0).isEmpty)
  }

  @Test func radialGradientsPutTheirHighlightOnTheAngle() {
    let stops: [Gradient.Stop] = [.init(.white, at: 0), .init(.black, at: 1)]
    let g = AnimatedGradient(
      kind: .radial, start: .constant(Point(x: 10, y: 10)), end: .constant(Point(x: 30, y: 10)),
      stops: .constant(stops), highlightLength: .constant(0.5),
      highlightAngle: .constant(Double.pi / 2))
    guard case .radial(let r) = g.paint(at: 0) else {
      Issue.record("a focal radial gradient")
      return
    }
    #expect(r.radius == 20 && abs(r.focus.x - 10) < 1e-9 && abs(r.focus.y - 20) < 1e-9)
    var flat = g
    flat.highlightLength = .constant(0)
    #expect(
      flat.paint(at: 0)
        == .radialGradient(Gradient(stops: stops), center: Point(x: 10, y: 10), radius: 20))
  }

  /// Skew as the Lottie specification composes it: turn by the axis, lean x by −tan(skew),
  /// turn back; points on the axis stay.
  @Test func skewLeansAcrossItsAxis() {
    let t = AnimatedTransform(skew: .constant(Double.pi / 4), skewAxis: .constant(0))
    let m = t.matrix(at: 0)
    #expect(m.apply(to: Point(x: 10, y: 0)) == Point(x: 10, y: 0))
    let below = m.apply(to: Point(x: 0, y: 10))
    #expect(abs(below.x + 10) < 1e-9 && abs(below.y - 10) < 1e-9)
    // Along a 90° axis, the lean is along y, the other way round.
    let down = AnimatedTransform(skew: .constant(Double.pi / 4), skewAxis: .constant(Double.pi / 2))
      .matrix(at: 0)
    #expect(abs(down.apply(to: Point(x: 0, y: 10)).x) < 1e-9)
    // A right-angle skew is clamped to 85°, never infinite.
    let steep = AnimatedTransform(skew: .constant(Double.pi / 2)).matrix(at: 0)
    #expect(steep.isFinite)
  }
}

extension VectorImage {
  /// Whether a fill covers `point` (groups' transforms and clips followed; strokes ignored).
  func contains(_ point: Point) -> Bool {
    func covers(_ items: [Item], _ p: Point) -> Bool {
      items.contains { item in
        switch item {
        case .shape(let s): return s.fill != nil && s.path.contains(p, rule: s.fillRule)
        case .bitmap(let b): return b.rect.contains(p)
        case .group(let g):
          guard let inverse = g.transform.inverted() else { return false }
          let q = inverse.apply(to: p)
          if let clip = g.clip,
            !clip.regions.allSatisfy({ $0.contains { $0.path.contains(q, rule: $0.rule) } })
          {
            return false
          }
          return covers(g.items, q)
        }
      }
    }
    return covers(items, point)
  }
}

import Strata
import Testing

/// The area enclosed by a polygon (shoelace formula), positive for either orientation.
func polygonArea(_ pts: [Point]) -> Double {
  var s = 0.0
  for i in pts.indices {
    let a = pts[i]
    let b = pts[(i + 1) % pts.count]
    s += a.x * b.y - b.x * a.y
  }
  return abs(s) / 2
}

@Suite struct PathTests {
  @Test func circleFlattensWithinTolerance() throws {
    let r = 100.0
    let c = Point(x: 50, y: -20)
    for tol in [1.0, 0.1, 0.01] {
      let polys = Path.circle(center: c, radius: r).flattened(tolerance: tol)
      let poly = try #require(polys.first)
      #expect(polys.count == 1 && poly.isClosed)
      // Every vertex lies on the (cubic approximation of the) circle; chords stay within tolerance.
      for i in poly.points.indices {
        let a = poly.points[i]
        let b = poly.points[(i + 1) % poly.points.count]
        let mid = a.lerp(to: b, 0.5)
        #expect(abs(a.distance(to: c) - r) < 0.03)  // the 4-cubic circle is within 0.027 % of r
        #expect(r - mid.distance(to: c) <= tol + 0.03)
      }
    }
  }

  @Test func circleAreaMatchesPiRSquared() throws {
    let poly = try #require(
      Path.circle(center: .zero, radius: 50).flattened(tolerance: 0.001).first)
    let area = polygonArea(poly.points)
    #expect(abs(area - Double.pi * 2500) / (Double.pi * 2500) < 0.001)
  }

  @Test func boundsIncludeCurveExtremesNotControlPoints() {
    var p = Path()
    p.move(to: Point(x: 0, y: 0))
    p.quad(to: Point(x: 10, y: 0), control: Point(x: 5, y: -10))
    // The quad reaches y = -5 at t = 0.5; its control point at -10 is not on the curve.
    let b = p.bounds
    #expect(b.minY.isApproximatelyEqual(to: -5, tolerance: 1e-12))
    #expect(b.maxX == 10)
    let circle = Path.circle(center: Point(x: 3, y: 4), radius: 2).bounds
    #expect(circle.minX.isApproximatelyEqual(to: 1, tolerance: 1e-12))
    #expect(circle.maxY.isApproximatelyEqual(to: 6, tolerance: 1e-12))
    #expect(Path().bounds == .zero)
  }

  @Test func nonZeroAndEvenOddDifferOnOverlaps() {
    // Two squares, one inside the other, drawn in the same direction.
    var p = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
    p.append(.rect(Rect(x: 3, y: 3, width: 4, height: 4)))
    let inner = Point(x: 5, y: 5)
    #expect(p.winding(at: inner) == 2 || p.winding(at: inner) == -2)
    #expect(p.contains(inner, rule: .nonZero))
    #expect(!p.contains(inner, rule: .evenOdd))
    #expect(p.contains(Point(x: 1, y: 1), rule: .evenOdd))
    #expect(!p.contains(Point(x: 11, y: 1)))
  }

  @Test func selfIntersectingStarHasAWindingTwoCentre() {
    var pts: [Point] = []
    for i in 0..<5 {
      let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
      pts.append(Point(x: 10 * StrataMath.cos(a), y: 10 * StrataMath.sin(a)))
    }
    let star = Path.polygon(pts)
    #expect(abs(star.winding(at: .zero)) == 2)
    #expect(star.contains(.zero, rule: .nonZero))
    #expect(!star.contains(.zero, rule: .evenOdd))
  }

  @Test func arcsFollowTheUIKitDirection() throws {
    var p = Path()
    p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
    let end = try #require(p.currentPoint)
    #expect(end.x.isApproximatelyEqual(to: 0, tolerance: 1e-9))
    #expect(end.y.isApproximatelyEqual(to: 10, tolerance: 1e-9))
    // Clockwise true from 0 to π/2 is a quarter turn; false is three quarters.
    var q = Path()
    q.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: false)
    #expect(q.bounds.minY.isApproximatelyEqual(to: -10, tolerance: 1e-9))
    #expect(p.bounds.minY.isApproximatelyEqual(to: 0, tolerance: 1e-9))
  }

  @Test func roundedRectClampsTheRadius() {
    let r = Path.roundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 100)
    #expect(r.bounds.width.isApproximatelyEqual(to: 20, tolerance: 1e-9))
    #expect(r.contains(Point(x: 10, y: 5)))
    #expect(!r.contains(Point(x: 0.5, y: 0.5)))  // the corner is cut away
  }

  /// The in-place shapes add what the new-path forms make, to an emptied path as to a new one,
  /// and after other subpaths.
  @Test func shapesAddedInPlaceEqualNewOnes() {
    let r = Rect(x: 3, y: -2, width: 20, height: 8)
    let made: [(Path, (inout Path) -> Void)] = [
      (.rect(r), { $0.addRect(r) }),
      (.roundedRect(r, cornerRadius: 3), { $0.addRoundedRect(r, cornerRadius: 3) }),
      (.roundedRect(r, cornerRadius: 0), { $0.addRoundedRect(r, cornerRadius: 0) }),
      (.roundedRect(r, cornerRadius: 99), { $0.addRoundedRect(r, cornerRadius: 99) }),
      (.ellipse(in: r), { $0.addEllipse(in: r) }),
      (
        .circle(center: Point(x: 1, y: 2), radius: 5),
        {
          $0.addCircle(center: Point(x: 1, y: 2), radius: 5)
        }
      ),
    ]
    for (k, (expected, add)) in made.enumerated() {
      var p = Path()
      add(&p)
      #expect(p == expected, "shape \(k)")
      p.removeAll()
      #expect(p.isEmpty && p.currentPoint == nil)
      add(&p)
      #expect(p == expected, "shape \(k), redrawn")
      // After an open subpath, the shape starts one of its own.
      var q = Path()
      q.move(to: Point(x: 50, y: 50))
      q.line(to: Point(x: 60, y: 50))
      add(&q)
      #expect(Array(q.elements.dropFirst(2)) == expected.elements, "shape \(k), appended")
    }
  }

  @Test func transformMovesEveryPoint() {
    let p = Path.rect(Rect(x: 0, y: 0, width: 2, height: 2)).applying(
      Transform(translationX: 5, y: 5))
    #expect(p.bounds == Rect(x: 5, y: 5, width: 2, height: 2))
  }

  @Test func hostileInputStaysBounded() {
    var p = Path()
    p.move(to: Point(x: 0, y: 0))
    p.cubic(
      to: Point(x: 1e300, y: 0), control1: Point(x: .nan, y: 1), control2: Point(x: .infinity, y: 2)
    )
    p.quad(to: Point(x: 1e200, y: 1e200), control: Point(x: -1e200, y: 0))
    let polys = p.flattened(tolerance: 0.1)
    let count = polys.reduce(0) { $0 + $1.points.count }
    #expect(count <= 2 * Path.maximumSegmentsPerCurve + 1)
    _ = p.contains(.zero)
    #expect(!p.isFinite)
    var arc = Path()
    arc.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: .infinity, clockwise: true)
    #expect(arc.isEmpty)
    arc.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: 1e18, clockwise: true)
    #expect(arc.elements.count <= 5)
  }
}

@Suite struct RoundnessArcTests {
  // The reference values: W = 375, h = 10.
  let arc = RoundnessArc(width: 375, height: 10)

  @Test func radiusMatchesTheChordFormula() {
    #expect(abs(arc.radius - 1762.81) < 0.01)
    #expect(arc.center == Point(x: 187.5, y: arc.radius))
  }

  // (fraction of W from the centre, drop in points, tilt in degrees), from the LUN model's table.
  static let reference: [[Double]] = [
    [0.25, 2.49, 3.05], [0.5, 10, 6.11], [0.75, 22.58, 9.18], [1.0, 40.35, 12.28],
  ]

  @Test(arguments: reference)
  func dropAndTiltMatchTheReferenceTable(row: [Double]) {
    let fraction = row[0]
    let x = 375 / 2 + fraction * 375
    #expect(abs(arc.drop(atX: x) - row[1]) < 0.01)
    #expect(abs(arc.angle(atX: x) * 180 / Double.pi - row[2]) < 0.01)
    // Symmetric on the left, with the opposite tilt.
    let mirrored = 375 / 2 - fraction * 375
    #expect(arc.drop(atX: mirrored).isApproximatelyEqual(to: arc.drop(atX: x), tolerance: 1e-9))
    #expect(arc.angle(atX: mirrored).isApproximatelyEqual(to: -arc.angle(atX: x), tolerance: 1e-12))
  }

  @Test func flatArcHasNoDropNoTiltAndARectangularMask() {
    for flat in [
      RoundnessArc(width: 375, height: 0), RoundnessArc(width: 375, height: -3),
      RoundnessArc(width: 375, height: .nan),
    ] {
      #expect(flat.isFlat)
      #expect(flat.drop(atX: 10) == 0)
      #expect(flat.angle(atX: 10) == 0)
      #expect(flat.maskPath(bottom: 100).bounds == Rect(x: 0, y: 0, width: 375, height: 100))
    }
  }

  @Test func beyondTheRadiusTheArcIsClampedNeverNaN() {
    let tall = RoundnessArc(width: 100, height: 500)  // clamped to a half circle
    #expect(tall.height == 50)
    #expect(tall.radius == 50)
    for x in [-1e9, -60.0, 160, 1e9, .infinity, -.infinity, .nan] {
      #expect(!tall.drop(atX: x).isNaN)
      #expect(!tall.angle(atX: x).isNaN)
    }
    #expect(tall.drop(atX: 1000) == 50)
    #expect(tall.angle(atX: 1000).isApproximatelyEqual(to: Double.pi / 2, tolerance: 1e-12))
  }

  @Test func maskIsTheRegionUnderTheArc() {
    let mask = RoundnessArc(width: 375, height: 10, top: 0).maskPath(bottom: 300)
    let b = mask.bounds
    #expect(b.minY.isApproximatelyEqual(to: 0, tolerance: 1e-6))
    #expect(b.maxY == 300)
    #expect(mask.contains(Point(x: 187.5, y: 0.5)))  // just under the peak
    #expect(!mask.contains(Point(x: 5, y: 5)))  // above the arc near the ends
    #expect(mask.contains(Point(x: 5, y: 9.9)))
    // The arc passes through its ends and its peak.
    let arc = RoundnessArc(width: 375, height: 10, top: 0)
    #expect(arc.point(atX: 0).y.isApproximatelyEqual(to: 10, tolerance: 1e-9))
    #expect(arc.point(atX: 375).y.isApproximatelyEqual(to: 10, tolerance: 1e-9))
    #expect(mask.contains(Point(x: 187.5, y: 299)))
    #expect(mask.contains(Point(x: 187.5, y: 5), rule: .evenOdd))
  }
}

@Suite struct AxisAlignedRectTests {
  @Test func rectanglesAreRecognisedAndNothingElse() {
    let r = Rect(x: 1.5, y: 2, width: 10, height: 4)
    #expect(Path.rect(r).axisAlignedRect == r)
    #expect(
      Path.polygon([
        Point(x: 11.5, y: 6), Point(x: 1.5, y: 6), Point(x: 1.5, y: 2), Point(x: 11.5, y: 2),
      ]).axisAlignedRect == r)
    #expect(
      Path.rect(r).applying(Transform(translationX: 3, y: -1)).axisAlignedRect
        == Rect(x: 4.5, y: 1, width: 10, height: 4))
    #expect(Path.rect(r).applying(Transform(rotation: 0.1)).axisAlignedRect == nil)
    #expect(Path.roundedRect(r, cornerRadius: 2).axisAlignedRect == nil)
    #expect(Path.circle(center: .zero, radius: 3).axisAlignedRect == nil)
    var two = Path.rect(r)
    two.append(.rect(Rect(x: 20, y: 20, width: 1, height: 1)))
    #expect(two.axisAlignedRect == nil)
    #expect(
      Path.polygon([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1)]).axisAlignedRect
        == nil)
    #expect(
      Path.rect(Rect(x: 0, y: 0, width: Double.infinity, height: 1)).axisAlignedRect == nil)
    // Ending where it began counts as closed; a fifth corner elsewhere, a flat rectangle,
    // or an L-shaped walk over four points do not make a rectangle.
    let corners = [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 3), Point(x: 0, y: 3)]
    var open = Path()
    open.move(to: corners[0])
    for c in corners.dropFirst() + [corners[0]] { open.line(to: c) }
    #expect(open.axisAlignedRect == Rect(x: 0, y: 0, width: 4, height: 3))
    var fifth = Path()
    fifth.move(to: corners[0])
    for c in corners.dropFirst() + [Point(x: 0, y: 1)] { fifth.line(to: c) }
    #expect(fifth.axisAlignedRect == nil)
    #expect(Path.rect(Rect(x: 0, y: 0, width: 4, height: 0)).axisAlignedRect == nil)
    #expect(
      Path.polygon([Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 3), Point(x: 2, y: 3)])
        .axisAlignedRect == nil)
  }
}

@Suite struct FlattenedPathTests {
  /// Paths that exercise every element and the edge cases of subpaths: curves, closes
  /// followed by more segments, a lone move, a close right after a move.
  static let paths: [Path] = {
    var a = Path.roundedRect(Rect(x: 1, y: 2, width: 40, height: 30), cornerRadius: 9)
    a.append(.circle(center: Point(x: 20, y: 20), radius: 7))
    var b = Path()
    b.move(to: Point(x: 0, y: 0))
    b.quad(to: Point(x: 10, y: 0), control: Point(x: 5, y: 8))
    b.close()
    b.line(to: Point(x: 3, y: 9))
    b.cubic(to: Point(x: 9, y: 9), control1: Point(x: 4, y: 20), control2: Point(x: 8, y: -5))
    b.move(to: Point(x: 50, y: 50))
    b.move(to: Point(x: 60, y: 60))
    b.close()
    b.move(to: Point(x: 70, y: 70))
    b.line(to: Point(x: 80, y: 75))
    return [a, b, Path(), .rect(Rect(x: 0, y: 0, width: 3, height: 3))]
  }()

  @Test func flatteningIntoABufferGivesThePolylines() {
    var flat = FlattenedPath()
    for tolerance in [0.005, 0.1, 2] {
      for path in Self.paths {
        // One buffer, reused from path to path, holds exactly what `flattened` returns.
        path.flatten(tolerance: tolerance, into: &flat)
        #expect(flat.polylines == path.flattened(tolerance: tolerance))
        #expect(flat.subpaths.last?.end ?? 0 == flat.points.count)
      }
    }
  }

  @Test func flatteningThroughATransformGivesTheMappedPathsPoints() {
    let t = Transform(rotation: 0.37).thenScaled(x: 2.5, y: 1.5).thenTranslated(x: -3, y: 11)
    var direct = FlattenedPath()
    var mapped = FlattenedPath()
    for path in Self.paths {
      path.flatten(tolerance: 0.01, applying: t, into: &direct)
      path.applying(t).flatten(tolerance: 0.01, into: &mapped)
      #expect(direct.points == mapped.points)
      #expect(direct.polylines == mapped.polylines)
    }
  }

  /// Bounds and rectangle tests through a transform, without the mapped path, answer exactly
  /// what the mapped path does — also for a path that does not start with a move, and for
  /// rectangles that stay or stop being axis-aligned.
  @Test func boundsAndRectanglesThroughATransformMatchTheMappedPath() {
    var noMove = Path()
    noMove.line(to: Point(x: 4, y: 9))
    noMove.quad(to: Point(x: 10, y: 0), control: Point(x: 5, y: -8))
    let rect = Path.rect(Rect(x: 1.25, y: 2, width: 3, height: 7))
    let transforms = [
      Transform.identity, Transform(rotation: 0.37).thenScaled(x: 2.5, y: 1.5),
      Transform.identity.thenScaled(x: 3, y: -2).thenTranslated(x: 0.1, y: 7),
      Transform(rotation: Double.pi / 2),
    ]
    for t in transforms {
      for path in Self.paths + [noMove, rect] {
        #expect(path.bounds(applying: t) == path.applying(t).bounds)
        #expect(path.axisAlignedRect(applying: t) == path.applying(t).axisAlignedRect)
      }
    }
    #expect(rect.axisAlignedRect(applying: transforms[2]) != nil)
    #expect(rect.axisAlignedRect(applying: transforms[1]) == nil)
  }

  /// A subpath built point by point is closed wound positively: reversed in place when its
  /// signed area is negative, kept as it is otherwise, and dropped when it is empty.
  @Test func subpathsBuiltPointByPointWindPositively() {
    let square = [
      Point(x: 0, y: 0), Point(x: 0, y: 2), Point(x: 2, y: 2), Point(x: 2, y: 0),
    ]
    var flat = FlattenedPath()
    flat.append(subpath: [Point(x: 9, y: 9), Point(x: 8, y: 8)], isClosed: false)
    for points in [square, square.reversed()] {
      flat.startSubpath()
      for p in points { flat.add(p) }
      flat.closeSubpathWoundPositively()
    }
    flat.startSubpath()
    flat.closeSubpathWoundPositively()
    let polylines = flat.polylines
    #expect(polylines.count == 3)
    #expect(polylines[0].points == [Point(x: 9, y: 9), Point(x: 8, y: 8)])
    #expect(polylines[1].points == square.reversed() && polylines[1].isClosed)
    #expect(polylines[2].points == square.reversed() && polylines[2].isClosed)
  }

  @Test func aClosedSubpathIsMarkedAndTheNextStartsAtItsStart() {
    var flat = FlattenedPath()
    Self.paths[1].flatten(tolerance: 0.1, into: &flat)
    let polylines = flat.polylines
    #expect(polylines.count == 4)
    #expect(polylines[0].isClosed)
    #expect(polylines[1].points.first == Point(x: 0, y: 0))
    #expect(polylines[2].points == [Point(x: 60, y: 60)] && polylines[2].isClosed)
    #expect(polylines[3].points == [Point(x: 70, y: 70), Point(x: 80, y: 75)])
  }
}

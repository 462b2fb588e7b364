import Strata
import StrataTesting
import Testing

// @testable: these tests reach internals: Rasterizer, forEachSpan, stripRows.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

@Suite struct CoverageTests {
  @Test func rectangleOnPixelBoundariesIsExact() throws {
    let img = try render {
      $0.fill(.rect(Rect(x: 8, y: 4, width: 20, height: 10)), paint: .solid(.black))
    }
    for y in 0..<64 {
      for x in 0..<64 {
        let inside = x >= 8 && x < 28 && y >= 4 && y < 14
        #expect(img.pixel(x: x, y: y).a == (inside ? 255 : 0), "pixel \(x),\(y)")
      }
    }
  }

  @Test func halfPixelEdgeIsHalfCovered() throws {
    let img = try render {
      $0.fill(.rect(Rect(x: 10.5, y: 10, width: 5, height: 5)), paint: .solid(.black))
    }
    #expect(img.pixel(x: 10, y: 12).a == 128)  // 0.5 · 255 = 127.5, rounded half up
    #expect(img.pixel(x: 11, y: 12).a == 255)
    #expect(img.pixel(x: 15, y: 12).a == 128)
    #expect(img.pixel(x: 16, y: 12).a == 0)
    let vertical = try render {
      $0.fill(.rect(Rect(x: 10, y: 10.25, width: 5, height: 5)), paint: .solid(.black))
    }
    #expect(vertical.pixel(x: 12, y: 10).a == 191)  // 0.75 · 255
  }

  @Test(arguments: [10.7, 25, 31])
  func circleAreaMatchesPiRSquared(radius: Double) throws {
    let img = try render {
      $0.fill(.circle(center: Point(x: 32.3, y: 31.6), radius: radius), paint: .solid(.black))
    }
    let expected = Double.pi * radius * radius
    #expect(abs(coveredArea(img) - expected) / expected < 0.001)
  }

  @Test func smallCirclesAreWithinHalfAPercent() throws {
    let img = try render {
      $0.fill(.circle(center: Point(x: 32.3, y: 31.6), radius: 3), paint: .solid(.black))
    }
    #expect(abs(coveredArea(img) - Double.pi * 9) / (Double.pi * 9) < 0.005)
  }

  @Test func evenOddAndNonZeroDifferOnNestedSquares() throws {
    var p = Path.rect(Rect(x: 4, y: 4, width: 40, height: 40))
    p.append(.rect(Rect(x: 14, y: 14, width: 20, height: 20)))
    let nz = try render { $0.fill(p, paint: .solid(.black), rule: .nonZero) }
    let eo = try render { $0.fill(p, paint: .solid(.black), rule: .evenOdd) }
    #expect(nz.pixel(x: 24, y: 24).a == 255)
    #expect(eo.pixel(x: 24, y: 24).a == 0)
    #expect(eo.pixel(x: 6, y: 6).a == 255)
    #expect(coveredArea(eo) == 1600 - 400)
  }

  @Test func selfIntersectingStarFollowsTheRule() throws {
    var pts: [Point] = []
    for i in 0..<5 {
      let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
      pts.append(Point(x: 32 + 28 * StrataMath.cos(a), y: 34 + 28 * StrataMath.sin(a)))
    }
    let star = Path.polygon(pts)
    let nz = try render { $0.fill(star, paint: .solid(.black), rule: .nonZero) }
    let eo = try render { $0.fill(star, paint: .solid(.black), rule: .evenOdd) }
    #expect(nz.pixel(x: 32, y: 34).a == 255)
    #expect(eo.pixel(x: 32, y: 34).a == 0)
    #expect(coveredArea(nz) > coveredArea(eo))
  }

  @Test func edgesOffTheCanvasStillCoverWhatIsOnIt() throws {
    let huge = try render {
      $0.fill(.rect(Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)), paint: .solid(.black))
    }
    #expect(coveredArea(huge) == 64 * 64)
    let left = try render {
      $0.fill(.rect(Rect(x: -100, y: 0, width: 110.5, height: 64)), paint: .solid(.black))
    }
    #expect(left.pixel(x: 0, y: 5).a == 255 && left.pixel(x: 9, y: 5).a == 255)
    #expect(left.pixel(x: 10, y: 5).a == 128 && left.pixel(x: 11, y: 5).a == 0)
    // A triangle whose sloped edge crosses the left edge of the canvas.
    let tri = try render {
      $0.fill(
        .polygon([Point(x: -32, y: 0), Point(x: 32, y: 64), Point(x: -32, y: 64)]),
        paint: .solid(.black))
    }
    #expect(abs(coveredArea(tri) - 32 * 32 / 2) < 0.2)  // 8-bit rounding of 32 half-covered pixels
    let nowhere = try render {
      $0.fill(.rect(Rect(x: 100, y: 100, width: 5, height: 5)), paint: .solid(.black))
    }
    #expect(coveredArea(nowhere) == 0)
  }

  /// An edge that rises by less than any normal number over a long run has a slope past
  /// the largest double: it adds its (vanishing) share and nothing else, and never stops the
  /// program.
  @Test func edgesOfInfiniteSlopeAreHarmless() throws {
    let tiny = Double.leastNonzeroMagnitude
    let img = try render {
      $0.fill(
        .polygon([
          Point(x: 0, y: 0), Point(x: 60, y: tiny), Point(x: 60, y: 30), Point(x: 0, y: 30),
        ]),
        paint: .solid(.black))
      $0.fill(
        .polygon([Point(x: 60, y: 40 + tiny), Point(x: 2, y: 40), Point(x: 2, y: 50)]),
        paint: .solid(.black))
    }
    #expect(img.pixel(x: 30, y: 15).a == 255 && img.pixel(x: 30, y: 35).a == 0)
    #expect(img.pixel(x: 3, y: 41).a > 0)
  }

  /// An edge 10²⁴ pixels long that ends inside the canvas, clipped at the canvas's right
  /// side: the crossing is measured from the near end. From the far end it was lost to
  /// rounding (by up to 10⁸ rows), and the clipped edge drew a diagonal through rows the
  /// shape never reaches. Found by the `lottie` fuzz target (a stroke 4·10²³ wide), whose
  /// frame drawn in bands did not have those stray pixels.
  @Test func farEdgesAreClippedWhereTheyCross() throws {
    let far = Point(x: 4.785719715853093e23, y: 1.244486498838267e24)
    let near = Point(x: 39.646452085938236, y: 40)
    let img = try render {
      $0.fill(.polygon([far, near, Point(x: 39.646452085938236, y: 1e24)]), paint: .solid(.black))
    }
    // The edge's slope is 2.6: at x = 64 it is at row 103, below the canvas.
    let slope = (far.y - near.y) / (far.x - near.x)
    for y in 0..<64 {
      for x in 0..<64 {
        let edgeRow = near.y + (Double(x) + 0.5 - near.x) * slope
        let a = img.pixel(x: x, y: y).a
        if Double(x) > near.x + 1 && Double(y) + 1 < edgeRow - 2 {
          #expect(a == 0, "(\(x), \(y)) above the edge is \(a)")
        }
        if Double(x) > near.x + 1 && Double(y) > edgeRow + 2 {
          #expect(a == 255, "(\(x), \(y)) below the edge is \(a)")
        }
      }
    }
    #expect(img.pixel(x: 41, y: 60).a == 255)
  }

  @Test func tinyShapesKeepTheirArea() throws {
    let img = try render {
      $0.fill(.rect(Rect(x: 5.2, y: 5.3, width: 0.5, height: 0.4)), paint: .solid(.black))
    }
    #expect(abs(coveredArea(img) - 0.2) < 2.0 / 255)
  }

  @Test func nonFiniteGeometryDrawsNothingAndDoesNotTrap() throws {
    let img = try render { c in
      c.fill(.rect(Rect(x: .nan, y: 0, width: 10, height: 10)), paint: .solid(.black))
      c.fill(.rect(Rect(x: 0, y: 0, width: .infinity, height: 10)), paint: .solid(.black))
      c.fill(.circle(center: .zero, radius: 1e300), paint: .solid(.black))
      c.fill(
        .rect(Rect(x: 0, y: 0, width: 10, height: 10)), transform: Transform(scale: 0),
        paint: .solid(.black))
    }
    #expect(img.width == 64)
  }

  @Test func canvasSizesAreChecked() {
    #expect(throws: RenderError.self) { try Canvas(width: 0, height: 10) }
    #expect(throws: RenderError.self) { try Canvas(width: 200_000, height: 200_000) }
    #expect(throws: RenderError.self) { try Canvas(width: Int.max, height: 2) }
  }
}

@Suite struct StrokeTests {
  @Test func horizontalLineCoversItsWidth() throws {
    var p = Path()
    p.move(to: Point(x: 10, y: 20))
    p.line(to: Point(x: 50, y: 20))
    let img = try render { $0.stroke(p, paint: .solid(.black), style: StrokeStyle(width: 4)) }
    #expect(coveredArea(img) == 160)
    #expect(img.pixel(x: 30, y: 18).a == 255 && img.pixel(x: 30, y: 21).a == 255)
    #expect(img.pixel(x: 30, y: 22).a == 0 && img.pixel(x: 9, y: 20).a == 0)
  }

  @Test func capsExtendTheEnds() throws {
    var p = Path()
    p.move(to: Point(x: 10, y: 20))
    p.line(to: Point(x: 50, y: 20))
    let butt = coveredArea(
      try render { $0.stroke(p, paint: .solid(.black), style: StrokeStyle(width: 4, cap: .butt)) })
    let square = coveredArea(
      try render { $0.stroke(p, paint: .solid(.black), style: StrokeStyle(width: 4, cap: .square)) }
    )
    let round = coveredArea(
      try render { $0.stroke(p, paint: .solid(.black), style: StrokeStyle(width: 4, cap: .round)) })
    #expect(square == butt + 2 * 2 * 4)
    #expect(abs(round - (butt + Double.pi * 4)) < 0.1)
  }

  @Test func joinsDifferAtACorner() throws {
    var p = Path()
    p.move(to: Point(x: 10, y: 50))
    p.line(to: Point(x: 30, y: 10))
    p.line(to: Point(x: 50, y: 50))
    func area(_ j: StrokeStyle.Join, limit: Double = 10) throws -> Double {
      coveredArea(
        try render {
          $0.stroke(
            p, paint: .solid(.black), style: StrokeStyle(width: 6, join: j, miterLimit: limit))
        })
    }
    let miter = try area(.miter)
    let round = try area(.round)
    let bevel = try area(.bevel)
    #expect(miter > round && round > bevel)
    #expect(try area(.miter, limit: 1) == bevel)  // past the limit a miter becomes a bevel
  }

  @Test func dashesLeaveGaps() throws {
    var p = Path()
    p.move(to: Point(x: 0, y: 10))
    p.line(to: Point(x: 64, y: 10))
    let img = try render {
      $0.stroke(p, paint: .solid(.black), style: StrokeStyle(width: 2, dash: [8, 8]))
    }
    #expect(coveredArea(img) == 4 * 8 * 2)
    #expect(
      img.pixel(x: 4, y: 10).a == 255 && img.pixel(x: 12, y: 10).a == 0
        && img.pixel(x: 20, y: 10).a == 255)
    let shifted = try render {
      $0.stroke(p, paint: .solid(.black), style: StrokeStyle(width: 2, dash: [8, 8], dashPhase: 8))
    }
    #expect(shifted.pixel(x: 4, y: 10).a == 0 && shifted.pixel(x: 12, y: 10).a == 255)
    // A pattern too fine to draw is drawn solid rather than hanging.
    let fine = try render {
      $0.stroke(p, paint: .solid(.black), style: StrokeStyle(width: 2, dash: [1e-9, 1e-9]))
    }
    #expect(coveredArea(fine) > 100)
  }

  @Test func closedSubpathsJoinAtTheirStart() throws {
    let img = try render {
      $0.stroke(
        .rect(Rect(x: 10, y: 10, width: 40, height: 40)), paint: .solid(.black),
        style: StrokeStyle(width: 2))
    }
    #expect(img.pixel(x: 9, y: 9).a == 255)  // the miter fills the corner
    #expect(coveredArea(img) == 42 * 42 - 38 * 38)
  }
}

/// A tall region is rasterized a strip at a time (``Rasterizer/stripRows``), each edge walked
/// down the strips from where the last strip left it: every coverage value is the one the
/// whole region at once gives.
@Suite struct StripTests {
  /// The coverage of `polygons` over `region`, row by row.
  static func coverage(
    _ polygons: [Polyline], _ region: IntRect, _ rule: FillRule, rasterizer: Rasterizer
  ) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: region.width * region.height)
    rasterizer.reset(region: region)
    rasterizer.add(polygons)
    rasterizer.forEachSpan(rule: rule) { y, x, n, values, c in
      let base = (y - region.y) * region.width + (x - region.x)
      for i in 0..<n { out[base + i] = values?[i] ?? c }
    }
    return out
  }

  @Test func stripsGiveTheBytesOfTheWholeRegion() {
    var random = SeededRandomNumberGenerator(seed: 31)
    let rasterizer = Rasterizer()
    let width = 90
    // Strips start at multiples of stripRows; these heights are drawn whole.
    let whole = 2 * Rasterizer.stripRows
    for round in 0..<40 {
      // Shapes within the first `whole` rows, so that a region of `whole` rows (drawn at once)
      // and one of ten times as many (drawn in strips) hold all of them.
      var polygons: [Polyline] = []
      for _ in 0..<(1 + round % 3) {
        let n = 3 + Int(random.next() % 9)
        let points = (0..<n).map { _ in
          Point(
            x: random.next(in: -40...Double(width + 40)),
            y: random.next(in: -10...Double(whole) - 0.5))
        }
        polygons.append(Polyline(points: points, isClosed: true))
      }
      // A rectangle with vertical sides through many strips, and edges past both sides.
      polygons.append(
        Polyline(
          points: [
            Point(x: 12.25, y: 3.5), Point(x: 70.75, y: 3.5),
            Point(x: 70.75, y: Double(whole) - 1.25), Point(x: 12.25, y: Double(whole) - 1.25),
          ], isClosed: true))
      let rule: FillRule = round % 2 == 0 ? .nonZero : .evenOdd
      let short = IntRect(x: 0, y: 0, width: width, height: whole)
      let tall = IntRect(x: 0, y: 0, width: width, height: 10 * whole)
      let atOnce = Self.coverage(polygons, short, rule, rasterizer: rasterizer)
      let inStrips = Self.coverage(polygons, tall, rule, rasterizer: rasterizer)
      #expect(Array(inStrips[..<atOnce.count]) == atOnce, "round \(round)")
      #expect(!inStrips[atOnce.count...].contains { $0 != 0 }, "round \(round)")
    }
  }

  /// A path of more edges than a rasterizer keeps memory for gives the memory back once drawn;
  /// the next fill is drawn as ever.
  @Test func theMemoryOfVeryManyEdgesIsGivenBack() {
    let rasterizer = Rasterizer()
    let n = Rasterizer.keptEdges + 10
    let points = (0..<n).map { k in
      Point(x: 40 + 30 * _sin(Double(k) * 0.01), y: 500 * Double(k) / Double(n))
    }
    let tall = IntRect(x: 0, y: 0, width: 90, height: 500)
    let drawn = Self.coverage(
      [Polyline(points: points, isClosed: true)], tall, .nonZero, rasterizer: rasterizer)
    #expect(drawn.contains(255))
    #expect(rasterizer.pending.capacity < Rasterizer.keptEdges)
    #expect(rasterizer.byStrip.count <= Rasterizer.keptEdges)
    let square = Polyline(
      points: [
        Point(x: 10, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 400), Point(x: 10, y: 400),
      ],
      isClosed: true)
    let after = Self.coverage([square], tall, .nonZero, rasterizer: rasterizer)
    #expect(after.reduce(0) { $0 + Int($1) } == 10 * 390 * 255)
  }

  /// With more edges than a strip looks through whole, the edges are sorted by the strip they
  /// start in; the bytes are still those of the whole region at once.
  @Test func manyEdgesSortedByStripGiveTheSameBytes() {
    var random = SeededRandomNumberGenerator(seed: 77)
    let rasterizer = Rasterizer()
    let whole = 2 * Rasterizer.stripRows
    for round in 0..<4 {
      let n = Rasterizer.scannedEdges + 500 * (round + 1)
      let points = (0..<n).map { k in
        Point(
          x: 45 + 60 * _sin(Double(k) * 0.37) + random.next(in: -3...3),
          y: Swift.min(
            Double(whole) - 0.5, Double(whole) * Double(k) / Double(n) + random.next(in: -2...2)))
      }
      let polygons = [Polyline(points: points, isClosed: true)]
      let rule: FillRule = round % 2 == 0 ? .nonZero : .evenOdd
      let atOnce = Self.coverage(
        polygons, IntRect(x: 0, y: 0, width: 90, height: whole), rule, rasterizer: rasterizer)
      let inStrips = Self.coverage(
        polygons, IntRect(x: 0, y: 0, width: 90, height: 7 * whole), rule,
        rasterizer: rasterizer)
      #expect(atOnce.contains { $0 != 0 })
      #expect(Array(inStrips[..<atOnce.count]) == atOnce, "round \(round)")
      #expect(!inStrips[atOnce.count...].contains { $0 != 0 }, "round \(round)")
    }
  }
}

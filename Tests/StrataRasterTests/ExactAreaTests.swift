import Foundation
import Strata
import StrataTesting
import Testing

// @testable: these tests reach internals: Rasterizer, forEachSpan.
@testable import StrataIO
@testable import StrataRaster

/// Random polygons rasterized, pixel by pixel, against their exact area: each pixel's square
/// clipped against the polygon (Sutherland–Hodgman keeps the integral of the winding number
/// over a convex window), its shoelace area taken. For simple polygons, and for nested ones
/// where the winding stays within the rule's range, that integral is the exact coverage.
@Suite struct ExactAreaTests {
  static let size = 48

  /// The signed area of `polygon` inside the unit square at (`px`, `py`).
  static func areaInPixel(_ polygon: [Point], _ px: Int, _ py: Int) -> Double {
    var poly = polygon
    let (x0, y0) = (Double(px), Double(py))
    // Clip against x ≥ x0, x ≤ x0 + 1, y ≥ y0, y ≤ y0 + 1 in turn.
    let sides: [(Point) -> Double] = [
      { $0.x - x0 }, { x0 + 1 - $0.x }, { $0.y - y0 }, { y0 + 1 - $0.y },
    ]
    for inside in sides {
      guard !poly.isEmpty else { return 0 }
      var out: [Point] = []
      var a = poly[poly.count - 1]
      for b in poly {
        let (da, db) = (inside(a), inside(b))
        if db >= 0 {
          if da < 0 {
            let t = da / (da - db)
            out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
          }
          out.append(b)
        } else if da >= 0 {
          let t = da / (da - db)
          out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        a = b
      }
      poly = out
    }
    guard poly.count > 2 else { return 0 }
    var twice = 0.0
    var a = poly[poly.count - 1]
    for b in poly {
      twice += a.x * b.y - b.x * a.y
      a = b
    }
    return twice / 2
  }

  /// A simple (star-shaped) polygon of `count` vertices around `center`, clockwise on screen.
  static func star(
    _ count: Int, center: Point, radii: ClosedRange<Double>,
    using random: inout SeededRandomNumberGenerator
  ) -> [Point] {
    var angles = (0..<count).map { _ in Double.random(in: 0..<(2 * .pi), using: &random) }
    angles.sort()
    return angles.map { a in
      let r = Double.random(in: radii, using: &random)
      return Point(x: center.x + r * cos(a), y: center.y + r * sin(a))
    }
  }

  /// The rasterizer's coverage of `polygons` over the square frame, starting at row `top`.
  static func rasterize(
    _ polygons: [[Point]], rule: FillRule, rows: Range<Int> = 0..<size
  ) -> [UInt8] {
    let r = Rasterizer()
    r.reset(region: IntRect(x: 0, y: rows.lowerBound, width: size, height: rows.count))
    r.add(polygons.map { Polyline(points: $0, isClosed: true) })
    var out = [UInt8](repeating: 0, count: size * size)
    r.forEachSpan(rule: rule) { y, x, n, values, c in
      for i in 0..<n { out[y * size + x + i] = values?[i] ?? c }
    }
    return out
  }

  /// Compares the rasterizer with the exact area of `polygons` whose winding integral is
  /// the coverage after `fold` (the fill rule's).
  static func expectExact(
    _ polygons: [[Point]], rule: FillRule, _ what: String
  ) -> (worst: Int, mean: Double) {
    let got = rasterize(polygons, rule: rule)
    var worst = 0
    var total = 0
    for y in 0..<size {
      for x in 0..<size {
        var a = abs(polygons.reduce(0) { $0 + areaInPixel($1, x, y) })
        if rule == .evenOdd && a > 1 { a = 2 - a }
        let expected = Int((min(a, 1) * 255).rounded())
        let d = abs(Int(got[y * size + x]) - expected)
        worst = max(worst, d)
        total += d
      }
    }
    return (worst, Double(total) / Double(size * size))
  }

  @Test func randomSimplePolygonsHaveTheirExactArea() {
    var random = SeededRandomNumberGenerator(seed: 42)
    var worst = 0
    for k in 0..<40 {
      let count = Int.random(in: 3...40, using: &random)
      let center = Point(
        x: Double.random(in: 12...36, using: &random), y: Double.random(in: 12...36, using: &random)
      )
      var poly = Self.star(count, center: center, radii: 2...22, using: &random)
      if k % 2 == 1 { poly.reverse() }
      let result = Self.expectExact([poly], rule: k % 3 == 0 ? .evenOdd : .nonZero, "polygon \(k)")
      worst = max(worst, result.worst)
      #expect(result.worst <= 1, "polygon \(k): off by \(result.worst)")
      #expect(result.mean < 0.05, "polygon \(k): mean \(result.mean)")
    }
    // Rounding alone differs by at most one level.
    #expect(worst <= 1)
  }

  @Test func polygonsWithHolesHaveTheirExactArea() {
    var random = SeededRandomNumberGenerator(seed: 7)
    for k in 0..<20 {
      let center = Point(x: 24 + Double(k % 5) * 0.37, y: 24 - Double(k % 7) * 0.29)
      let outer = Self.star(24, center: center, radii: 14...22, using: &random)
      let inner = Self.star(16, center: center, radii: 4...9, using: &random)
      // Nonzero: the hole winds the other way. Even-odd: both the same way.
      let holeNonZero = Self.expectExact([outer, inner.reversed()], rule: .nonZero, "nonzero \(k)")
      #expect(holeNonZero.worst <= 1, "nonzero \(k): off by \(holeNonZero.worst)")
      let holeEvenOdd = Self.expectExact([outer, inner], rule: .evenOdd, "even-odd \(k)")
      #expect(holeEvenOdd.worst <= 1, "even-odd \(k): off by \(holeEvenOdd.worst)")
    }
  }

  /// Rows wider than a word of block flags (64 blocks of 16 cells, 1,024 pixels): small shapes
  /// on both sides of each word's boundary, and a slanted band whose inside crosses every
  /// boundary, keep their exact area, so reading a row passes whole words of unflagged blocks
  /// and still finds every flagged one.
  @Test func rowsWiderThanAWordOfBlocksHaveTheirExactArea() {
    let width = 3 * 1024 + 50
    let height = 8
    var random = SeededRandomNumberGenerator(seed: 5)
    let w = Double(width)
    var polygons: [[Point]] = [
      [
        Point(x: 3.3, y: 0.3), Point(x: w - 2.6, y: 0.9), Point(x: w - 4.1, y: 2.2),
        Point(x: 5.7, y: 1.9),
      ]
    ]
    for boundary in [1024.0, 2048, 3072] {
      for offset in [-17.5, -6.3, 0.4, 7.8, 63.1] {
        polygons.append(
          Self.star(
            Int.random(in: 3...9, using: &random), center: Point(x: boundary + offset, y: 5.2),
            radii: 0.5...2.5, using: &random))
      }
    }
    let r = Rasterizer()
    r.reset(region: IntRect(x: 0, y: 0, width: width, height: height))
    r.add(polygons.map { Polyline(points: $0, isClosed: true) })
    var got = [UInt8](repeating: 0, count: width * height)
    r.forEachSpan(rule: .nonZero) { y, x, n, values, c in
      for i in 0..<n { got[y * width + x + i] = values?[i] ?? c }
    }
    var worst = 0
    for y in 0..<height {
      for x in 0..<width {
        let near = polygons.filter { p in
          p.contains { $0.y > Double(y) - 1 && $0.y < Double(y) + 2 }
            && p.contains { $0.x < Double(x) + 1 } && p.contains { $0.x > Double(x) }
        }
        let a = abs(near.reduce(0) { $0 + Self.areaInPixel($1, x, y) })
        let expected = Int((min(a, 1) * 255).rounded())
        worst = max(worst, abs(Int(got[y * width + x]) - expected))
      }
    }
    #expect(worst <= 1, "off by \(worst)")
    // The band's inside is full across every boundary.
    #expect(got[width + 1024] == 255 && got[width + 2048] == 255 && got[width + 3072] == 255)
  }

  /// A row's coverage does not depend on where the region starts: rasterized in bands of rows
  /// (as a frame on several threads is), every row has the bytes of the whole.
  @Test func bandsOfRowsHaveTheBytesOfTheWhole() {
    var random = SeededRandomNumberGenerator(seed: 99)
    for k in 0..<20 {
      let poly = Self.star(
        Int.random(in: 5...60, using: &random), center: Point(x: 24.3, y: 23.8), radii: 3...30,
        using: &random)
      let whole = Self.rasterize([poly], rule: .nonZero)
      var banded = [UInt8](repeating: 0, count: whole.count)
      var top = 0
      while top < Self.size {
        let rows = top..<min(Self.size, top + Int.random(in: 1...17, using: &random))
        let part = Self.rasterize([poly], rule: .nonZero, rows: rows)
        for y in rows {
          for x in 0..<Self.size { banded[y * Self.size + x] = part[y * Self.size + x] }
        }
        top = rows.upperBound
      }
      #expect(banded == whole, "polygon \(k)")
    }
  }
}

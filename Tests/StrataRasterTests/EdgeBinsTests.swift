import Foundation
import Strata
import StrataTesting
import Testing

// @testable: these tests reach internals: Rasterizer, EdgeBins, forEachSpan.
@testable import StrataIO
@testable import StrataRaster

/// An outline's edges binned by strips of rows once per frame, then added band by band: each
/// band's cells are exactly those of the whole outline added to it.
@Suite struct EdgeBinsTests {
  static let (width, height) = (96, 300)

  /// The coverage of `flat` over `rows` of the frame (all columns), added whole or through
  /// `bins`.
  static func coverage(_ flat: FlattenedPath, rows: Range<Int>, bins: EdgeBins?) -> [UInt8] {
    let r = Rasterizer()
    r.reset(region: IntRect(x: 0, y: rows.lowerBound, width: width, height: rows.count))
    if let bins { r.add(flat, bins: bins) } else { r.add(flat) }
    var out = [UInt8](repeating: 0, count: width * height)
    r.forEachSpan(rule: .nonZero) { y, x, n, values, c in
      for i in 0..<n { out[y * width + x + i] = values?[i] ?? c }
    }
    return out
  }

  /// Random outlines of many edges, reaching above and below the frame, with a point that is
  /// not finite and a horizontal edge: every band of random height (some drawn in the
  /// rasterizer's strips, some not) has the bytes of the whole outline added.
  @Test func bandsThroughBinsHaveTheBytesOfTheWholeOutline() {
    var random = SeededRandomNumberGenerator(seed: 42)
    for k in 0..<12 {
      var flat = FlattenedPath()
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let center = Point(
          x: Double.random(in: 10...86, using: &random),
          y: Double.random(in: -40...340, using: &random))
        var points = ExactAreaTests.star(
          Int.random(in: 60...300, using: &random), center: center, radii: 5...160,
          using: &random)
        points.append(Point(x: points[0].x + 3, y: points[points.count - 1].y))
        if k % 4 == 1 { points.insert(Point(x: .nan, y: 20), at: 7) }
        flat.append(subpath: points, isClosed: true)
      }
      var bins = EdgeBins()
      bins.bin(flat, height: Self.height)
      #expect(bins.isBinned)
      var top = 0
      while top < Self.height {
        let rows = top..<min(Self.height, top + Int.random(in: 1...100, using: &random))
        let whole = Self.coverage(flat, rows: rows, bins: nil)
        let binned = Self.coverage(flat, rows: rows, bins: bins)
        #expect(whole == binned, "outline \(k), rows \(rows)")
        top = rows.upperBound
      }
    }
  }

  /// A small outline is not binned (a band looks through its few edges), and adding it
  /// through its bins is adding it whole.
  @Test func smallOutlinesAreNotBinned() {
    var flat = FlattenedPath()
    flat.append(
      subpath: [Point(x: 5, y: 5), Point(x: 60, y: 40), Point(x: 10, y: 250)], isClosed: true)
    var bins = EdgeBins()
    bins.bin(flat, height: Self.height)
    #expect(!bins.isBinned)
    let rows = 30..<130
    let whole = Self.coverage(flat, rows: rows, bins: nil)
    #expect(whole == Self.coverage(flat, rows: rows, bins: bins))
    #expect(whole.contains { $0 == 255 })
  }

  /// Binning the same memory again for another outline forgets the first; a frame of no rows
  /// bins into one strip; coordinates far beyond the frame are kept within its strips.
  @Test func binsAreReusedAndClampHostileCoordinates() {
    var bins = EdgeBins()
    var big = FlattenedPath()
    big.append(
      subpath: (0..<80).map { Point(x: Double($0), y: $0 % 2 == 0 ? -1e300 : 1e300) },
      isClosed: true)
    bins.bin(big, height: 0)
    #expect(bins.isBinned && bins.strips == 1)
    var hostile = FlattenedPath()
    hostile.append(
      subpath: (0..<60).map {
        let y = 150 + 90 * sin(Double($0) / 9.55)
        return Point(
          x: 48 + 40 * cos(Double($0) / 9.55), y: $0 == 10 ? 1e300 : $0 == 30 ? -1e300 : y)
      }, isClosed: true)
    bins.bin(hostile, height: Self.height)
    #expect(bins.isBinned)
    #expect(bins.strips == (Self.height + Rasterizer.stripRows - 1) / Rasterizer.stripRows)
    for rows in [0..<64, 100..<164, 250..<300] {
      #expect(
        Self.coverage(hostile, rows: rows, bins: nil)
          == Self.coverage(hostile, rows: rows, bins: bins))
    }
    var other = FlattenedPath()
    other.append(
      subpath: (0..<60).map {
        Point(x: 48 + 40 * cos(Double($0) / 9.55), y: 150 + 40 * sin(Double($0) / 9.55))
      }, isClosed: true)
    bins.bin(other, height: Self.height)
    let band = 120..<180
    let whole = Self.coverage(other, rows: band, bins: nil)
    #expect(whole == Self.coverage(other, rows: band, bins: bins))
    #expect(whole.contains { $0 == 255 })
  }

  /// An outline of edges much taller than a strip would be listed in many strips each: it is
  /// not binned, and so costs no more memory than its points.
  @Test func tallEdgesAreNotBinned() {
    var zigzag = FlattenedPath()
    zigzag.append(
      subpath: (0..<200).map { Point(x: Double($0) * 0.4, y: $0 % 2 == 0 ? 0 : 299) },
      isClosed: true)
    var bins = EdgeBins()
    bins.bin(zigzag, height: Self.height)
    #expect(!bins.isBinned)
    let rows = 40..<110
    #expect(
      Self.coverage(zigzag, rows: rows, bins: nil)
        == Self.coverage(zigzag, rows: rows, bins: bins))
  }

  /// The merge that puts a band's edges back in the outline's order: any number of sorted runs
  /// (empty ones too), each taking any share of the edges.
  @Test func mergedRunsAreInTheOutlinesOrder() {
    var random = SeededRandomNumberGenerator(seed: 7)
    var scratch: [EdgeBins.Edge] = []
    for n in [0, 1, 2, 3, 17, 64, 501] {
      for k in [1, 2, 3, 5, 8, 21, 40] {
        // n edges dealt at random into k runs, each run sorted.
        var runsOf = [[Int32]](repeating: [], count: k)
        for e in 0..<n { runsOf[Int(random.next(in: 0...Double(k) - 0.001))].append(Int32(e)) }
        var edges: [EdgeBins.Edge] = []
        var runs: [Int] = []
        for run in runsOf {
          runs.append(edges.count)
          edges += run.map { EdgeBins.Edge(from: $0 + 1, to: $0, firstStrip: 0) }
        }
        runs.append(edges.count)
        EdgeBins.mergeRuns(&edges, runs: &runs, scratch: &scratch)
        #expect(edges.map(\.to) == (0..<n).map { Int32($0) }, "\(n) edges in \(k) runs")
        #expect(edges.allSatisfy { $0.from == $0.to + 1 }, "\(n) edges in \(k) runs")
      }
    }
  }
}

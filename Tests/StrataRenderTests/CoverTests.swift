import Strata
import Testing

@testable import StrataRender

/// What a later opaque shape covers is left out of what is drawn before it (``RowCover``),
/// with the same pixels as drawing everything.
@Suite struct CoverTests {
  /// A scene where every kind of drawing lies partly under a later opaque shape that is not an
  /// axis-aligned rectangle: a turned card over a gradient, a bitmap and a shadow, a
  /// translucent group under a disc, and an even-odd ring whose hole must not count.
  static func coveredScene() -> Scene {
    let root = Node(frame: Rect(x: 0, y: 0, width: 120, height: 160))
    let sky = ShapeNode(
      path: .rect(Rect(x: 0, y: 0, width: 120, height: 160)),
      fill: .linearGradient(
        Gradient(colors: [.blue, Color(red: 1, green: 0.5, blue: 0.2, alpha: 0.6)]),
        start: .zero, end: Point(x: 120, y: 160)))
    root.addChild(sky)
    let glow = ShapeNode(
      path: .circle(center: Point(x: 60, y: 60), radius: 50),
      fill: .radialGradient(
        Gradient(colors: [.white, Color(white: 1, alpha: 0)]), center: Point(x: 60, y: 60),
        radius: 50))
    root.addChild(glow)
    var pixels = [UInt8](repeating: 0, count: 16 * 16 * 4)
    for i in 0..<(16 * 16) {
      pixels[i * 4] = UInt8(i % 256)
      pixels[i * 4 + 1] = UInt8((i * 7) % 256)
      pixels[i * 4 + 2] = 90
      pixels[i * 4 + 3] = 255
    }
    let photo = ImageNode(
      image: RasterImage(width: 16, height: 16, pixels: pixels, scale: 1).map { .raster($0) },
      contentMode: .scaleToFill)
    photo.frame = Rect(x: 20, y: 20, width: 70, height: 50)
    root.addChild(photo)
    let card = Node(frame: Rect(x: 15, y: 15, width: 80, height: 70))
    card.backgroundColor = .white
    card.cornerRadius = 12
    card.shadow = Shadow(color: .black, opacity: 0.5, offset: Vector(dx: 0, dy: 4), radius: 6)
    card.transform = Transform(rotation: 0.12)
    root.addChild(card)
    let group = Node(frame: Rect(x: 0, y: 90, width: 120, height: 70))
    group.alpha = 0.6
    group.addChild(
      ShapeNode(
        path: .rect(Rect(x: 0, y: 0, width: 120, height: 70)),
        fill: .linearGradient(
          Gradient(colors: [.red, .green]), start: .zero, end: Point(x: 120, y: 20))))
    group.addChild(
      ShapeNode(path: .circle(center: Point(x: 30, y: 35), radius: 25), fill: .solid(.yellow)))
    root.addChild(group)
    root.addChild(
      ShapeNode(path: .circle(center: Point(x: 60, y: 125), radius: 34), fill: .solid(.black)))
    var ring = Path.circle(center: Point(x: 60, y: 125), radius: 30)
    ring.append(.circle(center: Point(x: 60, y: 125), radius: 14))
    root.addChild(
      ShapeNode(
        path: ring, fill: .solid(Color(red: 0.2, green: 0.7, blue: 0.9)), fillRule: .evenOdd))
    return Scene(root: root, size: root.size)
  }

  @Test(arguments: [1.0, 2.5, 3.0])
  func coveredDrawingIsLeftOutAndNoPixelChanges(scale: Double) throws {
    let list = try DisplayList(scene: Self.coveredScene(), scale: scale)
    let optimised = try Canvas(width: list.width, height: list.height)
    optimised.draw(list)
    let plain = try Canvas(width: list.width, height: list.height)
    OcclusionTests.drawPlainly(list, into: plain)
    let a = optimised.buffer.pixels
    let b = plain.buffer.pixels
    #expect(a.count == b.count)
    #expect(zip(a, b).filter { $0 != $1 }.count == 0, "bytes that differ")
    // The shapes that are not rectangles did hide something.
    #expect(optimised.coveredPixels > 0)
  }

  @Test func coversStayWithinTheirGroup() throws {
    // A translucent group drawn before an opaque disc outside it: the disc covers part of the
    // group's composite, but nothing inside the group's own layer.
    let list = try DisplayList(scene: Self.coveredScene(), scale: 2)
    let canvas = try Canvas(width: list.width, height: list.height)
    let (occluders, _) = canvas.occlusion(list)
    let disc = try #require(
      occluders.first { !$0.isRectangle && $0.scope == -1 && $0.rect.y > 160 })
    let groupStart = try #require(
      list.commands.firstIndex {
        if case .beginGroup = $0 { return true } else { return false }
      })
    canvas.occluders = occluders
    canvas.coverCommand = groupStart + 1
    canvas.coverFloor = groupStart
    // Inside the group only its own fills may cover.
    if let cover = canvas.cover(for: disc.rect) {
      let own = occluders.filter { $0.scope == groupStart }
      #expect(!own.isEmpty)
      for y in cover.top..<(cover.top + cover.starts.count) {
        guard let run = cover.run(y: y) else { continue }
        #expect(own.contains { $0.rect.y <= y && y < $0.rect.maxY && $0.rect.x <= run.lowerBound })
      }
    }
  }

  @Test func fullRunsHoldOnlyPixelsCoveredCompletely() throws {
    // Random polygons, both rules: every pixel of a full run has coverage 255, and every
    // pixel well inside (coverage 255 away from any edge) is found in some run.
    var rng = SeededNumbers(seed: 21)
    let region = IntRect(x: 0, y: 0, width: 90, height: 70)
    for round in 0..<40 {
      var points: [Point] = []
      for _ in 0..<(3 + round % 6) {
        points.append(Point(x: rng.next(in: -10...100), y: rng.next(in: -10...80)))
      }
      if round % 5 == 0 {
        // A rectangle with fractional edges: its top and bottom rows are partly covered with
        // no edge crossing their inside.
        let x = rng.next(in: 0...40)
        let y = rng.next(in: 0...30)
        let w = rng.next(in: 20...50)
        let h = rng.next(in: 5...35)
        points = [
          Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h),
          Point(x: x, y: y + h),
        ]
      }
      let rule: FillRule = round % 2 == 0 ? .nonZero : .evenOdd
      let rasterizer = Rasterizer()
      var coverage = [UInt8](repeating: 0, count: region.width * region.height)
      rasterizer.reset(region: region)
      rasterizer.add([Polyline(points: points, isClosed: true)])
      rasterizer.forEachSpan(rule: rule) { y, x, n, values, c in
        for i in 0..<n { coverage[y * region.width + x + i] = values?[i] ?? c }
      }
      var full = [Bool](repeating: false, count: coverage.count)
      rasterizer.reset(region: region)
      rasterizer.add([Polyline(points: points, isClosed: true)])
      rasterizer.forEachFullRun(rule: rule) { y, x, n in
        for i in 0..<n { full[y * region.width + x + i] = true }
      }
      for i in coverage.indices where full[i] { #expect(coverage[i] == 255, "round \(round)") }
      #expect(full.contains(true) || !coverage.contains(255) || points.count < 4)
    }
  }

  @Test func theRasterizerIsClearAfterEachFill() throws {
    // Blocks an edge touched are cleared after a fill: a second, smaller fill over the same
    // rasterizer sees none of the first.
    let rasterizer = Rasterizer()
    let big = IntRect(x: 0, y: 0, width: 300, height: 40)
    rasterizer.reset(region: big)
    rasterizer.add([
      Polyline(
        points: [Point(x: 3, y: 2), Point(x: 290, y: 5), Point(x: 200, y: 38)], isClosed: true)
    ])
    rasterizer.forEachSpan(rule: .nonZero) { _, _, _, _, _ in }
    rasterizer.reset(region: IntRect(x: 0, y: 0, width: 50, height: 10))
    rasterizer.add([
      Polyline(
        points: [Point(x: 10, y: 2), Point(x: 20, y: 2), Point(x: 20, y: 6), Point(x: 10, y: 6)],
        isClosed: true)
    ])
    var total = 0
    rasterizer.forEachSpan(rule: .nonZero) { _, _, n, values, c in
      for i in 0..<n { total += Int(values?[i] ?? c) }
    }
    #expect(total == 40 * 255)
  }
}

@Suite struct PackedPixelTests {
  @Test func laneArithmeticMatchesTheScalarForm() {
    var rng = SeededNumbers(seed: 7)
    for _ in 0..<2000 {
      var p = Pixels.Vector8()
      var a = Pixels.Vector8()
      for i in 0..<8 {
        let alpha = UInt32(rng.next(in: 0...255))
        let r = UInt32(rng.next(in: 0...Double(alpha)))
        let g = UInt32(rng.next(in: 0...Double(alpha)))
        let b = UInt32(rng.next(in: 0...Double(alpha)))
        p[i] = r | g << 8 | b << 16 | alpha << 24
        a[i] = UInt32(rng.next(in: 0...255))
      }
      let lanes = Pixels.scale(p, a)
      for i in 0..<8 { #expect(lanes[i] == Pixels.scale(p[i], a[i])) }
    }
  }

  @Test func coverageProductsAreRoundedAsOneAtATime() {
    // Every pair of bytes, sixteen lanes and the remainder.
    var values = [UInt8](repeating: 0, count: 256 * 256 + 5)
    var factors = values
    for i in 0..<(256 * 256) {
      values[i] = UInt8(i & 255)
      factors[i] = UInt8(i >> 8)
    }
    var lanes = values
    lanes.withUnsafeMutableBufferPointer { v in
      factors.withUnsafeBufferPointer { f in
        Pixels.multiply(v.baseAddress!, by: f.baseAddress!, count: v.count)
      }
    }
    for i in values.indices {
      #expect(Int(lanes[i]) == div255(Int(values[i]) * Int(factors[i])))
    }
    var scaled = values
    scaled.withUnsafeMutableBufferPointer {
      Pixels.multiply($0.baseAddress!, by: 77, count: $0.count)
    }
    for i in values.indices { #expect(Int(scaled[i]) == div255(Int(values[i]) * 77)) }
  }
}

/// A small deterministic random number generator (SplitMix64) for property tests.
struct SeededNumbers {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  /// A number in `range`, uniformly.
  mutating func next(in range: ClosedRange<Double>) -> Double {
    range.lowerBound + Double(next() >> 11) / Double(1 << 53)
      * (range.upperBound - range.lowerBound)
  }
}

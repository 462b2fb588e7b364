import CStrataKernels
import Foundation
import Strata
import StrataTesting
import Testing

// @testable: these tests reach internals: index, Rasterizer, tableLimit, table, Vector8, scale.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

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
    drawPlainly(list, into: plain)
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
    let player = DisplayListPlayer()
    player.occlusion(list, on: canvas)
    let occluders = player.occluders
    let disc = try #require(
      occluders.first { !$0.isRectangle && $0.scope == -1 && $0.rect.y > 160 })
    let groupStart = try #require(
      list.commands.firstIndex {
        if case .beginGroup = $0 { return true } else { return false }
      })
    player.coverCommand = groupStart + 1
    player.coverFloor = groupStart
    // Inside the group only its own fills may cover.
    if let cover = player.cover(for: disc.rect) {
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
    var rng = SeededRandomNumberGenerator(seed: 21)
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
  /// The answer asked once when the program was loaded is the processor's: the constructor
  /// function ran (were it not to, every frame would take the slower Swift loops).
  @Test func wideKernelsAreAskedWhenTheProgramLoads() {
    #expect(WideKernels.available == strata_kernels_available())
    #expect(Pixels.wideKernels == strata_kernels_available())
    #if arch(x86_64)
      // The project's machines have AVX2; a run elsewhere says so rather than fail.
      if !strata_kernels_available() { print("note: no AVX2 here; the Swift loops run") }
    #endif
  }

  @Test func wideKernelsGiveTheBytesOfTheSwiftLoops() throws {
    // Random premultiplied pixels, every combination of per-pixel or uniform source and
    // coverage, lengths that leave remainders.
    var rng = SeededRandomNumberGenerator(seed: 3)
    func pixel() -> UInt32 {
      let a = UInt32(rng.next(in: 0...255.99))
      let c = { UInt32(rng.next(in: 0...(Double(a) + 0.99))) }
      return c() | c() << 8 | c() << 16 | a << 24
    }
    for count in [0, 1, 7, 8, 9, 31, 64, 101] {
      let dst = (0..<count).map { _ in pixel() }
      let colors = (0..<count).map { _ in pixel() }
      let coverage = (0..<count).map { _ in UInt8(rng.next(in: 0...255.99)) }
      for (useColors, useCoverage, uniform) in [
        (true, true, UInt32(255)), (true, false, 77), (false, true, 255), (false, false, 200),
        (true, false, 255), (false, false, 0),
      ] {
        var wide = dst
        var loop = dst
        let solid = pixel()
        colors.withUnsafeBufferPointer { c in
          coverage.withUnsafeBufferPointer { v in
            wide.withUnsafeMutableBufferPointer { w in
              strata_blend(
                w.baseAddress, useColors ? c.baseAddress : nil, solid,
                useCoverage ? v.baseAddress : nil, uniform, count)
            }
            loop.withUnsafeMutableBufferPointer { l in
              guard let base = l.baseAddress else { return }
              Pixels.blendLoop(
                into: base, colors: useColors ? c.baseAddress : nil, solid: solid,
                coverage: useCoverage ? v.baseAddress : nil, uniform: uniform, count: count)
            }
          }
        }
        #expect(wide == loop, "count \(count)")
      }
      var a = coverage
      var b = coverage
      let factors = (0..<count).map { _ in UInt8(rng.next(in: 0...255.99)) }
      factors.withUnsafeBufferPointer { f in
        a.withUnsafeMutableBufferPointer { strata_multiply($0.baseAddress, f.baseAddress, count) }
        b.withUnsafeMutableBufferPointer {
          guard let base = $0.baseAddress, let fb = f.baseAddress else { return }
          Pixels.multiplyLoop(base, by: fb, count: count)
        }
      }
      #expect(a == b)
    }
  }

  /// The shadow's row interpolation: kernel and Swift loop against the formula, over the
  /// whole range of weights and values (a byte × 256), at lengths leaving every remainder.
  @Test func rowInterpolationKernelGivesTheSwiftLoopsBytes() {
    var rng = SeededRandomNumberGenerator(seed: 19)
    for count in [0, 1, 15, 16, 17, 40, 257] {
      for fy in [UInt32(0), 1, 128, 255, 256, UInt32(rng.next(in: 0...256.99))] {
        let top = (0..<count).map { _ in UInt32(rng.next(in: 0...65_280.99)) }
        let bottom = (0..<count).map { _ in UInt32(rng.next(in: 0...65_280.99)) }
        var wide = [UInt8](repeating: 0xA5, count: count + 16)
        var loop = wide
        top.withUnsafeBufferPointer { t in
          bottom.withUnsafeBufferPointer { b in
            wide.withUnsafeMutableBufferPointer {
              strata_lerp_rows($0.baseAddress, t.baseAddress, b.baseAddress, count, fy)
            }
            loop.withUnsafeMutableBufferPointer {
              guard let o = $0.baseAddress, let tb = t.baseAddress, let bb = b.baseAddress
              else { return }
              Canvas.lerpRowsLoop(o, tb, bb, count, fy)
            }
          }
        }
        let expected = (0..<count).map {
          UInt8((top[$0] * (256 - fy) + bottom[$0] * fy + 32768) >> 16)
        }
        #expect(Array(wide.prefix(count)) == expected, "kernel, \(count) values, fy \(fy)")
        #expect(Array(loop.prefix(count)) == expected, "loop, \(count) values, fy \(fy)")
        #expect(
          wide.suffix(16).allSatisfy { $0 == 0xA5 } && loop.suffix(16).allSatisfy { $0 == 0xA5 })
      }
    }
  }

  /// Kept gradient tables are the tables the gradient makes, for each opacity, and the kept
  /// set stays bounded however many gradients go by.
  @Test func keptGradientTablesAreTheGradientsOwn() {
    func made(_ g: Gradient, _ opacity: Double) -> [UInt32] {
      (0..<256).map {
        Pixels.pack(PremultipliedColor(g.color(at: Double($0) / 255), opacity: opacity))
      }
    }
    for k in 0..<(Shader.tableLimit + 20) {
      let g = Gradient(colors: [
        Color(red: Double(k) / 1000, green: 0.5, blue: 0.2, alpha: 0.8), .white,
      ])
      for opacity in [1, 0.5] {
        #expect(Shader.table(g, opacity: opacity) == made(g, opacity))
        #expect(Shader.table(g, opacity: opacity) == made(g, opacity), "kept")
      }
      #expect(Shader.tables.withLock { $0.count } <= Shader.tableLimit)
    }
  }

  /// The bilinear kernel against Shader.sampleBilinear: rotated, scaled and sheared transforms
  /// whose positions run off every side of the image (clamped), spans that leave remainders,
  /// images one pixel wide or tall, and transforms that make infinities and NaNs.
  @Test func bilinearKernelGivesTheBytesOfTheSwiftLoop() throws {
    var rng = SeededRandomNumberGenerator(seed: 23)
    for k in 0..<300 {
      let w = k % 10 == 0 ? 1 : Int(rng.next(in: 1...40))
      let h = k % 15 == 0 ? 1 : Int(rng.next(in: 1...40))
      let pixels = (0..<(w * h * 4)).map { _ in UInt8(rng.next(in: 0...255.99)) }
      let image = try RasterImage(width: w, height: h, pixels: pixels)
      let angle = rng.next(in: 0...(2 * Double.pi))
      let scale = rng.next(in: 0.05...3)
      var inverse = Transform(
        a: cos(angle) * scale, b: sin(angle) * scale,
        c: -sin(angle) * scale + rng.next(in: -0.3...0.3),
        d: cos(angle) * scale, tx: rng.next(in: -60...60), ty: rng.next(in: -60...60))
      if k % 50 == 7 { inverse.tx = .infinity }
      if k % 50 == 13 { inverse.a = .nan }
      if k % 50 == 21 { inverse.c = 1e308 }
      let x = Int(rng.next(in: -50...50))
      let py = Double(Int(rng.next(in: -50...50))) + 0.5
      let count = Int(rng.next(in: 0...41))
      var wide = [UInt32](repeating: 1, count: count)
      var loop = [UInt32](repeating: 2, count: count)
      image.pixels.withUnsafeBytes { raw in
        let src = raw.bindMemory(to: UInt32.self)
        let m = [inverse.a, inverse.b, inverse.c, inverse.d, inverse.tx, inverse.ty]
        wide.withUnsafeMutableBufferPointer { out in
          m.withUnsafeBufferPointer {
            strata_bilinear(out.baseAddress, src.baseAddress, w, h, $0.baseAddress, x, py, count)
          }
        }
        loop.withUnsafeMutableBufferPointer { out in
          guard let o = out.baseAddress else { return }
          Shader.sampleBilinear(src, w, h, inverse, x, py, count, o)
        }
      }
      #expect(wide == loop, "case \(k)")
    }
  }

  @Test func gradientKernelsGiveTheValuesOfTheSwiftArithmetic() {
    // Positions straddling 0 and 1 and every index in between, through a table that tells
    // indices apart.
    let table = (0..<256).map { UInt32($0) * 0x0101_0101 }
    var rng = SeededRandomNumberGenerator(seed: 11)
    for _ in 0..<200 {
      let x = Int(rng.next(in: -300...300))
      let count = Int(rng.next(in: 0...37))
      let a = rng.next(in: -0.02...0.02)
      let b = rng.next(in: -0.02...0.02)
      let rowX = rng.next(in: -2...2)
      let rowY = rng.next(in: -2...2)
      let r2 = rng.next(in: 0.1...3)
      // The kernels and the Swift loops, each against the formula one pixel at a time.
      var radial = [UInt32](repeating: 0, count: count)
      var linear = [UInt32](repeating: 0, count: count)
      var radialLoop = radial
      var linearLoop = linear
      table.withUnsafeBufferPointer { t in
        radial.withUnsafeMutableBufferPointer {
          strata_radial_pad($0.baseAddress, t.baseAddress, count, x, a, b, rowX, rowY, r2)
        }
        linear.withUnsafeMutableBufferPointer {
          strata_linear_pad($0.baseAddress, t.baseAddress, count, x, a, rowX)
        }
        radialLoop.withUnsafeMutableBufferPointer {
          guard let out = $0.baseAddress else { return }
          Shader.radialPadLoop(out, t, count, x, a, b, rowX, rowY, r2)
        }
        linearLoop.withUnsafeMutableBufferPointer {
          guard let out = $0.baseAddress else { return }
          Shader.linearPadLoop(out, t, count, x, a, rowX)
        }
      }
      for i in 0..<count {
        let px = Double(x + i) + 0.5
        let dx = a * px + rowX
        let dy = b * px + rowY
        let t = ((dx * dx + dy * dy) * r2).squareRoot()
        #expect(radial[i] == table[Shader.index(t)])
        #expect(radialLoop[i] == table[Shader.index(t)])
        #expect(linear[i] == table[Shader.index(a * px + rowX)])
        #expect(linearLoop[i] == table[Shader.index(a * px + rowX)])
      }
    }
  }

  @Test func laneArithmeticMatchesTheScalarForm() {
    var rng = SeededRandomNumberGenerator(seed: 7)
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

  /// The eight-pixel lerp (an image's bilinear rows) in 16-bit lanes gives the scalar bytes,
  /// for any pixels (not only premultiplied ones) and every weight 0...256.
  @Test func laneLerpMatchesTheScalarForm() {
    var rng = SeededRandomNumberGenerator(seed: 11)
    for k in 0..<4000 {
      var a = Pixels.Vector8()
      var b = Pixels.Vector8()
      var f = Pixels.Vector8()
      for i in 0..<8 {
        a[i] = UInt32(truncatingIfNeeded: rng.next())
        b[i] = k % 4 == 0 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: rng.next())
        f[i] = k % 5 == 0 ? 256 : UInt32(rng.next(in: 0...256))
      }
      let lanes = Pixels.lerp(a, b, f)
      for i in 0..<8 { #expect(lanes[i] == Pixels.lerp(a[i], b[i], f[i])) }
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

import Strata
import Testing

// @testable: these tests reach internals: ShadeCache, shade, Blur.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

@Suite struct PaintTests {
  @Test func linearGradientRunsFromStartToEnd() throws {
    let g = Gradient(colors: [.black, .white])
    let img = try render(width: 256, height: 4) {
      $0.fill(
        .rect(Rect(x: 0, y: 0, width: 256, height: 4)),
        paint: .linearGradient(g, start: Point(x: 0, y: 0), end: Point(x: 256, y: 0)))
    }
    #expect(img.pixel(x: 0, y: 1).r <= 1)
    #expect(img.pixel(x: 255, y: 1).r >= 254)
    #expect(abs(Int(img.pixel(x: 128, y: 1).r) - 128) <= 1)
    // Monotonic along the axis.
    for x in 1..<256 { #expect(img.pixel(x: x, y: 2).r >= img.pixel(x: x - 1, y: 2).r) }
  }

  @Test func severalStopsAndPadding() throws {
    let g = Gradient(stops: [.init(.red, at: 0.25), .init(.green, at: 0.5), .init(.blue, at: 0.75)])
    let img = try render(width: 100, height: 2) {
      $0.fill(
        .rect(Rect(x: 0, y: 0, width: 100, height: 2)),
        paint: .linearGradient(g, start: .zero, end: Point(x: 100, y: 0)))
    }
    // Padded with the first stop.
    #expect(img.pixel(x: 5, y: 0).r == 255 && img.pixel(x: 5, y: 0).g == 0)
    #expect(img.pixel(x: 49, y: 0).g >= 245 && img.pixel(x: 49, y: 0).r <= 10)
    #expect(img.pixel(x: 95, y: 0).b == 255)
  }

  @Test func radialGradientIsCentred() throws {
    let g = Gradient(colors: [.white, .black])
    let img = try render {
      $0.fill(
        .rect(Rect(x: 0, y: 0, width: 64, height: 64)),
        paint: .radialGradient(g, center: Point(x: 32, y: 32), radius: 32))
    }
    #expect(img.pixel(x: 32, y: 32).r >= 245)
    #expect(img.pixel(x: 0, y: 0).r == 0)
    #expect(img.pixel(x: 16, y: 32).r == img.pixel(x: 47, y: 32).r)
  }

  @Test func aPixelsColourDoesNotDependOnWhereItsSpanStarts() throws {
    let transform = Transform(rotation: 0.3).thenScaled(x: 1.7, y: 1.7).thenTranslated(
      x: 3.3, y: 1.1)
    let img = try #require(
      RasterImage(
        width: 3, height: 2,
        pixels: (0..<24).map { UInt8(($0 * 37) % 256) | 0 }.enumerated().map { i, v in
          i % 4 == 3 ? 255 : v
        }))
    let shaders = [
      Shader(
        .linearGradient(Gradient(colors: [.red, .blue]), start: .zero, end: Point(x: 97, y: 13)),
        transform: transform, opacity: 1),
      Shader(
        .radialGradient(
          Gradient(colors: [.white, .black]), center: Point(x: 40, y: 3), radius: 61),
        transform: transform, opacity: 1),
      transform.inverted().map { Shader.image(img, inverse: $0, nearest: false) },
    ]
    for case let shader? in shaders {
      var whole = [UInt32](repeating: 0, count: 100)
      var parts = [UInt32](repeating: 0, count: 100)
      var cache = ShadeCache()
      whole.withUnsafeMutableBufferPointer { p in
        if let base = p.baseAddress {
          shader.shade(x: 5, y: 7, count: 100, into: base, cache: &cache)
        }
      }
      parts.withUnsafeMutableBufferPointer { p in
        guard let base = p.baseAddress else { return }
        shader.shade(x: 5, y: 7, count: 37, into: base, cache: &cache)
        shader.shade(x: 42, y: 7, count: 63, into: base + 37, cache: &cache)
      }
      #expect(whole == parts)
    }
  }

  @Test func keptBitmapRowsGiveTheSamePixelsAsFreshSampling() throws {
    // Scaled bitmaps drawn row by row through one cache (several spans per row, rows that
    // share source rows, two bitmaps at the same transform) must match sampling every span
    // with a cache of its own.
    func image(_ seed: Int) throws -> RasterImage {
      try #require(
        RasterImage(
          width: 7, height: 5,
          pixels: (0..<140).map { i in i % 4 == 3 ? 255 : UInt8((i * seed + 11) % 256) }))
    }
    let transform = Transform(scaleX: 13.3, y: 9.7).thenTranslated(x: 0.4, y: 0.3)
    let inverse = try #require(transform.inverted())
    let columns = Shader.ColumnTable(inverse: inverse, imageWidth: 7, count: 120)
    let images = [try image(37), try image(53)]
    var kept = ShadeCache()
    kept.begin(columns: 2..<100)  // once: the bitmaps must be told apart on their own
    for y in 0..<60 {
      // Alternate bitmaps row by row, so each finds the other's rows (same source indices) kept.
      for img in images {
        let shader = Shader.axisAlignedImage(img, inverse: inverse, columns: columns)
        for (x, count) in [(2, 1), (3, 90), (93, 7)] {
          var viaKept = [UInt32](repeating: 0, count: count)
          var fresh = [UInt32](repeating: 0, count: count)
          var own = ShadeCache()
          viaKept.withUnsafeMutableBufferPointer { p in
            if let base = p.baseAddress {
              shader.shade(x: x, y: y, count: count, into: base, cache: &kept)
            }
          }
          fresh.withUnsafeMutableBufferPointer { p in
            if let base = p.baseAddress {
              shader.shade(x: x, y: y, count: count, into: base, cache: &own)
            }
          }
          #expect(viaKept == fresh, "row \(y), span from \(x)")
        }
      }
    }
  }

  @Test func gradientsFollowTheTransform() throws {
    let g = Gradient(colors: [.black, .white])
    let img = try render {
      $0.fill(
        .rect(Rect(x: 0, y: 0, width: 32, height: 32)), transform: Transform(scale: 2),
        paint: .linearGradient(g, start: .zero, end: Point(x: 32, y: 0)))
    }
    #expect(abs(Int(img.pixel(x: 32, y: 5).r) - 128) <= 2)
  }
}

@Suite struct CompositingTests {
  @Test func blendingIsSourceOverOnPremultipliedPixels() throws {
    let img = try render { c in
      c.fill(.rect(Rect(x: 0, y: 0, width: 10, height: 10)), paint: .solid(.white))
      c.fill(
        .rect(Rect(x: 0, y: 0, width: 10, height: 10)),
        paint: .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
    }
    let p = img.pixel(x: 5, y: 5)
    #expect(p.a == 255 && p.r == 255 && (p.g == 127 || p.g == 128))
  }

  @Test func groupOpacityFlattensOverlaps() throws {
    func draw(_ c: Canvas, grouped: Bool) {
      if grouped { c.pushGroup(opacity: 0.5) }
      c.fill(
        .rect(Rect(x: 0, y: 0, width: 40, height: 40)), paint: .solid(.blue),
        opacity: grouped ? 1 : 0.5)
      c.fill(
        .rect(Rect(x: 20, y: 20, width: 40, height: 40)), paint: .solid(.blue),
        opacity: grouped ? 1 : 0.5)
      if grouped { c.popGroup() }
    }
    let grouped = try render { draw($0, grouped: true) }
    let separate = try render { draw($0, grouped: false) }
    // No see-through in the overlap.
    #expect(grouped.pixel(x: 30, y: 30) == grouped.pixel(x: 10, y: 10))
    #expect(separate.pixel(x: 30, y: 30).a > separate.pixel(x: 10, y: 10).a)
    #expect(grouped.pixel(x: 10, y: 10).a == 128)
  }

  @Test func clipsCutToTheirPathAndNest() throws {
    let img = try render { c in
      c.pushClip(.rect(Rect(x: 0, y: 0, width: 32, height: 64)))
      c.pushClip(.circle(center: Point(x: 32, y: 32), radius: 20))
      c.fill(.rect(Rect(x: 0, y: 0, width: 64, height: 64)), paint: .solid(.black))
      c.popClip()
      c.popClip()
      c.fill(.rect(Rect(x: 60, y: 60, width: 4, height: 4)), paint: .solid(.black))
    }
    #expect(img.pixel(x: 20, y: 32).a == 255)
    #expect(img.pixel(x: 40, y: 32).a == 0)  // right of the rectangle clip
    #expect(img.pixel(x: 5, y: 5).a == 0)  // outside the circle
    #expect(img.pixel(x: 62, y: 62).a == 255)  // after popping, no clip
    #expect(abs(coveredArea(img) - Double.pi * 400 / 2 - 16) < 1)
  }

  @Test func roundnessArcMaskClipsTheStaticContent() throws {
    let arc = RoundnessArc(width: 64, height: 10, top: 20)
    let img = try render { c in
      c.pushClip(arc.maskPath(bottom: 64))
      c.fill(.rect(Rect(x: 0, y: 0, width: 64, height: 64)), paint: .solid(.black))
      c.popClip()
    }
    #expect(img.pixel(x: 32, y: 21).a == 255)
    #expect(img.pixel(x: 2, y: 22).a == 0)
    #expect(img.pixel(x: 32, y: 19).a == 0)
  }

  @Test func shadowsAreBlurredMovedAndKeepTheirMass() throws {
    let square = Path.rect(Rect(x: 22, y: 22, width: 20, height: 20))
    let img = try render(width: 96, height: 96) {
      $0.drawShadow(
        of: square, transform: Transform(translationX: 16, y: 16), color: .black,
        offset: Vector(dx: 0, dy: 4), sigma: 4)
    }
    #expect(abs(coveredArea(img) - 400) < 8)
    #expect(img.pixel(x: 48, y: 52).a > 200)  // the centre, moved down by 4
    // Symmetric about the moved centre, 5.5 px outside the top and bottom edges…
    #expect(abs(Int(img.pixel(x: 48, y: 36).a) - Int(img.pixel(x: 48, y: 67).a)) <= 3)
    // …whose centroid is the shape's centre (48, 48) moved down by 4.
    var sum = 0.0
    var weighted = 0.0
    for y in 0..<96 {
      for x in 0..<96 {
        let a = Double(img.pixel(x: x, y: y).a)
        sum += a
        weighted += a * (Double(y) + 0.5)
      }
    }
    #expect(abs(weighted / sum - 52) < 0.3)
    #expect(img.pixel(x: 37, y: 52).a > 0 && img.pixel(x: 37, y: 52).a < 255)  // soft edge
    let sharp = try render {
      $0.drawShadow(of: square, transform: .identity, color: .black, offset: .zero, sigma: 0)
    }
    #expect(coveredArea(sharp) == 400)
  }

  @Test func blurMatchesTheBoxSizeFormula() {
    #expect(Blur.boxSize(sigma: 2) == 4)
    #expect(Blur.boxSize(sigma: 10) == 19)
  }
}

@Suite struct ImageDrawingTests {
  static func checker(_ n: Int) -> RasterImage? {
    var px = [UInt8]()
    for y in 0..<n {
      for x in 0..<n {
        let on = (x + y) % 2 == 0
        px += on ? [255, 0, 0, 255] : [0, 0, 128, 128]
      }
    }
    return RasterImage(width: n, height: n, pixels: px)
  }

  @Test func integerTranslationCopiesPixelsExactly() throws {
    let img = try #require(Self.checker(8))
    let out = try render { $0.drawImage(img, transform: Transform(translationX: 3, y: 5)) }
    for y in 0..<8 {
      for x in 0..<8 {
        let o = out.pixel(x: x + 3, y: y + 5)
        let i = (y * 8 + x) * 4
        #expect([o.r, o.g, o.b, o.a] == Array(img.pixels[i..<(i + 4)]))
      }
    }
    #expect(out.pixel(x: 2, y: 5).a == 0)
  }

  @Test func scaledImagesAreBilinear() throws {
    let px: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 255]
    let img = try RasterImage(width: 2, height: 1, pixels: px)
    let out = try render(width: 8, height: 2) {
      $0.drawImage(img, transform: Transform(scaleX: 4, y: 2))
    }
    #expect(out.pixel(x: 0, y: 0).r == 0)  // clamped at the edge
    #expect(out.pixel(x: 7, y: 0).r == 255)
    let mid = Int(out.pixel(x: 4, y: 0).r)
    #expect(mid > 100 && mid < 160)
    for x in 1..<8 { #expect(out.pixel(x: x, y: 1).r >= out.pixel(x: x - 1, y: 1).r) }
  }

  @Test func contentModesPlaceTheImage() {
    let bounds = Rect(x: 0, y: 0, width: 100, height: 50)
    let size = Size(width: 20, height: 20)
    #expect(ContentMode.scaleToFill.rect(for: size, in: bounds) == bounds)
    #expect(
      ContentMode.aspectFit.rect(for: size, in: bounds) == Rect(x: 25, y: 0, width: 50, height: 50))
    #expect(
      ContentMode.aspectFill.rect(for: size, in: bounds)
        == Rect(x: 0, y: -25, width: 100, height: 100))
    #expect(
      ContentMode.center.rect(for: size, in: bounds) == Rect(x: 40, y: 15, width: 20, height: 20))
    #expect(
      ContentMode.topRight.rect(for: size, in: bounds) == Rect(x: 80, y: 0, width: 20, height: 20))
    #expect(
      ContentMode.bottomLeft.rect(for: size, in: bounds) == Rect(x: 0, y: 30, width: 20, height: 20)
    )
    #expect(
      ContentMode.left.rect(for: size, in: bounds) == Rect(x: 0, y: 15, width: 20, height: 20))
    #expect(
      ContentMode.bottom.rect(for: size, in: bounds) == Rect(x: 40, y: 30, width: 20, height: 20))
    #expect(ContentMode.aspectFit.rect(for: .zero, in: bounds).isEmpty)
  }
}

import Foundation
import Strata
import StrataIO
import StrataTestSupport
import Testing

// @testable: these tests reach the COLR v1 painter and its formulas.
@testable import StrataRender
@testable import StrataText

@Suite struct ColorGlyphV1Tests {
  typealias B = FontBuilder
  typealias P = ColorGlyphPainter

  /// A face of glyphs 1 'A' a 700-unit square, 2 'B' the same (the colour glyphs' base), 3 'C'
  /// a bar 100 wide and 700 tall; 1000 units per em.
  static func face(
    _ bases: [(Int, TestPaint)], layers: [TestPaint] = [], clips: [(Int, [Int])] = []
  ) throws -> FontFace {
    let square = B.simpleGlyph([(0, 0), (0, 700), (700, 700), (700, 0)])
    var font = B.sample(glyphs: [
      [], square, square, B.simpleGlyph([(0, 0), (0, 700), (100, 700), (100, 0)]),
    ])
    font.tables["COLR"] = TestPaint.colr(bases, layers: layers, clips: clips)
    font.tables["CPAL"] = TestPaint.cpal
    return try FontFace(data: font.build())
  }

  /// Font units to pixels: 0.1 px a unit, y down, the glyph's origin at (0, 70): the square
  /// covers pixels 0..<70 both ways.
  static let grid = Transform(a: 0.1, b: 0, c: 0, d: -0.1, tx: 0, ty: 70)

  static func draw(_ face: FontFace, glyph: UInt16 = 2, foreground: Color = .white) throws
    -> (image: RasterImage, x: Int, y: Int)
  {
    let paint = try #require(face.colorPaints?.paint(of: glyph))
    let p = try #require(
      P.render(paint, box: face.colorPaints?.clipBox(of: glyph), face: face, grid, foreground))
    return (p.image, p.x, p.y)
  }

  /// The premultiplied pixel at device (x, y) of a drawn glyph (transparent outside it).
  static func pixel(_ d: (image: RasterImage, x: Int, y: Int), _ x: Int, _ y: Int) -> [Int] {
    let (i, ox, oy) = d
    let px = x - ox
    let py = y - oy
    guard px >= 0, py >= 0, px < i.width, py < i.height else { return [0, 0, 0, 0] }
    let k = 4 * (py * i.width + px)
    return (0..<4).map { Int(i.pixels[k + $0]) }
  }

  static func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 1) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test func aGlyphFilledWithAPaletteColour() throws {
    let d = try Self.draw(Self.face([(2, .glyph(1, .solid(palette: 0)))]))
    #expect(d.image.width == 70 && d.image.height == 70 && d.x == 0 && d.y == 0)
    #expect(Self.pixel(d, 35, 35) == [255, 0, 0, 255])
    #expect(Self.pixel(d, 75, 35) == [0, 0, 0, 0])
    // Alpha multiplies (0.5 of half-transparent white is a quarter), and 0xFFFF is the text.
    let half = try Self.draw(Self.face([(2, .glyph(1, .solid(palette: 3, alpha: 0.5)))]))
    #expect(Self.near(Self.pixel(half, 10, 10), [64, 64, 64, 64]))
    let text = try Self.draw(
      Self.face([(2, .glyph(1, .solid(palette: 0xFFFF)))]),
      foreground: Color(red: 0, green: 1, blue: 0))
    #expect(Self.pixel(text, 10, 10) == [0, 255, 0, 255])
  }

  @Test func linearGradientsFollowTheirThreePoints() throws {
    // Red at x = 0 to blue at x = 700 units; p2 straight up: colours constant down columns.
    let d = try Self.draw(
      Self.face([(2, .glyph(1, .linear(stops: [(0, 0), (1, 2)], [0, 0, 700, 0, 0, 700])))]))
    // Pixel 34's centre is 345 units along: 345/700 of the way, premultiplied in sRGB.
    let f = 345.0 / 700
    let mid = [Int((255 * (1 - f)).rounded()), 0, Int((255 * f).rounded()), 255]
    #expect(Self.near(Self.pixel(d, 34, 5), mid), "\(Self.pixel(d, 34, 5))")
    #expect(Self.pixel(d, 34, 5) == Self.pixel(d, 34, 60))
    // p2 on the diagonal turns the colour lines: constant along it, not down columns.
    let turned = try Self.draw(
      Self.face([(2, .glyph(1, .linear(stops: [(0, 0), (1, 2)], [0, 0, 700, 0, 700, 700])))]))
    #expect(Self.pixel(turned, 20, 50) == Self.pixel(turned, 30, 40))
    #expect(Self.pixel(turned, 20, 50) != Self.pixel(turned, 20, 40))
  }

  @Test func colourLinesExtendByPadRepeatAndReflect() {
    let stops: [(offset: Double, color: SIMD4<Float>)] = [
      (0, SIMD4(1, 0, 0, 1)), (0.5, SIMD4(0, 0, 1, 1)),
    ]
    func red(_ s: Double, _ e: Gradient.Spread) -> Float { P.color(at: s, stops, extend: e).x }
    #expect(red(0.6, .pad) == 0)
    #expect(abs(red(0.6, .repeat) - 0.8) < 1e-5)  // as 0.1
    #expect(abs(red(0.6, .reflect) - 0.2) < 1e-5)  // as 0.4
    #expect(abs(red(-0.1, .reflect) - 0.8) < 1e-5)  // as 0.1
    #expect(red(-5, .pad) == 1)
    // Two stops at one offset: the first below it, the last at and above.
    let sharp: [(offset: Double, color: SIMD4<Float>)] = [
      (0, SIMD4(1, 0, 0, 1)), (0.5, SIMD4(1, 0, 0, 1)), (0.5, SIMD4(0, 0, 1, 1)),
      (1, SIMD4(0, 0, 1, 1)),
    ]
    #expect(P.color(at: 0.49, sharp, extend: .pad).x == 1)
    #expect(P.color(at: 0.5, sharp, extend: .pad).z == 1)
  }

  /// The two-point conical solution against the definition: p lies on the circle at ω, its
  /// radius is positive, and no larger ω has p on its circle.
  @Test func radialPositionsAreTheLargestCircleThrough() {
    var rng = TestRandom(seed: 7)
    var checked = 0
    for _ in 0..<2000 {
      func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
      let c0 = Point(x: r(-50...50), y: r(-50...50))
      let c1 = Point(x: r(-50...50), y: r(-50...50))
      let r0 = r(0...40)
      let r1 = r(0...40)
      let p = Point(x: r(-100...100), y: r(-100...100))
      func f(_ w: Double) -> Double {
        let cx = c0.x + w * (c1.x - c0.x)
        let cy = c0.y + w * (c1.y - c0.y)
        let rad = r0 + w * (r1 - r0)
        return (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) - rad * rad
      }
      guard let w = P.radialPosition(p, c0, r0, c1, r1) else { continue }
      checked += 1
      #expect(r0 + w * (r1 - r0) > 0)
      #expect(abs(f(w)) < 1e-6 * Swift.max(1, abs(w) * abs(w)) * 1e3)
      // No sign change of f over larger ω where the radius is still positive.
      var previous = f(w + 1e-6)
      for k in 1...200 {
        let v = w + Double(k) * 0.5
        guard r0 + v * (r1 - r0) > 0 else { break }
        let now = f(v)
        #expect(!(previous < 0 && now > 0 || previous > 0 && now < 0), "a larger root at \(v)")
        previous = now
      }
    }
    #expect(checked > 500)
  }

  @Test func radialAndSweepGradientsPaintByDistanceAndAngle() throws {
    // Concentric: red at the centre to blue at 350 units, padded past it.
    let radial = try Self.draw(
      Self.face([
        (
          2,
          .glyph(
            1, .radial(stops: [(0, 0), (1, 2)], c0: (350, 350), r0: 0, c1: (350, 350), r1: 350))
        )
      ]))
    let centre = Self.pixel(radial, 35, 35)
    #expect(centre[0] > 240 && centre[2] < 15)
    #expect(Self.pixel(radial, 1, 1) == [0, 0, 255, 255])
    // A strip (equal radii, distinct centres) paints nothing outside it.
    let strip = try Self.draw(
      Self.face([
        (
          2,
          .glyph(
            1, .radial(stops: [(0, 0), (1, 2)], c0: (100, 350), r0: 50, c1: (600, 350), r1: 50))
        )
      ]))
    #expect(Self.pixel(strip, 35, 5)[3] == 0)
    #expect(Self.pixel(strip, 35, 35)[3] == 255)
    // Sweep from 0° to 360° counter-clockwise (y up): a quarter turn is a quarter of the way.
    let sweep = try Self.draw(
      Self.face([
        (2, .glyph(1, .sweep(stops: [(0, 0), (1, 2)], center: (350, 350), start: 0, end: 360)))
      ]))
    let up = Self.pixel(sweep, 35, 10)  // straight up from the centre: 90°
    #expect(Self.near(up, [191, 0, 64, 255], 2), "\(up)")
    let left = Self.pixel(sweep, 10, 35)  // 180°
    #expect(Self.near(left, [128, 0, 128, 255], 2), "\(left)")
    // Equal angles with repeat paint nothing.
    let none = try Self.draw(
      Self.face([
        (
          2,
          .glyph(
            1, .sweep(stops: [(0, 0), (1, 2)], extend: 1, center: (350, 350), start: 90, end: 90))
        )
      ]))
    #expect(Self.pixel(none, 35, 35)[3] == 0)
  }

  @Test func transformsMoveTurnScaleAndSkew() throws {
    // The bar (glyph 3: x 0..100, y 0..700) as painted by each transform.
    func drawn(_ p: TestPaint) throws -> (image: RasterImage, x: Int, y: Int) {
      try Self.draw(Self.face([(2, p)]))
    }
    let bar = TestPaint.glyph(3, .solid(palette: 1))
    let moved = try drawn(.translate(300, 0, bar))
    #expect(Self.pixel(moved, 35, 35)[3] == 255 && Self.pixel(moved, 5, 35)[3] == 0)
    // A quarter turn about (350, 350) lays the bar down: y 0..100 from x = 0 to 700.
    let turned = try drawn(.rotate(degrees: 90, center: (350, 350), bar))
    #expect(Self.pixel(turned, 35, 65)[3] == 255 && Self.pixel(turned, 5, 35)[3] == 0)
    let scaled = try drawn(.scale(1.5, 0.5, bar))  // x 0..150, y 0..350
    #expect(Self.pixel(scaled, 12, 60)[3] == 255 && Self.pixel(scaled, 12, 20)[3] == 0)
    #expect(Self.pixel(scaled, 17, 60)[3] == 0)
    // A skew of 45° along y moves points up by their x: the bar's top right corner rises.
    let skewed = try drawn(.skew(x: 0, y: 45, bar))
    #expect(skewed.y < 0)
    // An affine matrix: the same quarter turn about the origin, then moved back into place.
    let affine = try drawn(.affine([0, 1, -1, 0, 700, 0], bar))
    #expect(Self.pixel(affine, 35, 65)[3] == 255 && Self.pixel(affine, 35, 5)[3] == 0)
  }

  @Test func compositeModesCombineSourceAndBackdrop() throws {
    // Backdrop: red square; source: blue bar over its left seventh.
    func drawn(_ mode: Int) throws -> (image: RasterImage, x: Int, y: Int) {
      try Self.draw(
        Self.face([
          (
            2,
            .composite(
              mode, source: .glyph(3, .solid(palette: 2)), backdrop: .glyph(1, .solid(palette: 0)))
          )
        ]))
    }
    let inside = (5, 35)
    let outside = (40, 35)
    func at(_ d: (image: RasterImage, x: Int, y: Int), _ p: (Int, Int)) -> [Int] {
      Self.pixel(d, p.0, p.1)
    }
    let over = try drawn(3)
    #expect(at(over, inside) == [0, 0, 255, 255] && at(over, outside) == [255, 0, 0, 255])
    let sourceIn = try drawn(5)
    #expect(at(sourceIn, inside) == [0, 0, 255, 255] && at(sourceIn, outside)[3] == 0)
    let xor = try drawn(11)
    #expect(at(xor, inside)[3] == 0 && at(xor, outside) == [255, 0, 0, 255])
    let multiply = try drawn(23)
    #expect(at(multiply, inside) == [0, 0, 0, 255])
    let screen = try drawn(13)
    #expect(at(screen, inside) == [255, 0, 255, 255])
    let destinationOut = try drawn(8)
    #expect(at(destinationOut, inside)[3] == 0 && at(destinationOut, outside)[3] == 255)
    // An unknown mode clears: nothing is drawn.
    let face = try Self.face([
      (
        2,
        .composite(
          99, source: .glyph(3, .solid(palette: 2)), backdrop: .glyph(1, .solid(palette: 0)))
      )
    ])
    let paint = try #require(face.colorPaints?.paint(of: 2))
    #expect(P.render(paint, box: nil, face: face, Self.grid, .white) == nil)
  }

  /// Each blend mode's formula on one pair of colours, against values worked out by hand from
  /// Compositing and Blending Level 1.
  @Test func blendModeFormulas() {
    let b = SIMD3<Float>(0.2, 0.5, 0.8)
    let s = SIMD3<Float>(0.6, 0.3, 0.1)
    func check(_ m: ColorPaint.CompositeMode, _ e: SIMD3<Float>) {
      let got = P.blend(m, backdrop: b, source: s)
      #expect(
        abs(got.x - e.x) < 1e-4 && abs(got.y - e.y) < 1e-4 && abs(got.z - e.z) < 1e-4,
        "\(m): \(got)")
    }
    check(.multiply, SIMD3(0.12, 0.15, 0.08))
    check(.screen, SIMD3(0.68, 0.65, 0.82))
    check(.overlay, SIMD3(0.24, 0.3, 0.64))  // hard light with the roles swapped
    check(.darken, SIMD3(0.2, 0.3, 0.1))
    check(.lighten, SIMD3(0.6, 0.5, 0.8))
    check(.colorDodge, SIMD3(0.5, 0.5 / 0.7, 0.8 / 0.9))
    check(.colorBurn, SIMD3(0, 0, 0))  // (1 − b)/s ≥ 1 everywhere here
    #expect(
      abs(
        P.blend(.colorBurn, backdrop: SIMD3(repeating: 0.9), source: SIMD3(repeating: 0.5)).x - 0.8)
        < 1e-5)
    check(.hardLight, SIMD3(0.36, 0.3, 0.16))
    check(.difference, SIMD3(0.4, 0.2, 0.7))
    check(.exclusion, SIMD3(0.56, 0.5, 0.74))
    // Soft light: s ≤ 0.5 darkens, s > 0.5 uses D(b) (b ≤ 0.25: the cubic).
    let d = ((16 * 0.2 - 12) * 0.2 + 4) * 0.2
    check(.softLight, SIMD3(Float(0.2 + 0.2 * (d - 0.2)), 0.5 - 0.4 * 0.25, 0.8 - 0.8 * 0.8 * 0.2))
    // Luminosity keeps the backdrop's hue and saturation with the source's luminosity.
    let lum = P.blend(.luminosity, backdrop: b, source: s)
    #expect(abs(P.lum(lum) - P.lum(s)) < 1e-4)
    let colour = P.blend(.color, backdrop: b, source: s)
    #expect(abs(P.lum(colour) - P.lum(b)) < 1e-4)
    let hue = P.blend(.hue, backdrop: b, source: s)
    #expect(abs(P.sat(hue) - P.sat(b)) < 1e-3 && abs(P.lum(hue) - P.lum(b)) < 1e-4)
    let saturation = P.blend(.saturation, backdrop: b, source: s)
    #expect(abs(P.sat(saturation) - P.sat(s)) < 1e-3)
  }

  @Test func reuseClipBoxesAndLimits() throws {
    // Layers from the LayerList, bottom first.
    let layered = try Self.draw(
      Self.face(
        [(2, .layers(first: 0, count: 2))],
        layers: [.glyph(1, .solid(palette: 0)), .glyph(3, .solid(palette: 1))]))
    #expect(Self.pixel(layered, 5, 35) == [0, 255, 0, 255])
    #expect(Self.pixel(layered, 40, 35) == [255, 0, 0, 255])
    // PaintColrGlyph draws another colour glyph.
    let reused = try Self.draw(
      Self.face([(2, .colrGlyph(3)), (3, .glyph(1, .solid(palette: 2)))]))
    #expect(Self.pixel(reused, 35, 35) == [0, 0, 255, 255])
    // A cycle draws nothing and ends.
    let cyclic = try Self.face([(2, .colrGlyph(3)), (3, .colrGlyph(2))])
    #expect(cyclic.colorPaints?.paint(of: 2) == ColorPaint.none)
    // The clip box clips: x 0..200, y 0..700 of the red square.
    let clipped = try Self.draw(
      Self.face([(2, .glyph(1, .solid(palette: 0)))], clips: [(2, [0, 0, 200, 700])]))
    #expect(clipped.image.width == 20)
    #expect(Self.pixel(clipped, 10, 35)[3] == 255 && Self.pixel(clipped, 30, 35)[3] == 0)
    // Unbounded (a fill with no glyph and no clip box): not drawn.
    let face = try Self.face([(2, .solid(palette: 0))])
    let paint = try #require(face.colorPaints?.paint(of: 2))
    #expect(P.render(paint, box: nil, face: face, Self.grid, .white) == nil)
    // Nesting deeper than the limit stops there.
    var deep = TestPaint.glyph(1, .solid(palette: 0))
    for _ in 0..<200 { deep = .translate(0, 0, deep) }
    let deepFace = try Self.face([(2, deep)])
    #expect(
      P.bounds(of: try #require(deepFace.colorPaints?.paint(of: 2)), Self.grid, face: deepFace)
        == .zero)
  }

  /// Every truncation of the COLR table, and bytes changed at random, read and draw without a
  /// trap.
  @Test func hostileTablesNeverTrap() throws {
    let good = TestPaint.colr(
      [
        (
          2,
          .composite(
            3,
            source: .glyph(3, .sweep(stops: [(0, 0), (1, 2)], center: (0, 0), start: 0, end: 90)),
            backdrop: .layers(first: 0, count: 1))
        ),
        (3, .colrGlyph(2)),
      ],
      layers: [
        .rotate(
          degrees: 30, center: (10, 10),
          .glyph(1, .radial(stops: [(0, 1)], c0: (0, 0), r0: 0, c1: (5, 5), r1: 300)))
      ],
      clips: [(2, [0, 0, 700, 700])])
    var rng = TestRandom(seed: 11)
    var variants: [[UInt8]] = (0..<good.count).map { Array(good[..<$0]) }
    for _ in 0..<300 {
      var bytes = good
      for _ in 0..<3 {
        bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
      }
      variants.append(bytes)
    }
    let square = B.simpleGlyph([(0, 0), (0, 700), (700, 700), (700, 0)])
    for bytes in variants {
      var font = B.sample(glyphs: [[], square, square, square])
      font.tables["COLR"] = bytes
      font.tables["CPAL"] = TestPaint.cpal
      guard let face = try? FontFace(data: font.build()), let paints = face.colorPaints else {
        continue
      }
      for g: UInt16 in [1, 2, 3] {
        guard let paint = paints.paint(of: g) else { continue }
        // A hundredth of a pixel a unit keeps even a corrupted clip box's bitmap small.
        let small = Transform(a: 0.01, b: 0, c: 0, d: -0.01, tx: 0, ty: 7)
        _ = P.render(paint, box: paints.clipBox(of: g), face: face, small, .white)
      }
    }
  }

  /// Through layout and the frame renderer: the colour glyph is drawn in place of 'B'.
  @Test func textDrawsColourGlyphsOfVersionOne() throws {
    let face = try Self.face([
      (2, .glyph(1, .linear(stops: [(0, 0), (1, 2)], [0, 0, 700, 0, 0, 700])))
    ])
    let catalog = FontCatalog()
    catalog.add(face)
    let engine = TextEngine(catalog: catalog)
    let text = TextContent("B", font: Font(family: face.familyName, size: 100), color: .black)
    let node = TextNode(text: text, frame: Rect(x: 0, y: 0, width: 120, height: 120))
    let image = try FrameRenderer(scale: 2, textShaper: engine).render(
      Scene(root: node, size: Size(width: 120, height: 120)))
    var reddish = 0
    var bluish = 0
    var black = 0
    for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] == 255 {
      let (r, g, b) = (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2])
      if r > 200 && b < 50 { reddish += 1 }
      if b > 200 && r < 50 { bluish += 1 }
      if r < 5 && g < 5 && b < 5 { black += 1 }
    }
    #expect(reddish > 500 && bluish > 500, "a red-to-blue gradient at @2x")
    #expect(black == 0, "the base glyph's own outline is not drawn")
  }
}

/// A small seeded generator (xorshift64*), so the random cases are the same on every run.
struct TestRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
  mutating func next() -> UInt64 {
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    return state &* 0x2545_F491_4F6C_DD1D
  }
}

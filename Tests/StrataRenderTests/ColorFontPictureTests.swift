import Foundation
import Strata
import StrataIO
import StrataRender
import StrataText
import Testing

/// Colour glyphs of `COLR` version 1 and `sbix`, drawn through layout and the frame renderer.
@Suite struct ColorFontPictureTests {
  typealias B = FontBuilder

  /// A 32-sided polygon about (350, 350) of radius 330, close enough to a circle at text sizes.
  static let circle = B.simpleGlyph(
    (0..<32).map { k in
      let a = -Double(k) / 32 * 2 * Double.pi
      return (350 + Int((330 * cos(a)).rounded()), 350 + Int((330 * sin(a)).rounded()))
    })

  /// A face whose 'A', 'B' and 'C' show the format's kinds of paint: a linear gradient turned
  /// by its third point with a radial highlight over it; a sweep through four colours in a
  /// circle, turned by a quarter; a cone of a two-circle gradient multiplied by a bar moved and
  /// skewed.
  static func showcase() throws -> FontFace {
    let square = B.simpleGlyph([(0, 0), (0, 700), (700, 700), (700, 0)])
    let bar = B.simpleGlyph([(0, 0), (0, 700), (160, 700), (160, 0)])
    var font = B.sample(glyphs: [[], square, square, square, circle, square, bar])
    let a: TestPaint = .layers(first: 0, count: 2)
    let b: TestPaint = .rotate(
      degrees: 90, center: (350, 350),
      .glyph(
        4,
        .sweep(
          stops: [(0, 0), (0.33, 1), (0.66, 2), (1, 0)], center: (350, 350), start: 0, end: 360)))
    let c: TestPaint = .composite(
      23,
      source: .translate(270, 0, .skew(x: 20, y: 0, .glyph(6, .solid(palette: 1)))),
      backdrop: .glyph(
        5,
        .radial(
          stops: [(0, 3), (1, 2)], extend: 2, c0: (150, 150), r0: 40, c1: (450, 450), r1: 300)))
    font.tables["COLR"] = TestPaint.colr(
      [(1, a), (2, b), (3, c)],
      layers: [
        .glyph(5, .linear(stops: [(0, 0), (1, 2)], [0, 0, 700, 0, 200, 700])),
        .glyph(
          4, .radial(stops: [(0, 3), (1, 0xFFFF)], c0: (250, 450), r0: 0, c1: (350, 350), r1: 330)),
      ])
    font.tables["CPAL"] = TestPaint.cpal
    return try FontFace(data: font.build())
  }

  static func render(_ face: FontFace, _ string: String, size: Double, scale: Double) throws
    -> RasterImage
  {
    let catalog = FontCatalog()
    catalog.add(face)
    let engine = TextEngine(catalog: catalog)
    let text = TextContent(
      string, font: Font(family: face.familyName, size: size), color: Color(white: 0, alpha: 0))
    let node = TextNode(text: text, frame: Rect(x: 4, y: 4, width: 3 * size, height: size * 1.2))
    let root = Node(frame: Rect(x: 0, y: 0, width: 3 * size + 8, height: size * 1.2 + 8))
    root.backgroundColor = Color.white
    root.addChild(node)
    return try FrameRenderer(scale: scale, textShaper: engine).render(
      Scene(root: root, size: root.size))
  }

  @Test func colrVersionOneShowcaseMatchesItsGolden() throws {
    let image = try Self.render(Self.showcase(), "ABC", size: 60, scale: 2)
    try expectMatchesGolden(image, "colr-v1-showcase")
  }

  /// An `sbix` face whose 'B' is an 8 × 8 PNG in four coloured quarters at 40 pixels per em,
  /// its lower left corner 2 pixels right of the origin on the baseline, and whose 'C' is a
  /// `dupe` of 'B'.
  @Test func sbixBitmapsSitAtTheirOrigin() throws {
    var pixels = [UInt8](repeating: 0, count: 8 * 8 * 4)
    for y in 0..<8 {
      for x in 0..<8 {
        let colour: [UInt8] =
          y < 4
          ? (x < 4 ? [255, 0, 0, 255] : [0, 255, 0, 255])
          : (x < 4 ? [0, 0, 255, 255] : [255, 255, 0, 255])
        pixels.replaceSubrange((4 * (8 * y + x))..<(4 * (8 * y + x) + 4), with: colour)
      }
    }
    let png = PNGEncoder().encode(try RasterImage(width: 8, height: 8, pixels: pixels))
    let glyphCount = 4
    // One strike: ppem 40, ppi 72, glyph data offsets (from the strike's start).
    let recordB = B.be16(2) + B.be16(0) + Array("png ".utf8) + png
    let recordC = B.be16(0) + B.be16(0) + Array("dupe".utf8) + B.be16(2)
    let dataStart = 4 + 4 * (glyphCount + 1)
    var offsets: [Int] = []
    for g in 0...glyphCount {
      switch g {
      case 0, 1, 2: offsets.append(dataStart)
      case 3: offsets.append(dataStart + recordB.count)
      default: offsets.append(dataStart + recordB.count + recordC.count)
      }
    }
    let strike = B.be16(40) + B.be16(72) + offsets.flatMap(B.be32) + recordB + recordC
    var font = B.sample(glyphs: [
      [], B.simpleGlyph([(0, 0), (0, 700), (700, 700), (700, 0)]),
      B.simpleGlyph([(0, 0), (0, 700), (700, 700), (700, 0)]),
      B.simpleGlyph([(0, 0), (0, 700), (700, 700), (700, 0)]),
    ])
    font.tables["sbix"] = B.be16(1) + B.be16(1) + B.be32(1) + B.be32(12) + strike
    let face = try FontFace(data: font.build())
    let bitmaps = try #require(face.colorBitmaps)
    #expect(bitmaps.ppem == 40)
    let b = try #require(bitmaps.glyph(2))
    #expect(b.bearingX == 2 && b.bearingY == 8 && b.image.width == 8)
    #expect(bitmaps.glyph(3)?.image == b.image, "the dupe shares B's picture")
    #expect(bitmaps.glyph(1) == nil)
    // At 40 pt and @1x one bitmap pixel is one point. The text node starts at (4, 4); its
    // baseline is 33.8 below its top (ascent 32 plus half of 3.6 of leading).
    let image = try Self.render(face, "B", size: 40, scale: 1)
    func at(_ x: Int, _ y: Int) -> [UInt8] {
      let k = 4 * (y * image.width + x)
      return Array(image.pixels[k..<(k + 4)])
    }
    let left = 4 + 2
    let top = Int((4 + 33.8 - 8).rounded(.down))
    #expect(at(left + 2, top + 2)[0] > 200 && at(left + 2, top + 2)[1] < 60, "red top left")
    #expect(at(left + 6, top + 2)[1] > 200 && at(left + 6, top + 2)[0] < 60, "green top right")
    #expect(at(left + 2, top + 6)[2] > 200 && at(left + 2, top + 6)[0] < 60, "blue bottom left")
    #expect(at(left + 6, top + 6)[0] > 200 && at(left + 6, top + 6)[1] > 200, "yellow bottom right")
    #expect(at(left - 2, top + 4) == [255, 255, 255, 255], "nothing left of the origin offset")
  }
}

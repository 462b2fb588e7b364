import Strata
import StrataText
import Testing

// @testable: ColorGlyphPainter and its budgets are internal.
@testable import StrataRender

/// A hostile colour font may nest composites 64 deep or give thousands of layers: drawing a
/// glyph never holds more than ``ColorGlyphPainter/maximumLayerPixels`` layer pixels at once
/// nor fills more than ``ColorGlyphPainter/maximumWork``; past them the glyph is not drawn in
/// colour (nil), at once, instead of taking gigabytes or minutes.
@Suite struct ColorGlyphBudgetTests {
  static func nested(_ depth: Int) -> ColorPaint {
    var paint = ColorPaint.solid(.color(.red))
    for _ in 0..<depth {
      paint = .composite(.multiply, source: .solid(.color(.blue)), backdrop: paint)
    }
    return paint
  }

  @Test func layersHeldAtOnceAreCounted() {
    #expect(ColorGlyphPainter.cost(of: .solid(.color(.red))) == (1, 1))
    // Each composite holds its source while its backdrop draws.
    #expect(ColorGlyphPainter.cost(of: Self.nested(1)).peakLayers == 3)
    #expect(ColorGlyphPainter.cost(of: Self.nested(60)).peakLayers == 62)
    let wide = ColorPaint.layers(Array(repeating: .solid(.color(.red)), count: 5000))
    #expect(ColorGlyphPainter.cost(of: wide) == (2, 5001))
  }

  @Test func aDeepGraphOnALargeGlyphIsRefusedNotDrawn() throws {
    let face = try ColorFontPictureTests.showcase()
    let box = Rect(x: 0, y: 0, width: 1800, height: 1800)
    // 62 layers of 3.2 M pixels would be 3 GB.
    #expect(
      ColorGlyphPainter.render(
        Self.nested(60), box: box, face: face, .identity, .black) == nil)
    // 5000 layers of 3.2 M pixels: 16 G pixel fills.
    let wide = ColorPaint.layers(Array(repeating: .solid(.color(.red)), count: 5000))
    #expect(ColorGlyphPainter.render(wide, box: box, face: face, .identity, .black) == nil)
    // The same graphs on an ordinary glyph are drawn.
    let small = Rect(x: 0, y: 0, width: 40, height: 40)
    let drawn = try #require(
      ColorGlyphPainter.render(Self.nested(60), box: small, face: face, .identity, .black))
    #expect(drawn.image.width == 40)
  }
}

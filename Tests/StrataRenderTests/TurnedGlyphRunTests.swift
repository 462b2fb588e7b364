import Strata
import StrataIO
import StrataRaster
import StrataRender
import StrataText
import Testing

/// Glyph runs drawn under a rotation or shear are filled as one shape, flattened glyph by glyph
/// without building the run's path: the same pixels as filling that path.
@Suite struct TurnedGlyphRunTests {
  @Test func aTurnedRunFillsLikeItsPath() throws {
    let engine = TextEngine(catalog: FontCatalog(files: [dejaVuPath]))
    let face = try #require(engine.face(for: Font(family: "DejaVu Sans", size: 18)))
    let glyphs: [UInt16] = ["W", "a", "g"].map { face.glyphID(for: $0) }
    let positions = [Point(x: 4, y: 30), Point(x: 22, y: 30), Point(x: 33, y: 31)]
    let runs = [
      GlyphRun(face: face, size: 18, color: .black, glyphs: glyphs, positions: positions),
      GlyphRun(
        face: face, size: 18, color: Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7),
        glyphs: glyphs, positions: positions,
        decorations: [Rect(x: 4, y: 33, width: 40, height: 1.5)]),
    ]
    let turns = [
      Transform(rotation: 0.3).thenTranslated(x: 20, y: 0),
      Transform(a: 1.5, b: 0.2, c: -0.4, d: 1.2, tx: 10, ty: 5),
    ]
    for run in runs {
      for t in turns {
        let cache = GlyphCache()
        let drawn = try Canvas(width: 90, height: 80)
        drawn.drawGlyphs(run, transform: t, opacity: 0.8, cache: cache)
        let filled = try Canvas(width: 90, height: 80)
        filled.fill(run.path(cache: cache), transform: t, paint: .solid(run.color), opacity: 0.8)
        #expect(drawn.buffer.pixels == filled.buffer.pixels)
        #expect(drawn.buffer.pixels.contains { $0 != 0 })
      }
    }
  }
}

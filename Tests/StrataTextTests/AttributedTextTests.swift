import Foundation
import Strata
import StrataIO
import StrataRaster
import StrataRender
import StrataTestSupport
import StrataText
import Testing

@Suite struct AttributedTextTests {
  static let engine = TextEngine(catalog: FontCatalog(files: [dejaVuPath]))
  static let font = Font(family: "DejaVu Sans", size: 20)

  /// The decorations of one line of text with a plain, an underlined and a struck run.
  func decorated() throws -> (runs: [GlyphRun], face: FontFace) {
    var text = TextContent(runs: [TextContent.Run("plain ", font: Self.font)])
    text.append(TextContent.Run("under", font: Self.font, underline: true))
    text.append(TextContent.Run(" and ", font: Self.font))
    text.append(TextContent.Run("struck", font: Self.font, strikethrough: true))
    let runs = Self.engine.shape(
      text, in: Rect(x: 0, y: 0, width: 1000, height: 100), verticalAlignment: .top)
    let face = try #require(Self.engine.face(for: Self.font))
    return (runs, face)
  }

  @Test func underlinesAndStrikethroughsSitWhereTheFontSays() throws {
    let (runs, face) = try decorated()
    let lines = runs.flatMap(\.decorations)
    #expect(lines.count == 2)
    let layout = Self.engine.layout(
      TextContent(runs: [TextContent.Run("plain under and struck", font: Self.font)]),
      width: 1000)
    let line = try #require(layout.lines.first)
    let s = 20 / Double(face.unitsPerEm)
    let u = try #require(face.underline)
    let k = try #require(face.strikeout)
    let underline = try #require(lines.first)
    #expect(abs(underline.minY - (line.baseline - Double(u.position) * s)) < 1e-9)
    #expect(abs(underline.height - Double(u.thickness) * s) < 1e-9)
    // It spans "under" exactly: from its first glyph to the end of its last.
    let g = line.glyphs
    #expect(abs(underline.minX - g[6].x) < 1e-9)
    #expect(abs(underline.maxX - (g[10].x + g[10].advance)) < 1e-9)
    let strike = try #require(lines.last)
    #expect(abs(strike.minY - (line.baseline - Double(k.position) * s)) < 1e-9)
    #expect(abs(strike.height - Double(k.thickness) * s) < 1e-9)
    #expect(strike.minY < underline.minY, "the strike is above the underline")
    // Drawn: the frame has ink under "under", none under "plain".
    let node = TextNode(
      text: {
        var t = TextContent(runs: [TextContent.Run("plain ", font: Self.font)])
        t.append(TextContent.Run("under", font: Self.font, underline: true))
        return t
      }(), frame: Rect(x: 0, y: 0, width: 200, height: 40))
    let image = try FrameRenderer(scale: 1).render(
      Scene(root: node, size: Size(width: 200, height: 40)))
    func ink(x: Int) -> Int {
      let y = Int(underline.minY + underline.height / 2)
      return Int(image.pixels[(y * image.width + x) * 4 + 3])
    }
    #expect(ink(x: Int(underline.midX)) > 128)
    #expect(ink(x: 20) == 0)
  }

  /// fontTools' reading of the same tables (the optional peer).
  @Test(.enabled(if: Peers.hasFontTools, "fontTools is not installed (pip install fonttools)"))
  func thePostAndOS2ValuesAreFontToolsOnes() throws {
    let (out, _) = try runPython([
      "-c",
      "import sys; from fontTools.ttLib import TTFont; f = TTFont(sys.argv[1]); "
        + "print(f['post'].underlinePosition, f['post'].underlineThickness, "
        + "f['OS/2'].yStrikeoutPosition, f['OS/2'].yStrikeoutSize)",
      dejaVuPath,
    ])
    let v = out.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
    let face = try #require(Self.engine.face(for: Self.font))
    #expect(
      v
        == [
          face.underline?.position, face.underline?.thickness, face.strikeout?.position,
          face.strikeout?.thickness,
        ].compactMap { $0 })
  }

  @Test func runsCarryTheirOwnLetterSpacingAndParagraphStyle() throws {
    var spaced = TextContent(runs: [TextContent.Run("AB", font: Self.font)])
    spaced.append(TextContent.Run("CD", font: Self.font, letterSpacing: 5))
    let plain = Self.engine.layout(TextContent("ABCD", font: Self.font), width: 1000)
    let wide = Self.engine.layout(spaced, width: 1000)
    let a = try #require(plain.lines.first?.glyphs)
    let b = try #require(wide.lines.first?.glyphs)
    #expect(abs(b[1].x - a[1].x) < 1e-9, "AB keeps the text's spacing")
    #expect(abs(b[3].x - a[3].x - 5) < 1e-9, "C is 5 points wider")
    // Two paragraphs: the second's first run centres it and spaces its lines; the first keeps
    // the text's left alignment.
    var two = TextContent(runs: [TextContent.Run("Left\n", font: Self.font)], alignment: .left)
    two.append(
      TextContent.Run(
        "Centred", font: Self.font,
        paragraphStyle: TextContent.ParagraphStyle(alignment: .center, lineHeightMultiple: 2)))
    let l = Self.engine.layout(two, width: 300)
    #expect(l.lines.count == 2)
    #expect(l.lines[0].offset == 0)
    #expect(abs(l.lines[1].offset - (300 - l.lines[1].width) / 2) < 1e-9)
    #expect(abs(l.lines[1].height - 2 * l.lines[0].height) < 1e-9)
  }
}

import Foundation
import Strata
import StrataExamples
import StrataTestSupport
import Testing

// @testable: these tests reach internals: layoutCacheCounts.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// Reads a big-endian integer from a file's bytes, for checks that do not use the parser.
func be(_ d: [UInt8], _ o: Int, _ n: Int, signed: Bool = false) -> Int {
  var v = 0
  for i in 0..<n { v = v << 8 | Int(d[o + i]) }
  if signed && v >= 1 << (8 * n - 1) { v -= 1 << (8 * n) }
  return v
}

/// The offset of a table, found by hand in the table directory.
func tableOffset(_ d: [UInt8], _ tag: String) -> Int? {
  let n = be(d, 4, 2)
  for i in 0..<n where String(decoding: d[(12 + 16 * i)..<(16 + 16 * i)], as: UTF8.self) == tag {
    return be(d, 12 + 16 * i + 8, 4)
  }
  return nil
}

@Suite struct FontParsingTests {
  @Test func dejaVuSansMetricsMatchItsPublishedValues() throws {
    let face = try FontFace(contentsOf: dejaVuPath)
    #expect(face.familyName == "DejaVu Sans")
    #expect(face.styleName == "Book")
    #expect(face.unitsPerEm == 2048)
    #expect(face.ascender == 1901)
    #expect(face.descender == -483)
    #expect(face.lineGap == 0)
    #expect(face.weight == 400 && !face.isItalic)
    // The same numbers read straight from the hhea table.
    let d = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dejaVuPath)))
    let hhea = try #require(tableOffset(d, "hhea"))
    #expect(be(d, hhea + 4, 2, signed: true) == face.ascender)
    #expect(be(d, hhea + 6, 2, signed: true) == face.descender)
    // OS/2, read by hand: typographic metrics, x-height and cap height.
    let os2 = try #require(tableOffset(d, "OS/2"))
    let typo = try #require(face.typoMetrics)
    #expect(typo.ascender == be(d, os2 + 68, 2, signed: true))
    #expect(typo.descender == be(d, os2 + 70, 2, signed: true))
    #expect(typo.lineGap == be(d, os2 + 72, 2, signed: true))
    #expect(typo.ascender == 1556 && typo.descender == -492 && typo.lineGap == 410)
    // DejaVu's OS/2 table is version 1: it has no x-height or cap height.
    #expect(be(d, os2, 2) == 1 && face.xHeight == nil && face.capHeight == nil)
    #expect(!face.prefersTypoMetrics)
  }

  @Test func advancesMatchTheHmtxTable() throws {
    let face = try FontFace(contentsOf: dejaVuPath)
    let d = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dejaVuPath)))
    let hmtx = try #require(tableOffset(d, "hmtx"))
    let hhea = try #require(tableOffset(d, "hhea"))
    let metrics = be(d, hhea + 34, 2)
    for scalar in "AVATAR Today, we'll Wave.".unicodeScalars {
      let g = Int(face.glyphID(for: scalar))
      #expect(g > 0)
      let expected = be(d, hmtx + 4 * min(g, metrics - 1), 2)
      #expect(face.advance(of: UInt16(g)) == expected)
    }
  }

  /// Lays `text` out in `font` (one of the DejaVu files, `family`/`weight` naming it) and
  /// compares every glyph, advance and position with fontTools' reading of the same file;
  /// returns how many pairs were kerned.
  static func compareWithFontTools(
    _ text: String, path: String, font: Font
  ) throws -> Int {
    let script = testDirectory.appendingPathComponent("Fixtures/font_oracle.py").path
    let (out, status) = try runPython([script, path, "\(font.size)", text])
    #expect(status == 0)
    let rows = out.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }
    #expect(rows.count == text.unicodeScalars.count)
    let engine = TextEngine(catalog: FontCatalog(files: [path]))
    let layout = engine.layout(TextContent(text, font: font), width: .infinity)
    let glyphs = try #require(layout.lines.first).glyphs
    #expect(glyphs.count == rows.count)
    var x = 0.0
    var kerned = 0
    for (g, row) in zip(glyphs, rows) {
      #expect(Double(g.glyph) == row[0], "glyph of \(g.scalar)")
      #expect(g.glyph != 0, "\(g.scalar) has a glyph")
      #expect(abs(g.advance - row[1]) < 1e-9)
      #expect(abs(g.x - x) < 1e-9, "glyph \(g.scalar) at \(g.x), expected \(x)")
      x += row[1] + row[2]
      if row[2] != 0 { kerned += 1 }
    }
    return kerned
  }

  @Test(.enabled(if: Peers.hasFontTools, "fontTools is not installed (pip install fonttools)"))
  func advancesAndKerningAt17ptMatchFontTools() throws {
    let kerned = try Self.compareWithFontTools(
      "AVATAR Today, we'll Wave. Yo!", path: dejaVuPath,
      font: Font(family: "DejaVu Sans", size: 17))
    #expect(kerned >= 5)  // AV, VA, AT, To, Wa… really are kerned
  }

  /// The cards example's Portuguese, accents and all (ç, ã, é, ê, í, á), in its title and
  /// description fonts.
  @Test(.enabled(if: Peers.hasFontTools, "fontTools is not installed (pip install fonttools)"))
  func portugueseMatchesFontTools() throws {
    let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    var kerned = 0
    for model in CardsExample.ModelFactory.getPages() {
      kerned += try Self.compareWithFontTools(
        model.title, path: bold, font: Font(family: "DejaVu Sans", size: 24, weight: .bold))
      kerned += try Self.compareWithFontTools(
        model.content, path: dejaVuPath, font: Font(family: "DejaVu Sans", size: 17))
    }
    kerned += try Self.compareWithFontTools(
      "Começar", path: bold, font: Font(family: "DejaVu Sans", size: 17, weight: .bold))
    #expect(kerned >= 3)
    let all = CardsExample.ModelFactory.getPages().map { $0.title + $0.content }.joined()
    for accent in ["ç", "ã", "é", "ê"] { #expect(all.contains(accent), "the text has \(accent)") }
  }

  /// A component placed by point matching: point 2 of the first square (its top right)
  /// meets point 0 of the second (its bottom left).
  @Test func compositePointMatchingPlacesTheComponent() throws {
    let square = FontBuilder.simpleGlyph([(0, 0), (0, 100), (100, 100), (100, 0)])
    let face = try FontFace(
      data: FontBuilder.sample(glyphs: [
        [], square,
        FontBuilder.pointMatchedGlyph(first: 1, second: 1, parent: 2, child: 0),
        FontBuilder.pointMatchedGlyph(first: 1, second: 1, parent: 9, child: 0),
      ]).build())
    #expect(try face.outline(of: 2).bounds == Rect(x: 0, y: 0, width: 200, height: 200))
    #expect(throws: FontError.self) { try face.outline(of: 3) }
  }

  @Test func syntheticFontReadsGlyphsCompositesAndKernTable() throws {
    let face = try FontFace(data: FontBuilder.sample().build())
    #expect(face.familyName == "Strata Test")
    #expect(face.glyphCount == 4)
    #expect(
      face.glyphID(for: "A") == 1 && face.glyphID(for: "B") == 2 && face.glyphID(for: "Z") == 0)
    #expect(face.advance(of: 1) == 600)
    #expect(face.kerning(1, 2) == -50)
    #expect(face.kerning(2, 1) == 0)
    let square = try face.outline(of: 1)
    #expect(square.bounds == Rect(x: 0, y: 0, width: 100, height: 100))
    // The composite: the square, and a half-size square moved 200 units right.
    let composite = try face.outline(of: 2)
    #expect(composite.bounds == Rect(x: 0, y: 0, width: 250, height: 100))
    #expect(composite.contains(Point(x: 225, y: 25)))
    #expect(!composite.contains(Point(x: 225, y: 75)))
    #expect(try face.outline(of: 0).isEmpty)
  }

  @Test func compositeLoopsAreTypedErrors() throws {
    let face = try FontFace(data: FontBuilder.sample().build())
    #expect(throws: FontError.compositeTooDeep(glyph: 3)) { try face.outline(of: 3) }
    #expect(throws: FontError.self) { try face.outline(of: 99) }
  }

  @Test func truncatedAndCorruptFontsNeverTrap() throws {
    let font = FontBuilder.sample().build()
    for n in stride(from: 0, to: font.count, by: 1) {
      // Every prefix is either rejected with a typed error or, if it parses, answers questions.
      if let face = try? FontFace(data: Array(font.prefix(n))) {
        for g in 0..<face.glyphCount { _ = try? face.outline(of: UInt16(g)) }
      }
    }
    var state: UInt64 = 7
    for _ in 0..<2000 {
      var bad = font
      state = state &* 6_364_136_223_846_793_005 &+ 1
      let pos = Int(state >> 33) % bad.count
      bad[pos] = UInt8(truncatingIfNeeded: state >> 13)
      if let face = try? FontFace(data: bad) {
        for g in 0..<min(face.glyphCount, 16) { _ = try? face.outline(of: UInt16(g)) }
        _ = face.kerning(1, 2)
        _ = face.glyphID(for: "A")
      }
    }
  }

  @Test func badTableOffsetsAreNamed() throws {
    var font = FontBuilder.sample().build()
    // The first table record is 'cmap'; point it past the end of the file.
    font.replaceSubrange(20..<24, with: FontBuilder.be32(10_000_000))
    #expect(throws: FontError.self) { try FontFace(data: font) }
    do {
      _ = try FontFace(data: font)
    } catch {
      #expect(error.description.contains("cmap"))
    }
    var noHead = FontBuilder.sample()
    noHead.tables["head"] = nil
    #expect(throws: FontError.missingTable("head")) { try FontFace(data: noHead.build()) }
    #expect(throws: FontError.self) { try FontFace(data: []) }
    #expect(throws: FontError.self) {
      try FontFace(data: Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 9])
    }
  }

  @Test func collectionsHoldSeveralFaces() throws {
    let one = FontBuilder.sample().build()
    var second = FontBuilder.sample()
    second.tables["name"] = FontBuilder.nameTable(family: "Strata Second", style: "Bold")
    let ttc = FontBuilder.collection([one, second.build()])
    #expect(FontFace.faceCount(in: ttc) == 2)
    #expect(try FontFace(data: ttc, index: 0).familyName == "Strata Test")
    #expect(try FontFace(data: ttc, index: 1).familyName == "Strata Second")
    #expect(throws: FontError.self) { try FontFace(data: ttc, index: 2) }
  }
}

@Suite struct FontCatalogTests {
  @Test func findsFamiliesAndWeightsAndFallsBackOnce() throws {
    let catalog = FontCatalog(searchPaths: ["/usr/share/fonts/truetype/dejavu"])
    final class Log: @unchecked Sendable { var lines: [String] = [] }
    let log = Log()
    catalog.warningHandler = { log.lines.append($0) }
    let bold = try #require(catalog.face(family: "DejaVu Sans", weight: 700))
    #expect(bold.styleName == "Bold")
    let light = try #require(catalog.face(family: "DejaVu Sans", weight: 200))
    #expect(light.weight < 400)
    #expect(try #require(catalog.face(family: "DejaVu Sans", weight: 400, italic: true)).isItalic)
    #expect(try #require(catalog.face(for: .system(size: 12))).familyName == "DejaVu Sans")
    let missing = try #require(catalog.face(family: "Brandon Grotesque", weight: 900))
    #expect(missing.familyName == "DejaVu Sans")
    _ = catalog.face(family: "Brandon Grotesque", weight: 400)
    #expect(log.lines.count == 1)
    #expect(log.lines.first?.contains("Brandon Grotesque") == true)
    #expect(catalog.families.contains("DejaVu Serif"))
  }

  @Test func explicitFilesAreAddedAndBadOnesReported() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let good = dir.appendingPathComponent("test.ttf").path
    try Data(FontBuilder.sample().build()).write(to: URL(fileURLWithPath: good))
    let bad = dir.appendingPathComponent("bad.ttf").path
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: bad))
    let catalog = FontCatalog(files: [good])
    #expect(catalog.face(family: "Strata Test")?.familyName == "Strata Test")
    #expect(throws: FontError.self) { try catalog.add(file: bad) }
    #expect(throws: FontError.self) {
      try catalog.add(file: dir.appendingPathComponent("none.ttf").path)
    }
  }
}

@Suite struct LayoutCacheTests {
  @Test func aLabelIsLaidOutOnceNotOncePerFrame() throws {
    let engine = TextEngine()
    let text = TextContent(
      "Our quality prints are the perfect way to enjoy your best memories!",
      font: .system(size: 15))
    let first = engine.layout(text, width: 300)
    let before = engine.layoutCacheCounts
    for _ in 0..<5 {
      #expect(engine.layout(text, width: 300) == first)
      _ = engine.size(of: text, width: 300)
      _ = engine.shape(
        text, in: Rect(x: 0, y: 0, width: 300, height: .infinity), verticalAlignment: .top)
    }
    let after = engine.layoutCacheCounts
    #expect(after.misses == before.misses, "nothing was laid out again")
    // Five layouts and five sizes read the kept layout; shaping reads it once, then keeps
    // its runs for the same box.
    #expect(after.hits == before.hits + 11)
    // Another width or content is another layout.
    _ = engine.layout(text, width: 200)
    #expect(engine.layoutCacheCounts.misses == before.misses + 1)
    #expect(engine.layout(text, width: 200).lines.count > first.lines.count)
  }
}

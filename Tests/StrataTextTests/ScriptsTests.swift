import Foundation
import Strata
import StrataTestSupport
import StrataTesting
import Testing

// @testable: these tests reach internals: Bidi, LineBreaks.
@testable import StrataIO
@testable import StrataRaster
@testable import StrataRender
@testable import StrataText

/// Text in the scripts of the markets onboardings ship to: Arabic joined and right to left,
/// Hebrew reordered, numbers and Latin inside right-to-left text, ligatures.
@Suite struct ScriptsTests {
  static let engine = TextEngine(catalog: FontCatalog(files: [dejaVuPath]))
  static let font = Font(family: "DejaVu Sans", size: 20)
  static let face = engine.face(for: font)

  /// Glyph ids of `text` on one line, in the order they are drawn.
  func drawn(_ text: String) -> [UInt16] {
    Self.engine.layout(TextContent(text, font: Self.font), width: .infinity).lines
      .flatMap { $0.glyphs.map(\.glyph) }
  }

  func g(_ c: UInt32) -> UInt16 { Unicode.Scalar(c).flatMap { Self.face?.glyphID(for: $0) } ?? 0 }

  /// The joining forms come from GSUB (init, medi, fina); the font also maps the same forms
  /// as presentation characters, an independent check of the glyphs chosen.
  @Test func arabicLettersJoin() throws {
    // بيت (beh, yeh, teh): initial beh, medial yeh, final teh — drawn right to left.
    #expect(drawn("\u{628}\u{64A}\u{62A}") == [g(0xFE96), g(0xFEF4), g(0xFE91)])
    // دار (dal, alef, reh): none of them joins the letter after it, so all three are isolated,
    // which this font draws with the letters' own glyphs (it has no isol lookup).
    #expect(drawn("\u{62F}\u{627}\u{631}") == [g(0x631), g(0x627), g(0x62F)])
    // لا: lam followed by alef is the required lam-alef ligature.
    #expect(drawn("\u{644}\u{627}") == [g(0xFEFB)])
  }

  @Test func hebrewIsReorderedAndNumbersStayLeftToRight() {
    // שלום 123: the word reversed, the number kept in order, at the left (a right-to-left
    // paragraph).
    let text = "\u{5E9}\u{5DC}\u{5D5}\u{5DD} 123"
    let line = Self.engine.layout(TextContent(text, font: Self.font), width: .infinity).lines[0]
    #expect(line.string == "123 \u{5DD}\u{5D5}\u{5DC}\u{5E9}")
    // Latin inside right-to-left text keeps its order; brackets are mirrored.
    let mixed = Self.engine.layout(
      TextContent("\u{5D0} (abc) \u{5D1}", font: Self.font), width: .infinity
    ).lines[0]
    // The characters in drawing order; the brackets' glyphs are mirrored, so it reads (abc).
    #expect(mixed.string == "\u{5D1} )abc( \u{5D0}")
    #expect(mixed.glyphs.map(\.glyph)[2] == g(0x28), "the closing bracket drawn as an opening one")
  }

  @Test func rightToLeftParagraphsAlignToTheRight() {
    let layout = Self.engine.layout(
      TextContent("\u{5E9}\u{5DC}\u{5D5}\u{5DD}", font: Self.font), width: 300)
    #expect(abs(layout.lines[0].offset - (300 - layout.lines[0].width)) < 1e-9)
    var forced = TextContent("abc", font: Self.font)
    forced.baseDirection = .rightToLeft
    let f = Self.engine.layout(forced, width: 300)
    #expect(f.lines[0].offset > 0)
  }

  @Test func latinLigatures() {
    // DejaVu Sans has "fi" as one glyph under liga; the line still reads "fill".
    let line = Self.engine.layout(TextContent("fill", font: Self.font), width: .infinity).lines[0]
    #expect(line.glyphs.count == 3)
    #expect(line.string == "fill")
  }

  @Test func bidiLevelsFollowTheWeakAndNeutralRules() {
    typealias K = Bidi.Kind
    // AL EN → the number is Arabic (W2) and sits at level 2 in a left-to-right paragraph.
    #expect(Bidi.resolve([.al, .ws, .en], base: 0).levels == [1, 1, 2])
    // L WS R WS L: the spaces between different directions take the paragraph's.
    #expect(Bidi.resolve([.l, .ws, .r, .ws, .l], base: 0).levels == [0, 0, 1, 0, 0])
    // EN ES EN is one number (W4); ET next to a number joins it (W5).
    #expect(Bidi.resolve([.r, .en, .es, .en, .et], base: 1).levels == [1, 2, 2, 2, 2])
    #expect(
      Bidi.visualOrder(levels: [0, 1, 1, 1, 0], kinds: [.l, .r, .r, .r, .l], base: 0) == [
        0, 3, 2, 1, 4,
      ])
  }
}

/// Strata's shaping and bidi against HarfBuzz and python-bidi (optional peers).
@Suite struct ShapingOracleTests {
  /// Single-direction strings in Latin (with ligatures), Greek, Cyrillic, Hebrew (with its
  /// points) and Arabic (joining forms, lam-alef, vowel marks), with numbers.
  static let corpus = [
    "Welcome to the flow of office life", "Finally, fifty fine files", "Αλφάβητο και ζωή 2024",
    "Добро пожаловать в приложение", "שלום עולם", "ברוכים הבאים לאפליקציה",
    "مرحبا بالعالم", "السلام عليكم", "لا إله", "كتاب جميل جدا", "AVATAR Today, we'll Wave.",
    "\u{5E9}\u{5B8}\u{5DC}\u{5D5}\u{5B9}\u{5DD}",
    "\u{645}\u{64E}\u{631}\u{652}\u{62D}\u{64E}\u{628}\u{64B}\u{627}",
  ]

  func run(_ args: [String]) throws -> String {
    let (out, status) = try runPython(args)
    #expect(status == 0)
    return out
  }

  @Test(.enabled(if: Peers.hasHarfBuzz, "uharfbuzz is not installed (pip install uharfbuzz)"))
  func glyphsAndPositionsMatchHarfBuzz() throws {
    let script = testDirectory.appendingPathComponent("Fixtures/hb_oracle.py").path
    let size = 20.0
    var agreeing = 0
    for text in Self.corpus {
      let rows = try run([script, dejaVuPath, "\(size)", text]).split(separator: "\n").map {
        $0.split(separator: " ").compactMap { Double($0) }
      }
      let line = ScriptsTests.engine.layout(
        TextContent(text, font: ScriptsTests.font), width: .infinity
      ).lines[0]
      let ours = line.glyphs
      let ids = ours.map { Double($0.glyph) } == rows.map { $0[0] }
      let tolerance = size / 64
      let positions =
        ours.count == rows.count
        && zip(ours, rows).allSatisfy {
          abs($0.x - $1[1]) <= tolerance && abs($0.yOffset - $1[3]) <= tolerance
        }
      #expect(ids, "\(text): glyphs \(ours.map(\.glyph)) vs \(rows.map { Int($0[0]) })")
      #expect(
        positions,
        "\(text): positions \(ours.map { ($0.x, $0.yOffset) }) vs \(rows.map { ($0[1], $0[3]) })")
      if ids && positions { agreeing += 1 }
    }
    print("HarfBuzz agreement: \(agreeing) of \(Self.corpus.count) strings")
  }

  @Test(.enabled(if: Peers.hasPythonBidi, "python-bidi is not installed (pip install python-bidi)"))
  func visualOrderMatchesPythonBidi() throws {
    let mixed = [
      "שלום 123", "abc שלום def", "\u{5D0} 12.5% \u{5D1}", "مرحبا 2024 عالم", "Hello مرحبا world",
      "\u{5D0}\u{5D1} (abc) \u{5D2}", "price: 40 \u{5E9}\u{5D7}",
      "abc \u{2067}\u{5E9}\u{5DC}\u{5D5}\u{5DD} 123\u{2069} def",
      "\u{5D0}\u{5D1} \u{2066}abc def\u{2069} \u{5D2}", "x \u{202E}abc def\u{202C} y",
      "\u{202B}abc\u{202C} \u{5E9}\u{5DC}", "\u{2068}\u{5E9}\u{5DC} abc\u{2069} end",
    ]
    for text in mixed {
      let display = try run([
        "-c",
        "import sys; from bidi import get_display; sys.stdout.write(get_display(sys.argv[1]))",
        text,
      ])
      let layout = ScriptsTests.engine.layout(
        TextContent(text, font: ScriptsTests.font), width: .infinity)
      // The characters in drawing order (python-bidi gives them unmirrored, as Line.string does),
      // without the invisible formatting characters.
      let ours = String(
        String.UnicodeScalarView(
          layout.lines[0].string.unicodeScalars.filter { !Bidi.isInvisible($0) }))
      let theirs = String(
        String.UnicodeScalarView(display.unicodeScalars.filter { !Bidi.isInvisible($0) }))
      #expect(ours == theirs, "\(text)")
    }
  }
}

@Suite struct FallbackTests {
  static let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

  /// A string mixing scripts picks, for each character, a face that has it.
  @Test func eachCharacterFindsAFaceThatHasIt() throws {
    let catalog = FontCatalog(files: [Self.serif, dejaVuPath])
    let engine = TextEngine(catalog: catalog)
    let font = Font(family: "DejaVu Serif", size: 20)
    let text = "Hello Αθήνα Москва \u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{645}\u{631}\u{62D}\u{628}\u{627}"
    let glyphs = engine.layout(TextContent(text, font: font), width: .infinity).lines[0].glyphs
    #expect(glyphs.allSatisfy { $0.glyph != 0 || $0.scalar == " " })
    let latin = glyphs.first { $0.scalar == "H" }
    let arabic = glyphs.first { $0.scalar.value == 0x645 }
    #expect(latin?.face.familyName == "DejaVu Serif")
    #expect(arabic?.face.familyName == "DejaVu Sans", "Arabic from the script's cascade")
    let hebrew = glyphs.first { $0.scalar.value == 0x5E9 }
    #expect(hebrew?.face.hasGlyph(for: "\u{5E9}") == true)
  }

  /// What no installed face has is listed, once each, in order.
  @Test func theCatalogListsMissingCharacters() {
    let catalog = FontCatalog(files: [dejaVuPath])
    let font = Font(family: "DejaVu Sans", size: 17)
    let missing = catalog.missingCharacters(
      in: "Hi \u{1F984} \u{4E16}\u{754C} \u{1F984}!", font: font)
    #expect(missing == ["\u{1F984}", "\u{4E16}", "\u{754C}"])
    #expect(catalog.missingCharacters(in: "Olá, שלום, مرحبا", font: font).isEmpty)
  }
}

/// Colour emoji from the distribution's emoji font (`.ci/run` installs fonts-noto-color-emoji).
@Suite struct EmojiTests {
  static let emojiFont = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
  static let installed = FileManager.default.fileExists(atPath: emojiFont)

  @Test(.enabled(if: installed, "no colour emoji font (apt-get install fonts-noto-color-emoji)"))
  func emojiAreDrawnInColourAtTheTextSize() throws {
    let catalog = FontCatalog(files: [dejaVuPath, Self.emojiFont])
    let engine = TextEngine(catalog: catalog)
    let text = TextContent("Hi \u{1F984}", font: Font(family: "DejaVu Sans", size: 40))
    let glyphs = engine.layout(text, width: .infinity).lines[0].glyphs
    let unicorn = try #require(glyphs.last)
    #expect(unicorn.face.familyName == "Noto Color Emoji")
    #expect(catalog.missingCharacters(in: "\u{1F984}", font: text.runs[0].font).isEmpty)
    let node = TextNode(text: text, frame: Rect(x: 0, y: 0, width: 160, height: 60))
    let image = try FrameRenderer(scale: 1, textShaper: engine).render(
      Scene(root: node, size: Size(width: 160, height: 60)))
    // The unicorn's pixels are coloured (not grey ink), and about 40 points wide.
    var coloured = 0
    var minX = Int.max
    var maxX = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let i = (y * image.width + x) * 4
        let (r, g, b, a) = (
          Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]),
          Int(image.pixels[i + 3])
        )
        if a > 200, max(r, g, b) - min(r, g, b) > 60 {
          coloured += 1
          minX = min(minX, x)
          maxX = max(maxX, x)
        }
      }
    }
    #expect(coloured > 300)
    #expect(maxX - minX > 25 && maxX - minX < 55)
    #expect(Double(minX) >= unicorn.x - 2)
  }
}

@Suite struct LineBreakTests {
  static let engine = ScriptsTests.engine

  func lines(_ text: String, width: Double, size: Double = 20) -> [String] {
    Self.engine.layout(
      TextContent(text, font: Font(family: "DejaVu Sans", size: size)), width: width
    )
    .lines.map { $0.string.trimmingCharacters(in: .whitespaces) }
  }

  /// LB13: "souvenirs !" never leaves the "!" alone at the start of a line.
  @Test func noBreakBeforeClosingPunctuationEvenAfterASpace() {
    let text = "beaux souvenirs !"
    let full = Self.engine.layout(
      TextContent(text, font: Font(family: "DejaVu Sans", size: 20)), width: .infinity
    )
    .lines[0].width
    let withoutBang = Self.engine.layout(
      TextContent("beaux souvenirs", font: Font(family: "DejaVu Sans", size: 20)), width: .infinity
    ).lines[0].width
    // A width that holds "beaux souvenirs" but not " !": the whole last word goes down with it.
    let broken = lines(text, width: (withoutBang + full) / 2)
    #expect(broken == ["beaux", "souvenirs !"])
  }

  /// LB14: no break after an opening bracket: "(b" stays together.
  @Test func noBreakAfterOpeningPunctuation() {
    #expect(LineBreaks.lineBreakClass(of: "(") == .op)
    #expect(LineBreaks.lineBreakClass(of: "\u{3002}") == .cl)
    let text = "aaaa (bbbb)"
    let width = Self.engine.layout(
      TextContent("aaaa (b", font: Font(family: "DejaVu Sans", size: 20)), width: .infinity
    ).lines[0].width
    #expect(lines(text, width: width) == ["aaaa", "(bbbb)"])
  }

  /// Ideographs break between any two (DejaVu has no CJK glyphs: the breaks do not depend on
  /// how they are drawn), but not before 。 or 、.
  @Test func ideographsBreakAnywhereButBeforeClosingMarks() {
    let text = "\u{4ECA}\u{65E5}\u{306F}\u{3001}\u{3088}\u{3044}\u{5929}\u{6C17}\u{3002}"
    let glyphs = Self.engine.layout(
      TextContent(text, font: Font(family: "DejaVu Sans", size: 20)), width: .infinity
    )
    .lines[0].glyphs
    let advance = glyphs.first?.advance ?? 20
    let broken = lines(text, width: advance * 3.5)
    #expect(broken.count >= 3)
    for line in broken.dropFirst() {
      #expect(line.first != "\u{3001}" && line.first != "\u{3002}", "\(broken)")
    }
    #expect(broken.joined() == text)
  }
}

@Suite struct ColorLayerTests {
  /// A synthetic font whose 'B' is a colour glyph of one layer: the square of 'A', in red from
  /// the palette, drawn instead of B's own outline.
  @Test func layeredGlyphsAreFilledWithTheirPaletteColours() throws {
    typealias B = FontBuilder
    var font = B.sample()
    // COLR v0: one base glyph (2) with one layer (glyph 1, palette entry 0).
    font.tables["COLR"] =
      B.be16(0) + B.be16(1) + B.be32(14) + B.be32(20) + B.be16(1)
      + B.be16(2) + B.be16(0) + B.be16(1)
      + B.be16(1) + B.be16(0)
    // CPAL v0: one palette of one colour, BGRA red.
    font.tables["CPAL"] =
      B.be16(0) + B.be16(1) + B.be16(1) + B.be16(1) + B.be32(14) + B.be16(0) + [0, 0, 255, 255]
    let face = try FontFace(data: font.build())
    #expect(face.colorLayers?.layers[2]?.first?.color == Color(red: 1, green: 0, blue: 0))
    let catalog = FontCatalog()
    catalog.add(face)
    let engine = TextEngine(catalog: catalog)
    let text = TextContent(
      "B", font: Font(family: face.familyName, size: 100), color: Color(white: 0))
    let node = TextNode(text: text, frame: Rect(x: 0, y: 0, width: 120, height: 120))
    let image = try FrameRenderer(scale: 1, textShaper: engine).render(
      Scene(root: node, size: Size(width: 120, height: 120)))
    var red = 0
    var black = 0
    for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] > 250 {
      if image.pixels[i] > 250 && image.pixels[i + 1] < 5 { red += 1 }
      if image.pixels[i] < 5 && image.pixels[i + 1] < 5 { black += 1 }
    }
    #expect(red > 50, "the layer is red")
    #expect(black == 0, "the base glyph's own outline is not drawn")
  }
}

@Suite struct ContextualLookupTests {
  typealias B = FontBuilder

  /// A GSUB whose `calt` feature has one contextual lookup (type 5, `format`): 'A' followed by
  /// 'B' becomes 'B' (through a single substitution, lookup 1).
  static func gsub(format: Int) -> [UInt8] {
    func coverage(_ g: Int) -> [UInt8] { B.be16(1) + B.be16(1) + B.be16(g) }
    // Lookup 1: single substitution, glyph 1 → 2.
    let single = B.be16(1) + B.be16(6) + B.be16(1) + coverage(1)
    let lookup1 = B.be16(1) + B.be16(0) + B.be16(1) + B.be16(8) + single
    // Lookup 0: contextual.
    let context: [UInt8]
    if format == 2 {
      // format 2: coverage {A}, a class table (A: 1, B: 2), one class set for class 1 with
      // one rule: input classes [2].
      let coverageAt = 2 + 2 + 2 + 2 + 2 * 2
      let classAt = coverageAt + 6
      let classes = B.be16(1) + B.be16(1) + B.be16(2) + B.be16(1) + B.be16(2)
      let setAt = classAt + classes.count
      let set = B.be16(1) + B.be16(4)
      let rule = B.be16(2) + B.be16(1) + B.be16(2) + B.be16(0) + B.be16(1)
      context =
        B.be16(2) + B.be16(coverageAt) + B.be16(classAt) + B.be16(2) + B.be16(0) + B.be16(setAt)
        + coverage(1) + classes + set + rule
    } else if format == 3 {
      // format, glyphCount 2, substCount 1, coverage offsets, record; then the coverages.
      let head = 2 + 2 + 2 + 4 + 4
      context =
        B.be16(3) + B.be16(2) + B.be16(1) + B.be16(head) + B.be16(head + 6) + B.be16(0)
        + B.be16(1) + coverage(1) + coverage(2)
    } else {
      // format 1: coverage of the first glyph, one rule set with one rule: input [B].
      let coverageAt = 2 + 2 + 2 + 2
      let setAt = coverageAt + 6
      let set = B.be16(1) + B.be16(4)
      let rule = B.be16(2) + B.be16(1) + B.be16(2) + B.be16(0) + B.be16(1)
      context =
        B.be16(1) + B.be16(coverageAt) + B.be16(1) + B.be16(setAt) + coverage(1) + set + rule
    }
    let lookup0 = B.be16(5) + B.be16(0) + B.be16(1) + B.be16(8) + context
    let lookupList = B.be16(2) + B.be16(6) + B.be16(6 + lookup0.count) + lookup0 + lookup1
    let feature = B.be16(0) + B.be16(1) + B.be16(0)
    let featureList = B.be16(1) + Array("calt".utf8) + B.be16(8) + feature
    let langSys = B.be16(0) + B.be16(0xFFFF) + B.be16(1) + B.be16(0)
    let script = B.be16(4) + B.be16(0) + langSys
    let scriptList = B.be16(1) + Array("DFLT".utf8) + B.be16(8) + script
    let scriptAt = 10
    let featureAt = scriptAt + scriptList.count
    let lookupAt = featureAt + featureList.count
    return B.be32(0x0001_0000) + B.be16(scriptAt) + B.be16(featureAt) + B.be16(lookupAt)
      + scriptList + featureList + lookupList
  }

  @Test(arguments: [1, 2, 3])
  func contextualLookupsSubstituteInTheirContext(format: Int) throws {
    var font = B.sample()
    font.tables["GSUB"] = Self.gsub(format: format)
    let face = try FontFace(data: font.build())
    let catalog = FontCatalog()
    catalog.add(face)
    let engine = TextEngine(catalog: catalog)
    func glyphs(_ s: String) -> [UInt16] {
      engine.layout(TextContent(s, font: Font(family: face.familyName, size: 10)), width: .infinity)
        .lines[0].glyphs.map(\.glyph)
    }
    #expect(glyphs("AB") == [2, 2], "A before B becomes B")
    #expect(glyphs("AA") == [1, 1], "not without its context")
  }
}

import Foundation
import Strata
import StrataIO
import StrataRaster
import StrataRender
import StrataText
import Testing

let engine = TextEngine(catalog: dejaVuCatalog)

/// A greedy word wrap written independently of the engine: words are the text split after
/// spaces and hyphens, measured with the face's advances and kerning.
func referenceWrap(_ text: String, size: Double, width: Double) throws -> [String] {
  let face = try #require(dejaVuCatalog.face(family: "DejaVu Sans"))
  func measure(_ s: String) -> Double {
    let scale = size / Double(face.unitsPerEm)
    let gs = s.unicodeScalars.map { face.glyphID(for: $0) }
    var w = 0.0
    for (i, g) in gs.enumerated() {
      w += Double(face.advance(of: g)) * scale
      if i + 1 < gs.count { w += Double(face.kerning(g, gs[i + 1])) * scale }
    }
    return w
  }
  var words: [String] = []
  var current = ""
  for ch in text {
    current.append(ch)
    if ch == " " || ch == "-" {
      words.append(current)
      current = ""
    }
  }
  if !current.isEmpty { words.append(current) }
  var lines: [String] = []
  var line = ""
  for w in words {
    let candidate = line + w
    if !line.isEmpty && measure(candidate.trimmingCharacters(in: .whitespaces)) > width {
      lines.append(line)
      line = w
    } else {
      line = candidate
    }
  }
  lines.append(line)
  return lines.map { $0.trimmingCharacters(in: .whitespaces) }
}

@Suite struct LayoutTests {
  static let paragraphs = [
    "Our quality prints are the perfect way to enjoy your best memories!",
    "Elephants are the largest land animals: well-known for their memory, their trunks and their calm.",
    "Birds fly south in winter and come back in spring, every single year, without a map.",
  ]

  @Test(arguments: [120.0, 180, 260, 400])
  func linesBreakWhereAGreedyWrapBreaksThem(width: Double) throws {
    for p in Self.paragraphs {
      let layout = engine.layout(
        TextContent(p, font: Font(family: "DejaVu Sans", size: 15)), width: width)
      let lines = layout.lines.map { $0.string.trimmingCharacters(in: .whitespaces) }
      #expect(lines == (try referenceWrap(p, size: 15, width: width)), "width \(width)")
      for l in layout.lines { #expect(l.width <= width + 1e-9) }
    }
  }

  @Test func hyphensAreBreakOpportunities() {
    let layout = engine.layout(
      TextContent("a well-known fact", font: Font(family: "DejaVu Sans", size: 15)), width: 70)
    #expect(layout.lines.map(\.string).first == "a well-")
  }

  @Test func explicitNewlinesBreakAndEmptyLinesHaveHeight() {
    let text = TextContent("one\n\nthree", font: Font(family: "DejaVu Sans", size: 10))
    let layout = engine.layout(text, width: .infinity)
    #expect(layout.lines.map(\.string) == ["one", "", "three"])
    #expect(layout.lines[1].height > 10)
    #expect(abs(layout.size.height - 3 * layout.lines[0].height) < 1e-9)
  }

  @Test func wordsWiderThanTheLineBreakBetweenCharacters() {
    let layout = engine.layout(
      TextContent("Supercalifragilistic", font: Font(family: "DejaVu Sans", size: 20)), width: 60)
    #expect(layout.lines.count > 2)
    #expect(layout.lines.map(\.string).joined() == "Supercalifragilistic")
    for l in layout.lines { #expect(l.width <= 60) }
  }

  @Test func truncationEndsWithAnEllipsis() throws {
    var text = TextContent(Self.paragraphs[1], font: Font(family: "DejaVu Sans", size: 15))
    text.maximumLines = 2
    let layout = engine.layout(text, width: 200)
    #expect(layout.lines.count == 2)
    #expect(layout.isTruncated)
    let last = try #require(layout.lines.last)
    #expect(last.string.hasSuffix("…"))
    #expect(last.width <= 200)
    // By height: only the lines that fit.
    var tall = TextContent(Self.paragraphs[1], font: Font(family: "DejaVu Sans", size: 15))
    tall.truncatesWithEllipsis = false
    let oneLine = engine.layout(tall, width: 200, height: 20)
    #expect(
      oneLine.lines.count == 1 && oneLine.isTruncated && !(oneLine.lines[0].string.hasSuffix("…")))
  }

  @Test func alignmentOffsetsTheLines() throws {
    for (alignment, factor) in [
      (TextContent.Alignment.left, 0.0), (.natural, 0), (.center, 0.5), (.right, 1),
    ] {
      var text = TextContent("BEARS", font: Font(family: "DejaVu Sans", size: 20, weight: .bold))
      text.alignment = alignment
      let l = try #require(engine.layout(text, width: 300).lines.first)
      #expect(abs(l.offset - (300 - l.width) * factor) < 1e-9)
    }
  }

  @Test func lineHeightMultipleAndLetterSpacing() {
    var text = TextContent("ab\ncd", font: Font(family: "DejaVu Sans", size: 10))
    let plain = engine.layout(text, width: .infinity)
    text.lineHeightMultiple = 1.5
    text.letterSpacing = 2
    let spaced = engine.layout(text, width: .infinity)
    #expect(abs(spaced.size.height - plain.size.height * 1.5) < 1e-9)
    // Two glyphs, two points each.
    #expect(abs(spaced.lines[0].width - plain.lines[0].width - 4) < 1e-9)
  }

  @Test func runsMixFontsInOneLabel() throws {
    var text = TextContent("BIRDS", font: Font(family: "DejaVu Sans", size: 20, weight: .bold))
    text.append("\nsmall body", font: Font(family: "DejaVu Sans", size: 12), color: .gray)
    let layout = engine.layout(text, width: 300)
    #expect(layout.lines.count == 2)
    #expect(layout.lines[0].glyphs[0].face.styleName == "Bold")
    #expect(layout.lines[1].glyphs[0].size == 12)
    #expect(layout.lines[0].height > layout.lines[1].height)
    #expect(engine.size(of: text, width: 300) == layout.size)
  }

  @Test func kerningCanBeTurnedOff() throws {
    var text = TextContent("AVAV", font: Font(family: "DejaVu Sans", size: 17))
    let kerned = try #require(engine.layout(text, width: .infinity).lines.first).width
    text.isKerningEnabled = false
    let plain = try #require(engine.layout(text, width: .infinity).lines.first).width
    #expect(kerned < plain)
  }
}

@Suite struct TextRenderingTests {
  static func label(scale: Double) throws -> RasterImage {
    let root = Node(frame: Rect(x: 0, y: 0, width: 200, height: 90))
    root.backgroundColor = .white
    var text = TextContent("ELEPHANTS", font: Font(family: "DejaVu Sans", size: 20, weight: .bold))
    text.append(
      "\nOur quality prints are the perfect way to enjoy your best memories!",
      font: Font(family: "DejaVu Sans", size: 13),
      color: Color(red8: 52, green8: 52, blue8: 52, alpha8: 138))
    text.alignment = .center
    root.addChild(TextNode(text: text, frame: Rect(x: 10, y: 6, width: 180, height: 80)))
    return try FrameRenderer(scale: scale, textShaper: engine).render(
      Scene(root: root, size: root.size))
  }

  static let labelScales = [1.0, 3.0]

  @Test func labelsMatchTheirGoldens() throws {
    for scale in Self.labelScales {
      try expectMatchesGolden(try Self.label(scale: scale), "label@\(Int(scale))x")
    }
  }

  @Test func glyphsComeFromTheCacheTheSecondTime() throws {
    let cache = GlyphCache()
    let root = Node(frame: Rect(x: 0, y: 0, width: 100, height: 30))
    root.addChild(
      TextNode(
        text: TextContent("aaaa", font: Font(family: "DejaVu Sans", size: 12)), frame: root.bounds))
    let renderer = FrameRenderer(textShaper: engine, glyphCache: cache)
    let first = try renderer.render(Scene(root: root, size: root.size))
    #expect(cache.statistics.misses >= 1)
    let misses = cache.statistics.misses
    let second = try renderer.render(Scene(root: root, size: root.size))
    #expect(cache.statistics.misses == misses)
    #expect(cache.statistics.hits >= 4)
    #expect(first == second)
  }

  @Test func rotatedTextIsFilledFromOutlines() throws {
    let root = Node(frame: Rect(x: 0, y: 0, width: 60, height: 60))
    let label = TextNode(
      text: TextContent("Hi", font: Font(family: "DejaVu Sans", size: 20)),
      frame: Rect(x: 10, y: 10, width: 40, height: 40))
    label.transform = Transform(rotation: 0.5)
    root.addChild(label)
    let image = try FrameRenderer(textShaper: engine).render(Scene(root: root, size: root.size))
    #expect(coveredArea(image) > 20)
  }
}

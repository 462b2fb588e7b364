import Strata
import StrataTestSupport
import StrataText
import Testing

/// Where cut-off text shows its ellipsis: UIKit's truncating-tail, -head and -middle modes.
@Suite struct TruncationModeTests {
  let engine = TextEngine(catalog: dejaVuCatalog)
  let string = "Alpha beta gamma delta epsilon zeta eta theta"

  func text(_ mode: TextContent.TruncationMode, lines: Int = 1) -> TextContent {
    var t = TextContent(string, font: Font(family: "DejaVu Sans", size: 17))
    t.maximumLines = lines
    t.truncationMode = mode
    return t
  }

  func shown(_ mode: TextContent.TruncationMode, width: Double, lines: Int = 1) -> [String] {
    engine.layout(text(mode, lines: lines), width: width).lines.map(\.string)
  }

  @Test func tailKeepsTheStart() throws {
    let line = try #require(shown(.tail, width: 160).first)
    #expect(line.hasSuffix("\u{2026}") && string.hasPrefix(String(line.dropLast())))
    #expect(line.count > 5)
  }

  @Test func headKeepsTheEnd() throws {
    let line = try #require(shown(.head, width: 160).first)
    #expect(line.hasPrefix("\u{2026}"))
    let kept = String(line.dropFirst())
    #expect(string.hasSuffix(kept) && kept.count > 5)
    #expect(kept.first != " ")
  }

  @Test func middleKeepsBothEndsAboutEvenly() throws {
    let layout = engine.layout(text(.middle), width: 200)
    let line = try #require(layout.lines.first?.string)
    let parts = line.split(separator: "\u{2026}", omittingEmptySubsequences: false)
    try #require(parts.count == 2)
    #expect(string.hasPrefix(String(parts[0])) && string.hasSuffix(String(parts[1])))
    #expect(parts[0].count >= 5 && parts[1].count >= 5)
    #expect(abs(parts[0].count - parts[1].count) <= 4)
    #expect(parts[0].last != " " && parts[1].first != " ")
    #expect(layout.isTruncated)
  }

  /// Every mode keeps within the width, at every width from a few points to the whole text.
  @Test(arguments: TextContent.TruncationMode.allCases)
  func staysInsideTheWidth(_ mode: TextContent.TruncationMode) {
    for width in stride(from: 20.0, through: 400, by: 7) {
      let layout = engine.layout(text(mode), width: width)
      #expect(layout.lines.count == 1)
      #expect(layout.size.width <= width + 0.01, "\(mode) at \(width): \(layout.size.width)")
    }
  }

  /// With several lines the mode applies to the last one shown; the lines before it are whole.
  @Test func onlyTheLastLineIsCut() throws {
    let full = shown(.tail, width: 150, lines: 0)
    let head = shown(.head, width: 150, lines: 2)
    try #require(full.count > 2 && head.count == 2)
    #expect(head[0] == full[0])
    #expect(head[1].hasPrefix("\u{2026}") && string.hasSuffix(String(head[1].dropFirst())))
  }

  /// Without an ellipsis the text is cut at the end, whatever the mode; text that fits is
  /// not touched.
  @Test func noEllipsisAndNoCut() {
    var plain = text(.middle)
    plain.truncatesWithEllipsis = false
    let cut = engine.layout(plain, width: 160).lines.first?.string ?? ""
    #expect(!cut.contains("\u{2026}") && string.hasPrefix(cut))
    #expect(engine.layout(text(.middle), width: 2000).lines.first?.string == string)
    #expect(engine.layout(text(.head), width: 2000) == engine.layout(text(.tail), width: 2000))
  }

  /// A combining mark whose base was cut away is not kept on its own.
  @Test func marksStayWithTheirBases() throws {
    var t = TextContent(
      "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
      font: Font(family: "DejaVu Sans", size: 17))
    t.maximumLines = 1
    for mode in TextContent.TruncationMode.allCases {
      t.truncationMode = mode
      for width in stride(from: 20.0, through: 80, by: 3) {
        let line = try #require(engine.layout(t, width: width).lines.first)
        let scalars = line.glyphs.flatMap { $0.characters ?? [$0.scalar] }
        for (i, s) in scalars.enumerated() where s == "\u{301}" {
          #expect(i > 0 && scalars[i - 1] == "e", "\(mode) at \(width): \(scalars)")
        }
      }
    }
  }
}

/// The first baseline the text engine gives flexbox, and where a text node puts it.
@Suite struct TextBaselineTests {
  let engine = TextEngine(catalog: dejaVuCatalog)

  @Test func theFirstLinesBaselinePlacedAsTheNodePlacesItsLines() throws {
    let text = TextContent("Baseline", font: Font(family: "DejaVu Sans", size: 20))
    let layout = engine.layout(text, width: 300)
    let b = try #require(engine.firstBaseline(of: text, width: 300, height: 100))
    #expect(b == layout.lines.first?.baseline && b > 10 && b < layout.size.height)
    let node = TextNode(text: text, verticalAlignment: .top)
    let box = Size(width: 300, height: 100)
    #expect(node.firstBaseline(in: box, measurer: engine) == b)
    node.verticalAlignment = .center
    #expect(node.firstBaseline(in: box, measurer: engine) == (100 - layout.size.height) / 2 + b)
    node.verticalAlignment = .bottom
    #expect(node.firstBaseline(in: box, measurer: engine) == 100 - layout.size.height + b)
    #expect(node.firstBaseline(in: box, measurer: nil) == nil)
  }
}

import Strata
import StrataTestSupport
import StrataText
import Testing

/// Text that shrinks to fit before it is cut (`minimumScaleFactor`), as UIKit's labels do.
@Suite struct TextFittingTests {
  let engine = TextEngine(catalog: dejaVuCatalog)

  func title(_ minimum: Double, lines: Int = 1) -> TextContent {
    var t = TextContent(
      "Welcome to your new favourite app", font: Font(family: "DejaVu Sans", size: 24))
    t.maximumLines = lines
    t.minimumScaleFactor = minimum
    return t
  }

  @Test func shrinksToTheLargestSizeThatFits() throws {
    let width = 300.0
    let cut = engine.layout(title(1), width: width)
    #expect(cut.isTruncated)
    let fitted = engine.layout(title(0.5), width: width)
    #expect(!fitted.isTruncated && fitted.size.width <= width + 0.01)
    let size = try #require(fitted.lines.first?.glyphs.first?.size)
    #expect(size < 24 && size >= 12)
    // The largest that fits: a little larger does not.
    let larger = engine.layout(title(1).scaled(by: size / 24 * 1.01), width: width)
    #expect(larger.isTruncated || larger.size.width > width)
    // The glyph runs drawn are the fitted ones.
    let runs = engine.shape(
      title(0.5), in: Rect(x: 0, y: 0, width: width, height: 40), verticalAlignment: .top)
    #expect(runs.first?.size == size)
  }

  @Test func atTheMinimumItIsCutAsBefore() {
    let fitted = engine.layout(title(0.9), width: 150)
    #expect(fitted.isTruncated)
    #expect(fitted.lines.first?.glyphs.first?.size == 24 * 0.9)
    // Text that fits is not touched, and a factor out of range counts as 1.
    #expect(engine.layout(title(0.5), width: 2000) == engine.layout(title(1), width: 2000))
    var odd = title(.nan)
    odd.minimumScaleFactor = .nan
    #expect(odd.usableMinimumScaleFactor == 1)
    odd.minimumScaleFactor = -3
    #expect(odd.usableMinimumScaleFactor == 0.01)
  }

  /// Two lines allowed: it shrinks until the words fit in two.
  @Test func linesCountToo() {
    let fitted = engine.layout(title(0.5, lines: 2), width: 200)
    #expect(!fitted.isTruncated && fitted.lines.count <= 2)
  }
}

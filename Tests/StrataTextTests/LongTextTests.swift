import Strata
import StrataIO
import StrataRaster
import StrataRender
import StrataText
import Testing

/// Long labels: layout and truncation in linear time, and a clamp on characters per text.
@Suite struct LongTextTests {
  func label(_ count: Int, spaces: Bool) -> TextContent {
    let word = spaces ? "lorem ipsum dolor " : "abcdefghijklmnopqr"
    var s = String(repeating: word, count: count / word.count + 1)
    s.removeLast(s.count - count)
    var t = TextContent(s, font: .system(size: 15))
    t.truncatesWithEllipsis = true
    return t
  }

  /// The fastest of three layouts of a label of `count` characters in a 200 × 60 frame.
  func seconds(_ count: Int, spaces: Bool) -> Double {
    let text = label(count, spaces: spaces)
    var best = Double.infinity
    for _ in 0..<3 {
      let engine = TextEngine(catalog: dejaVuCatalog)  // a fresh cache: no layout is reused
      let d = ContinuousClock().measure {
        let l = engine.layout(text, width: 200, height: 60)
        #expect(l.isTruncated)
      }
      best = Swift.min(best, Double(d.components.attoseconds) / 1e18 + Double(d.components.seconds))
    }
    return best
  }

  /// Before: the ellipsis loop measured the whole rest of the text once per character it
  /// removed (100,000 characters: 4.9 s), and an unbroken line was measured again for every
  /// character added. Ten times the text now costs about ten times the time.
  @Test(arguments: [true, false]) func truncationIsLinearInTheLength(spaces: Bool) {
    let small = seconds(10_000, spaces: spaces)
    let large = seconds(100_000, spaces: spaces)
    #expect(large / small < 30, "10× the text took \(large / small)× the time")
  }

  @Test func charactersPastTheLimitAreLeftOut() {
    let engine = TextEngine(catalog: dejaVuCatalog)
    var limit = label(TextEngine.maximumCharacters, spaces: false)
    limit.truncatesWithEllipsis = false
    var over = label(TextEngine.maximumCharacters * 10, spaces: false)
    over.truncatesWithEllipsis = false
    let a = engine.layout(limit, width: .infinity)
    let b = engine.layout(over, width: .infinity)
    #expect(a.size == b.size)
    #expect(a.lines.map(\.glyphs.count) == b.lines.map(\.glyphs.count))
    // A megabyte label costs about what the clamp's worth does.
    let small = seconds(TextEngine.maximumCharacters, spaces: true)
    let huge = seconds(1 << 20, spaces: true)
    #expect(huge / small < 3, "a megabyte took \(huge / small)× the clamp's time")
  }

  /// The sums kept as items come are the widths measured afresh, so lines break where they did.
  @Test func linesBreakWhereAFreshMeasureSays() {
    let engine = TextEngine(catalog: dejaVuCatalog)
    var t = TextContent(
      "Our prints are the perfect way to enjoy your best memories, AVAVAV WAWA To Ty.",
      font: .system(size: 17))
    t.truncatesWithEllipsis = true
    for width in stride(from: 40.0, through: 320, by: 7) {
      let l = engine.layout(t, width: width)
      for line in l.lines { #expect(line.width <= width + 1e-9 || line.glyphs.count == 1) }
      let cut = engine.layout(t, width: width, height: 30)
      if let last = cut.lines.last, cut.isTruncated {
        #expect(last.width <= width + 1e-9 || last.glyphs.count <= 2, "width \(width)")
        #expect(last.glyphs.last?.scalar == "\u{2026}")
      }
    }
  }
}

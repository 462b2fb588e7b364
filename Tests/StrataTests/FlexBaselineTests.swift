import Strata
import Testing

/// `alignItems: baseline` (CSS Flexbox §8.3, §9.4.8): in a row, items line up their first
/// baselines: text's first line, a box's first child's, an empty box's bottom edge. (Held to
/// Chromium in FlexChromiumTests.baselinesMatchABrowser.)
@Suite struct FlexBaselineTests {
  /// One line per paragraph, as tall as 1.25 × the size, its baseline at 0.8 × the size.
  struct Measurer: TextMeasurer {
    func size(of text: TextContent, width: Double) -> Size {
      let s = text.runs.first?.font.size ?? 0
      return Size(width: Double(text.string.count) * s / 2, height: s * 1.25)
    }
    func firstBaseline(of text: TextContent, width: Double, height: Double) -> Double? {
      (text.runs.first?.font.size ?? 0) * 0.8
    }
  }

  func text(_ size: Double, _ name: String) -> TextNode {
    let t = TextNode(text: TextContent("Hello", font: .system(size: size)), name: name)
    t.flexStyle = FlexStyle()
    return t
  }

  @Test func textOfDifferentSizesSharesOneBaseline() throws {
    let row = Node(frame: Rect(x: 0, y: 0, width: 375, height: 100))
    row.flexStyle = FlexStyle {
      $0.flexDirection = .row
      $0.alignItems = .baseline
    }
    let big = text(40, "big")
    let small = text(12, "small")
    let box = Node(name: "box")
    box.flexStyle = FlexStyle {
      $0.width = .points(20)
      $0.height = .points(10)
      $0.margin.top = .points(3)
    }
    for n in [small, big, box] { row.addChild(n) }
    row.layoutStyledChildren(measurer: Measurer())
    // The tallest ascent is the big text's: 32 points; everything lines up there.
    #expect(big.frame.minY == 0)
    #expect(small.frame.minY + 12 * 0.8 == 32)
    // A box without text: its bottom edge (below its top margin) is its baseline.
    #expect(box.frame.maxY == 32)
    // alignSelf overrides: the small text back at the top.
    small.flexStyle?.alignSelf = .flexStart
    row.layoutStyledChildren(measurer: Measurer())
    #expect(small.frame.minY == 0 && big.frame.minY == 0)
  }

  /// A container's baseline is its first child's, where that child sits.
  @Test func aBoxTakesItsFirstChildsBaseline() {
    let row = Node(frame: Rect(x: 0, y: 0, width: 375, height: 200))
    row.flexStyle = FlexStyle {
      $0.flexDirection = .row
      $0.alignItems = .baseline
    }
    let card = Node(name: "card")
    card.flexStyle = FlexStyle { $0.padding.top = .points(30) }
    card.addChild(text(20, "inner"))
    let label = text(20, "label")
    row.addChild(card)
    row.addChild(label)
    row.layoutStyledChildren(measurer: Measurer())
    // The card's baseline: 30 of padding and 16 into its text.
    #expect(card.frame.minY == 0 && label.frame.minY == 30)
  }

  /// In a column an item's baseline does not run across the axis: it sits at its own start,
  /// the left (the right, right to left).
  @Test func inAColumnBaselineIsTheStart() {
    let column = Node(frame: Rect(x: 0, y: 0, width: 300, height: 200))
    column.flexStyle = FlexStyle { $0.alignItems = .baseline }
    let item = Node(name: "item")
    item.flexStyle = FlexStyle {
      $0.width = .points(50)
      $0.height = .points(20)
    }
    column.addChild(item)
    column.layoutStyledChildren(measurer: nil)
    #expect(item.frame.minX == 0)
    column.layoutStyledChildren(measurer: nil, direction: .rightToLeft)
    #expect(item.frame.maxX == 300)
  }
}

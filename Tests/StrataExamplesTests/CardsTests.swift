import Foundation
import Strata
import StrataExamples
import StrataRender
import StrataTesting
import Testing

@Suite struct CardsTests {
  @Test(arguments: GoldenCatalog.cardsPositions)
  func framesMatchTheirGoldens(position: Double) throws {
    let cards = CardsExample()
    let image = try FrameRenderer(scale: 1).render(cards, pagePosition: position)
    try goldens.check(image, named: "cards-\(position)")
  }

  func indicator(_ c: CardsExample) -> PageIndicatorNode? {
    c.layoutIfNeeded()
    return c.root.descendant(named: "page control") as? PageIndicatorNode
  }

  func touch(_ c: CardsExample, _ phase: TouchEvent.Phase, x: Double, at t: Double) {
    c.handle(TouchEvent(phase, at: Point(x: x, y: 300), time: t))
  }

  /// As the seed's scrollViewWillEndDragging: the dot moves when the finger lets go, to the
  /// page the scroll will settle on — not when the pages cross half way.
  @Test func theIndicatorChangesAtReleaseToTheTarget() throws {
    let c = CardsExample()
    // A quick flick released early: 80 points in 0.05 s.
    touch(c, .down, x: 300, at: 0)
    for k in 1...12 { touch(c, .move, x: 300 - Double(k) * 80 / 12, at: Double(k) * 0.05 / 12) }
    #expect(indicator(c)?.pagePosition == 0, "unchanged while the finger is down")
    touch(c, .up, x: 220, at: 0.05)
    #expect(c.pagePosition < 0.5)
    #expect(indicator(c)?.pagePosition == 1, "the target, at release")
    c.advance(by: 2)
    #expect(c.currentPage == 1 && indicator(c)?.pagePosition == 1)
    // A slow drag past half way, still held: the dot stays.
    touch(c, .down, x: 350, at: 3)
    for k in 1...40 { touch(c, .move, x: 350 - Double(k) * 6, at: 3 + Double(k) * 0.02) }
    #expect(c.pagePosition > 1.5)
    #expect(indicator(c)?.pagePosition == 1)
    touch(c, .up, x: 110, at: 3.82)
    #expect(indicator(c)?.pagePosition == 2)
  }

  /// "Começar" is hidden with alpha 0 before the last page: not drawn, and no tap finds it.
  @Test func theButtonIsOnlyOnTheLastPage() throws {
    let c = CardsExample()
    func buttonAt(_ page: Int) -> String? {
      c.setPagePosition(Double(page))
      c.layoutIfNeeded()
      guard let node = c.root.descendant(named: "Começar \(page)") else { return nil }
      let centre = node.convert(Point(x: node.bounds.midX, y: node.bounds.midY), to: nil)
      return centre.flatMap { c.root.hitTest($0)?.enclosingControl?.name }
    }
    #expect(buttonAt(0) == nil)
    #expect(buttonAt(1) == nil)
    #expect(buttonAt(2) == "Começar 2")
    var taps: [TutorialEvent] = []
    c.events.subscribe { taps.append($0.event) }
    _ = try c.play(try GestureScript("tap 'Começar 2'"))
    #expect(taps == [.tap(action: CardsExample.startAction, button: "Começar 2", page: 2)])
  }

  /// Bounce off: no overscroll at either end, whatever the finger does.
  @Test func nothingBouncesPastTheEnds() throws {
    let c = CardsExample()
    var lowest = 0.0
    var highest = 0.0
    for script in [
      "drag 100 300 to 350 300 in 0.3; wait 1",
      "swipe left fast; wait 1; swipe left fast; wait 1; swipe left fast; wait 1",
    ] {
      for f in try c.play(try GestureScript(script)) {
        lowest = min(lowest, f.pagePosition)
        highest = max(highest, f.pagePosition)
      }
    }
    #expect(lowest == 0)
    #expect(highest == 2)
    #expect(c.currentPage == 2)
  }

  /// UIPageControl's taps: the right half steps forward, the left half back.
  @Test func tappingAHalfOfThePageControlSteps() throws {
    let c = CardsExample()
    let bar = try #require(indicator(c))
    let y = try #require(bar.convert(Point(x: 0, y: bar.bounds.midY), to: nil)).y
    _ = try c.play(try GestureScript("tap 300 \(y); wait 1"))
    #expect(c.currentPage == 1)
    _ = try c.play(try GestureScript("tap 300 \(y); wait 1; tap 60 \(y); wait 1"))
    #expect(c.currentPage == 1)
    _ = try c.play(try GestureScript("tap 60 \(y); wait 1; tap 60 \(y); wait 1"))
    #expect(c.currentPage == 0)
  }
}

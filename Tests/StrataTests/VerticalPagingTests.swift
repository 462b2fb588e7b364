import Strata
import Testing

/// Vertical pages: stacked, page 0 on top, every layer moving along y, fingers dragging up and
/// down, the layout direction leaving the order alone.
@Suite struct VerticalPagingTests {
  final class Pages: TutorialController, LabelDataSource, IconDataSource,
    DynamicBackgroundDataSource
  {
    init() {
      super.init(pageSize: Size(width: 300, height: 600))
      pagingAxis = .vertical
    }
    var numberOfPages: Int { 3 }
    func label(at page: Int) -> Node? {
      TextNode(
        text: TextContent("Page \(page)", font: .system(size: 17)),
        frame: Rect(x: 0, y: 0, width: 100, height: 20), name: "label \(page)")
    }
    func icon(at page: Int) -> Node? {
      Node(frame: Rect(x: 0, y: 0, width: 40, height: 40), name: "icon \(page)")
    }
    func dynamicBackground(at page: Int) -> Node? { Node(name: "background \(page)") }
  }

  static func origin(of name: String, in c: TutorialController) -> Point? {
    _ = c.scene()
    var found: Point?
    c.root.forEachInSubtree { n in
      if n.name == name { found = n.transformToRoot.apply(to: Point(x: 0, y: 0)) }
    }
    return found
  }

  static func events(_ c: TutorialController, _ body: () -> Void) -> [String] {
    CircularPagingTests.events(c, body)
  }

  static func stroke(_ c: TutorialController, from a: Point, to b: Point) {
    let t = c.time
    c.handle(TouchEvent(.down, at: a, time: t))
    for k in 1...10 {
      c.handle(TouchEvent(.move, at: a.lerp(to: b, Double(k) / 10), time: t + Double(k) / 60))
    }
    c.handle(TouchEvent(.up, at: b, time: t + 11.0 / 60))
    let end = c.time
    for k in 1...60 { c.advance(to: end + Double(k) / 60) }
  }

  @Test func everyLayerMovesAlongY() throws {
    let c = Pages()
    let strip = c.labelsStripFrame
    c.setPagePosition(0.5)
    #expect(c.transition.axis == .vertical && c.transition.pageLength == 600)
    #expect(c.contentOffset == 300)
    let bg = try #require(Self.origin(of: "background 1", in: c))
    #expect(bg == Point(x: 0, y: 300))
    let label = try #require(Self.origin(of: "label 1", in: c))
    #expect(label.x == 100 && label.y == strip.minY + 300)
    let label0 = try #require(Self.origin(of: "label 0", in: c))
    #expect(label0.y == strip.minY - 300)
    // Icons keep their x (no travel along the arc) and move with their page.
    let icon = try #require(Self.origin(of: "icon 1", in: c))
    #expect(icon.x == 130 && icon.y == c.arcTop - 20 + 300)
    #expect(c.mainScrollNode.contentSize == Size(width: 300, height: 1800))
  }

  @Test func fingersDragUpAndDownNotSideways() {
    let c = Pages()
    let heard = Self.events(c) {
      Self.stroke(c, from: Point(x: 150, y: 400), to: Point(x: 150, y: 150))
      #expect(c.pagePosition == 1)
      Self.stroke(c, from: Point(x: 250, y: 300), to: Point(x: 20, y: 300))
      #expect(c.pagePosition == 1)
      Self.stroke(c, from: Point(x: 150, y: 150), to: Point(x: 150, y: 400))
    }
    // The sideways stroke was a drag (it came to rest where it began), not a page change.
    #expect(
      heard == [
        "drag 0", "release →1", "page 0→1", "settled 1", "drag 1", "release →1", "settled 1",
        "drag 1", "release →0", "page 1→0", "settled 0",
      ])
  }

  @Test func discreteSwipesGoUpAndDown() {
    let c = Pages()
    c.swipeMode = .discrete
    let heard = Self.events(c) {
      Self.stroke(c, from: Point(x: 150, y: 400), to: Point(x: 150, y: 150))
      Self.stroke(c, from: Point(x: 150, y: 150), to: Point(x: 150, y: 400))
    }
    #expect(
      heard == ["swiped up", "page 0→1", "settled 1", "swiped down", "page 1→0", "settled 0"])
  }

  @Test func rightToLeftLeavesTheOrderAlone() throws {
    let c = Pages()
    c.layoutDirection = .rightToLeft
    c.setPagePosition(0.5)
    #expect(try #require(Self.origin(of: "background 1", in: c)) == Point(x: 0, y: 300))
    #expect(!c.transition.isRightToLeft)
  }

  @Test func parallaxAndTransitionsRunAlongTheAxis() {
    let t = PageTransition(
      offset: 150, pageWidth: 300, pageCount: 3, pageHeight: 600, axis: .vertical)
    #expect(t.pagePosition == 0.25 && t.along(5) == Vector(dx: 0, dy: 5))
    let node = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    Parallax(speed: 0.5).animate(node, page: 1, transition: t)
    // Page 1 is 0.75 pages below: half as far, 225 points back up.
    #expect(node.transform == Transform(translation: Vector(dx: 0, dy: -225)))
    #expect(t.centerX(of: 1) == 150)
  }

  @Test func theAccessibilityTreeFollows() {
    let c = Pages()
    c.setPagePosition(1)
    let labels = c.accessibilityTree().elements.map(\.label)
    #expect(labels.contains { $0.contains("Page 1") } && !labels.contains { $0.contains("Page 0") })
  }

  @Test func switchingTheAxisMidDragEndsTheDragAndKeepsThePage() {
    let c = Pages()
    c.pagingAxis = .horizontal
    c.setPagePosition(1)
    c.handle(TouchEvent(.down, at: Point(x: 250, y: 300), time: 0))
    c.handle(TouchEvent(.move, at: Point(x: 200, y: 300), time: 0.03))
    c.handle(TouchEvent(.move, at: Point(x: 150, y: 300), time: 0.05))
    let mid = c.pagePosition
    #expect(mid > 1)
    c.pagingAxis = .vertical
    #expect(!c.isTouching && c.pagePosition == mid)
    c.handle(TouchEvent(.move, at: Point(x: 50, y: 100), time: 0.1))
    c.handle(TouchEvent(.up, at: Point(x: 50, y: 100), time: 0.15))
    #expect(c.pagePosition == mid)
  }

  @Test func verticalPagesGoRoundToo() {
    let c = Pages()
    c.isCircular = true
    c.setPagePosition(2)
    let heard = Self.events(c) {
      Self.stroke(c, from: Point(x: 150, y: 400), to: Point(x: 150, y: 150))
    }
    #expect(heard == ["drag 2", "release →0", "page 2→0", "settled 0"])
  }

  @Test func aScriptSwipesUp() throws {
    let c = Pages()
    _ = try c.play(GestureScript("swipe up; wait 1"))
    #expect(c.currentPage == 1)
  }
}

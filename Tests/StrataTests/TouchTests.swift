import Strata
import Testing

/// A page button (in the wireframe) that the opaque card covers at its bottom half.
final class CoveredButtonTutorial: TutorialController, WireframeDataSource, StaticContentDataSource
{
  var numberOfPages: Int { 3 }
  override var staticContentHeight: Double { 200 }
  func wireframe(at page: Int) -> Node? {
    // 300 tall, centred: from y 183.5 to 483.5; the card starts at 467.
    let frame = Node(frame: Rect(x: 0, y: 0, width: 300, height: 300), name: "frame \(page)")
    frame.addChild(
      ButtonNode(
        title: TextContent("PAGE", font: .system(size: 14)), actionIdentifier: "page",
        frame: Rect(x: 0, y: 200, width: 300, height: 100), name: "page button \(page)"))
    return frame
  }
  func staticContent() -> Node? {
    let card = Node(name: "card")
    card.backgroundColor = .white
    card.addChild(
      ButtonNode(
        title: TextContent("START", font: .system(size: 14)), actionIdentifier: "start",
        frame: Rect(x: 60, y: 120, width: 255, height: 48), name: "START"))
    return card
  }
}

@Suite struct TouchTests {
  func tap(_ c: TutorialController, _ p: Point) {
    c.handle(TouchEvent(.down, at: p, time: c.time + 0.1))
    c.handle(TouchEvent(.up, at: p, time: c.time + 0.05))
  }

  @Test func onlyTheTopmostNodeTakesATap() {
    let c = CoveredButtonTutorial()
    let recorder = Recorder()
    c.delegate = recorder
    _ = c.scene()
    tap(c, Point(x: 187.5, y: 475))  // on the card, over the covered part of the page button
    #expect(recorder.taps.isEmpty)
    tap(c, Point(x: 187.5, y: 420))  // on the uncovered part of the page button
    #expect(recorder.taps == ["page"])
    tap(c, Point(x: 187.5, y: 467 + 144))  // the card's own button
    #expect(recorder.taps == ["page", "start"])
  }

  @Test func textAndImagesLetTapsThroughButCardsDoNot() {
    let root = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let button = ButtonNode(
      title: TextContent("B", font: .system(size: 10)), actionIdentifier: "b",
      frame: Rect(x: 0, y: 0, width: 100, height: 100))
    root.addChild(button)
    let label = TextNode(text: TextContent("over", font: .system(size: 10)), frame: root.bounds)
    root.addChild(label)
    #expect(root.hitTest(Point(x: 50, y: 50)) === button)
    let card = Node(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    root.addChild(card)
    #expect(root.hitTest(Point(x: 50, y: 25)) === card)
    #expect(root.hitTest(Point(x: 50, y: 75)) === button)
    card.isUserInteractionEnabled = false
    #expect(root.hitTest(Point(x: 50, y: 25)) === button)
  }

  @Test func disabledScrollingIsHonoured() {
    let c = ButtonTutorial()
    _ = c.scene()
    c.mainScrollNode.isScrollEnabled = false
    drag(c, from: Point(x: 300, y: 100), to: Point(x: 50, y: 100), duration: 0.2)
    settle(c)
    #expect(c.pagePosition == 0)
    // Buttons still work.
    c.showNextPage(animated: false)
    #expect(c.pagePosition == 1)
    c.mainScrollNode.isScrollEnabled = true
    drag(c, from: Point(x: 300, y: 100), to: Point(x: 50, y: 100), duration: 0.2)
    settle(c)
    #expect(c.pagePosition == 2)
  }

  @Test func dragsStartOnlyInTheSwipeRegion() {
    let c = ButtonTutorial()
    c.preferredSwipeRegion = Rect(x: 0, y: 0, width: 375, height: 400)
    _ = c.scene()
    drag(c, from: Point(x: 300, y: 500), to: Point(x: 50, y: 500), duration: 0.2)
    settle(c)
    #expect(c.pagePosition == 0, "a drag below the region does not page")
    drag(c, from: Point(x: 300, y: 300), to: Point(x: 50, y: 600), duration: 0.2)
    settle(c)
    #expect(c.pagePosition == 1, "one that starts inside does, wherever it goes")
  }

  @Test func aDragFromAButtonCanStayWithTheButton() throws {
    let c = ButtonTutorial()
    let recorder = Recorder()
    c.delegate = recorder
    _ = c.scene()
    let start = try #require(c.root.descendant(named: "START"))
    let centre = try #require(start.convert(start.bounds.center, to: nil))
    c.mainScrollNode.canCancelContentTouches = false
    drag(c, from: centre, to: Point(x: centre.x - 60, y: centre.y), duration: 0.2)
    settle(c)
    #expect(c.pagePosition == 0, "the pages did not move")
    #expect(recorder.taps == ["start"], "lifting on the button taps it")
    // Moving off the button and lifting there taps nothing.
    drag(c, from: centre, to: Point(x: centre.x, y: centre.y - 200), duration: 0.2)
    #expect(recorder.taps == ["start"])
    #expect((start as? ButtonNode)?.isHighlighted == false)
    // The default: the drag pages and the button fires nothing.
    c.mainScrollNode.canCancelContentTouches = true
    drag(c, from: centre, to: Point(x: centre.x - 250, y: centre.y), duration: 0.2)
    settle(c)
    #expect(c.pagePosition == 1)
    #expect(recorder.taps == ["start"])
  }
}

/// Counts what the delegate hears.
final class ScrollCounter: TutorialDelegate {
  var scrolls = 0
  func tutorialController(_ c: TutorialController, didScroll t: PageTransition) { scrolls += 1 }
}

@Suite struct OneSourceOfTruthTests {
  @Test func gettersHaveNoSideEffects() {
    let c = TutorialController()
    let source = FullSource(pages: 5)
    c.dataSource = source
    let counter = ScrollCounter()
    c.delegate = counter
    c.setPagePosition(1.5)
    let requests = source.requests
    let scrolls = counter.scrolls
    for _ in 0..<3 {
      _ = c.pageCount
      _ = c.pagePosition
      _ = c.contentOffset
      _ = c.transition
      _ = c.offsetRange
      _ = c.roundnessArc
      _ = c.staticContentFrame
      _ = c.labelsStripFrame
      _ = c.loadedPages
      _ = c.scrollPhysics
    }
    #expect(source.requests == requests, "a getter asked the data source")
    #expect(counter.scrolls == scrolls, "a getter ran an update")
    // Inputs reload at once, so getters are current without a reload of their own.
    source.pagesOverride = 2
    c.reloadData()
    #expect(c.pageCount == 2 && c.pagePosition == 1)
    c.pageSize = Size(width: 500, height: 800)
    #expect(c.contentOffset == 500 && c.staticContentFrame.width == 500)
  }

  @Test func theOffsetLivesInTheScrollModel() {
    let c = TutorialController()
    c.dataSource = FullSource(pages: 4)
    for p in [0.0, 1.25, 2.5, -0.4, 3.3] {
      c.setPagePosition(p)
      #expect(c.scrollPhysics.offset == c.contentOffset)
      #expect(c.mainScrollNode.contentOffset.x == c.contentOffset)
      #expect(c.labelsScrollNode.contentOffset.x == c.contentOffset)
    }
    #expect(c.mainScrollNode.contentSize == Size(width: 4 * 375, height: 667))
    #expect(c.backgroundsScrollNode.contentSize == .zero, "only the main scroll node scrolls")
  }

  @Test func pagingCanBeTurnedOffOnTheMainScrollNode() {
    let c = ButtonTutorial()
    _ = c.scene()
    c.mainScrollNode.isPagingEnabled = false
    drag(c, from: Point(x: 300, y: 100), to: Point(x: 150, y: 100), duration: 0.5)
    settle(c)
    #expect(c.pagePosition > 0.2 && c.pagePosition < 0.8, "it stops between pages")
    c.mainScrollNode.isPagingEnabled = true
    c.setPagePosition(0)
    drag(c, from: Point(x: 300, y: 100), to: Point(x: 150, y: 100), duration: 0.5)
    settle(c)
    #expect(c.pagePosition == 0 || c.pagePosition == 1)
  }
}

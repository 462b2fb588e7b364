import Strata
import StrataTesting
import Testing

/// A data source with a node in every layer that counts how often it is asked.
final class FullSource: StaticBackgroundDataSource, DynamicBackgroundDataSource,
  WireframeDataSource, InnerWireframeDataSource, StaticContentDataSource, LabelDataSource,
  IconDataSource
{
  let pages: Int
  var requests = 0
  /// A page count that replaces `pages`, to change the data.
  var pagesOverride: Int?
  init(pages: Int) { self.pages = pages }
  var numberOfPages: Int { pagesOverride ?? pages }
  func staticBackground() -> Node? {
    requests += 1
    return Node(name: "staticBackground")
  }
  func dynamicBackground(at page: Int) -> Node? {
    requests += 1
    return Node(name: "background \(page)")
  }
  func wireframe(at page: Int) -> Node? {
    requests += 1
    return Node(frame: Rect(x: 0, y: 0, width: 200, height: 400), name: "wireframe \(page)")
  }
  func innerWireframe(at page: Int) -> Node? {
    requests += 1
    return Node(frame: Rect(x: 0, y: 0, width: 180, height: 300), name: "inner \(page)")
  }
  func staticContent() -> Node? {
    requests += 1
    return Node(name: "staticContent")
  }
  func label(at page: Int) -> Node? {
    requests += 1
    return Node(frame: Rect(x: 0, y: 0, width: 300, height: 50), name: "label \(page)")
  }
  func icon(at page: Int) -> Node? {
    requests += 1
    return Node(frame: Rect(x: 0, y: 0, width: 40, height: 40), name: "icon \(page)")
  }
}

/// Cross-fades every paged layer and slides backgrounds, as the animals example does.
struct FadeAnimator: DynamicBackgroundAnimator, WireframeAnimator, StaticContentAnimator,
  LabelAnimator
{
  func animateDynamicBackground(_ node: Node, page: Int, transition: PageTransition) {
    let p = transition.position(of: page)
    node.alpha = max(0, 1 - p * p)
    node.transform = Transform(translationX: -175 * p, y: 0)
  }
  func animateWireframe(_ node: Node, page: Int, transition: PageTransition) {
    node.alpha = transition.visibility(of: page)
    node.transform = Transform(rotation: transition.arc.angle(atX: transition.centerX(of: page)))
  }
  func animateLabel(_ node: Node, page: Int, transition: PageTransition) {
    node.alpha = transition.visibility(of: page)
  }
  func animateStaticContent(_ node: Node, transition: PageTransition) {
    node.backgroundColor = Color(white: transition.pagePosition.clamped(to: 0...1))
  }
}

func makeController(
  pages: Int = 3, roundness: Double = 10, animator: (any TutorialAnimator)? = FadeAnimator()
)
  -> (TutorialController, FullSource)
{
  let source = FullSource(pages: pages)
  let c = TutorialController(pageSize: Size(width: 375, height: 667))
  c.dataSource = source
  c.animator = animator
  c.preferredRoundnessHeight = roundness
  c.preferredStaticContentHeight = 667 * 450 / 1136
  return (c, source)
}

@Suite struct ControllerTests {
  @Test func defaultIconMotionRidesTheArc() throws {
    let (c, _) = makeController(animator: nil)
    let arc = c.roundnessArc
    for position in [0.25, 0.5, 0.75, 1.0] {
      c.setPagePosition(position)
      let scene = c.scene()
      // Icon of page 1 is centred at x = W/2 + (1 − position)·W.
      let icon = try #require(scene.node(named: "icon 1"))
      let x = 187.5 + (1 - position) * 375
      let centre = icon.transform.apply(to: icon.bounds.center)
      #expect(centre.x.isApproximatelyEqual(to: x, tolerance: 1e-9))
      #expect(centre.y.isApproximatelyEqual(to: c.arcTop + arc.drop(atX: x), tolerance: 1e-9))
      #expect(
        icon.transform.rotationAngle.isApproximatelyEqual(to: arc.angle(atX: x), tolerance: 1e-12))
      #expect(icon.alpha.isApproximatelyEqual(to: position, tolerance: 1e-12))
    }
  }

  @Test func iconAtHalfAPageDropsByTheReferenceAmount() throws {
    let (c, _) = makeController(animator: nil)
    c.setPagePosition(0.5)
    let icon = try #require(c.scene().node(named: "icon 0"))
    let centre = icon.transform.apply(to: icon.bounds.center)
    #expect(abs(centre.y - c.arcTop - 10) < 0.01)  // x = W/2 − W/2 → the arc's end: drop 10
    #expect(abs(icon.transform.rotationAngle * 180 / Double.pi + 6.11) < 0.01)
  }

  @Test func onlyNumberOfPagesIsRequired() {
    struct Bare: TutorialDataSource { var numberOfPages: Int { 4 } }
    let c = TutorialController()
    c.dataSource = Bare()
    for o: Double in [-500, 0, 100, 1125, 10_000] { c.setContentOffset(o) }
    let scene = c.scene()
    #expect(scene.size == Size(width: 375, height: 667))
    #expect(c.pageCount == 4)
  }

  @Test(arguments: [0, 1])
  func zeroAndOnePageWork(pages: Int) {
    let (c, _) = makeController(pages: pages)
    for o in [-1000.0, -10, 0, 10, 375, 5000, .nan, .infinity, -.infinity] {
      c.setContentOffset(o)
      let scene = c.scene()
      #expect(!scene.nodes.isEmpty)
      #expect(c.contentOffset.isFinite)
    }
    #expect(c.currentPage == 0)
  }

  @Test func absurdPageCountsAreClampedAndStayExact() {
    struct Endless: TutorialDataSource { var numberOfPages: Int { Int.max } }
    let c = TutorialController()
    c.dataSource = Endless()
    #expect(c.pageCount == TutorialController.maximumPageCount)
    c.scroll(toPage: Int.max, animated: false)
    #expect(c.currentPage == TutorialController.maximumPageCount - 1)
    c.setContentOffset(.infinity)
    #expect(c.scene().nodes.allSatisfy { $0.transform.isFinite })
    c.showNextPage()
    c.advance(by: 1)
    #expect(c.currentPage == TutorialController.maximumPageCount - 1)
  }

  @Test func offsetsAreClampedToOnePageOfOverscroll() {
    let (c, _) = makeController(pages: 3)
    c.setContentOffset(-10_000)
    #expect(c.contentOffset == -375)
    c.setContentOffset(.infinity)
    #expect(c.contentOffset == 3 * 375)
    c.setContentOffset(400)
    c.setContentOffset(.nan)
    #expect(c.contentOffset == 400)
    c.setPagePosition(.nan)
    #expect(c.contentOffset == 400)
  }

  @Test func bounceKeepsTheFirstPageAnimated() throws {
    let (c, _) = makeController()
    c.setContentOffset(-100)
    let label = try #require(c.scene().node(named: "label 0"))
    #expect(label.alpha.isApproximatelyEqual(to: 1 - 100.0 / 375, tolerance: 1e-12))
    #expect(label.frame.minX.isApproximatelyEqual(to: 37.5 + 100, tolerance: 1e-9))
  }

  @Test func everyScrollNodeFollowsTheMasterOffset() {
    let (c, _) = makeController()
    c.setContentOffset(432.5)
    for node in [c.backgroundsScrollNode, c.labelsScrollNode, c.iconsScrollNode, c.mainScrollNode] {
      #expect(node.contentOffset == Point(x: 432.5, y: 0))
    }
    #expect(c.mainScrollNode.passesTapsThrough && c.mainScrollNode.isScrollEnabled)
    #expect(!c.backgroundsScrollNode.isScrollEnabled)
  }

  @Test func framesArePureFunctionsOfTheOffset() {
    var rng = SeededRandomNumberGenerator(seed: 42)
    for _ in 0..<20 {
      let (c, _) = makeController(pages: 6)
      for _ in 0..<Int(rng.next() % 12) {
        c.setContentOffset(rng.unit() * 7 * 375 - 375)
      }
      let target = rng.unit() * 6 * 375 - 200
      c.setContentOffset(target)
      let fresh = makeController(pages: 6).0
      fresh.setContentOffset(target)
      #expect(c.scene() == fresh.scene(), "offset \(target)")
    }
  }

  @Test func onlyPagesNearTheViewportAreBuiltOrDrawn() {
    let (small, smallSource) = makeController(pages: 10)
    let (large, largeSource) = makeController(pages: 10_000)
    for step in 0...300 {
      let o = (2 + Double(step) / 60) * 375
      small.setContentOffset(o)
      large.setContentOffset(o)
    }
    #expect(smallSource.requests == largeSource.requests)
    #expect(small.scene().root.nodeCount == large.scene().root.nodeCount)
    #expect(large.scene().root.nodeCount < 40)
    large.setPagePosition(9_000.5)
    #expect(large.loadedPages == 8_999...9_002)
    #expect(largeSource.requests - smallSource.requests <= 4 * 5)
  }

  @Test func pagesLeavingTheWindowComeBackReset() throws {
    let (c, _) = makeController(pages: 20)
    c.setPagePosition(0.5)
    let wire = try #require(c.page(0)?.wireframe)
    #expect(wire.alpha == 0.5)
    c.setPagePosition(15)
    c.setPagePosition(0)
    #expect(wire.alpha == 1)
    #expect(wire.transform == .identity)
  }

  @Test func aDataSourceChangeReloads() {
    let (c, _) = makeController(pages: 3)
    _ = c.scene()
    c.dataSource = FullSource(pages: 7)
    c.setPagePosition(6)
    #expect(c.pageCount == 7)
    #expect(c.currentPage == 6)
  }

  @Test func pageSizeIsClampedAndKeepsThePagePosition() {
    let (c, _) = makeController()
    c.setPagePosition(1.5)
    c.pageSize = Size(width: 750, height: 1334)
    #expect(c.pagePosition == 1.5)
    c.pageSize = Size(width: 0, height: .nan)
    #expect(c.pageSize == Size(width: 1, height: 1))
    c.pageSize = Size(width: 1e9, height: .infinity)
    #expect(c.pageSize == Size(width: 100_000, height: 100_000))
    _ = c.scene()
    let tiny = TutorialController(pageSize: Size(width: -5, height: 0))
    tiny.dataSource = FullSource(pages: 2)
    tiny.setPagePosition(0.5)
    #expect(tiny.scene().nodes.allSatisfy { $0.transform.isFinite && $0.alpha.isFinite })
  }

  @Test func absurdLayoutValuesAreClamped() throws {
    let (c, _) = makeController()
    c.preferredStaticContentHeight = 1e9
    c.preferredRoundnessHeight = .infinity
    c.reloadData()
    c.setPagePosition(0.3)
    let scene = c.scene()
    #expect(
      scene.nodes.allSatisfy { $0.transform.isFinite && $0.frame.isFinite && !$0.alpha.isNaN })
    #expect(c.staticContentFrame.maxY == 667)
    c.preferredStaticContentHeight = -5
    c.preferredRoundnessHeight = .nan
    c.reloadData()
    #expect(c.staticContentFrame.height == 0)
  }

  @Test func delegateHearsScrollsAndPageChanges() {
    final class Listener: TutorialDelegate {
      var scrolls: [Double] = []
      var changes: [(Int, Int)] = []
      func tutorialController(_ c: TutorialController, didScroll t: PageTransition) {
        scrolls.append(t.pagePosition)
      }
      func tutorialController(_ c: TutorialController, didChangePageFrom old: Int, to new: Int) {
        changes.append((old, new))
      }
    }
    let listener = Listener()
    let (c, _) = makeController()
    c.delegate = listener
    for s in [0.0, 0.4, 0.6, 1.0, 1.7, 0.2] { c.setPagePosition(s) }
    #expect(listener.scrolls == [0.0, 0.4, 0.6, 1.0, 1.7, 0.2])
    #expect(listener.changes.map { [$0.0, $0.1] } == [[0, 1], [1, 2], [2, 0]])
  }

  @Test func staticLayersAreResetEachUpdate() throws {
    let (c, _) = makeController()
    c.setPagePosition(0.5)
    #expect(c.staticContentNode?.backgroundColor == Color(white: 0.5))
    c.animator = nil
    c.setPagePosition(0.7)
    #expect(c.staticContentNode?.backgroundColor == nil)
  }
}

/// `settled` follows a drag, a fling or a scroll call; scrubbing the position sends
/// `pageChanged` only.
@Suite struct SettledEventTests {
  @Test func settledFollowsMotionAndAJumpSendsPageChangedOnly() {
    let (c, _) = makeController()
    var events: [TutorialEvent] = []
    let token = c.events.subscribe { events.append($0.event) }
    c.setPagePosition(1)
    #expect(events == [.pageChanged(from: 0, to: 1)])
    events = []
    c.scroll(toPage: 2, animated: true)
    c.advance(by: 2)
    #expect(events.contains(.settled(page: 2)), "\(events)")
    events = []
    c.scroll(toPage: 0, animated: false)
    #expect(events.contains(.pageChanged(from: 2, to: 0)) && events.contains(.settled(page: 0)))
    // Dropping nothing: the subscription lasts until it is cancelled.
    token.cancel()
    events = []
    c.setPagePosition(1)
    #expect(events.isEmpty)
  }
}

/// Pins inside the static content follow the frame the controller gives it: the user never
/// sets the card's frame (layout owns it), as Docs/Controller.md says.
@Suite struct StaticContentPinTests {
  final class Card: StaticContentDataSource {
    var numberOfPages: Int { 3 }
    func staticContent() -> Node? {
      let card = Node(name: "card")
      let button = Node(frame: Rect(x: 0, y: 0, width: 100, height: 44), name: "start")
      card.addChild(button)
      button.pin(.leading, toSuperviewEdgeWithInset: 20)
      button.pin(.trailing, toSuperviewEdgeWithInset: 20)
      button.pin(.bottom, toSuperviewEdgeWithInset: 30)
      let title = Node(frame: Rect(x: 0, y: 0, width: 200, height: 20), name: "heading")
      card.addChild(title)
      title.centerInSuperview()
      title.pin(.top, toSuperviewEdgeWithInset: 16)
      let label = TextNode(text: TextContent("Hello"), frame: .zero, name: "label")
      card.addChild(label)
      label.pin(.leading, toSuperviewEdgeWithInset: 10)
      label.pin(.trailing, toSuperviewEdgeWithInset: 10)
      label.centerInSuperview(vertically: true)
      let stack = StackNode(
        axis: .horizontal, spacing: 8, distribution: .fillEqually,
        frame: Rect(x: 0, y: 0, width: 0, height: 30),
        arrangedNodes: [Node(name: "a"), Node(name: "b")])
      stack.name = "stack"
      card.addChild(stack)
      stack.pin(.leading, toSuperviewEdgeWithInset: 20)
      stack.pin(.trailing, toSuperviewEdgeWithInset: 20)
      stack.pin(.bottom, toSuperviewEdgeWithInset: 90)
      // Pinned before it is added (it did nothing then, and the node stayed at the top).
      let early = Node(frame: Rect(x: 0, y: 0, width: 60, height: 20), name: "early")
      early.pin(.trailing, toSuperviewEdgeWithInset: 12)
      early.pin(.bottom, toSuperviewEdgeWithInset: 8)
      early.centerInSuperview(vertically: false)
      card.addChild(early)
      let late = Node(frame: Rect(x: 0, y: 0, width: 60, height: 20), name: "late")
      late.pin(.right, toSuperviewEdgeWithInset: 12)
      late.pin(.bottom, toSuperviewEdgeWithInset: 8)
      card.addChild(late)
      return card
    }
  }

  @Test func pinsFollowTheCardsFrame() throws {
    let c = TutorialController(pageSize: Size(width: 375, height: 667))
    let source = Card()
    c.dataSource = source
    c.layoutIfNeeded()
    let card = try #require(c.staticContentNode)
    let h = c.staticContentFrame.height
    #expect(
      card.frame.size == c.staticContentFrame.size && h > 100,
      "\(card.frame) \(c.staticContentFrame)")
    func node(_ name: String) throws -> Node { try #require(card.descendant(named: name)) }
    #expect(try node("start").frame == Rect(x: 20, y: h - 30 - 44, width: 335, height: 44))
    #expect(try node("heading").frame == Rect(x: 87.5, y: 16, width: 200, height: 20))
    let label = try node("label")
    #expect(label.frame.minX == 10 && label.frame.width == 355)
    #expect(abs(label.frame.midY - h / 2) < 0.001, "centred down the card: \(label.frame)")
    #expect(try node("stack").frame == Rect(x: 20, y: h - 90 - 30, width: 335, height: 30))
    #expect(try node("b").frame == Rect(x: 171.5, y: 0, width: 163.5, height: 30))
    #expect(try node("late").frame == Rect(x: 375 - 12 - 60, y: h - 8 - 20, width: 60, height: 20))
    #expect(try node("early").frame == Rect(x: 157.5, y: h - 8 - 20, width: 60, height: 20))
    // A new page size lays the card out again.
    c.pageSize = Size(width: 320, height: 568)
    c.layoutIfNeeded()
    let resized = try #require(c.staticContentNode?.descendant(named: "start"))
    #expect(resized.frame.width == 280)
  }
}

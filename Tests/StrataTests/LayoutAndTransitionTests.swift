import Strata
import Testing

@Suite struct LayoutTests {
  @Test func layersAreStackedInOrder() throws {
    let (c, _) = makeController()
    let scene = c.scene()
    let names = scene.root.children.map { $0.name ?? "?" }
    #expect(
      names == ["staticBackground", "backgrounds", "staticContent", "labels", "icons", "main"])
  }

  @Test func staticContentIsPinnedToTheBottomAndMasked() throws {
    let (c, _) = makeController()
    let hs = 667.0 * 450 / 1136
    let node = try #require(c.scene().node(named: "staticContent"))
    #expect(node.frame.maxY.isApproximatelyEqual(to: 667, tolerance: 1e-9))
    #expect(node.frame.height.isApproximatelyEqual(to: hs + 10, tolerance: 1e-9))
    let mask = try #require(node.mask)
    #expect(!mask.contains(Point(x: 2, y: 2)))
    #expect(mask.contains(Point(x: 187.5, y: 2)))
    #expect(c.arcTop.isApproximatelyEqual(to: 667 - hs - 10, tolerance: 1e-9))
  }

  @Test func flatStaticContentHasNoMask() throws {
    let (c, _) = makeController(roundness: 0)
    #expect(try #require(c.scene().node(named: "staticContent")).mask == nil)
  }

  @Test func wireframeIsCentredAndInnerWireframeCentredInIt() throws {
    let (c, _) = makeController(animator: nil)
    let scene = c.scene()
    let wire = try #require(scene.node(named: "wireframe 0"))
    #expect(wire.frame == Rect(x: 87.5, y: 133.5, width: 200, height: 400))
    let inner = try #require(scene.node(named: "inner 0"))
    #expect(inner.frame.center == wire.frame.center)
    #expect(
      try #require(scene.node(named: "background 0")).frame
        == Rect(x: 0, y: 0, width: 375, height: 667))
  }

  @Test func iconsSitOnThePeakLineAndLabelsBelowTheArc() throws {
    let (c, _) = makeController(animator: nil)
    let scene = c.scene()
    let icon = try #require(scene.node(named: "icon 0"))
    #expect(icon.frame.midY.isApproximatelyEqual(to: c.arcTop, tolerance: 1e-9))
    #expect(icon.frame.midX.isApproximatelyEqual(to: 187.5, tolerance: 1e-9))
    let label = try #require(scene.node(named: "label 0"))
    let hs = 667.0 * 450 / 1136
    #expect(label.frame.minY.isApproximatelyEqual(to: 667 - hs + 4, tolerance: 1e-9))
    #expect(label.frame.midX == 187.5)
  }

  @Test func labelMarginsPlaceTheStrip() throws {
    final class Margins: LabelDataSource {
      var numberOfPages: Int { 2 }
      var labelsTopMargin: Double? { top }
      var labelsBottomMargin: Double? { bottom }
      var top: Double?
      var bottom: Double?
      func label(at page: Int) -> Node? {
        Node(frame: Rect(x: 0, y: 0, width: 0, height: 30), name: "label")
      }
    }
    let source = Margins()
    let c = TutorialController()
    c.dataSource = source
    source.top = 500
    c.reloadData()
    #expect(
      try #require(c.scene().node(named: "label")).frame
        == Rect(x: 0, y: 500, width: 375, height: 30))
    source.top = nil
    source.bottom = 40
    c.reloadData()
    #expect(try #require(c.scene().node(named: "label")).frame.maxY == 627)
  }
}

@Suite struct TransitionTests {
  @Test func transitionSplitsTheOffsetIntoPageAndProgress() {
    let t = PageTransition(offset: 1.25 * 375, pageWidth: 375, pageCount: 3)
    #expect(t.fromPage == 1 && t.toPage == 2)
    #expect(t.progress == 0.25)
    #expect(t.position(of: 1) == -0.25)
    #expect(t.position(of: 2) == 0.75)
    #expect(t.nearestPage == 1)
    #expect(t.visibility(of: 2) == 0.25)
    #expect(t.involves(2) && !t.involves(0))
  }

  @Test func bounceBeforeTheFirstPageHasNoLeftPage() {
    let t = PageTransition(offset: -100, pageWidth: 375, pageCount: 3)
    #expect(t.fromPage == -1)
    #expect(!t.involves(-1) && t.involves(0))
    #expect(t.nearestPage == 0)
    let end = PageTransition(offset: 2.5 * 375, pageWidth: 375, pageCount: 3)
    #expect(end.toPage == 3 && !end.involves(3))
    #expect(end.nearestPage == 2)
  }

  @Test func hostileTransitionInputsAreDefined() {
    let t = PageTransition(offset: .nan, pageWidth: 0, pageCount: -4)
    #expect(t.offset == 0 && t.pageWidth == 1 && t.pageCount == 0)
    #expect(t.nearestPage == 0)
    let huge = PageTransition(offset: 1e300, pageWidth: 1e-300, pageCount: 1)
    #expect(huge.progress >= 0 && huge.progress < 1)
  }
}

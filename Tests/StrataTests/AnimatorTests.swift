import Strata
import Testing

func transition(at position: Double, pages: Int = 3, rtl: Bool = false, reduced: Bool = false)
  -> PageTransition
{
  let visual = rtl ? Double(pages - 1) - position : position
  return PageTransition(
    offset: visual * 375, pageWidth: 375, pageCount: pages, pageHeight: 667,
    arc: RoundnessArc(width: 375, height: 10, top: 400), isRightToLeft: rtl,
    isMotionReduced: reduced)
}

func node() -> Node { Node(frame: Rect(x: 0, y: 0, width: 100, height: 50)) }

@Suite struct ReadyAnimationTests {
  @Test func fadesAndCrossFades() {
    let t = transition(at: 0.3)
    let a = node()
    Fade().animate(a, page: 1, transition: t)
    #expect(abs(a.alpha - 0.3) < 1e-12)
    let leaving = node()
    let arriving = node()
    CrossFade(curve: .quadIn).animate(leaving, page: 0, transition: t)
    CrossFade(curve: .quadIn).animate(arriving, page: 1, transition: t)
    #expect(abs(leaving.alpha - (1 - 0.09)) < 1e-12)
    #expect(abs(arriving.alpha - 0.09) < 1e-12)
    let floor = node()
    Fade(minimumAlpha: 0.5).animate(floor, page: 2, transition: t)
    #expect(abs(floor.alpha - 0.5) < 1e-12)
  }

  @Test func parallaxSlideScaleRotate() {
    let t = transition(at: 0.5)
    let p = node()
    Parallax(lagging: 175, pageWidth: 375).animate(p, page: 1, transition: t)
    #expect(abs(p.transform.tx - -175 * 0.5) < 1e-9)
    let s = node()
    Slide(by: Vector(dx: 0, dy: 40)).animate(s, page: 0, transition: t)
    #expect(s.transform.ty == 20)
    let k = node()
    Scale(to: 0.5).animate(k, page: 1, transition: t)
    #expect(abs(k.transform.a - 0.75) < 1e-12)
    let r = node()
    Rotate(by: 0.2).animate(r, page: 1, transition: t)
    #expect(abs(r.transform.rotationAngle - 0.1) < 1e-12)
  }

  @Test func arcAnimationsMatchTheArc() {
    let t = transition(at: 0.25)
    let tilt = node()
    TiltAlongArc().animate(tilt, page: 1, transition: t)
    #expect(abs(tilt.transform.rotationAngle - t.arc.angle(atX: t.centerX(of: 1))) < 1e-12)
    let icon = Node(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    icon.position = Point(x: 187.5, y: 0)
    FollowArc().animate(icon, page: 1, transition: t)
    let x = t.centerX(of: 1)
    #expect(abs(icon.transform.ty - t.arc.drop(atX: x)) < 1e-9)
    #expect(abs(icon.alpha - 0.25) < 1e-12)
  }

  @Test func colourBlendFollowsThePosition() {
    let n = node()
    ColorBlend([.black, .white, .red]).animate(n, page: nil, transition: transition(at: 0.5))
    #expect(n.backgroundColor == Color(white: 0.5))
    ColorBlend([.black, .white, .red]).animate(n, page: nil, transition: transition(at: 1.5))
    #expect(n.backgroundColor == Color(red: 1, green: 0.5, blue: 0.5))
  }

  @Test func circularRevealGrowsTheArrivingPage() throws {
    let arriving = Node(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    CircularReveal(from: Point(x: 0.5, y: 0.5)).animate(
      arriving, page: 1, transition: transition(at: 0.5))
    let mask = try #require(arriving.mask)
    let far = Point(x: 0, y: 0).distance(to: Point(x: 187.5, y: 333.5))
    #expect(abs(mask.bounds.width / 2 - far / 2) < 0.01)
    #expect(abs(arriving.transform.tx - -187.5) < 1e-9)  // it grows in place
    let leaving = Node(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    CircularReveal().animate(leaving, page: 0, transition: transition(at: 0.5))
    #expect(leaving.mask == nil && leaving.pageSlot.zPosition == -1)
  }

  @Test(arguments: SlideTransition.Style.allCases)
  func classicTransitionsPlaceBothPages(style: SlideTransition.Style) {
    let t = transition(at: 0.25)
    let leaving = node()
    let arriving = node()
    let a = SlideTransition(style, from: .bottom)
    a.animate(leaving, page: 0, transition: t)
    a.animate(arriving, page: 1, transition: t)
    // The scroll is cancelled: what remains is the transition's own displacement.
    let leavingOnScreen = leaving.transform.tx + t.position(of: 0) * 375
    let arrivingOnScreen = arriving.transform.tx + t.position(of: 1) * 375
    #expect(abs(leavingOnScreen) < 1e-9 && abs(arrivingOnScreen) < 1e-9)
    switch style {
    case .fade:
      #expect(
        leaving.transform.ty == 0 && arriving.transform.ty == 0
          && abs(arriving.alpha - 0.25) < 1e-12)
    case .push:
      #expect(
        abs(leaving.transform.ty - -0.25 * 667) < 1e-9
          && abs(arriving.transform.ty - 0.75 * 667) < 1e-9)
    case .moveIn:
      #expect(
        leaving.transform.ty == 0 && abs(arriving.transform.ty - 0.75 * 667) < 1e-9
          && arriving.pageSlot.zPosition == 1)
    case .reveal:
      #expect(
        abs(leaving.transform.ty - -0.25 * 667) < 1e-9 && arriving.transform.ty == 0
          && leaving.pageSlot.zPosition == 1)
    }
  }

  @Test func keyframeAnimationComposesScaleRotateTranslate() throws {
    let k = KeyframeAnimation(
      opacity: try Keyframes([Keyframe(-1, 0.0), Keyframe(0, 1), Keyframe(1, 0)]),
      translation: try Keyframes([Keyframe(0, Vector.zero), Keyframe(1, Vector(dx: 100, dy: 0))]),
      rotation: try Keyframes([Keyframe(0, 0.0), Keyframe(1, Double.pi / 2)]),
      scale: try Keyframes([Keyframe(0, Vector(dx: 1, dy: 1)), Keyframe(1, Vector(dx: 2, dy: 2))]))
    let n = node()
    k.animate(n, page: 1, transition: transition(at: 0.5))  // position 0.5
    #expect(abs(n.alpha - 0.5) < 1e-12)
    let expected = Transform(scale: 1.5).thenRotated(by: Double.pi / 4).thenTranslated(x: 50, y: 0)
    #expect(n.transform.isApproximatelyEqual(to: expected, tolerance: 1e-12))
  }

  @Test func animationsComposeInOrder() {
    var set = AnimatorSet(labels: [Fade(), Slide(by: Vector(dx: 0, dy: 10)), Rotate(by: 1)])
    let n = node()
    set.animate(n, in: .labels, page: 1, transition: transition(at: 0.5))
    let expected = Transform(translationX: 0, y: 5).thenRotated(by: 0.5)
    #expect(n.transform.isApproximatelyEqual(to: expected, tolerance: 1e-12))
    #expect(abs(n.alpha - 0.5) < 1e-12)
    set.layers[.labels] = [Rotate(by: 1), Slide(by: Vector(dx: 0, dy: 10))]
    let m = node()
    set.animate(m, in: .labels, page: 1, transition: transition(at: 0.5))
    #expect(!m.transform.isApproximatelyEqual(to: expected, tolerance: 1e-6))
  }

  @Test func reducedMotionKeepsFadesStopsRotationAndCrossFadesMoves() throws {
    let c = TutorialController()
    c.dataSource = FullSource(pages: 3)
    c.animator = AnimatorSet(
      wireframe: [Fade(), Slide(by: Vector(dx: 0, dy: 40))],
      labels: [Slide(by: Vector(dx: 0, dy: 40)), Scale(to: 0.5)],
      icons: [Rotate(by: 1), ColorBlend([.red, .blue])])
    c.reduceMotion = true
    c.setPagePosition(0.75)  // page 1 at position 0.25
    let page = try #require(c.page(1))
    let label = try #require(page.label)
    #expect(label.transform == .identity)
    #expect(abs(label.alpha - 0.75) < 1e-12)  // exactly one cross-fade for the two moves
    let icon = try #require(page.icon)
    #expect(icon.transform == .identity && icon.alpha == 1 && icon.backgroundColor != nil)
    // A node that its animations already fade keeps that fade, and does not fade twice.
    let wireframe = try #require(page.wireframe)
    #expect(wireframe.transform == .identity)
    #expect(abs(wireframe.alpha - 0.75) < 1e-12)
    // The same set without reduced motion moves them.
    c.reduceMotion = false
    c.setPagePosition(0.75)
    #expect(label.transform != .identity && icon.transform != .identity)
  }

  @Test func rightToLeftMirrorsPositionsAndDirections() {
    let ltr = transition(at: 0.25)
    let rtl = transition(at: 0.25, rtl: true)
    #expect(rtl.pagePosition == 0.25)
    #expect(rtl.position(of: 1) == -ltr.position(of: 1))
    let a = node()
    let b = node()
    Parallax(speed: 0.5).animate(a, page: 1, transition: ltr)
    Parallax(speed: 0.5).animate(b, page: 1, transition: rtl)
    #expect(abs(a.transform.tx + b.transform.tx) < 1e-9)
    let fadeL = node()
    let fadeR = node()
    CrossFade(curve: .quadIn).animate(fadeL, page: 1, transition: ltr)
    CrossFade(curve: .quadIn).animate(fadeR, page: 1, transition: rtl)
    #expect(abs(fadeL.alpha - fadeR.alpha) < 1e-12)
    #expect(rtl.nearestPage == 0 && transition(at: 1.6, rtl: true).nearestPage == 2)
  }
}

@Suite struct DirectionAndMotionTests {
  @Test func rightToLeftPutsPageZeroOnTheRightAndSwipingRightGoesForward() throws {
    let c = ButtonTutorial()
    c.layoutDirection = .rightToLeft
    c.setPagePosition(0)
    #expect(c.contentOffset == 750)
    #expect(c.currentPage == 0)
    let frames = try c.play(try GestureScript("swipe right"), fps: 60)
    #expect(frames.last?.pagePosition == 1)
    #expect(c.currentPage == 1)
    let page1 = try #require(c.page(1))
    #expect(page1.container.frame.minX == 375)  // the middle slot
    c.scroll(toPage: 2, animated: false)
    #expect(c.contentOffset == 0)
    c.layoutDirection = .leftToRight
    #expect(c.pagePosition == 2)
    #expect(c.contentOffset == 750)
  }

  @Test func reducedMotionTurnsCustomMotionIntoCrossFades() throws {
    let (c, _) = makeController()  // FadeAnimator: backgrounds slide, wireframes turn
    c.reduceMotion = true
    c.setPagePosition(0.25)
    let wire = try #require(c.page(1)?.wireframe)
    #expect(wire.transform == .identity)
    #expect(abs(wire.alpha - 0.25) < 1e-12)
    let background = try #require(c.page(0)?.dynamicBackground)
    // Its animator fades it already (1 − p²): that fade is kept, not replaced or doubled.
    #expect(background.transform == .identity && abs(background.alpha - 0.9375) < 1e-12)
    // Labels only fade, so they keep their own fade.
    #expect(abs((c.page(1)?.label?.alpha ?? 0) - 0.25) < 1e-12)
    c.reduceMotion = false
    c.setPagePosition(0.25)
    #expect(wire.transform != .identity)
  }

  @Test func pageIndicatorsFollowTheScrollAndTapsNavigate() throws {
    final class WithDots: TutorialController, StaticContentDataSource {
      var numberOfPages: Int { 4 }
      func staticContent() -> Node? {
        let card = Node(name: "card")
        card.addChild(
          PageIndicatorNode(pageCount: 4, frame: Rect(x: 100, y: 200, width: 175, height: 20)))
        return card
      }
    }
    let c = WithDots()
    c.setPagePosition(1.5)
    let dots = try #require(c.root.descendant(named: "page indicator") as? PageIndicatorNode)
    #expect(dots.pagePosition == 1.5 && dots.pageCount == 4)
    let dot3 = try #require(dots.convert(dots.layout.center(of: 3), to: nil))
    c.handle(TouchEvent(.down, at: dot3, time: 0))
    c.handle(TouchEvent(.up, at: dot3, time: 0.05))
    settle(c)
    #expect(c.currentPage == 3)
  }
}

@Suite struct PageIndicatorLimitTests {
  @Test func hugePageCountsDrawABoundedNumberOfDots() {
    let n = PageIndicatorNode(
      pageCount: 1_000_000_000, frame: Rect(x: 0, y: 0, width: 300, height: 20))
    n.pagePosition = 123_456
    guard case .image(.vector(let v), _) = n.content else {
      Issue.record("dots draw shapes")
      return
    }
    #expect(v.shapes.count == PageIndicatorNode.maximumDots)
    n.style = .numbers
    guard case .text(let t, _) = n.content else {
      Issue.record("numbers draw text")
      return
    }
    #expect(t.string == "123457 / 1000000000")
  }
}

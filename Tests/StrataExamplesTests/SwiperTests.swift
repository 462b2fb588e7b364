import Foundation
import Strata
import StrataExamples
import StrataRender
import StrataTesting
import Testing

@Suite struct SwiperTests {
  @Test(arguments: GoldenCatalog.swiperPositions)
  func framesMatchTheirGoldens(position: Double) throws {
    let swiper = SwiperExample()
    let image = try FrameRenderer(scale: 1).render(swiper, pagePosition: position)
    #expect(image.width == 375 && image.height == 667)
    try goldens.check(image, named: "swiper-\(position)")
  }

  /// On a notched phone the buttons keep clear of the home indicator.
  @Test func aTallPhoneKeepsTheSafeArea() throws {
    let swiper = SwiperExample(pageSize: Size(width: 390, height: 844))
    #expect(swiper.safeAreaInsets == Insets(top: 47, bottom: 34))
    #expect(swiper.layout.logIn.maxY == 844 - 34 - 20)
    let image = try FrameRenderer(scale: 1).render(swiper, pagePosition: 1)
    try goldens.check(image, named: "swiper-390x844-1.0")
  }

  /// The seed's constraints, as frames (to the last bits a flexbox sum leaves).
  @Test func theLayoutIsTheSeeds() {
    let s = SwiperExample()
    let l = s.layout
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
    // A 375 × 667 phone has a home button: no safe area at the bottom.
    #expect(l.logIn == Rect(x: 20, y: 667 - 20 - 60, width: 335, height: 60))
    #expect(near(l.createAccount.maxY, l.logIn.minY - 10) && l.createAccount.height == 60)
    #expect(near(l.indicator.maxY, l.createAccount.minY - 30) && l.indicator.height == 30)
    #expect(l.image == Rect(x: 0, y: 0, width: 375, height: 667 / 2.5 + 40))
    #expect(near(l.swipeArea.maxY, l.createAccount.minY - 100))
    #expect(near(l.title.minY, l.image.maxY) && near(l.title.maxY, l.swipeArea.maxY))
    // The controls sit where the layout says.
    s.layoutIfNeeded()
    for (name, frame) in [("Log in", l.logIn), ("Create account", l.createAccount)] {
      let node = s.root.descendant(named: name)
      let origin = node.flatMap { $0.convert(Point(x: 0, y: 0), to: nil) }
      #expect(origin.map { near($0.x, frame.minX) && near($0.y, frame.minY) } == true, "\(name)")
    }
  }

  /// On the small phone the illustrations give way to the title, which is never cut; in
  /// landscape the title, page control and buttons take the trailing half, beside the
  /// illustrations, and a swipe across the title is a swipe.
  @Test func theSmallPhoneAndLandscape() throws {
    let small = SwiperExample(pageSize: Size(width: 320, height: 568))
    let s = small.layout
    #expect(s.image.height < 568 / 2.5 + 40 && s.title.minY == s.image.maxY)
    #expect(s.title.height >= small.tallestTitle(width: s.title.width))
    let wide = SwiperExample(pageSize: Size(width: 667, height: 375))
    let w = wide.layout
    #expect(w.image.maxX <= w.title.minX && w.title.minX == w.createAccount.minX)
    #expect(w.indicator.minY >= w.title.maxY && w.createAccount.height == 50)
    #expect(w.swipeArea.contains(Point(x: w.title.midX, y: w.title.midY)))
    // A horizontal drag across the title in landscape is a swipe (it was taken as a tap on
    // the page control, which sat on the title).
    let y = w.title.midY
    for (i, x) in [500.0, 460, 400, 330, 260].enumerated() {
      wide.handle(TouchEvent(i == 0 ? .down : .move, at: Point(x: x, y: y), time: Double(i) * 0.02))
    }
    wide.handle(TouchEvent(.up, at: Point(x: 260, y: y), time: 0.1))
    wide.advance(to: 2)
    #expect(wide.currentPage == 1)
    // Right to left, the illustrations take the right half.
    let rtl = SwiperExample(pageSize: Size(width: 667, height: 375))
    rtl.layoutDirection = .rightToLeft
    #expect(rtl.layout.image.minX >= rtl.layout.title.maxX)
  }

  /// fade-in = (x − W·i)/W, fade-out = 1 − fade-in; nothing fades past the ends.
  @Test func theIllustrationsCrossFadeLinearlyAndHoldAtTheEnds() throws {
    let s = SwiperExample()
    func alphas(_ position: Double) -> [Double] {
      s.setPagePosition(position)
      let scene = s.scene()
      return (0..<3).map { scene.node(named: "image slot \($0)")?.alpha ?? 0 }
    }
    func close(_ a: [Double], _ b: [Double]) -> Bool {
      zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }
    #expect(close(alphas(0), [1, 0, 0]))
    #expect(close(alphas(0.25), [0.75, 0.25, 0]))
    #expect(close(alphas(0.5), [0.5, 0.5, 0]))
    #expect(close(alphas(1), [0, 1, 0]))
    #expect(close(alphas(1.75), [0, 0.25, 0.75]))
    // Rubber-banding past either end keeps the end page's picture whole and still.
    s.setContentOffset(-0.2 * 375)
    #expect(abs(s.pagePosition + 0.2) < 1e-9)
    #expect(close(Array(alphas(s.pagePosition).prefix(1)), [1]))
    s.setContentOffset(2.2 * 375)
    #expect(close(Array(alphas(s.pagePosition).suffix(1)), [1]))
    let slot = s.scene().node(named: "image slot 2")
    #expect(abs(slot?.transform.tx ?? 1) < 1e-9, "fixed, not following the finger")
  }

  /// Under reduced motion the illustrations still only cross-fade: nothing of theirs moves.
  @Test func reducedMotionKeepsTheIllustrationsInPlace() {
    let s = SwiperExample()
    s.reduceMotion = true
    s.setPagePosition(0.5)
    let scene = s.scene()
    for page in 0...1 {
      let slot = scene.node(named: "image slot \(page)")
      #expect(abs((slot?.alpha ?? 0) - 0.5) < 1e-9)
      #expect(abs(slot?.transform.tx ?? 1) < 1e-9)
    }
  }

  /// The session of the issue: swipe, swipe back, tap "Create account"; the stream, exactly.
  @Test func aScriptedSessionGivesTheExactEventStream() throws {
    let s = SwiperExample()
    var records: [TutorialEventRecord] = []
    s.events.subscribe { records.append($0) }
    _ = try s.play(
      try GestureScript("swipe left; wait 1; swipe right; wait 1; tap 'Create account'"))
    let lines = records.map(\.json)
    // A swipe is 225 points at 1500 pt/s (0.15 s) sampled at 240 Hz: the drag begins past the
    // 10-point slop (1/120 s), the page changes past half a page (0.125 s, on the next sample),
    // the finger lifts at 0.15 s and the spring settles; each wait adds 1 s; a tap lifts 0.08 s
    // after it goes down.
    #expect(
      lines == [
        #"{"time":0.008333,"event":"dragBegan","page":0}"#,
        #"{"time":0.133333,"event":"pageChanged","from":0,"to":1}"#,
        #"{"time":0.15,"event":"dragEnded","targetPage":1}"#,
        #"{"time":0.716667,"event":"settled","page":1}"#,
        #"{"time":1.158333,"event":"dragBegan","page":1}"#,
        #"{"time":1.2875,"event":"pageChanged","from":1,"to":0}"#,
        #"{"time":1.3,"event":"dragEnded","targetPage":0}"#,
        #"{"time":1.866667,"event":"settled","page":0}"#,
        #"{"time":2.38,"event":"tap","action":"registerClicked","button":"Create account","page":0}"#,
      ], "\(lines.joined(separator: "\n"))")
  }

  /// Swipes start only above the line 100 points over "Create account".
  @Test func swipesOnTheButtonsDoNothing() throws {
    let s = SwiperExample()
    let y = s.layout.createAccount.minY - 50
    _ = try s.play(try GestureScript("drag 300 \(Int(y)) to 50 \(Int(y)) in 0.2; wait 1"))
    #expect(s.currentPage == 0)
    _ = try s.play(try GestureScript("drag 300 200 to 50 200 in 0.2; wait 1"))
    #expect(s.currentPage == 1)
  }
}

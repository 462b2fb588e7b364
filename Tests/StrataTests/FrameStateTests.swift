import Strata
import Testing

/// A controller whose scene depends on a value of its own: the count of taps, shown as the
/// alpha of its card.
final class CountingTutorial: TutorialController, StaticContentDataSource {
  var taps = 0
  var numberOfPages: Int { 3 }
  func staticContent() -> Node? {
    let card = Node(frame: Rect(x: 0, y: 0, width: 375, height: 200), name: "card")
    card.addChild(
      ButtonNode(
        title: TextContent("TAP", font: .system(size: 14)), actionIdentifier: "tap",
        frame: Rect(x: 60, y: 100, width: 255, height: 48), name: "TAP"))
    return card
  }
  override func reloadData() {
    super.reloadData()
    events.subscribe { [weak self] in
      if case .tap = $0.event { self?.taps += 1 }
    }
  }
  override var customFrameState: CustomFrameState {
    get {
      var s = super.customFrameState
      s["taps"] = .number(Double(taps))
      return s
    }
    set {
      super.customFrameState = newValue
      taps = newValue.index("taps", in: 0..<1000) ?? 0
    }
  }
}

@Suite struct FrameStateTests {
  /// Mid-drag, the state holds the finger and the scroll model: shown on a fresh controller,
  /// the drag goes on from there exactly as it would have on the first.
  @Test func aStateCarriesTheFingerAndTheDragGoesOn() throws {
    let a = ButtonTutorial()
    a.handle(TouchEvent(.down, at: Point(x: 300, y: 400), time: 0))
    a.handle(TouchEvent(.move, at: Point(x: 250, y: 400), time: 0.05))
    a.handle(TouchEvent(.move, at: Point(x: 180, y: 400), time: 0.1))
    let state = a.frameState
    #expect(state.interaction?.isTouching == true)
    let b = ButtonTutorial()
    b.show(state)
    #expect(b.isTouching && b.pagePosition == a.pagePosition)
    #expect(b.scene() == a.scene())
    for c in [a, b] {
      c.handle(TouchEvent(.move, at: Point(x: 120, y: 400), time: 0.15))
      c.handle(TouchEvent(.up, at: Point(x: 100, y: 400), time: 0.2))
      c.advance(by: 0.1)
    }
    #expect(b.pagePosition == a.pagePosition && b.scrollPhysics == a.scrollPhysics)
    settle(a)
    settle(b)
    #expect(a.currentPage == 1 && b.currentPage == 1)
  }

  /// A state made by hand is the pages at rest, whatever the controller showed before.
  @Test func aHandMadeStateIsAtRest() {
    let c = ButtonTutorial()
    c.handle(TouchEvent(.down, at: Point(x: 300, y: 400), time: 0))
    c.handle(TouchEvent(.move, at: Point(x: 150, y: 400), time: 0.1))
    c.show(FrameState(pagePosition: 1.5))
    #expect(!c.isTouching && !c.isScrolling && c.pagePosition == 1.5)
    #expect(c.timeline.isEmpty)
  }

  /// What a subclass keeps goes with the state, and back to its initial value when missing.
  @Test func aSubclassStateTravelsWithTheFrame() throws {
    let a = CountingTutorial()
    a.layoutIfNeeded()
    _ = try a.play(try GestureScript("tap 'TAP'; tap 'TAP'"))
    #expect(a.taps == 2)
    let b = CountingTutorial()
    b.show(a.frameState)
    #expect(b.taps == 2)
    b.show(FrameState(pagePosition: 0))
    #expect(b.taps == 0)
    b.show(a.frameState(atPagePosition: 2))
    #expect(b.taps == 2 && b.pagePosition == 2)
  }

  /// The pressed button is highlighted from the state alone, and only it.
  @Test func thePressedButtonIsRestored() throws {
    let a = ButtonTutorial()
    a.layoutIfNeeded()
    let start = try #require(a.root.descendant(named: "START"))
    let centre = try #require(start.convert(Point(x: 100, y: 20), to: nil))
    a.handle(TouchEvent(.down, at: centre, time: 0))
    let state = a.frameState
    #expect(state.pressedButton == "START")
    let b = ButtonTutorial()
    b.show(state)
    #expect((b.root.descendant(named: "START") as? ButtonNode)?.isHighlighted == true)
    #expect(b.scene() == a.scene())
    b.show(FrameState(pagePosition: 0))
    #expect((b.root.descendant(named: "START") as? ButtonNode)?.isHighlighted == false)
  }

  /// An onboarding that does not bounce shows no overscroll: positions clamp to its pages.
  @Test func positionsClampToWhatTheOnboardingShows() {
    let c = ButtonTutorial()
    #expect(c.pagePositionRange == -1...3)
    c.scrollBehavior.bounces = false
    #expect(c.pagePositionRange == 0...2)
    c.setPagePosition(-0.5)
    #expect(c.pagePosition == 0)
    c.setPagePosition(7)
    #expect(c.pagePosition == 2)
    #expect(c.offsetRange == 0...750)
  }

  @Test func theTimelineTellsWhatAnAnimationShows() {
    var t = Timeline()
    #expect(t.value(.alpha, of: "a", at: 0) == nil)
    t.add(TimedAnimation(target: "a", tracks: [.alpha([1, 0])], duration: 2), at: 1)
    #expect(t.value(.alpha, of: "a", at: 2) == 0.5)
    #expect(t.value(.alpha, of: "a", at: 0.5) == nil, "not begun")
    #expect(t.value(.alpha, of: "a", at: 9) == 0, "held at its end")
    #expect(t.value(.translationX, of: "a", at: 2) == nil)
    let timer = RepeatingTimer(interval: 2, next: 7.25)
    #expect(timer?.next == 7.25)
    #expect(RepeatingTimer(interval: 2, next: .nan) == nil)
  }

  @Test func customValuesReadBackOnlyWhenTheyFit() {
    var s = CustomFrameState()
    s["i"] = .number(2)
    s["f"] = .number(2.5)
    s["t"] = .text("x")
    s["n"] = .number(.nan)
    #expect(s.index("i", in: 0..<3) == 2)
    #expect(s.index("i", in: 0..<2) == nil)
    #expect(s.index("f", in: 0..<3) == nil)
    #expect(s.index("t", in: 0..<3) == nil)
    #expect(s.number("n") == nil)
  }
}

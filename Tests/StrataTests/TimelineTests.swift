import Strata
import Testing

@Suite struct TimelineTests {
  @Test func progressHonoursDelayRepeatsAutoreverseAndFill() {
    let a = TimedAnimation(
      target: "x", tracks: [.alpha([0, 1])], duration: 1, delay: 0.5, repeatCount: 2,
      autoreverses: true)
    #expect(a.progress(at: 0.25) == 0, "not begun: the first keyframe holds (backwards fill)")
    var unfilled = a
    unfilled.fillsBackward = false
    #expect(unfilled.progress(at: 0.25) == nil, "not begun, not filled: as laid out")
    #expect(a.progress(at: 0.75) == 0.25)
    #expect(a.progress(at: 1.5) == 1)
    #expect(a.progress(at: 2.0) == 0.5, "on the way back")
    #expect(a.progress(at: 3.0) == 0.5, "the second run")
    #expect(a.progress(at: 9) == 0, "filled at the end of the last, backwards, run")
    #expect(a.totalDuration == 4.5)
    let once = TimedAnimation(target: "x", tracks: [], duration: 1, fillsForward: false)
    #expect(once.progress(at: 2) == nil)
    let eased = TimedAnimation(target: "x", tracks: [], duration: 2, easing: .easeIn)
    #expect(eased.progress(at: 1) == Easing.easeIn(0.5))
  }

  @Test func tracksInterpolateTheirKeyframes() {
    let t = TimedAnimation.Track(.translationX, [0, 100, 40], times: [0, 0.25, 1])
    #expect(t.value(at: 0.125) == 50)
    #expect(t.value(at: 0.25) == 100)
    #expect(abs(t.value(at: 0.625) - 70) < 1e-12)
    #expect(TimedAnimation.Track.alpha([0, 1, 0]).value(at: 0.5) == 1, "evenly spread")
  }

  /// The docs' own example: a title fading in after 0.05 s stays hidden through the delay
  /// (it showed at full opacity until 0.049 s, then blinked out).
  @Test func aDelayedFadeInHoldsItsFirstKeyframe() {
    var line = Timeline()
    line.add(
      TimedAnimation(
        target: "title", tracks: [.alpha([0, 1]), .translationY([12, 0])], duration: 0.35,
        delay: 0.05, easing: .easeOut),
      at: 0)
    for t in [0.0, 0.02, 0.049] {
      #expect(line.value(.alpha, of: "title", at: t) == 0, "at \(t)")
      #expect(line.value(.translationY, of: "title", at: t) == 12)
    }
    #expect(line.value(.alpha, of: "title", at: 0.05) == 0)
    let rising = line.value(.alpha, of: "title", at: 0.08) ?? 0
    #expect(rising > 0 && rising < 1)
    let root = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let title = Node(frame: root.bounds, name: "title")
    root.addChild(title)
    line.apply(to: root, at: 0.01)
    #expect(title.alpha == 0)
  }

  /// A newer animation of one property leaves the older one's other properties running.
  @Test func replacementIsPerProperty() {
    var line = Timeline()
    line.add(
      TimedAnimation(target: "a", tracks: [.alpha([0, 1]), .scale([1, 2])], duration: 1), at: 0)
    line.add(TimedAnimation(target: "a", tracks: [.alpha([1, 0.5])], duration: 1), at: 0.5)
    #expect(line.value(.scale, of: "a", at: 0.75) == 1.75, "the scale runs on")
    #expect(line.value(.alpha, of: "a", at: 0.75) == 0.875, "the newer alpha")
    #expect(line.entries.count == 2)
    line.add(TimedAnimation(target: "a", tracks: [.scale([3, 3])], duration: 1), at: 0.6)
    #expect(line.entries.count == 2, "the first animation had nothing left and went")
    line.add(TimedAnimation(target: "b", tracks: [.scale([3, 3])], duration: 1), at: 0.6)
    #expect(line.entries.count == 3, "another node's animation stays")
  }

  @Test func theNewestAnimationOfAPropertyWins() {
    var line = Timeline()
    line.add(TimedAnimation(target: "a", tracks: [.alpha([0, 1])], duration: 1), at: 0)
    line.add(TimedAnimation(target: "a", tracks: [.scale([1, 2])], duration: 1), at: 0)
    line.add(
      TimedAnimation(target: "a", tracks: [.alpha([1, 0]), .translationX([0, 5])], duration: 1),
      at: 1)
    #expect(line.entries.count == 2, "the alpha one had nothing left, the scale one kept")
    #expect(line.isRunning(at: 1.5) && !line.isRunning(at: 2.5))
  }

  @Test func theControllerShowsItsTimelineAtItsClock() {
    let c = ButtonTutorial(pageSize: Size(width: 375, height: 667))
    c.layoutIfNeeded()
    c.run(
      TimedAnimation(
        target: "START", tracks: [.alpha([1, 0]), .translationY([0, -40])], duration: 1, delay: 0.5)
    )
    func start() -> SceneNode? { c.scene().node(named: "START") }
    #expect(start()?.alpha == 1)
    c.advance(to: 1)
    #expect(abs((start()?.alpha ?? 0) - 0.5) < 1e-9)
    #expect(c.isAnimating)
    c.advance(to: 3)
    #expect(start() == nil || start()?.alpha == 0, "filled at its end: gone")
    #expect(!c.isAnimating)
    // Reduced motion keeps the fade and drops the move.
    c.removeAllTimedAnimations()
    c.reduceMotion = true
    let before = c.scene().node(named: "START")?.transform
    c.run(
      TimedAnimation(
        target: "START", tracks: [.alpha([1, 0.5]), .translationY([0, -40])], duration: 1))
    c.advance(by: 1)
    let node = c.scene().node(named: "START")
    #expect(node?.alpha == 0.5)
    #expect(node?.transform == before, "not moved")
  }

  @Test func aFrameStateCarriesTheTimeline() throws {
    let c = ButtonTutorial(pageSize: Size(width: 375, height: 667))
    c.layoutIfNeeded()
    c.run(TimedAnimation(target: "START", tracks: [.alpha([1, 0])], duration: 2))
    let frames = try c.play(try GestureScript("wait 1"), fps: 4)
    let last = try #require(frames.last)
    #expect(!last.timeline.isEmpty && last.time > 1)
    // A fresh controller shows the same thing from the state alone.
    let other = ButtonTutorial(pageSize: Size(width: 375, height: 667))
    other.show(last)
    #expect(other.scene().node(named: "START")?.alpha == c.scene().node(named: "START")?.alpha)
  }

  @Test func theDiscreteSwipeModeFiresOneChange() {
    let c = ButtonTutorial(pageSize: Size(width: 375, height: 667))
    c.swipeMode = .discrete
    var events: [TutorialEvent] = []
    c.events.subscribe { events.append($0.event) }
    c.handle(TouchEvent(.down, at: Point(x: 300, y: 300), time: 0))
    c.handle(TouchEvent(.move, at: Point(x: 150, y: 300), time: 0.1))
    #expect(c.pagePosition == 0, "nothing follows the finger")
    c.handle(TouchEvent(.up, at: Point(x: 100, y: 300), time: 0.15))
    #expect(events.first == .swiped(direction: .left))
    c.advance(by: 1)
    #expect(c.currentPage == 1)
  }
}

/// The one rule for time: bounds, and repeats in closed form.
@Suite struct TimeLimitsTests {
  @Test func intervalsAndDurationsAreClampedToTheirBounds() {
    #expect(TimeLimits.interval(1e-300) == TimeLimits.minimumInterval)
    #expect(TimeLimits.interval(1e300) == TimeLimits.maximumInterval)
    #expect(TimeLimits.interval(0) == nil && TimeLimits.interval(-1) == nil)
    #expect(TimeLimits.interval(.nan) == nil && TimeLimits.interval(.infinity) == nil)
    #expect(TimeLimits.interval(2) == 2)
    #expect(TimeLimits.duration(0) == TimeLimits.minimumDuration)
    #expect(TimeLimits.duration(.infinity) == TimeLimits.maximumDuration)
    #expect(TimeLimits.delay(-3) == 0 && TimeLimits.delay(1e9) == TimeLimits.maximumDuration)
    let a = TimedAnimation(target: "x", tracks: [], duration: 1e-300, delay: .infinity)
    #expect(a.duration == TimeLimits.minimumDuration && a.delay == TimeLimits.maximumDuration)
  }

  @Test func aTimerFiresInClosedForm() throws {
    var timer = try #require(RepeatingTimer(interval: 3, start: 0))
    #expect(timer.fire(upTo: 2.9) == nil)
    let fired = timer.fire(upTo: 7.5)
    let due = try #require(fired)
    #expect(due.count == 2 && due.last == 6)
    #expect(timer.next == 9)
    #expect(timer.fire(upTo: 9)?.count == 1)
    // A clock that jumps a billion intervals costs one step.
    let jumped = timer.fire(upTo: 3e9 + 1)
    let far = try #require(jumped)
    #expect(far.count == 999_999_997 && timer.next > 3e9 + 1)
    timer.restart(at: 10)
    #expect(timer.next == 13)
    #expect(RepeatingTimer(interval: .nan, start: 0) == nil)
    // The smallest interval still moves the clock on, at the largest times.
    var tiny = try #require(RepeatingTimer(interval: 1e-300, start: 1e15))
    #expect(tiny.interval == TimeLimits.minimumInterval)
    let firedMany = tiny.fire(upTo: 2e15)
    let many = try #require(firedMany)
    #expect(many.count > 0 && tiny.next > 2e15)
    #expect(tiny.fire(upTo: .infinity) == nil && tiny.fire(upTo: .nan) == nil)
  }
}

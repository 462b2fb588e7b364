import Strata
import Testing

/// Autoplay on the controller itself: when it turns, what holds it, where it ends.
@Suite struct AutoplayTests {
  final class Pages: TutorialController, LabelDataSource {
    let count: Int
    var blocked: Set<Int> = []
    init(count: Int = 3) {
      self.count = count
      super.init(pageSize: Size(width: 375, height: 667))
    }
    var numberOfPages: Int { count }
    func label(at page: Int) -> Node? { Node(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
    func navigationPolicy(at page: Int) -> NavigationPolicy {
      blocked.contains(page) ? NavigationPolicy(canGoForward: false) : NavigationPolicy()
    }
  }

  /// Runs `pages` for `seconds` at 60 Hz; the autoplay events, as "time from→to".
  static func run(_ pages: TutorialController, seconds: Double, from start: Double = 0)
    -> [String]
  {
    var heard: [String] = []
    let s = pages.events.subscribe { r in
      if case .autoplayTurned(let from, let to) = r.event {
        heard.append("\((r.time * 60).rounded() / 60) \(from)→\(to)")
      }
    }
    defer { s.cancel() }
    for k in 1...Int((seconds * 60).rounded()) {
      pages.advance(to: start + Double(k) / 60)
    }
    return heard
  }

  @Test func itTurnsEachIntervalAndStopsAtTheLastPage() {
    let pages = Pages()
    pages.autoplay = Autoplay(interval: 2)
    #expect(Self.run(pages, seconds: 10) == ["2.0 0→1", "4.0 1→2"])
    #expect(pages.currentPage == 2 && pages.hasAutoplayEnded)
  }

  @Test func itLoopsAndKeepsEachPagesOwnWait() {
    let pages = Pages()
    pages.autoplay = Autoplay(interval: 2, pageIntervals: [1: 0.5], end: .loop)
    #expect(Self.run(pages, seconds: 5) == ["2.0 0→1", "2.5 1→2", "4.5 2→0"])
  }

  @Test func aFingerHoldsItAndItResumesAfterTheGrace() {
    let pages = Pages()
    pages.autoplay = Autoplay(interval: 2, resumeAfterTouch: 1)
    _ = Self.run(pages, seconds: 1.5)
    // A finger down at 1.5 s that does not drag, up at 3 s: the next turn at 4 s, not 2 s.
    pages.handle(TouchEvent(.down, at: Point(x: 200, y: 300), time: 1.5))
    _ = Self.run(pages, seconds: 1.5, from: 1.5)
    pages.handle(TouchEvent(.up, at: Point(x: 200, y: 300), time: 3))
    #expect(Self.run(pages, seconds: 2, from: 3) == ["4.0 0→1"])
  }

  @Test func aPageReachedAnotherWayStartsItsWaitAfresh() {
    let pages = Pages()
    pages.autoplay = Autoplay(interval: 2)
    _ = Self.run(pages, seconds: 1)
    pages.scroll(toPage: 1)
    // The scroll settles at about 1.35 s; the turn to page 2 comes a whole wait later.
    let heard = Self.run(pages, seconds: 3, from: 1)
    #expect(heard.count == 1 && heard[0].hasSuffix("1→2"))
    #expect(heard[0] >= "3.35")
  }

  @Test func reducedMotionPausesOrJumpsAsChosen() {
    let paused = Pages()
    paused.reduceMotion = true
    paused.autoplay = Autoplay(interval: 1)
    #expect(Self.run(paused, seconds: 5).isEmpty && paused.currentPage == 0)
    let jumping = Pages()
    jumping.reduceMotion = true
    jumping.autoplay = Autoplay(interval: 1, reducedMotion: .jump)
    #expect(Self.run(jumping, seconds: 1) == ["1.0 0→1"])
    // No slide: the page is there at once.
    #expect(jumping.pagePosition == 1)
  }

  @Test func aBlockedPageHoldsItAndPauseHoldsItToo() {
    let pages = Pages()
    pages.blocked = [0]
    pages.autoplay = Autoplay(interval: 1)
    #expect(Self.run(pages, seconds: 3).isEmpty)
    pages.blocked = []
    pages.pauseAutoplay()
    #expect(Self.run(pages, seconds: 3, from: 3).isEmpty && pages.isAutoplayPaused)
    pages.resumeAutoplay()
    #expect(Self.run(pages, seconds: 1, from: 6) == ["7.0 0→1"])
  }

  @Test func badIntervalsAndSinglePagesTurnNothing() {
    for interval in [0, -1, Double.nan, .infinity] {
      let pages = Pages()
      pages.autoplay = Autoplay(interval: interval)
      #expect(Self.run(pages, seconds: 3).isEmpty, "\(interval)")
    }
    let one = Pages(count: 1)
    one.autoplay = Autoplay(interval: 1, end: .loop)
    #expect(Self.run(one, seconds: 3).isEmpty)
  }

  @Test func aFrameCarriesWhereAutoplayIs() {
    let live = Pages()
    live.autoplay = Autoplay(interval: 2)
    _ = Self.run(live, seconds: 1.5)
    let state = live.frameState
    let fresh = Pages()
    fresh.autoplay = Autoplay(interval: 2)
    fresh.show(state)
    // Both turn at 2 s: the fresh one does not start its wait again at 1.5 s.
    #expect(Self.run(live, seconds: 1, from: 1.5) == ["2.0 0→1"])
    #expect(Self.run(fresh, seconds: 1, from: 1.5) == ["2.0 0→1"])
  }

  /// A script's `wait` lets autoplay run, and each frame it plays carries where autoplay is.
  @Test func aScriptsWaitLetsItRun() throws {
    let pages = Pages()
    pages.isCircular = true
    pages.autoplay = Autoplay(interval: 1, end: .loop)
    let frames = try pages.play(GestureScript("wait 3.6"))
    // A turn each second, from when the last began: 0→1 at 1 s, 1→2 at 2 s, 2→0 at 3 s, on
    // round the circle (after 3 s nothing passes back through page 1).
    #expect(pages.currentPage == 0 && pages.pagePosition == 0)
    let positions = frames.map(\.pagePosition)
    #expect(positions.contains { $0 > 1.2 && $0 < 1.8 })
    #expect(positions.dropFirst(181).allSatisfy { $0 > 2 || $0 < 0.5 })
    #expect(positions.dropFirst(181).contains { $0 > 2.2 && $0 < 2.8 })
    let replay = Pages()
    replay.isCircular = true
    replay.autoplay = Autoplay(interval: 1, end: .loop)
    replay.show(try #require(frames.last))
    #expect(replay.pagePosition == pages.pagePosition)
  }

  @Test func theEventHasItsJSON() {
    let r = TutorialEventRecord(time: 2, event: .autoplayTurned(from: 0, to: 1))
    #expect(r.json == "{\"time\":2,\"event\":\"autoplayTurned\",\"from\":0,\"to\":1}")
  }
}

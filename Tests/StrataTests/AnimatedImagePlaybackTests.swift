import Strata
import Testing

/// Animated images driven by the controller: by the page position (`scrub`), by the clock
/// (`clockPlayback`, looping or once), by both, by a timed `frame` track, and under reduced
/// motion.
@Suite struct AnimatedImagePlaybackTests {
  /// A one-layer animation over frames 0...30 at 30 frames a second (one second).
  static let animation = AnimatedVectorImage(
    size: Size(width: 100, height: 100), frameRate: 30, frames: 0...30,
    layers: [
      .init(shapes: [
        .ellipse(
          center: .constant(Point(x: 50, y: 50)), size: .constant(Size(width: 40, height: 40))),
        .fill(color: .constant(.red), opacity: .constant(1), rule: .nonZero),
      ])
    ])

  /// Wireframes that are animated images, set up by `configure`.
  final class Source: WireframeDataSource {
    let configure: (AnimatedImageNode) -> Void
    init(_ configure: @escaping (AnimatedImageNode) -> Void) { self.configure = configure }
    var numberOfPages: Int { 3 }
    func wireframe(at page: Int) -> Node? {
      let node = AnimatedImageNode(
        animation: AnimatedImagePlaybackTests.animation, name: "hero \(page)")
      configure(node)
      return node
    }
  }

  static func controller(_ configure: @escaping (AnimatedImageNode) -> Void) -> (
    TutorialController, Source
  ) {
    let source = Source(configure)
    let c = TutorialController(pageSize: Size(width: 375, height: 667))
    c.dataSource = source
    return (c, source)
  }

  static func frame(_ c: TutorialController, _ page: Int) throws -> Double {
    let node = try #require(c.root.descendant(named: "hero \(page)") as? AnimatedImageNode)
    return node.currentFrame
  }

  @Test func theSwipeScrubsTheFrame() throws {
    let (c, source) = Self.controller { $0.scrub = Scrub(from: 1, to: 0) }
    _ = source
    c.setPagePosition(0.5)
    // Page 1 is half a page to the right: half way through its frames.
    #expect(try Self.frame(c, 1) == 15)
    c.setPagePosition(1)
    #expect(try Self.frame(c, 1) == 30)
    #expect(try Self.frame(c, 2) == 0)
  }

  @Test func theClockPlaysItLoopingOrOnce() throws {
    let (looping, s1) = Self.controller { $0.clockPlayback = ClockPlayback(loops: true) }
    _ = s1
    looping.update()
    looping.advance(by: 0.5)
    #expect(try Self.frame(looping, 0) == 15)
    looping.advance(by: 1)  // 1.5 s: round once and half way again
    #expect(try Self.frame(looping, 0) == 15)
    #expect(looping.isAnimating)
    let (once, s2) = Self.controller {
      $0.clockPlayback = ClockPlayback(loops: false, speed: 2, start: 0.25)
    }
    _ = s2
    once.update()
    once.advance(by: 0.5)  // a quarter second at twice the speed
    #expect(try Self.frame(once, 0) == 15)
    once.advance(by: 1)
    #expect(try Self.frame(once, 0) == 30 && !once.isAnimating)
  }

  @Test func withBothTheSwipeMovesTheClocksFrameOn() throws {
    let (c, source) = Self.controller {
      $0.scrub = Scrub(from: 1, to: 0)
      $0.clockPlayback = ClockPlayback(loops: true)
    }
    _ = source
    c.advance(by: 0.5)
    c.setPagePosition(0.5)
    // Page 1: 15 from the page, 15 from the clock: 30, which wraps to 0.
    #expect(try Self.frame(c, 1) == 0)
    #expect(try Self.frame(c, 0) == 15 + 30 - 30)
  }

  @Test func reducedMotionShowsTheStillFrame() throws {
    let (c, source) = Self.controller {
      $0.scrub = Scrub(from: 1, to: 0)
      $0.clockPlayback = ClockPlayback()
      $0.stillFrame = 24
    }
    _ = source
    c.reduceMotion = true
    c.advance(by: 0.3)
    c.setPagePosition(0.5)
    #expect(try Self.frame(c, 1) == 24 && Self.frame(c, 0) == 24)
  }

  @Test func aTimedFrameTrackPlaysItFromAnEvent() throws {
    let (c, source) = Self.controller { _ in }
    _ = source
    c.setPagePosition(0)
    c.run(.playing("hero 0", Self.animation, frames: 10...20))
    c.advance(by: 1 / 6)  // half of the third of a second that ten frames take
    #expect(abs(try Self.frame(c, 0) - 15) < 1e-9)
    c.advance(by: 1)
    #expect(try Self.frame(c, 0) == 20)
    let loop = TimedAnimation.playing("hero 0", Self.animation, loops: true, speed: 2)
    #expect(loop.duration == 0.5 && loop.repeatCount == .infinity)
  }
}

import Strata
import StrataAssets
import StrataExamples
import StrataRender
import Testing

/// The motion example: Lottie illustrations scrubbed by the swipe, a swipe hint on the clock.
@Suite struct MotionExampleTests {
  static func illustration(_ c: TutorialController, _ page: Int) throws -> AnimatedImageNode {
    try #require(c.root.descendant(named: "illustration \(page)") as? AnimatedImageNode)
  }

  /// Every animation is read strictly (nothing in it left out) and has frames to play.
  @Test func theAnimationsLoadWhole() throws {
    let c = MotionExample()
    c.setPagePosition(0)
    for page in 0..<3 {
      c.setPagePosition(Double(page))
      let node = try Self.illustration(c, page)
      #expect(node.animation.frames == 0...60 && !node.animation.layers.isEmpty)
      // At rest the picture is finished, and drawn.
      #expect(node.currentFrame == 60 && !node.currentImage.shapes.isEmpty)
    }
  }

  @Test func theIllustrationPlaysAsItsPageArrives() throws {
    let c = MotionExample()
    c.setPagePosition(0.25)
    #expect(try Self.illustration(c, 1).currentFrame == 15)  // a quarter of the way in
    #expect(try Self.illustration(c, 0).currentFrame == 60)  // leaving: stays finished
    c.reduceMotion = true
    c.setPagePosition(0.3)
    #expect(try Self.illustration(c, 1).currentFrame == 60)
  }

  @Test func theHintLoopsOnTheClock() throws {
    let c = MotionExample()
    c.update()
    let hint = try #require(c.root.descendant(named: "swipe hint") as? AnimatedImageNode)
    #expect(hint.currentFrame == 24)
    c.advance(by: 0.5)
    #expect(abs(hint.currentFrame - 39) < 1e-9)
    c.advance(by: 2)  // the loop's two seconds on: round to where it was
    #expect(abs(hint.currentFrame - 39) < 1e-9)
    #expect(c.isAnimating)
  }

  /// The picture half way in differs from the finished one: it moves.
  @Test func aFrameHalfWayShowsTheAnimationMoving() throws {
    let c = MotionExample()
    let renderer = FrameRenderer(scale: 1)
    let half = try renderer.render(c, pagePosition: 0.5)
    let rest = try renderer.render(c, pagePosition: 1)
    #expect(half.pixels != rest.pixels)
  }
}

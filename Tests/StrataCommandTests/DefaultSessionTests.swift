import Foundation
import Strata
import StrataExamples
import StrataRender
import StrataTesting
import Testing

// @testable: these tests reach internals: RenderPlan, commands, name.
@testable import StrataCommand

let sessionGoldens = ReferenceImages(besideTestFile: #filePath)

/// What `strata render` plays when given no script: each onboarding's own behaviour, frame by
/// frame as a user would see it.
@Suite struct DefaultSessionTests {
  /// The plan `strata render ARGS` makes.
  static func plan(_ args: [String]) throws -> RenderPlan {
    let render = try #require(Tool.commands.first { $0.name == "render" })
    var parsed = try render.parse(args)
    parsed.onboardings = Onboarding.examples
    return try RenderPlan(parsed)
  }

  /// The frame of `state` drawn from a fresh controller of `plan`'s onboarding, and its scene.
  static func draw(_ plan: RenderPlan, _ state: FrameState) throws -> (RasterImage, Scene) {
    let controller = try plan.command.makeController(plan.onboarding, size: plan.size)
    controller.show(state)
    let scene = controller.scene()
    return (try FrameRenderer(scale: 1).render(scene), scene)
  }

  static func alpha(_ scene: Scene, _ name: String) -> Double {
    scene.node(named: name)?.alpha ?? 0
  }

  /// Whether a slide drawn over the slide called `name` in frame `a` is fully opaque in frame
  /// `b` (the slides are the same size and, in a fade, in the same place; frames leave out
  /// what they do not show).
  static func coveredBy(_ a: Scene, _ b: Scene, _ name: String) -> Bool {
    func search(_ n: SceneNode) -> [String]? {
      if let i = n.children.firstIndex(where: { $0.name == name }) {
        return n.children[(i + 1)...].compactMap(\.name).filter { $0.hasPrefix("slide") }
      }
      for c in n.children { if let found = search(c) { return found } }
      return nil
    }
    return (search(a.root) ?? []).contains { alpha(b, $0) == 1 }
  }

  /// The slider swipes through every image with its transitions and wraps back to the first:
  /// first frame image 0, a cross-fade half way, the last frame image 0 again.
  @Test func theSliderPlaysItsImagesAndWrapsAround() throws {
    let plan = try Self.plan(["slider", "--scale", "1", "--fps", "30"])
    #expect(plan.isSession && plan.count > 100)
    #expect(plan.sheetCaptions.allSatisfy { $0.hasSuffix(" s") }, "labelled by time")
    #expect(Set(plan.sheetCaptions).count == plan.sheetCaptions.count)
    let first = try Self.draw(plan, plan.states[0])
    #expect(Self.alpha(first.1, "slide 0") == 1 && first.1.node(named: "slide 3") == nil)
    // Half way through the first transition.
    let mid = try #require(
      plan.states.firstIndex {
        let a = $0.timeline.value(.alpha, of: "slide 1", at: $0.time) ?? 0
        return a >= 0.45 && a <= 0.6
      })
    let middle = try Self.draw(plan, plan.states[mid])
    var shown = 0
    for slide in ["slide 0", "slide 1", "slide 2", "slide 3"] where Self.alpha(middle.1, slide) > 0
    {
      shown += 1
    }
    #expect(shown == 2)
    let last = try #require(plan.states.last)
    let wrapped = try Self.draw(plan, last)
    #expect(last.custom.number("slider.index") == 0)
    #expect(Self.alpha(wrapped.1, "slide 0") == 1)
    // Every image showed on its own at some frame.
    var alone: Set<Int> = []
    for state in plan.states {
      let c = SliderExample.example()
      c.show(state)
      let scene = c.scene()
      let visible = (0..<4).filter { Self.alpha(scene, "slide \($0)") > 0 }
      if visible.count == 1 { alone.insert(visible[0]) }
    }
    #expect(alone == [0, 1, 2, 3])
    try sessionGoldens.check(first.0, named: "slider-session-first")
    try sessionGoldens.check(middle.0, named: "slider-session-mid-transition")
    try sessionGoldens.check(wrapped.0, named: "slider-session-wrapped")
  }

  /// The template's top button hides while the pages move, and shows the resting item's
  /// title again once they rest.
  @Test func theTemplateHidesItsButtonWhileThePagesMove() throws {
    let plan = try Self.plan(["template", "--scale", "1", "--fps", "30"])
    #expect(plan.isSession)
    let moving = try #require(
      plan.states.firstIndex { $0.pagePosition > 0.4 && $0.pagePosition < 0.6 })
    let drawn = try Self.draw(plan, plan.states[moving])
    #expect(drawn.1.node(named: "top action button") == nil)
    try sessionGoldens.check(drawn.0, named: "template-session-mid-swipe")
    let rest = try #require(
      plan.states.first { $0.pagePosition == 1 && $0.interaction?.scrollPhysics.isIdle == true })
    #expect(try Self.draw(plan, rest).1.node(named: "top action button") != nil)
  }

  /// The cards' page control keeps the card the drag began on until the finger lifts, and the
  /// cards never bounce past their ends.
  @Test func theCardsDotWaitsForTheFingerAndNothingBounces() throws {
    let plan = try Self.plan(["cards", "--scale", "1", "--fps", "30"])
    #expect(plan.isSession)
    #expect(plan.states.allSatisfy { (0...2).contains($0.pagePosition) }, "no bounce")
    #expect(plan.states.contains { $0.pagePosition == 2 }, "reaches the last card")
    let dragging = try #require(
      plan.states.firstIndex {
        $0.pagePosition > 0.6 && $0.interaction?.isTouching == true
      })
    let controller = try plan.command.makeController(plan.onboarding, size: plan.size)
    controller.show(plan.states[dragging])
    #expect(controller.discreteIndicatorPage == 0, "the page the drag began on")
    let released = try #require(
      plan.states[dragging...].first { $0.interaction?.isTouching == false })
    controller.show(released)
    #expect(controller.discreteIndicatorPage == 1, "the page it will rest on, once lifted")
    try sessionGoldens.check(
      try Self.draw(plan, plan.states[dragging]).0, named: "cards-session-mid-drag")
  }

  /// A second swipe part way into a transition starts from what is on screen: nothing jumps
  /// between frames, the bullets never go back, and going back shows only the two images.
  @Test func anInterruptedTransitionStartsFromWhatIsOnScreen() throws {
    func frames(_ script: String) throws -> [Scene] {
      let s = SliderExample.example()
      s.layoutIfNeeded()
      var scenes: [Scene] = []
      try s.play(try GestureScript(script), fps: 60) { _ in scenes.append(s.scene()) }
      return scenes
    }
    func bullets(_ scene: Scene) -> [Rect] {
      var dots: [Rect] = []
      scene.node(named: "bullets")?.visit { if $0.name == nil { dots.append($0.frame) } }
      return dots
    }
    for script in [
      "swipe left; wait 0.15; swipe left; wait 1", "swipe left; wait 0.15; swipe right; wait 1",
    ] {
      let scenes = try frames(script)
      for (a, b) in zip(scenes, scenes.dropFirst()) {
        for i in 0..<4 {
          let name = "slide \(i)"
          // A 0.75 s linear fade moves alpha by 1/45 a frame; a push moves 375/45 points. A
          // slide under a cross-dissolve holds, then goes at once when the slide over it is
          // opaque: unseen, so no jump on screen.
          let step = Swift.abs(Self.alpha(a, name) - Self.alpha(b, name))
          let covered = Self.alpha(b, name) == 0 && Self.coveredBy(a, b, name)
          #expect(step <= 0.03 || covered, "\(script): \(name)")
        }
      }
      if script.hasSuffix("swipe right; wait 1") {
        for scene in scenes {
          let shown = (0..<4).filter { Self.alpha(scene, "slide \($0)") > 0 }
          #expect(shown.count <= 2, "\(script): \(shown)")
        }
      }
    }
    // The bullets' highlight glides from where it stands.
    let s = SliderExample.example()
    s.layoutIfNeeded()
    var positions: [Double] = []
    try s.play(try GestureScript("swipe left; wait 0.15; swipe left; wait 1"), fps: 60) { state in
      positions.append(state.timeline.value(.indicatorPosition, of: "bullets", at: state.time) ?? 0)
    }
    for (a, b) in zip(positions, positions.dropFirst()) { #expect(b >= a - 1e-9, "\(a) → \(b)") }
    #expect(positions.last == 2)
  }

  /// The frames of a push interrupted 0.15 s in, 0.1 s after the second swipe: forward, the
  /// half-pushed pair goes on out as the third image comes in; back, the pair reverses.
  @Test func interruptedTransitionsMatchTheirGoldens() throws {
    for (name, second) in [("forward", "left"), ("back", "right")] {
      let s = SliderExample.example(transition: .push)
      s.layoutIfNeeded()
      var at: Double?
      var image: RasterImage?
      s.events.subscribe { record in
        if case .swiped = record.event { at = at == nil ? -1 : record.time }
      }
      try s.play(
        try GestureScript("swipe left; wait 0.15; swipe \(second); wait 1"), fps: 60
      ) { state in
        if let t = at, t >= 0, image == nil, state.time >= t + 0.1 {
          image = try? FrameRenderer(scale: 1).render(s.scene())
        }
      }
      try sessionGoldens.check(try #require(image), named: "slider-interrupted-\(name)")
    }
  }

  /// Right to left, each onboarding's own session is mirrored: it still goes forward.
  @Test func ownSessionsGoForwardRightToLeft() throws {
    let cards = try Self.plan(["cards", "--scale", "1", "--fps", "30", "--rtl"])
    #expect(cards.states.contains { $0.pagePosition == 2 }, "reaches the last card")
    let slider = try Self.plan(["slider", "--scale", "1", "--fps", "30", "--rtl"])
    var indexes: [Int] = []
    for state in slider.states {
      let i = Int(state.custom.number("slider.index") ?? -1)
      if indexes.last != i { indexes.append(i) }
    }
    #expect(indexes == [0, 1, 2, 3, 0])
    // A script the user wrote plays as written.
    let written = try Self.plan([
      "cards", "--scale", "1", "--fps", "30", "--rtl", "--script", "drag 330 400 to 50 400; wait 1",
    ])
    #expect(written.states.allSatisfy { $0.pagePosition == 0 }, "a left drag goes back: nowhere")
  }

  /// `--frames N` spreads N frames over the whole session, first and last included.
  @Test func framesResampleTheWholeSession() throws {
    let full = try Self.plan(["slider", "--scale", "1", "--fps", "30"])
    for n in [7, 500] {
      let plan = try Self.plan(["slider", "--scale", "1", "--fps", "30", "--frames", String(n)])
      #expect(plan.count == n)
      #expect(plan.states.first?.time == full.states.first?.time)
      let end = try #require(full.states.last?.time)
      #expect(Swift.abs((plan.states.last?.time ?? 0) - end) < 0.05, "reaches the end")
      #expect(plan.duration == full.duration, "the same length, sampled")
    }
  }
}

/// The goldens of this folder, each checked by a test above.
enum GoldenCatalogOfSessions {
  static let slider = [
    "slider-session-first", "slider-session-mid-transition", "slider-session-wrapped",
  ]
  static let names: Set<String> = Set(
    slider + [
      "template-session-mid-swipe", "cards-session-mid-drag", "slider-interrupted-forward",
      "slider-interrupted-back",
    ])
}

@Suite struct SessionGoldenCatalogTests {
  @Test func everyGoldenHasATestAndEveryTestItsGolden() {
    let audit = sessionGoldens.audit(expected: GoldenCatalogOfSessions.names)
    #expect(audit.unchecked.isEmpty, "goldens no test checks")
    #expect(audit.missing.isEmpty, "tests whose golden is missing")
  }
}

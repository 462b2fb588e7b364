import Strata
import StrataTesting
import Testing

/// Records what the delegate hears.
final class Recorder: TutorialDelegate {
  var taps: [String] = []
  var finished: [Bool] = []
  var began = 0
  var reachedLast = 0
  func tutorialController(_ c: TutorialController, didTapButton id: String) { taps.append(id) }
  func tutorialController(_ c: TutorialController, didFinish wasSkipped: Bool) {
    finished.append(wasSkipped)
  }
  func tutorialControllerDidBeginDragging(_ c: TutorialController) { began += 1 }
  func tutorialControllerDidReachLastPage(_ c: TutorialController) { reachedLast += 1 }
}

/// Three pages with a start button and navigation buttons in the static content.
final class ButtonTutorial: TutorialController, StaticContentDataSource {
  var policies: [Int: NavigationPolicy] = [:]
  var numberOfPages: Int { 3 }
  func staticContent() -> Node? {
    let card = Node(name: "card")
    let start = ButtonNode(
      title: TextContent("START", font: .system(size: 14)), actionIdentifier: "start",
      frame: Rect(x: 60, y: 150, width: 255, height: 48), name: "START")
    card.addChild(start)
    card.addChild(
      NavigationButtonNode(role: .skip, frame: Rect(x: 10, y: 220, width: 60, height: 30)))
    card.addChild(
      NavigationButtonNode(role: .next, frame: Rect(x: 300, y: 220, width: 60, height: 30)))
    card.addChild(
      NavigationButtonNode(role: .done, frame: Rect(x: 300, y: 220, width: 60, height: 30)))
    return card
  }
  func navigationPolicy(at page: Int) -> NavigationPolicy { policies[page] ?? .free }
}

func settle(_ c: TutorialController, upTo seconds: Double = 5) {
  var t = c.time
  while c.isInteracting && t < c.time + seconds {
    t += 1.0 / 60
    c.advance(to: t)
  }
}

/// Drags from `from` to `to` over `duration` at 240 Hz, starting at the controller's time.
func drag(_ c: TutorialController, from: Point, to: Point, duration: Double) {
  let events = GestureScript.touchEvents(
    of: .drag(from: from, to: to, duration: duration), at: c.time, size: c.pageSize,
    locate: { _ in nil })
  for e in events { c.handle(e) }
}

@Suite struct ScrollPhysicsTests {
  static let config = ScrollPhysics.Configuration(pageWidth: 375, pageCount: 3)

  @Test func fastFlickMovesOnePageNotTwo() {
    var p = ScrollPhysics(configuration: Self.config)
    p.beginDrag(fingerX: 300)
    p.drag(fingerX: 250)
    p.endDrag(velocity: 8000)
    for _ in 0..<240 { p.step(1.0 / 60) }
    #expect(p.isIdle)
    #expect(p.offset == 375)
  }

  @Test func slowDragsSnapToTheNearestPage() {
    for (distance, page) in [(200.0, 1), (170.0, 0)] {
      var p = ScrollPhysics(configuration: Self.config)
      p.beginDrag(fingerX: 300)
      p.drag(fingerX: 300 - distance)
      p.endDrag(velocity: 20)
      for _ in 0..<240 { p.step(1.0 / 60) }
      #expect(p.offset == Double(page) * 375, "dragged \(distance)")
    }
  }

  @Test func rubberBandingStaysWithinAPageAndReturns() {
    for pull in [10.0, 100, 375, 5000, 1e9] {
      var p = ScrollPhysics(configuration: Self.config)
      p.beginDrag(fingerX: 0)
      p.drag(fingerX: pull)  // pulling right at the first page
      #expect(p.offset < 0 && p.offset > -375)
      let c = 0.55
      let expected = -(1 - 1 / (pull * c / 375 + 1)) * 375
      #expect(abs(p.offset - expected) < 1e-6)
      p.endDrag(velocity: 0)
      for _ in 0..<120 { p.step(1.0 / 60) }
      #expect(p.offset == 0)
    }
    var end = ScrollPhysics(configuration: Self.config, offset: 750)
    end.beginDrag(fingerX: 300)
    end.drag(fingerX: -2000)
    #expect(end.offset > 750 && end.offset < 1125)
    end.endDrag(velocity: 3000)
    for _ in 0..<120 { end.step(1.0 / 60) }
    #expect(end.offset == 750)
  }

  @Test func theSpringSettlesTheSameAtEveryFrameRate() {
    var results: [Double] = []
    for hz in [30.0, 60, 120] {
      var p = ScrollPhysics(configuration: Self.config)
      p.beginDrag(fingerX: 300)
      p.drag(fingerX: 100)
      p.endDrag(velocity: 700)
      var t = 0.0
      var offsetAt02: Double?
      while t < 2 {
        p.step(1 / hz)
        t += 1 / hz
        if offsetAt02 == nil && t >= 0.2 - 1e-9 { offsetAt02 = p.offset }
      }
      #expect(p.isIdle)
      results.append(p.offset)
      if let o = offsetAt02 { results.append(o) }
    }
    #expect(results[0] == 375 && results[2] == 375 && results[4] == 375)
    // The closed form makes the motion itself rate-independent too.
    #expect(abs(results[1] - results[3]) < 1e-6 && abs(results[3] - results[5]) < 1e-6)
  }

  @Test func withoutPagingItDeceleratesAndStops() {
    var config = Self.config
    config.isPagingEnabled = false
    var p = ScrollPhysics(configuration: config, offset: 100)
    p.beginDrag(fingerX: 300)
    p.drag(fingerX: 290)
    p.endDrag(velocity: 500)
    for _ in 0..<600 { p.step(1.0 / 60) }
    #expect(p.isIdle)
    // v/1000 · r/(1 − r) with r = 0.998: 500 pt/s travels about 249.5 points.
    #expect(abs(p.offset - (110 + 249.5)) < 2)
  }

  @Test func programmaticScrollsUseTheirEasing() {
    var p = ScrollPhysics(configuration: Self.config)
    p.scroll(toPage: 2, animated: true, duration: 0.5, easing: .linear)
    p.step(0.25)
    #expect(abs(p.offset - 375) < 1e-9)
    p.step(0.3)
    #expect(p.offset == 750 && p.isIdle)
    p.scroll(toPage: 99, animated: false)
    #expect(p.offset == 750)
  }

  @Test func randomInputNeverProducesNaN() {
    var rng = SeededRandomNumberGenerator(seed: 9)
    for _ in 0..<300 {
      var p = ScrollPhysics(configuration: Self.config, offset: rng.unit() * 750)
      for _ in 0..<40 {
        let r = rng.unit()
        let x = (rng.unit() - 0.5) * 1e5
        switch Int(rng.next() % 7) {
        case 0: p.beginDrag(fingerX: r < 0.1 ? .nan : x)
        case 1: p.drag(fingerX: r < 0.1 ? .infinity : x)
        case 2: p.endDrag(velocity: r < 0.1 ? -.infinity : x)
        case 3: p.step(r < 0.1 ? .nan : rng.unit() * 0.5)
        case 4: p.scroll(toPage: Int(rng.next() % 9) - 3, animated: r < 0.5, duration: r)
        case 5: p.setOffset(r < 0.1 ? .nan : x)
        default: p.step(1.0 / 60)
        }
        #expect(p.offset.isFinite && p.velocity.isFinite)
      }
    }
  }
}

@Suite struct GestureTests {
  @Test func velocityIsTheSlopeOverTheLastTenthOfASecond() {
    var t = VelocityTracker()
    for i in 0...30 { t.add(x: 500 - Double(i) * 10, time: Double(i) / 240) }
    #expect(abs(t.velocity - -2400) < 1e-6)
  }

  @Test func aTapOnTheButtonUnderTheMainScrollNodeFires() throws {
    let c = ButtonTutorial()
    let rec = Recorder()
    c.delegate = rec
    _ = c.scene()
    let button = try #require(c.root.descendant(named: "START") as? ButtonNode)
    let centre = try #require(
      button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: nil))
    #expect(c.root.hitTest(centre) === button)
    c.handle(TouchEvent(.down, at: centre, time: 0))
    #expect(button.isHighlighted)
    // The scene shows it pressed: a darker background than at rest.
    let pressed = try #require(c.scene().node(named: "START"))
    #expect(pressed.backgroundColor == button.displayedBackgroundColor)
    c.handle(TouchEvent(.up, at: centre, time: 0.08))
    #expect(!button.isHighlighted)
    #expect(rec.taps == ["start"])
  }

  @Test func aSwipeStartingOnTheButtonPagesAndFiresNothing() throws {
    let c = ButtonTutorial()
    let rec = Recorder()
    c.delegate = rec
    _ = c.scene()
    let button = try #require(c.root.descendant(named: "START"))
    let centre = try #require(
      button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: nil))
    drag(c, from: centre, to: Point(x: centre.x - 200, y: centre.y), duration: 0.15)
    settle(c)
    #expect(rec.taps.isEmpty)
    #expect(rec.began == 1)
    #expect(c.currentPage == 1)
  }

  @Test func aTouchOnEmptySpaceDoesNothing() {
    let c = ButtonTutorial()
    let rec = Recorder()
    c.delegate = rec
    c.handle(TouchEvent(.down, at: Point(x: 30, y: 30), time: 0))
    c.handle(TouchEvent(.up, at: Point(x: 30, y: 30), time: 0.1))
    #expect(rec.taps.isEmpty && c.contentOffset == 0)
  }

  @Test func hitTestingRespectsHiddenAlphaTransformsAndClips() {
    let root = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let clip = Node(frame: Rect(x: 0, y: 0, width: 50, height: 50), name: "clip")
    clip.clipsToBounds = true
    let inside = Node(frame: Rect(x: 40, y: 40, width: 30, height: 30), name: "inside")
    clip.addChild(inside)
    root.addChild(clip)
    #expect(root.hitTest(Point(x: 45, y: 45))?.name == "inside")
    #expect(
      root.hitTest(Point(x: 60, y: 60))?.name == "root"
        || root.hitTest(Point(x: 60, y: 60)) === root)
    inside.alpha = 0.005
    #expect(root.hitTest(Point(x: 45, y: 45))?.name == "clip")
    inside.alpha = 1
    inside.isHidden = true
    #expect(root.hitTest(Point(x: 45, y: 45))?.name == "clip")
    inside.isHidden = false
    let turned = Node(frame: Rect(x: 60, y: 0, width: 40, height: 10), name: "turned")
    turned.transform = Transform(rotation: Double.pi / 2)
    root.addChild(turned)
    #expect(root.hitTest(Point(x: 80, y: 20))?.name == "turned")  // inside only once turned
  }
}

@Suite struct NavigationTests {
  @Test func navigationButtonsShowOnTheirPagesAndAct() throws {
    let c = ButtonTutorial()
    let rec = Recorder()
    c.delegate = rec
    let scene = c.scene()
    #expect(scene.node(named: "Skip") != nil && scene.node(named: "Next") != nil)
    #expect(scene.node(named: "Done") == nil)
    let next = try #require(c.root.descendant(named: "Next") as? NavigationButtonNode)
    c.tap(next)
    settle(c)
    #expect(c.currentPage == 1)
    #expect(rec.taps == ["strata.next"])
    c.scroll(toPage: 2, animated: false)
    #expect(rec.reachedLast == 1)
    let last = c.scene()
    #expect(
      last.node(named: "Done") != nil && last.node(named: "Next") == nil
        && last.node(named: "Skip") == nil)
    // Half way, both fade.
    c.setPagePosition(1.5)
    #expect(abs((c.scene().node(named: "Done")?.alpha ?? 0) - 0.5) < 1e-12)
    let done = try #require(c.root.descendant(named: "Done") as? ButtonNode)
    c.tap(done)
    let skip = try #require(c.root.descendant(named: "Skip") as? ButtonNode)
    c.tap(skip)
    #expect(rec.finished == [false, true])
  }

  @Test func thePolicyHoldsTheReaderOnAPage() {
    let c = ButtonTutorial()
    c.policies[0] = .locked
    _ = c.scene()
    drag(c, from: Point(x: 300, y: 300), to: Point(x: 50, y: 300), duration: 0.1)
    #expect(c.contentOffset > 0 && c.contentOffset < 375)  // rubber-banding
    settle(c)
    #expect(c.currentPage == 0 && c.contentOffset == 0)
    c.showNextPage()
    settle(c)
    #expect(c.currentPage == 0)
    c.policies[0] = .forwardOnly
    c.policies[1] = .forwardOnly
    c.showNextPage()
    settle(c)
    #expect(c.currentPage == 1)
    c.showPreviousPage()
    settle(c)
    #expect(c.currentPage == 1)
  }
}

@Suite struct ScriptTests {
  @Test func theTextFormParses() throws {
    let s = try GestureScript(
      "wait 0.5; swipe left; swipe right fast\n drag 10 20 to 30 40 in 0.3; drag to 5 6; tap 1 2; tap 'LET'S START'; tap \"a \"\"b\"\"\""
    )
    #expect(
      s.gestures == [
        .wait(0.5), .swipe(.left, speed: 1500), .swipe(.right, speed: 3000),
        .drag(from: Point(x: 10, y: 20), to: Point(x: 30, y: 40), duration: 0.3),
        .drag(from: nil, to: Point(x: 5, y: 6), duration: 0.4), .tap(Point(x: 1, y: 2)),
        .tapNode("LET'S START"),
        .tapNode("a \"b\""),
      ])
  }

  @Test func mistakesNameTheStatement() {
    for (text, statement) in [
      ("wait", 1), ("wait 1; hop", 2), ("swipe sideways", 1), ("tap 'open", 1), ("drag 1 2 3", 1),
      ("wait -1", 1), ("wait nan", 1),
    ] {
      #expect(throws: GestureScriptError.self) { try GestureScript(text) }
      do {
        _ = try GestureScript(text)
      } catch {
        #expect(error.statement == statement, "\(text)")
      }
    }
  }

  @Test func scriptsLandOnTheSamePagesAtEveryFrameRate() throws {
    let script = try GestureScript(
      "wait 0.2; swipe left; wait 0.6; swipe left fast; wait 0.5; swipe right slow")
    var finals: [Double] = []
    for fps in [30.0, 60, 120] {
      let c = ButtonTutorial()
      let frames = try c.play(script, fps: fps)
      #expect(frames.count > Int(fps))
      finals.append(try #require(frames.last).pagePosition)
      #expect(frames.allSatisfy { $0.pagePosition.isFinite })
    }
    #expect(finals == [1, 1, 1])
  }

  @Test func tapsByNameReachTheirButtons() throws {
    let c = ButtonTutorial()
    let rec = Recorder()
    c.delegate = rec
    let frames = try c.play(try GestureScript("wait 0.1; tap 'START'"), fps: 60)
    #expect(rec.taps == ["start"])
    #expect(frames.contains { $0.pressedButton == "START" })
  }

  @Test func randomGestureSequencesNeverProduceNaN() throws {
    var rng = SeededRandomNumberGenerator(seed: 3)
    for _ in 0..<30 {
      var gestures: [GestureScript.Gesture] = []
      for _ in 0..<6 {
        switch Int(rng.next() % 4) {
        case 0: gestures.append(.wait(rng.unit()))
        case 1:
          gestures.append(.swipe(rng.unit() < 0.5 ? .left : .right, speed: 50 + rng.unit() * 6000))
        case 2:
          gestures.append(
            .drag(
              from: Point(x: rng.unit() * 500 - 60, y: rng.unit() * 700),
              to: Point(x: rng.unit() * 900 - 250, y: 300),
              duration: 0.01 + rng.unit()))
        default: gestures.append(.tap(Point(x: rng.unit() * 375, y: rng.unit() * 667)))
        }
      }
      let c = ButtonTutorial()
      let frames = try c.play(GestureScript(gestures), fps: 60)
      #expect(
        frames.allSatisfy {
          $0.pagePosition.isFinite && $0.pagePosition >= -1 && $0.pagePosition <= 3
        })
      #expect(c.scene().nodes.allSatisfy { $0.transform.isFinite })
    }
  }
}

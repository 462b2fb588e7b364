import Strata
import Testing

@Suite struct EventTests {
  /// Two subscribers hear the same stream of a scripted session, in order, with times from the
  /// controller's clock; the same script gives the same stream.
  @Test func aScriptedSessionGivesAnExactStream() throws {
    func run() throws -> ([TutorialEventRecord], [TutorialEventRecord]) {
      let c = ButtonTutorial(pageSize: Size(width: 375, height: 667))
      var first: [TutorialEventRecord] = []
      var second: [TutorialEventRecord] = []
      c.events.subscribe { first.append($0) }
      c.events.subscribe { second.append($0) }
      _ = try c.play(try GestureScript("swipe left; wait 1; swipe right; wait 1; tap 'START'"))
      return (first, second)
    }
    let (a, b) = try run()
    #expect(a == b)
    #expect(try run().0 == a, "deterministic")
    let kinds = a.map(\.event)
    #expect(
      kinds == [
        .dragBegan(page: 0), .pageChanged(from: 0, to: 1), .dragEnded(targetPage: 1),
        .settled(page: 1), .dragBegan(page: 1), .pageChanged(from: 1, to: 0),
        .dragEnded(targetPage: 0), .settled(page: 0),
        .tap(action: "start", button: "START", page: 0),
      ])
    #expect(a.map(\.time) == a.map(\.time).sorted())
    #expect(a.first?.time ?? -1 > 0)
  }

  @Test func finishingAndSkippingAreEvents() {
    let c = ButtonTutorial(pageSize: Size(width: 375, height: 667))
    var seen: [TutorialEvent] = []
    c.events.subscribe { seen.append($0.event) }
    c.layoutIfNeeded()
    var buttons: [NavigationButtonNode] = []
    c.root.forEachInSubtree { if let b = $0 as? NavigationButtonNode { buttons.append(b) } }
    for role in [NavigationButtonNode.Role.skip, .done] {
      if let b = buttons.first(where: { $0.role == role }) { c.tap(b) }
    }
    #expect(seen.contains(.skipped))
    #expect(seen.contains(.finished))
  }

  @Test func aCancelledSubscriptionHearsNothingMore() {
    let c = ButtonTutorial(pageSize: Size(width: 375, height: 667))
    var count = 0
    let token = c.events.subscribe { _ in count += 1 }
    c.scroll(toPage: 1, animated: false)
    let heard = count
    #expect(heard == 2, "a page change and settling")
    token.cancel()
    c.scroll(toPage: 2, animated: false)
    #expect(count == heard)
    #expect(c.events.subscriberCount == 0)
  }

  @Test func theAsyncStreamCarriesTheSameRecords() async {
    let c = ButtonTutorial(pageSize: Size(width: 375, height: 667))
    var direct: [TutorialEventRecord] = []
    do {
      let stream = c.events.stream()
      c.events.subscribe { direct.append($0) }
      c.scroll(toPage: 2, animated: true)
      settle(c)
      var streamed: [TutorialEventRecord] = []
      for await record in stream {
        streamed.append(record)
        if streamed.count == direct.count { break }
      }
      #expect(streamed == direct)
      #expect(direct.last?.event == .settled(page: 2))
    }
    // The stream is gone: the next event drops its subscription.
    c.scroll(toPage: 0, animated: false)
    #expect(c.events.subscriberCount == 1)
  }

  @Test func recordsAreJSONLines() {
    let r = TutorialEventRecord(
      time: 1.25, event: .tap(action: "log\"in", button: "Log in", page: 2))
    #expect(r.json == #"{"time":1.25,"event":"tap","action":"log\"in","button":"Log in","page":2}"#)
    #expect(
      TutorialEventRecord(time: 0.1 + 0.2, event: .settled(page: 1)).json
        == #"{"time":0.3,"event":"settled","page":1}"#)
  }
}

@Suite struct NoBounceTests {
  @Test func withoutBounceNothingGoesPastTheEnds() {
    var p = ScrollPhysics(
      configuration: .init(pageWidth: 375, pageCount: 3, bounces: false))
    p.beginDrag(fingerX: 100)
    p.drag(fingerX: 300)
    #expect(p.offset == 0, "a drag past the first page holds at it")
    p.endDrag(velocity: -3000)
    var lowest = p.offset
    for _ in 0..<120 {
      p.step(1.0 / 60)
      lowest = min(lowest, p.offset)
    }
    #expect(lowest == 0 && p.isIdle)
    // A hard flick into the last page: the spring's overshoot is cut at the end.
    p.setOffset(375 * 1.6)
    p.beginDrag(fingerX: 300)
    p.drag(fingerX: 200)
    p.endDrag(velocity: 20_000)
    var highest = p.offset
    for _ in 0..<240 {
      p.step(1.0 / 60)
      highest = max(highest, p.offset)
    }
    #expect(highest <= 750 && p.offset == 750)
    // Without paging, deceleration stops at the end instead of springing back.
    var free = ScrollPhysics(
      configuration: .init(pageWidth: 375, pageCount: 3, isPagingEnabled: false, bounces: false))
    free.beginDrag(fingerX: 300)
    free.drag(fingerX: 250)
    free.endDrag(velocity: 20_000)
    for _ in 0..<600 { free.step(1.0 / 60) }
    #expect(free.offset == 750 && free.isIdle)
  }
}

import Strata
import Testing

/// Gating: refusals say so, a page's check for leaving holds the page, required steps stop Skip,
/// and an onboarding's ending is an event.
@Suite struct GatingTests {
  final class Pages: TutorialController, LabelDataSource, StaticContentDataSource {
    var policies: [Int: NavigationPolicy] = [:]
    /// How each check answers: nil leaves it waiting (kept in `waiting`).
    var answers: [Int: Bool?] = [:]
    var waiting: [LeaveDecision] = []
    var asked: [String] = []
    let content = Node(frame: Rect(x: 0, y: 0, width: 300, height: 200))
    let next = NavigationButtonNode(role: .next, frame: Rect(x: 200, y: 100, width: 80, height: 44))
    let skip = NavigationButtonNode(role: .skip, frame: Rect(x: 20, y: 100, width: 80, height: 44))

    init(count: Int = 4) {
      self.count = count
      content.addChild(next)
      content.addChild(skip)
      super.init(pageSize: Size(width: 300, height: 600))
    }
    let count: Int
    var numberOfPages: Int { count }
    func label(at page: Int) -> Node? { Node(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
    func staticContent() -> Node? { content }
    func navigationPolicy(at page: Int) -> NavigationPolicy { policies[page] ?? .free }
    func checkLeaving(page: Int, to destination: Int, decision: LeaveDecision) {
      asked.append("\(page)→\(destination)")
      switch answers[page] {
      case .some(.some(true)), .none: decision.allow()
      case .some(.some(false)): decision.deny()
      case .some(.none): waiting.append(decision)
      }
    }
  }

  /// Every event `body` sends, as its JSON without the time.
  static func events(_ c: TutorialController, _ body: () -> Void) -> [String] {
    var heard: [String] = []
    let s = c.events.subscribe { r in
      if case .announcement = r.event { return }
      // The JSON without its time: `{"time":…,` dropped.
      let json = r.json
      let cut = json.firstIndex(of: ",").map { json.index(after: $0) } ?? json.startIndex
      heard.append("{" + json[cut...])
    }
    defer { s.cancel() }
    body()
    return heard
  }

  static func run(_ c: TutorialController, seconds: Double) {
    let start = c.time
    for k in 1...Int((seconds * 60).rounded()) { c.advance(to: start + Double(k) / 60) }
  }

  static func drag(_ c: TutorialController, by dx: Double) {
    let t = c.time
    c.handle(TouchEvent(.down, at: Point(x: 150, y: 300), time: t))
    for k in 1...10 {
      c.handle(
        TouchEvent(.move, at: Point(x: 150 + dx * Double(k) / 10, y: 300), time: t + Double(k) / 60)
      )
    }
    c.handle(TouchEvent(.up, at: Point(x: 150 + dx, y: 300), time: t + 11.0 / 60))
  }

  @Test func aPolicyRefusalIsAnEventForButtonsSwipesAndCode() {
    let c = Pages()
    c.policies[0] = .locked
    let heard = Self.events(c) {
      c.tap(c.next)
      c.showNextPage()
      Self.drag(c, by: -200)
      Self.run(c, seconds: 1)
    }
    #expect(
      heard == [
        #"{"event":"tap","action":"strata.next","button":"Next","page":0}"#,
        #"{"event":"navigationBlocked","page":0,"reason":"policy","by":"button"}"#,
        #"{"event":"navigationBlocked","page":0,"reason":"policy","by":"code"}"#,
        #"{"event":"dragBegan","page":0}"#,
        #"{"event":"navigationBlocked","page":0,"reason":"policy","by":"swipe"}"#,
        #"{"event":"dragEnded","targetPage":0}"#,
        #"{"event":"settled","page":0}"#,
      ])
    #expect(c.currentPage == 0)
    // The end of pages that do not go round is not a refusal.
    c.setPagePosition(3)
    #expect(Self.events(c) { c.showNextPage() }.isEmpty)
  }

  @Test func aCheckThatSaysNoSendsThePagesBack() {
    let c = Pages()
    c.answers[0] = false
    let heard = Self.events(c) {
      Self.drag(c, by: -200)
      Self.run(c, seconds: 1)
    }
    #expect(c.asked == ["0→1"])
    #expect(
      heard == [
        #"{"event":"dragBegan","page":0}"#,
        #"{"event":"pageChanged","from":0,"to":1}"#,
        #"{"event":"navigationBlocked","page":0,"reason":"check","by":"swipe"}"#,
        #"{"event":"dragEnded","targetPage":0}"#,
        #"{"event":"pageChanged","from":1,"to":0}"#,
        #"{"event":"settled","page":0}"#,
      ])
    #expect(c.pagePosition == 0)
  }

  @Test func aPendingCheckHoldsThePageLeaningUntilItAnswers() {
    let c = Pages()
    c.answers[0] = .some(nil)
    let heard = Self.events(c) {
      c.tap(c.next)
      Self.run(c, seconds: 1)
      // Held, leaning towards page 1; a finger cannot drag it; no settled event.
      #expect(c.isCheckingLeave && abs(c.pagePosition - 0.12) < 1e-6)
      Self.drag(c, by: -200)
      #expect(abs(c.pagePosition - 0.12) < 1e-6)
      c.showNextPage()
      c.waiting[0].allow()
      Self.run(c, seconds: 1)
    }
    #expect(!c.isCheckingLeave && c.pagePosition == 1)
    #expect(
      heard == [
        #"{"event":"tap","action":"strata.next","button":"Next","page":0}"#,
        #"{"event":"navigationBlocked","page":0,"reason":"checking","by":"code"}"#,
        #"{"event":"pageChanged","from":0,"to":1}"#,
        #"{"event":"settled","page":1}"#,
      ])
  }

  @Test func aCheckThatNeverAnswersTimesOut() {
    let c = Pages()
    c.answers[0] = .some(nil)
    c.leaveCheckTimeout = 2
    let heard = Self.events(c) {
      c.showNextPage()
      Self.run(c, seconds: 3)
    }
    #expect(
      heard.contains(#"{"event":"navigationBlocked","page":0,"reason":"timedOut","by":"code"}"#))
    #expect(c.pagePosition == 0 && !c.isCheckingLeave)
    // An answer after the time-out changes nothing.
    c.waiting[0].allow()
    Self.run(c, seconds: 1)
    #expect(c.pagePosition == 0)
    c.leaveCheckTimeout = .nan
    #expect(c.leaveCheckTimeout == TutorialController.defaultLeaveCheckTimeout)
    c.leaveCheckTimeout = -5
    #expect(c.leaveCheckTimeout == 0)
  }

  @Test func autoplayIsHeldByAPolicyAndSaysSo() {
    let c = Pages()
    c.policies[1] = NavigationPolicy(canGoForward: false)
    c.autoplay = Autoplay(interval: 1)
    let heard = Self.events(c) { Self.run(c, seconds: 3.5) }
    #expect(
      heard == [
        #"{"event":"autoplayTurned","from":0,"to":1}"#,
        #"{"event":"pageChanged","from":0,"to":1}"#,
        #"{"event":"settled","page":1}"#,
        // Each wait, it tries again.
        #"{"event":"navigationBlocked","page":1,"reason":"policy","by":"autoplay"}"#,
        #"{"event":"navigationBlocked","page":1,"reason":"policy","by":"autoplay"}"#,
      ])
  }

  @Test func skipStopsAtARequiredStepUntilItIsPassed() {
    let c = Pages()
    c.policies[2] = NavigationPolicy(isRequired: true)
    let heard = Self.events(c) {
      c.tap(c.skip)
      Self.run(c, seconds: 1)
      c.tap(c.skip)
      c.tap(c.next)
      Self.run(c, seconds: 1)
      c.tap(c.skip)
    }
    let skips = #"{"event":"tap","action":"strata.skip","button":"Skip","#
    #expect(
      heard == [
        skips + #""page":0}"#,
        #"{"event":"navigationBlocked","page":2,"reason":"requiredStep","by":"button"}"#,
        #"{"event":"pageChanged","from":0,"to":1}"#,
        #"{"event":"pageChanged","from":1,"to":2}"#,
        #"{"event":"settled","page":2}"#,
        skips + #""page":2}"#,
        #"{"event":"navigationBlocked","page":2,"reason":"requiredStep","by":"button"}"#,
        #"{"event":"tap","action":"strata.next","button":"Next","page":2}"#,
        #"{"event":"pageChanged","from":2,"to":3}"#,
        #"{"event":"settled","page":3}"#,
        skips + #""page":3}"#,
        #"{"event":"skipped"}"#,
      ])
    #expect(c.ending == .skipped)
  }

  @Test func leavingMidWayIsAnEventOnceAndNotAfterAnEnding() {
    let c = Pages()
    c.setPagePosition(2)
    let heard = Self.events(c) {
      c.leave()
      c.leave()
    }
    #expect(heard == [#"{"event":"left","page":2}"#] && c.ending == .left(page: 2))
    let done = Pages()
    done.tap(NavigationButtonNode(role: .done))
    #expect(Self.events(done) { done.leave() }.isEmpty && done.ending == .finished)
  }

  @Test func assistiveIncrementIsGatedToo() {
    let c = Pages()
    c.answers[0] = false
    let heard = Self.events(c) { #expect(!c.perform(.increment)) }
    #expect(
      heard == [#"{"event":"navigationBlocked","page":0,"reason":"check","by":"accessibility"}"#])
  }
}

import Strata
import StrataTesting
import Testing

/// Pages that go round: the page after the last is the first, scrolled on to, never rewound.
@Suite struct CircularPagingTests {
  final class Pages: TutorialController, LabelDataSource, IconDataSource,
    DynamicBackgroundDataSource
  {
    let count: Int
    init(count: Int = 3, circular: Bool = true) {
      self.count = count
      super.init(pageSize: Size(width: 300, height: 600))
      isCircular = circular
    }
    var numberOfPages: Int { count }
    func label(at page: Int) -> Node? {
      Node(frame: Rect(x: 0, y: 0, width: 100, height: 20), name: "label \(page % 3)")
    }
    func icon(at page: Int) -> Node? {
      Node(frame: Rect(x: 0, y: 0, width: 40, height: 40), name: "icon \(page % 3)")
    }
    func dynamicBackground(at page: Int) -> Node? { Node(name: "background \(page % 3)") }
  }

  /// The events a run of `body` sends, as short strings (page changes, settling, drags and
  /// swipes; shared with ``VerticalPagingTests``).
  static func events(_ c: TutorialController, _ body: () -> Void) -> [String] {
    var heard: [String] = []
    let s = c.events.subscribe { r in
      switch r.event {
      case .pageChanged(let a, let b): heard.append("page \(a)→\(b)")
      case .settled(let p): heard.append("settled \(p)")
      case .dragBegan(let p): heard.append("drag \(p)")
      case .dragEnded(let p): heard.append("release →\(p)")
      case .swiped(let d): heard.append("swiped \(d)")
      default: break
      }
    }
    defer { s.cancel() }
    body()
    return heard
  }

  /// The events of one press of next and a second to settle.
  static func next(_ c: TutorialController) -> [String] {
    events(c) {
      c.showNextPage()
      _ = run(c, seconds: 1)
    }
  }

  /// Advances `c` by `seconds` at 60 Hz, returning the page positions it showed.
  static func run(_ c: TutorialController, seconds: Double) -> [Double] {
    var seen: [Double] = []
    let start = c.time
    for k in 1...Int((seconds * 60).rounded()) {
      c.advance(to: start + Double(k) / 60)
      seen.append(c.pagePosition)
    }
    return seen
  }

  /// The x on screen of the slot that holds `name` (a page's label), or nil if it is not built.
  static func screenX(of name: String, in c: TutorialController) -> [Double] {
    _ = c.scene()
    var xs: [Double] = []
    c.root.forEachInSubtree { n in
      if n.name == name { xs.append(n.transformToRoot.apply(to: Point(x: 0, y: 0)).x) }
    }
    return xs.sorted()
  }

  @Test func nextOnTheLastPageScrollsOnToTheFirst() {
    let c = Pages()
    c.setPagePosition(2)
    let heard = Self.events(c) {
      c.showNextPage()
      let seen = Self.run(c, seconds: 1)
      // Forward all the way: 2 → 2.x → 0 (= 3), never back through page 1.
      let unrolled = seen.map { $0 < 1 ? $0 + 3 : $0 }
      #expect(zip(unrolled, unrolled.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 })
      #expect(!seen.contains { $0 > 0.6 && $0 < 1.9 })
    }
    #expect(heard == ["page 2→0", "settled 0"])
    #expect(c.currentPage == 0 && c.pagePosition == 0)
  }

  @Test func backOnTheFirstPageScrollsBackToTheLast() {
    let c = Pages()
    let heard = Self.events(c) {
      c.showPreviousPage()
      let seen = Self.run(c, seconds: 1)
      #expect(!seen.contains { $0 > 0.1 && $0 < 2 })
    }
    #expect(heard == ["page 0→2", "settled 2"])
    #expect(c.pagePosition == 2)
  }

  @Test func aDragAcrossTheSeamSettlesOnTheFirstPage() {
    let c = Pages()
    c.setPagePosition(2)
    let heard = Self.events(c) {
      var t = 0.0
      c.handle(TouchEvent(.down, at: Point(x: 250, y: 300), time: t))
      for k in 1...12 {
        t = Double(k) / 60
        c.handle(TouchEvent(.move, at: Point(x: 250 - 15 * Double(k), y: 300), time: t))
      }
      // The drag began at the first move past the slop: 165 points, past half way round. The
      // last page is on the left, the first coming in on the right.
      #expect(abs(c.pagePosition - 2.55) < 1e-9)
      #expect(Self.screenX(of: "label 2", in: c).contains { abs($0 - (-165 + 100)) < 1e-9 })
      #expect(Self.screenX(of: "label 0", in: c).contains { abs($0 - (135 + 100)) < 1e-9 })
      c.handle(TouchEvent(.up, at: Point(x: 70, y: 300), time: t + 1.0 / 60))
      _ = Self.run(c, seconds: 1)
    }
    #expect(heard == ["drag 2", "page 2→0", "release →0", "settled 0"])
    #expect(c.pagePosition == 0)
  }

  @Test func positionsGoRoundAndStayInThePages() throws {
    let c = Pages()
    c.setPagePosition(-0.5)
    #expect(c.pagePosition == 2.5)
    #expect(c.transition.fromPage == 2 && c.transition.toPage == 0)
    #expect(c.transition.progress == 0.5 && c.transition.nearestPage == 0)
    c.setPagePosition(7.25)
    #expect(c.pagePosition == 1.25)
    c.setPagePosition(.infinity)
    #expect(c.pagePosition == 1.25)
    c.setPagePosition(.nan)
    #expect(c.pagePosition == 1.25)
    #expect(c.pagePositionRange == 0...3)
    // Every layer follows across the seam: at 2.5 the last page is half off to the left and the
    // first half on from the right, in the backgrounds, labels and icons.
    c.setPagePosition(2.5)
    _ = c.scene()
    // page(_:) gives the copy on screen, the one left of the seam.
    let shown = try #require(c.page(2))
    #expect(shown.container.parent != nil && shown.container.frame.minX < 0)
    for layer in ["background", "label", "icon"] {
      let last = Self.screenX(of: "\(layer) 2", in: c)
      let first = Self.screenX(of: "\(layer) 0", in: c)
      #expect(last.contains { $0 < 0 } && first.contains { $0 > 0 && $0 < 300 }, "\(layer)")
    }
  }

  @Test func theIndicatorGoesRoundFromTheLastDotToTheFirst() {
    let c = Pages()
    let dots = PageIndicatorNode(
      pageCount: 3, style: .dots, frame: Rect(x: 0, y: 0, width: 60, height: 10))
    let content = Node(frame: Rect(x: 0, y: 0, width: 300, height: 200))
    content.addChild(dots)
    final class Source: StaticContentDataSource {
      let node: Node
      init(_ node: Node) { self.node = node }
      var numberOfPages: Int { 3 }
      func staticContent() -> Node? { node }
    }
    let source = Source(content)
    c.dataSource = source
    c.setPagePosition(2.75)
    _ = c.scene()
    let l = dots.layout
    #expect(l.isCircular && l.wrapProgress == 0.75)
    #expect(abs(l.share(of: 2) - 0.25) < 1e-12 && abs(l.share(of: 0) - 0.75) < 1e-12)
    #expect(l.share(of: 1) == 0)
    // Not circular, the same position is held at the last dot.
    c.isCircular = false
    c.setPagePosition(2.75)
    _ = c.scene()
    #expect(dots.layout.wrapProgress == nil && dots.layout.share(of: 2) == 1)
  }

  @Test func twoPagesGoRoundAndOneDoesNot() {
    let two = Pages(count: 2)
    two.setPagePosition(1)
    #expect(Self.next(two) == ["page 1→0", "settled 0"])
    // Both slots of page 0 around the viewport are built, each in its own place.
    two.setPagePosition(0.5)
    let xs = Self.screenX(of: "label 0", in: two)
    #expect(xs.count >= 2 && xs.contains { abs($0 - (-150 + 100)) < 1e-9 })
    let one = Pages(count: 1)
    #expect(!one.transition.isCircular)
    one.showNextPage()
    _ = Self.run(one, seconds: 1)
    #expect(one.pagePosition == 0)
  }

  @Test func rightToLeftGoesRoundTheOtherWay() {
    let c = Pages()
    c.layoutDirection = .rightToLeft
    c.setPagePosition(2)
    #expect(Self.next(c) == ["page 2→0", "settled 0"])
    // Half way from the last page to the first, the first comes in from the left.
    c.setPagePosition(2.5)
    #expect(Self.screenX(of: "label 0", in: c).contains { $0 < 0 })
  }

  /// Going round from any page, in any direction, by any steps, lands where the same steps
  /// land on a straight onboarding of three times the pages, started on its middle copy.
  @Test(arguments: [2, 3, 5])
  func goingRoundIsAStraightLineOfThreeCopies(count: Int) {
    var rng = SeededRandomNumberGenerator(seed: UInt64(40 + count))
    for _ in 0..<12 {
      let start = Int.random(in: 0..<count, using: &rng)
      let round = Pages(count: count)
      let line = Pages(count: 3 * count, circular: false)
      round.setPagePosition(Double(start))
      line.setPagePosition(Double(count + start))
      var t = 0.0
      // At most `count` steps, so that the straight line never reaches an end.
      for _ in 0..<Int.random(in: 1...count, using: &rng) {
        let step = Int.random(in: 0..<4, using: &rng)
        for c in [round, line] {
          switch step {
          case 0: c.showNextPage()
          case 1: c.showPreviousPage()
          default:
            // A drag of a random length and speed, one way or the other.
            let dx = (step == 2 ? -1.0 : 1.0) * Double(40 + 20 * (start % 5))
            c.handle(TouchEvent(.down, at: Point(x: 150, y: 300), time: t))
            c.handle(TouchEvent(.move, at: Point(x: 150 + dx / 2, y: 300), time: t + 0.05))
            c.handle(TouchEvent(.up, at: Point(x: 150 + dx, y: 300), time: t + 0.1))
          }
        }
        for k in 1...60 {
          for c in [round, line] { c.advance(to: t + 0.1 + Double(k) / 60) }
          let expected = (line.pagePosition - Double(count))
          let wrapped = expected - Double(count) * (expected / Double(count)).rounded(.down)
          let d = abs(round.pagePosition - wrapped)
          #expect(min(d, Double(count) - d) < 1e-6, "count \(count) start \(start)")
          #expect(round.currentPage == line.currentPage % count)
        }
        t += 1.2
      }
    }
  }
}

/// The pager switches from outside the code (the preview's controls).
@Suite struct PagerSettingsTests {
  @Test func theyApplyWhatIsGivenAndMergeOverEachOther() {
    let c = CircularPagingTests.Pages(count: 3, circular: false)
    PagerSettings(isCircular: true, axis: .vertical, autoplayInterval: 2).apply(to: c)
    #expect(c.isCircular && c.pagingAxis == .vertical)
    #expect(c.autoplay == Autoplay(interval: 2, end: .loop))
    // An interval keeps the rest of the autoplay; 0 turns it off; NaN and nil leave it.
    c.autoplay = Autoplay(interval: 5, pageIntervals: [1: 9], end: .stop)
    PagerSettings(autoplayInterval: 3).apply(to: c)
    #expect(c.autoplay == Autoplay(interval: 3, pageIntervals: [1: 9], end: .stop))
    PagerSettings(autoplayInterval: .nan).apply(to: c)
    PagerSettings().apply(to: c)
    #expect(c.autoplay?.interval == 3 && c.isCircular)
    PagerSettings(autoplayInterval: 0).apply(to: c)
    #expect(c.autoplay == nil)
    let merged = PagerSettings(isCircular: true, axis: .vertical).merging(
      PagerSettings(axis: .horizontal, autoplayInterval: 1))
    #expect(merged == PagerSettings(isCircular: true, axis: .horizontal, autoplayInterval: 1))
  }
}

/// The dot styles going round: the current dot fades out on the last dot and in on the first.
@Suite struct CircularIndicatorTests {
  @Test(arguments: ["worm", "jumpingDot"])
  func theCurrentDotFadesAcrossTheSeam(style: String) throws {
    let s = try #require(PageIndicatorStyle.presets.first { $0.name == style })
    let node = PageIndicatorNode(
      pageCount: 4, style: s, frame: Rect(x: 0, y: 0, width: 80, height: 10))
    node.isCircular = true
    node.pagePosition = 3.25
    guard case .shapes(let shapes) = s.draw(node.layout) else {
      Issue.record("\(style) drew no shapes")
      return
    }
    // Four inactive dots, the last page's current dot at 75 %, the first's at 25 %.
    #expect(shapes.count == 6)
    #expect(shapes[4].opacity == 0.75 && shapes[5].opacity == 0.25)
    #expect(shapes[4].path.bounds.midX > shapes[5].path.bounds.midX)
    node.isCircular = false
    guard case .shapes(let straight) = s.draw(node.layout) else { return }
    #expect(straight.count == 5)
  }

  @Test func numbersAndTheBarGoRound() throws {
    let node = PageIndicatorNode(
      pageCount: 4, style: .numbers, frame: Rect(x: 0, y: 0, width: 80, height: 20))
    node.isCircular = true
    node.pagePosition = 3.75
    guard case .text(let t) = PageIndicatorStyle.numbers.draw(node.layout) else {
      Issue.record("numbers drew no text")
      return
    }
    #expect(t.string == "1 / 4")
  }
}

/// Scripted sessions of each switch, their event streams compared whole.
@Suite struct PagerSessionTests {
  static func session(_ c: TutorialController, _ script: String) throws -> [String] {
    var heard: [String] = []
    let s = c.events.subscribe { heard.append($0.json) }
    defer { s.cancel() }
    _ = try c.play(GestureScript(script))
    return heard
  }

  @Test func swipingRoundBothWays() throws {
    let c = CircularPagingTests.Pages()
    let heard = try Self.session(c, "swipe right; wait 0.5; swipe left; wait 0.5")
    #expect(heard == Self.round, "\(heard)")
  }

  @Test func swipingVerticalPages() throws {
    let c = CircularPagingTests.Pages(count: 3, circular: false)
    c.pagingAxis = .vertical
    let heard = try Self.session(c, "swipe up; wait 0.5; swipe up; wait 0.5; swipe down")
    #expect(heard == Self.vertical, "\(heard)")
  }

  /// Right from page 0 round to the last page, then left on round to page 0 again (each
  /// swipe catching the pages before they settle).
  static let round = [
    #"{"time":0.008276,"event":"dragBegan","page":0}"#,
    #"{"time":0.111724,"event":"pageChanged","from":0,"to":2}"#,
    #"{"time":0.12,"event":"dragEnded","targetPage":2}"#,
    #"{"time":0.62,"event":"dragBegan","page":2}"#,
    #"{"time":0.723448,"event":"pageChanged","from":2,"to":0}"#,
    #"{"time":0.74,"event":"dragEnded","targetPage":0}"#,
    #"{"time":1.283333,"event":"settled","page":0}"#,
  ]
  /// Up twice, down once.
  static let vertical = [
    #"{"time":0.008276,"event":"dragBegan","page":0}"#,
    #"{"time":0.12,"event":"dragEnded","targetPage":1}"#,
    #"{"time":0.166667,"event":"pageChanged","from":0,"to":1}"#,
    #"{"time":0.62,"event":"dragBegan","page":1}"#,
    #"{"time":0.74,"event":"dragEnded","targetPage":2}"#,
    #"{"time":0.783333,"event":"pageChanged","from":1,"to":2}"#,
    #"{"time":1.24,"event":"dragBegan","page":2}"#,
    #"{"time":1.36,"event":"dragEnded","targetPage":1}"#,
    #"{"time":1.416667,"event":"pageChanged","from":2,"to":1}"#,
    #"{"time":2,"event":"settled","page":1}"#,
  ]
}

import Testing

// @testable: these tests reach internals: PageOrder, Slot.
@testable import Strata

/// A data source whose page count can change.
final class ResizableSource: DynamicBackgroundDataSource, LabelDataSource {
  var pages: Int
  init(pages: Int) { self.pages = pages }
  var numberOfPages: Int { pages }
  func dynamicBackground(at page: Int) -> Node? { Node(name: "background \(page)") }
  func label(at page: Int) -> Node? {
    Node(frame: Rect(x: 0, y: 0, width: 100, height: 20), name: "label \(page)")
  }
}

/// Where a page's container shows on screen (its left edge), if it is in the tree.
func screenX(of page: Int, in c: TutorialController) -> Double? {
  guard let p = c.page(page), p.container.parent != nil else { return nil }
  return p.container.convert(.zero, to: nil)?.x
}

@Suite struct DirectionTests {
  /// Every page that shows (any part of it on screen) is in the tree, at the mirrored place.
  @Test(arguments: 1...6)
  func rightToLeftShowsEveryVisiblePage(pages: Int) throws {
    let source = ResizableSource(pages: pages)
    for rtl in [false, true] {
      let c = TutorialController()
      c.dataSource = source
      c.layoutDirection = rtl ? .rightToLeft : .leftToRight
      for step in 0...(2 * (pages - 1)) {
        let position = Double(step) / 2
        c.setPagePosition(position)
        _ = c.scene()
        #expect(c.pagePosition == position)
        for page in 0..<pages {
          let distance = Double(page) - position
          guard Swift.abs(distance) < 1 else { continue }
          let x = try #require(
            screenX(of: page, in: c), "\(pages) pages, rtl \(rtl), at \(position): page \(page)")
          // Left to right the next page is on the right; right to left on the left.
          let expected = (rtl ? -distance : distance) * 375
          #expect(Swift.abs(x - expected) < 1e-9, "page \(page) at \(x), not \(expected)")
          #expect(c.page(page)?.label?.parent?.parent != nil)
        }
        #expect(c.currentPage == Int(position.rounded()))
      }
    }
  }

  @Test func slotsAndPagesMirrorOnce() {
    let order = PageOrder(count: 6, isRightToLeft: true)
    for page in 0..<6 {
      #expect(order.page(in: order.slot(of: page)) == page)
      #expect(order.slot(of: page).index == 5 - page)
    }
    #expect(order.pagePosition(ofVisual: order.visualPosition(of: 1.25)) == 1.25)
    #expect(order.visualPosition(of: 1.25) == 3.75)
    let empty = PageOrder(count: 0, isRightToLeft: true)
    #expect(empty.visualPosition(of: 0) == 0)
    #expect(PageOrder(count: 3, isRightToLeft: true).pages(in: Slot(0)...Slot(1)) == 1...2)
    // Extreme indices neither trap nor wrap.
    #expect(order.slot(of: Int.min).index > 0)
    #expect(order.slot(of: Int.max).index < 0)
  }
}

@Suite struct ChangeTests {
  /// Reading anything first must not matter.
  static let reads: [(String, @Sendable (TutorialController) -> Void)] = [
    ("scene", { _ = $0.scene() }), ("pagePosition", { _ = $0.pagePosition }),
    ("contentOffset", { _ = $0.contentOffset }), ("transition", { _ = $0.transition }),
    ("pageCount", { _ = $0.pageCount }), ("nothing", { _ in }),
  ]

  @Test func sizeChangesKeepThePagePosition() {
    for (name, read) in Self.reads {
      for rtl in [false, true] {
        let c = TutorialController()
        c.dataSource = ResizableSource(pages: 4)
        c.layoutDirection = rtl ? .rightToLeft : .leftToRight
        c.setPagePosition(1.25)
        c.pageSize = Size(width: 750, height: 1334)
        read(c)
        _ = c.scene()
        #expect(c.pagePosition == 1.25, "after \(name), rtl \(rtl)")
        #expect(c.transition.progress == (rtl ? 0.75 : 0.25))
        #expect(c.contentOffset == (rtl ? 1.75 : 1.25) * 750)
      }
    }
  }

  @Test func directionChangesKeepThePagePosition() {
    for (name, read) in Self.reads {
      let c = TutorialController()
      c.dataSource = ResizableSource(pages: 4)
      c.setPagePosition(1.25)
      c.layoutDirection = .rightToLeft
      read(c)
      _ = c.scene()
      #expect(c.pagePosition == 1.25, "after \(name)")
      #expect(screenX(of: 1, in: c) == 0.25 * 375, "right to left, page 1 is a quarter page right")
      // Both at once, and back.
      c.pageSize = Size(width: 320, height: 568)
      c.layoutDirection = .leftToRight
      read(c)
      #expect(c.pagePosition == 1.25, "after \(name)")
      _ = c.scene()
      #expect(c.contentOffset == 1.25 * 320)
    }
  }

  @Test func shrinkingTheDataSettlesOnTheLastPage() throws {
    for rtl in [false, true] {
      let source = ResizableSource(pages: 4)
      let c = TutorialController()
      c.dataSource = source
      c.layoutDirection = rtl ? .rightToLeft : .leftToRight
      c.setPagePosition(3)
      _ = c.scene()
      source.pages = 2
      c.reloadData()
      _ = c.scene()
      #expect(c.pagePosition == 1)
      #expect(c.currentPage == 1)
      #expect(screenX(of: 1, in: c) == 0, "the last page fills the screen")
      #expect(c.scene().node(named: "background 1") != nil)
      // Growing keeps the position.
      source.pages = 6
      c.reloadData()
      _ = c.scene()
      #expect(c.pagePosition == 1)
      #expect(screenX(of: 1, in: c) == 0)
      // So does shrinking when the page is still there.
      c.setPagePosition(2.5)
      source.pages = 4
      c.reloadData()
      #expect(c.pagePosition == 2.5)
      source.pages = 0
      c.reloadData()
      #expect(c.pagePosition == 0)
      #expect(c.scene().node(named: "background 0") == nil)
    }
  }
}

@Suite struct ArcTests {
  @Test func noFiniteHeightGivesNaN() {
    var rng = SystemRandomNumberGenerator()
    var heights: [Double] = [
      .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1e-200, 1e-160, 1e-150, 1e-100,
      1e-12, 1e-9, 1e-8, 0.001, 1, 10, 187.5, 1e6, .greatestFiniteMagnitude,
    ]
    for _ in 0..<500 {
      let exponent = Double.random(in: -330...10, using: &rng)
      heights.append(Double(sign: .plus, exponent: Int(exponent), significand: 1))
    }
    for h in heights {
      let arc = RoundnessArc(width: 375, height: h, top: 400)
      for x in [-1e9, -375, 0, 100, 187.5, 300, 375, 750, 1e9] {
        #expect(arc.drop(atX: x).isFinite, "h \(h) x \(x)")
        #expect(arc.angle(atX: x).isFinite, "h \(h) x \(x)")
      }
      let c = TutorialController()
      c.dataSource = FullSource(pages: 3)
      c.preferredRoundnessHeight = h
      for p in [0.0, 0.37, 1.5] {
        c.setPagePosition(p)
        _ = c.scene()
        c.root.forEachInSubtree {
          #expect($0.transform.isFinite, "h \(h) at \(p): \($0.name ?? "?")")
        }
      }
    }
    // Negligible heights are flat; the smallest that is not keeps its exact drop at the ends.
    #expect(RoundnessArc(width: 375, height: 1e-10).isFlat)
    let tiny = RoundnessArc(width: 375, height: 1e-6)
    #expect(!tiny.isFlat)
    #expect(Swift.abs(tiny.drop(atX: 0) - 1e-6) < 1e-15)
  }
}

@Suite struct OffsetsTests {
  /// A data source that sets offsets on every placed layer.
  final class Offsets: WireframeDataSource, InnerWireframeDataSource, LabelDataSource,
    IconDataSource
  {
    var numberOfPages: Int { 2 }
    var cached: [Int: Node] = [:]
    func wireframe(at page: Int) -> Node? {
      Node(frame: Rect(x: 10, y: -40, width: 200, height: 300), name: "wireframe")
    }
    func innerWireframe(at page: Int) -> Node? {
      Node(frame: Rect(x: 0, y: 5, width: 100, height: 100), name: "inner")
    }
    func label(at page: Int) -> Node? {
      // The same node every time: placing it again must not add the offset twice.
      if let n = cached[page] { return n }
      let n = Node(frame: Rect(x: 0, y: 28, width: 200, height: 0), name: "label \(page)")
      cached[page] = n
      return n
    }
    func icon(at page: Int) -> Node? {
      Node(frame: Rect(x: -30, y: 6, width: 40, height: 40), name: "icon")
    }
  }

  @Test func offsetsFromTheDataSourceAreKept() throws {
    let c = TutorialController()
    let source = Offsets()
    c.dataSource = source
    c.animator = AnimatorSet(icons: [])
    let page = try #require(c.page(0))
    let wireframe = try #require(page.wireframe)
    #expect(wireframe.frame == Rect(x: 87.5 + 10, y: 183.5 - 40, width: 200, height: 300))
    #expect(try #require(page.innerWireframe).frame == Rect(x: 50, y: 105, width: 100, height: 100))
    let strip = c.labelsStripFrame
    #expect(
      try #require(page.label).frame
        == Rect(x: 87.5, y: 28, width: 200, height: strip.height))
    #expect(
      try #require(page.icon).frame == Rect(x: 187.5 - 20 - 30, y: -20 + 6, width: 40, height: 40))
    // A reload (a rotation) places the same label node again, with the same offset.
    c.pageSize = Size(width: 667, height: 375)
    let again = try #require(c.page(0)?.label)
    #expect(again === source.cached[0])
    #expect(again.frame.minY == 28)
    #expect(again.frame.minX == (667.0 - 200) / 2)
  }
}

@Suite struct TransformNamingTests {
  @Test func thenAndPreSayTheirOrder() {
    let r = Transform(rotation: Double.pi / 2)
    // Core Graphics' `translatedBy` translates first: the point moves, then turns.
    let pre = r.preTranslated(x: 10, y: 0).apply(to: Point.zero)
    #expect(Swift.abs(pre.x) < 1e-12 && Swift.abs(pre.y - 10) < 1e-12)
    // `thenTranslated` turns first, then moves.
    let then = r.thenTranslated(x: 10, y: 0).apply(to: Point.zero)
    #expect(then == Point(x: 10, y: 0))
    let p = Point(x: 3, y: 4)
    #expect(
      Transform(scale: 2).preRotated(by: 0.3).apply(to: p)
        .distance(to: Transform(scale: 2).apply(to: Transform(rotation: 0.3).apply(to: p))) < 1e-12)
    #expect(
      Transform(scale: 2).thenRotated(by: 0.3).apply(to: p)
        .distance(to: Transform(rotation: 0.3).apply(to: Transform(scale: 2).apply(to: p))) < 1e-12)
    #expect(
      Transform(rotation: 0.3).preScaled(x: 2, y: 3).apply(to: p)
        == Transform(rotation: 0.3).apply(to: Point(x: 6, y: 12)))
    #expect(
      Transform(translationX: 1, y: 1).thenScaled(x: 2, y: 3).apply(to: p)
        == Point(x: 8, y: 15))
  }
}

@Suite struct EndsTests {
  @Test func navigationButtonsHoldAtTheEnds() throws {
    let c = ButtonTutorial()
    c.setPagePosition(2.5)  // rubber-banding past the last page
    let done = try #require(c.scene().node(named: "Done"))
    #expect(done.alpha == 1)
    c.setPagePosition(-0.4)
    let skip = try #require(c.scene().node(named: "Skip"))
    #expect(skip.alpha == 1)
    // Without holding, the bounce fades them.
    c.staticContentNode?.forEachInSubtree { ($0 as? NavigationButtonNode)?.holdsAtEnds = false }
    c.setPagePosition(2.5)
    #expect(c.scene().node(named: "Done")?.alpha == 0.5)
    // Between pages they still cross-fade.
    c.setPagePosition(1.5)
    #expect(c.scene().node(named: "Done")?.alpha == 0.5)
  }

  @Test func animationsHeldAtTheEndsDoNotFadeOrMove() throws {
    let c = TutorialController()
    c.dataSource = FullSource(pages: 3)
    c.animator = AnimatorSet(
      wireframe: [Fade().heldAtEnds(), Parallax(speed: 0.5).heldAtEnds()], labels: [Fade()])
    c.setPagePosition(-0.3)
    let page = try #require(c.page(0))
    #expect(page.wireframe?.alpha == 1)
    #expect(page.wireframe?.transform == .identity)
    #expect(Swift.abs((page.label?.alpha ?? 0) - 0.7) < 1e-12, "a plain fade still fades")
    c.setPagePosition(2.3)
    #expect(c.page(2)?.wireframe?.alpha == 1)
    c.setPagePosition(0.5)
    #expect(c.page(0)?.wireframe?.alpha == 0.5, "held animations run between pages")
    #expect(c.page(0)?.wireframe?.transform != .identity)
  }
}

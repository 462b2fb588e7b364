import Strata
import Testing

/// Ten points a character, twenty a line, lines broken at the width.
struct FixedMeasurer: TextMeasurer {
  func size(of text: TextContent, width: Double) -> Size {
    let chars = Double(text.string.count)
    let perLine = width.isFinite ? Swift.max(1, (width / 10).rounded(.down)) : chars
    let lines = Swift.max(1, (chars / perLine).rounded(.up))
    return Size(width: Swift.min(chars, perLine) * 10, height: lines * 20)
  }
}

@Suite struct StackNodeTests {
  func boxes(_ widths: [Double]) -> [Node] {
    widths.map { Node(frame: Rect(x: 0, y: 0, width: $0, height: 10)) }
  }

  func starts(_ s: StackNode) -> [Double] { s.arrangedNodes.map(\.frame.minX) }
  func widths(_ s: StackNode) -> [Double] { s.arrangedNodes.map(\.frame.width) }

  @Test func distributionsShareTheLength() {
    let frame = Rect(x: 0, y: 0, width: 100, height: 30)
    let fill = StackNode(
      axis: .horizontal, spacing: 5, frame: frame, arrangedNodes: boxes([20, 30, 10]))
    #expect(starts(fill) == [0, 25, 60] && widths(fill) == [20, 30, 40])
    let equal = StackNode(
      axis: .horizontal, spacing: 5, distribution: .fillEqually, frame: frame,
      arrangedNodes: boxes([20, 30, 10]))
    #expect(widths(equal) == [30, 30, 30] && starts(equal) == [0, 35, 70])
    let spaced = StackNode(
      axis: .horizontal, spacing: 5, distribution: .equalSpacing, frame: frame,
      arrangedNodes: boxes([20, 30, 10]))
    #expect(starts(spaced) == [0, 40, 90] && widths(spaced) == [20, 30, 10])
    let centred = StackNode(
      axis: .horizontal, spacing: 5, distribution: .equalCentering, frame: frame,
      arrangedNodes: boxes([20, 30, 10]))
    // Centres at 10, 52.5, 95: equally apart, the first and last nodes at the ends.
    let centres = centred.arrangedNodes.map(\.frame.midX)
    #expect(centres == [10, 52.5, 95])
  }

  /// A hidden node leaves no gap, as a stack view collapses a hidden arranged view; shown
  /// again, it takes its place back.
  @Test func hiddenNodesCollapse() {
    let frame = Rect(x: 0, y: 0, width: 100, height: 30)
    let nodes = boxes([20, 30, 10])
    nodes[1].isHidden = true
    let equal = StackNode(
      axis: .horizontal, spacing: 5, distribution: .fillEqually, frame: frame,
      arrangedNodes: nodes)
    #expect(nodes[0].frame.width == 47.5 && nodes[2].frame.minX == 52.5)
    let spacedOut = boxes([20, 30, 10])
    spacedOut[1].isHidden = true
    let spaced = StackNode(
      axis: .horizontal, spacing: 5, distribution: .equalSpacing, frame: frame,
      arrangedNodes: spacedOut)
    #expect(spaced.fittingSize(for: .zero, measurer: nil).width == 35, "20 + 5 + 10")
    #expect(spacedOut[2].frame.maxX == 100 && spacedOut[0].frame.minX == 0)
    let column = StackNode(axis: .vertical, spacing: 4, frame: frame, arrangedNodes: boxes([1, 1]))
    column.arrangedNodes[0].isHidden = true
    column.layoutArrangedNodes()
    #expect(column.arrangedNodes[1].frame.minY == 0, "the second moves up into the gap")
    nodes[1].isHidden = false
    equal.layoutArrangedNodes()
    #expect(widths(equal) == [30, 30, 30] && starts(equal) == [0, 35, 70])
  }

  @Test func alignmentPlacesNodesAcross() {
    let frame = Rect(x: 0, y: 0, width: 100, height: 30)
    for (alignment, y, h) in [
      (StackNode.Alignment.fill, 0.0, 30.0), (.leading, 0, 10), (.center, 10, 10),
      (.trailing, 20, 10),
    ] {
      let s = StackNode(
        axis: .horizontal, alignment: alignment, frame: frame, arrangedNodes: boxes([20]))
      #expect(
        s.arrangedNodes[0].frame.minY == y && s.arrangedNodes[0].frame.height == h, "\(alignment)")
    }
  }

  @Test func rightToLeftRowsStartAtTheRight() {
    let s = StackNode(
      axis: .horizontal, spacing: 5, distribution: .equalSpacing, layoutDirection: .rightToLeft,
      frame: Rect(x: 0, y: 0, width: 100, height: 30), arrangedNodes: boxes([20, 30, 10]))
    #expect(starts(s) == [80, 30, 0])
    let column = StackNode(
      axis: .vertical, alignment: .leading, layoutDirection: .rightToLeft,
      frame: Rect(x: 0, y: 0, width: 100, height: 30), arrangedNodes: boxes([20]))
    #expect(column.arrangedNodes[0].frame.maxX == 100, "a column's leading edge is on the right")
  }

  @Test func textAndImagesGiveTheirOwnSizes() {
    let title = TextNode(text: TextContent("Welcome", font: .system(size: 17)))
    let image = ImageNode(image: .vector(VectorImage(size: Size(width: 40, height: 20))))
    let s = StackNode(
      axis: .vertical, spacing: 8, alignment: .center, measurer: FixedMeasurer(),
      frame: Rect(x: 0, y: 0, width: 50, height: 200), arrangedNodes: [image, title])
    #expect(image.frame == Rect(x: 5, y: 0, width: 40, height: 20))
    // Seven characters in 50 points: two lines of five and two.
    #expect(title.frame == Rect(x: 0, y: 28, width: 50, height: 172), "the last fills the column")
    #expect(s.fittingSize(for: Size(width: 50, height: .infinity), measurer: nil).height == 68)
  }
}

@Suite struct PinningTests {
  func parent() -> Node { Node(frame: Rect(x: 0, y: 0, width: 375, height: 667)) }

  // Deprecated so that the sibling pins it checks are not warnings.
  @available(*, deprecated)
  @Test func pinsMoveAndPairsStretch() {
    let p = parent()
    let login = Node(frame: Rect(x: 0, y: 0, width: 10, height: 60))
    p.addChild(login)
    login.pin(.leading, toSuperviewEdgeWithInset: 20)
    login.pin(.trailing, toSuperviewEdgeWithInset: 20)
    login.pin(.bottom, toSuperviewEdgeWithInset: 20, safeArea: Insets(top: 47, bottom: 34))
    #expect(login.frame == Rect(x: 20, y: 553, width: 335, height: 60))
    let signUp = Node(frame: Rect(x: 0, y: 0, width: 335, height: 60))
    p.addChild(signUp)
    signUp.pin(.bottom, to: .top, of: login, offset: -10)
    signUp.pin(.left, to: .left, of: login)
    #expect(signUp.frame == Rect(x: 20, y: 483, width: 335, height: 60))
    signUp.setSize(Size(width: 100, height: 20))
    signUp.pin(.top, toSuperviewEdgeWithInset: 0)
    #expect(signUp.frame == Rect(x: 20, y: 0, width: 100, height: 20), "after setSize pins move")
  }

  // Deprecated so that the sibling pins it checks are not warnings.
  @available(*, deprecated)
  @Test func leadingAndTrailingFollowTheDirection() {
    let p = parent()
    let n = Node(frame: Rect(x: 0, y: 0, width: 100, height: 10))
    p.addChild(n)
    n.pin(.leading, toSuperviewEdgeWithInset: 20, direction: .rightToLeft)
    #expect(n.frame.maxX == 355)
    n.pin(.trailing, toSuperviewEdgeWithInset: 20, direction: .rightToLeft)
    #expect(n.frame == Rect(x: 20, y: 0, width: 335, height: 10))
    let m = Node(frame: Rect(x: 0, y: 0, width: 50, height: 10))
    p.addChild(m)
    m.pin(.trailing, to: .leading, of: n, offset: 0, direction: .rightToLeft)
    #expect(m.frame.minX == 355, "after the leading edge, to the right")
  }

  @Test func edgesToSuperviewAndCentring() {
    let p = parent()
    let n = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    p.addChild(n)
    n.pinEdgesToSuperview(insets: Insets(all: 10), excluding: .bottom)
    #expect(n.frame == Rect(x: 10, y: 10, width: 355, height: 100))
    n.setSize(Size(width: 50, height: 30))
    n.centerInSuperview()
    n.centerInSuperview(vertically: true)
    #expect(n.frame.midX == 187.5 && n.frame.midY == 333.5)
    let orphan = Node(frame: Rect(x: 1, y: 2, width: 3, height: 4))
    orphan.pin(.top, toSuperviewEdgeWithInset: 100)
    #expect(orphan.frame == Rect(x: 1, y: 2, width: 3, height: 4), "no parent, no change")
  }

  /// Pins are flexbox underneath: pinned before the parent has its size, a node lands where
  /// its pins say once the parent is laid out, and follows it when it changes size.
  @Test func pinsFollowTheParentWhenItIsLaidOut() {
    let card = Node(name: "card")
    let login = Node(frame: Rect(x: 0, y: 0, width: 10, height: 60), name: "login")
    let badge = Node(frame: Rect(x: 0, y: 0, width: 40, height: 20), name: "badge")
    card.addChild(login)
    card.addChild(badge)
    login.pin(.leading, toSuperviewEdgeWithInset: 20)
    login.pin(.trailing, toSuperviewEdgeWithInset: 20)
    login.pin(.bottom, toSuperviewEdgeWithInset: 20, safeArea: Insets(bottom: 34))
    badge.centerInSuperview()
    badge.pin(.top, toSuperviewEdgeWithInset: 8)
    // The card had no size: everything is piled at its origin until it is laid out.
    card.frame = Rect(x: 0, y: 0, width: 375, height: 667)
    card.layoutStyledChildren(measurer: nil)
    #expect(login.frame == Rect(x: 20, y: 553, width: 335, height: 60))
    #expect(badge.frame == Rect(x: 167.5, y: 8, width: 40, height: 20))
    card.frame = Rect(x: 0, y: 0, width: 667, height: 375)
    card.layoutStyledChildren(measurer: nil)
    #expect(login.frame == Rect(x: 20, y: 261, width: 627, height: 60))
    #expect(badge.frame == Rect(x: 313.5, y: 8, width: 40, height: 20))
    // setSize forgets the pins: the node keeps its frame from then on.
    badge.setSize(Size(width: 10, height: 10))
    card.layoutStyledChildren(measurer: nil)
    #expect(badge.frame == Rect(x: 313.5, y: 8, width: 10, height: 10) && badge.flexStyle == nil)
  }

  /// In a controller: static content pinned before the controller gives the card its frame,
  /// and again after a rotation.
  @Test func pinnedStaticContentFollowsThePage() throws {
    final class Pinned: TutorialController, StaticContentDataSource {
      init() {
        super.init(pageSize: Size(width: 375, height: 667))
        preferredRoundnessHeight = 0
        dataSource = self
      }
      var numberOfPages: Int { 2 }
      override var staticContentHeight: Double { 200 }
      func staticContent() -> Node? {
        let card = Node(name: "card")
        let start = ButtonNode(
          title: TextContent("Start"), actionIdentifier: "start",
          frame: Rect(x: 0, y: 0, width: 0, height: 50), name: "start")
        card.addChild(start)
        start.pin(.leading, toSuperviewEdgeWithInset: 20)
        start.pin(.trailing, toSuperviewEdgeWithInset: 20)
        start.pin(.bottom, toSuperviewEdgeWithInset: 20)
        return card
      }
    }
    let c = Pinned()
    func frame() -> Rect? { c.scene().node(named: "start")?.frame }
    #expect(frame() == Rect(x: 20, y: 597, width: 335, height: 50))
    c.pageSize = Size(width: 667, height: 375)
    #expect(frame() == Rect(x: 20, y: 305, width: 627, height: 50))
  }

  @Test func safeAreaInsetsAreCleanAndReload() {
    let c = ButtonTutorial(pageSize: Size(width: 375, height: 667))
    c.safeAreaInsets = Insets(top: .nan, left: -3, bottom: 34, right: .infinity)
    #expect(c.safeAreaInsets == Insets(top: 0, left: 0, bottom: 34, right: 0))
  }
}

@Suite struct IndicatorGeometryTests {
  /// AdvancedPageControl's extended dot: the pill is 2w + space, the dots centred over n + 1
  /// slots, and the total length does not change as the position moves.
  @Test func extendedDotDrawerGeometry() throws {
    let a = PageIndicatorAppearance.extendedDotDrawer(
      height: 8, width: 8, space: 8, radius: 8, indicatorColor: .black)
    let node = PageIndicatorNode(
      pageCount: 3, style: .extendedDot, appearance: a,
      frame: Rect(x: 0, y: 0, width: 100, height: 30))
    for position in [0.0, 0.5, 1.0, 2.0] {
      node.pagePosition = position
      guard case .shapes(let shapes) = node.style.draw(node.layout) else {
        Issue.record("dots are shapes")
        return
      }
      let boxes = shapes.map(\.path.bounds)
      let total = (boxes.last?.maxX ?? 0) - (boxes.first?.minX ?? 0)
      #expect(abs(total - 56) < 1e-9, "(n + 1)·(w + space) − space at \(position)")
      #expect(abs((boxes.first?.minX ?? 0) - 22) < 1e-9, "centred")
      if position == 1 {
        #expect(boxes.map(\.width) == [8, 24, 8])
        #expect(boxes.allSatisfy { $0.height == 8 })
      }
    }
  }

  @Test func separateWidthHeightRadiusAndBorders() throws {
    var a = PageIndicatorAppearance(dotWidth: 12, dotHeight: 4, cornerRadius: 1)
    a.border = Border(width: 1, color: .black)
    let node = PageIndicatorNode(
      pageCount: 2, style: .dots, appearance: a, frame: Rect(x: 0, y: 0, width: 60, height: 20))
    guard case .shapes(let shapes) = node.style.draw(node.layout) else {
      Issue.record("dots are shapes")
      return
    }
    #expect(shapes[0].path.bounds.size == Size(width: 12, height: 4))
    #expect(shapes[0].stroke == .solid(.black) && shapes[0].strokeStyle.width == 1)
    #expect(a.radius(along: 12, across: 4) == 1)
    #expect(PageIndicatorAppearance(cornerRadius: 50).radius(along: 8, across: 8) == 4)
    var round = PageIndicatorAppearance()
    round.dotSize = 10
    #expect(round.dotWidth == 10 && round.dotHeight == 10)
  }
}

/// An indicator draws again only when what it draws from changed, and always shows what a
/// fresh drawing of its style at its layout shows.
@Suite struct PageIndicatorDrawingTests {
  /// What the style draws at the node's layout, worked out afresh.
  static func fresh(_ node: PageIndicatorNode) -> SceneNode.Content {
    switch node.style.draw(node.layout) {
    case .shapes(let shapes):
      return .image(.vector(VectorImage(size: node.bounds.size, shapes: shapes)), .scaleToFill)
    case .text(let text):
      return .text(text, .center)
    }
  }

  @Test func theKeptDrawingFollowsEveryChange() {
    let node = PageIndicatorNode(
      pageCount: 4, style: .worm, frame: Rect(x: 0, y: 0, width: 120, height: 20))
    let changes: [(String, () -> Void)] = [
      ("nothing", {}),
      ("position", { node.pagePosition = 1.4 }),
      ("the same position", { node.pagePosition = 1.4 }),
      ("style", { node.style = .numbers }),
      ("style back", { node.style = .worm }),
      ("size", { node.bounds.size = Size(width: 200, height: 24) }),
      ("appearance", { node.appearance.spacing += 3 }),
      ("pages", { node.pageCount = 6 }),
      ("orientation", { node.orientation = .vertical }),
      ("right to left", { node.isRightToLeft = true }),
    ]
    for (name, change) in changes {
      change()
      #expect(node.content == Self.fresh(node), "\(name)")
      #expect(node.content == node.content)
    }
  }

  /// Every preset that draws shapes draws them in place, and what an indicator redraws from its
  /// kept shapes, through changes of every kind, is what a fresh drawing shows.
  @Test func presetsRedrawnInPlaceDrawWhatAFreshDrawingDoes() {
    for style in PageIndicatorStyle.presets where style != .numbers {
      #expect(style.redraw != nil, "\(style.name)")
      let node = PageIndicatorNode(
        pageCount: 5, style: style, frame: Rect(x: 0, y: 0, width: 140, height: 24))
      let changes: [() -> Void] = [
        { node.pagePosition = 0.3 }, { node.pagePosition = 2.5 }, { node.pagePosition = 4 },
        { node.pageCount = 2 }, { node.pageCount = 7 }, { node.pageCount = 0 },
        { node.pageCount = 3 }, { node.appearance.border = Border(width: 1, color: .black) },
        { node.appearance.dotWidth = 14 }, { node.orientation = .vertical },
        { node.isRightToLeft = true }, { node.pagePosition = -3 }, { node.pagePosition = 1.5 },
      ]
      for (k, change) in changes.enumerated() {
        change()
        #expect(node.content == Self.fresh(node), "\(style.name), change \(k)")
      }
    }
  }

  /// A preset sets every property of the shapes it is handed, whatever an earlier drawing (or
  /// another style) left in them, and makes them as many as it draws.
  @Test func presetsOverwriteEverythingTheyAreHanded() {
    var layout = PageIndicatorNode(
      pageCount: 4, frame: Rect(x: 0, y: 0, width: 100, height: 20)
    ).layout
    layout.pagePosition = 1.25
    var stale = VectorImage.Shape(
      path: .rect(Rect(x: 0, y: 0, width: 300, height: 300)),
      fill: .linearGradient(
        Gradient(colors: [.black, .white]), start: .zero, end: Point(x: 1, y: 1)),
      fillRule: .evenOdd, stroke: .solid(.white), strokeStyle: StrokeStyle(width: 9),
      opacity: 0.5)
    stale.path.line(to: Point(x: 7, y: 7))
    for style in PageIndicatorStyle.presets {
      guard let redraw = style.redraw, case .shapes(let fresh) = style.draw(layout) else {
        continue
      }
      for count in [0, 1, fresh.count, fresh.count + 3] {
        var shapes = Array(repeating: stale, count: count)
        redraw(layout, &shapes)
        #expect(shapes == fresh, "\(style.name) from \(count) stale shapes")
      }
    }
  }
}

import Strata
import Testing

/// A subclass as a user would write it: its own data source and animator, with overrides.
final class CardTutorial: TutorialController, WireframeDataSource, StaticContentDataSource,
  IconDataSource, WireframeAnimator, IconAnimator
{
  var reloads = 0
  var configured: [Int] = []
  let shadowHelper = Node(name: "shadowHelper")

  var numberOfPages: Int { 3 }
  override var staticContentHeight: Double { pageSize.height * 450 / 1136 }
  override var roundnessHeight: Double { 12 }

  func staticContent() -> Node? { Node(name: "card") }
  func wireframe(at page: Int) -> Node? {
    Node(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "wire \(page)")
  }
  func icon(at page: Int) -> Node? {
    Node(frame: Rect(x: 0, y: 0, width: 20, height: 20), name: "icon \(page)")
  }

  override func reloadData() {
    super.reloadData()
    reloads += 1
    shadowHelper.frame = staticContentFrame
    root.insertChild(shadowHelper, above: backgroundsScrollNode)
  }

  override func configurePage(_ page: TutorialPage) {
    configured.append(page.index)
    page.container.zPosition = -Double(page.index)
  }

  func animateWireframe(_ node: Node, page: Int, transition: PageTransition) {
    node.transform = Transform(scale: 1 + abs(transition.position(of: page)))
  }

  func animateIcon(_ node: Node, page: Int, transition: PageTransition) {
    node.alpha = 0.25
  }
}

@Suite struct SubclassTests {
  @Test func overridesAreUsed() throws {
    let c = CardTutorial(pageSize: Size(width: 320, height: 568))
    c.setPagePosition(0.5)
    let scene = c.scene()
    let card = try #require(scene.node(named: "card"))
    let hs = 568.0 * 450 / 1136
    #expect(card.frame.height.isApproximatelyEqual(to: hs + 12, tolerance: 1e-9))
    #expect(c.roundnessArc.height == 12)
    // reloadData's override ran once and its node sits just above the backgrounds.
    #expect(c.reloads == 1)
    let names = scene.root.children.map { $0.name ?? "?" }
    #expect(names == ["backgrounds", "shadowHelper", "card", "labels", "icons", "main"])
    // The subclass is its own animator: wireframes scale, icons do not ride the arc.
    let wire = try #require(scene.node(named: "wire 1"))
    #expect(wire.frame.width.isApproximatelyEqual(to: 150, tolerance: 1e-9))
    #expect(try #require(scene.node(named: "icon 0")).alpha == 0.25)
    // configurePage ran for each built page, and its z-order puts page 0 on top.
    #expect(c.configured.sorted() == [0, 1, 2])
    let pages = try #require(scene.node(named: "backgrounds")).children.map { $0.name ?? "?" }
    #expect(pages == ["page 2", "page 1", "page 0"])
  }

  @Test func reloadingTwiceDoesNotDuplicateNodes() {
    let c = CardTutorial()
    _ = c.scene()
    c.reloadData()
    c.reloadData()
    let scene = c.scene()
    #expect(scene.root.children.filter { $0.name == "shadowHelper" }.count == 1)
    #expect(scene.root.children.filter { $0.name == "card" }.count == 1)
    #expect(c.reloads == 3)
  }

  @Test func anExplicitDataSourceWinsOverTheSubclass() {
    let c = CardTutorial()
    c.dataSource = FullSource(pages: 5)
    _ = c.scene()
    #expect(c.pageCount == 5)
  }
}

@Suite struct NodeTests {
  @Test func frameAndPositionAgreeAboutTheAnchor() {
    let n = Node(frame: Rect(x: 10, y: 20, width: 100, height: 50))
    #expect(n.position == Point(x: 60, y: 45))
    n.anchorPoint = Point(x: 0, y: 0)
    #expect(n.frame == Rect(x: 60, y: 45, width: 100, height: 50))  // the position stays
    n.frame = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(n.position == .zero)
  }

  @Test func transformTurnsAboutTheAnchorPoint() {
    let n = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    n.transform = Transform(rotation: Double.pi)
    let corner = n.localTransform.apply(to: Point(x: 0, y: 0))
    #expect(corner.x.isApproximatelyEqual(to: 100, tolerance: 1e-9))
    #expect(corner.y.isApproximatelyEqual(to: 100, tolerance: 1e-9))
  }

  @Test func childrenAndConversions() throws {
    let root = Node(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let scroll = ScrollNode(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let child = Node(frame: Rect(x: 400, y: 10, width: 20, height: 20), name: "child")
    root.addChild(scroll)
    scroll.addChild(child)
    scroll.contentOffset = Point(x: 300, y: 0)
    let p = try #require(child.convert(.zero, to: nil))
    #expect(p == Point(x: 100, y: 10))
    #expect(root.descendant(named: "child") === child)
    // Cycles are refused.
    child.addChild(root)
    #expect(root.parent == nil)
    child.removeFromParent()
    #expect(scroll.children.isEmpty)
  }

  @Test func zPositionOrdersDrawingAndHiddenNodesAreLeftOut() {
    let root = Node(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let a = Node(name: "a")
    let b = Node(name: "b")
    let c = Node(name: "c")
    root.addChild(a)
    root.addChild(b)
    root.addChild(c)
    a.zPosition = 1
    c.isHidden = true
    let scene = Scene(root: root, size: Size(width: 10, height: 10))
    #expect(scene.root.children.map(\.name) == ["b", "a"])
  }

  @Test func sceneResolvesGeometry() throws {
    let root = Node(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let group = Node(frame: Rect(x: 10, y: 10, width: 50, height: 50), name: "group")
    group.alpha = 0.5
    group.clipsToBounds = true
    let leaf = Node(frame: Rect(x: 0, y: 0, width: 80, height: 80), name: "leaf")
    leaf.alpha = 0.5
    root.addChild(group)
    group.addChild(leaf)
    let scene = Scene(root: root, size: Size(width: 100, height: 100))
    let l = try #require(scene.node(named: "leaf"))
    #expect(l.alpha == 0.5)
    #expect(try #require(scene.node(named: "group")).clipsToBounds)
    #expect(l.frame == Rect(x: 10, y: 10, width: 80, height: 80))
  }

  @Test func buttonsResolveTheirLooksInTheModel() throws {
    let button = ButtonNode(
      title: TextContent("Go", font: .system(size: 14), color: .white), actionIdentifier: "go",
      frame: Rect(x: 0, y: 0, width: 100, height: 40), name: "go")
    button.backgroundColor = Color(red: 0.5, green: 0.25, blue: 1)
    func look() throws -> SceneNode {
      try #require(Scene(root: button, size: Size(width: 100, height: 40)).node(named: "go"))
    }
    #expect(try look().backgroundColor == Color(red: 0.5, green: 0.25, blue: 1))
    guard case .text(let title, .center) = try look().content else {
      Issue.record("a button draws its title as centred text")
      return
    }
    #expect(title.alignment == .center && title.runs.first?.color == .white)
    button.isHighlighted = true
    #expect(try look().backgroundColor == Color(red: 0.4, green: 0.2, blue: 0.8))
    button.highlightedBackgroundColor = .red
    #expect(try look().backgroundColor == .red)
    button.isHighlighted = false
    button.isEnabled = false
    guard case .text(let faded, _) = try look().content else { return }
    #expect(faded.runs.first?.color.alpha == ButtonNode.disabledTitleOpacity)
  }
}

@Suite struct DefaultLookTests {
  @Test func navigationButtonsLookDesignedInBothStyles() {
    for style in InterfaceStyle.allCases {
      let done = NavigationButtonNode(
        role: .done, frame: Rect(x: 0, y: 0, width: 120, height: 44), style: style)
      let skip = NavigationButtonNode(
        role: .skip, frame: Rect(x: 0, y: 0, width: 80, height: 44), style: style)
      #expect(done.backgroundColor != nil && done.cornerRadius == 22, "a pill")
      #expect(skip.backgroundColor == nil, "quiet text")
      let title = done.title.runs[0].color
      #expect(title != done.backgroundColor, "readable on its fill")
      #expect(done.title.runs[0].font.weight == .semibold)
    }
    #expect(
      NavigationButtonNode(role: .next, style: .light).backgroundColor
        != NavigationButtonNode(role: .next, style: .dark).backgroundColor)
    #expect(PageIndicatorAppearance.of(.dark).activeColor == .white)
  }

  @Test func textHasADefaultFont() {
    #expect(TextContent("Hello").runs[0].font == Font.system(size: 17))
  }
}

@Suite struct LifetimeTests {
  /// A controller that is its own data source and animator is freed when its last user lets go
  /// (the fuzzer found the layer tables holding it).
  @Test func aControllerThatIsItsOwnDataSourceIsFreed() {
    final class Own: TutorialController, LabelDataSource, StaticContentDataSource, LabelAnimator {
      var numberOfPages: Int { 3 }
      func label(at page: Int) -> Node? { Node(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
      func staticContent() -> Node? { Node() }
      func animateLabel(_ node: Node, page: Int, transition: PageTransition) { node.alpha = 0.5 }
    }
    weak var weakController: Own?
    weak var weakPlain: TutorialController?
    do {
      let c = Own()
      c.setPagePosition(1.5)
      _ = c.scene()
      weakController = c
      let plain = TutorialController()
      plain.dataSource = FullSource(pages: 3)
      plain.animator = AnimatorSet(labels: [Fade()])
      plain.setPagePosition(0.5)
      weakPlain = plain
    }
    #expect(weakController == nil, "the controller leaked")
    #expect(weakPlain == nil, "the controller leaked")
  }
}

@Suite struct ScriptNameTests {
  @Test func anUnknownNameListsTheNodesAScriptCouldMean() throws {
    let c = ButtonTutorial()
    do {
      _ = try c.play(try GestureScript("tap 'NOPE'"))
      Issue.record("tapping a name no node has is an error")
    } catch {
      let message = error.description
      #expect(message.contains("'START'") && message.contains("'Skip'"), "\(message)")
      #expect(message.contains("'card'"))
      for structure in ["'root'", "'main'", "'page 0'", "'label slot 0'", "'backgrounds'"] {
        #expect(!message.contains(structure), "the controller's own \(structure) is left out")
      }
    }
  }

  @Test func namedColoursAreOpaqueAndDistinct() {
    let named: [Color] = [.orange, .yellow, .purple, .pink, .teal, .brown, .red, .blue]
    #expect(named.allSatisfy { $0.alpha == 1 })
    #expect(Set(named).count == named.count)
    #expect(Color.orange == Color(red8: 255, green8: 149, blue8: 0))
  }
}

import Strata
import StrataRender
import StrataTestSupport
import StrataTesting
import StrataText
import Testing

/// The layout audit: each kind of finding, what it leaves alone, and the device matrix.
@Suite struct LayoutAuditTests {
  /// Two pages whose static content is whatever `build` makes for the page size.
  final class Screen: TutorialController, StaticContentDataSource {
    let build: @Sendable (Size) -> [Node]
    init(size: Size, pages: Int = 2, _ build: @escaping @Sendable (Size) -> [Node]) {
      self.build = build
      self.pages = pages
      super.init(pageSize: size)
      preferredRoundnessHeight = 0
      dataSource = self
    }
    let pages: Int
    var numberOfPages: Int { pages }
    override var staticContentHeight: Double { pageSize.height }
    func staticContent() -> Node? {
      let card = Node(frame: Rect(origin: .zero, size: pageSize), name: "card")
      for n in build(pageSize) { card.addChild(n) }
      return card
    }
  }

  static func text(_ s: String, _ frame: Rect, name: String, lines: Int = 0) -> TextNode {
    var t = TextContent(s, font: Font(family: "DejaVu Sans", size: 17))
    t.maximumLines = lines
    return TextNode(text: t, frame: frame, name: name)
  }

  static func button(_ title: String, _ frame: Rect, name: String) -> ButtonNode {
    ButtonNode(
      title: TextContent(title, font: Font(family: "DejaVu Sans", size: 17)),
      actionIdentifier: name, frame: frame, name: name)
  }

  let audit = LayoutAudit(engine: TextEngine(catalog: dejaVuCatalog))
  let size = Size(width: 375, height: 667)

  func problems(_ nodes: @escaping @Sendable (Size) -> [Node]) -> [LayoutAudit.Finding] {
    audit.findings(in: Screen(size: size, nodes))
  }

  @Test func aCleanScreenHasNoFindings() {
    let found = problems { _ in
      [
        Self.text("Welcome", Rect(x: 20, y: 100, width: 335, height: 40), name: "title"),
        Self.button("Start", Rect(x: 20, y: 580, width: 335, height: 50), name: "start"),
      ]
    }
    #expect(found.isEmpty, "\(found)")
  }

  @Test func cutOffText() throws {
    let found = problems { _ in
      [
        Self.text(
          "A sentence far too long for one short line", Rect(x: 20, y: 100, width: 150, height: 30),
          name: "title", lines: 1)
      ]
    }
    let f = try #require(found.first)
    #expect(found.count == 1 && f.problem == .truncated)
    #expect(f.element == "text 'title' (\"A sentence far too long for o…\")")
    #expect(f.description.hasPrefix("screen 375×667, page 0, left to right, text large: "))
    #expect(f.description.hasSuffix("is cut off"))
  }

  @Test func offScreenAndCutOffByAClippingBox() throws {
    let found = problems { _ in
      let clip = Node(frame: Rect(x: 0, y: 200, width: 100, height: 100), name: "window")
      clip.clipsToBounds = true
      clip.addChild(Self.text("Peekaboo", Rect(x: 40, y: 10, width: 100, height: 30), name: "a"))
      return [
        Self.button("Go", Rect(x: 300, y: 600, width: 120, height: 50), name: "go"), clip,
      ]
    }
    #expect(found.map(\.problem).contains(.offScreen))
    #expect(found.contains { $0.problem == .cutOff(by: "'window'") && $0.element.contains("'a'") })
    #expect(found.count == 2, "\(found)")
  }

  @Test func overlapsBetweenTextAndControls() throws {
    let found = problems { _ in
      [
        Self.text("Title", Rect(x: 20, y: 100, width: 335, height: 40), name: "title"),
        Self.text("Subtitle", Rect(x: 20, y: 110, width: 335, height: 40), name: "subtitle"),
        Self.button("One", Rect(x: 20, y: 500, width: 200, height: 50), name: "one"),
        Self.button("Two", Rect(x: 150, y: 520, width: 200, height: 50), name: "two"),
      ]
    }
    #expect(found.count == 2, "\(found)")
    #expect(
      found.contains {
        $0.element.contains("'title'") && $0.problem == .overlaps("text 'subtitle' (\"Subtitle\")")
      })
    #expect(
      found.contains {
        $0.element.contains("'one'") && $0.problem == .overlaps("button 'two' (\"Two\")")
      })
  }

  /// Text is judged by its lines, not its box: a short title centred in a tall box overlaps
  /// nothing below its last line.
  @Test func textIsMeasuredWhereItIsDrawn() {
    let found = problems { _ in
      let title = Self.text("Hi", Rect(x: 20, y: 100, width: 335, height: 200), name: "title")
      title.verticalAlignment = .top
      return [title, Self.button("Go", Rect(x: 20, y: 250, width: 335, height: 50), name: "go")]
    }
    #expect(found.isEmpty, "\(found)")
  }

  @Test func smallButtonsButNotPageIndicators() throws {
    let found = problems { size in
      [
        Self.button("x", Rect(x: 20, y: 20, width: 30, height: 30), name: "close"),
        PageIndicatorNode(pageCount: 2, frame: Rect(x: 0, y: 600, width: size.width, height: 20)),
      ]
    }
    let f = try #require(found.first)
    #expect(found.count == 1 && f.problem == .smallTarget(Size(width: 30, height: 30)))
    #expect(f.description.hasSuffix("is 30×30 points, smaller than a touch target should be"))
  }

  /// Hidden, transparent and off-screen nodes, and a button's own title, are not checked.
  @Test func whatIsNotShownIsNotChecked() {
    let found = problems { _ in
      let hidden = Self.text("Hidden", Rect(x: 20, y: 100, width: 30, height: 10), name: "h")
      hidden.isHidden = true
      let faint = Self.text("Faint", Rect(x: 20, y: 100, width: 30, height: 10), name: "f")
      faint.alpha = 0.01
      let away = Self.text("Away", Rect(x: 500, y: 100, width: 30, height: 10), name: "w")
      let button = Self.button("", Rect(x: 20, y: 400, width: 200, height: 50), name: "b")
      button.addChild(Self.text("Inside", Rect(x: 10, y: 10, width: 100, height: 30), name: "i"))
      return [hidden, faint, away, button]
    }
    #expect(found.isEmpty, "\(found)")
  }

  /// The matrix: a button 340 points wide fits every screen but the 320-point phone; a
  /// button 300 points down is off the 320-point-high screen only.
  @Test func theMatrixNamesEachState() {
    let found = audit.findings { size in
      Screen(size: size) { _ in
        [
          Self.button("Wide", Rect(x: 0, y: 0, width: 340, height: 50), name: "wide"),
          Self.button("Go", Rect(x: 0, y: 300, width: 100, height: 50), name: "go"),
        ]
      }
    }
    let narrow = found.filter { $0.element.contains("'wide'") }
    // 320×568: two pages, two directions, two text sizes.
    #expect(narrow.count == 8, "\(narrow)")
    #expect(narrow.allSatisfy { $0.state.device.size == Size(width: 320, height: 568) })
    #expect(narrow.contains { $0.state.direction == .rightToLeft && $0.state.page == 1 })
    #expect(narrow.contains { $0.state.contentSize == .accessibility1 })
    let low = found.filter { $0.element.contains("'go'") }
    #expect(Set(low.map(\.state.device.name)) == ["iPhone SE (1st generation) landscape"])
    #expect(LayoutAudit.Device.matrix.count == 12)
    #expect(
      LayoutAudit.Device.matrix.map(\.description).contains("iPhone SE landscape 667×375"))
  }

  @Test func theAssertionThrowsWhatItFound() throws {
    let clean = LayoutAudit(engine: TextEngine(catalog: dejaVuCatalog))
    try assertCleanLayout({ size in Screen(size: size) { _ in [] } }, audit: clean)
    do {
      try assertCleanLayout(
        { size in
          Screen(size: size) { _ in
            [Self.button("x", Rect(x: 10, y: 10, width: 20, height: 20), name: "tiny")]
          }
        }, audit: clean)
      Issue.record("no failure thrown")
    } catch let failure as LayoutAuditFailure {
      #expect(failure.findings.count == 96)
      #expect(failure.description.hasPrefix("the layout audit found 96 problems:"))
      #expect(failure.description.hasSuffix("… and 46 more"))
    }
  }
}

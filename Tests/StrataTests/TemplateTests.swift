import Strata
import Testing

/// Options that set everything, and count the configure calls.
final class AllOptions: TemplateOptions {
  var configured: [String] = []
  func measure(_ m: TemplateMeasurement) -> Double? {
    switch m {
    case .bottomPanelHeight: return 200
    case .imageTopDistance: return 10
    case .imageBottomDistance: return .nan  // not a length: the default
    case .bottomActionButtonWidth: return 100
    }
  }
  func color(_ c: TemplateColor) -> Color? { c == .bottomPanel ? .black : nil }
  func configure(_ component: TemplateComponent) {
    switch component {
    case .topActionButton: configured.append("top")
    case .bottomActionButton(_, let item): configured.append("bottom \(item)")
    case .backgroundImage: configured.append("background")
    }
  }
  func paginationCell(for index: Int, isSelected: Bool, color: Color) -> Node? {
    Node(frame: Rect(x: 0, y: 0, width: isSelected ? 8 : 4, height: 4), name: "cell \(index)")
  }
}

final class TemplateRecorder: TemplateDelegate {
  var top: [Int] = []
  var bottom: [Int] = []
  func topActionButtonTapped(on onboarding: TemplateOnboarding, itemIndex: Int) {
    top.append(itemIndex)
  }
  func bottomActionButtonTapped(on onboarding: TemplateOnboarding, itemIndex: Int) {
    bottom.append(itemIndex)
  }
}

@Suite struct TemplateTests {
  static func items() -> [TemplateItem] {
    (0..<3).map { i in
      TemplateItem(
        image: .vector(VectorImage(size: Size(width: 10, height: 20))),
        subtitle: TextContent("Page \(i)"),
        topActionButtonTitle: i < 2 ? TextContent("Skip \(i)") : nil,
        bottomActionButtonTitle: TextContent("Go \(i)"))
    }
  }

  @Test func nilMeansTheDefaultForEveryOption() {
    let plain = TemplateOnboarding(items: Self.items())
    for m in TemplateMeasurement.allCases {
      #expect(plain.measure(m) == TemplateOnboarding.defaultMeasure(m), "\(m)")
    }
    for c in TemplateColor.allCases {
      #expect(plain.color(c) == TemplateOnboarding.defaultColor(c), "\(c)")
    }
    #expect(TemplateOnboarding.defaultMeasure(.bottomPanelHeight) == 300)
    #expect(TemplateOnboarding.defaultMeasure(.imageTopDistance) == 30)
    #expect(
      TemplateOnboarding.defaultColor(.bottomPanel) == Color(red8: 80, green8: 227, blue8: 194))
    #expect(TemplateOnboarding.defaultColor(.backgroundImageOverlay) == Color(white: 0, alpha: 0.3))
    let options = AllOptions()
    let set = TemplateOnboarding(items: Self.items(), options: options)
    #expect(set.measure(.bottomPanelHeight) == 200 && set.measure(.imageTopDistance) == 10)
    #expect(set.measure(.imageBottomDistance) == 30, "NaN is no length: the default")
    #expect(set.measure(.bottomActionButtonWidth) == 100)
    #expect(set.color(.bottomPanel) == .black)
    #expect(set.color(.paginationItem) == .white, "nil: the default")
    #expect(set.layout.panel == Rect(x: 0, y: 467, width: 375, height: 200))
    set.layoutIfNeeded()
    #expect(options.configured.contains("top") && options.configured.contains("background"))
    #expect(options.configured.contains("bottom 0"))
    #expect(set.root.descendant(named: "cell 0")?.bounds.width == 8, "the custom cell, selected")
    #expect(set.root.descendant(named: "cell 1")?.bounds.width == 4)
    // Without a custom cell: a filled dot and rings.
    plain.layoutIfNeeded()
    let dots = plain.root.descendant(named: "pagination")?.children.compactMap { $0 as? ShapeNode }
    #expect(dots?.count == 3)
    #expect(dots?.first?.shape.fill == .solid(.white) && dots?.first?.shape.stroke == nil)
    #expect(dots?.last?.shape.fill == nil && dots?.last?.shape.strokeStyle.width == 1)
  }

  @Test func theTopButtonFollowsTheRestingItemAndHidesWhileMoving() {
    let t = TemplateOnboarding(items: Self.items())
    t.layoutIfNeeded()
    let top = t.root.descendant(named: "top action button") as? ButtonNode
    #expect(top?.title.string == "Skip 0" && top?.isHidden == false)
    t.scroll(toPage: 1, animated: true)
    t.advance(by: 0.1)
    #expect(top?.isHidden == true, "hidden while the pages move")
    let pagination = t.root.descendant(named: "pagination") as? PaginationNode
    #expect(pagination?.selectedIndex == 0, "the pagination waits for the scroll to settle")
    t.advance(by: 1)
    #expect(top?.isHidden == false && top?.title.string == "Skip 1")
    #expect(pagination?.selectedIndex == 1)
    t.scroll(toPage: 2, animated: false)
    #expect(top?.isHidden == true, "the last item has no top action")
  }

  @Test func buttonsReportTheirOwnItemMidScroll() throws {
    let t = TemplateOnboarding(items: Self.items())
    let recorder = TemplateRecorder()
    t.templateDelegate = recorder
    t.layoutIfNeeded()
    let top = try #require(t.root.descendant(named: "top action button") as? ButtonNode)
    t.tap(top)
    #expect(recorder.top == [0])
    // Page 1's bottom button, tapped while the pages are half way to page 2 (the nearest page
    // is already 2): it reports item 1, not the current page.
    t.scroll(toPage: 1, animated: false)
    t.scroll(toPage: 2, animated: true, duration: 1)
    t.advance(by: 0.7)
    #expect(t.currentPage == 2)
    let bottom = try #require(t.root.descendant(named: "bottom action button 1") as? ButtonNode)
    t.tap(bottom)
    #expect(recorder.bottom == [1])
    t.advance(by: 2)
    t.scroll(toPage: 1, animated: false)
    t.tap(top)
    #expect(recorder.top == [0, 1])
  }

  @Test func noItemsIsAnEmptyOnboarding() {
    let t = TemplateOnboarding(items: [])
    #expect(t.pageCount == 0)
    t.setPagePosition(3)
    t.layoutIfNeeded()
    #expect((t.root.descendant(named: "top action button") as? ButtonNode)?.isHidden == true)
    #expect(t.root.descendant(named: "pagination")?.children.isEmpty == true)
    _ = t.scene()
  }
}

import Strata
import Testing

/// Half an em a character, 1.2 ems a line, lines broken at the width: text measures larger as
/// its fonts grow.
struct EmMeasurer: TextMeasurer {
  func size(of text: TextContent, width: Double) -> Size {
    let em = text.runs.map(\.font.size).max() ?? 10
    let chars = Double(text.string.count)
    let perLine = width.isFinite ? Swift.max(1, (width / (em / 2)).rounded(.down)) : chars
    let lines = Swift.max(1, (chars / perLine).rounded(.up))
    return Size(width: Swift.min(chars, perLine) * em / 2, height: lines * em * 1.2)
  }
}

/// Three pages: a title and a body per page in the labels, two buttons side by side and a page
/// indicator in the static content, icons (the second labelled), backgrounds with text.
final class ReadableTutorial: TutorialController, LabelDataSource, StaticContentDataSource,
  IconDataSource, DynamicBackgroundDataSource
{
  var count = 3
  var numberOfPages: Int { count }
  func label(at page: Int) -> Node? {
    let box = Node(frame: Rect(x: 0, y: 0, width: 300, height: 120), name: "label \(page)")
    let title = TextNode(
      text: TextContent("Title \(page)", font: .system(size: 20)),
      frame: Rect(x: 0, y: 0, width: 300, height: 30), name: "title \(page)")
    let body = TextNode(
      text: TextContent("Body of page \(page)", font: .system(size: 14)),
      frame: Rect(x: 0, y: 40, width: 300, height: 40), name: "body \(page)")
    box.addChild(title)
    box.addChild(body)
    return box
  }
  func staticContent() -> Node? {
    let card = Node(name: "card")
    let skip = ButtonNode(
      title: TextContent("Skip", font: .system(size: 15)), actionIdentifier: "skip",
      frame: Rect(x: 20, y: 200, width: 100, height: 44), name: "skip")
    let next = ButtonNode(
      title: TextContent("Next", font: .system(size: 15)), actionIdentifier: "next",
      frame: Rect(x: 255, y: 200, width: 100, height: 44), name: "next")
    let off = ButtonNode(
      title: TextContent("Later", font: .system(size: 15)), actionIdentifier: "later",
      frame: Rect(x: 130, y: 250, width: 100, height: 30), name: "later")
    off.isEnabled = false
    let dots = PageIndicatorNode(
      pageCount: count, frame: Rect(x: 0, y: 170, width: 375, height: 20), name: "dots")
    for n in [skip, next, off, dots] as [Node] { card.addChild(n) }
    return card
  }
  func icon(at page: Int) -> Node? {
    let icon = Node(frame: Rect(x: 0, y: 0, width: 40, height: 40), name: "icon \(page)")
    if page == 1 { icon.accessibilityLabel = "A bird" }
    return icon
  }
  func dynamicBackground(at page: Int) -> Node? {
    let node = Node(name: "background \(page)")
    node.addChild(
      TextNode(
        text: TextContent("Pictured text", font: .system(size: 12)),
        frame: Rect(x: 10, y: 10, width: 200, height: 20), name: "pictured \(page)"))
    return node
  }
}

@Suite struct AccessibilityTreeTests {
  func make(pages: Int = 3) -> ReadableTutorial {
    let t = ReadableTutorial(pageSize: Size(width: 375, height: 667))
    t.count = pages
    t.textMeasurer = EmMeasurer()
    t.reloadData()
    return t
  }

  @Test func thePagesThenTheLabelReadTogetherThenTheControlsInReadingOrder() {
    let t = make()
    let tree = t.accessibilityTree()
    #expect(
      tree.elements.map(\.label) == [
        "Pages", "Title 0\nBody of page 0", "Skip", "Next", "Later",
      ])
    let pages = tree.elements[0]
    #expect(pages.value == "Page 1 of 3" && pages.traits == .adjustable)
    #expect(pages.actions == [.increment, .decrement])
    #expect(tree.elements[1].traits == .staticText)
    #expect(tree.elements[2].traits == .button && tree.elements[2].actions == [.activate("skip")])
    // A disabled button says so and offers no action.
    #expect(tree.elements[4].traits == [.button, .notEnabled] && tree.elements[4].actions.isEmpty)
    // Backgrounds and icons are decorative; the page indicator is the pages element's job.
    #expect(!tree.elements.contains { $0.label.contains("Pictured") || $0.identifier == "dots" })
    #expect(tree.announcement == "Page 1 of 3. Title 0")
  }

  @Test func rightToLeftReadsRowsFromTheRight() {
    let t = make()
    t.layoutDirection = .rightToLeft
    let labels = t.accessibilityTree().elements.map(\.label)
    #expect(Array(labels.suffix(3)) == ["Next", "Skip", "Later"])
  }

  @Test func aDecorativeNodeWithALabelIsRead() {
    let t = make()
    t.setPagePosition(1)
    let tree = t.accessibilityTree()
    #expect(tree.elements.contains { $0.label == "A bird" && $0.identifier == "icon 1" })
    #expect(tree.elements[0].value == "Page 2 of 3")
    // Only the current page's label, even though the neighbours are built.
    #expect(
      tree.elements.filter { $0.label.hasPrefix("Title") }.map(\.label) == [
        "Title 1\nBody of page 1"
      ])
  }

  @Test func midSwipeTheNearestPageIsRead() {
    let t = make()
    t.setPagePosition(0.7)
    let tree = t.accessibilityTree()
    #expect(tree.page == 1)
    #expect(
      tree.elements.filter { $0.label.hasPrefix("Title") }.map(\.label) == [
        "Title 1\nBody of page 1"
      ])
  }

  @Test func oneQuietPageHasNoPagesElement() {
    let t = make(pages: 1)
    #expect(t.accessibilityTree().elements.first?.label == "Title 0\nBody of page 0")
  }

  @Test func incrementAndDecrementNavigateAndThePageIsAnnounced() {
    let t = make()
    var announcements: [String] = []
    t.events.subscribe { record in
      if case .settled(let page) = record.event {
        announcements.append(t.accessibilityAnnouncement(forPage: page))
      }
    }
    #expect(t.perform(.increment))
    settle(t)
    #expect(t.currentPage == 1)
    #expect(t.accessibilityTree().elements[0].value == "Page 2 of 3")
    #expect(t.perform(.decrement))
    settle(t)
    #expect(t.currentPage == 0)
    #expect(announcements == ["Page 2 of 3. Title 1", "Page 1 of 3. Title 0"])
    // Decrementing on the first page does nothing.
    #expect(!t.perform(.decrement))
    // Asked to, the controller sends them itself, after each settling.
    t.accessibility.announcesPageChanges = true
    var sent: [String] = []
    t.events.subscribe { if case .announcement(let text) = $0.event { sent.append(text) } }
    #expect(t.perform(.increment))
    settle(t)
    #expect(sent == ["Page 2 of 3. Title 1"])
  }

  @Test func activatingTapsTheButtonAndADisabledOneIsNotTapped() {
    let t = make()
    var taps: [String] = []
    t.events.subscribe { if case .tap(let action, _, _) = $0.event { taps.append(action) } }
    #expect(t.perform(.activate("next")))
    #expect(!t.perform(.activate("later")))
    #expect(!t.perform(.activate("nothing")))
    #expect(taps == ["next"])
  }

  @Test func theWordsCanBeTranslated() {
    let t = make()
    t.accessibility.pagesLabel = "Páginas"
    t.accessibility.pageFormat = { "Página \($0 + 1) de \($1)" }
    let tree = t.accessibilityTree()
    #expect(tree.elements[0].label == "Páginas" && tree.elements[0].value == "Página 1 de 3")
    #expect(tree.announcement == "Página 1 de 3. Title 0")
  }

  @Test func theTreeIsWrittenAsJSON() {
    let tree = AccessibilityTree(
      elements: [
        AccessibilityElement(
          label: "Say \"hi\"\n", value: "1", traits: [.button, .selected],
          frame: Rect(x: 1.234, y: 2, width: 3, height: 4), identifier: "b",
          actions: [.activate("go")])
      ], announcement: "Page 1 of 1", page: 0)
    #expect(
      tree.json
        == "{\"page\":0,\"announcement\":\"Page 1 of 1\",\"elements\":[\n"
        + "  {\"label\":\"Say \\\"hi\\\"\\n\",\"value\":\"1\",\"traits\":[\"button\",\"selected\"],"
        + "\"frame\":[1.23,2,3,4],\"identifier\":\"b\",\"actions\":[\"activate:go\"]}\n]}\n")
  }
}

@Suite struct ContentSizeTests {
  @Test func sizesRunFromExtraSmallToTheLargestAccessibilitySize() {
    #expect(ContentSize.allCases.count == 12)
    #expect(ContentSize.large.scale == 1)
    #expect(ContentSize.xSmall.scale == 14.0 / 17 && ContentSize.accessibility5.scale == 53.0 / 17)
    #expect(
      zip(ContentSize.allCases, ContentSize.allCases.dropFirst()).allSatisfy {
        $0 < $1 && $0.scale < $1.scale
      })
    #expect(
      !ContentSize.xxxLarge.isAccessibilitySize && ContentSize.accessibility1.isAccessibilitySize)
    #expect(ContentSize(rawValue: "accessibility3") == .accessibility3)
  }

  @Test func textScalesItsFontsAndSpacing() {
    var t = TextContent("a", font: .system(size: 10))
    t.letterSpacing = 1
    t.append("b", font: .system(size: 20), color: .black)
    let s = t.scaled(by: 2)
    #expect(s.runs.map(\.font.size) == [20, 40] && s.letterSpacing == 2)
    #expect(t.scaled(by: .nan) == t && t.scaled(by: -1) == t)
  }

  @Test func labelsAndTheStaticContentGrowDecorativeTextDoesNot() throws {
    let t = AccessibilityTreeTests().make()
    let before = try #require(t.page(0)?.label?.children.first as? TextNode)
    #expect(before.displayedText.runs[0].font.size == 20)
    t.setPagePosition(1.5)
    t.contentSize = .accessibility3
    // The page position survives the reload.
    #expect(t.pagePosition == 1.5)
    let title = try #require(t.page(0)?.label?.children.first as? TextNode)
    #expect(title.displayedText.runs[0].font.size == 20 * ContentSize.accessibility3.scale)
    let skip = try #require(t.staticContentNode?.children.first as? ButtonNode)
    #expect(skip.displayedTitle.runs[0].font.size == 15 * ContentSize.accessibility3.scale)
    let pictured = try #require(t.page(0)?.dynamicBackground?.children.first as? TextNode)
    #expect(pictured.displayedText.runs[0].font.size == 12)
    // The scene carries the scaled text.
    guard case .text(let shown, _)? = t.scene().node(named: "title 1")?.content else {
      Issue.record("no title in the scene")
      return
    }
    #expect(shown.runs[0].font.size == 20 * ContentSize.accessibility3.scale)
  }

  @Test func aBackgroundTextCanAskToGrowAndALabelNotTo() throws {
    final class Asking: TutorialController, LabelDataSource, DynamicBackgroundDataSource {
      var numberOfPages: Int { 1 }
      func label(at page: Int) -> Node? {
        let t = TextNode(text: TextContent("logo", font: .system(size: 10)), name: "logo")
        t.adjustsForContentSize = false
        return t
      }
      func dynamicBackground(at page: Int) -> Node? {
        let t = TextNode(text: TextContent("read", font: .system(size: 10)), name: "read")
        t.adjustsForContentSize = true
        return t
      }
    }
    let t = Asking(pageSize: Size(width: 100, height: 100))
    t.contentSize = .xxxLarge
    #expect((t.page(0)?.label as? TextNode)?.displayedText.runs[0].font.size == 10)
    #expect(
      (t.page(0)?.dynamicBackground as? TextNode)?.displayedText.runs[0].font.size == 10
        * ContentSize.xxxLarge.scale)
  }

  @Test func theDesignsLargestSizeLimitsTheScale() {
    let t = AccessibilityTreeTests().make()
    t.contentSize = .accessibility5
    #expect(t.textScale == 53.0 / 17)
    t.maximumContentSize = .xLarge
    #expect(t.textScale == 19.0 / 17)
    // Smaller sizes are not raised to the maximum.
    t.contentSize = .small
    #expect(t.textScale == 15.0 / 17)
  }

  @Test func aLabelOfHeightZeroIsMeasuredAtTheScaledSize() throws {
    final class Measured: TutorialController, LabelDataSource {
      var numberOfPages: Int { 1 }
      func label(at page: Int) -> Node? {
        TextNode(text: TextContent(String(repeating: "word ", count: 20), font: .system(size: 10)))
      }
    }
    let t = Measured(pageSize: Size(width: 375, height: 667))
    t.textMeasurer = EmMeasurer()
    let small = try #require(t.page(0)?.label).frame.height
    t.contentSize = .accessibility2
    let large = try #require(t.page(0)?.label).frame.height
    #expect(large > small * 2)
  }
}

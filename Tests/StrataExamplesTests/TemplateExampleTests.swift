import Strata
import StrataExamples
import StrataRender
import StrataTesting
import Testing

@Suite struct TemplateExampleTests {
  /// In landscape the image keeps its room beside a side panel (the fixed 300-point bottom
  /// panel left it 75 points of a 375-point screen, less the bars: nothing).
  @Test func theImageSurvivesLandscape() {
    for size in [Size(width: 667, height: 375), Size(width: 568, height: 320)] {
      let l = TemplateExample.make(pageSize: size).layout
      #expect(l.image.height >= 150 && l.image.width >= 150, "\(size): \(l.image)")
      #expect(l.panel.height == size.height && l.panel.minX >= l.image.maxX)
      #expect(l.bottomButton.maxY <= size.height && l.bottomButton.minX >= l.panel.minX)
    }
  }

  @Test(arguments: GoldenCatalog.templatePositions)
  func defaultOptionsMatchTheirGoldens(position: Double) throws {
    let t = TemplateExample.make()
    let image = try FrameRenderer(scale: 1).render(t, pagePosition: position)
    try goldens.check(image, named: "template-\(position)")
  }

  @Test(arguments: GoldenCatalog.templatePositions)
  func everyOptionSetMatchesItsGoldens(position: Double) throws {
    let t = TemplateExample.make(styled: true)
    let image = try FrameRenderer(scale: 1).render(t, pagePosition: position)
    try goldens.check(image, named: "template-styled-\(position)")
  }

  @Test func theItemsUseAttributedRuns() {
    let items = TemplateExample.items(pageSize: Size(width: 375, height: 667))
    let runs = items.flatMap { [$0.subtitle, $0.bottomTitle, $0.topTitle].compactMap { $0 } }
      .flatMap(\.runs)
    #expect(runs.contains { $0.underline })
    #expect(runs.contains { $0.strikethrough })
    #expect(runs.contains { $0.letterSpacing == 2 })
    #expect(runs.contains { $0.paragraphStyle?.alignment == .center })
  }

  /// Right to left, the pagination runs the way the pages do: item 0's cell on the right.
  @Test func thePaginationMirrorsRightToLeft() throws {
    func selectedIsRightmost(_ direction: LayoutDirection, page: Double) throws -> Bool {
      let t = TemplateExample.make()
      t.layoutDirection = direction
      t.setPagePosition(page)
      let row = try #require(t.scene().node(named: "pagination"))
      let filled = row.children.filter {
        if case .shape(let shape) = $0.content { return shape.fill != nil }
        return false
      }
      let selected = try #require(filled.first)
      return row.children.allSatisfy { $0.frame.minX <= selected.frame.minX }
    }
    #expect(try selectedIsRightmost(.rightToLeft, page: 0))
    #expect(try !selectedIsRightmost(.leftToRight, page: 0))
    #expect(try selectedIsRightmost(.leftToRight, page: 2))
    #expect(try !selectedIsRightmost(.rightToLeft, page: 2))
  }

  /// The top button hides while the pages move (a finger resting on it does not count).
  @Test func theTopButtonHidesOnlyWhileThePagesMove() throws {
    let t = TemplateExample.make()
    t.layoutIfNeeded()
    #expect(t.scene().node(named: "top action button") != nil)
    t.handle(TouchEvent(.down, at: Point(x: 300, y: 42), time: 0))
    #expect(t.scene().node(named: "top action button") != nil, "pressed, not moving")
    t.handle(TouchEvent(.cancel, at: Point(x: 300, y: 42), time: 0.05))
    t.handle(TouchEvent(.down, at: Point(x: 300, y: 300), time: 0.1))
    t.handle(TouchEvent(.move, at: Point(x: 200, y: 300), time: 0.2))
    #expect(t.scene().node(named: "top action button") == nil, "dragging")
  }
}

import Strata
import StrataExamples
import StrataRender
import StrataTesting
import Testing

@Suite struct TemplateExampleTests {
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
}
